"""Every registered game opens on its own table scene (no stand-in tables ship)."""

from __future__ import annotations

import pytest

from crimson_table.engine import GAMES
from crimson_table.ui.scenes import GAME_SCENE_MODULES, scene_class_for
from crimson_table.ui.scenes.base_game import BaseGameScene
from tests.ui.conftest import TABLES_PENDING


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_registered_game_has_its_own_table_scene(game_id: str) -> None:
    if game_id in TABLES_PENDING:
        pytest.skip(f"{game_id}: its table scene is written later, on the shared table toolkit")
    scene = scene_class_for(game_id)
    assert issubclass(scene, BaseGameScene) and scene.__module__ == GAME_SCENE_MODULES[game_id]
    assert callable(getattr(scene, "smoke_human_move", None))


def test_an_unknown_game_has_no_scene() -> None:
    with pytest.raises(LookupError, match="no table scene"):
        scene_class_for("chess")
