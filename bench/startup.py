"""Start-up time: process start to the first menu frame, beside a bare pygame program.

Each candidate runs as a fresh process (``--runs`` times, median reported):
* bare: ``import pygame; set_mode((1600, 900)); flip()``;
* app: ``crimson-table --first-frame`` from this checkout's Python (opens the menu,
  draws one frame, exits);
* frozen (``--frozen PATH``): the PyInstaller build with ``--first-frame``.

    SDL_VIDEODRIVER=dummy python bench/startup.py [--runs 7] [--frozen dist/CrimsonTable/CrimsonTable]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

BARE = "import pygame; pygame.display.set_mode((1600, 900)); pygame.display.flip()"


def wall_time(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning ``cmd`` until it exits (it must exit 0)."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    """Run and print medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--frozen", help="path of the frozen executable")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    commands = {
        "bare": [sys.executable, "-c", BARE],
        "app": [sys.executable, "-m", "crimson_table", "--first-frame"],
    }
    if args.frozen:
        commands["frozen"] = [args.frozen, "--first-frame"]
    for cmd in commands.values():
        wall_time(cmd, env)  # warm the file cache once
    medians = {
        name: statistics.median(wall_time(cmd, env) for _ in range(args.runs))
        for name, cmd in commands.items()
    }
    result = {name: round(value, 3) for name, value in medians.items()}
    result["app_to_bare_ratio"] = round(medians["app"] / medians["bare"], 2)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"bare pygame: {result['bare']} s, app: {result['app']} s, ratio {result['app_to_bare_ratio']}x"
        f" (medians of {args.runs})"
    )
    if "frozen" in result:
        print(f"frozen build: {result['frozen']} s")


if __name__ == "__main__":
    main()
