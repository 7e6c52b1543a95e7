"""Engine speed: random playouts, actions per second per game.

Each game is timed over several rounds of random playouts (legal_actions +
apply_action per step); the same run times a fixed pure-Python baseline
(shuffling a 53-card list with the engine PRNG) so figures from a noisy shared
machine can be compared as ratios.  Prints medians; ``--json`` for machines.

    python bench/engine_throughput.py [--rounds 5] [--seconds 1.0] [--game two_crowns]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng


def playout_rate(game_id: str, seconds: float, seed: int) -> float:
    """Actions per second of uniformly random play for about ``seconds``."""
    rules = GAMES[game_id]
    players = max(rules.INFO.min_players, min(3, rules.INFO.max_players))
    picker = Rng.from_seed(seed)
    actions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new_game(players, seed + actions, {})
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start)


def baseline_rate(seconds: float) -> float:
    """Shuffles of a 53-card list per second: the machine's pure-Python speed today."""
    rng, deck, done = Rng.from_seed(1), list(range(53)), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(deck)
        done += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    """Run the benchmark and print medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    base = statistics.median(baseline_rate(args.seconds) for _ in range(args.rounds))
    result = {"baseline_shuffles_per_s": round(base)}
    for game_id in games:
        rate = statistics.median(playout_rate(game_id, args.seconds, r) for r in range(args.rounds))
        result[game_id] = {"actions_per_s": round(rate), "ratio_to_baseline": round(rate / base, 3)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"baseline: {result['baseline_shuffles_per_s']} shuffles/s (median of {args.rounds})")
    for game_id in games:
        row = result[game_id]
        print(f"{game_id:>18}: {row['actions_per_s']:>8} actions/s  ({row['ratio_to_baseline']}x baseline)")


if __name__ == "__main__":
    main()
