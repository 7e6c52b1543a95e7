"""Crusader Kingdoms Master (ISMCTS, ``ai/crusader_kingdoms/search.py``) against three Captains.

Run from the repository root: ``python bench/crusader_kingdoms_master.py [--games 24]``.
Four-player games, the Master at seat ``i mod 4`` of game ``i`` (seed ``--seed + i``), the
heuristic at the others.  Prints the Master's score (a win shared by k counts 1/k) beside
the 25% of an average seat, and the median and 95th percentile of its decision time over
decisions with more than one legal action.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import replace

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot
from crimson_table.ai.crusader_kingdoms.search import CrusaderMaster, master_config
from crimson_table.ai.ismcts import IsmctsBot
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng


def one_game(
    seed: int,
    hero: int,
    players: int,
    times: list[float],
    cpu: list[float] | None = None,
    whole: bool = False,
    iterations: int | None = None,
    searched: list[float] | None = None,
) -> float:
    """The Master's share of the win in one game; its decision times (wall, and CPU time of this
    process in ``cpu``: the box is shared) are appended to ``times``."""
    bots: list[Bot] = [HeuristicBot() for _ in range(players)]
    config = master_config() if iterations is None else replace(master_config(), iterations=iterations)
    bots[hero] = IsmctsBot(config) if whole else CrusaderMaster(config)
    state = RULES.new_game(players, seed)
    seeds = Rng.from_seed(seed ^ 0xA57E)
    while not RULES.is_over(state):
        seat = RULES.current_player(state)
        assert seat is not None
        ctx = make_context(RULES, state, seeds.next64())
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(ctx)
        if seat == hero and len(ctx.legal) > 1:
            times.append(time.perf_counter() - start)
            if cpu is not None:
                cpu.append(time.process_time() - start_cpu)
            if searched is not None and ctx.view["phase"] == "act":
                searched.append(time.process_time() - start_cpu)
        state, _ = RULES.apply_action(state, action)
    outcome = RULES.outcome(state)
    assert outcome is not None
    return 1 / len(outcome.winners) if hero in outcome.winners else 0.0


def main() -> None:
    """Print a running line per game, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--whole", action="store_true", help="search every decision (the old Master)")
    parser.add_argument("--iterations", type=int, default=None, help="override the Master's iterations")
    args = parser.parse_args()
    score, times, cpu, searched = 0.0, [], [], []
    for g in range(args.games):
        score += one_game(
            args.seed + g, g % args.players, args.players, times, cpu, args.whole, args.iterations, searched
        )
        print(f"game {g + 1}: score {score / (g + 1):.3f}", flush=True)
    mean = score / args.games
    half = 1.96 * math.sqrt(max(mean * (1 - mean), 1e-9) / args.games)  # normal approximation
    times.sort()
    cpu.sort()
    searched.sort()
    searched = searched or [0.0]
    print(f"Master score {mean:.3f} (95% interval {mean - half:.3f}-{mean + half:.3f}) vs {1 / args.players:.3f} "
          f"per seat over {args.games} games; decision time median {statistics.median(times):.3f} s, "
          f"p95 {times[int(0.95 * (len(times) - 1))]:.3f} s wall; CPU median {statistics.median(cpu):.3f} s, "
          f"p95 {cpu[int(0.95 * (len(cpu) - 1))]:.3f} s; round actions (searched) CPU median "
          f"{statistics.median(searched):.3f} s, p95 {searched[int(0.95 * (len(searched) - 1))]:.3f} s")  # fmt: skip


if __name__ == "__main__":
    main()
