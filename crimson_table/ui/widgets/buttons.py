"""Hand-drawn buttons and panels in the app's one style, for game tables and overlays.

Menus and forms use pygame-gui buttons themed by :mod:`theme`; tables draw their own action
buttons with :class:`Button` so they match: crimson body, gold border, parchment bold text,
hover lift, disabled in stone.  ``draw_panel`` paints the parchment panels used by dialogs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from crimson_table.ui.art.palette import lighten
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    SHADOW,
    STONE,
)

KINDS = {
    "primary": (CRIMSON, PARCHMENT, GOLD),
    "secondary": ((0x3A, 0x33, 0x2B), PARCHMENT, GOLD_DARK),
    "gold": (GOLD, INK, GOLD_LIGHT),
}


class Button:
    """A clickable drawn button; hit tests are in logical coordinates."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_click: Callable[[], object],
        *,
        kind: str = "primary",
        enabled: bool = True,
        hotkey: int | None = None,
        size: int = fonts.BODY,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.on_click = on_click
        self.kind = kind
        self.enabled = enabled
        self.hotkey = hotkey
        self.size = size
        self.hovered = False
        self.pressed = False

    @property
    def is_enabled(self) -> bool:
        """True when a click would fire."""
        return self.enabled

    def enable(self) -> None:
        """Make the button clickable."""
        self.enabled = True

    def disable(self) -> None:
        """Grey the button out."""
        self.enabled = False

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Hover, press and release (click fires on release inside); hotkey fires on key down."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
            return None
        if (
            event.type == pygame.KEYDOWN
            and self.hotkey is not None
            and event.key == self.hotkey
            and self.enabled
        ):
            self.on_click()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the button in its current state."""
        bg, fg, border = KINDS.get(self.kind, KINDS["primary"])
        rect = self.rect.move(0, -2) if self.hovered and self.enabled and not self.pressed else self.rect
        if not self.enabled:
            bg, fg, border = (0x4A, 0x47, 0x40), (0x9C, 0x96, 0x88), STONE
        elif self.hovered:
            bg, border = lighten(bg, 0.12), GOLD_LIGHT
        pygame.draw.rect(surface, SHADOW, rect.move(0, 3), border_radius=9)
        pygame.draw.rect(surface, bg, rect, border_radius=9)
        pygame.draw.rect(surface, border, rect, 2, border_radius=9)
        fonts.blit_text(surface, self.text, self.size, fg, rect.center, anchor="center", bold=True)


def centred_row(
    widths: Sequence[int], centre_x: int, y: int, height: int, gap: int = 30
) -> list[pygame.Rect]:
    """Rects for a row of buttons ``widths`` wide, ``gap`` apart, centred on ``centre_x``: a
    screen's buttons sit under the middle of what they answer, however many there are.

    >>> centred_row([300, 300], 800, 700, 60)
    [Rect(485, 700, 300, 60), Rect(815, 700, 300, 60)]
    """
    x = centre_x - (sum(widths) + gap * (len(widths) - 1)) // 2
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, y, width, height))
        x += width + gap
    return rects


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    fill: tuple[int, int, int] = PARCHMENT,
    border: tuple[int, int, int] = GOLD,
    radius: int = 14,
) -> None:
    """A parchment panel with a gold border, an inner hairline and a soft shadow (drawn once per
    size and colours, then blitted)."""
    surface.blit(_panel(rect.size, fill, border, radius), (rect.x - 12, rect.y - 6))


@lru_cache(maxsize=48)
def _panel(
    size: tuple[int, int], fill: tuple[int, int, int], border: tuple[int, int, int], radius: int
) -> pygame.Surface:
    """The panel and its shadow on one transparent image, the panel at (12, 6)."""
    image = pygame.Surface((size[0] + 24, size[1] + 24), pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(
            image, (0, 0, 0, 22), image.get_rect().inflate(-i * 4, -i * 4), border_radius=radius + 8
        )
    rect = pygame.Rect((12, 6), size)
    pygame.draw.rect(image, fill, rect, border_radius=radius)
    pygame.draw.rect(image, border, rect, 3, border_radius=radius)
    pygame.draw.rect(
        image,
        lighten(fill, 0.4) if fill != PARCHMENT else PARCHMENT_LIGHT,
        rect.inflate(-12, -12),
        1,
        border_radius=max(2, radius - 6),
    )
    return image


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, text: str, size: int = fonts.HEADING) -> None:
    """A crimson title ribbon across the top of a panel."""
    pygame.draw.rect(surface, CRIMSON_DARK, rect.move(0, 3), border_radius=8)
    pygame.draw.rect(surface, CRIMSON, rect, border_radius=8)
    pygame.draw.rect(surface, GOLD, rect, 2, border_radius=8)
    fonts.blit_text(surface, text, size, PARCHMENT, rect.center, anchor="center", bold=True, shadow=SHADOW)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 6, 4, alpha))
    surface.blit(veil, (0, 0))


def draw_heading(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    """A screen's title in gold at the top, and its line of explanation under it in italics."""
    fonts.blit_text(surface, title, 52, GOLD_LIGHT, (800, 30), anchor="midtop", bold=True, shadow=SHADOW)
    if subtitle:
        fonts.blit_text(
            surface, subtitle, fonts.BODY, PARCHMENT, (800, 104), anchor="midtop", italic=True, shadow=SHADOW
        )
