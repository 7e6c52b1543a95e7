"""Condottiere gestures: hit tests on the table and the candidate action each gesture means.

Pure functions of the layout, the shown table and the legal actions: the scene wires them to
pygame events and hands the candidate to the engine (``try_action``), which decides.  A click on
a region is a ``ChooseRegion`` (or ``PlacePope`` after a Bishop), a hand card dropped on the own
line is a ``PlayCard``, a click on an own Mercenary after a Scarecrow is a ``TakeBack``; buttons
cover Pass, Surrender, dismissing the hand, leaving the Favor off the board and the end of keeping.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from crimson_table.engine.condottiere.actions import (
    POPE_OFF,
    ChooseRegion,
    KeepCard,
    PlacePope,
    PlayCard,
    TakeBack,
)
from crimson_table.engine.condottiere.cards import SURRENDER
from crimson_table.engine.core import Action
from crimson_table.ui.tables.condottiere.layout import Layout
from crimson_table.ui.tables.condottiere.shown import CondottiereShown

# Buttons for decisions that are not a card or a region, in the order they are offered.
BUTTON_KINDS = ("pass", "dismiss_hand", "place_pope", "take_back", "keep_done")
BUTTON_LABELS: dict[Action, str] = {PlayCard(SURRENDER): "Surrender", POPE_OFF: "Leave it off the board"}
HOTKEYS = {"pass": pygame.K_p, "dismiss_hand": pygame.K_d}


@dataclass(frozen=True)
class HandHover:
    """Which own hand card is selected and which is hovered (both are drawn lifted)."""

    selected: int | None = None
    hovered: int | None = None


def hand_card_rect(layout: Layout, count: int, index: int, hover: HandHover) -> pygame.Rect:
    """Hand card ``index`` of ``count``, lifted when selected (18 px) or hovered (10 px)."""
    rect = layout.hand_slots(count)[index]
    lift = 18 if index == hover.selected else 10 if index == hover.hovered else 0
    return rect.move(0, -lift)


def hand_index_at(
    layout: Layout, shown: CondottiereShown, pos: tuple[int, int], hover: HandHover
) -> int | None:
    """The own hand card under ``pos`` (the topmost where they overlap)."""
    count = len(shown.hand)
    for i in reversed(range(count)):
        if hand_card_rect(layout, count, i, hover).collidepoint(pos):
            return i
    return None


def line_card_at(layout: Layout, shown: CondottiereShown, pos: tuple[int, int]) -> tuple[int, int] | None:
    """(seat, index) of the battle-line card under ``pos``."""
    for seat in layout.order:
        slots = layout.line_slots(seat, len(shown.lines[seat]))
        for i in reversed(range(len(slots))):
            if slots[i].collidepoint(pos):
                return (seat, i)
    return None


def visible_point(layout: Layout, shown: CondottiereShown, index: int, hover: HandHover) -> tuple[int, int]:
    """A point where hand card ``index`` is on top (overlapping cards hide most of each other)."""
    rect = hand_card_rect(layout, len(shown.hand), index, hover)
    for fx in (0.5, 0.3, 0.15, 0.08):
        point = (int(rect.x + rect.width * fx), int(rect.y + rect.height * 0.6))
        if hand_index_at(layout, shown, point, hover) == index:
            return point
    return rect.center


# -- candidate actions ------------------------------------------------------------------------------------


def region_action(phase: str, key: str) -> Action | None:
    """What a click on region ``key`` proposes in ``phase`` (None: a region means nothing now)."""
    if phase == "region":
        return ChooseRegion(key)  # CO-R11, CO-R39
    if phase == "pope":
        return PlacePope(key)  # CO-R28
    return None


def hand_action(phase: str, card: str) -> Action:
    """Playing (or, at a round end, keeping) a hand card."""
    return KeepCard(card) if phase == "keep" else PlayCard(card)  # CO-R42, CO-R13


def glowing_regions(legal: Sequence[Action]) -> set[str]:
    """The regions a click may choose now (the legal ChooseRegion / PlacePope targets)."""
    return {str(a.region) for a in legal if isinstance(a, (ChooseRegion, PlacePope)) and a.region}


def scarecrow_targets(phase: str, legal: Sequence[Action]) -> set[str]:
    """Own Mercenaries a Scarecrow may take back now (CO-R29, from the legal actions)."""
    if phase != "scarecrow":
        return set()
    return {str(a.card) for a in legal if isinstance(a, TakeBack) and a.card}


def button_kind(action: Action) -> str:
    """The action's kind; a Pope placement on a region and a Scarecrow pick are map or card clicks."""
    if isinstance(action, PlacePope) and action.region is not None:
        return "region_choice"
    if isinstance(action, TakeBack) and action.card is not None:
        return "card_choice"
    return str(action.KIND)


def button_decisions(legal: Sequence[Action]) -> list[Action]:
    """The decisions offered as buttons, in order (CO-R30: the Surrender card as a clear button)."""
    decisions = [a for a in legal if button_kind(a) in BUTTON_KINDS]
    if PlayCard(SURRENDER) in legal:
        decisions.insert(1, PlayCard(SURRENDER))
    return decisions
