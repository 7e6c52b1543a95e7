"""Condottiere table: card faces and the geometry.

* Card art: one :class:`CardSpec` per card of table CO-T1, rendered by the art package.
* :class:`Layout`: every rect of the table for the seat looking at it (own line at the bottom),
  and where the tokens rest beside the seats.

Strengths shown on the table are the engine's (``shown.py`` asks ``engine/condottiere/strength.py``).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from crimson_table.engine.condottiere.cards import (
    BISHOP,
    COURTESAN,
    DRUMMER,
    HEROINE,
    MERCENARY,
    SCARECROW,
    SPRING,
    SURRENDER,
    WINTER,
)
from crimson_table.ui.art.cards import CardSpec, card_size, lifted_card, render_back, render_card, shadow_pad

GAME_ID = "condottiere"
MARGIN = 16
MAP_SIZE = 680
HAND_SCALE = 1.0
ZOOM_SCALE = 2.5
PILE_SCALE = 0.62
HEADER_H = 50
FOOTER_H = 62
ROW_GAP = 6
ROW_HEAD_W = 132
STRENGTH_W = 64
MAX_LINE_SCALE = 0.9
RED_BORDER = (0x9E, 0x1B, 0x32)  # Courtesan and Heroine: red border, not orange (card text)

Point = tuple[float, float]

# -- card faces ------------------------------------------------------------------------------------

# card: (title, emblem, effect icon, subtitle, effect text), in our own words; rule IDs beside.
_FACES: dict[str, tuple[str, str, str, str, str]] = {
    WINTER: ("Winter", "winter", "passive", "Season", "All Mercenaries count **1**. Discards Spring."),  # CO-R24
    SPRING: ("Spring", "spring", "passive", "Season", "Top Mercenaries get **+3**. Discards Winter."),  # CO-R25
    BISHOP: ("Bishop", "bishop", "destruction", "One-shot", "Discards the top Mercenaries; move the Pope's Favor."),  # CO-R27/R28
    COURTESAN: ("Courtesan", "courtesan", "special", "", "Strength **1**. Most Courtesans takes the token."),  # CO-R22/R37
    DRUMMER: ("Drummer", "drummer", "battle", "", "Your Mercenaries count **double**."),  # CO-R23
    HEROINE: ("Heroine", "heroine", "battle", "", "Strength **10**, never changed."),  # CO-R21
    SCARECROW: ("Scarecrow", "scarecrow", "recruit", "One-shot", "Take one Mercenary of your line back into your hand."),  # CO-R29
    SURRENDER: ("Surrender", "surrender", "special", "One-shot", "The battle ends **at once**, lines as they are."),  # CO-R30
}  # fmt: skip


@lru_cache(maxsize=32)
def card_spec(card: str) -> CardSpec:
    """The face of one Condottiere card (``"10"``, ``"Wi"``, ...)."""
    if card in MERCENARY:
        printed = MERCENARY[card]
        text = f"Strength **{printed}**. Seasons and Drummers change it."  # CO-R20
        return CardSpec(GAME_ID, "Mercenary", printed, "strength", "mercenary", "battle", text)
    title, emblem, icon, subtitle, text = _FACES[card]
    value = 10 if card == HEROINE else 1 if card == COURTESAN else None
    accent = RED_BORDER if card in (HEROINE, COURTESAN) else None
    return CardSpec(
        GAME_ID,
        title,
        value,
        "strength" if value else None,
        emblem,
        icon,
        text,
        accent=accent,
        subtitle=subtitle,
    )


def card_name(card: str) -> str:
    """How players call a card: ``Mercenary 10``, ``Winter``."""
    return f"Mercenary {MERCENARY[card]}" if card in MERCENARY else _FACES[card][0]


def card_image(card: str | None, scale: float) -> pygame.Surface:
    """A card face (or the back when ``card`` is None) at ``scale``."""
    scale = round(scale, 3)
    return render_back(GAME_ID, scale) if card is None else render_card(card_spec(card), scale)


def lifted_image(card: str, scale: float) -> tuple[pygame.Surface, int]:
    """The card with its drop shadow, and the shadow pad to subtract when blitting."""
    return lifted_card(card_spec(card), round(scale, 3)), shadow_pad()


def card_px(scale: float) -> tuple[int, int]:
    """Pixel size of a card at ``scale``."""
    return card_size(round(scale, 3))


# -- geometry ----------------------------------------------------------------------------------------


def seat_order(players: int, viewer: int) -> list[int]:
    """Rows top to bottom: the others clockwise from the viewer's left, the viewer last."""
    return [(viewer + k) % players for k in range(1, players)] + [viewer]


class Layout:
    """Every place on the table for a table ``width`` wide and ``players`` seats, seen by ``viewer``."""

    def __init__(self, width: int, players: int, viewer: int) -> None:
        self.width, self.players, self.viewer = width, players, viewer
        self.map_rect = pygame.Rect(MARGIN, MARGIN, MAP_SIZE, MAP_SIZE)
        left = self.map_rect.right + MARGIN
        self.panel = pygame.Rect(left, MARGIN, width - MARGIN - left, MAP_SIZE)
        self.header = pygame.Rect(self.panel.x, self.panel.y, self.panel.width, HEADER_H)
        self.footer = pygame.Rect(self.panel.x, self.panel.bottom - FOOTER_H, self.panel.width, FOOTER_H)
        strip_top = self.map_rect.bottom + 10
        pile_w, pile_h = card_px(PILE_SCALE)
        self.draw_pile = pygame.Rect(MARGIN + 6, strip_top + 22, pile_w, pile_h)
        self.discard_pile = pygame.Rect(self.draw_pile.right + 18, strip_top + 22, pile_w, pile_h)
        hand_left = self.discard_pile.right + 24
        self.hand_rect = pygame.Rect(hand_left, strip_top, width - MARGIN - hand_left, 900 - strip_top - 4)
        self.order = seat_order(players, viewer)
        self.rows = self._rows()
        self.line_scale = self._line_scale()

    def _rows(self) -> dict[int, pygame.Rect]:
        top = self.header.bottom + 4
        room = self.footer.y - 4 - top
        height = min(236, (room - ROW_GAP * (self.players - 1)) // self.players)
        used = height * self.players + ROW_GAP * (self.players - 1)
        top += (room - used) // 2
        return {
            seat: pygame.Rect(self.panel.x, top + i * (height + ROW_GAP), self.panel.width, height)
            for i, seat in enumerate(self.order)
        }

    def _line_scale(self) -> float:
        height = next(iter(self.rows.values())).height
        return round(min(MAX_LINE_SCALE, (height - 14) / 168), 3)

    @property
    def compact(self) -> bool:
        """True when rows are low (5-6 players): fewer header lines."""
        return next(iter(self.rows.values())).height < 112

    def head(self, seat: int) -> pygame.Rect:
        """The name plate at the left of a seat's row."""
        row = self.rows[seat]
        return pygame.Rect(row.x, row.y, ROW_HEAD_W, row.height)

    def strength_box(self, seat: int) -> pygame.Rect:
        """The strength shield at the right of a seat's row."""
        row = self.rows[seat]
        return pygame.Rect(row.right - STRENGTH_W, row.y, STRENGTH_W, row.height)

    def line_area(self, seat: int) -> pygame.Rect:
        """Where a seat's battle line cards lie (also the drop zone of the own line)."""
        row = self.rows[seat]
        left = row.x + ROW_HEAD_W + 6
        return pygame.Rect(left, row.y + 3, row.right - STRENGTH_W - 6 - left, row.height - 6)

    def line_slots(self, seat: int, count: int) -> list[pygame.Rect]:
        """Card rects of a line of ``count`` cards, overlapping when many."""
        area = self.line_area(seat)
        w, h = card_px(self.line_scale)
        if count <= 0:
            return []
        step = w + 6 if count == 1 else min(w + 6, (area.width - w - 4) / (count - 1))
        y = area.centery - h // 2
        return [pygame.Rect(round(area.x + 4 + i * step), y, w, h) for i in range(count)]

    def next_slot(self, seat: int, count: int) -> pygame.Rect:
        """Where the next card of a line with ``count`` cards lands."""
        return self.line_slots(seat, count + 1)[-1]

    def hand_slots(self, count: int) -> list[pygame.Rect]:
        """The own hand: a row along the bottom, overlapping when many."""
        if count <= 0:
            return []
        w, h = card_px(HAND_SCALE)
        area = self.hand_rect
        step = w + 8 if count == 1 else min(w + 8, (area.width - w) / (count - 1))
        used = w + step * (count - 1)
        left = area.x + (area.width - used) / 2
        return [pygame.Rect(round(left + i * step), area.y + 8, w, h) for i in range(count)]

    def hand_spot(self, seat: int) -> Point:
        """Where a seat's hidden hand is on screen (the hand-size icon of its row)."""
        head = self.head(seat)
        return (head.x + 40, head.centery)

    def token_home(self, seat: int) -> Point:
        """Where the Condottiere token rests: on its holder's counts line, at the right, so the
        name keeps its whole width."""
        head = self.head(seat)
        return (head.right - 16, head.y + (33 if self.compact else 42) + 10)

    def pope_off_spot(self) -> Point:
        """Where the Favor of the Pope goes when it leaves the board (the map's top-left corner)."""
        return (self.map_rect.x + 30, self.map_rect.y + 30)
