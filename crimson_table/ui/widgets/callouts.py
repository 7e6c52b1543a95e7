"""Announcements over a table, as choreography pieces: a crimson banner and a short callout.

Both are :class:`~crimson_table.ui.widgets.anim.Anim` objects a beat adds (``beat.add(Banner(...))``);
they fade in and out by themselves.  (Condottiere's table draws the same two pieces; they live
here so every table can announce things the same way.)
"""

from __future__ import annotations

import pygame

from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Anim
from crimson_table.ui.widgets.buttons import draw_banner
from crimson_table.ui.widgets.theme import GOLD, INK, PARCHMENT, SHADOW

BANNER_SECONDS = 1.3

Point = tuple[float, float]


class Banner(Anim):
    """A crimson ribbon across ``area`` announcing something, with an optional subtitle band."""

    def __init__(
        self, area: pygame.Rect, title: str, subtitle: str = "", duration: float = BANNER_SECONDS
    ) -> None:
        super().__init__(duration)
        self.area, self.title, self.subtitle = pygame.Rect(area), title, subtitle

    def draw(self, surface: pygame.Surface) -> None:
        """The ribbon (and its subtitle band) over a soft shadow, fading in and out."""
        fade = max(0.0, min(1.0, self.progress / 0.15, (1.0 - self.progress) / 0.15))
        width = min(self.area.width - 60, max(520, fonts.font(34, bold=True).size(self.title)[0] + 120))
        sub_w = fonts.font(18, italic=True).size(self.subtitle)[0] + 60 if self.subtitle else 0
        layer = pygame.Surface((width + 40, 124), pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, 90), layer.get_rect(), border_radius=22)
        draw_banner(layer, pygame.Rect(20, 16, width, 66), self.title, size=34)
        if self.subtitle:
            band = pygame.Rect(0, 74, min(width - 40, max(260, sub_w)), 34)
            band.centerx = layer.get_width() // 2
            pygame.draw.rect(layer, INK, band, border_radius=10)
            pygame.draw.rect(layer, GOLD, band, 1, border_radius=10)
            fonts.blit_text(layer, self.subtitle, 18, PARCHMENT, band.center, anchor="center", italic=True)
        layer.set_alpha(round(255 * fade))
        rise = round(14 * (1.0 - min(1.0, self.progress / 0.15)))
        surface.blit(layer, layer.get_rect(center=(self.area.centerx, self.area.centery - 40 + rise)))


class Callout(Anim):
    """A short line of text in an ink pill at ``anchor``, rising slightly as it fades."""

    def __init__(self, anchor: Point, text: str, duration: float = 0.9) -> None:
        super().__init__(duration)
        self.anchor, self.text = anchor, text

    def draw(self, surface: pygame.Surface) -> None:
        """Ink pill with gold text."""
        fade = min(1.0, self.progress / 0.2, (1.0 - self.progress) / 0.2)
        image = fonts.render(self.text, 20, GOLD, bold=True, shadow=SHADOW)
        rect = image.get_rect(center=(round(self.anchor[0]), round(self.anchor[1] - 8 * self.progress)))
        pill = pygame.Surface(rect.inflate(28, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (*INK, 230), pill.get_rect(), border_radius=14)
        pygame.draw.rect(pill, (*GOLD, 255), pill.get_rect(), 2, border_radius=14)
        pill.blit(image, (14, 6))
        pill.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(pill, rect.inflate(28, 12))
