"""What a position's map answers (``state.MapFacts``: a seat's attacks and Incursion targets, whether
an event card has a target, the Muslim Bot's target, the regions each owner holds) is worked out
once and kept with the states an action builds, and for an equal map met again later in the game
(``CKState.maps``), for speed only.  A kept answer must always be the one the map gives now, and
never be part of the position.
"""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.crusader_kingdoms.automaton import bot_target
from crimson_table.engine.crusader_kingdoms.events import playable
from crimson_table.engine.crusader_kingdoms.ops import free_regions, regions_of
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import ALL, BOT, INDEP, CKState, map_facts
from crimson_table.engine.rng import Rng
from tests.engine.playouts import random_positions


def _game(players: int, seed: int) -> list[CKState]:
    return random_positions("crusader_kingdoms", players, seed, seed + 77)


@pytest.mark.parametrize(("players", "seed"), [(p, seed) for p in (1, 2, 3, 4) for seed in range(4)])
def test_every_kept_answer_is_the_answer_of_a_copy_that_keeps_none(players: int, seed: int) -> None:
    """After the whole game was played (every later position filling the answers it shares, those of
    the maps the game met again among them), each position lists the legal actions (CK-R14: attacks,
    Incursions, events) and, against the Bot, finds its CK-R48 target in every round and each owner's
    regions (and a seat's free ones, CK-R2) as a fresh copy of it does."""
    game = _game(players, seed)
    assert any(state.owner is not game[0].owner for state in game), "no region changed hands"
    for state in game:
        fresh = state.clone()
        assert fresh.facts is None
        assert RULES.legal_actions(state) == RULES.legal_actions(fresh)
        cards = sorted({c for hand in state.hands for c in hand})
        for seat in range(players):
            assert [playable(state, seat, c) for c in cards] == [playable(fresh, seat, c) for c in cards]
            assert free_regions(state, seat) == free_regions(fresh, seat)
        owners = (*range(players), BOT, INDEP)
        assert [regions_of(state, o) for o in owners] == [regions_of(fresh, o) for o in owners]
        if state.coop:
            for vs in (*range(players), ALL):
                kept, copy = state.fork(), state.clone()
                kept.bot_vs = copy.bot_vs = vs
                assert bot_target(kept) == bot_target(copy), (vs, state.owner)


def test_the_kept_answers_are_not_part_of_the_position() -> None:
    """Not in ``to_dict`` nor in equality; a clone keeps none, a state an action builds shares them."""
    state = RULES.new_game(1, 5)
    RULES.legal_actions(state)
    assert state.facts is not None and state.facts.owner is state.owner
    copy = state.clone()
    assert copy.facts is None and copy == state
    assert json.dumps(RULES.to_dict(copy), sort_keys=True) == json.dumps(RULES.to_dict(state), sort_keys=True)
    assert state.fork().facts is state.facts


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_region_changing_hands_gets_a_new_owner_list(players: int) -> None:
    """An owner list is never changed in place (``state.set_owner``): every position keeps the map it
    was built with while the game goes on, and one whose map differs from its parent's has a list of
    its own, so the answers kept for the parent's list stay true."""
    state, picker = RULES.new_game(players, 11), Rng.from_seed(3)
    seen: list[tuple[CKState, list[int]]] = [(state, state.owner[:])]
    captures = 0
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        before, (state, _) = state, RULES.apply_action(state, legal[picker.below(len(legal))])
        seen.append((state, state.owner[:]))
        if state.owner != before.owner:
            captures += 1
            assert state.owner is not before.owner
    assert captures
    assert all(position.owner == owner for position, owner in seen)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_map_met_again_in_the_game_shares_the_answers_kept_for_it(players: int) -> None:
    """A region lost and taken back (an equal owner list, not the same one) finds the answers kept for
    that map earlier in the game, and from then on its owner list, with the same values; a copy made
    by ``clone`` (a new game's first state, a determinization) keeps none of the game's maps."""
    state = RULES.new_game(players, 1)
    first = map_facts(state)
    later = state.fork()
    later.owner = state.owner[:]  # as set_owner leaves it after the region came back
    assert later.owner is not state.owner and later.owner == state.owner
    assert map_facts(later) is first
    assert later.owner is state.owner
    fresh = state.clone()
    assert fresh.maps == {} and map_facts(fresh) is not first and fresh.owner == state.owner
