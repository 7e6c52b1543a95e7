"""CPU the app burns while nobody touches it: CPU seconds per wall second (1.0 = one whole core).

Each screen runs in its own process, through the real main loop (``App.run``) for ``--seconds``
of wall time with no input at all, after a short warm-up that lets the last move's animations end:

* ``menu``: the main menu;
* ``table:<game>``: a table in mid-game, for each of the five games (bots played about 40
  actions, then the seat to act turned human, so the table waits for that person);
* ``curtain``: the privacy curtain between two human seats;
* ``bare``: the baseline, a bare pygame loop with the same window that only reads events and
  ticks a 60 Hz clock, run among the screens so it shares their load.

CPU time is the process's (every thread).  A private user folder is used, so no settings or
autosaves of the person running it are touched.

    SDL_VIDEODRIVER=dummy python bench/idle_cpu.py [--seconds 20] [--window 1280x720] [--screens menu ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # measure the checkout this file is in

SCREENS = (
    "menu",
    "table:two_crowns",
    "table:crimson_company",
    "table:condottiere",
    "table:crusader_kingdoms",
    "table:crimson_keep",
    "curtain",
    "bare",
)
PLAYERS = {"two_crowns": 2, "crimson_company": 2, "condottiere": 3, "crusader_kingdoms": 4, "crimson_keep": 2}


def _build(screen: str, window: tuple[int, int]):  # type: ignore[no-untyped-def]
    """An app showing ``screen``, warmed up and at rest."""
    from crimson_table.play.match import Match, Seat
    from crimson_table.ui.app import App
    from crimson_table.ui.settings import Settings

    app = App(Settings(animation_speed="off", volume=0.0, window_width=window[0], window_height=window[1]))
    if screen.startswith("table:"):
        game = screen.split(":", 1)[1]
        seats = [Seat(f"Bot {i + 1}", "bot", "heuristic") for i in range(PLAYERS[game])]
        match = Match.new(game, seats, seed=3)
        app.start_match(match)
        app.run_until(lambda: match.step >= 40 or match.is_over(), max_frames=20_000)
        now = match.current_seat()
        match.seats[:] = [Seat(s.name, "human" if i == now else "bot") for i, s in enumerate(match.seats)]
    elif screen == "curtain":
        app.start_match(Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed=3))
    app.apply_settings(app.settings.with_changes(animation_speed="normal"), persist=False)
    app.run_frames(30)
    app.toasts.clear()
    app.run_until(lambda: not app.wants_frames(), max_frames=1_200)  # the last move's animations end
    return app


def bare_loop(seconds: float, window: tuple[int, int]) -> dict[str, object]:
    """The baseline: a window that only reads its events and ticks at 60 Hz, as an idle loop must."""
    import pygame

    pygame.init()
    pygame.display.set_mode(window)
    clock = pygame.time.Clock()
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        pygame.event.get()
        clock.tick(60)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    pygame.quit()
    return {
        "screen": "bare",
        "top": "bare pygame loop",
        "wall_s": round(wall, 2),
        "cpu_per_wall": round(cpu / wall, 4),
    }


def child(screen: str, seconds: float, window: tuple[int, int]) -> dict[str, object]:
    """Measure one screen in this process."""
    import pygame

    if screen == "bare":
        return bare_loop(seconds, window)
    app = _build(screen, window)
    top = type(app.top).__name__
    stop = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    wall0, cpu0 = time.perf_counter(), time.process_time()
    stop.start()
    app.run()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"screen": screen, "top": top, "wall_s": round(wall, 2), "cpu_per_wall": round(cpu / wall, 4)}


def main() -> None:
    """Run every screen in a child process and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--screens", nargs="*", default=list(SCREENS))
    parser.add_argument("--window", default="1600x900", help="window size, e.g. 1280x720 (scaled frames)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    width, height = (int(v) for v in args.window.lower().split("x"))
    if args.child:
        print(json.dumps(child(args.child, args.seconds, (width, height))))
        return
    results = figures(args.seconds, args.screens, args.window)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for row in results:
        print(f"{row['screen']:<24} {row['top']:<22} {100 * float(row['cpu_per_wall']):6.1f} % of a core")


def figures(
    seconds: float = 20.0, screens: Sequence[str] = SCREENS, window: str = "1600x900"
) -> list[dict[str, object]]:
    """Every screen of ``screens`` in its own child process, in turn: CPU seconds per wall second."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    results = []
    with tempfile.TemporaryDirectory(prefix="crimson-idle-") as home:
        env["CRIMSON_TABLE_HOME"] = home
        for screen in screens:
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    screen,
                    "--seconds",
                    str(seconds),
                    "--window",
                    window,
                ],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return results


if __name__ == "__main__":
    main()
