"""A save may start from a set-up position; a position that breaks a rule is refused with
SaveError naming the file and the rule, and any position that loads can be played (issue 9)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crimson_table.engine import GAMES
from crimson_table.engine.core import StateError
from crimson_table.play.match import Match, Seat
from crimson_table.play.saves import SaveError
from tests.play.test_save_fuzz import _mutate


def _mid_game(game_id: str, moves: int = 25) -> Match:
    info = GAMES[game_id].INFO
    seats = [Seat(f"P{i}", "bot", "random") for i in range(info.min_players)]
    match = Match.new(game_id, seats, seed=3)
    for _ in range(moves):
        if match.is_over():
            break
        match.apply(match.legal_actions()[0])
    return match


def _position_save(game_id: str) -> dict[str, Any]:
    source = _mid_game(game_id)
    match = Match.from_position(game_id, source.seats, 9, source.rules.to_dict(source.state))
    match.apply(match.legal_actions()[-1])
    return match.to_json()


POSITIONS = {game_id: _position_save(game_id) for game_id in GAMES}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_match_from_a_position_saves_and_loads_back(game_id: str, tmp_path: Path) -> None:
    path = tmp_path / "position.ctsave.json"
    path.write_text(json.dumps(POSITIONS[game_id]))
    loaded = Match.load(path)
    assert loaded.to_json() == POSITIONS[game_id] and loaded.step == 1


def _breaks(game_id: str, start: dict[str, Any]) -> None:
    if game_id == "condottiere":
        start.update(phase="battle", region="milano", pope="milano")
        start["control"] = {}
    elif game_id == "two_crowns":
        start["castles"] = [0, 5]
    elif game_id == "crimson_keep":
        start["clans"][0]["hand"].append(start["clans"][0]["deck"][0])  # one card in two zones
    elif game_id == "crusader_kingdoms":
        start["owner"][0] = -1  # an independent region in the solitaire game
        start["garrison"][0] = False
    else:
        start["won_by"] = [0, 0, -1]


RULE = {
    "condottiere": "CO-R28",
    "two_crowns": "TC-R17",
    "crimson_company": "CC-R42",
    "crimson_keep": "CK2 s.5",
    "crusader_kingdoms": "CK-R8",
}


@pytest.mark.parametrize("game_id", sorted(RULE))
def test_a_starting_position_that_breaks_a_rule_is_refused_naming_file_and_rule(
    game_id: str, tmp_path: Path
) -> None:
    data = json.loads(json.dumps(POSITIONS[game_id]))
    _breaks(game_id, data["start"])
    path = tmp_path / "cheat.ctsave.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        Match.load(path)
    assert "cheat.ctsave.json" in str(err.value) and RULE[game_id] in err.value.problem


def test_condottiere_winter_and_spring_in_play_is_refused_co_r26(tmp_path: Path) -> None:
    data = json.loads(json.dumps(POSITIONS["condottiere"]))
    start = data["start"]
    start.update(phase="battle", region="milano", pope=None, control={})
    pile = start["draw"]
    for card in ("Wi", "Sp"):
        pile.remove(card)
    start["lines"][0].append("Wi")
    start["lines"][1].append("Sp")
    with pytest.raises(SaveError, match="CO-R26"):
        Match.from_json(data, source="ws.ctsave.json")


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_mutated_position_is_refused_or_plays(game_id: str, seed: int) -> None:
    rules = GAMES[game_id]
    start = _mutate(POSITIONS[game_id]["start"], random.Random(seed))
    try:
        state = rules.from_dict(json.loads(json.dumps(start)))
    except StateError:
        return
    assert rules.to_dict(rules.from_dict(rules.to_dict(state))) == rules.to_dict(state)
    for seat in range(rules.num_players(state)):
        json.dumps(rules.player_view(state, seat))
        rules.determinize(state, seat, seed)
    if rules.is_over(state):
        assert rules.outcome(state) is not None
        return
    legal = rules.legal_actions(state)
    assert legal, "a running game must offer a move"
    for action in {legal[0], legal[-1]}:
        rules.apply_action(state, action)
