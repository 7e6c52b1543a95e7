"""Crusader Kingdoms Master (ISMCTS, ``ai/crusader_kingdoms/search.py``) against three Captains.

Run from the repository root: ``python bench/crusader_kingdoms_master.py [--games 24] [--jobs 2]``.
Four-player games, the Master at seat ``i mod 4`` of game ``i`` (seed ``--seed + i``), the
heuristic at the others (``--opponents random``: random bots).  Prints the Master's score (a win
shared by k counts 1/k) beside the 25% of an average seat, with its 95% interval, and the median
and 95th percentile of its decision time (wall and CPU) over decisions with more than one legal
action, and over the round actions it searches.  ``--iterations``, ``--exploration``,
``--old-eval`` (the hand-set round-start evaluation) and ``--whole`` (search every decision)
run variants of the settings.  ``--hero heuristic`` puts Captain in that seat instead (the same
seeds and the same harness: a paired baseline), ``--hero flat`` a flat Monte Carlo over the round
action (:class:`FlatMonteCarlo`); ``--seats 1,2`` plays only the games whose seat ``i mod N`` is
listed; ``--out FILE`` writes each game's (seed, seat, share) as JSON for pairing two runs; the
summary also gives the wins per seat, a 95% Wilson interval and the load average.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

from crimson_table.ai.base import Bot, BotContext, make_context
from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot, _View
from crimson_table.ai.crusader_kingdoms.search import CrusaderMaster, crusader_value, master_config
from crimson_table.ai.ismcts import IsmctsBot
from crimson_table.ai.random_bot import RandomBot
from crimson_table.engine.core import Action
from crimson_table.engine.crusader_kingdoms.actions import Pass
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng

FLAT_SAMPLES = 8  # --hero flat: determinizations per candidate round action
FLAT_MARGIN = float(
    os.environ.get("CK_FLAT_MARGIN", "0")
)  # ... the mean reward by which an alternative must beat Captain's choice


class FlatMonteCarlo:
    """Flat Monte Carlo over the round action (bench only): Captain's choice, Pass and Captain's two
    best other attacks, each played from the same ``FLAT_SAMPLES`` determinizations of the seat's
    view and finished by Captains at every seat with the same rollout seeds (common random
    numbers); the best mean share of the win is played.  Every other decision is Captain's."""

    name = "flat"

    def __init__(self) -> None:
        self.captain = HeuristicBot()

    def _candidates(self, ctx: BotContext, first: Action) -> list[Action]:
        options = sorted(self.captain._attack_options(_View(ctx.view), ctx.legal), key=lambda o: -o[2])
        out = [first]
        for a in [Pass(), *(o[0] for o in options if o[1] >= 0.05)]:
            if a in ctx.legal and a not in out and len(out) < 4:
                out.append(a)
        return out

    def _rollout(self, state: Any, seed: int, seat: int) -> float:
        rng = Rng.from_seed(seed)
        while not RULES.is_over(state):
            state, _ = RULES.apply_action(
                state, self.captain.choose(make_context(RULES, state, rng.next64()))
            )
        winners = RULES.outcome(state).winners
        return 1 / len(winners) if seat in winners else 0.0

    def choose(self, ctx: BotContext) -> Action:
        """Captain's choice outside the round action, else the best candidate by rollouts."""
        first = self.captain.choose(ctx)
        if ctx.view["phase"] != "act" or len(ctx.legal) == 1:
            return first
        candidates = self._candidates(ctx, first)
        if len(candidates) == 1:
            return first
        rng = Rng.from_seed(ctx.seed)
        totals = [0.0] * len(candidates)
        for _ in range(FLAT_SAMPLES):
            state, seed = ctx.determinize(rng.next64()), rng.next64()
            for i, a in enumerate(candidates):
                totals[i] += self._rollout(RULES.apply_action(state, a)[0], seed, ctx.seat)
        best = max(range(1, len(candidates)), key=lambda i: totals[i])
        return candidates[best] if totals[best] > totals[0] + FLAT_MARGIN * FLAT_SAMPLES else first


def one_game(
    seed: int,
    hero: int,
    players: int,
    times: list[float],
    cpu: list[float] | None = None,
    whole: bool = False,
    iterations: int | None = None,
    searched: list[float] | None = None,
    overrides: dict[str, Any] | None = None,
    opponents: str = "heuristic",
    hero_level: str = "master",
) -> float:
    """The Master's share of the win in one game; its decision times (wall, and CPU time of this
    process in ``cpu``: the box is shared) are appended to ``times``."""
    bots: list[Bot] = [HeuristicBot() if opponents == "heuristic" else RandomBot() for _ in range(players)]
    config = master_config() if iterations is None else replace(master_config(), iterations=iterations)
    config = replace(config, **(overrides or {}))
    heroes = {"heuristic": HeuristicBot, "flat": FlatMonteCarlo}
    if hero_level in heroes:
        bots[hero] = heroes[hero_level]()
    else:
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
                searched.append(time.perf_counter() - start)
                searched.append(1.0 if HeuristicBot().choose(ctx) == action else 0.0)  # Captain's choice?
        state, _ = RULES.apply_action(state, action)
    outcome = RULES.outcome(state)
    assert outcome is not None
    return 1 / len(outcome.winners) if hero in outcome.winners else 0.0


def _task(
    task: tuple[int, int, int, bool, int | None, dict[str, Any], str, str],
) -> tuple[float, list[float], ...]:
    seed, hero, players, whole, iterations, overrides, opponents, hero_level = task
    times: list[float] = []
    cpu: list[float] = []
    searched: list[float] = []
    share = one_game(
        seed, hero, players, times, cpu, whole, iterations, searched, overrides, opponents, hero_level
    )
    return share, times, cpu, searched


def _q(xs: list[float], f: float) -> float:
    xs = sorted(xs) or [0.0]
    return xs[int(f * (len(xs) - 1))]


def _wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (shared wins as fractions)."""
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games), (centre + spread) / (1 + z * z / games)


def _summary(tasks: list[tuple[Any, ...]], shares: list[float], players: int, out: str) -> None:
    """Wins (shared ones split) with the Wilson interval, wins per seat, the load average; the
    per-game shares to ``out``."""
    wins = sum(shares)
    low, high = _wilson(wins, len(shares))
    seats = {
        seat: f"{sum(x for t, x in zip(tasks, shares, strict=True) if t[1] == seat):g}/"
        f"{sum(1 for t in tasks if t[1] == seat)}"
        for seat in range(players)
    }
    print(f"wins {wins:g}/{len(shares)} ({100 * wins / len(shares):.1f}%, Wilson 95% {100 * low:.1f}-"
          f"{100 * high:.1f}%), by seat {seats}, load average {os.getloadavg()}")  # fmt: skip
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump([[t[0], t[1], x] for t, x in zip(tasks, shares, strict=True)], f)


def main() -> None:
    """Print a line per game, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the games")
    parser.add_argument("--opponents", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument(
        "--hero", choices=("master", "heuristic", "flat"), default="master", help="who plays the seat"
    )
    parser.add_argument("--seats", default="", help="comma list: only the games with the seat there")
    parser.add_argument("--out", default="", help="write every game's (seed, seat, share) as JSON here")
    parser.add_argument("--whole", action="store_true", help="search every decision (the old Master)")
    parser.add_argument("--iterations", type=int, default=None, help="override the Master's iterations")
    parser.add_argument("--exploration", type=float, default=None, help="override UCB1's constant")
    parser.add_argument("--old-eval", action="store_true", help="the hand-set evaluation (crusader_value)")
    args = parser.parse_args()
    overrides: dict[str, Any] = {}
    if args.exploration is not None:
        overrides["exploration"] = args.exploration
    if args.old_eval:
        overrides["evaluate"] = crusader_value
    tasks = [
        (
            args.seed + g,
            g % args.players,
            args.players,
            args.whole,
            args.iterations,
            overrides,
            args.opponents,
            args.hero,
        )
        for g in range(args.games)
        if not args.seats or g % args.players in {int(x) for x in args.seats.split(",")}
    ]
    with Pool(args.jobs) as pool:
        results = pool.imap(_task, tasks)
        score, times, cpu, searched = 0.0, [], [], []
        shares: list[float] = []
        for g, (share, t, c, s) in enumerate(results):
            score += share
            shares.append(share)
            times += t
            cpu += c
            searched += s
            print(f"game {g + 1}: {share:.2f}, score {score / (g + 1):.3f}", flush=True)
    mean = score / len(tasks)
    _summary(tasks, shares, args.players, args.out)
    low, high = _wilson(score, len(tasks))
    s_cpu, s_wall = searched[0::3] or [0.0], searched[1::3] or [0.0]
    print(f"round actions as Captain's: {sum(searched[2::3]):g} of {len(searched[2::3])}")
    print(f"{args.hero} score {mean:.3f} (95% interval {low:.3f}-{high:.3f}) vs {1 / args.players:.3f} "
          f"per seat over {len(tasks)} games against {args.opponents}; decisions: {len(cpu)}, wall median "
          f"{statistics.median(times):.3f} s, p95 {_q(times, 0.95):.3f} s; CPU median {statistics.median(cpu):.3f} s, "
          f"p95 {_q(cpu, 0.95):.3f} s; round actions (searched, {len(s_cpu)}): CPU median "
          f"{statistics.median(s_cpu):.3f} s, p95 {_q(s_cpu, 0.95):.3f} s; wall median "
          f"{statistics.median(s_wall):.3f} s, p95 {_q(s_wall, 0.95):.3f} s")  # fmt: skip


if __name__ == "__main__":
    main()
