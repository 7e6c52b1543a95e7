"""Where the app keeps what it writes: one folder per user (``$CRIMSON_TABLE_HOME`` overrides it).

A module of its own, with nothing but the standard library, because the very first thing a start
reads from it (the kept menu picture, ``ui/first_frame.py``) must not wait for the saves' code.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "CrimsonTable"


def user_data_dir() -> Path:
    """Root folder of everything the app writes (created on demand)."""
    override = os.environ.get("CRIMSON_TABLE_HOME")
    if override:
        root = Path(override)
    else:
        import platformdirs

        root = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    root.mkdir(parents=True, exist_ok=True)
    return root


def settings_path() -> Path:
    """The settings file."""
    return user_data_dir() / "settings.json"
