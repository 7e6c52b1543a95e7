"""A live table server on a background thread, and bot clients that play through ``RemoteMatch``.

The server runs on its own asyncio loop in a thread (as ``crimson-table serve`` runs it in a
process), bound to 127.0.0.1 on a free port; computer seats think in a thread pool here (the
process pool is tested on its own), so the tests wait for no interpreter start-up.
"""

from __future__ import annotations

import asyncio
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from crimson_table.engine.core import Action
from crimson_table.engine.rng import Rng
from crimson_table.net.client import NetClient, RemoteMatch
from crimson_table.net.listening import end_tasks, listening
from crimson_table.net.server import Limits, TableServer
from crimson_table.net.store import TableStore

T = TypeVar("T")
TEST_LIMITS = Limits(client_seeds=True, rate=1000.0, burst=1000.0, tables_per_address=1000)


class LiveServer:
    """A TableServer listening on loopback in a background thread."""

    def __init__(self, server: TableServer, tls: ssl.SSLContext | None = None) -> None:
        self.server = server
        self.tls = tls
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the test server did not start")
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        finally:
            end_tasks(self.loop)
            self.loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        self.server.resume()
        async with listening(self.server.handler, "127.0.0.1", 0, ssl=self.tls) as ws:
            self.port = ws.sockets[0].getsockname()[1]
            self.server.start_bots()
            self._ready.set()
            await self._stop.wait()

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the server's loop and return its result (reads the tables safely)."""

        async def inside() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(inside(), self.loop).result(10)

    def state_hash(self, table_id: str) -> str:
        """The server's own hash of a table's position (what a client's copy must come to)."""

        def read() -> str:
            table = self.server.table(table_id)
            assert table is not None, f"the server has no table {table_id}"
            return table.match.state_hash()

        return self.call(read)

    def stop(self) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)
        self.server.close()


@contextmanager
def live_server(
    data: Path | None = None,
    bots: Executor | None = None,
    limits: Limits = TEST_LIMITS,
    tls: ssl.SSLContext | None = None,
) -> Iterator[LiveServer]:
    pool = bots or ThreadPoolExecutor(max_workers=2)
    store = TableStore(data / "tables.sqlite3") if data is not None else None
    live = LiveServer(TableServer(store, pool, limits), tls).start()
    try:
        yield live
    finally:
        live.stop()
        if bots is None:
            pool.shutdown(wait=False, cancel_futures=True)


def seeded_picker(seed: int) -> Callable[[RemoteMatch, list[Action]], Action]:
    """A bot client's choice: a random legal action from a seeded PRNG."""
    rng = Rng.from_seed(seed)
    return lambda match, legal: legal[rng.below(len(legal))]


def play_out(
    matches: list[RemoteMatch],
    pick: Callable[[RemoteMatch, list[Action]], Action],
    timeout: float = 60.0,
    on_act: Callable[[RemoteMatch, Action], Any] | None = None,
) -> list[Action]:
    """Pump every client and let whichever seat is to act choose, until the game is over.

    Returns the actions in the order the clients sent them (as they were accepted).
    """
    deadline = time.monotonic() + timeout
    sent: list[Action] = []
    while not all(m.is_over() and m.ready for m in matches):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the game did not end in {timeout} s (step {[m.step for m in matches]})")
        moved = False
        for match in matches:
            moved |= match.pump() > 0
            legal = match.legal_actions()
            if legal:
                action = pick(match, legal)
                match.apply(action)
                sent.append(action)
                if on_act is not None:
                    on_act(match, action)
                moved = True
        if not moved:
            time.sleep(0.001)
    return sent


def wait_ready(*matches: RemoteMatch, timeout: float = 10.0) -> None:
    for match in matches:
        if not match.wait_until(lambda m=match: m.ready and m.game_id is not None, timeout):
            raise TimeoutError(f"no answer from the table: {match.errors}")


def seat_everyone(
    url: str,
    game_id: str,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    bots: tuple[int, ...] = (),
    record: bool = False,
    spectators: bool = False,
) -> tuple[list[RemoteMatch], list[list[str]]]:
    """A started table with a client at every human seat (the host at seat 0), frames recorded."""
    frames: list[list[str]] = [[] for _ in range(players)]
    specs = [
        {"kind": "host" if i == 0 else ("bot" if i in bots else "remote"), "name": f"P{i}", "level": "random"}
        for i in range(players)
    ]
    host = RemoteMatch.host(
        url,
        game_id,
        specs,
        options,
        seed=seed,
        spectators=spectators,
        client=NetClient(url, record=frames[0] if record else None),
    )
    wait_ready(host)
    matches = [host]
    for seat in range(1, players):
        if seat in bots:
            continue
        client = NetClient(url, record=frames[seat] if record else None)
        matches.append(RemoteMatch.join(url, host.table_id or "", host.tokens[seat], client=client))
    wait_ready(*matches)
    host.start()
    for match in matches:
        match.wait_until(lambda m=match: m.started, 10)
    return matches, frames


def host_and_join(
    url: str, game_id: str, seats: list[dict[str, Any]], seed: int
) -> tuple[RemoteMatch, RemoteMatch]:
    """Seat 0 hosts a table of ``seats``; seat 1 takes its seat with its token.  Both have heard
    the table; it is not started (the lobby)."""
    host = RemoteMatch.host(url, game_id, seats, seed=seed, client=NetClient(url))
    wait_ready(host)
    friend = RemoteMatch.join(url, host.table_id or "", host.tokens[1], client=NetClient(url))
    wait_ready(friend)
    return host, friend


def start_table(host: RemoteMatch, *others: RemoteMatch) -> None:
    """The host starts the table; returns once every client has heard the first position."""
    host.start()
    for match in (host, *others):
        assert match.wait_until(lambda m=match: m.started and m.ready, 10), "the table did not start"


def close_all(matches: list[RemoteMatch]) -> None:
    for match in matches:
        match.close()
