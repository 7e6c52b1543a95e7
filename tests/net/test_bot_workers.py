"""A server's bot workers end with the server, however it ends.

A ``ProcessPoolExecutor`` worker waits on a queue whose pipe it holds both ends of: a server killed
outright (``kill -9``, an app that crashed while hosting a table) used to leave its workers waiting
for ever, 26 MB each.  The server here is a child process that starts a pool, lets a worker answer,
prints the workers' ids and is then killed; its workers must be gone within seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SERVER = """
import json, os, time
from crimson_table.net.bots import worker_pool

def pid_after(seconds):
    time.sleep(seconds)  # both workers busy at once: each answers one
    return os.getpid()

if __name__ == "__main__":
    pool = worker_pool(2)
    pids = {future.result(timeout=60) for future in [pool.submit(pid_after, 1.0) for _ in range(2)]}
    print(json.dumps(sorted(pids)), flush=True)
    time.sleep(120)  # killed long before
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:  # a zombie has ended
        return stat.read().split()[2] != "Z"


def test_the_bot_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER, encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ}
    )
    try:
        assert server.stdout is not None
        workers = json.loads(server.stdout.readline())
        assert workers and all(alive(pid) for pid in workers)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        ends = time.monotonic() + 15
        while time.monotonic() < ends and any(alive(pid) for pid in workers):
            time.sleep(0.2)
        assert not [pid for pid in workers if alive(pid)], "a worker outlived its server"
    finally:
        if server.poll() is None:
            server.kill()
