"""The host's form: the new-game form with online seats, and whether the network may join.

Each seat is the host ("You", the first seat), a friend (a person elsewhere, who gets an invite
code of their own), a computer (thinking on the host's computer, at its level) or an open seat
(anyone with the table's code may take it, under the name they type).  The server binds to this
computer only unless "Players on my network may join" is on (0.0.0.0: reachable from the local
network, at the address the lobby shows); the table is then announced on that network too, where
the ``lan`` extra is installed (``net/lan.py``), so friends find it on their Join screen.  "Allow
spectators" (off unless the host turns it on) lets anyone who reaches the table watch it, with no
code and no hand.

The host's own seat is named as at the last online table (``Settings.player_name``), and the name
chosen here is remembered for the next one.

The same form hosts on a server (``crimson-table serve``, elsewhere): given the server's address it
sends ``create`` there instead of starting a server here, and the lobby shows the codes the same
way.  That table stays on the server when its creator leaves: Continue takes the seat up again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from crimson_table.net import lan
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.hosting import HostedServer
from crimson_table.net.invite import server_url
from crimson_table.ui.screens.online.session import OnlineSession, remember_name
from crimson_table.ui.screens.setup import DEFAULT_NAMES, MUTED, OPTION_X, OPTIONS_PANEL, SetupScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App

NEXT_KIND = {"remote": "bot", "bot": "open", "open": "remote"}  # what a click on "Who plays" makes a seat
SEAT_NOTES = {
    "host": "plays at this screen",
    "remote": "gets an invite code",
    "open": "anyone with the table's code",
}


class HostSetupScene(SetupScene):
    """Seats and options of a new online table; Open the table starts its server and the lobby."""

    help_title = "Host a table"
    HELP_KEYS = (
        ("Enter", "Open the table: its server starts and the lobby shows the invite codes"),
        ("Esc", "Back"),
    )
    shows_seed = False
    KIND_LABELS = {"host": "You", "remote": "A friend", "bot": "Computer", "open": "Open seat"}

    def __init__(self, app: App, game_id: str, server_address: str | None = None) -> None:
        self.network = False
        self.server_address = server_address  # a server elsewhere keeps the table (None: this app)
        self.spectators = False  # anyone who reaches the table may watch it (the host opts in)
        super().__init__(app, game_id)
        self.seed_entry.hide()
        tutorial = getattr(self, "tutorial_button", None)
        if tutorial is not None:
            tutorial.hide()
        self.start_button.set_text("Open the table")
        remembered = app.settings.player_name
        if remembered:
            self.names[0] = remembered
            self.name_entries[0].set_text(remembered)
        top = self.who_top()
        width = OPTIONS_PANEL.width - 64
        self.network_button = self.button(
            (OPTION_X, top + 32, width, 40),
            "",
            self.toggle_network,
            tooltip="On: players on your network reach the table at the lobby's address",
        )
        self.spectators_button = self.button(
            (OPTION_X, top + 80, width, 40),
            "",
            self.toggle_spectators,
            tooltip="On: anyone who reaches the table may watch it, with no code and no hand",
        )
        self._show_network()
        self._show_spectators()
        if server_address is not None:
            self.help_title = "Host on a server"
            self.network_button.hide()

    def who_top(self) -> int:
        """Where "Who may join" starts: the seed's place, a little higher (this form has no seed, and
        its two switches need the room under the longest options, Crimson Keep's)."""
        return self.seed_y - 8

    def first_kinds(self) -> list[str]:
        """The host, a friend, then computers."""
        return ["host", "remote"] + ["bot"] * (self.info.max_players - 2)

    def _build_rows(self) -> None:
        """The rows, the host's own kind fixed (the host sits at the first seat); an open seat's name
        is the newcomer's to type, so its field rests."""
        super()._build_rows()
        if self.kind_buttons:
            self.kind_buttons[0].disable()
        for seat, entry in enumerate(self.name_entries):
            if self.kinds[seat] == "open":
                entry.disable()

    def title(self) -> str:
        """The form's headline."""
        where = "Host on a server" if self.server_address is not None else "Host a table"
        return f"{where} — {self.info.title}"

    def seat_note(self, seat: int) -> str:
        """What a seat that has no computer level is."""
        return SEAT_NOTES.get(self.kinds[seat], "")

    def toggle_kind(self, seat: int) -> None:
        """A friend, a computer, an open seat, in turn (the host's seat stays the host's)."""
        if self.kinds[seat] == "host":
            return
        self._harvest()
        self.kinds[seat] = NEXT_KIND[self.kinds[seat]]
        self._build_rows()

    def toggle_network(self) -> None:
        """Let players on the local network join, or only this computer."""
        self.network = not self.network
        self._show_network()

    def toggle_spectators(self) -> None:
        """Let anyone who reaches the table watch it, or nobody."""
        self.spectators = not self.spectators
        self._show_spectators()

    def _show_network(self) -> None:
        label = "Players on my network may join" if self.network else "Only this computer may join"
        self.network_button.set_text(label)
        self.network_button.change_object_id("#toggle_on" if self.network else "#secondary")

    def _show_spectators(self) -> None:
        self.spectators_button.set_text(f"Allow spectators: {'on' if self.spectators else 'off'}")
        self.spectators_button.change_object_id("#toggle_on" if self.spectators else "#secondary")

    def seat_specs(self) -> list[dict[str, str]]:
        """The seats as the server takes them: kind, name, level."""
        self._harvest()
        return [
            {
                "kind": self.kinds[i],
                "name": "" if self.kinds[i] == "open" else (self.names[i] or DEFAULT_NAMES[i]),
                "level": self.seat_levels[i] if self.kinds[i] == "bot" else self.default_level,
            }
            for i in range(self.count)
        ]

    def start(self) -> None:
        """Start the table's server on this computer, create the table and open its lobby."""
        from crimson_table.ui.screens.online.lobby import LobbyScene

        specs = self.seat_specs()
        names = [s["name"].casefold() for s in specs if s["kind"] != "open"]
        if len(set(names)) != len(names):
            self.app.toast("Each seat needs a different name.")
            return
        remember_name(self.app, next(s["name"] for s in specs if s["kind"] == "host"))
        if self.server_address is not None:
            self._open_on_server(self.server_address, specs)
            return
        try:
            server = HostedServer(network=self.network).start()
        except OSError as exc:
            self.app.toast(f"The table could not be opened: {exc}")
            return
        match = RemoteMatch.host(
            server.url,
            self.game_id,
            specs,
            self.options(),
            spectators=self.spectators,
            client=NetClient(server.url, on_message=self.app.wake),
        )
        # Opened to the network: announced there too, where zeroconf is installed (the lobby keeps
        # the announcement current; closing the table withdraws it).
        announcer = lan.LanAnnouncer() if self.network and not lan.missing() else None
        session = OnlineSession(match, server, server.address(), announcer=announcer)
        self.app.push(LobbyScene(self.app, session))

    def _open_on_server(self, address: str, specs: list[dict[str, str]]) -> None:
        """Ask the server at ``address`` to create the table; the lobby shows its codes (or the
        server's refusal, or that it cannot be reached yet)."""
        from crimson_table.ui.screens.online.lobby import LobbyScene

        url = server_url(address)
        if url is None:
            self.app.toast("Type the server's address as host:port, like 192.168.1.20:8765.")
            return
        client = NetClient(url, on_message=self.app.wake)
        match = RemoteMatch.host(
            url, self.game_id, specs, self.options(), spectators=self.spectators, client=client
        )
        self.app.push(LobbyScene(self.app, OnlineSession(match, None, address, created=True)))

    def _draw_option_labels(self, surface: pygame.Surface) -> None:
        """The options, then who may reach the table and watch it."""
        super()._draw_option_labels(surface)
        top = self.who_top()
        if self.server_address is not None:  # the server named in place of the network switch
            fonts.blit_text(surface, "Server", fonts.BODY, INK, (OPTION_X, top + 14), anchor="midleft")
            note = "The table stays there: Continue brings you back."
            fonts.blit_text(
                surface, note, 14, MUTED, (OPTIONS_PANEL.right - 32, top + 14), anchor="midright", italic=True
            )
            fonts.blit_text(
                surface,
                self.server_address,
                fonts.BODY,
                INK,
                (OPTION_X, top + 52),
                anchor="midleft",
                bold=True,
            )
            return
        fonts.blit_text(surface, "Who may join", fonts.BODY, INK, (OPTION_X, top + 14), anchor="midleft")
        note = (
            "Turn on to play across your network." if not self.network else "Friends use the lobby's address."
        )
        fonts.blit_text(
            surface, note, 14, MUTED, (OPTIONS_PANEL.right - 32, top + 14), anchor="midright", italic=True
        )
