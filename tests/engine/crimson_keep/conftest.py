"""Helpers: positions from notation, forced dice, applying actions by the rules object."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from crimson_table.engine.core import Action
from crimson_table.engine.crimson_keep.notation import parse
from crimson_table.engine.crimson_keep.rules import RULES, settle
from crimson_table.engine.crimson_keep.state import CKState
from crimson_table.engine.rng import Rng


class Dice:
    """A queue of forced d6 results; when empty, the real PRNG is used."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def set(self, *values: int) -> None:
        self.queue = list(values)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Dice]:
    d = Dice()
    real = Rng.randint

    def fake(self: Rng, low: int, high: int) -> int:
        if d.queue and (low, high) == (1, 6):
            return d.queue.pop(0)
        return real(self, low, high)

    monkeypatch.setattr(Rng, "randint", fake)
    yield d


def pos(text: str) -> CKState:
    """A settled position from notation."""
    s = parse(text)
    settle(s, [])
    return s


def play(s: CKState, *actions: Action) -> CKState:
    """Apply actions one by one through the rules object (legality checked)."""
    for a in actions:
        assert a in RULES.legal_actions(s), f"{a} not legal; legal: {RULES.legal_actions(s)}"
        s, _ = RULES.apply_action(s, a)
    return s
