"""Game tables: the shared toolkit (``base``, ``choreography``, ``shown``) and one package per game.

Each game's package ``crimson_table/ui/tables/<game_id>/`` declares, in its light ``__init__``,
``TABLE = TableSpec(...)`` naming its scene class; the package's modules hold its scene, layout,
shown model, choreography (``anim``), paint and gestures.  ``TABLE_GAMES`` lists the packages:
adding a game's table is adding its id there.  Tables never import one another, and nothing in
``screens/`` imports a table (import-linter checks both); the app opens a table through
:func:`scene_class_for`, which imports its scene on first use so the menu stays light.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crimson_table.ui.tables.base import BaseGameScene

TABLE_GAMES = ("two_crowns", "crimson_company", "condottiere")


@dataclass(frozen=True)
class TableSpec:
    """What the app needs to know of a game's table before importing it."""

    game_id: str
    scene: str  # "module:ClassName" of the table scene, imported on first use
    walnut: bool = False  # the table surface: dark walnut instead of green felt (ART.md)

    @property
    def scene_module(self) -> str:
        """The module that defines the scene class."""
        return self.scene.partition(":")[0]


SCENES: dict[str, type[BaseGameScene]] = {}


def has_table(game_id: str) -> bool:
    """True if the app can seat players at ``game_id`` (its table is registered)."""
    return game_id in TABLE_GAMES or game_id in SCENES


def table_spec(game_id: str) -> TableSpec:
    """The ``TABLE`` declared by a game's table package; LookupError if it has none."""
    if game_id not in TABLE_GAMES:
        raise LookupError(f"no table for {game_id!r}: add its package to TABLE_GAMES")
    spec: TableSpec = importlib.import_module(f"crimson_table.ui.tables.{game_id}").TABLE
    return spec


def scene_class_for(game_id: str) -> type[BaseGameScene]:
    """The table scene of a game, imported on first use; an unknown game raises LookupError."""
    if game_id not in SCENES:
        module_name, _, class_name = table_spec(game_id).scene.partition(":")
        SCENES[game_id] = getattr(importlib.import_module(module_name), class_name)
    return SCENES[game_id]


def load_game_scenes() -> dict[str, type[BaseGameScene]]:
    """Import every game's table scene (tests and the smoke run use this)."""
    for game_id in TABLE_GAMES:
        scene_class_for(game_id)
    return SCENES
