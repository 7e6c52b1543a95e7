"""The state an action builds shares the map, bonuses, piles, kept events, truces and queues with the
state before it until it changes one of them (``CKState.fork``, ``state.own``).

No position may ever change because another was built from it or beside it, and ``clone`` still
gives a copy that shares nothing mutable.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from dataclasses import fields

import pytest

from crimson_table.engine.crusader_kingdoms.ops import discard, discard_all, draw_cards
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import BOT, Attack, CKState, own
from tests.engine.playouts import random_positions


def _text(state: CKState) -> str:
    return json.dumps(RULES.to_dict(state), sort_keys=True)


def _positions(players: int, seed: int) -> list[CKState]:
    return random_positions("crusader_kingdoms", players, seed, seed + 500)


@pytest.mark.parametrize(("players", "seed"), [(p, seed) for p in (1, 2, 3, 4) for seed in range(3)])
def test_positions_built_from_one_position_never_change_it_or_each_other(players: int, seed: int) -> None:
    """Every legal action (up to 12) from every position of a game, the Muslim Bot's rounds included:
    each result is as it was made after all the others were made and played one step further, and
    the position they came from is as it was."""
    for state in _positions(players, seed)[:-1]:
        before = _text(state)
        built = [RULES.apply_action(state, action)[0] for action in RULES.legal_actions(state)[:12]]
        as_made = [_text(new) for new in built]
        for new in built:  # and one step further from each, which may change what it shares
            legal = RULES.legal_actions(new)
            if legal:
                RULES.apply_action(new, legal[-1])
        assert [_text(new) for new in built] == as_made
        assert _text(state) == before


def _mutables(value: object) -> list[object]:
    """``value`` and every list inside it."""
    if isinstance(value, list):
        return [value, *(m for item in value for m in _mutables(item))]
    return []


MUTABLE_FIELDS = [f.name for f in fields(CKState) if f.name not in ("board", "listed")]


@pytest.mark.parametrize("players", [1, 4])
def test_a_clone_shares_no_list_with_its_original(players: int) -> None:
    for state in _positions(players, 3)[::5]:  # positions built by actions: they share with those before
        copy = state.clone()
        assert copy == state
        for name in MUTABLE_FIELDS:
            theirs = {id(m) for m in _mutables(getattr(state, name))}
            assert not theirs & {id(m) for m in _mutables(getattr(copy, name))}, name
        if state.attack is not None:
            assert copy.attack is not state.attack


def test_own_copies_a_shared_list_once_and_leaves_the_original_alone() -> None:
    state = RULES.new_game(1, 4)
    new = state.fork()
    assert new.garrison is state.garrison and new.kept is state.kept
    garrison = own(new, "garrison")
    assert garrison is new.garrison is not state.garrison and own(new, "garrison") is garrison
    kept = own(new, "kept")
    assert kept[0] is not state.kept[0]  # each seat's list is its own too


def test_the_legal_list_kept_on_a_state_is_not_part_of_the_position() -> None:
    """The listed actions live on the state (no module-level memo), outside ``to_dict`` and equality."""
    state = RULES.new_game(3, 2)
    copy = state.clone()
    RULES.legal_actions(state)
    assert state.listed is not None and copy.listed is None
    assert state == copy and _text(state) == _text(copy)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_listed_state_changed_in_place_to_another_decision_lists_again(players: int) -> None:
    """A scenario may set another seat to act, or another phase, on a state whose list was kept: both
    ``legal_actions`` and ``apply_action``'s check list that decision, not the kept one."""
    state = RULES.new_game(players, 4)
    first = RULES.legal_actions(state)
    state.actor = 1  # seat 0 acted first (CK-R12 / CK-R38)
    fresh = state.clone()
    assert RULES.legal_actions(state) == RULES.legal_actions(fresh) != first
    refused = [a for a in first if a not in RULES.legal_actions(fresh)]
    assert refused and all(RULES.refusal(state, a) is not None for a in refused)


def test_no_engine_function_keeps_a_cache_that_play_fills() -> None:
    """Rules without residue: a memo lives on the state or not at all.  After games of every mode no
    function of the engine's modules holds a cache play has filled (the region decisions are made
    with the board; the two boards themselves are read from their maps once, ``maxsize=1``)."""
    package = importlib.import_module("crimson_table.engine.crusader_kingdoms")
    modules = [
        importlib.import_module(f"{package.__name__}.{m.name}")
        for m in pkgutil.iter_modules(package.__path__)
    ]
    for players in (1, 2, 3, 4):
        _positions(players, 7)
    filled = [
        f"{module.__name__}.{name}"
        for module in modules
        for name, value in vars(module).items()
        if hasattr(value, "cache_info") and value.cache_info().maxsize != 1 and value.cache_info().currsize
    ]
    assert filled == []


@pytest.mark.parametrize(
    ("attacker", "kind", "event"), [(0, "normal", ""), (BOT, "bot", ""), (1, "siege", "c_siege_towers")]
)
def test_an_opened_attack_is_the_dataclass_attack_with_lists_of_its_own(
    attacker: int, kind: str, event: str
) -> None:
    """``Attack.opened`` (slots set directly, for speed) makes what ``Attack(...)`` makes: every field
    at its default, and no two of its lists, nor two attacks, share one."""
    a, b = Attack.opened(attacker, 3, kind, event), Attack.opened(attacker, 3, kind, event)
    assert a == Attack(attacker=attacker, region=3, kind=kind, event=event)
    assert [f.name for f in fields(Attack)] == list(Attack.__slots__)
    lists = [
        getattr(x, name)
        for x in (a, b)
        for name in ("troops", "helper_troops", "responses", "window", "garrisons")
    ]
    assert len({id(lst) for lst in lists}) == len(lists)


@pytest.mark.parametrize(
    "cards",
    [
        [],
        ["c_knights_templar", "c_militia", "c_knights_templar"],
        ["m_mamluks", "m_leader"],
        ["c_knights_templar", "m_mamluks", "c_militia"],
    ],
)
@pytest.mark.parametrize("shared", [True, False])
def test_discard_all_leaves_the_piles_as_discarding_one_by_one_does(cards: list[str], shared: bool) -> None:
    """``ops.discard_all`` (an attack's troops, the Bot's army: one step per pile) gives both decks'
    discard piles and face-down flags of ``discard`` card by card, whether the piles are still shared
    with the state before (a fresh fork) or already the state's own; the state before is unchanged."""
    base = RULES.new_game(1, 6)
    base.discard_c, base.down_c, base.discard_m, base.down_m = ["c_spies"], [True], ["m_truce"], [False]
    before = _text(base)
    one_by_one, at_once = base.fork(), base.fork()
    if not shared:
        for state in (one_by_one, at_once):
            for name in ("discard_c", "down_c", "discard_m", "down_m"):
                own(state, name)
    for cid in cards:
        discard(one_by_one, cid)
    discard_all(at_once, cards)
    assert _text(at_once) == _text(one_by_one) and _text(base) == before


@pytest.mark.parametrize("count", [0, 1, 5, 12])
def test_a_draw_without_reshuffle_takes_the_top_cards_top_first(count: int) -> None:
    """``draw_cards`` takes the last cards of the draw pile, the last first (as popping them one by
    one does), and leaves the rest in order; the state before is unchanged."""
    base = RULES.new_game(1, 8)
    pile = base.draw_c[:]
    state = base.fork()
    assert draw_cards(state, "C", count) == pile[::-1][:count]
    assert state.draw_c == pile[: len(pile) - count] and base.draw_c == pile
