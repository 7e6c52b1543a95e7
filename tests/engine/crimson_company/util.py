"""Helpers shared by the Crimson Company tests: build a position, apply actions, read the board."""

from __future__ import annotations

from crimson_table.engine.core import Action, Event
from crimson_table.engine.crimson_company.actions import (
    Bid,
    Deploy,
    Match,
    Pass,
    PickCard,
    PickCards,
    PickLane,
    PickPair,
)
from crimson_table.engine.crimson_company.cards import IDS, INDEX
from crimson_table.engine.crimson_company.notation import position
from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.engine.crimson_company.state import CCState

A, B = 0, 1

__all__ = [
    "A",
    "B",
    "Bid",
    "CCState",
    "Deploy",
    "Event",
    "Match",
    "Pass",
    "RULES",
    "act",
    "card",
    "cards",
    "coins",
    "decision",
    "kinds",
    "lane",
    "pair",
    "position",
    "side",
    "is_down",
    "coins_before_next_turn",
    "waiting",
    "offer",
    "events_of",
]


def act(state: CCState, *actions: Action) -> tuple[CCState, list[Event]]:
    """Apply the actions in order; return the last state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = RULES.apply_action(state, action)
        events.extend(new)
    return state, events


def card(card_id: str) -> PickCard:
    """Pick one card."""
    return PickCard(card_id)


def cards(*card_ids: str) -> PickCards:
    """Pick a set of cards."""
    return PickCards(tuple(card_ids))


def lane(index: int) -> PickLane:
    """Pick a lane."""
    return PickLane(index)


def pair(first: str, second: str) -> PickPair:
    """Pick an unordered pair (board order)."""
    return PickPair(first, second)


def side(state: CCState, lane_index: int, seat: int) -> list[str]:
    """Card ids on one side, top to bottom."""
    return [IDS[c] for c in state.sides[lane_index][seat]]


def is_down(state: CCState, card_id: str) -> bool:
    """True if the card is face-down."""
    return state.down[INDEX[card_id]]


def coins(state: CCState) -> tuple[int, int, int]:
    """A/B/supply as in the supplement's scenarios."""
    return state.coins[0], state.coins[1], state.supply


def decision(state: CCState) -> tuple[int, str] | None:
    """(chooser, kind) of the pending decision."""
    return None if state.pending is None else (state.pending.chooser, state.pending.kind)


def kinds(events: list[Event]) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in events]


def waiting(state: CCState, seat: int) -> list[str]:
    """A player's waiting card ids."""
    return [IDS[c] for c in state.waiting[seat]]


def offer(state: CCState) -> list[str]:
    """The offer's card ids in order."""
    return [IDS[c] for c in state.offer]


def events_of(events: list[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def coins_before_next_turn(start: tuple[int, int, int], events: list[Event]) -> tuple[int, int, int]:
    """A/B/supply after replaying the coin events up to the next turn's start."""
    bank = {A: start[0], B: start[1], "supply": start[2], "bid": 0}
    for event in events:
        if event.kind == "turn":
            break
        if event.kind == "coins":
            bank[event.data["from"]] -= event.data["amount"]
            bank[event.data["to"]] += event.data["amount"]
    return bank[A], bank[B], bank["supply"]
