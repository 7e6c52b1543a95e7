"""Every campaign test writes its chronicle slots into its own user data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from crimson_table.campaign.chronicle_map import Campaign, load_campaign


@pytest.fixture(autouse=True)
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("CRIMSON_TABLE_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def campaign() -> Campaign:
    return load_campaign()
