"""Crimson Keep bot strength: Captain (heuristic) against Novice (random), and Master against Captain.

Seats alternate every game.  Prints the win rate, draws (CK2-R47) and, for Master, the
median decision time.

    python bench/crimson_keep_bots.py [--games 200] [--master 0] [--seed 1000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.crimson_keep.heuristic import HeuristicBot
from crimson_table.ai.random_bot import RandomBot
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.rng import Rng

CPU: list[float] = []  # the same decisions in CPU seconds (a shared, loaded box stretches wall time)
SEARCHED_CPU: list[float] = []


def play(
    hero: Bot,
    other: Bot,
    seed: int,
    hero_seat: int,
    timings: list[float] | None = None,
    searched: list[float] | None = None,
) -> float:
    """One game; returns the hero's score (1 win, 0.5 draw, 0 loss)."""
    state = RULES.new_game(2, seed, {})
    bots = {hero_seat: hero, 1 - hero_seat: other}
    seeds = Rng.from_seed(seed ^ 0x5EED)
    while not RULES.is_over(state):
        seat = RULES.current_player(state)
        assert seat is not None
        ctx = make_context(RULES, state, seeds.next64())
        start, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(ctx)
        if timings is not None and seat == hero_seat and len(ctx.legal) > 1:
            timings.append(time.perf_counter() - start)
            CPU.append(time.process_time() - cpu)
            if searched is not None and state.phase == "main":
                searched.append(timings[-1])
                SEARCHED_CPU.append(CPU[-1])
        state, _ = RULES.apply_action(state, action)
    outcome = RULES.outcome(state)
    assert outcome is not None
    return outcome.scores[hero_seat]


def series(
    hero: Bot,
    other: Bot,
    games: int,
    seed: int,
    timings: list[float] | None = None,
    searched: list[float] | None = None,
) -> tuple[float, int]:
    """Total score and number of draws over ``games`` games."""
    score, draws = 0.0, 0
    for g in range(games):
        s = play(hero, other, seed + g, g % 2, timings, searched)
        print(f"  game {g + 1}: {s}", flush=True)
        score += s
        draws += s == 0.5
    return score, draws


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a win share (draws count half)."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    """Run the series and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--master", type=int, default=0, help="games of Master against Captain")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    if args.games:
        score, draws = series(HeuristicBot(), RandomBot(), args.games, args.seed)
        print(f"Captain vs Novice: {score:.1f}/{args.games} = {100 * score / args.games:.1f}% "
              f"({draws} draws, {time.perf_counter() - start:.0f} s)")  # fmt: skip
    if args.master:
        from crimson_table.ai.crimson_keep.search import master_bot

        timings: list[float] = []
        searched: list[float] = []
        score, draws = series(master_bot(), HeuristicBot(), args.master, args.seed, timings, searched)
        n = args.master
        low, high = wilson(score, n)
        print(f"Master vs Captain: {score:.1f}/{n} = {100 * score / n:.1f}% ({draws} draws), "
              f"95% interval {100 * low:.0f}-{100 * high:.0f}%; median decision {statistics.median(timings):.3f} s, "
              f"max {max(timings):.2f} s; searched (turn actions) median {statistics.median(searched):.3f} s, "
              f"p90 {sorted(searched)[int(0.9 * len(searched))]:.3f} s")  # fmt: skip
        print(f"  in CPU seconds: median decision {statistics.median(CPU):.3f} s, max {max(CPU):.2f} s; searched "
              f"median {statistics.median(SEARCHED_CPU):.3f} s, p90 {sorted(SEARCHED_CPU)[int(0.9 * len(SEARCHED_CPU))]:.3f} s")  # fmt: skip


if __name__ == "__main__":
    main()
