"""Crimson Keep gestures as candidate actions: drop zones for a dragged card, a clicked card's
choices, and the buttons for everything else.  The engine's legal actions say what glows; a drop
anywhere else is judged by ``match.refusal`` so the toast gives the rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from crimson_table.engine.core import Action
from crimson_table.engine.crimson_keep.actions import (
    BARRACKS,
    CAVERNS,
    Ability,
    Battle,
    Choose,
    Deploy,
    Flip,
    KeepCard,
    Place,
    Replace,
)
from crimson_table.engine.crimson_keep.cards import BUILDING, CARDS
from crimson_table.ui.tables.crimson_keep.layout import TableLayout
from crimson_table.ui.tables.crimson_keep.shown import CrimsonKeepShown
from crimson_table.ui.widgets.drop_zone import DropZone

CARD_CLICKS = (Flip, Ability, Battle, Deploy, Choose)
NOT_BUTTONS = (Place, Replace, KeepCard, Flip, Ability, Battle, Deploy)


def area_rect(layout: TableLayout, seat: int, where: int) -> pygame.Rect:
    """The whole Barracks or Caverns of a clan board (three slots)."""
    kind = "barracks" if where == BARRACKS else "caverns"
    return layout.clan(seat, kind, 1).union(layout.clan(seat, kind, 3))


def drop_zones(
    layout: TableLayout, shown: CrimsonKeepShown, legal: Sequence[Action], seat: int, card: int
) -> list[DropZone]:
    """Where ``seat``'s ``card`` may be dropped: legal spaces glow; other own keep spaces stay plain."""
    zones: list[DropZone] = []
    taken: set[int] = set()
    for a in legal:
        if isinstance(a, Place) and a.card == card:
            rect = layout.cell(a.dest) if a.dest >= 0 else area_rect(layout, seat, a.dest)
            zones.append(DropZone(("place", a.dest), rect, True, data={"actions": [a]}))
            taken.add(a.dest)
        elif isinstance(a, Replace) and a.card == card:
            where = shown.where(seat, a.old)
            if where is None:
                continue
            rect = layout.cell(where) if where >= 0 else area_rect(layout, seat, where)
            zones.append(DropZone(("replace", a.old), rect.inflate(-8, -8), True, data={"actions": [a]}))
            taken.add(where)
    if CARDS[card].set == BUILDING:  # the rest of the keep: plain; a drop there is refused with a reason
        for _letter, column in layout.board.keep_columns[seat].items():
            for level in range(1, layout.board.levels + 1):
                cell = layout.board.cell(column, level)
                if cell not in taken and not shown.board[cell]:
                    zones.append(DropZone(("place", cell), layout.cell(cell), False,
                                          data={"actions": [Place(card, cell)]}))  # fmt: skip
    return zones


def card_choices(legal: Sequence[Action], seat: int, owner: int, card: int) -> list[Action]:
    """What clicking ``owner``'s ``card`` may do for ``seat``: flip, ability, battle, deploy, choose."""
    out: list[Action] = []
    for a in legal:
        if (
            owner == seat
            and isinstance(a, CARD_CLICKS)
            and getattr(a, "card", None) == card
            or owner != seat
            and isinstance(a, Battle)
            and a.target == card
            or owner != seat
            and isinstance(a, Ability)
            and a.target == card
            and a.card != card
        ):
            out.append(a)
    return out


def button_actions(legal: Sequence[Action]) -> list[Action]:
    """The legal actions shown as buttons (everything not played on a card)."""
    return [a for a in legal if not isinstance(a, NOT_BUTTONS)]


def keep_choices(legal: Sequence[Action]) -> list[KeepCard]:
    """The cards of a draw the viewer may keep now."""
    return [a for a in legal if isinstance(a, KeepCard)]


def kind_of(action: Action) -> str:
    """The button style for an action: end-of-turn and passing are secondary."""
    return "secondary" if action.KIND in ("end_turn", "pass_dragon", "done", "draw_bonus") else "primary"


__all__ = ["CAVERNS", "drop_zones", "card_choices", "button_actions", "keep_choices"]
