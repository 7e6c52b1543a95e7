"""An online table as this screen holds it: the RemoteMatch, and the server when this app hosts.

The table's scene owns the session once the game starts (its RemoteFeed closes it when the
table closes): leaving the table closes the connection, and a host's leaving stops the server and
withdraws the table's announcement on the network (``net/lan.py``).
A seat at a table on another computer's server is remembered (``net/held_seats.py``) as soon as
the lobby knows it, so Continue can take it up again later; a host's seat at its own table is
not (that table ends when the host leaves it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

import pygame

from crimson_table.net import held_seats, lan
from crimson_table.net.client import RemoteMatch
from crimson_table.net.hosting import HostedServer
from crimson_table.play.match import Match, clean_name

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.scene import Scene

log = logging.getLogger(__name__)


@dataclass
class OnlineSession:
    """One screen's seat at an online table (``server``: the host's own, else None)."""

    match: RemoteMatch
    server: HostedServer | None = None
    address: str = ""  # what friends type to reach the server (host:port)
    created: bool = False  # this player created the table on another computer's server
    announcer: lan.LanAnnouncer | None = None  # the host's table announced on the network
    _kept: tuple[object, ...] | None = field(default=None, repr=False)  # what was last remembered

    @property
    def hosting(self) -> bool:
        """True when this player created the table (here, or on a server): the codes and Start."""
        return self.server is not None or self.created

    @property
    def closes_for_everyone(self) -> bool:
        """True when leaving ends the table for all: its server runs inside this app."""
        return self.server is not None and self.server.running

    def keep_seat(self) -> None:
        """Remember this seat for Continue once the table has answered (again when the names change);
        a seat at this app's own server is not kept, and a failing disk only costs the memory."""
        held = self.held_seat()
        fingerprint = (held.table, held.seat, held.names, tuple(held.codes.items())) if held else None
        if held is None or fingerprint == self._kept:
            return
        self._kept = fingerprint
        try:
            held_seats.remember(held)
        except OSError as exc:
            log.warning("could not remember the online seat: %s", exc)

    def note_closed(self) -> None:
        """The host closed the table: the seat kept for Continue says so (a failing disk costs only that)."""
        if self.match.table_id is None:
            return
        try:
            held_seats.mark_closed(self.match.client.url, self.match.table_id)
        except OSError as exc:
            log.warning("could not mark the online table closed: %s", exc)

    def held_seat(self) -> held_seats.HeldSeat | None:
        """This seat as Continue keeps it, or None (a spectator, this app's own server, no answer yet)."""
        match = self.match
        token = match.seat_token
        if self.server is not None or match.seat is None or token is None or match.table_id is None:
            return None
        if match.game_id is None or not match.seats:
            return None
        mine = self.created
        return held_seats.HeldSeat(
            address=self.address,
            table=match.table_id,
            seat=match.seat,
            token=token,
            game=match.game_id,
            names=tuple(seat.name for seat in match.seats),
            codes={str(k): v for k, v in match.tokens.items() if k != match.seat} if mine else {},
            invite=match.invite if mine else None,
            created=mine,
        )

    def announce(self) -> None:
        """Keep the table's announcement on the network as the lobby stands (open seats, spectators);
        returns at once (the announcer talks to the network on its own thread)."""
        if self.announcer is None:
            return
        table = lan.announcement(self.match.lobby, self.address)
        if table is not None:
            self.announcer.publish(table)

    def close(self) -> None:
        """Leave the table: close the connection, and stop the server and withdraw the table's
        announcement if this screen runs it."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.match.close()
        if self.server is not None:
            self.server.stop()
            self.server = None


def open_table(app: App, session: OnlineSession) -> Scene:
    """The game's own table for this seat, over a fresh main menu; the table then owns the session."""
    # The table holds a Match: RemoteMatch offers the part of Match that tables use (net/client.py).
    table = app.start_match(cast(Match, session.match))
    remote = getattr(table, "remote", None)
    if remote is not None:
        remote.closers.append(session.close)
        remote.hosts_table = session.closes_for_everyone
    return table


def remember_name(app: App, name: str) -> None:
    """Keep the name this player goes by online for the next table (hosting or joining)."""
    name = clean_name(name) if name.strip() else ""
    if name and name != app.settings.player_name:
        app.apply_settings(app.settings.with_changes(player_name=name))


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False where there is none (the text stays selectable)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError) as exc:  # no clipboard (headless, some Wayland setups)
        log.info("no clipboard: %s", exc)
        return False


CLOSE_TITLE = "Close the table?"
CLOSE_MESSAGE = "Leaving closes the table for everyone. It runs on this computer: the others cannot play on."


def ask_before_closing(app: App, leave: Callable[[], object]) -> None:
    """Ask the host whose app runs the table before leaving it (the others lose the table)."""
    from crimson_table.ui.screens.dialog import ConfirmDialog

    app.push(ConfirmDialog(app, CLOSE_TITLE, CLOSE_MESSAGE, "Close the table", leave))
