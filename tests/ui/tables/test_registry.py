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


def test_the_tables_are_found_from_the_one_list_of_games_in_its_order() -> None:
    from crimson_table.engine.registry import BUILTIN_GAMES

    assert TABLE_GAMES == BUILTIN_GAMES  # every built-in game ships its table package


def test_only_a_table_that_asks_for_walnut_gets_it() -> None:
    from crimson_table.ui.tables import walnut_for

    assert [g for g in TABLE_GAMES if walnut_for(g)] == [g for g in TABLE_GAMES if table_spec(g).walnut]
    assert any(walnut_for(g) for g in TABLE_GAMES) and not all(walnut_for(g) for g in TABLE_GAMES)
    assert not walnut_for("chess")


def test_a_games_part_in_another_layer_is_found_by_its_id_or_is_none() -> None:
    from crimson_table.engine.registry import game_part

    assert game_part("crimson_table.ui.tutorials", "two_crowns") is not None
    assert game_part("crimson_table.ui.tutorials", "chess") is None
    assert game_part("crimson_table.ui.tutorials", "not.a.module") is None
