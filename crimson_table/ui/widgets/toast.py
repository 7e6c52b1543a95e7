"""Toasts: short messages near the bottom centre that fade after a few seconds.

A refused action shows a red toast with the reason and rule ID for 3 s (ART.md "Layout");
information (saved, loaded, undone) uses the neutral ink style.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from crimson_table.engine.core import clip
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import ERROR, GOLD, INK, PARCHMENT

MAX_WIDTH = 900
# A toast is a sentence or two.  Whatever text comes (an error may quote a file), at most this
# much is laid out: a font asked to measure millions of characters runs out of memory.
MAX_CHARS = 320
MAX_LINES = 6
FADE = 0.35
UNDER_POINTER_ALPHA = 60  # a notice under the pointer all but clears, so it hides nothing one aims at


@dataclass
class Toast:
    """One message and its remaining time."""

    text: str
    kind: str
    remaining: float
    total: float
    # its drawing, made once on the first frame it shows (only its alpha changes while it fades)
    card: pygame.Surface | None = field(default=None, repr=False, compare=False)

    @property
    def alpha(self) -> int:
        """Opacity: fades in and out over the first/last ``FADE`` seconds."""
        shown = self.total - self.remaining
        fraction = min(1.0, shown / FADE, self.remaining / FADE)
        return max(0, min(255, int(255 * fraction)))


class ToastManager:
    """Holds the live toasts (newest at the bottom of the stack)."""

    def __init__(self) -> None:
        self.toasts: list[Toast] = []
        self.rects: list[pygame.Rect] = []  # where the last draw put each toast (for tests)

    def show(self, text: str, kind: str = "error", seconds: float = 3.0) -> Toast:
        """Add a toast; kinds: "error" (red) or "info".  A text over ``MAX_CHARS`` is cut, ending
        in "…"."""
        toast = Toast(clip(text, MAX_CHARS), kind, seconds, seconds)
        self.toasts.append(toast)
        self.toasts = self.toasts[-4:]
        return toast

    def clear(self) -> None:
        """Drop every toast (a new screen starts clean)."""
        self.toasts.clear()

    def texts(self) -> list[str]:
        """The messages on screen (for tests)."""
        return [t.text for t in self.toasts]

    def update(self, dt: float) -> None:
        """Age the toasts and drop the expired ones."""
        for toast in self.toasts:
            toast.remaining -= dt
        self.toasts = [t for t in self.toasts if t.remaining > 0]

    def draw(
        self,
        surface: pygame.Surface,
        anchor: tuple[int, int] | None = None,
        pointer: tuple[int, int] | None = None,
        avoid: Sequence[pygame.Rect] = (),
    ) -> None:
        """Stacked up from ``anchor`` (their bottom centre; the screen's bottom centre by default), so
        that no notice covers a screen's title, nor a table's hand (``Scene.toast_anchor``).  A
        notice under ``pointer`` (the mouse) turns almost clear: clicks always pass through to the
        table, and now the eye does too.  A notice steps above (or, with no room, below) the rects
        in ``avoid``: what the table keeps on show for a reason, such as the last battle's result."""
        x, y = anchor if anchor is not None else (surface.get_width() // 2, surface.get_height() - 24)
        inside = surface.get_rect().inflate(-48, -48)  # a long notice near an edge slides in
        self.rects = []
        for toast in self.toasts:
            if toast.card is None:
                toast.card = _render(toast)
            card = toast.card
            rect = _clear_of(card.get_rect(midbottom=(x, y)).clamp(inside), avoid, inside)
            under = pointer is not None and rect.collidepoint(pointer)
            card.set_alpha(min(toast.alpha, UNDER_POINTER_ALPHA) if under else toast.alpha)
            surface.blit(card, rect)
            self.rects.append(rect)
            y = rect.y - 8


def _clear_of(rect: pygame.Rect, avoid: Sequence[pygame.Rect], inside: pygame.Rect) -> pygame.Rect:
    """``rect`` moved off every rect of ``avoid`` it overlaps: above it, else below it, else as is."""
    for keep in avoid:
        if not rect.colliderect(keep):
            continue
        above = rect.copy()
        above.bottom = keep.top - 8
        below = rect.copy()
        below.top = keep.bottom + 8
        for moved in (above, below):
            if inside.contains(moved) and not any(moved.colliderect(other) for other in avoid):
                return moved
    return rect


def _render(toast: Toast) -> pygame.Surface:
    face = fonts.font(fonts.BODY, bold=toast.kind == "error")
    lines = fonts.wrap(toast.text, face, MAX_WIDTH - 80)
    if len(lines) > MAX_LINES:  # a long word broken by force can still make many lines
        lines = [*lines[: MAX_LINES - 1], clip(lines[MAX_LINES - 1], len(lines[MAX_LINES - 1]) - 1)]
    line_h = face.get_linesize()
    width = min(MAX_WIDTH, max(face.size(line)[0] for line in lines) + 80)
    height = line_h * len(lines) + 24
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    bg = ERROR if toast.kind == "error" else INK
    pygame.draw.rect(card, (*bg, 240), card.get_rect(), border_radius=10)
    pygame.draw.rect(card, GOLD, card.get_rect(), 2, border_radius=10)
    _icon(card, toast.kind, (30, height // 2))
    for i, line in enumerate(lines):
        card.blit(face.render(line, True, PARCHMENT), (56, 12 + i * line_h))
    return card


def _icon(card: pygame.Surface, kind: str, centre: tuple[int, int]) -> None:
    pygame.draw.circle(card, PARCHMENT, centre, 12, 2)
    x, y = centre
    if kind == "error":
        pygame.draw.line(card, PARCHMENT, (x - 5, y - 5), (x + 5, y + 5), 3)
        pygame.draw.line(card, PARCHMENT, (x + 5, y - 5), (x - 5, y + 5), 3)
    else:
        pygame.draw.line(card, PARCHMENT, (x, y - 2), (x, y + 6), 3)
        pygame.draw.circle(card, PARCHMENT, (x, y - 6), 2)
