"""Layout and words of the setup and settings screens (issue 8)."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.ui.app import App
from crimson_table.ui.screens.settings import SettingsScene
from crimson_table.ui.screens.setup import SetupScene
from crimson_table.ui.widgets import fonts


def test_a_fixed_seat_count_is_said_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    original = fonts.blit_text

    def spy(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(fonts, "blit_text", spy)
    app.push(SetupScene(app, "two_crowns"))
    app.run_frames(1)
    assert not any("fixed for this game" in t for t in drawn)
    assert drawn.count("2 players") == 1 and "Seats" not in drawn


def test_the_window_size_list_offers_the_smallest_window(app: App) -> None:
    scene = app.push(SettingsScene(app))
    assert isinstance(scene, SettingsScene)
    labels = [option[0] for option in scene.window_menu.options_list]
    assert any(label.startswith("1024") and "576" in label for label in labels)
