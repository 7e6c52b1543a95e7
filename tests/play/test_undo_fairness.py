"""Undo never peeks (issue 8): property test over every registered game.

Random games with every seat human (and with computer seats mixed in).  Wherever ``Match``
allows undo, the undoing seat must not have seen anything since that point that was hidden
from it before.  Oracle: the seat's knowledge before the step is its view; re-deal everything
it could not see (``determinize`` with several seeds), apply the same action, and the seat's
view afterwards and its redacted events must come out the same every time.  If they differ,
the step showed the seat something that depended on hidden information, and undoing it would
let the seat decide again knowing it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.core import Event
from crimson_table.engine.rng import Rng
from crimson_table.play.match import Match, Seat

DETERMINIZATIONS = 3
MAX_STEPS = 600


def _cases() -> list[tuple[str, int, int, str]]:
    cases = []
    for game_id in GAMES:
        info = GAMES.info(game_id)
        for players in sorted({info.min_players, info.max_players}):
            for seed in (1, 2):
                cases.append((game_id, players, seed, "humans"))
            cases.append((game_id, players, 3, "mixed"))
    return cases


def _seen(events: list[Event], seat: int) -> str:
    """What ``seat`` read of ``events``, canonically."""
    shown = [e.for_seat(seat) for e in events]
    return json.dumps(
        [(e.kind, dict(e.data), e.text, e.private_text if e.visible_to(seat) else "") for e in shown],
        sort_keys=True,
    )


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _assert_nothing_new_was_hidden(match: Match, where: str) -> None:
    """The last step, as its actor saw it, follows from that actor's view before it."""
    rules, index = match.rules, match.step - 1
    seat, action = match.actor_of(index), match.log[-1]
    before = match.state_at(index)
    events = list(match._steps[-1].events)
    seen_view, seen_events = _canon(rules.player_view(match.state, seat)), _seen(events, seat)
    for k in range(DETERMINIZATIONS):
        guess = rules.determinize(before, seat, 7919 * k + index)
        after, guess_events = rules.apply_action(guess, action)
        assert _canon(rules.player_view(after, seat)) == seen_view, (
            f"{where}: undo of {action.label!r} allowed, but seat {seat}'s view after it "
            "depended on cards hidden from it"
        )
        assert _seen(guess_events, seat) == seen_events, (
            f"{where}: undo of {action.label!r} allowed, but the events seat {seat} read "
            "depended on cards hidden from it"
        )


@pytest.mark.parametrize(("game_id", "players", "seed", "seating"), _cases())
def test_wherever_undo_is_allowed_the_undoing_seat_saw_nothing_new(
    game_id: str, players: int, seed: int, seating: str
) -> None:
    kinds = ["human" if seating == "humans" or i % 2 == 0 else "bot" for i in range(players)]
    seats = [Seat(f"P{i}", kind, "random") for i, kind in enumerate(kinds)]
    match = Match.new(game_id, seats, seed)
    picker = Rng.from_seed(seed * 31 + players)
    allowed = 0
    for _ in range(MAX_STEPS):
        if match.is_over():
            break
        legal = match.legal_actions()
        match.apply(legal[picker.below(len(legal))])
        if match.can_undo():
            allowed += 1
            _assert_nothing_new_was_hidden(match, f"{game_id} {players}p seed {seed} step {match.step}")
            assert match.seats[match.actor_of(match.step - 1)].is_human
    assert allowed > 0, "undo was never allowed: the property was not exercised"
