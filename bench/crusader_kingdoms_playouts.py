"""Random-playout throughput of the Crusader Kingdoms engine (target: >= 20,000 actions/s).

Run from the repository root: ``python bench/crusader_kingdoms_playouts.py [--games N]``.
Each round plays ``--games`` random games per player count (1-4) straight on the rules
object (legal_actions + apply_action, no bots, no views) and prints actions per second;
the median over ``--rounds`` rounds is reported.
"""

from __future__ import annotations

import argparse
import statistics
import time

from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng


def one_round(games: int, seed: int) -> tuple[int, float]:
    """(actions, seconds) for ``games`` random games at each player count."""
    actions = 0
    start = time.perf_counter()
    for players in (1, 2, 3, 4):
        for g in range(games):
            state = RULES.new_game(players, seed + g)
            rng = Rng.from_seed(seed * 31 + g)
            while not RULES.is_over(state):
                legal = RULES.legal_actions(state)
                state, _ = RULES.apply_action(state, legal[rng.below(len(legal))])
                actions += 1
    return actions, time.perf_counter() - start


def baseline(seconds: float = 1.0) -> float:
    """53-card shuffles per second with the engine's PRNG (as bench/engine_throughput.py): the
    machine is shared, so read the playout rate beside this figure measured in the same run."""
    rng, deck, count = Rng(1), list(range(53)), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(deck)
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    """Print the throughput of each round and the median."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rates = []
    for r in range(args.rounds):
        actions, seconds = one_round(args.games, 1000 * r)
        rates.append(actions / seconds)
        print(f"round {r + 1}: {actions} actions in {seconds:.2f} s = {rates[-1]:,.0f} actions/s", flush=True)
    base = baseline()
    median = statistics.median(rates)
    print(
        f"median: {median:,.0f} random-playout actions/s; baseline {base:,.0f} shuffles/s "
        f"(ratio {median / base:.2f}; the recorded baseline of bench/RESULTS.md is 37,883)"
    )


if __name__ == "__main__":
    main()
