"""An online table's side of each frame: what the server sent, told as a local move would be.

A table whose match is remote (``match.remote``: a :class:`~crimson_table.net.client.RemoteMatch`)
gets a :class:`RemoteFeed`.  Once a frame it reads the replies the network thread has collected
(``pump``, which never waits) and hands the table each step the server applied, whoever took it,
through the same path a local move takes (``BaseGameScene._after_apply``: the events queue for
the choreography and the log, the view is refreshed); a step taken back (an undo) resets the
table as a local undo does.  A refused request shows as the usual red toast with its rule, and a
person losing or finding their connection again gets a notice.  Closing the table closes the
connection (:meth:`RemoteFeed.close`).

The feed also says whom the table waits for (a person elsewhere, or a computer seat thinking on
the server), so the table shows "Waiting for Ben…" rather than running a bot of its own.  Once a
person has been away a while (``protocol.STAND_IN_AFTER``), the others are asked whether to wait or
let Captain play that seat until they return (the server decides; their return gives it back).

A table whose host closes it (the host's own app ran it) ends for everyone: the feed says so in
a dialog that leads back to the menu, the connection is not retried, and the seat this player
kept for Continue is marked closed.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from crimson_table.net import held_seats, protocol

if TYPE_CHECKING:  # the network's client is loaded by an online table's screens, not by every table
    from crimson_table.net.client import RemoteMatch
    from crimson_table.ui.tables.base import BaseGameScene

NOTICE_SECONDS = 5.0


class RemoteFeed:
    """The server's updates, refusals and who is away, for one online table."""

    def __init__(self, table: BaseGameScene) -> None:
        self.table = table
        # The table holds it as a Match: RemoteMatch offers the part of Match that tables use.
        self.match = cast("RemoteMatch", table.match)
        self.match.take_updates()  # the table is built from the position: what led there is in its log
        self.away: set[int] = self.match.away_seats()
        self.left_at: dict[int, float] = dict.fromkeys(self.away, time.monotonic())  # when each went
        self.asked: set[int] = set()  # the seats this screen already offered Captain for
        self.standing: set[int] = self.stand_ins()
        # What closing the table ends: the connection, and whatever the screen that opened it adds
        # (a host's own server, ``screens/online/session.py``).
        self.closers: list[Callable[[], None]] = [self.match.close]
        self.hosts_table = False  # this app runs the table's server: leaving closes it for everyone
        self.told_closed = False  # the players were told the host closed the table

    def close(self) -> None:
        """The table closes: leave it (the seat stays this player's; the code takes it again)."""
        closers, self.closers = self.closers, []
        for close in closers:
            close()

    @property
    def connected(self) -> bool:
        """True while this screen's connection to the server is open (it reopens by itself)."""
        return bool(self.match.connected)

    @property
    def hosts_online_table(self) -> bool:
        """True while leaving would close the table for the others (the app asks before quitting)."""
        return self.hosts_table and not self.told_closed

    @property
    def closed(self) -> bool:
        """True once the host closed the table (the game cannot go on)."""
        return self.match.closed_by_host is not None

    def connection_note(self) -> str | None:
        """What the table says over everything when the server is gone (None while connected)."""
        if self.match.closed_by_host is not None:
            return self.match.closed_by_host.rstrip(".")
        return None if self.connected else "Connection lost: reconnecting"

    def update(self) -> None:
        """Read what arrived (never waits) and show it."""
        match = self.match
        last_actor = match.actor_of(match.step - 1) if match.step else None  # who an undo takes back
        match.pump()
        for step, events in match.take_updates():
            if events:
                self.table.show_move(match.actor_of(step - 1), events)
            else:
                self.table.show_reset([e for i in range(step) for e in match.events_of(i)])
                self._tell_undo(last_actor)
        while match.refusals:
            refused = match.refusals.pop(0)
            self.table.app.toast(f"{self.table.with_names(refused.reason)} ({refused.rule_id})")
        while match.errors:
            self.table.app.toast(str(match.errors.pop(0).get("message", "The table refused that.")))
        if match.closed_by_host is not None:
            self._tell_closed(match.closed_by_host)
            return
        self._note_presence()

    def _tell_closed(self, message: str) -> None:
        """Once: the host closed the table; the kept seat says so, and the dialog leads to the menu."""
        if self.told_closed:
            return
        self.told_closed = True
        if self.match.table_id is not None:
            with contextlib.suppress(OSError):  # else the list says "not reachable": nothing is lost
                held_seats.mark_closed(self.match.client.url, self.match.table_id)
        self._ask_closed(message)

    def _ask_closed(self, message: str) -> None:
        from crimson_table.ui.screens.dialog import ChoiceDialog

        app = self.table.app
        app.push(
            ChoiceDialog(
                app,
                message.rstrip("."),
                f"{self.host_name()} left, and the table ran on their computer: the game ends here.",
                [("Back to the menu", app.go_to_menu)],
                kind="info",
            )
        )

    def _tell_undo(self, actor: int | None) -> None:
        """Say who took a move back, as a local undo does."""
        if actor in self.match.local_seats():
            self.table.app.toast("Took back your move.", "info")
        elif actor is not None:
            self.table.app.toast(f"{self.table.seat_names[actor]} took back a move.", "info")

    def _note_presence(self) -> None:
        """A notice when a person's connection drops or comes back (the server's lobby says so)."""
        away = self.match.away_seats()
        names = self.table.seat_names
        for seat in sorted(away - self.away):
            self.table.app.toast(f"{names[seat]} has lost connection.", "info", NOTICE_SECONDS)
        for seat in sorted(self.away - away):
            self.table.app.toast(f"{names[seat]} is back at the table.", "info", NOTICE_SECONDS)
        now = time.monotonic()
        self.left_at = {seat: self.left_at.get(seat, now) for seat in away}
        self.asked &= away
        self.away = away
        standing = self.stand_ins()
        for seat in sorted(standing - self.standing):
            self.table.app.toast(
                f"Captain plays for {names[seat]} until they return.", "info", NOTICE_SECONDS
            )
        self.standing = standing
        self._offer_stand_in(now)

    def stand_ins(self) -> set[int]:
        """The people's seats Captain plays while they are away (the server's lobby says so)."""
        return {i for i, seat in enumerate(self.match.lobby.get("seats", [])) if seat.get("stand_in")}

    def _offer_stand_in(self, now: float) -> None:
        """Someone gone a while, the game on: wait for them, or let Captain play their seat?"""
        if self.match.is_over() or not self.match.started or self.table.app.top is not self.table:
            return
        if not self.match.local_seats():  # a spectator has no say in who plays a seat
            return
        for seat in sorted(self.away - self.asked - self.standing):
            if now - self.left_at[seat] < protocol.STAND_IN_AFTER or seat in self.match.local_seats():
                continue
            self.asked.add(seat)
            self._ask(seat)
            return

    def _ask(self, seat: int) -> None:
        from crimson_table.ui.screens.dialog import ChoiceDialog

        name = self.table.seat_names[seat]
        self.table.app.push(
            ChoiceDialog(
                self.table.app,
                f"{name} is away",
                f"{name} lost connection a while ago. Wait for them, or let Captain play for {name} "
                "until they come back?",
                [(f"Captain plays for {name}", lambda: self.match.stand_in(seat)), ("Wait", lambda: None)],
                kind="info",
            )
        )

    def host_name(self) -> str:
        """The name at the host's seat ("The host" if the lobby never said)."""
        seats = self.match.lobby.get("seats", [])
        return next((str(s["name"]) for s in seats if s.get("kind") == "host"), "The host")

    def waiting_seat(self) -> int | None:
        """The seat the table waits for: another person, or a computer seat thinking on the server."""
        seat = self.match.current_seat()
        if seat is None or self.match.is_over() or seat in self.match.local_seats():
            return None
        return int(seat)

    def waiting_text(self, seat: int) -> str:
        """What the table says while ``seat`` decides elsewhere (without the dots)."""
        name = self.table.seat_names[seat]
        if not self.match.seats[seat].is_human:
            return f"{name} is thinking"
        if seat in self.standing:
            return f"Captain is playing for {name}"
        if seat in self.away:
            return f"Waiting for {name} to reconnect"
        return f"Waiting for {name}"
