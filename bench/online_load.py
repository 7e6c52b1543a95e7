"""Online tables under load: N tables of bot clients against one ``crimson-table serve`` on loopback.

The server runs as its own process (as in production: ``python -m crimson_table serve`` with a
fresh data folder), so its CPU time and memory are read apart from the clients'
(``/proc/<pid>``, Linux).  The clients are one asyncio process speaking the protocol directly
(two WebSocket connections per table, the host and a remote guest): each seat, when an update
gives it legal actions, waits a think time (``--think`` seconds, ±50 %), picks a random legal
action and sends it; the *round trip* is the time from sending the action to receiving the update
that applied it.  A table whose game ends starts another, so the load holds for ``--seconds``.
Games rotate over the five games at two seats (``--game`` picks one).

    python bench/online_load.py [--tables 50] [--seconds 60] [--think 0.5] [--game mixed] [--json]

Reported: tables, games finished, actions/s, p50/p95/p99 round trip, the server's CPU (% of one
core, and per table) and resident memory (total and the growth per table), the clients' own CPU
(they share the box: a saturated client process inflates the round trips), the load average before
and after.  The goal on a quiet box is 200 tables with p95 at most 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

GAMES = ("two_crowns", "crimson_company", "condottiere", "crusader_kingdoms", "crimson_keep")
ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Tally:
    """What the clients measured."""

    round_trips: list[float] = field(default_factory=list)
    actions: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)


def start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    """``crimson-table serve`` on a free loopback port; returns the process and its URL."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "crimson_table", "serve", "--port", "0", "--data", str(data)]
    command += ["--tables-per-address", "100000"]  # every bench table comes from 127.0.0.1
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert process.stdout is not None
    line = process.stdout.readline()
    if "listening on " not in line:
        raise RuntimeError(f"the server did not start: {line!r}")
    return process, line.rsplit(" ", 1)[-1].strip()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (others are read past)."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            raise RuntimeError(message["message"])


async def seat(ws: ClientConnection, tally: Tally, deadline: float, rng: random.Random, think: float) -> None:
    """Play one seat until its game ends or time is up."""
    sent: tuple[int, float] | None = None
    while time.monotonic() < deadline:
        message = json.loads(await ws.recv())
        if message["type"] != "update":
            continue
        if sent is not None and message["step"] > sent[0]:
            tally.round_trips.append(time.perf_counter() - sent[1])
            tally.actions += 1
            sent = None
        if message["over"]:
            return
        if message["legal"] and sent is None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            action = rng.choice(message["legal"])
            sent = (message["step"], time.perf_counter())
            await ws.send(json.dumps({"type": "act", "step": message["step"], "action": action}))


async def table(url: str, game: str, tally: Tally, deadline: float, seed: int, think: float) -> None:
    """One table after another at two seats until ``deadline``."""
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        try:
            async with connect(url, max_size=2**24, compression=None) as host:
                seats = [{"kind": "host", "name": "Host"}, {"kind": "remote", "name": "Guest"}]
                await host.send(json.dumps({"type": "create", "game": game, "seats": seats}))
                created = await next_of(host, "created")
                async with connect(url, max_size=2**24, compression=None) as guest:
                    join = {"type": "join", "table": created["table"], "token": created["tokens"]["1"]}
                    await guest.send(json.dumps(join))
                    await next_of(guest, "seated")
                    await host.send(json.dumps({"type": "start"}))
                    left = deadline - time.monotonic() + 10
                    await asyncio.wait_for(
                        asyncio.gather(
                            seat(host, tally, deadline, rng, think), seat(guest, tally, deadline, rng, think)
                        ),
                        timeout=max(left, 1),
                    )
                    tally.games += time.monotonic() < deadline
        except (ConnectionClosed, OSError, RuntimeError, asyncio.TimeoutError) as exc:
            tally.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.5)


async def load(url: str, tables: int, seconds: float, think: float, game: str) -> Tally:
    """Run every table for ``seconds`` (tables start spread over the first second)."""
    tally = Tally()
    deadline = time.monotonic() + seconds
    jobs = []
    for index in range(tables):
        chosen = GAMES[index % len(GAMES)] if game == "mixed" else game
        jobs.append(table(url, chosen, tally, deadline, index, think))
    await asyncio.gather(*(stagger(job, index / max(tables, 1)) for index, job in enumerate(jobs)))
    return tally


async def stagger(job: Any, delay: float) -> None:
    await asyncio.sleep(delay)
    await job


def percentile(values: list[float], q: int) -> float:
    """The ``q``-th percentile in milliseconds (0 without values)."""
    if len(values) < 2:
        return 1000 * values[0] if values else 0.0
    return 1000 * statistics.quantiles(values, n=100)[q - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--think", type=float, default=0.5, help="seconds a seat waits before it acts (±50%%)"
    )
    parser.add_argument("--game", default="mixed", choices=("mixed", *GAMES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = figures(args.tables, args.seconds, args.think, args.game)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


def figures(
    tables: int = 50, seconds: float = 60.0, think: float = 0.5, game: str = "mixed"
) -> dict[str, Any]:
    """``tables`` tables of bot clients against one server on loopback for ``seconds``."""
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as data:
        server, url = start_server(Path(data))
        try:
            time.sleep(0.5)
            rss_idle, cpu_before, started = rss_mib(server.pid), cpu_seconds(server.pid), time.monotonic()
            clients_before = cpu_seconds(os.getpid())
            tally = asyncio.run(load(url, tables, seconds, think, game))
            elapsed = time.monotonic() - started
            cpu = cpu_seconds(server.pid) - cpu_before
            clients_cpu = cpu_seconds(os.getpid()) - clients_before
            rss_end = rss_mib(server.pid)
        finally:
            server.terminate()
            server.wait(30)
    report = {
        "tables": tables,
        "seconds": round(elapsed, 1),
        "think_s": think,
        "game": game,
        "games_finished": tally.games,
        "actions": tally.actions,
        "actions_per_s": round(tally.actions / elapsed, 1),
        "round_trip_ms": {
            q: round(percentile(tally.round_trips, n), 1) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))
        },
        "server_cpu_pct_of_core": round(100 * cpu / elapsed, 1),
        "server_cpu_pct_per_table": round(100 * cpu / elapsed / max(tables, 1), 3),
        "clients_cpu_pct_of_core": round(100 * clients_cpu / elapsed, 1),
        "server_rss_mib": round(rss_end, 1),
        "server_rss_mib_per_table": round((rss_end - rss_idle) / max(tables, 1), 3),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }
    return report


def format_report(report: dict[str, Any]) -> str:
    trip = report["round_trip_ms"]
    return "\n".join(
        [
            f"tables {report['tables']} ({report['game']}), {report['seconds']} s, think {report['think_s']} s",
            f"games finished {report['games_finished']}, actions {report['actions']} ({report['actions_per_s']}/s)",
            f"round trip p50 {trip['p50']} ms, p95 {trip['p95']} ms, p99 {trip['p99']} ms",
            f"server CPU {report['server_cpu_pct_of_core']} % of a core "
            f"({report['server_cpu_pct_per_table']} % per table)",
            f"the clients' process: {report['clients_cpu_pct_of_core']} % of a core",
            f"server RSS {report['server_rss_mib']} MiB (+{report['server_rss_mib_per_table']} MiB per table)",
            f"errors {report['errors']} {report['first_errors']}",
            f"load average before {report['load_average_before']}, after {report['load_average_after']} "
            f"({report['cpus']} CPUs)",
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
