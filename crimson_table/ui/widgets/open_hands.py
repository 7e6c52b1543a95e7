"""All hands open (a replay of a finished match): every seat's hand in words, one line a seat.

Tables whose other hands are only a count on a seat's panel (Condottiere, Crusader Kingdoms) show
the hands here, in their own hand area, where the viewer's hand would lie: a badge, the seat's
name and its cards, equal cards together ("Courtesan ×2").  The table passes the lines; the widget
only lays them out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.theme import PARCHMENT, SHADOW

NAME_WIDTH = 150  # the names' column
CARDS_INK = (0xF2, 0xE6, 0xC8)


@dataclass(frozen=True)
class HandLine:
    """One seat's line: its badge colour (a seat's palette index, or None), name, cards in words."""

    colour: int | None
    name: str
    cards: str


def grouped(names: Iterable[str]) -> str:
    """Card names in order of first appearance, equal ones together; "no cards" when empty.

    >>> grouped(["Courtesan", "Winter", "Courtesan"])
    'Courtesan ×2 · Winter'
    >>> grouped([])
    'no cards'
    """
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = [name + (f" ×{n}" if n > 1 else "") for name, n in counts.items()]
    return " · ".join(parts) if parts else "no cards"


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels at ``size``."""
    if fonts.render(text, size, PARCHMENT, bold=bold).get_width() <= width:
        return text
    while text and fonts.render(text + "…", size, PARCHMENT, bold=bold).get_width() > width:
        text = text[:-1]
    return text + "…"


def draw_open_hands(surface: pygame.Surface, area: pygame.Rect, lines: Sequence[HandLine]) -> None:
    """The lines stacked from the top of ``area``, as large as the number of lines allows."""
    step = min(30, (area.height - 8) // max(1, len(lines)))
    size = max(12, min(17, step - 8))
    for row, line in enumerate(lines):
        y = area.y + 4 + row * step
        x = area.x + 4
        if line.colour is not None:
            surface.blit(badge.player_badge(line.colour, size + 2), (x, y))
        name = fit(line.name, size, NAME_WIDTH - size - 16, bold=True)
        fonts.blit_text(surface, name, size, PARCHMENT, (x + size + 8, y), bold=True, shadow=SHADOW)
        cards = fit(line.cards, size, area.width - NAME_WIDTH - 12)
        fonts.blit_text(surface, cards, size, CARDS_INK, (x + NAME_WIDTH, y), shadow=SHADOW)
