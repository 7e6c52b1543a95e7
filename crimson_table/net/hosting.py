"""A table server run inside the app, on its own thread, for a host who plays at their own table.

:class:`HostedServer` runs a :class:`~crimson_table.net.server.TableServer` on an asyncio loop
in a background thread (never the app's frame thread), as ``crimson-table serve`` runs one in a
process.  It binds 127.0.0.1 unless the host lets players on their network join (0.0.0.0), on a
free port.  The tables live as long as the server: it keeps them in memory only, so the table
ends when the host leaves it or closes the app; every player still there is told (``closed``) before the
connections close.  Computer seats think in worker processes
(:mod:`.bots`), so neither the server's loop nor the app's frames wait for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from concurrent.futures import Executor

from crimson_table.net.bots import worker_pool
from crimson_table.net.listening import CLOSE_SECONDS, end_tasks, listening
from crimson_table.net.server import Limits, TableServer

LOOPBACK, EVERYWHERE = "127.0.0.1", "0.0.0.0"  # noqa: S104 - the host chose to open it to the network
START_SECONDS = 10.0


class HostedServer:
    """A table server listening on a background thread; :meth:`start` returns once it listens."""

    def __init__(
        self, network: bool = False, bots: Executor | None = None, limits: Limits | None = None
    ) -> None:
        self.bind = EVERYWHERE if network else LOOPBACK
        self._pool = bots or worker_pool(1)
        self._own_pool = bots is None
        self.server = TableServer(None, self._pool, limits)
        self.port = 0
        self.error: str | None = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="crimson-table-host", daemon=True)

    @property
    def url(self) -> str:
        """Where this computer's own client connects."""
        return f"ws://{LOOPBACK}:{self.port}"

    @property
    def running(self) -> bool:
        """True while the server's thread runs (from :meth:`start` until :meth:`stop` has ended it)."""
        return self._thread.is_alive()

    def address(self) -> str:
        """What the host tells friends: this computer's network address (or loopback) and the port."""
        return f"{lan_address() if self.bind == EVERYWHERE else LOOPBACK}:{self.port}"

    def start(self) -> HostedServer:
        """Listen (raises OSError with the reason if the port cannot be opened)."""
        self._thread.start()
        if not self._ready.wait(START_SECONDS) or self.error is not None:
            self.stop()
            raise OSError(self.error or "the table server did not start")
        return self

    def stop(self) -> None:
        """Close every connection, stop the loop and the bots' workers (returns within seconds; again,
        it does nothing)."""
        if self._stop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: it has stopped
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread.is_alive():
            self._thread.join(5.0)
        self.server.close()
        if self._own_pool:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve())
        except OSError as exc:
            self.error = exc.strerror or str(exc)
            self._ready.set()
        finally:
            end_tasks(self._loop)
            self._loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        async with listening(self.server.handler, self.bind, 0) as server:
            self.port = int(server.sockets[0].getsockname()[1])
            self._ready.set()
            await self._stop.wait()
            self.server.close_tables()
            await self._let_frames_out()

    async def _let_frames_out(self) -> None:
        """Give the connections a moment to write what is queued (the ``closed`` message) before
        the server closes them; a player who reads nothing is not waited for past CLOSE_SECONDS."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CLOSE_SECONDS
        while self.server.backlog() and loop.time() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.02)  # the frame a writer took last is being sent


def lan_address() -> str:
    """This computer's address on its network, as others reach it (loopback if none is found).

    Connecting a UDP socket sends nothing: it only asks the system which address it would use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK
