"""Scenes: menus, forms and overlays, plus the registry of game tables.

``SCENES[game_id]`` is the table scene class of a game (constructor ``(app, match)``).  Each
game's module ``crimson_table/ui/scenes/<game_id>.py`` defines ``SCENE = <ItsSceneClass>`` and is
listed in ``GAME_SCENE_MODULES``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crimson_table.ui.scenes.base_game import BaseGameScene


GAME_SCENE_MODULES = {
    "two_crowns": "crimson_table.ui.scenes.two_crowns",
    "crimson_company": "crimson_table.ui.scenes.crimson_company",
    "condottiere": "crimson_table.ui.scenes.condottiere",
}

SCENES: dict[str, type[BaseGameScene]] = {}


def scene_class_for(game_id: str) -> type[BaseGameScene]:
    """The table scene of a game, imported on first use; an unknown game raises LookupError."""
    if game_id not in SCENES:
        module_name = GAME_SCENE_MODULES.get(game_id)
        if module_name is None:
            raise LookupError(f"no table scene for {game_id!r}: add it to GAME_SCENE_MODULES")
        SCENES[game_id] = importlib.import_module(module_name).SCENE
    return SCENES[game_id]


def load_game_scenes() -> dict[str, type[BaseGameScene]]:
    """Import every game's table scene (tests and the smoke run use this)."""
    for game_id in GAME_SCENE_MODULES:
        scene_class_for(game_id)
    return SCENES
