"""Shared helpers for the Crusader Kingdoms tests: positions from notation, short action runs."""

from __future__ import annotations

from crimson_table.engine.core import Action, Event
from crimson_table.engine.crusader_kingdoms import flow
from crimson_table.engine.crusader_kingdoms.actions import (
    Attack,
    Commit,
    CommitDone,
    GarrisonsDone,
    Pass,
    Respond,
    RespondDone,
    UseGarrison,
)
from crimson_table.engine.crusader_kingdoms.notation import position
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import IDLE, CKState

YELLOW, BLUE, RED, GREEN = 0, 1, 2, 3  # 4P seats (CK-R9)
SALADIN = 0  # 3P
RICHARD, LEOPOLD = 0, 1  # 2P
PASS = Pass()
DONE = CommitDone()
NO_MORE = RespondDone()
NO_GARRISON = GarrisonsDone()


def pos(text: str) -> CKState:
    """A position from its notation."""
    return position(text)


def run(s: CKState, *actions: Action) -> tuple[CKState, list[Event]]:
    """Apply actions in order; return the final state and every event."""
    events: list[Event] = []
    for action in actions:
        s, new = RULES.apply_action(s, action)
        events.extend(new)
    return s, events


def attack(s: CKState, region: str, *cards: str) -> tuple[CKState, list[Event]]:
    """Announce an attack and commit cards (troops and ATT responses), then stop committing."""
    return run(s, Attack(region), *(Commit(c) for c in cards), DONE)


def respond(card: str, side: str) -> Respond:
    return Respond(card, side)


def garrison(region: str) -> UseGarrison:
    return UseGarrison(region)


def advance_from_idle(s: CKState) -> tuple[CKState, list[Event]]:
    """Run the automatic steps of a hand-made IDLE state (e.g. a Bot round against ALL)."""
    s = s.clone()
    s.phase = IDLE
    ev: list[Event] = []
    flow.settle(s, ev)
    return s, ev


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)
