"""The screens the app opens by name: ``app.open("pause", game=table)`` (as Tuxemon's
``push_state("PauseState")``).

A table opens its pause menu and its results, a screen opens a replay, a replay opens the
statistics: each names what it opens instead of importing it, so screens and tables never import
one another and ``ui/`` has no import cycle (``tests/ui/test_import_cycles.py``).  Each name maps
to ``"module:attribute"``, imported on first use:

* a :class:`~crimson_table.ui.scene.Scene` class is built as ``cls(app, **kwargs)`` and pushed;
* any other callable is an opener, called as ``opener(app, **kwargs)``: it pushes what it needs
  and returns the scene on top (the replay pushes the game's table, then its controls).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from crimson_table.ui.scene import Scene

if TYPE_CHECKING:
    from crimson_table.ui.app import App

SCREENS: dict[str, str] = {
    "pause": "crimson_table.ui.screens.pause:PauseScene",
    "load": "crimson_table.ui.screens.load:LoadScene",
    "game_over": "crimson_table.ui.screens.game_over:GameOverScene",
    "branch": "crimson_table.ui.screens.branch:BranchScene",
    "stats": "crimson_table.ui.screens.stats:StatsScene",
    "replay": "crimson_table.ui.tables.replay:open_replay",
}


def resolve(name: str) -> Any:
    """What ``name`` stands for (a Scene class or an opener), imported on first use; an unknown
    name raises LookupError listing the known ones."""
    target = SCREENS.get(name)
    if target is None:
        raise LookupError(f"no screen named {name!r}; the app knows {', '.join(sorted(SCREENS))}")
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def open_screen(app: App, name: str, **kwargs: Any) -> Scene:
    """Build the screen registered as ``name`` and put it on top; returns the scene on top."""
    target = resolve(name)
    if isinstance(target, type) and issubclass(target, Scene):
        return app.push(target(app, **kwargs))
    scene: Scene = target(app, **kwargs)
    return scene
