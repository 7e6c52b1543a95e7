"""Two Crowns gestures as candidate actions: which buttons show, where a card may be dropped.

Nothing here decides legality.  Buttons are made only for actions in ``match.legal_actions()``;
a drop zone carries the actions its drop would play (sometimes two in a row: dropping a card on
the attack row at the start of a turn is ChooseAttack then AddToAttack), and whether the zone
glows is asked of the engine (for a pair, on the state after the first action).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
from crimson_table.play.match import Match
from crimson_table.ui.tables.two_crowns.layout import MAX_SLOTS
from crimson_table.ui.widgets.drop_zone import DropZone

if TYPE_CHECKING:
    from crimson_table.ui.tables.two_crowns.scene import TwoCrownsScene

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


def zones_for(scene: TwoCrownsScene, key: tuple[Any, ...]) -> list[DropZone]:
    """Where the viewer's card ``key`` (a hand or drawn card) may be dropped now."""
    if key[0] not in ("hand", "drawn"):
        return []
    card, phase, me, layout = int(key[1]), str(scene.view["phase"]), scene.viewer_seat, scene.layout
    zones: list[DropZone] = []
    if key[0] == "drawn":
        zones.append(DropZone(("hand",), layout.hand_zone(), data={"actions": [KeepDrawn(card)]}))  # TC-R8
    elif phase in ("turn", "attack", "defend"):
        zones += _lane_zones(scene, card, phase)
    if key[0] == "hand" and phase in ("turn", "precise_discard"):
        actions: list[Action] = [DiscardForDraw(card)]  # TC-R8
        if phase == "turn":
            actions.insert(0, PreciseDraw())
        zones.append(DropZone(("discard", me), layout.discard(me), data={"actions": actions}))
    if key[0] == "hand" and phase == "pay" and scene.view["paying_seat"] == me:
        zones.append(DropZone(("pay",), layout.pay_slot(me), data={"actions": [PayWith(card)]}))  # TC-R10
    legal = scene.legal_actions()
    for zone in zones:
        zone.legal = chain_is_legal(scene.match, legal, zone.data["actions"])
    return zones


def _lane_zones(scene: TwoCrownsScene, card: int, phase: str) -> list[DropZone]:
    """The empty slots of the viewer's row (the whole row when full, so the engine can say why)."""
    me, layout = scene.viewer_seat, scene.layout
    add: Action = AddToDefence(card) if phase == "defend" else AddToAttack(card)  # TC-R9
    actions: list[Action] = [ChooseAttack(), add] if phase == "turn" else [add]
    used = len(scene.shown.lanes[me])
    if used >= MAX_SLOTS:
        return [DropZone(("lane", me), layout.lane(me), data={"actions": actions})]
    return [
        DropZone(("lane", me, i), layout.lane_slot(me, i), data={"actions": actions})
        for i in range(used, MAX_SLOTS)
    ]


def chain_is_legal(match: Match, legal: list[Action], actions: list[Action]) -> bool:
    """The engine's answer: may ``actions`` be played one after the other from here?"""
    if actions[0] not in legal:
        return False
    if len(actions) == 1:
        return True
    after, _events = match.rules.apply_action(match.state, actions[0])
    return actions[1] in match.rules.legal_actions(after)


def chain_refusal(match: Match, actions: list[Action]) -> IllegalAction | None:
    """Why the engine would refuse the second action of a pair (None if it would not)."""
    if len(actions) < 2:
        return None
    try:
        after, _events = match.rules.apply_action(match.state, actions[0])
        match.rules.apply_action(after, actions[1])
    except IllegalAction as exc:
        return exc
    return None
