"""The menu as it last looked, on the screen before the app's own code has loaded.

A start is mostly imports: the scenes, the widgets, the engine's core types.  The kept picture of
the menu (``ui/first_frame.py``) needs none of them, only the window, so the command line puts it up
first (:func:`show_kept_menu`, with nothing but pygame and the standard library loaded), then
imports the app, which takes the window over as it is (``App(kept=...)``) and draws the live menu
over the picture one frame later.

The settings are read here without their checks (``ui/settings.py`` waits for the app): only a
file whose window size, fullscreen and colour-blind values have the right types is followed; any
doubt, and nothing is opened here (the app opens the window as it always did).  If the app, with
the settings checked, wants another window than the one opened here, it opens that one instead.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pygame

from crimson_table.play.home import settings_path
from crimson_table.ui import first_frame
from crimson_table.ui.window import open_window, window_size_for

MAX_BYTES = 64 * 1024  # as ui/settings.py reads it: anything larger is not ours
DEFAULTS = {"window_width": 1600, "window_height": 900, "fullscreen": False, "colour_blind": True}
KINDS = {"window_width": int, "window_height": int, "fullscreen": bool, "colour_blind": bool}


class Kept:
    """What the splash put up: the window it opened, the look it was for and the kept picture's
    checksum (None: nothing kept fit this window)."""

    __slots__ = ("look", "shown", "window")

    def __init__(self, window: pygame.Surface, look: str, shown: int | None) -> None:
        self.window, self.look, self.shown = window, look, shown


def look_of(colour_blind: bool) -> str:
    """The look a kept picture is for (a start always draws crisp text; patterns may differ)."""
    return f"{colour_blind}/True"


def show_kept_menu() -> Kept | None:
    """Open the window the settings ask for and put the kept menu on it; None (nothing opened)
    when the settings file cannot be followed without its checks."""
    values = _plain_settings()
    if values is None:
        return None
    pygame.display.init()
    pygame.display.set_caption("Crimson Table")
    window = open_window(
        values["fullscreen"], window_size_for((values["window_width"], values["window_height"]))
    )
    look = look_of(values["colour_blind"])
    return Kept(window, look, first_frame.show(window, look))


def _plain_settings() -> dict[str, Any] | None:
    """The window's values from the settings file (the defaults without one), or None if any of
    them is missing its type or the file is not a small readable JSON object."""
    try:
        path = settings_path()  # (creates the app's folder: a home that refuses it is the app's to report)
        if not os.path.lexists(path):
            return dict(DEFAULTS)
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    values = {name: data.get(name, default) for name, default in DEFAULTS.items()}
    if any(type(values[name]) is not kind for name, kind in KINDS.items()):
        return None
    return values
