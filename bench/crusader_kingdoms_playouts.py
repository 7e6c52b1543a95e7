"""Random-playout throughput of the Crusader Kingdoms engine (target: >= 20,000 actions/s).

Run from the repository root: ``python bench/crusader_kingdoms_playouts.py [--games N]``.
Each round plays ``--games`` random games per player count (1-4) straight on the rules
object (legal_actions + apply_action, no bots, no views) and prints actions per second of
wall time and of CPU time (the box is shared: CPU time is the steadier figure); the median
over ``--rounds`` rounds is reported.  Both boards are read from their maps before timing.

``--against DIR`` measures another checkout (e.g. ``git archive`` of an older commit) in the
same run: each round runs once per checkout in a child process, alternating, so both see the
same load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def one_round(games: int, seed: int) -> tuple[int, float, float]:
    """(actions, wall seconds, CPU seconds) for ``games`` random games at each player count."""
    board_for(1), board_for(3)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for players in (1, 2, 3, 4):
        for g in range(games):
            state = RULES.new_game(players, seed + g)
            rng = Rng.from_seed(seed * 31 + g)
            while not RULES.is_over(state):
                legal = RULES.legal_actions(state)
                state, _ = RULES.apply_action(state, legal[rng.below(len(legal))])
                actions += 1
    return actions, time.perf_counter() - start, time.process_time() - cpu


def baseline(seconds: float = 1.0) -> float:
    """53-card shuffles per second with the engine's PRNG (as bench/engine_throughput.py): the
    machine is shared, so read the playout rate beside this figure measured in the same run."""
    rng, deck, count = Rng(1), list(range(53)), 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng.shuffle(deck)
        count += 1
    return count / (time.perf_counter() - start)


def _child_round(checkout: Path, games: int, seed: int) -> tuple[int, float, float]:
    """One round in a child process importing ``crimson_table`` from ``checkout``."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "from crusader_kingdoms_playouts import one_round;"
        "print(*one_round(int(sys.argv[3]), int(sys.argv[4])))"
    )
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    args = [sys.executable, "-c", code, str(ROOT / "bench"), str(checkout), str(games), str(seed)]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=checkout)
    actions, wall, cpu = out.stdout.split()
    return int(actions), float(wall), float(cpu)


def main() -> None:
    """Print the throughput of each round and the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout to measure in the same run")
    args = parser.parse_args()
    checkouts = (
        {"this checkout": ROOT} if args.against is None else {"against": args.against, "this checkout": ROOT}
    )
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
    for r in range(args.rounds):
        for name, path in checkouts.items():
            actions, wall, cpu = _child_round(path, args.games, 1000 * r)
            rates[name].append((actions / wall, actions / cpu))
            print(f"round {r + 1} {name}: {actions} actions, {actions / wall:,.0f}/s wall, "
                  f"{actions / cpu:,.0f}/s CPU", flush=True)  # fmt: skip
    base = baseline()
    for name, values in rates.items():
        wall = statistics.median(v[0] for v in values)
        cpu = statistics.median(v[1] for v in values)
        print(f"{name} ({checkouts[name]}): median {wall:,.0f} actions/s wall, {cpu:,.0f} actions/s CPU")
    print(
        f"baseline {base:,.0f} shuffles/s in this run (the recorded baseline of bench/RESULTS.md is 37,883)"
    )


if __name__ == "__main__":
    main()
