"""A dropped client, a client killed and started again, a server killed with SIGKILL: play goes on.

The server in the last test runs as its own process (``crimson-table serve``), is killed with
SIGKILL mid-game and started again on the same port and data folder; the clients find it again
by themselves and the game ends with every accepted action kept, in order.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from crimson_table.engine.core import Action, redact
from crimson_table.net.client import RemoteMatch
from crimson_table.net.protocol import event_to_json
from crimson_table.net.store import TableStore
from crimson_table.play.match import Match, Seat
from tests.net.helpers import close_all, live_server, play_out, seat_everyone, seeded_picker, wait_ready

ROOT = Path(__file__).resolve().parents[2]


def replay(game_id: str, players: int, seed: int, log: list[dict[str, Any]]) -> Match:
    match = Match.new(game_id, [Seat(f"P{i}") for i in range(players)], seed, {})
    for raw in log:
        match.apply(match.rules.action_from_dict(raw))
    return match


def same_history(remote: RemoteMatch, local: Match) -> None:
    """The client holds every step exactly once, each as the engine redacts it for its seat."""
    assert remote.step == local.step
    for index in range(local.step):
        mine = [event_to_json(e) for e in remote.events_of(index)]
        truth = [event_to_json(e) for e in redact(list(local.events_of(index)), remote.seat)]
        assert mine == truth, f"step {index} differs"
        assert remote.actor_of(index) == local.actor_of(index)


def test_a_client_dropped_in_the_middle_of_its_decision_reconnects_and_decides() -> None:
    with live_server() as live:
        matches, _ = seat_everyone(live.url, "two_crowns", 2, seed=31)
        guest = matches[1]
        pick = seeded_picker(3)
        dropped: list[int] = []

        def choose(match: RemoteMatch, legal: list[Action]) -> Action:
            if match is guest and len(dropped) < 3 and match.step >= 10 * (len(dropped) + 1):
                dropped.append(match.step)
                match.client.drop()  # the decision is on screen, the network goes
            return pick(match, legal)

        try:
            play_out(matches, choose, timeout=60)
            table = live.call(lambda: live.server.tables[guest.table_id or ""].match)
            assert len(dropped) == 3
            assert guest.connections == 4  # the first connection and one after each drop
            for match in matches:
                same_history(match, table)
        finally:
            close_all(matches)


def test_a_client_killed_and_started_again_takes_its_seat_back_with_the_whole_history() -> None:
    with live_server() as live:
        matches, _ = seat_everyone(live.url, "condottiere", 3, seed=5)
        pick = seeded_picker(8)
        try:
            guest = matches[2]
            token = matches[0].tokens[2]
            table_id = matches[0].table_id or ""
            while guest.step < 25:  # play a while
                for match in matches:
                    match.pump()
                    legal = match.legal_actions()
                    if legal:
                        match.apply(pick(match, legal))
                time.sleep(0.001)
            guest.close()  # the program ends; a new one starts with the saved token
            reborn = RemoteMatch.join(live.url, table_id, token)
            wait_ready(reborn)
            matches[2] = reborn
            play_out(matches, pick, timeout=60)
            table = live.call(lambda: live.server.tables[table_id].match)
            for match in matches:
                same_history(match, table)
        finally:
            close_all(matches)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "crimson_table",
            "serve",
            "--port",
            str(port),
            "--data",
            str(data),
            "--bot-workers",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "listening on ws://127.0.0.1:" in line, line
    return process


def stored_logs(data: Path) -> dict[str, tuple[Any, list[dict[str, Any]]]]:
    store = TableStore(data / "tables.sqlite3")
    try:
        return {r.id: (r, [action for action, _hash in r.log]) for r in store.tables()}
    finally:
        store.close()


def step_all(matches: list[RemoteMatch], pick: Any) -> None:
    for match in matches:
        match.pump()
        legal = match.legal_actions()
        if legal:
            match.apply(pick(match, legal))
    time.sleep(0.001)


def test_a_server_killed_with_sigkill_mid_game_resumes_every_table_and_the_clients_come_back(
    tmp_path: Path,
) -> None:
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    server = start_server(port, tmp_path)
    tables: dict[str, tuple[str, int, list[RemoteMatch]]] = {}
    try:
        # Condottiere: seats 0 and 1 people, seat 2 a computer thinking in the server's worker process.
        for game_id, players, bots in (("condottiere", 3, (2,)), ("two_crowns", 2, ())):
            matches, _ = seat_everyone(url, game_id, players, seed=77, bots=bots)
            tables[matches[0].table_id or ""] = (game_id, players, matches)
        everyone = [m for _g, _p, ms in tables.values() for m in ms]
        pick = seeded_picker(12)
        while behind := [m for _g, _p, ms in tables.values() if max(x.step for x in ms) < 30 for m in ms]:
            step_all(behind, pick)  # a table that got there first waits (a busy box runs them unevenly)
        heard_before = {m: m.step for m in everyone}
        assert not any(m.is_over() for m in everyone)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server = start_server(port, tmp_path)
        play_out(everyone, pick, timeout=90)
        assert [m.connections for m in everyone] == [2] * len(everyone)  # each came back by itself
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)
        for _g, _p, ms in tables.values():
            close_all(ms)
    stored = stored_logs(tmp_path)
    assert set(stored) == set(tables)
    for table_id, (game_id, players, matches) in tables.items():
        record, log = stored[table_id]
        local = replay(game_id, players, record.seed, log)
        assert local.is_over()
        assert record.log[-1][1] == local.state_hash()
        for match in matches:
            assert match.step >= heard_before[match]
            same_history(match, local)  # every step a client heard before the kill is still there
    assert server.returncode == 0


def test_the_server_command_never_imports_pygame(tmp_path: Path) -> None:
    script = (
        "import os, signal, sys, threading\n"
        "threading.Timer(1.5, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()\n"
        "from crimson_table.cli import main\n"
        f"code = main(['serve', '--port', '0', '--data', {str(tmp_path)!r}])\n"
        "print('EXIT', code, sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env, cwd=ROOT
    )
    assert "listening on ws://127.0.0.1:" in done.stdout, done.stderr
    assert "EXIT 0 []" in done.stdout, done.stdout + done.stderr
