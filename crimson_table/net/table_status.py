"""How each held online table stands, asked of its server in the background.

:class:`StatusProbe` asks every server at once on its own thread (never the app's frame thread):
one short connection per table, a ``status`` request with the seat's token, the answer or a
timeout.  The screen reads the answers with :meth:`StatusProbe.poll` as they come.  A server that
does not answer in time, or refuses the connection, is "not reachable" (that is no error: a
friend's computer is often off); a server that answers that the token opens nothing there has
lost the table (deleted, or an in-app host's table that ended).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from crimson_table.net import protocol
from crimson_table.net.held_seats import HeldSeat

TIMEOUT = 4.0  # seconds a server has to answer before it counts as not reachable
MAX_ANSWER = 64 * 1024

ANSWERED, UNREACHABLE, GONE = "answered", "unreachable", "gone"


@dataclass(frozen=True)
class TableStatus:
    """A server's answer about one table (``state``: answered, unreachable or gone)."""

    state: str
    seat: int | None = None
    started: bool = False
    step: int = 0
    current: int | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    names: tuple[str, ...] = ()

    @property
    def your_move(self) -> bool:
        """True when the table waits for this seat."""
        return self.state == ANSWERED and self.started and not self.over and self.current == self.seat

    @classmethod
    def from_reply(cls, reply: dict[str, Any]) -> TableStatus:
        """The ``status`` reply as a TableStatus (raises KeyError/TypeError/ValueError if malformed)."""
        current = reply.get("current")
        return cls(
            ANSWERED,
            seat=int(reply["seat"]),
            started=bool(reply["started"]),
            step=int(reply["step"]),
            current=int(current) if current is not None else None,
            over=bool(reply["over"]),
            winners=tuple(int(w) for w in reply.get("winners") or ()),
            names=tuple(str(n) for n in reply.get("names") or ()),
        )


async def ask_status(url: str, table: str, token: str, timeout: float = TIMEOUT) -> TableStatus:
    """Ask the server at ``url`` how ``table`` stands for the holder of ``token`` (never raises)."""
    try:
        return await asyncio.wait_for(_ask(url, table, token, timeout), timeout)
    except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, asyncio.TimeoutError, ValueError):
        return TableStatus(UNREACHABLE)


async def _ask(url: str, table: str, token: str, timeout: float) -> TableStatus:
    request = protocol.request("status", 1, table=table, token=token)
    async with connect(
        url, open_timeout=timeout, close_timeout=0.5, compression=None, max_size=MAX_ANSWER
    ) as ws:
        await ws.send(protocol.encode(request))
        async for frame in ws:
            reply = json.loads(frame)
            if not isinstance(reply, dict) or reply.get("id") != 1:
                continue
            if reply.get("type") == "status":
                try:
                    return TableStatus.from_reply(reply)
                except (KeyError, TypeError, ValueError):
                    return TableStatus(UNREACHABLE)  # not a server of ours
            return TableStatus(GONE)  # the token opens nothing there (any refusal)
    return TableStatus(UNREACHABLE)


class StatusProbe:
    """Asks every held seat's server how its table stands, on a thread of its own; :meth:`poll`
    never blocks.  ``on_answer`` is called (on that thread) after each answer, to wake the app."""

    def __init__(
        self,
        seats: Sequence[HeldSeat],
        timeout: float = TIMEOUT,
        on_answer: Callable[[], None] | None = None,
    ) -> None:
        self.seats = [s for s in seats if not s.closed]
        self.timeout = timeout
        self.on_answer = on_answer
        self._answers: queue.SimpleQueue[tuple[tuple[str, str, int], TableStatus]] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="crimson-table-status", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        """True once every server has answered or timed out."""
        return not self._thread.is_alive()

    def poll(self) -> list[tuple[tuple[str, str, int], TableStatus]]:
        """The answers that came since the last call: (held seat's key, status)."""
        out = []
        while True:
            try:
                out.append(self._answers.get_nowait())
            except queue.Empty:
                return out

    def join(self, timeout: float) -> None:
        """Wait for the thread to end (tests)."""
        self._thread.join(timeout)

    def _run(self) -> None:
        asyncio.run(self._ask_all())

    async def _ask_all(self) -> None:
        await asyncio.gather(*(self._ask_one(seat) for seat in self.seats))

    async def _ask_one(self, seat: HeldSeat) -> None:
        url = seat.url
        status = (
            await ask_status(url, seat.table, seat.token, self.timeout)
            if url is not None
            else TableStatus(UNREACHABLE)
        )
        self._answers.put((seat.key, status))
        if self.on_answer is not None:
            with contextlib.suppress(Exception):  # a caller's wake-up never stops the others
                self.on_answer()
