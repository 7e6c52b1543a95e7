"""``crimson-table serve``: run the table server headless (no window, no pygame).

It binds 127.0.0.1 unless told otherwise (``--host 0.0.0.0`` to take players from the
network), keeps its tables in ``--data DIR`` (``tables.sqlite3``; by default the app's user data
folder) and resumes every table found there.  With ``--certfile`` and ``--keyfile`` it speaks
``wss://`` (TLS).  SIGTERM or Ctrl+C stop it cleanly; SIGKILL loses nothing either (the store
commits every accepted action).  It prints one line when it listens:
``Crimson Table server listening on ws://HOST:PORT`` (``--port 0`` picks a free port).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path

from crimson_table.net.bots import worker_pool
from crimson_table.net.listening import listening
from crimson_table.net.server import Limits, TableServer
from crimson_table.net.store import TableStore
from crimson_table.play.saves import user_data_dir

STORE_NAME = "tables.sqlite3"


def build_parser() -> argparse.ArgumentParser:
    """The ``serve`` command's options."""
    parser = argparse.ArgumentParser(prog="crimson-table serve", description="Run the online table server.")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    parser.add_argument("--data", type=Path, help="folder of the tables' database (default: the app's data)")
    parser.add_argument("--certfile", type=Path, help="TLS certificate (PEM): serve wss://")
    parser.add_argument("--keyfile", type=Path, help="TLS private key (PEM), with --certfile")
    parser.add_argument("--bot-workers", type=int, default=2, help="processes the computer seats think in")
    parser.add_argument(
        "--tables-per-address",
        type=int,
        default=Limits.tables_per_address,
        help=f"unfinished tables one address may create (default {Limits.tables_per_address})",
    )
    parser.add_argument("--verbose", action="store_true", help="log more detail")
    return parser


def tls_context(certfile: Path, keyfile: Path) -> ssl.SSLContext:
    """A server TLS context from a PEM certificate and key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


async def run(server: TableServer, host: str, port: int, tls: ssl.SSLContext | None = None) -> None:
    """Serve until SIGTERM/SIGINT (or the task is cancelled)."""
    server.resume()
    async with listening(server.handler, host, port, ssl=tls, server_header=None) as served:
        bound = served.sockets[0].getsockname()
        scheme = "wss" if tls is not None else "ws"
        print(f"Crimson Table server listening on {scheme}://{host}:{bound[1]}", flush=True)
        server.start_bots()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(
                NotImplementedError, RuntimeError
            ):  # Windows: Ctrl+C is KeyboardInterrupt
                loop.add_signal_handler(sig, stop.set)
        await stop.wait()


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options and serve; returns the exit code."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    if (args.certfile is None) != (args.keyfile is None):
        build_parser().error("--certfile and --keyfile go together")
    try:
        tls = tls_context(args.certfile, args.keyfile) if args.certfile is not None else None
    except OSError as exc:  # a missing file, a key that does not fit the certificate (ssl.SSLError)
        print(f"crimson-table serve: cannot use the certificate and key: {exc}", file=sys.stderr)
        return 1
    data = args.data if args.data is not None else user_data_dir() / "server"
    limits = Limits(tables_per_address=args.tables_per_address)
    server = TableServer(TableStore(data / STORE_NAME), worker_pool(max(1, args.bot_workers)), limits)
    try:
        asyncio.run(run(server, args.host, args.port, tls))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"crimson-table serve: {exc}", file=sys.stderr)
        return 1
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
