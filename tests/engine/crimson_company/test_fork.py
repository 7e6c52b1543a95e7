"""The state an action builds shares the lanes, face-down flags, discard pile, won lanes, ties and
scores with the state before it until it changes one of them (``CCState.fork``, ``board.Ctx.own_*``).

No position may ever change because another was built from it or beside it, and ``clone`` still
gives a copy that shares nothing mutable.
"""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.engine.crimson_company.state import CCState
from tests.engine.playouts import random_positions


def _text(state: CCState) -> str:
    return json.dumps(RULES.to_dict(state), sort_keys=True)


def _positions(seed: int) -> list[CCState]:
    return random_positions("crimson_company", 2, seed, seed + 500)


@pytest.mark.parametrize("seed", range(12))
def test_positions_built_from_one_position_never_change_it_or_each_other(seed: int) -> None:
    """Every legal action (up to 12) from every position of a game: each result is as it was made
    after all the others were made, and the position they came from is as it was."""
    for state in _positions(seed)[:-1]:
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
    """``value`` and every list or dict inside it."""
    if isinstance(value, list):
        return [value, *(m for item in value for m in _mutables(item))]
    if isinstance(value, dict):
        return [value, *(m for item in value.values() for m in _mutables(item))]
    return []


def test_a_clone_shares_no_list_or_dict_with_its_original() -> None:
    for state in _positions(3)[::7]:  # positions built by actions: they share with those before
        copy = state.clone()
        assert copy == state
        for f in fields(CCState):
            theirs = {id(m) for m in _mutables(getattr(state, f.name))}
            assert not theirs & {id(m) for m in _mutables(getattr(copy, f.name))}, f.name
        if state.bid is not None:
            assert copy.bid is not state.bid
