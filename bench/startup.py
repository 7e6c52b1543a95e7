"""Start-up time: process start to the first menu frame, beside a bare pygame program.

Each round runs every candidate once as a fresh process, in turn, so the bare baseline and the
app share the machine's load of that moment (the box is shared):
* bare: ``import pygame; set_mode((1600, 900)); flip()``;
* app: ``crimson-table --first-frame`` from this checkout's Python (opens the menu,
  draws one frame, exits): the first *live* frame, the menu ready for a click;
* pixels: ``crimson-table --first-pixels``: the window opens with the menu as it last looked
  (``ui/first_frame.py``, kept by the run before; put up by ``ui/splash.py`` before the app's code
  is imported), which a player sees while the live menu is built; this is the figure the start-up
  goal is about (what the player waits to see);
* frozen (``--frozen PATH``): the PyInstaller build with ``--first-frame``, and with
  ``--first-pixels`` (frozen-pixels).

The package's bytecode is compiled first, as an install has it (``PYTHONDONTWRITEBYTECODE`` would
otherwise make every run compile the app's sources).  Reported per candidate: min/median/max of
the wall time and of the process's CPU time (user + system, steadier on a loaded box), and the
app's ratio to bare per round (min/median/max), with the load average.

    SDL_VIDEODRIVER=dummy python bench/startup.py [--rounds 11] [--frozen dist/CrimsonTable/CrimsonTable]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CANDIDATES = ("bare", "app", "pixels", "frozen", "frozen-pixels")
BARE = "import pygame; pygame.display.set_mode((1600, 900)); pygame.display.flip()"
PACKAGE = Path(__file__).resolve().parents[1] / "crimson_table"


def timed_run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of running ``cmd`` until it exits (it must exit 0)."""
    start = time.perf_counter()
    process = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise subprocess.CalledProcessError(process.returncode, cmd)
    return wall, usage.ru_utime + usage.ru_stime


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max, rounded."""
    return {
        "min": round(min(values), 3),
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def ratios(values: list[float], bare: list[float]) -> dict[str, float]:
    """min / median / max of the per-round ratios."""
    return spread([a / b for a, b in zip(values, bare, strict=True)])


def measure(commands: dict[str, list[str]], env: dict[str, str], rounds: int) -> dict[str, object]:
    """Interleaved rounds: every candidate once per round, in turn."""
    for cmd in commands.values():
        timed_run(cmd, env)  # warm the file cache once
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, cmd in commands.items():
            wall, cpu = timed_run(cmd, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    result: dict[str, object] = {
        name: {"wall": spread(walls[name]), "cpu": spread(cpus[name])} for name in commands
    }
    for name in commands:
        if name != "bare":
            result[f"{name}_to_bare_wall"] = ratios(walls[name], walls["bare"])
            result[f"{name}_to_bare_cpu"] = ratios(cpus[name], cpus["bare"])
    result["load_average"] = [round(value, 2) for value in os.getloadavg()]
    return result


def main() -> None:
    """Run and print the spreads and ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", "--runs", type=int, default=11)
    parser.add_argument("--frozen", help="path of the frozen executable")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = figures(args.rounds, args.frozen)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    names = [name for name in CANDIDATES if name in result]
    for name in names:
        times = result[name]
        assert isinstance(times, dict)
        print(f"{name:13} wall s {times['wall']}  cpu s {times['cpu']}")
    for name in names[1:]:
        wall, cpu = result[f"{name}_to_bare_wall"], result[f"{name}_to_bare_cpu"]
        print(f"{name} / bare, per round: wall {wall}  cpu {cpu}")
    print(f"{args.rounds} interleaved rounds, load average {result['load_average']}")


def figures(rounds: int = 11, frozen: str | None = None) -> dict[str, object]:
    """The bare program, the app (and the frozen build) started in ``rounds`` interleaved rounds."""
    compileall.compile_dir(str(PACKAGE), quiet=1)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "CRIMSON_TABLE_HOME": os.environ.get("CRIMSON_TABLE_HOME")
        or tempfile.mkdtemp(prefix="crimson-startup-"),
    }
    commands = {
        "bare": [sys.executable, "-c", BARE],
        "app": [sys.executable, "-m", "crimson_table", "--first-frame"],
        "pixels": [sys.executable, "-m", "crimson_table", "--first-pixels"],
    }
    if frozen:
        commands["frozen"] = [frozen, "--first-frame"]
        commands["frozen-pixels"] = [frozen, "--first-pixels"]
    return measure(commands, env, rounds)


if __name__ == "__main__":
    main()
