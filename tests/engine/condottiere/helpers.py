"""Shared helpers for the Condottiere tests: seats P1..P6, short actions, whole battles."""

from __future__ import annotations

from collections.abc import Mapping

from crimson_table.engine.condottiere.actions import (
    ChooseRegion,
    DismissHand,
    KeepCard,
    KeepDone,
    Pass,
    PlacePope,
    PlayCard,
    TakeBack,
)
from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import BATTLE, CondottiereState
from crimson_table.engine.core import Action, Event

P1, P2, P3, P4, P5, P6 = range(6)
PASS = Pass()
DISMISS = DismissHand()
DONE = KeepDone()


def play(card: str) -> PlayCard:
    return PlayCard(card)


def fight_for(region: str) -> ChooseRegion:
    return ChooseRegion(region)


def pope_to(region: str | None) -> PlacePope:
    return PlacePope(region)


def take_back(card: str | None) -> TakeBack:
    return TakeBack(card)


def keep(card: str) -> KeepCard:
    return KeepCard(card)


def run(s: CondottiereState, *actions: Action) -> tuple[CondottiereState, list[Event]]:
    """Apply actions in order; return the final state and every event."""
    events: list[Event] = []
    for action in actions:
        s, new = RULES.apply_action(s, action)
        events.extend(new)
    return s, events


def run_turns(s: CondottiereState, *actions: Action) -> tuple[CondottiereState, list[int | None]]:
    """Apply actions and record who acted for each."""
    order: list[int | None] = []
    for action in actions:
        order.append(RULES.current_player(s))
        s, _ = RULES.apply_action(s, action)
    return s, order


def everyone_passes(s: CondottiereState) -> tuple[CondottiereState, list[Event]]:
    """Every seat still in the battle passes, in turn order."""
    events: list[Event] = []
    while s.phase == BATTLE:
        s, new = RULES.apply_action(s, PASS)
        events.extend(new)
    return s, events


def fight(
    players: int,
    lines: Mapping[int, str],
    *,
    holder: int = P1,
    region: str = "roma",
    control: Mapping[str, int] | None = None,
    pope: str | None = None,
    hands: Mapping[int, str] | None = None,
) -> tuple[CondottiereState, list[Event]]:
    """A battle with these lines, every seat holding a Scarecrow (unless ``hands``), resolved by passes."""
    all_hands = {seat: "Sc" for seat in range(players)}
    all_hands.update(hands or {})
    s = position(players, holder, hands=all_hands, lines=lines, control=control, region=region, pope=pope)
    return everyone_passes(s)


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def region_index(name: str) -> int:
    return italy().index[name]


def owner(s: CondottiereState, name: str) -> int:
    return s.control[region_index(name)]
