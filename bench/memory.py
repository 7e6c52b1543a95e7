"""Peak memory during a match: a whole bot-vs-bot game through the real table scene.

Reports the process's peak resident set size (Linux/macOS ``ru_maxrss``) after the
match, beside the peak of the same process just after opening the menu.

    SDL_VIDEODRIVER=dummy python bench/memory.py [--game two_crowns] [--players 2]
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

from crimson_table.play.match import Match, Seat  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def main() -> None:
    """Play one match and print the peaks."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    app = App(Settings(animation_speed="off", volume=0.0), start_menu=True)
    app.run_frames(3)
    menu_peak = peak_mb()
    match = Match.new(args.game, [Seat(f"Bot {i + 1}", "bot") for i in range(args.players)], seed=args.seed)
    app.start_match(match)
    finished = app.run_until(match.is_over, max_frames=100_000)
    app.run_frames(10)
    result = {
        "game": args.game,
        "finished": finished,
        "actions": match.step,
        "menu_peak_mb": round(menu_peak, 1),
        "match_peak_mb": round(peak_mb(), 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{args.game}: peak {result['match_peak_mb']} MB after {match.step} actions "
            f"(menu alone {result['menu_peak_mb']} MB)"
        )


if __name__ == "__main__":
    main()
