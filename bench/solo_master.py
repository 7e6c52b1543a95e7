"""Solo games against the game's own opponent: Captain and Master on the same seeds.

``python bench/solo_master.py --game crimson_keep --games 60 [--seed 5000000] [--jobs 2]``

Crimson Keep solo (against Kai) and Crusader Kingdoms solitaire (against the Muslim Bot) have one
seat, played here by Captain and then by Master on the same seeds (each decision's seed drawn as in
``play.simulate.play_bots``).  Prints each level's result (``ai.ismcts.outcome_rewards``: a win 1,
a draw 1/2, a defeat 0) with its 95% Wilson interval, how many games the two levels played to the
same result, and Master's CPU time per decision with more than one legal action (median, p95).
Run it on two checkouts (``PYTHONPATH=<checkout>``) to compare them on the same games.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crimson_table.ai.base import make_context  # noqa: E402
from crimson_table.ai.ismcts import outcome_rewards  # noqa: E402
from crimson_table.ai.registry import bot_for  # noqa: E402
from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.rng import Rng  # noqa: E402

MAX_ACTIONS = 20_000


def play(task: tuple[str, str, int]) -> tuple[float, list[float]]:
    """One solo game of ``level``: (its reward, CPU seconds of each real decision)."""
    game_id, level, seed = task
    rules = GAMES[game_id]
    bot = bot_for(game_id, level)
    state = rules.new_game(1, seed, {})
    seeds = Rng.from_seed(seed ^ 0x5EED)
    times: list[float] = []
    for _ in range(MAX_ACTIONS):
        if rules.is_over(state):
            break
        ctx = make_context(rules, state, seeds.next64())
        start = time.process_time()
        action = bot.choose(ctx)
        if len(ctx.legal) > 1:
            times.append(time.process_time() - start)
        state, _ = rules.apply_action(state, action)
    outcome = rules.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_ACTIONS} actions")
    return outcome_rewards(outcome, 1)[0], times


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=("crimson_keep", "crusader_kingdoms"), default="crimson_keep")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default="heuristic,master")
    args = parser.parse_args()
    results: dict[str, list[tuple[float, list[float]]]] = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for level in args.levels.split(","):
            tasks = [(args.game, level, args.seed + i) for i in range(args.games)]
            results[level] = list(pool.map(play, tasks))
    for level, games in results.items():
        total = sum(r for r, _ in games)
        low, high = wilson(total, len(games))
        times = sorted(t for _, ts in games for t in ts)
        timing = ""
        if level != "heuristic" and times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            timing = (
                f"; CPU per decision median {statistics.median(times):.3f} s, p95 {p95:.3f} s ({len(times)})"
            )
        print(
            f"{args.game} solo, {level}: {total:g} / {len(games)} ({total / len(games):.1%}, {low:.1%}-{high:.1%}){timing}"
        )
    levels = list(results)
    if len(levels) == 2:
        a, b = (results[lv] for lv in levels)
        same = sum(1 for (x, _), (y, _) in zip(a, b, strict=True) if x == y)
        better = sum(1 for (x, _), (y, _) in zip(a, b, strict=True) if y > x)
        print(
            f"same result in {same} of {len(a)} games; {levels[1]} better in {better}, worse in {len(a) - same - better}"
        )


if __name__ == "__main__":
    main()
