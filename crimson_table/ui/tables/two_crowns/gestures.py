"""Two Crowns gestures as candidate actions: which buttons show, where a card may be dropped.

Nothing here decides legality.  Buttons are made only for actions in ``match.legal_actions()``;
a drop zone carries the actions its drop would play (sometimes two in a row: dropping a card on
the attack row at the start of a turn is ChooseAttack then AddToAttack), and whether the zone
glows is the engine's answer, ``match.refusal(first, *then)`` (for a pair, the second decision is
judged after the first).  The functions take what they look at (the match, the layout, the shown
model, the viewer's view), never the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.core import Action, IllegalAction
from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DeclinePayment,
    DiscardForDraw,
    KeepDrawn,
    LargeDraw,
    PayWith,
    PreciseDraw,
    RollForFirst,
    UndoSelection,
    UseDiceOfDestiny,
)
from crimson_table.engine.two_crowns.cards import GOLD_VALUE
from crimson_table.engine.two_crowns.view import TwoCrownsView
from crimson_table.play.match import Match
from crimson_table.ui.tables.two_crowns.layout import MAX_SLOTS, TableLayout
from crimson_table.ui.tables.two_crowns.shown import TwoCrownsShown
from crimson_table.ui.widgets.drop_zone import DropZone

# Button order: the first one showing is the default (Enter presses it).
BUTTONS: tuple[tuple[type[Action], str, str], ...] = (
    (RollForFirst, "Roll for the first turn", "primary"),  # TC-R2
    (ChooseAttack, "Attack", "primary"),  # TC-R6
    (LargeDraw, "Large draw", "primary"),  # TC-R7
    (PreciseDraw, "Precise draw", "primary"),  # TC-R8
    (UseDiceOfDestiny, "Dice of Destiny", "primary"),  # TC-R16
    (CommitAttack, "Commit attack", "primary"),  # TC-R9
    (CommitDefence, "Commit defence", "primary"),  # TC-R9
    (DeclinePayment, "Decline to pay", "secondary"),  # TC-R10
    (UndoSelection, "Take back", "secondary"),
)


@dataclass(frozen=True)
class ButtonSpec:
    """One button: its text, the legal action it plays and its look."""

    label: str
    action: Action
    kind: str


def button_specs(legal: list[Action], own_group_empty: bool) -> list[ButtonSpec]:
    """A button per legal button-like action (one Pay button per Gold value held), default first."""
    specs: list[ButtonSpec] = []
    pays: dict[int, Action] = {}
    for action in legal:
        if isinstance(action, PayWith):
            pays.setdefault(GOLD_VALUE[action.card], action)
    specs += [ButtonSpec(f"Pay {value} gold", pays[value], "primary") for value in sorted(pays)]
    for cls, label, kind in BUTTONS:
        found = next((a for a in legal if isinstance(a, cls)), None)
        if found is None:
            continue
        if cls is CommitDefence and own_group_empty:
            label = "Commit: no defence"
        specs.append(ButtonSpec(label, found, kind))
    if specs:
        specs[0] = ButtonSpec(specs[0].label, specs[0].action, "gold")
    return specs


def zones_for(
    match: Match,
    layout: TableLayout,
    shown: TwoCrownsShown,
    view: TwoCrownsView,
    key: tuple[Any, ...],
) -> list[DropZone]:
    """Where the viewer's card ``key`` (a hand or drawn card) may be dropped now."""
    if key[0] not in ("hand", "drawn"):
        return []
    card, phase, me = int(key[1]), str(view["phase"]), layout.viewer
    zones: list[DropZone] = []
    if key[0] == "drawn":
        zones.append(DropZone(("hand",), layout.hand_zone(), data={"actions": [KeepDrawn(card)]}))  # TC-R8
    elif phase in ("turn", "attack", "defend"):
        zones += _lane_zones(layout, shown, card, phase)
    if key[0] == "hand" and phase in ("turn", "precise_discard"):
        actions: list[Action] = [DiscardForDraw(card)]  # TC-R8
        if phase == "turn":
            actions.insert(0, PreciseDraw())
        zones.append(DropZone(("discard", me), layout.discard(me), data={"actions": actions}))
    if key[0] == "hand" and phase == "pay" and view["paying_seat"] == me:
        zones.append(DropZone(("pay",), layout.pay_slot(me), data={"actions": [PayWith(card)]}))  # TC-R10
    for zone in zones:
        zone.legal = chain_refusal(match, zone.data["actions"]) is None
    return zones


def _lane_zones(layout: TableLayout, shown: TwoCrownsShown, card: int, phase: str) -> list[DropZone]:
    """The empty slots of the viewer's row (the whole row when full, so the engine can say why)."""
    me = layout.viewer
    add: Action = AddToDefence(card) if phase == "defend" else AddToAttack(card)  # TC-R9
    actions: list[Action] = [ChooseAttack(), add] if phase == "turn" else [add]
    used = len(shown.lane_cards(me))
    if used >= MAX_SLOTS:
        return [DropZone(("lane", me), layout.lane(me), data={"actions": actions})]
    return [
        DropZone(("lane", me, i), layout.lane_slot(me, i), data={"actions": actions})
        for i in range(used, MAX_SLOTS)
    ]


def chain_refusal(match: Match, actions: Sequence[Action]) -> IllegalAction | None:
    """The engine's answer for decisions played one after the other from here (None: all allowed)."""
    return match.refusal(actions[0], *actions[1:])
