"""A plain table for the shell's test games: the viewer's ``player_view`` as text and the legal
actions as buttons (keys 1-9 pick too).  It exercises ``BaseGameScene`` without any real game's
table; the shipped games each have their own scene in ``crimson_table/ui/scenes``.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Action
from crimson_table.play.match import Match
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import Button, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

PER_PAGE = 8
VIEW_LINES = 12


def view_lines(view: Any, prefix: str = "", depth: int = 0) -> list[str]:
    """A readable, flattened listing of a player view."""
    if isinstance(view, dict):
        out: list[str] = []
        for key, value in view.items():
            label = f"{prefix}{str(key).replace('_', ' ')}"
            if isinstance(value, (dict, list)) and depth < 1 and value and len(str(value)) > 60:
                out.append(f"{label}:")
                out.extend(view_lines(value, "    ", depth + 1))
            else:
                out.append(f"{label}: {_short(value)}")
        return out
    if isinstance(view, list):
        return [f"{prefix}{i + 1}. {_short(item)}" for i, item in enumerate(view)]
    return [f"{prefix}{_short(view)}"]


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 90 else text[:87] + "..."


class GenericGameScene(BaseGameScene):
    """Legal actions as buttons over a text listing of the view.

    It is on the table toolkit with an empty choreography: every event gets an empty beat, so
    the base's redaction, narration at beat start, settle and resync all run under test_base.
    """

    choreography = Choreography[None]({})

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.page = 0
        self.buttons: list[Button] = []
        self.actions: list[Action] = []
        self._rebuild()

    def _rebuild(self) -> None:
        self.actions = self.match.legal_actions() if self.awaiting_human else []
        self.page = min(self.page, max(0, (len(self.actions) - 1) // PER_PAGE))
        area = self.table_rect
        self.buttons = []
        shown = self.actions[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        for i, action in enumerate(shown):
            rect = (area.x + 48 + (i % 2) * 600, 560 + (i // 2) * 64, 580, 52)
            label = f"{i + 1}. {action.label}"
            self.buttons.append(
                Button(rect, label[:60], functools.partial(self.choose, action), size=fonts.SMALL + 1)
            )
        if len(self.actions) > PER_PAGE:
            self.buttons.append(
                Button(
                    (area.x + 48, 820, 200, 48),
                    "More choices",
                    self.next_page,
                    kind="secondary",
                    size=fonts.SMALL + 1,
                )
            )

    def choose(self, action: Action) -> None:
        """Play one of the listed actions."""
        if self.try_action(action):
            self.page = 0
            self._rebuild()

    def next_page(self) -> None:
        """Show the next eight choices."""
        pages = (len(self.actions) - 1) // PER_PAGE + 1
        self.page = (self.page + 1) % pages
        self._rebuild()

    def on_reset(self) -> None:
        """After undo the choices change."""
        self._rebuild()

    def on_viewer_changed(self) -> None:
        """Another seat at the screen: its choices."""
        self._rebuild()

    def update(self, dt: float) -> None:
        """Keep the choice buttons in step with the match."""
        super().update(dt)
        if bool(self.actions) != self.awaiting_human:
            self._rebuild()

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, or keys 1-8."""
        for button in list(self.buttons):
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_8:
            index = self.page * PER_PAGE + event.key - pygame.K_1
            if index < len(self.actions):
                self.choose(self.actions[index])
                return None
        return event

    def draw_table(self, surface: pygame.Surface) -> None:
        """Felt, seats, the view as text, the choices."""
        super().draw_table(surface)
        area = self.table_rect
        fonts.blit_text(
            surface,
            self.info.title,
            44,
            GOLD_LIGHT,
            (area.centerx, 20),
            anchor="midtop",
            bold=True,
            shadow=SHADOW,
        )
        self._draw_seats(surface, area)
        panel = pygame.Rect(area.x + 32, 150, area.width - 64, 350)
        draw_panel(surface, panel)
        who = self.match.seats[self.viewer_seat].name
        fonts.blit_text(
            surface,
            f"What {who} can see",
            fonts.HEADING - 4,
            CRIMSON,
            (panel.x + 24, panel.y + 16),
            bold=True,
        )
        for i, line in enumerate(view_lines(self.view)[:VIEW_LINES]):
            fonts.blit_text(surface, line, fonts.SMALL, INK, (panel.x + 28, panel.y + 60 + i * 22))
        self._draw_prompt(surface, area)
        for button in self.buttons:
            button.draw(surface)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        current = self.match.current_seat()
        count = len(self.match.seats)
        width = min(220, (area.width - 64) // count)
        left = area.centerx - width * count // 2
        for seat, player in enumerate(self.match.seats):
            x = left + seat * width
            if seat == current:
                pygame.draw.rect(surface, GOLD, (x + 2, 84, width - 4, 48), 2, border_radius=24)
            surface.blit(player_badge(seat, 36), (x + 10, 90))
            fonts.blit_text(
                surface, player.name, fonts.BODY, PARCHMENT, (x + 54, 94), bold=seat == current, shadow=SHADOW
            )

    def _draw_prompt(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        seat = self.match.current_seat()
        if seat is None:
            text = "The game is over."
        elif self.awaiting_human:
            text = f"{self.match.seats[seat].name}, choose your move:"
        else:
            text = f"Waiting for {self.match.seats[seat].name}…"
        fonts.blit_text(
            surface, text, fonts.BODY + 2, PARCHMENT, (area.x + 48, 514), bold=True, shadow=SHADOW
        )
