"""Host on a server: the address of a server running ``crimson-table serve``, and the game.

The seats come next, on the host's form (``host.py``), which sends ``create`` to that server
rather than starting one here; the lobby then shows the invite codes to hand out, as hosting in
the app does.  A table on a server outlives its creator's leaving: anyone may leave and come back
days later from Continue.  The address field offers the server last used.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.engine import GAMES
from crimson_table.net import held_seats
from crimson_table.net.invite import server_url
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import FormScene
from crimson_table.ui.tables import has_table
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import draw_heading, draw_panel
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App

PANEL = pygame.Rect(360, 160, 880, 600)
LABEL_X, FIELD_X, FIELD_W = PANEL.x + 48, PANEL.x + 260, PANEL.width - 308
ADDRESS_Y, GAMES_Y = PANEL.y + 110, PANEL.y + 260
GAME_W, GAME_H, GAME_GAP = 380, 56, 14
MUTED = (0x5C, 0x55, 0x4A)


class ServerHostScene(FormScene):
    """The server's address and the game; a game's button opens the seats."""

    help_title = "Host on a server"
    HELP_KEYS = (
        ("1 - 5", "Choose that game (its seats next)"),
        ("Esc", "Back"),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        rect = pygame.Rect(FIELD_X, ADDRESS_Y, FIELD_W, 48)
        self.address = pygame_gui.elements.UITextEntryLine(
            rect, manager=self.ui, placeholder_text="tables.example.org:8765"
        )
        self.address.set_text_length_limit(200)
        self.address.set_text(held_seats.last_address())
        self.games = [g for g in GAMES if has_table(g)][:5]
        self.game_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for index, game_id in enumerate(self.games):
            column, line = index % 2, index // 2
            x = LABEL_X + column * (GAME_W + 24)
            y = GAMES_Y + 50 + line * (GAME_H + GAME_GAP)
            self.game_buttons[game_id] = self.button(
                (x, y, GAME_W, GAME_H), GAMES.info(game_id).title, functools.partial(self.choose, game_id)
            )
        self.button((PANEL.x, 786, 240, 64), "Back", self.back, object_id="secondary")
        self.address.focus()

    def choose(self, game_id: str) -> None:
        """The seats of a new table of ``game_id`` on the server typed (a wrong address is said)."""
        from crimson_table.ui.screens.online.host import HostSetupScene

        address = self.address.get_text().strip()
        if server_url(address) is None:
            self.app.toast("Type the server's address as host:port, like 192.168.1.20:8765.")
            return
        self.app.push(HostSetupScene(self.app, game_id, server_address=address))

    def back(self) -> None:
        """Back to Play online."""
        self.app.pop(self)

    def on_escape(self) -> None:
        """Esc: back."""
        self.back()

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """A digit chooses that game (unless the address field is being typed in)."""
        typing = self.address.is_focused
        if (
            event.type == pygame.KEYDOWN
            and not typing
            and pygame.K_1 <= event.key < pygame.K_1 + len(self.games)
        ):
            self.choose(self.games[event.key - pygame.K_1])
            return None
        return super().handle_scene_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title and the form's labels."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        draw_heading(
            surface,
            "Host on a server",
            "A server keeps the table (crimson-table serve): players come and go, and finish days later.",
        )
        draw_panel(surface, PANEL)
        fonts.blit_text(surface, "Which server", fonts.HEADING, INK, (LABEL_X, PANEL.y + 32), bold=True)
        fonts.blit_text(
            surface, "Address", fonts.BODY, INK, (LABEL_X, ADDRESS_Y + 24), anchor="midleft", bold=True
        )
        hint = "host:port, as the server's owner gives it"
        fonts.blit_text(surface, hint, 14, MUTED, (FIELD_X + 4, ADDRESS_Y + 56), italic=True)
        fonts.blit_text(surface, "Which game", fonts.HEADING, INK, (LABEL_X, GAMES_Y), bold=True)
