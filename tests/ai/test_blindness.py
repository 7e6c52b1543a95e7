"""Bots are blind to what their seat cannot see (issue 10): a choice depends on the view and the seed.

For random positions of every registered game (new games join through ``GAMES``) two states
with the same view for the seat to act are built from the real one:

* a *determinized* state (``rules.determinize`` with another seed: other hands re-dealt);
* a *reordered* state: in every zone of the state's ``to_dict``, the cards a determinization
  may change are put in reverse order (the seat's view and legal actions staying the same) —
  that finds the hidden zones (decks, other seats' hands, face-down groups) of any game
  without knowing it — and the PRNG is replaced.

``determinize`` must give the same sample for all three (the unseen pool is built in a
canonical order before it is shuffled), and every bot level, Master at its real settings
included, must choose the same action.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from crimson_table.ai.base import make_context
from crimson_table.ai.ismcts import IsmctsBot
from crimson_table.ai.registry import bot_for, levels_for, master_config
from crimson_table.engine import GAMES
from crimson_table.engine.core import GameRules, StateError
from crimson_table.engine.rng import Rng

SETUPS = [
    (game_id, players)
    for game_id in GAMES
    for players in sorted({GAMES.info(game_id).min_players, GAMES.info(game_id).max_players})
]
# Few positions for the costly levels: they run at their real settings.
POSITIONS = {"random": 6, "heuristic": 6}
SEARCH_POSITIONS = 1


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def positions(game_id: str, players: int, count: int, seed: int = 11) -> list[Any]:
    """``count`` states with a real choice to make, spread over a random playout."""
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed * 31 + players)
    out: list[Any] = []
    while not rules.is_over(state) and len(out) < count:
        legal = rules.legal_actions(state)
        if len(legal) > 1 and picker.below(6) == 0:
            out.append(state)
        state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
    return out


def reordered(rules: GameRules[Any], state: Any, seat: int) -> Any:
    """``state`` with the hidden part of every zone reversed and a new PRNG.

    A zone's hidden part is found without knowing the game: the positions of a list of plain
    values that some determinization for ``seat`` changes.  The reversal is kept only if the
    seat's view and legal actions stay the same and the state still loads.
    """
    real = json.loads(_canon(rules.to_dict(state)))
    samples = [json.loads(_canon(rules.to_dict(rules.determinize(state, seat, k)))) for k in range(1, 9)]
    if isinstance(real.get("rng"), int):
        real["rng"] = Rng.from_seed(real["rng"]).next64()
    view, legal = _canon(rules.player_view(state, seat)), rules.legal_actions(state)
    for path in _value_lists(real):
        zone = _at(real, path)
        varying = [
            i
            for i in range(len(zone))
            if any(_at(s, path)[i] != zone[i] for s in samples if _fits(s, path, zone))
        ]
        if len(varying) < 2:
            continue
        before = zone[:]
        for i, j in zip(varying, reversed(varying), strict=True):
            zone[i] = before[j]
        if not _same_for(rules, real, seat, view, legal):
            zone[:] = before
    return rules.from_dict(real)


def _same_for(rules: GameRules[Any], data: Any, seat: int, view: str, legal: list[Any]) -> bool:
    try:
        state = rules.from_dict(data)
    except (StateError, ValueError, TypeError, KeyError):
        return False
    return _canon(rules.player_view(state, seat)) == view and rules.legal_actions(state) == legal


def _value_lists(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every list of two or more plain values (a zone of cards) inside ``node``."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _value_lists(v, (*path, k))]
    if not isinstance(node, list):
        return []
    if len(node) > 1 and all(not isinstance(v, (dict, list)) for v in node):
        return [path]
    return [p for i, v in enumerate(node) for p in _value_lists(v, (*path, i))]


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def _fits(sample: Any, path: tuple[Any, ...], zone: list[Any]) -> bool:
    try:
        found = _at(sample, path)
    except (KeyError, IndexError, TypeError):
        return False
    return isinstance(found, list) and len(found) == len(zone)


def twins(rules: GameRules[Any], state: Any) -> tuple[int, list[Any]]:
    """The seat to act and two states it cannot tell from ``state``."""
    seat = rules.current_player(state)
    assert seat is not None
    return seat, [rules.determinize(state, seat, 987_654_321), reordered(rules, state, seat)]


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_determinize_depends_only_on_the_view_and_the_seed(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    changed = False
    for state in positions(game_id, players, 12):
        seat, others = twins(rules, state)
        view = _canon(rules.player_view(state, seat))
        for other in others:
            assert _canon(rules.player_view(other, seat)) == view
            changed |= _canon(rules.to_dict(other)) != _canon(rules.to_dict(state))
            for seed in (1, 2**40 + 7):
                assert _canon(rules.to_dict(rules.determinize(other, seat, seed))) == _canon(
                    rules.to_dict(rules.determinize(state, seat, seed))
                ), f"{game_id}: a sample changes with what seat {seat} cannot see"
    assert changed, "no position had anything hidden to change"


LEVEL_SETUPS = [(g, p, level) for g, p in SETUPS for level in levels_for(g)]


@pytest.mark.parametrize(("game_id", "players", "level"), LEVEL_SETUPS)
def test_every_bot_level_chooses_the_same_for_states_with_equal_views(
    game_id: str, players: int, level: str
) -> None:
    rules = GAMES[game_id]
    count = POSITIONS.get(level, SEARCH_POSITIONS)
    for index, state in enumerate(positions(game_id, players, count, seed=5 + players)):
        seat, others = twins(rules, state)
        seed = 1_000 + index
        legal = rules.legal_actions(state)
        expected = bot_for(game_id, level).choose(make_context(rules, state, seed))
        for other in others:
            assert rules.legal_actions(other) == legal, "the legal actions depend on hidden information"
            got = bot_for(game_id, level).choose(make_context(rules, other, seed))
            assert got == expected, f"{level} at step of {game_id}: {got} != {expected} for an equal view"


def test_the_issue_reproduction_gives_one_move_whatever_order_the_other_hand_lies_in() -> None:
    """Issue 10: Two Crowns seed 2 after rolling, Destiny and choosing to attack; 400 iterations."""
    rules = GAMES["two_crowns"]
    state = rules.new_game(2, 2, {})
    for kind in ("roll_first", "dice_of_destiny", "choose_attack"):
        state, _ = rules.apply_action(state, rules.action_from_dict({"kind": kind}))
    flipped = state.clone()
    flipped.hands[1].reverse()
    assert _canon(rules.player_view(flipped, 0)) == _canon(rules.player_view(state, 0))
    bot = IsmctsBot(replace(master_config("two_crowns"), iterations=400))
    assert bot.choose(make_context(rules, state, 12345)) == bot.choose(make_context(rules, flipped, 12345))
