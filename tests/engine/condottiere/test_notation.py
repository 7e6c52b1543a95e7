"""The Condottiere notation: text -> position -> text, at every step of whole games."""

from __future__ import annotations

import pytest

from crimson_table.engine.condottiere.notation import NotationError, from_notation, position, to_notation
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import CondottiereState, to_dict
from crimson_table.engine.rng import Rng

CANONICAL = (
    "battle milano holder P2 actor P3 pope roma round 2 battle 4 ties 1 control torino:P1 genova:P3"
    " discard Wi 3 | P1 hand 1 Co Sc line 10 passed | P2 hand Bi line 4 He | P3 hand 6 Sc line - known 6"
)


def _same_position(a: CondottiereState, b: CondottiereState) -> None:
    """Equal but for what the notation leaves out: the draw pile's order and the PRNG."""
    da, db = to_dict(a), to_dict(b)
    assert sorted(da.pop("draw")) == sorted(db.pop("draw"))  # type: ignore[arg-type]
    da.pop("rng"), db.pop("rng")
    assert da == db


def test_canonical_text_round_trips() -> None:
    assert to_notation(from_notation(CANONICAL)) == CANONICAL


def test_text_reads_every_field() -> None:
    s = from_notation(CANONICAL)
    assert (s.players, s.phase, s.holder, s.actor, s.round, s.battle, s.ties) == (3, "battle", 1, 2, 2, 4, 1)
    assert s.hands == [["1", "Co", "Sc"], ["Bi"], ["6", "Sc"]]
    assert s.lines == [["10"], ["4", "He"], []]
    assert s.passed == [True, False, False] and s.known == [[], [], ["6"]]
    assert s.discard == ["Wi", "3"] and len(s.draw) == 110 - 11


def test_short_text_fills_the_defaults_and_sorts_hands() -> None:
    s = from_notation("region - | P1 hand Sc 10 line - | P2 hand - line -")
    assert to_notation(s) == (
        "region - holder P1 actor P1 pope - round 1 battle 0 ties 0 control - discard -"
        " | P1 hand 10 Sc line - | P2 hand - line -"
    )


def test_keyword_positions_have_the_same_notation() -> None:
    s = position(3, holder=1, region="milano", hands={0: "Sc Bi Co"}, lines={1: "4"}, passed=[2])
    assert to_notation(s) == (
        "battle milano holder P2 actor P2 pope - round 1 battle 1 ties 0 control - discard -"
        " | P1 hand Co Bi Sc line - | P2 hand - line 4 | P3 hand - line - passed"
    )


def test_a_keeper_shows_the_cards_set_aside() -> None:
    text = (
        "keep - holder P1 actor P2 pope - round 1 battle 3 ties 0 control - discard -"
        " | P1 hand - line - | P2 hand 3 Sc line - kept 10"
    )
    s = from_notation(text)
    assert s.kept == ["10"] and to_notation(s) == text


def _playout(seed: int, players: int) -> list[CondottiereState]:
    rng = Rng.from_seed(seed)
    s = RULES.new_game(players, seed)
    states = [s]
    while not RULES.is_over(s) and len(states) < 400:
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[rng.below(len(legal))])
        states.append(s)
    return states


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 5), (4, 6)])
def test_every_position_of_a_game_round_trips(seed: int, players: int) -> None:
    for s in _playout(seed, players):
        if RULES.is_over(s):
            continue
        text = to_notation(s)
        back = from_notation(text, seed=seed)
        _same_position(s, back)
        assert to_notation(back) == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("battle milano | P1 hand - line -", "2 to 6 seat sections"),
        ("fight milano | P1 hand - line - | P2 hand - line -", "starts with its phase"),
        ("battle rimini | P1 hand - line - | P2 hand - line -", "'rimini' is not a region"),
        ("battle roma holder P3 | P1 hand - line - | P2 hand - line -", "'P3' is not a seat"),
        ("battle roma | P1 hand Xx line - | P2 hand - line -", "unknown card 'Xx'"),
        ("battle roma | P2 hand - line - | P1 hand - line -", "must start with P1"),
        ("battle roma | P1 hand - hand 3 line - | P2 hand - line -", "'hand' given twice"),
        ("battle roma | P1 hand He He He He line - | P2 hand - line -", "more copies than the deck holds"),
        ("battle - | P1 hand - line - | P2 hand - line -", "battle region must be set"),
        ("region - control roma:P1 | P1 hand - line - known 6 | P2 hand - line -", "known cards"),
    ],
)
def test_malformed_text_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        from_notation(text)


def test_a_finished_game_has_no_notation() -> None:
    s = _playout(5, 2)[-1]
    if RULES.is_over(s):
        with pytest.raises(NotationError):
            to_notation(s)
