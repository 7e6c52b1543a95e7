"""Saves recorded before the layers were rearranged still load, byte for byte (issue: one house).

Each file in ``recorded_saves/`` holds a save written by main before the engine/ai/play split and
the full final state it replayed to.  Loading must replay to the same state hash, give the same
state dict and write the same save back: the refactor changed no rule.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crimson_table.engine import GAMES
from crimson_table.play.match import Match

RECORDED = sorted((Path(__file__).parent / "recorded_saves").glob("*.json"))


def test_there_are_recorded_saves_of_every_game_that_was_on_main_before_the_split() -> None:
    games = {json.loads(p.read_text())["save"]["game"] for p in RECORDED}
    assert games == {"two_crowns", "crimson_company", "condottiere"}


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_a_recorded_save_replays_to_the_same_state_and_writes_back_unchanged(path: Path) -> None:
    recorded = json.loads(path.read_text())
    match = Match.from_json(recorded["save"], source=str(path))
    assert GAMES[match.game_id].to_dict(match.state) == recorded["final_state"]
    assert json.dumps(match.to_json(), sort_keys=True) == json.dumps(recorded["save"], sort_keys=True)
