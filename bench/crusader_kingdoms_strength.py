"""Crusader Kingdoms bot strength: the heuristic at one seat against random bots, seats rotated.

Run from the repository root: ``python bench/crusader_kingdoms_strength.py [--games 200]``.
Plays ``--games`` four-player and ``--games`` three-player games (game i uses seed
``--seed + i``, the heuristic at seat ``i mod N``) and prints the heuristic's win rate
(a shared victory counts as a win) with its 95% Wilson interval, per seat and overall, beside
the 1/N share of a seat, and the heuristic's CPU time per decision (median and p95 over all
its decisions and over its round actions alone), and the share of (game, random bot) pairs in
which it finished ahead of that random bot (CK-R34's order; a full tie counts 1/2).
``--jobs N`` spreads the games over N processes (the same games, the same results).
With ``--solo`` it also plays the solitaire and 2-player games and prints the victory levels.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from multiprocessing import Pool

from crimson_table.ai.base import make_context
from crimson_table.ai.registry import bot_for
from crimson_table.engine import GAMES
from crimson_table.engine.core import Outcome
from crimson_table.engine.rng import Rng
from crimson_table.play.simulate import play_one


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games), (centre + spread) / (1 + z * z / games)


def ahead_of(outcome: Outcome, hero: int, other: int) -> float:
    """1 if ``hero`` finished ahead of ``other`` (a winner against a non-winner, else more castles,
    then Card Bonus: CK-R34's order, which ``scores`` holds), 0.5 on a full tie, else 0."""
    won, lost = hero in outcome.winners, other in outcome.winners
    if won != lost:
        return float(won)
    mine, theirs = outcome.scores[hero], outcome.scores[other]
    return 0.5 if mine == theirs else float(mine > theirs)


def timed_game(task: tuple[int, int, int]) -> tuple[bool, list[float], list[float], float]:
    """One game exactly as ``play_one`` plays it (same seeds, same moves), timing the heuristic:
    (won, CPU seconds of its round actions, of its other decisions, how many of the random bots it
    finished ahead of)."""
    players, seed, hero = task
    rules = GAMES["crusader_kingdoms"]
    levels = ["random"] * players
    levels[hero] = "heuristic"
    bots = [bot_for("crusader_kingdoms", level) for level in levels]
    state = rules.new_game(players, seed, {})
    seeds = Rng.from_seed(seed ^ 0x5EED)
    acts: list[float] = []
    others: list[float] = []
    while not rules.is_over(state):
        seat = rules.current_player(state)
        ctx = make_context(rules, state, seeds.next64())
        start = time.process_time()
        action = bots[seat].choose(ctx)
        if seat == hero:
            (acts if ctx.view["phase"] == "act" else others).append(time.process_time() - start)
        state, _ = rules.apply_action(state, action)
    outcome = rules.outcome(state)
    ahead = sum(ahead_of(outcome, hero, seat) for seat in range(players) if seat != hero)
    return hero in outcome.winners, acts, others, ahead


def _quantiles(xs: list[float]) -> str:
    xs = sorted(xs)
    if not xs:
        return "-"
    return f"{1000 * xs[len(xs) // 2]:.2f} / {1000 * xs[int(0.95 * (len(xs) - 1))]:.2f} ms"


def competitive(players: int, games: int, seed: int, jobs: int = 1) -> dict[str, object]:
    """Win rate of one heuristic seat against random ones."""
    tasks = [(players, seed + i, i % players) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(timed_game, tasks, chunksize=10)
    else:
        results = [timed_game(t) for t in tasks]
    wins, by_seat = 0, Counter[int]()
    acts: list[float] = []
    others: list[float] = []
    ahead = 0.0
    for (_p, _s, hero), (won, a, o, beaten) in zip(tasks, results, strict=True):
        ahead += beaten
        wins += won
        by_seat[hero] += won
        acts += a
        others += o
    return {
        "players": players,
        "games": games,
        "win_rate": round(wins / games, 3),
        "wilson_95": [round(x, 3) for x in wilson(wins, games)],
        "share": round(1 / players, 3),
        # the random bots it finished ahead of, of all (game, random bot) pairs; a full tie counts 1/2
        "ahead_of_a_random_bot": round(ahead / (games * (players - 1)), 3),
        "by_seat": {s: f"{by_seat[s]}/{len(range(s, games, players))}" for s in range(players)},
        "cpu_median_p95": _quantiles(acts + others),
        "cpu_round_actions_median_p95": _quantiles(acts),
        "seconds": round(time.perf_counter() - start, 1),
    }


def cooperative(players: int, games: int, seed: int) -> dict[str, object]:
    """Victory levels of heuristic Christians against the Muslim Bot (standard difficulty)."""
    levels: Counter[str] = Counter()
    for i in range(games):
        outcome, _ = play_one("crusader_kingdoms", ["heuristic"] * players, seed + i)
        levels[outcome.reason.split(":")[0]] += 1
    return {"players": players, "games": games, **{k: round(v / games, 3) for k, v in sorted(levels.items())}}


def main() -> None:
    """Print one line per measurement."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--solo", action="store_true")
    parser.add_argument("--players", default="4,3", help="comma list of competitive player counts")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the competitive games")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print(competitive(players, args.games, args.seed, args.jobs), flush=True)
    if args.solo:
        for players in (1, 2):
            print(cooperative(players, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
