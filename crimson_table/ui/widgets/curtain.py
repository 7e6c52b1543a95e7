"""The privacy curtain between human seats: "Pass the screen to Anna — click when ready".

It is an opaque overlay scene: nothing of the table shows until the named player clicks
(or presses Enter/Space).  With ``review`` it first lets the table show through, so the player
who just moved sees what their move showed them (cards drawn), under a bar "Done: pass the screen
to Anna"; a click there (or Enter/Space) closes the curtain.  Esc opens the game's pause menu over it (save, quit to the menu).  The game scene then switches its viewer to that seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from crimson_table.ui import artwork
from crimson_table.ui.scene import Scene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import Button, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App


class CurtainScene(Scene):
    """Hides the table until the next player is at the screen."""

    help_title = "Pass the screen"
    HELP_KEYS = (
        ("Enter or Space", "Take the screen (or hand it over)"),
        ("Esc", "The pause menu"),
    )

    transparent = False

    def __init__(
        self,
        app: App,
        name: str,
        seat: int,
        on_ready: Callable[[], None],
        game_title: str = "",
        colour: int | None = None,
        *,
        private: bool = True,
        review: bool = False,
    ) -> None:
        super().__init__(app)
        self.name, self.seat, self.on_ready = name, seat, on_ready
        self.colour = seat if colour is None else colour  # the seat's palette colour (a game may map it)
        self.private = private  # False: nothing is hidden, the curtain only announces the hand-over
        self.transparent = review  # see-through while the last mover looks at their result
        self.done_button = Button((0, 0, 460, 56), f"Done: pass the screen to {name}", self._close)
        self.done_button.rect.midtop = (800, 96)
        self.game_title = game_title
        self.ready_button = Button((0, 0, 420, 64), f"I am {name} — show my table", self._ready)
        self.ready_button.rect.center = (800, 640)
        self._done = False

    @property
    def reviewing(self) -> bool:
        """True while the table still shows through (the last mover looks at their result)."""
        return self.transparent

    def _close(self) -> None:
        self.transparent = False

    def _ready(self) -> None:
        if self.reviewing:
            self._close()
            return
        if self._done:
            return
        self._done = True
        self.app.pop(self)
        self.on_ready()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Any click or Enter/Space lifts the curtain; Esc opens the menu; other keys are swallowed."""
        button = self.done_button if self.reviewing else self.ready_button
        if button.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._ready()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self._ready()
        return None if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) else event

    def open_menu(self) -> None:
        """The game's pause menu over the curtain (the table stays hidden), else the main menu."""
        stack = self.app.stack
        below = stack[: stack.index(self)] if self in stack else []
        opener = next(
            (getattr(s, "open_pause", None) for s in reversed(below) if hasattr(s, "open_pause")), None
        )
        if callable(opener):
            opener()
        else:
            self.app.go_to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, a crimson drape and the message (while reviewing: only the "Done" bar)."""
        if self.reviewing:
            self._draw_review_bar(surface)
            return
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        self._draw_drape(surface)
        panel = pygame.Rect(0, 0, 760, 440)
        panel.center = (800, 470)
        draw_panel(surface, panel)
        surface.blit(
            player_badge(self.colour, 96), player_badge(self.colour, 96).get_rect(center=(800, panel.y - 8))
        )
        fonts.blit_text(
            surface,
            f"Pass the screen to {self.name}",
            48,
            INK,
            (800, panel.y + 80),
            anchor="midtop",
            bold=True,
        )
        lines = [
            f"{self.name}'s hidden cards come next." if self.private else f"{self.name} decides next.",
            "Everyone else, please look away." if self.private else f"The table turns to {self.name}'s side.",
            "Click when ready.",
        ]
        for i, line in enumerate(lines):
            fonts.blit_text(
                surface,
                line,
                fonts.BODY + 2,
                INK,
                (800, panel.y + 170 + i * 34),
                anchor="midtop",
                italic=i == 2,
            )
        if self.game_title:
            fonts.blit_text(
                surface,
                self.game_title,
                fonts.SMALL,
                (0x5C, 0x55, 0x4A),
                (800, panel.bottom - 30),
                anchor="midbottom",
            )
        self.ready_button.draw(surface)

    def _draw_review_bar(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(0, 0, 760, 150)
        bar.midtop = (800, 12)
        veil = pygame.Surface(bar.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*INK, 225), veil.get_rect(), border_radius=16)
        surface.blit(veil, bar)
        pygame.draw.rect(surface, GOLD, bar, 2, border_radius=16)
        fonts.blit_text(
            surface,
            f"Look at your move, then hand the screen to {self.name}.",
            fonts.BODY,
            PARCHMENT,
            (800, bar.y + 22),
            anchor="midtop",
            shadow=SHADOW,
        )
        self.done_button.rect.midtop = (800, bar.y + 70)
        self.done_button.draw(surface)

    @staticmethod
    def _draw_drape(surface: pygame.Surface) -> None:
        width = surface.get_width()
        for i, x in enumerate(range(0, width, 80)):
            shade = CRIMSON if i % 2 == 0 else (0x86, 0x15, 0x2A)
            pygame.draw.rect(surface, shade, (x, 0, 80, 150))
            pygame.draw.polygon(surface, shade, [(x, 150), (x + 80, 150), (x + 40, 190)])
        pygame.draw.line(surface, GOLD, (0, 150), (width, 150), 4)
        fonts.blit_text(
            surface,
            "Crimson Table",
            40,
            (0xF0, 0xD0, 0x6A),
            (800, 50),
            anchor="midtop",
            bold=True,
            shadow=SHADOW,
        )
