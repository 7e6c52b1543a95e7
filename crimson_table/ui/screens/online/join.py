"""Join a friend's table: the address they gave, the invite code they sent, and a name; or watch one.

The name is used at an open seat (the host names a friend's seat); Enter in any field joins.  A
code for a named seat takes that seat (``join`` with its token); a table's open-seat code claims
the first open seat (``claim``).  The lobby then waits for the host to start.  The name field
starts with the name this player used at the last online table (``Settings.player_name``); a name
typed here is remembered for the next.

Watch follows the table as a spectator (``watch``), where its host allows it: the address and the
table (its id, or any of its codes: only the table part is read) are enough.  Beside the form,
the tables announced on the local network are listed (``lan_list.py``): picking one fills the
address, and a table that allows spectators has its own Watch button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.invite import parse_code, parse_table, server_url
from crimson_table.net.lan import LanTable
from crimson_table.net.protocol import MAX_NAME
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import FormScene
from crimson_table.ui.screens.online.lan_list import LanPanel
from crimson_table.ui.screens.online.session import OnlineSession, remember_name
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import draw_heading, draw_panel
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App

PANEL = pygame.Rect(48, 160, 872, 560)
LAN_PANEL = pygame.Rect(952, 160, 600, 560)
LABEL_X, FIELD_X, FIELD_W = PANEL.x + 40, PANEL.x + 240, PANEL.width - 280
FIRST_ROW, ROW_GAP = PANEL.y + 110, 130
MUTED = (0x5C, 0x55, 0x4A)
FIELDS = (  # label, the line under the field, what an empty field shows
    ("Address", "host:port, as your friend's lobby shows it", "192.168.1.20:8765"),
    ("Invite code", "the whole code your friend sent you (to watch: the table's id will do)", ""),
    ("Your name", "the others see it if you take an open seat", "Guest"),
)


class JoinScene(FormScene):
    """The address, the code and a name; Join opens the lobby."""

    help_title = "Join a table"
    HELP_KEYS = (
        ("Enter", "Join the table (from any field)"),
        ("Esc", "Back"),
    )
    picked: LanTable | None = None  # the network's table whose address fills the form

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.fields: list[pygame_gui.elements.UITextEntryLine] = []
        for i, (_label, _hint, example) in enumerate(FIELDS):
            rect = pygame.Rect(FIELD_X, FIRST_ROW + i * ROW_GAP, FIELD_W, 48)
            field = pygame_gui.elements.UITextEntryLine(rect, manager=self.ui, placeholder_text=example)
            field.set_text_length_limit(MAX_NAME if i == 2 else 200)
            self.fields.append(field)
        self.address, self.code, self.name = self.fields
        self.name.set_text(app.settings.player_name)
        self.button((PANEL.x, 786, 240, 64), "Back", self.back, object_id="secondary")
        self.watch_button = self.button(
            (PANEL.right - 300 - 16 - 200, 786, 200, 64),
            "Watch",
            self.watch,
            object_id="secondary",
            tooltip="Follow the table as a spectator, if its host allows it: no code, no hand",
        )
        self.button((PANEL.right - 300, 786, 300, 64), "Join the table", self.submit)
        self.lan = LanPanel(self, LAN_PANEL, self.pick, self.watch_listed)
        self.address.focus()

    def submit(self) -> None:
        """Check the fields and connect; the lobby shows the rest (a wrong code is said there)."""
        address = self.address.get_text().strip()
        url = server_url(address)
        if url is None:
            self.app.toast("Type the address as your friend's lobby shows it, like 192.168.1.20:8765.")
            return
        invite = parse_code(self.code.get_text())
        if invite is None:
            self.app.toast("That is not an invite code: paste the whole code your friend sent.")
            return
        client = NetClient(url, on_message=self.app.wake)
        typed = self.name.get_text().strip()
        if typed:
            remember_name(self.app, typed)
        if invite.open_seat:
            name = typed or "Guest"
            match = RemoteMatch.claim(url, invite.table, invite.secret, name, client=client)
        else:
            match = RemoteMatch.join(url, invite.table, invite.secret, client=client)
        self._open_lobby(match, address)

    def watch(self) -> None:
        """Follow the table at the address as a spectator (the lobby says if the host allows none)."""
        address = self.address.get_text().strip()
        url = server_url(address)
        if url is None:
            self.app.toast("Type the address as your friend's lobby shows it, like 192.168.1.20:8765.")
            return
        table = parse_table(self.code.get_text())
        if table is None and self.picked is not None and self.picked.address == address:
            table = self.picked.table
        if table is None:
            self.app.toast("To watch, type the table's id (the host's lobby shows it) or pick a table.")
            return
        self._open_lobby(
            RemoteMatch.watch(url, table, client=NetClient(url, on_message=self.app.wake)), address
        )

    def pick(self, table: LanTable) -> None:
        """A table found on the network: its address fills the form (a seat still needs its code)."""
        self.picked = table
        self.address.set_text(table.address)
        self.code.focus()
        self.app.toast(f"{table.host}'s address is filled in: now paste the code they sent you.", "info")

    def watch_listed(self, table: LanTable) -> None:
        """Watch a table found on the network (its host allows spectators)."""
        self.picked = table
        self.address.set_text(table.address)
        self.code.set_text("")
        self.watch()

    def _open_lobby(self, match: RemoteMatch, address: str) -> None:
        from crimson_table.ui.screens.online.lobby import LobbyScene

        self.app.push(LobbyScene(self.app, OnlineSession(match, None, address)))

    def update_scene(self, dt: float) -> None:
        """The network's tables, as the browser last heard of them (never waits)."""
        self.lan.update()

    def shutdown(self) -> None:
        """Stop looking for tables, and drop the form."""
        self.lan.close()
        super().shutdown()

    def back(self) -> None:
        """Back to Play online."""
        self.app.pop(self)

    def on_enter(self) -> None:
        """Enter: join the table."""
        self.submit()

    def on_escape(self) -> None:
        """Esc: back."""
        self.back()

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title and the form's labels."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        draw_heading(
            surface, "Join a table", "Your friend's lobby shows the address and a code for your seat."
        )
        draw_panel(surface, PANEL)
        fonts.blit_text(
            surface, "Where and which seat", fonts.HEADING, INK, (LABEL_X, PANEL.y + 32), bold=True
        )
        for i, (label, hint, _example) in enumerate(FIELDS):
            y = FIRST_ROW + i * ROW_GAP
            fonts.blit_text(surface, label, fonts.BODY, INK, (LABEL_X, y + 24), anchor="midleft", bold=True)
            fonts.blit_text(surface, hint, 14, MUTED, (FIELD_X + 4, y + 56), italic=True)
        self.lan.draw(surface)
