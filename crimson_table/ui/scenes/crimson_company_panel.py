"""Crimson Company table: the action panel, its two-line choice buttons, and the discard browser.

The action panel sits between the two players on the right.  It says what the seat at the screen
must do (bid, Match or Pass, deploy, or an effect choice with the card's text in a ribbon) or
who is deciding now.  The discard pile opens as an overlay listing every destroyed card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from crimson_table.ui.art.cards import CARD_H, CARD_W
from crimson_table.ui.scene import Scene
from crimson_table.ui.scenes.crimson_company_layout import CardSlot
from crimson_table.ui.scenes.crimson_company_paint import draw_zoom, face
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button, dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD_DARK, INK, PARCHMENT, STONE

if TYPE_CHECKING:
    from crimson_table.ui.app import App

BODY_SIZE = 17
HINT_SIZE = 14
HOVER_DELAY = 0.25


@dataclass
class PanelText:
    """What the action panel says: a title (a ribbon for effect choices), paragraphs and a key hint."""

    title: str
    paragraphs: list[tuple[str, str]] = field(default_factory=list)  # (text, "plain" | "bold" | "italic")
    hint: str = ""
    ribbon: bool = False


def draw_action_panel(surface: pygame.Surface, rect: pygame.Rect, text: PanelText) -> int:
    """The parchment panel with its title and paragraphs; returns the y below the text."""
    draw_panel(surface, rect)
    if text.ribbon:
        draw_banner(surface, pygame.Rect(rect.x + 12, rect.y + 14, rect.width - 24, 46), text.title, size=18)
        y = rect.y + 72
    else:
        fonts.blit_text(surface, text.title, 22, CRIMSON, (rect.x + 22, rect.y + 18), bold=True)
        y = rect.y + 56
    width = rect.width - 44
    for paragraph, style in text.paragraphs:
        face_ = fonts.font(BODY_SIZE, bold=style == "bold", italic=style == "italic")
        for line in fonts.wrap(paragraph, face_, width):
            surface.blit(face_.render(line, True, INK), (rect.x + 22, y))
            y += face_.get_linesize()
        y += 6
    if text.hint:
        hint = fonts.font(HINT_SIZE, italic=True)
        lines = fonts.wrap(text.hint, hint, width)
        hy = rect.bottom - 18 - len(lines) * hint.get_linesize()
        pygame.draw.line(surface, GOLD_DARK, (rect.x + 22, hy - 6), (rect.right - 22, hy - 6), 1)
        for line in lines:
            surface.blit(hint.render(line, True, STONE), (rect.x + 22, hy))
            hy += hint.get_linesize()
    return y


class ChoiceButton(Button):
    """A tall button with a bold headline and a smaller line under it (Match / Pass)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        title: str,
        sub: str,
        on_click: Callable[[], object],
        *,
        kind: str = "primary",
        hotkey: int | None = None,
    ) -> None:
        super().__init__(rect, title, on_click, kind=kind, hotkey=hotkey)
        self.sub = sub
        self.selected = False

    def draw(self, surface: pygame.Surface) -> None:
        """The body from :class:`Button`, then the two wrapped labels."""
        title, self.text = self.text, ""
        super().draw(surface)
        self.text = title
        rect = self.rect.move(0, -2) if self.hovered and self.enabled and not self.pressed else self.rect
        if self.selected:
            pygame.draw.rect(surface, PARCHMENT, rect.inflate(8, 8), 3, border_radius=12)
        colour = INK if self.kind == "gold" else PARCHMENT
        head = fonts.font(18, bold=True)
        small = fonts.font(15)
        lines = [(line, head) for line in fonts.wrap(self.text, head, rect.width - 24)]
        lines += [(line, small) for line in fonts.wrap(self.sub, small, rect.width - 24)]
        total = sum(f.get_linesize() for _, f in lines)
        y = rect.centery - total // 2
        for line, face_ in lines:
            image = face_.render(line, True, colour)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += face_.get_linesize()


class DiscardOverlay(Scene):
    """Every destroyed card, in the order they were destroyed; hover zooms, a click or Esc closes."""

    transparent = True

    def __init__(self, app: App, cards: list[str], title: str = "Discard pile") -> None:
        super().__init__(app)
        self.cards = list(cards)
        self.title = title
        columns = 8
        rows = max(1, (len(self.cards) + columns - 1) // columns)
        self.scale = 1.0 if rows <= 4 else 0.8
        cw, ch = round(CARD_W * self.scale), round(CARD_H * self.scale)
        width = columns * (cw + 12) + 60
        height = rows * (ch + 12) + 130
        self.panel = pygame.Rect(0, 0, width, min(880, height))
        self.panel.center = (800, 450)
        self.slots = [
            CardSlot(card, rect, rect, True, "discard", index=i)
            for i, card in enumerate(self.cards)
            for rect in [
                pygame.Rect(
                    self.panel.x + 30 + (i % columns) * (cw + 12),
                    self.panel.y + 80 + (i // columns) * (ch + 12),
                    cw,
                    ch,
                )
            ]
        ]
        self.mouse = (-1, -1)
        self.hover_time = 0.0

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc, Enter or any click closes the overlay."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            self.hover_time = 0.0
        elif _closes(event):
            self.app.pop(self)
        return None

    def update(self, dt: float) -> None:
        """Time the hover zoom."""
        self.hover_time += dt

    def hovered(self) -> CardSlot | None:
        """The card under the mouse."""
        for slot in self.slots:
            if slot.rect.collidepoint(self.mouse):
                return slot
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Dimmed table, the panel with the cards, the zoom."""
        dim(surface, 170)
        draw_panel(surface, self.panel)
        draw_banner(
            surface,
            pygame.Rect(self.panel.x + 24, self.panel.y + 16, self.panel.width - 48, 46),
            f"{self.title} · {len(self.cards)} card{'s' if len(self.cards) != 1 else ''}",
            size=22,
        )
        if not self.cards:
            fonts.blit_text(
                surface,
                "No card has been destroyed yet.",
                fonts.BODY,
                INK,
                (self.panel.centerx, self.panel.y + 100),
                anchor="midtop",
                italic=True,
            )
        for slot in self.slots:
            image = face(slot.card, self.scale) if self.scale != 1.0 else face(slot.card)
            surface.blit(image, slot.rect)
        fonts.blit_text(
            surface,
            "Click anywhere or press Esc to close",
            fonts.SMALL,
            STONE,
            (self.panel.centerx, self.panel.bottom - 30),
            anchor="midtop",
            italic=True,
        )
        slot = self.hovered()
        if slot is not None and self.hover_time >= HOVER_DELAY:
            draw_zoom(surface, slot, pygame.Rect(0, 0, 1600, 900))


def _closes(event: pygame.event.Event) -> bool:
    """A left click, Esc, Enter or Space closes an overlay."""
    if event.type == pygame.MOUSEBUTTONUP:
        return bool(event.button == 1)
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE)
