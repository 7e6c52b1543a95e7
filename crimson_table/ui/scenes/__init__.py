"""Scenes: menus, forms and overlays, plus the registry of game tables.

``SCENES[game_id]`` is the table scene class of a game (constructor ``(app, match)``).  Each
game's module ``crimson_table/ui/scenes/<game_id>.py`` defines ``SCENE = <ItsSceneClass>`` and is
listed in ``GAME_SCENE_MODULES``; a game whose table is not written yet is played on the generic
table (legal actions as buttons), so every registered game can be started.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crimson_table.ui.scenes.base_game import BaseGameScene

log = logging.getLogger(__name__)

GAME_SCENE_MODULES = {
    "two_crowns": "crimson_table.ui.scenes.two_crowns",
    "crimson_company": "crimson_table.ui.scenes.crimson_company",
    "condottiere": "crimson_table.ui.scenes.condottiere",
    "crusader_kingdoms": "crimson_table.ui.scenes.crusader_kingdoms",
    "crimson_keep": "crimson_table.ui.scenes.crimson_keep",
}

SCENES: dict[str, type[BaseGameScene]] = {}


def load_game_scenes() -> dict[str, type[BaseGameScene]]:
    """Import every game table module that exists and fill ``SCENES``."""
    for game_id, module_name in GAME_SCENE_MODULES.items():
        if game_id in SCENES:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        SCENES[game_id] = module.SCENE
    return SCENES


def scene_class_for(game_id: str) -> type[BaseGameScene]:
    """The table scene of a game (the generic table if it has none yet)."""
    load_game_scenes()
    if game_id in SCENES:
        return SCENES[game_id]
    from crimson_table.ui.scenes.generic import GenericGameScene

    return GenericGameScene
