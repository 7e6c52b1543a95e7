"""The lobby of an online table: who sits where, the codes to send, and Start (the host's).

The host sees the address friends type and one invite code per friend's seat (the open seats
share the table's code), each with a Copy button; the codes also stay in text fields, to select
and copy by hand where there is no clipboard.  Everyone sees who is connected.  The host's Start
is enabled once every friend has taken their seat and no seat is left open (or the host starts
with Captain, the computer player, in the empty seats); the game's table then opens on every
screen.  Leaving the lobby leaves the table; a host whose own app runs the table is asked first,
since that closes it for everyone (the others are told so).  A table on a server stays there:
Continue takes its seat up again.

Under the seats, the table chat (``widgets/chat_panel.py``): the players already here may talk
while they wait (T or a click to type, Enter sends); its lines go on with them to the table.  With
four seats or more the rows are lower, so the chat keeps a few lines.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from crimson_table.net.invite import open_code, seat_code
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import FormScene
from crimson_table.ui.screens.online.session import OnlineSession, ask_before_closing, copy_text, open_table
from crimson_table.ui.screens.setup import level_label
from crimson_table.ui.tables import seat_colours_for
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.chat_panel import ChatPanel
from crimson_table.ui.widgets.theme import GOLD_LIGHT, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

ADDRESS_PANEL = pygame.Rect(48, 140, 1504, 104)
SEATS_PANEL = pygame.Rect(48, 264, 1504, 500)  # the seats, then the chat below them
ROW_TOP, ROW_HEIGHT = SEATS_PANEL.y + 96, 62
LOW_ROW_HEIGHT, MANY_SEATS = 46, 4  # from four seats on, rows are lower: the chat keeps a few lines
CHAT_BOTTOM = 774  # the chat's band ends just above the Leave and Start buttons
NAME_X, WHO_X, STATUS_X, CODE_X = 148, 400, 626, 800
CODE_W, COPY_W = 590, 110
MUTED = (0x5C, 0x55, 0x4A)
PRESENT = (0x1E, 0x6B, 0x45)
SLOW_SECONDS = 3.0  # without an answer this long, the lobby says it keeps trying


class LobbyScene(FormScene):
    """Waiting at an online table until the host starts it."""

    help_title = "Lobby"
    HELP_KEYS = (
        ("Enter", "Start the game (the host, once every seat is taken)"),
        ("Esc", "Leave the table"),
        ("T", "Type a line to the table chat (Enter sends it, Esc stops typing)"),
    )

    def __init__(self, app: App, session: OnlineSession) -> None:
        super().__init__(app)
        self.session = session
        self.match = session.match
        self.handed_over = False  # the table took the session over
        self.waited = 0.0
        self.problem = ""  # the server's refusal (a wrong code...), shown instead of the seats
        self.code_fields: dict[int, tuple[str, pygame_gui.elements.UITextEntryLine]] = {}
        self._built_for: tuple[Any, ...] | None = None
        self.leave_button = self.button((48, 786, 240, 64), "Leave", self.leave, object_id="secondary")
        self.start_button = self.button(
            (1552 - 300, 786, 300, 64), "Start the game", self.start, enabled=False
        )
        self.fill_button = self.button(
            (1552 - 624, 786, 300, 64),
            "Start with Captain",
            self.start_with_captain,
            object_id="secondary",
            tooltip="Captain, the computer player, takes every seat still empty",
        )
        self.fill_button.hide()
        self.chat = ChatPanel(self.match.say, self.seat_colour, self.match.seat, collapsible=False)
        if not session.hosting:
            self.start_button.hide()
        self.address_field: pygame_gui.elements.UITextEntryLine | None = None
        if session.hosting:
            self.address_field = self._code_field(
                session.address, ADDRESS_PANEL.x + 220, ADDRESS_PANEL.y + 28, 360
            )
            self.button(
                (ADDRESS_PANEL.x + 592, ADDRESS_PANEL.y + 28, COPY_W, 48),
                "Copy",
                functools.partial(self.copy, session.address, "The address"),
                object_id="secondary",
            )

    # -- the seats -----------------------------------------------------------------------------------
    @property
    def seats(self) -> list[dict[str, Any]]:
        """The seats as the server's last lobby message gave them."""
        return list(self.match.lobby.get("seats", []))

    def row_height(self) -> int:
        """A seat row's height: lower from :data:`MANY_SEATS` seats on (room for the chat)."""
        return LOW_ROW_HEIGHT if len(self.seats) >= MANY_SEATS else ROW_HEIGHT

    def row_y(self, seat: int) -> int:
        """The top of ``seat``'s row."""
        return ROW_TOP + seat * self.row_height()

    def seats_rect(self) -> pygame.Rect:
        """The seats' panel, as tall as its rows."""
        bottom = self.row_y(len(self.seats)) + 12
        return pygame.Rect(SEATS_PANEL.x, SEATS_PANEL.y, SEATS_PANEL.width, bottom - SEATS_PANEL.y)

    def chat_rect(self) -> pygame.Rect:
        """The chat's band: under the seats, down to the buttons."""
        top = self.seats_rect().bottom + 12
        return pygame.Rect(SEATS_PANEL.x, top, SEATS_PANEL.width, CHAT_BOTTOM - top)

    def seat_colour(self, seat: int) -> int:
        """The palette colour of ``seat`` (the game's own seat colours, as its table has them)."""
        colours = seat_colours_for(self.match.game_id or "", max(len(self.seats), seat + 1))
        return colours[seat]

    def code_for(self, seat: int) -> str | None:
        """The invite code of ``seat`` (the host's: a friend's seat, or any open seat), else None."""
        match = self.match
        if not self.session.hosting or match.table_id is None or seat >= len(self.seats):
            return None
        kind = self.seats[seat]["kind"]
        if kind == "remote" and seat in match.tokens:
            return seat_code(match.table_id, match.tokens[seat])
        if kind == "open" and match.invite is not None:
            return open_code(match.table_id, match.invite)
        return None

    def _code_field(self, text: str, x: int, y: int, width: int) -> pygame_gui.elements.UITextEntryLine:
        field = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, width, 44), manager=self.ui)
        field.set_text(text)
        return field

    def _build_codes(self) -> None:
        """A code field and a Copy button per seat that has a code (again when the seats change)."""
        key = tuple((s["kind"], s["name"]) for s in self.seats)
        if key == self._built_for:
            return
        self._built_for = key
        for _code, field in self.code_fields.values():
            field.kill()
        for button in getattr(self, "copy_buttons", []):
            button.kill()
        self.code_fields, self.copy_buttons = {}, []
        for seat in range(len(self.seats)):
            code = self.code_for(seat)
            if code is None:
                continue
            y = self.row_y(seat) + (self.row_height() - 44) // 2
            self.code_fields[seat] = (code, self._code_field(code, CODE_X, y, CODE_W))
            name = self.seats[seat]["name"]
            copy = functools.partial(
                self.copy, code, f"{name}'s code" if self.seats[seat]["kind"] == "remote" else "The code"
            )
            self.copy_buttons.append(
                self.button((CODE_X + CODE_W + 12, y, COPY_W, 44), "Copy", copy, object_id="secondary")
            )

    def ready_to_start(self) -> bool:
        """True when the host may start: no seat is left open, and at a table this app runs every
        friend is here (a server keeps a friend's seat until they come: they may join later)."""
        seats = self.seats
        friends_may_come_later = self.session.server is None
        return bool(seats) and all(
            s["kind"] != "open" and (friends_may_come_later or s["kind"] != "remote" or s["connected"])
            for s in seats
        )

    # -- actions ---------------------------------------------------------------------------------------
    def copy(self, text: str, what: str) -> None:
        """Put a code or the address on the clipboard (or say to select it by hand)."""
        if copy_text(text):
            self.app.toast(f"{what} is copied: paste it to your friend.", "info")
        else:
            self.app.toast("No clipboard here: select the text and copy it by hand.", "info")

    def start(self) -> None:
        """The host starts the game (the table opens when the server says it has started)."""
        if self.session.hosting and self.ready_to_start():
            self.match.start()
            self.start_button.disable()

    def start_with_captain(self) -> None:
        """The host starts now: Captain plays every seat nobody has taken (the host chose so)."""
        if self.session.hosting and self.seats:
            self.match.start(fill=True)
            self.start_button.disable()
            self.fill_button.hide()

    def leave(self) -> None:
        """Leave the table; a host whose app runs it is asked first (leaving closes it for everyone)."""
        if self.session.closes_for_everyone:
            ask_before_closing(self.app, lambda: self.app.pop(self))
        else:
            self.app.pop(self)

    @property
    def hosts_online_table(self) -> bool:
        """True while leaving this screen would close the table for the others (quitting asks)."""
        return not self.handed_over and self.session.closes_for_everyone

    def shutdown(self) -> None:
        """Closed without the game starting: leave the table."""
        if not self.handed_over:
            self.session.close()

    # -- frames ------------------------------------------------------------------------------------------
    def update_scene(self, dt: float) -> None:
        """Read the server (never waits); open the table once the game has started."""
        self.waited += dt
        self.match.pump()
        self.chat.own_seat = self.match.seat
        self.chat.follow(self.match, self.app.toast)
        if self.seats:
            self.chat.place(self.chat_rect())
        self.session.announce()
        if self.match.errors:
            self.problem = str(self.match.errors[-1].get("message", "The table refused this seat."))
        if self.match.closed_by_host is not None:
            if not self.problem.startswith(self.match.closed_by_host):
                self.problem = f"{self.match.closed_by_host} Leave to go back."
                self.session.note_closed()
            return
        self.session.keep_seat()
        if self.match.started and self.match.ready:
            self.handed_over = True
            open_table(self.app, self.session)
            return
        self._build_codes()
        for code, field in self.code_fields.values():
            if field.get_text() != code:  # a code is read, not typed over
                field.set_text(code)
        if self.address_field is not None and self.address_field.get_text() != self.session.address:
            self.address_field.set_text(self.session.address)
        if self.session.hosting:
            self._show_start_buttons()

    def _show_start_buttons(self) -> None:
        """Start once everyone is here; until then the host may start with Captain in the empty seats."""
        ready = self.ready_to_start()
        if self.start_button.is_enabled != ready:
            self.start_button.enable() if ready else self.start_button.disable()
        waiting_for_someone = bool(self.seats) and not ready and not self.match.started
        if self.fill_button.visible != waiting_for_someone:
            self.fill_button.show() if waiting_for_someone else self.fill_button.hide()

    def ticking(self) -> bool:
        """The lobby changes as people arrive: redrawn each time the resting app wakes."""
        return True

    def on_enter(self) -> None:
        """Enter: start the game (the host)."""
        self.start()

    def on_escape(self) -> None:
        """Esc: leave the table."""
        self.leave()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The chat first (a line being typed keeps Enter, Esc and every letter; T starts one),
        then the form: Enter starts, Esc leaves."""
        if self.seats:
            chat = self.chat
            bare = not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            if not chat.typing and event.type == pygame.KEYDOWN and event.key == pygame.K_t and bare:
                chat.start_typing(getattr(event, "unicode", "") or "t")
                return None
            if chat.handle_event(event) is None:
                return None
        return super().handle_event(event)

    def typing(self) -> bool:
        """True while a chat line is typed (``?`` is a character then, not the keys' list)."""
        return self.chat.typing

    # -- drawing -----------------------------------------------------------------------------------------
    def status_line(self) -> str:
        """The line under the title: what this screen waits for."""
        match = self.match
        if self.problem:
            return self.problem
        if not match.lobby:
            where = self.session.address or "the table"
            if self.waited > SLOW_SECONDS:
                return f"Cannot reach {where} yet: still trying…"
            return f"Connecting to {where}…"
        if self.session.hosting and self.session.server is None:
            return "Send each friend the address and their own code; start now or later, they join when they can."
        if self.session.hosting:
            return "Send each friend the address and their own code; start once everyone is here."
        host = next((s["name"] for s in self.seats if s["kind"] == "host"), "the host")
        if self.match.spectator:
            return f"Watching: waiting for {host} to start the game…"
        return f"Waiting for {host} to start the game…"

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, the address band and the seats."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        title = "Lobby"
        if self.match.game_id is not None:
            title = f"Lobby — {self.match.rules.INFO.title}"
        fonts.blit_text(surface, title, 48, GOLD_LIGHT, (800, 26), anchor="midtop", bold=True, shadow=SHADOW)
        fonts.blit_text(
            surface,
            self.status_line(),
            fonts.BODY,
            PARCHMENT,
            (800, 94),
            anchor="midtop",
            italic=True,
            shadow=SHADOW,
        )
        self._draw_address(surface)
        if self.seats:
            self._draw_seats(surface)
            self.chat.draw(surface, self.app.clock_time)

    def _draw_address(self, surface: pygame.Surface) -> None:
        panel = ADDRESS_PANEL
        draw_panel(surface, panel)
        fonts.blit_text(surface, "Address", fonts.HEADING, INK, (panel.x + 32, panel.y + 34), bold=True)
        if not self.session.hosting:  # a guest reads it, and learns how to come back
            centre_y = panel.y + 52
            fonts.blit_text(
                surface, self.session.address, fonts.BODY, INK, (panel.x + 220, centre_y), anchor="midleft"
            )
            note = "If you leave, Continue on the main menu takes your seat again while the table is open."
            if self.match.spectator:
                note = "You are watching: you see the table as any onlooker does, never a hand."
            fonts.blit_text(
                surface, note, fonts.SMALL, MUTED, (panel.x + 730, centre_y), anchor="midleft", italic=True
            )
            return
        server = self.session.server
        local = server is not None and server.bind == "127.0.0.1"
        if server is None:  # a table on a server: it stays there whoever leaves
            note = (
                "Friends type this address, then their code. Leave when you like: Continue brings you back."
            )
        elif local:
            note = "Only this computer can reach the table: host again with the network on to play across it."
        else:
            note = "Friends on your network type this address, then their code."
        if not local and self.match.lobby.get("spectators") and self.match.table_id:
            note = f"Friends type this address, then their code; spectators the table's id: {self.match.table_id}"
        fonts.blit_text(
            surface, note, fonts.SMALL, MUTED, (panel.x + 730, panel.y + 52), anchor="midleft", italic=True
        )

    def _draw_seats(self, surface: pygame.Surface) -> None:
        panel = self.seats_rect()
        draw_panel(surface, panel)
        fonts.blit_text(surface, "Seats", fonts.HEADING, INK, (panel.x + 32, panel.y + 24), bold=True)
        for label, x in (
            ("Name", NAME_X),
            ("Who plays", WHO_X),
            ("Here?", STATUS_X),
            ("Invite code", CODE_X),
        ):
            if label != "Invite code" or self.code_fields:
                fonts.blit_text(surface, label, fonts.SMALL, MUTED, (x, panel.y + 66), bold=True)
        colours = seat_colours_for(self.match.game_id or "", len(self.seats))
        middle = self.row_height() // 2
        for seat, info in enumerate(self.seats):
            y = self.row_y(seat) + middle - 26  # the row's texts are centred 26 px down a 62 px row
            surface.blit(player_badge(colours[seat], 44), (panel.x + 36, y + 4))
            fonts.blit_text(
                surface, info["name"], fonts.BODY, INK, (NAME_X, y + 26), anchor="midleft", bold=True
            )
            fonts.blit_text(
                surface, self._who(seat, info), fonts.BODY, INK, (WHO_X, y + 26), anchor="midleft"
            )
            here, ink = self._presence(info)
            fonts.blit_text(
                surface, here, fonts.BODY, ink, (STATUS_X, y + 26), anchor="midleft", italic=ink == MUTED
            )

    def _who(self, seat: int, info: dict[str, Any]) -> str:
        you = " (you)" if seat == self.match.seat else ""
        if info["kind"] == "bot":
            return f"Computer · {level_label(str(info.get('level') or ''))}"
        return {"host": "Host", "remote": "A friend", "open": "Open seat"}.get(info["kind"], "") + you

    @staticmethod
    def _presence(info: dict[str, Any]) -> tuple[str, tuple[int, int, int]]:
        if info["kind"] == "bot":
            return "ready", PRESENT
        if info["kind"] == "open":
            return "waiting for anyone", MUTED
        return ("at the table", PRESENT) if info["connected"] else ("not here yet", MUTED)
