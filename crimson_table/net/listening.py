"""Listening for connections, and letting them all go when the server stops.

``websockets``' own close waits for every connection's handler, and one still in its opening
handshake (a friend arriving just as the host leaves, a request never finished) would hold a
server's stop for the whole handshake timeout.  :func:`listening` notes each TCP connection as it
is made, and when the server stops it cuts those that have not closed after ``CLOSE_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve

from crimson_table.net.protocol import MAX_FRAME

CLOSE_SECONDS = 1.0  # a client that does not answer the closing handshake is let go after this
Transports = weakref.WeakSet[asyncio.Transport]


@contextlib.asynccontextmanager
async def listening(handler: Any, host: str, port: int, **options: Any) -> AsyncIterator[Server]:
    """``websockets.serve`` with the table protocol's frame limit, closed within about
    ``2 × CLOSE_SECONDS`` whatever the connections do."""
    transports: Transports = weakref.WeakSet()
    async with serve(
        handler,
        host,
        port,
        max_size=MAX_FRAME,
        compression=None,
        close_timeout=CLOSE_SECONDS,
        create_connection=_tracked(transports),
        **options,
    ) as server:
        try:
            yield server
        finally:
            await _close(server, transports)


async def _close(server: Server, transports: Transports) -> None:
    server.close()
    try:
        await asyncio.wait_for(asyncio.shield(server.wait_closed()), CLOSE_SECONDS)
    except asyncio.TimeoutError:  # (asyncio's own until Python 3.11)
        for transport in list(transports):
            transport.abort()  # its handshake ends with the connection
        await server.wait_closed()


def _tracked(transports: Transports) -> type[ServerConnection]:
    """A connection class that notes each TCP connection as it is made, handshake done or not (the
    server's own list holds only the connections whose handshake is done)."""

    class TrackedConnection(ServerConnection):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            if isinstance(transport, asyncio.Transport):
                transports.add(transport)

    return TrackedConnection


def end_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """End what still runs on ``loop`` before it closes, as ``asyncio.run`` does: a task left
    pending is collected after the loop closed and prints "Exception ignored" on the app's stderr."""
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    with contextlib.suppress(RuntimeError):  # the loop was stopped from outside: nothing can run
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
