"""Peak memory during a match: a whole bot-vs-bot game through the real table scene.

Reports the app process's peak resident set size (Linux/macOS ``ru_maxrss``) after the
match, beside the peak of the same process just after opening the menu, and the bot process's
peak (``VmHWM`` of ``/proc/<pid>/status``, Linux; read before the match ends the child): what a
player's task manager adds up is the two together.

    SDL_VIDEODRIVER=dummy python bench/memory.py [--game two_crowns] [--players 2] [--level master]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CRIMSON_TABLE_HOME", tempfile.mkdtemp(prefix="crimson-bench-"))  # no autosaves at home

from crimson_table.play import bot_worker  # noqa: E402


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def child_peak_mb() -> float | None:
    """Peak resident memory of the app's bot process, in MB (None: none running, or not Linux)."""
    pid = bot_worker.shared_process().pid if bot_worker._SHARED else None
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def main() -> None:
    """Play one match and print the peaks."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--level", default="heuristic", help="every seat's bot level (master: the search)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = figures(args.game, args.players, args.seed, args.level)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{args.game} ({args.level}): app peak {result['match_peak_mb']} MB after {result['actions']} actions "
            f"(menu alone {result['menu_peak_mb']} MB), bot process peak {result['bot_process_peak_mb']} MB, "
            f"together {result['together_mb']} MB"
        )


def figures(
    game: str = "two_crowns", players: int = 2, seed: int = 5, level: str = "heuristic"
) -> dict[str, object]:
    """One bot match through the real table: the app's peak beside its peak at the menu, and the bot
    process's peak.  Run it in a fresh process: the peak is the process's whole life."""
    # The UI is imported here, not at the top: the bot process (spawned) runs this file again as
    # its main module, and must load what it loads in the app (whose main module is light).
    from crimson_table.play.match import Match, Seat
    from crimson_table.ui.app import App
    from crimson_table.ui.settings import Settings

    app = App(Settings(animation_speed="off", volume=0.0), start_menu=True)
    app.run_frames(3)
    menu_peak = peak_mb()
    match = Match.new(game, [Seat(f"Bot {i + 1}", "bot", level) for i in range(players)], seed=seed)
    app.start_match(match)
    finished = app.run_until(match.is_over, max_frames=100_000)
    app.run_frames(10)
    child = child_peak_mb()
    result = {
        "game": game,
        "players": players,
        "level": level,
        "finished": finished,
        "actions": match.step,
        "menu_peak_mb": round(menu_peak, 1),
        "match_peak_mb": round(peak_mb(), 1),
        "bot_process_peak_mb": None if child is None else round(child, 1),
        "together_mb": None if child is None else round(peak_mb() + child, 1),
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }
    bot_worker.shutdown()
    return result


if __name__ == "__main__":
    main()
