"""Crimson Keep engine speed: random-playout actions per CPU second (target >= 20,000).

CPU time (time.process_time), not wall time, so a loaded shared machine does not skew it.

Random 2-player playouts (legal_actions + apply_action per step, as the conformance test
and the search do), timed over several rounds; prints each round and the median.

    python bench/crimson_keep_playouts.py [--rounds 5] [--seconds 2.0] [--players 2]
"""

from __future__ import annotations

import argparse
import statistics
import time

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


def main() -> None:
    """Run the rounds and print the median."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    rates = []
    for r in range(args.rounds):
        rates.append(playout_rate(args.seconds, r + 1, args.players))
        print(f"round {r + 1}: {rates[-1]:,.0f} actions/s")
    print(f"median: {statistics.median(rates):,.0f} actions/s")


if __name__ == "__main__":
    main()
