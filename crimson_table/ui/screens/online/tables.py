"""Continue: the last game on this computer, and every online table where this player holds a seat.

The online seats come from ``net/held_seats.py``.  Each server is asked how its table stands in the
background (``net/table_status.py``: never on the frame thread, a few seconds at most): whose move,
the step, finished or not.  A row says "Your move" where the table waits for this player, "Server
not reachable" for a server that did not answer (a friend's computer that is off: no error), and
"Closed by the host" or "No longer on the server" for tables that are gone; those can be removed.
Choosing a row takes the seat again through the lobby (the seat token, as a reconnection does),
which opens the table at once when the game is on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine import GAMES
from crimson_table.net import held_seats
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.held_seats import HeldSeat
from crimson_table.net.table_status import ANSWERED, GONE, UNREACHABLE, StatusProbe, TableStatus
from crimson_table.play import saves
from crimson_table.ui import artwork
from crimson_table.ui.screens.online.lobby import LobbyScene
from crimson_table.ui.screens.online.session import OnlineSession
from crimson_table.ui.screens.row_list import (
    ACTION_W,
    HEADING_H,
    ROW_GAP,
    ROW_H,
    RowAction,
    RowListScene,
    action_rect,
    draw_row_card,
)
from crimson_table.ui.tables import seat_colours_for
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_heading, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, ERROR, GOLD_LIGHT, INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.scene import Scene

PANEL = pygame.Rect(200, 150, 1200, 610)
LIST = pygame.Rect(PANEL.x + 28, PANEL.y + 24, PANEL.width - 56, PANEL.height - 48)
MUTED = (0x5C, 0x55, 0x4A)
YOUR_MOVE = "Your move"


@dataclass(frozen=True)
class Row:
    """One line of the list: the last local game (``save``) or an online seat (``held``)."""

    save: Path | None = None
    held: HeldSeat | None = None
    label: str = ""  # the local game as a line: game, players and date (read once, not per frame)

    @property
    def name(self) -> str:
        """How the row is named to a test driving the window (``ui/screen_report.py``)."""
        if self.held is None:
            return "last game here"
        return f"{game_title(self.held.game)} at {self.held.address} ({', '.join(self.held.names)})"


def game_title(game_id: str) -> str:
    """The game's title (its id for a game this app does not have)."""
    return GAMES.info(game_id).title if game_id in GAMES else game_id


def state_line(held: HeldSeat, status: TableStatus | None) -> tuple[str, tuple[int, int, int]]:
    """What a row says of its table, and in which ink."""
    if held.closed:
        return "Closed by the host", MUTED
    if status is None:
        return "Asking the server…", MUTED
    if status.state == UNREACHABLE:
        return "Server not reachable", MUTED
    if status.state == GONE:
        return "No longer on the server", MUTED
    names = status.names or held.names
    if status.over:
        winners = [names[w] for w in status.winners if w < len(names)]
        return (f"Finished: {' and '.join(winners)} won" if winners else "Finished"), INK
    if not status.started:
        return "Not started yet: the host starts it in the lobby", INK
    if status.your_move:
        return f"Move {status.step + 1}", CRIMSON
    who = (
        names[status.current] if status.current is not None and status.current < len(names) else "the others"
    )
    return f"Waiting for {who} · move {status.step + 1}", INK


def removable(held: HeldSeat, status: TableStatus | None) -> bool:
    """True for a table that is over or gone (any row may be removed; these say so)."""
    return held.closed or (status is not None and (status.state == GONE or status.over))


class ContinueScene(RowListScene):
    """The last local game and the online tables; a click continues one."""

    help_title = "Continue"
    HELP_KEYS = (
        ("Up / Down", "Choose a game"),
        ("Enter", "Continue the chosen game (an online table: take your seat again)"),
        ("Delete", "Remove the chosen online table from the list (after asking)"),
        ("F5", "Ask the servers again"),
        ("Esc", "Back"),
    )
    list_area = LIST
    heading_room = HEADING_H  # the section's heading stays in sight above a row the keys reach

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[Row] = []
        self.statuses: dict[tuple[str, str, int], TableStatus] = {}
        self.problem: str | None = None
        self.probe: StatusProbe | None = None
        self.button((PANEL.x, PANEL.bottom + 30, 240, 60), "Back", self.close, object_id="secondary")
        self.refresh_button = self.button(
            (PANEL.right - 300, PANEL.bottom + 30, 300, 60),
            "Ask the servers again",
            self.ask_again,
            object_id="secondary",
        )
        self.refresh()

    # -- the rows ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the last save and the held seats again, and ask the servers."""
        held = held_seats.load()
        self.problem = held.problem
        last = saves.last_save()
        local = (
            [Row(save=last, label=saves.describe_file(last) or "a saved game")] if last is not None else []
        )
        self.rows = local + [Row(held=seat) for seat in held.seats]
        self.hovered = None
        self.scroll = 0
        self.ask_again()

    def ask_again(self) -> None:
        """Ask every open table's server how it stands (in the background; answers come as they come)."""
        seats = [row.held for row in self.rows if row.held is not None]
        self.statuses = {key: status for key, status in self.statuses.items() if status.state == GONE}
        self.probe = StatusProbe(seats, on_answer=self.app.wake) if seats else None

    def status_of(self, held: HeldSeat) -> TableStatus | None:
        """The server's last answer about ``held`` (None while it is asked)."""
        return self.statuses.get(held.key)

    def update_scene(self, dt: float) -> None:
        """Take the answers that came (never waits)."""
        if self.probe is not None:
            self.statuses.update(self.probe.poll())

    def ticking(self) -> bool:
        """The rows change as servers answer: redrawn each time the resting app wakes."""
        return self.probe is not None and not self.probe.done

    def row_count(self) -> int:
        """The local game (if any) and the online seats."""
        return len(self.rows)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn: the local game first, then the online section below its heading."""
        online_from = 1 if self.rows and self.rows[0].held is None else 0
        y = LIST.y + HEADING_H + index * (ROW_H + ROW_GAP) - self.scroll
        if index >= online_from and online_from:
            y += HEADING_H
        return pygame.Rect(LIST.x, y, LIST.width, ROW_H)

    def row_actions(self, index: int) -> list[RowAction]:
        """The Remove button of an online row (none on the local game)."""
        if self.rows[index].held is None:
            return []
        return [RowAction(action_rect(self.row_rect(index), 0), "Remove", lambda: self.ask_remove(index))]

    def visible(self, index: int) -> bool:
        """True when row ``index`` shows whole in the list (the list shows the newest that fit)."""
        return LIST.contains(self.row_rect(index))

    def rows_in_sight(self) -> list[int]:
        """The rows that show whole: a row cut by the list's edge is neither drawn nor clickable."""
        return [index for index in range(len(self.rows)) if self.visible(index)]

    def row_name(self, index: int) -> str:
        """The row's own name (``Row.name``)."""
        return self.rows[index].name

    def heading_before(self, index: int) -> str | None:
        """ "On this computer" above the local game, "Online tables" above the first online seat."""
        row = self.rows[index]
        if index == 0 or (row.held is not None and self.rows[index - 1].held is None):
            return "On this computer" if row.held is None else "Online tables"
        return None

    def screen_keys(self) -> dict[int, Callable[[], None]]:
        """Esc goes back, F5 asks the servers again."""
        return {pygame.K_ESCAPE: self.close, pygame.K_F5: self.ask_again}

    # -- actions ---------------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        """Continue row ``index``: load the local game, or take the online seat again."""
        row = self.rows[index]
        if row.save is not None:
            self.app.load_match(row.save)
            return
        held = row.held
        assert held is not None
        status = self.status_of(held)
        if held.closed:
            self.app.toast("Its host closed this table: remove it from the list.", "info")
        elif status is not None and status.state == GONE:
            self.app.toast("The server no longer has this table: remove it from the list.", "info")
        elif rejoin(self.app, held) is None:
            self.app.toast(f"{held.address} is not a server address.")

    def ask_remove(self, index: int) -> None:
        """Remove an online row after asking."""
        held = self.rows[index].held
        if held is None:
            return
        gone = removable(held, self.status_of(held))
        note = "" if gone else " You can still take your seat again with its invite code."
        self.ask_first(
            "Remove this table?",
            f"{game_title(held.game)} with {', '.join(held.names)} leaves the list.{note}",
            "Remove",
            lambda: self.remove(held),
        )

    def remove(self, held: HeldSeat) -> None:
        """Forget the seat and read the list again."""
        try:
            held_seats.forget(held.key)
        except OSError as exc:
            self.app.toast(f"The list could not be changed ({exc.strerror or exc})")
            return
        self.app.toast(f"Removed {game_title(held.game)} at {held.address}", "info")
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, and the two sections."""
        surface.blit(artwork.felt(surface.get_size()), (0, 0))
        draw_heading(surface, "Continue", "Your last game here, and the online tables where you hold a seat.")
        draw_panel(surface, PANEL)
        if self.problem is not None:
            fonts.blit_text(
                surface,
                f"Your list of online tables was ignored: {self.problem}",
                fonts.SMALL,
                ERROR,
                (PANEL.x + 28, PANEL.bottom - 30),
                italic=True,
            )
        self.draw_rows(surface)
        if not self.rows:
            fonts.blit_text(
                surface, "Nothing to continue yet.", fonts.BODY, INK, PANEL.center, anchor="center"
            )

    def draw_row(self, surface: pygame.Surface, index: int) -> None:
        """The local game's line, or an online table: its state, where, and who sits there."""
        rect, row = self.row_rect(index), self.rows[index]
        draw_row_card(surface, rect, index == self.hovered)
        if row.held is None:
            fonts.blit_text(surface, "Your last game", 24, CRIMSON, (rect.x + 20, rect.y + 10), bold=True)
            fonts.blit_text(surface, row.label, fonts.SMALL, INK, (rect.x + 20, rect.y + 52))
            return
        status = self.status_of(row.held)
        _draw_state(surface, rect, row.held, status)
        names = (
            status.names
            if status is not None and status.state == ANSWERED and status.names
            else row.held.names
        )
        where_x = _draw_where(surface, rect, row.held)
        _draw_names(surface, (rect.x + 20, rect.y + 52), row.held, names, where_x - 24)


def rejoin(app: App, held: held_seats.HeldSeat) -> Scene | None:
    """Take a remembered seat again (the seat token, as after a dropped connection): the lobby,
    which opens the table at once if the game is on; None for an address that is not one."""
    url = held.url
    if url is None:
        return None
    match = RemoteMatch.join(url, held.table, held.token, client=NetClient(url, on_message=app.wake))
    match.tokens = {int(seat): token for seat, token in held.codes.items() if seat.isdigit()}
    match.invite = held.invite
    return app.push(LobbyScene(app, OnlineSession(match, None, held.address, created=held.created)))


def _draw_state(
    surface: pygame.Surface, rect: pygame.Rect, held: HeldSeat, status: TableStatus | None
) -> None:
    """The row's first line: the game, the "Your move" mark, and how the table stands (at the right)."""
    title = game_title(held.game)
    fonts.blit_text(surface, title, 24, CRIMSON, (rect.x + 20, rect.y + 10), bold=True)
    if status is not None and status.your_move and not held.closed:
        _draw_your_move(surface, (rect.x + 36 + fonts.font(24, bold=True).size(title)[0], rect.y + 12))
    text, ink = state_line(held, status)
    fonts.blit_text(
        surface,
        text,
        fonts.SMALL,
        ink,
        (rect.right - 20, rect.y + 14),
        anchor="topright",
        italic=ink == MUTED,
        bold=ink == CRIMSON,
    )


def _draw_where(surface: pygame.Surface, rect: pygame.Rect, held: HeldSeat) -> int:
    """The server and when the player last sat there, left of Remove; returns where it starts."""
    when = dt.datetime.fromtimestamp(held.played).strftime("%d %b, %H:%M") if held.played else ""
    where = f"at {held.address}" + (f" · last played {when}" if when else "")
    right = rect.right - 20 - ACTION_W - 20
    fonts.blit_text(surface, where, fonts.SMALL, MUTED, (right, rect.y + 55), anchor="topright", italic=True)
    return right - fonts.font(fonts.SMALL, italic=True).size(where)[0]


def _draw_names(
    surface: pygame.Surface, topleft: tuple[int, int], held: HeldSeat, names: tuple[str, ...], limit: int
) -> None:
    """Who sits at the table, each with their seat's badge, this player's name in bold; names that
    would reach ``limit`` are left out with "…"."""
    colours = seat_colours_for(held.game, len(names)) if names else ()
    x, y = topleft
    for seat, name in enumerate(names):
        label = fonts.render(
            f"{name} (you)" if seat == held.seat else name, fonts.SMALL, INK, bold=seat == held.seat
        )
        if x + 32 + label.get_width() > limit:
            fonts.blit_text(surface, "…", fonts.SMALL, INK, (x, y + 3))
            return
        surface.blit(player_badge(colours[seat], 26), (x, y))
        surface.blit(label, (x + 32, y + 3))
        x += 32 + label.get_width() + 22


def _draw_your_move(surface: pygame.Surface, topleft: tuple[int, int]) -> None:
    """The gold "Your move" mark beside a table's title."""
    text = fonts.render(YOUR_MOVE, fonts.SMALL, INK, bold=True)
    pill = pygame.Rect(topleft, (text.get_width() + 24, 28))
    pygame.draw.rect(surface, GOLD_LIGHT, pill, border_radius=14)
    pygame.draw.rect(surface, CRIMSON, pill, 2, border_radius=14)
    surface.blit(text, text.get_rect(center=pill.center))
