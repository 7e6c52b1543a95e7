"""Crimson Keep engine speed: random-playout actions per CPU second (target >= 20,000).

CPU time (time.process_time), not wall time, so a loaded shared machine does not skew it.

Random 2-player playouts (legal_actions + apply_action per step, as the conformance test
and the search do), timed over several rounds; prints each round and the median.

    python bench/crimson_keep_playouts.py [--rounds 5] [--seconds 2.0] [--players 2] [--against DIR]

``--against DIR`` measures another checkout (e.g. ``/work/main``) in a child process in every
round, alternating with this one, so both figures come from the same run on a shared box.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

if __name__ == "__main__":  # this checkout's package, not whichever one is installed (editable)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.rng import Rng


def playout_rate(seconds: float, seed: int, players: int) -> float:
    """Actions per second of uniformly random play for about ``seconds``."""
    picker = Rng.from_seed(seed)
    actions, start = 0, time.process_time()
    game = 0
    while time.process_time() - start < seconds:
        state = RULES.new_game(players, seed * 1000 + game, {})
        game += 1
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            state, _ = RULES.apply_action(state, legal[picker.below(len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def fixed_games(games: int, players: int = 2, seed: int = 1) -> int:
    """Play ``games`` random games (seeds 1000, 1001, ..., one picker of ``seed``); the actions played
    (``bench/crimson_keep_callgrind.py`` counts their instructions)."""
    picker = Rng.from_seed(seed)
    actions = 0
    for game in range(games):
        state = RULES.new_game(players, 1000 + game, {})
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            state, _ = RULES.apply_action(state, legal[picker.below(len(legal))])
            actions += 1
    return actions


def _other_rate(checkout: str, seconds: float, seed: int, players: int) -> float:
    """The same measurement in a child process importing ``checkout``'s package."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "import crimson_keep_playouts as b; print(b.playout_rate(float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    env = {**os.environ, "PYTHONPATH": checkout}
    out = subprocess.run(
        [sys.executable, "-c", code, checkout, here, str(seconds), str(seed), str(players)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(out.stdout.split()[-1])


def main() -> None:
    """Run the rounds and print the median."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", default="", help="another checkout measured in the same rounds")
    args = parser.parse_args()
    RULES.new_game(args.players, 0, {})  # the board map is read once, before the clock starts
    rates, others = [], []
    for r in range(args.rounds):
        if args.against:
            others.append(_other_rate(args.against, args.seconds, r + 1, args.players))
        rates.append(playout_rate(args.seconds, r + 1, args.players))
        line = f"round {r + 1}: {rates[-1]:,.0f} actions/s"
        print(line + (f"  ({args.against}: {others[-1]:,.0f})" if others else ""), flush=True)
    print(f"median: {statistics.median(rates):,.0f} actions/s")
    if others:
        ratio = statistics.median(rates) / statistics.median(others)
        print(
            f"median of {args.against}: {statistics.median(others):,.0f} actions/s (this checkout {ratio:.2f}x)"
        )


if __name__ == "__main__":
    main()
