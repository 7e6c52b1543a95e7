"""Play online: host a table (pick its game), join a friend's table, or use a server.

The host's computer runs the table's server itself, so nothing else needs installing; a friend
joins with the address and invite code the host hands them.  A server (``crimson-table serve``)
keeps a table while everyone is away: "Host on a server" creates one there, and "Your online
tables" lists the seats this player holds, to take one up again.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.engine import GAMES
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.tables import has_table
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import draw_heading, draw_panel
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App

HOST_PANEL = pygame.Rect(160, 170, 600, 600)
JOIN_PANEL = pygame.Rect(840, 170, 600, 600)
MUTED = (0x5C, 0x55, 0x4A)
TEXT_WIDTH = HOST_PANEL.width - 80
SERVER_Y = JOIN_PANEL.y + 300  # the join panel's second part: a server that keeps tables


class OnlineScene(GuiScene):
    """Host a table or join one."""

    help_title = "Play online"
    HELP_KEYS = (
        ("1 - 5", "Host a table of that game (choose the seats next)"),
        ("J", "Join a friend's table"),
        ("H", "Host on a server"),
        ("Y", "Your online tables"),
        ("Esc", "Back to the menu"),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = [g for g in GAMES if has_table(g)][:5]
        y = HOST_PANEL.y + 210
        self.host_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for game_id in self.games:
            title = GAMES.info(game_id).title
            self.host_buttons[game_id] = self.button(
                (HOST_PANEL.x + 60, y, HOST_PANEL.width - 120, 56),
                title,
                functools.partial(self.host, game_id),
            )
            y += 66
        self.join_button = self.button(
            (JOIN_PANEL.x + 60, JOIN_PANEL.y + 210, JOIN_PANEL.width - 120, 56), "Join a table", self.join
        )
        self.server_button = self.button(
            (JOIN_PANEL.x + 60, SERVER_Y + 150, JOIN_PANEL.width - 120, 56),
            "Host on a server",
            self.host_on_server,
        )
        self.tables_button = self.button(
            (JOIN_PANEL.x + 60, SERVER_Y + 216, JOIN_PANEL.width - 120, 56),
            "Your online tables",
            self.your_tables,
            object_id="secondary",
        )
        self.button((HOST_PANEL.x, 800, 240, 64), "Back", self.back, object_id="secondary")

    def host(self, game_id: str) -> None:
        """The seats of a new online table of ``game_id``."""
        from crimson_table.ui.screens.online.host import HostSetupScene

        self.app.push(HostSetupScene(self.app, game_id))

    def join(self) -> None:
        """The form for a friend's address and invite code."""
        from crimson_table.ui.screens.online.join import JoinScene

        self.app.push(JoinScene(self.app))

    def host_on_server(self) -> None:
        """The form for a server's address and the game."""
        from crimson_table.ui.screens.online.server_host import ServerHostScene

        self.app.push(ServerHostScene(self.app))

    def your_tables(self) -> None:
        """The tables this player holds a seat at (and the last game here): Continue."""
        from crimson_table.ui.screens.online.tables import ContinueScene

        self.app.push(ContinueScene(self.app))

    def back(self) -> None:
        """Back to the main menu."""
        self.app.pop(self)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc goes back, J joins, H hosts on a server, Y lists your tables, a digit hosts that game."""
        if event.type != pygame.KEYDOWN:
            return event
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key == pygame.K_j:
            self.join()
        elif event.key == pygame.K_h:
            self.host_on_server()
        elif event.key == pygame.K_y:
            self.your_tables()
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.games):
            self.host(self.games[event.key - pygame.K_1])
        else:
            return event
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, and the two panels with what each way does."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        draw_heading(
            surface,
            "Play online",
            "Play with friends on other computers: one of you hosts the table, the others join it.",
        )
        for panel, heading, text in (
            (
                HOST_PANEL,
                "Host a table",
                "Your computer keeps the table. Pick the game, then who sits where: "
                "each friend gets an invite code to send them.",
            ),
            (
                JOIN_PANEL,
                "Join a table",
                "A friend hosts? Type the address and the invite code they sent you, "
                "and wait at the table for them to start.",
            ),
        ):
            draw_panel(surface, panel)
            _draw_part(surface, heading, text, (panel.x + 40, panel.y + 32))
        _draw_part(
            surface,
            "On a server",
            "A server keeps the table while everyone is away: play a move today, the next one tomorrow.",
            (JOIN_PANEL.x + 40, SERVER_Y),
        )


def _draw_part(surface: pygame.Surface, heading: str, text: str, topleft: tuple[int, int]) -> None:
    """A heading and its lines of explanation, from ``topleft`` in a panel."""
    x, top = topleft
    fonts.blit_text(surface, heading, fonts.HEADING, INK, (x, top), bold=True)
    y = top + 58
    for line in fonts.wrap(text, fonts.font(fonts.BODY, italic=True), TEXT_WIDTH):
        fonts.blit_text(surface, line, fonts.BODY, MUTED, (x, y), italic=True)
        y += 28
