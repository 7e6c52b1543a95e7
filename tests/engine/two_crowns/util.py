"""Helpers shared by the Two Crowns tests: build a position, play actions, find cards."""

from __future__ import annotations

from crimson_table.engine.core import Action, Event
from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DeclinePayment,
    PayWith,
)
from crimson_table.engine.two_crowns.cards import SHORT_NAME
from crimson_table.engine.two_crowns.notation import from_notation
from crimson_table.engine.two_crowns.rules import RULES
from crimson_table.engine.two_crowns.state import TwoCrownsState

A, B = 0, 1

__all__ = [
    "A",
    "B",
    "RULES",
    "act",
    "attack",
    "card",
    "decline",
    "defend",
    "first",
    "kinds",
    "pay",
    "pick",
    "position",
    "shorts",
]


def position(text: str, seed: int = 0) -> TwoCrownsState:
    """A position from the notation (see ``notation.py``)."""
    return from_notation(text, seed)


def act(state: TwoCrownsState, *actions: Action) -> tuple[TwoCrownsState, list[Event]]:
    """Apply the actions in order; return the last state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = RULES.apply_action(state, action)
        events.extend(new)
    return state, events


def card(cards: list[int], short: str, nth: int = 0) -> int:
    """The ``nth`` card called ``short`` (``K3``, ``G1``...) in ``cards``."""
    found = [c for c in cards if SHORT_NAME[c] == short]
    return found[nth]


def shorts(cards: list[int]) -> list[str]:
    """Short names of ``cards``, sorted (for order-free comparisons)."""
    return sorted(SHORT_NAME[c] for c in cards)


def pick(cards: list[int], *wanted: str) -> list[int]:
    """Distinct card ids from ``cards`` matching the short names, in order."""
    left = list(cards)
    out = []
    for short in wanted:
        c = card(left, short)
        left.remove(c)
        out.append(c)
    return out


def attack(state: TwoCrownsState, *wanted: str) -> tuple[TwoCrownsState, list[Event]]:
    """The attacker lays the named cards face down and commits."""
    ids = pick(state.hands[state.current], *wanted)
    return act(state, ChooseAttack(), *(AddToAttack(c) for c in ids), CommitAttack())


def defend(state: TwoCrownsState, *wanted: str) -> tuple[TwoCrownsState, list[Event]]:
    """The defender lays the named cards face down and commits (reveal follows)."""
    ids = pick(state.hands[1 - state.current], *wanted)
    return act(state, *(AddToDefence(c) for c in ids), CommitDefence())


def pay(state: TwoCrownsState, *gold: str) -> tuple[TwoCrownsState, list[Event]]:
    """The seat paying now offers the named Gold cards."""
    seat = state.queue[0][0]
    return act(state, *(PayWith(c) for c in pick(state.hands[seat], *gold)))


def decline(state: TwoCrownsState) -> tuple[TwoCrownsState, list[Event]]:
    """The seat paying now declines."""
    return act(state, DeclinePayment())


def kinds(events: list[Event]) -> list[str]:
    """The kinds of ``events`` in order."""
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    """The first event of ``kind``."""
    return next(e for e in events if e.kind == kind)
