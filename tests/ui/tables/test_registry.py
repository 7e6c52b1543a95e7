"""Every game with a table opens on its own scene from its own package (no stand-in tables ship)."""

from __future__ import annotations

import pytest

from crimson_table.engine import GAMES
from crimson_table.ui.tables import TABLE_GAMES, has_table, scene_class_for, table_spec
from crimson_table.ui.tables.base import BaseGameScene


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_each_table_game_has_its_own_scene_in_its_own_package(game_id: str) -> None:
    scene = scene_class_for(game_id)
    assert issubclass(scene, BaseGameScene)
    assert scene.__module__ == f"crimson_table.ui.tables.{game_id}.scene" == table_spec(game_id).scene_module
    assert callable(getattr(scene, "smoke_human_move", None))


def test_every_table_is_for_a_registered_game() -> None:
    assert set(TABLE_GAMES) <= set(GAMES)


def test_an_unknown_game_has_no_table() -> None:
    assert not has_table("chess")
    with pytest.raises(LookupError, match="no table"):
        scene_class_for("chess")
