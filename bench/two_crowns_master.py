"""Two Crowns Master against Captain over many games, recorded so CI can check the figure.

Game ``i`` uses seed ``--seed + i`` with Master in seat ``i % 2`` (seats alternated), Captain
in the other; every decision's bot seed comes from ``Rng.from_seed(seed ^ 0x5EED)`` exactly
as in ``bench/ismcts_strength.py``, so a game is the same on any machine.  The score comes with
a 95% Wilson interval, the times per Master decision (at least two legal actions) in wall-clock
and in CPU time of the process that played it, with the load average beside them.

``--record FILE`` writes every game (seed, Master's seat, score, the action log) to a JSON
file (the first games' whole logs, a hash of the others): ``tests/ai/two_crowns/test_master_record.py`` checks in CI that the recorded interval's
lower bound is above 65% and, replaying a few recorded games, that today's Master still makes
the recorded choices (so the record belongs to the code it is checked against).

    nice -n 10 python bench/two_crowns_master.py --games 200 --seed 7000 --jobs 2 \\
        --record bench/records/two_crowns_master.json
    python bench/two_crowns_master.py --games 20 --level grandmaster --against master
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.registry import bot_for, grandmaster_bot, master_config
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng

GAME = "two_crowns"


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * (p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5 / (1 + z * z / games)
    return (centre - half, centre + half)


def decision_seeds(seed: int) -> Rng:
    """The bot seeds of game ``seed``, one ``next64()`` per decision (any seat)."""
    return Rng.from_seed(seed ^ 0x5EED)


def _bot(level: str) -> Bot:
    """A bot of ``level``; Grandmaster too, which the app does not list until it is measured."""
    return grandmaster_bot(GAME) if level == "grandmaster" else bot_for(GAME, level)


def play(seed: int, hero: int, level: str, against: str, options: dict[str, Any]) -> dict[str, Any]:
    """One game, ``level`` at seat ``hero`` and ``against`` opposite: score, log and times."""
    rules = GAMES[GAME]
    bots: list[Bot] = [_bot(against), _bot(against)]
    bots[hero] = _bot(level)
    state = rules.new_game(2, seed, options)
    seeds = decision_seeds(seed)
    log: list[Any] = []
    wall: list[float] = []
    cpu: list[float] = []
    while not rules.is_over(state):
        ctx = make_context(rules, state, seeds.next64())
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[ctx.seat].choose(ctx)
        if ctx.seat == hero and len(ctx.legal) > 1:
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        log.append(action.to_dict())
        state, _events = rules.apply_action(state, action)
    outcome = rules.outcome(state)
    assert outcome is not None
    score = 1.0 / len(outcome.winners) if hero in outcome.winners else 0.0
    return {"seed": seed, "hero": hero, "score": score, "log": log, "wall": wall, "cpu": cpu}


def _play(args: tuple[int, int, str, str, dict[str, Any]]) -> dict[str, Any]:
    return play(*args)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(games: list[dict[str, Any]], level: str, against: str) -> dict[str, Any]:
    """Score with its interval, decision times and the search's iterations per CPU second."""
    score = sum(g["score"] for g in games)
    low, high = wilson(score, len(games))
    wall = [t for g in games for t in g["wall"]]
    cpu = [t for g in games for t in g["cpu"]]
    iterations = master_config(GAME).iterations if level == "master" else None
    if level == "grandmaster":
        from crimson_table.ai.registry import grandmaster_bot

        iterations = grandmaster_bot(GAME).config.iterations
    return {
        "level": level,
        "against": against,
        "games": len(games),
        "score": score,
        "rate": round(score / len(games), 4),
        "interval_95": [round(low, 4), round(high, 4)],
        "decisions": len(cpu),
        "wall_median_s": round(statistics.median(wall), 3),
        "wall_p95_s": round(_quantile(wall, 0.95), 3),
        "cpu_median_s": round(statistics.median(cpu), 3),
        "cpu_p95_s": round(_quantile(cpu, 0.95), 3),
        "cpu_max_s": round(max(cpu), 3),
        "iterations": iterations,
        "iterations_per_cpu_s": round(iterations * len(cpu) / sum(cpu)) if iterations else None,
    }


LOGS_KEPT = 2  # whole action logs recorded for the first games (CI replays them); the rest: a hash


def _entry(game: dict[str, Any], keep_log: bool) -> dict[str, Any]:
    """One game of the record: seed, Master's seat, score, and its log (or the log's hash)."""
    text = json.dumps(game["log"], sort_keys=True, separators=(",", ":"))
    entry = {k: game[k] for k in ("seed", "hero", "score")}
    entry["log_sha256"] = hashlib.sha256(text.encode()).hexdigest()
    if keep_log:
        entry["log"] = game["log"]
    return entry


def main() -> None:
    """Play, print the summary as JSON, write the record if asked."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--level", default="master")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    parser.add_argument("--record", type=Path, help="write every game to this JSON file")
    args = parser.parse_args()
    tasks = [(args.seed + i, i % 2, args.level, args.against, args.options) for i in range(args.games)]
    load_before = os.getloadavg()
    started = time.perf_counter()
    games: list[dict[str, Any]] = []
    with Pool(args.jobs) as pool:
        for game in pool.imap(_play, tasks):
            games.append(game)
            done = sum(g["score"] for g in games)
            print(f"{len(games)}/{args.games}: {done:g}", file=sys.stderr, flush=True)
            result = summary(games, args.level, args.against)
            result.update(
                first_seed=args.seed,
                options=args.options,
                jobs=args.jobs,
                load_avg_before=[round(x, 2) for x in load_before],
                load_avg_now=[round(x, 2) for x in os.getloadavg()],
                wall_s=round(time.perf_counter() - started),
            )
            if args.record is not None:  # after every game: a long run stopped early keeps its games
                _write(args.record, result, games)
    print(json.dumps(result, indent=2))


def _write(path: Path, result: dict[str, Any], games: list[dict[str, Any]]) -> None:
    record = dict(result, results=[_entry(g, keep_log=i < LOGS_KEPT) for i, g in enumerate(games)])
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(record, separators=(",", ":")) + "\n")
    temporary.replace(path)


if __name__ == "__main__":
    main()
