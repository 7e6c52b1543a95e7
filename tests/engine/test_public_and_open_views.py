"""The spectator's view and the open view of every registered game (issue 14, replays).

``player_view(state, None)`` is what a spectator at no seat may know: every fact in it is in
each seat's own view, every fact all seats share is in it, and it does not change when the
hidden cards are re-dealt.  ``open_view(state)`` shows every hand face up, and only once the
game is over.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.core import GameNotOver
from tests.engine.playouts import GAME_CASES, player_counts, random_positions

STEPS = 160  # positions per playout checked at every step
# Keys that say where the viewer sits, not what it knows (Crimson Company: lanes in seat 0's order).
PERSPECTIVE = {"seat", "lane_order"}


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    """Every leaf of a JSON value by its path; a list's length and a dict's keys are facts too."""
    if isinstance(data, dict):
        out: dict[tuple[Any, ...], Any] = {path + ("#keys",): sorted(map(str, data))}
        for key, value in data.items():
            out.update(_leaves(value, path + (str(key),)))
        return out
    if isinstance(data, list):
        out = {path + ("#len",): len(data)}
        for i, value in enumerate(data):
            out.update(_leaves(value, path + (i,)))
        return out
    return {path: data}


def _blank(path: tuple[Any, ...], value: Any, seat_view: dict[tuple[Any, ...], Any]) -> bool:
    """A hidden thing as the spectator sees it: None, "?", an empty own zone, or a count where the
    seat sees the zone itself (its length)."""
    if value is None or value == "?":
        return True
    if path[-1] == "#len" and value == 0:
        return True
    return isinstance(value, int) and seat_view.get(path + ("#len",)) == value


def _check_public(rules: Any, state: Any, players: int, where: str) -> None:
    public = _leaves(rules.player_view(state, None))
    seats = [_leaves(rules.player_view(state, seat)) for seat in range(players)]
    for path, value in public.items():
        if path[0] in PERSPECTIVE:
            continue
        for seat, view in enumerate(seats):
            if view.get(path, object()) != value and not _blank(path, value, view):
                raise AssertionError(f"{where}: the spectator sees {path}={value!r}, seat {seat} does not")
    if players < 2 or rules.player_view(state, None).get("mode") == "coop":
        return  # one seat, or partners who show each other their cards: what they share is not public
    for path, value in seats[0].items():
        shared = all(view.get(path, object()) == value for view in seats[1:])
        if shared and path[0] not in PERSPECTIVE and "hands" not in path and "hand" not in path:
            assert public.get(path, object()) == value, f"{where}: {path} is known to all but the spectator"


def _playout(game_id: str, players: int, seed: int) -> list[Any]:
    return random_positions(game_id, players, seed, mover_seed=seed * 31)


@pytest.mark.parametrize(("game_id", "players"), GAME_CASES)
def test_the_spectator_sees_only_what_every_seat_sees(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    for seed in (4, 5):
        states = _playout(game_id, players, seed)
        for step, state in enumerate(states[:STEPS] + states[-3:]):
            _check_public(rules, state, players, f"{game_id} seed {seed} step {step}")


@pytest.mark.parametrize(("game_id", "players"), GAME_CASES)
def test_the_spectator_view_does_not_change_when_hidden_cards_are_redealt(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    for step, state in enumerate(_playout(game_id, players, 6)[:STEPS]):
        public = json.dumps(rules.player_view(state, None), sort_keys=True)
        for seat in range(players):
            sampled = rules.determinize(state, seat, step * 10 + seat)
            again = json.dumps(rules.player_view(sampled, None), sort_keys=True)
            assert again == public, f"step {step}: the spectator's view changes with seat {seat}'s re-deal"


@pytest.mark.parametrize(("game_id", "players"), GAME_CASES)
def test_the_spectator_view_has_no_seat_and_no_hand(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    view = rules.player_view(rules.new_game(players, 3, {}), None)
    json.dumps(view)
    assert view["seat"] is None
    assert not view.get("hand")
    assert all(hand is None for hand in view.get("hands", []))


@pytest.mark.parametrize(("game_id", "players"), GAME_CASES)
def test_the_open_view_is_refused_while_the_game_is_on(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    with pytest.raises(GameNotOver, match="only once the game is over"):
        rules.open_view(rules.new_game(players, 3, {}))


@pytest.mark.parametrize(("game_id", "players"), GAME_CASES)
def test_the_open_view_shows_every_hand_once_the_game_is_over(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    final = _playout(game_id, players, 7)[-1]
    assert rules.is_over(final)
    view = rules.open_view(final)
    json.dumps(view)
    assert view["seat"] is None
    public = rules.player_view(final, None)
    assert view.keys() == public.keys(), "the open view has the same keys as every other view"
    if "hands" in public:
        own = [rules.player_view(final, seat)["hands"][seat] for seat in range(players)]
        assert view["hands"][:players] == own, "each hand as its own seat sees it"
    for path, value in _leaves(view).items():  # open: nothing is a "?" any more
        assert value != "?", f"{path} still hidden in the open view"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_position_of_a_finished_game_may_be_opened_with_its_end(game_id: str) -> None:
    rules = GAMES[game_id]
    players = player_counts(game_id)[-1]
    states = _playout(game_id, players, 8)
    middle = states[len(states) // 2]
    with pytest.raises(GameNotOver):
        rules.open_view(middle, states[len(states) // 2 + 1] if len(states) > 2 else middle)
    opened = rules.open_view(middle, states[-1])
    assert opened["seat"] is None and opened.keys() == rules.player_view(middle, None).keys()
