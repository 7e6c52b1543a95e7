"""How fast could a game's random playouts get?  The split of one step's CPU time, and the bound it sets.

One random playout step is ``legal_actions``, a pick and ``apply_action``; ``apply_action`` clones the
position, applies the action and settles what follows (for Crimson Keep solo: Kai's whole turn).  This
script times each part separately inside real playouts (the same games as ``engine_throughput.py``'s
``fixed_games``: seeds 1000, 1001, ...; one picker of seed 1), and prints the rate of the whole step
beside two bounds: the rate if ``apply_action`` cost only its clone (a perfect apply), and the rate of
listing alone.  Every rate is also given as a quiet-box estimate (× the shuffle baseline of
``engine_throughput.py``, timed just before), the figure the throughput goal is stated in.

    python bench/engine_bound.py [--game crimson_keep] [--players 1] [--games 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass

if __name__ == "__main__":  # this checkout's package, not whichever one is installed (editable)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine_throughput import QUIET_BASELINE, baseline_rate  # noqa: E402

from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.rng import Rng  # noqa: E402


@dataclass
class Split:
    """Seconds spent per part over ``steps`` playout steps."""

    steps: int = 0
    new_game: float = 0.0
    legal: float = 0.0
    clone: float = 0.0
    apply: float = 0.0

    def per_step(self, seconds: float) -> float:
        """Microseconds per step."""
        return seconds / self.steps * 1e6


def split(game_id: str, players: int, games: int) -> Split:
    """One run of ``games`` random games, each part timed on its own (``time.perf_counter``).  The clone is
    timed on a clone of the position (cloning may mark the position's shared parts; the step applies to
    the position itself, as a playout does)."""
    rules = GAMES[game_id]
    picker, out, clock = Rng.from_seed(1), Split(), time.perf_counter
    for seed in range(1000, 1000 + games):
        t = clock()
        state = rules.new_game(players, seed, {})
        out.new_game += clock() - t
        while not rules.is_over(state):
            t = clock()
            legal = rules.legal_actions(state)
            u = clock()
            action = legal[picker.below(len(legal))]
            clone = getattr(state, "clone", None)
            if clone is not None:
                spare = clone()
                v = clock()
                spare.clone()
                out.clone += clock() - v
            v = clock()
            state, _ = rules.apply_action(state, action)
            out.apply += clock() - v
            out.legal += u - t
            out.steps += 1
    return out


def main() -> None:
    """Print the split and the bounds, the best of ``--repeat`` runs (the least disturbed by the load)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="crimson_keep", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base, _cpu = baseline_rate(1.0)
    runs = [split(args.game, args.players, args.games) for _ in range(args.repeat)]
    best = min(runs, key=lambda r: r.new_game + r.legal + r.apply)
    whole = best.new_game + best.legal + best.apply
    print(f"{args.game}, {args.players} players: {best.steps:,} steps of {args.games} games, per step:")
    for part in ("new_game", "legal", "clone", "apply"):
        seconds = getattr(best, part)
        print(f"    {part:9} {best.per_step(seconds):6.2f} us  ({seconds / whole:4.0%} of the step)")
    bounds = {
        "whole step": whole,
        "perfect apply (its clone only)": best.new_game + best.legal + best.clone,
        "listing only": best.new_game + best.legal,
    }
    print(
        f"baseline {base:,.0f} shuffles/s; rates (actions/s here, quiet-box estimate x {QUIET_BASELINE:,}):"
    )
    for name, seconds in bounds.items():
        rate = best.steps / seconds
        print(f"    {name:31} {rate:9,.0f}  quiet box {rate / base * QUIET_BASELINE:9,.0f}")


if __name__ == "__main__":
    main()
