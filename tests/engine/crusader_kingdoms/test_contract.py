"""Notation round trips, hidden information, determinization and serialization checks."""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.crusader_kingdoms.notation import notation, position
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng

NOTATIONS = [
    "mode=comp4 turn=1 actor=0",
    "mode=comp4 turn=2 actor=2 own=harim:3g,aleppo:3g bonus=0,1,0,-1 h2=c_turcopoles,c_frankish_knights",
    "mode=comp3 turn=3 actor=1 own=tortosa:2,tripoli:1 h0=m_ghulams h1=c_militia kept0=m_watchtowers",
    "mode=solo turn=1 actor=0 diff=greatest own=tortosa:Bg botbonus=1 h0=c_pilgrims bothand=m_raid,m_leader "
    "army=m_halqa_guard stack=m_ahdath dice=1,2,3",
    "mode=coop turn=2 actor=1 own=homs:1 passed=0",
]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips_text_to_position_to_text(text: str) -> None:
    assert notation(position(text)) == text


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_notation_of_a_new_game_rebuilds_the_same_public_position(players: int) -> None:
    s = RULES.new_game(players, 9)
    again = position(notation(s))
    assert again.owner == s.owner and again.hands == s.hands and again.bot_hand == s.bot_hand


def test_a_position_that_breaks_card_conservation_is_refused() -> None:
    with pytest.raises(StateError, match="conserved"):
        position("mode=comp4 h0=m_naphtha_throwers h1=m_naphtha_throwers")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_views_hold_other_hands_only_as_counts(players: int) -> None:
    s = RULES.new_game(players, 4)
    for seat in range(players):
        view = RULES.player_view(s, seat)
        json.dumps(view)
        for other in range(players):
            partner = players == 2
            assert (view["hands"][other] is not None) == (other == seat or partner)
        assert "draw_c" not in view and "bot_hand" not in view and "rng" not in view


def test_determinize_keeps_the_view_and_resamples_hidden_cards() -> None:
    s = RULES.new_game(4, 8)
    d = RULES.determinize(s, 1, 77)
    assert RULES.player_view(d, 1) == RULES.player_view(s, 1)
    assert d.hands[1] == s.hands[1] and d.hands[0] != s.hands[0]
    assert RULES.determinize(s, 1, 77).hands == d.hands


def test_random_playouts_keep_the_state_valid_after_json_round_trips() -> None:
    for players in (1, 2, 3, 4):
        s = RULES.new_game(players, 21)
        rng = Rng.from_seed(players)
        while not RULES.is_over(s):
            s = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(s))))
            legal = RULES.legal_actions(s)
            s, _ = RULES.apply_action(s, legal[rng.below(len(legal))])
        out = RULES.outcome(s)
        assert out is not None and len(out.scores) == players


def test_from_dict_refuses_a_bad_phase_and_a_duplicated_card() -> None:
    d = RULES.to_dict(RULES.new_game(3, 1))
    with pytest.raises(StateError):
        RULES.from_dict({**d, "phase": "dancing"})
    bad = json.loads(json.dumps(d))
    bad["hands"][0].append(bad["hands"][1][0])
    with pytest.raises(StateError, match="conserved"):
        RULES.from_dict(bad)
    with pytest.raises(StateError):
        RULES.from_dict({**d, "bonus": [0, 0, 3]})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_log_line_starts_with_a_capital_in_random_games(players: int) -> None:
    # "the Bot takes Latakia." opened a log line in lower case: a sentence about the Bot starts
    # with "The Bot" (ops.subject), public and private texts alike, for every seat's eyes.
    for game in range(6):
        s = RULES.new_game(players, 7_100 + game)
        pick = Rng.from_seed(game)
        lines = 0
        while not RULES.is_over(s):
            legal = RULES.legal_actions(s)
            s, events = RULES.apply_action(s, legal[pick.next64() % len(legal)])
            for e in events:
                for seat in (None, *range(players)):
                    text = e.text_for(seat)
                    assert not text or not text[0].islower(), (e.kind, text)
                    lines += bool(text)
        assert lines > 50
