"""Master (ISMCTS) against the heuristic bot: win rate and time per decision.

Game ``i`` uses seed ``--seed + i`` and puts Master in seat ``i % players``; every other
seat is a heuristic bot ("Captain"), so the even-strength baseline is ``1/players``.
A shared win counts as ``1/k``.  Times are per Master decision with at least two legal
actions (a forced move returns at once), measured around ``choose``; run with
``--jobs 1`` on a quiet machine for clean times (``--jobs 2`` plays two games at once).

    python bench/ismcts_strength.py --game condottiere --players 3 --games 100 --jobs 2
    python bench/ismcts_strength.py --game two_crowns --options '{"best_of": 3}' --games 40
    python bench/ismcts_strength.py --game crusader_kingdoms --players 4 --games 400 --level cheat

``--level cheat`` measures the headroom of the search: Master's own search, budget and rollouts,
but every determinization is the true state (the other seats' hands, the deck's order and the
random generator, so every die its rollouts roll is the die the game will roll: what no fair
player knows).  ``--level cheat-cards`` gives it the true cards only, hands and decks, with the
dice unknown as a fair search has them: what better guessing of the hidden cards could win at
most.  Both are benches only, never levels of the app.

    python bench/ismcts_strength.py --game condottiere --players 6 --games 200 --record F --label after

``--record F`` adds the run (with every game's score, under ``--label``) to the JSON file ``F`` in
``bench/records/``; ``results.py`` shows the runs of ``condottiere_seats.json`` in its table.  Two
checkouts whose Master decides alike score the same game for game; run the other one with
``PYTHONPATH=DIR`` to compare (Master is budgeted by iterations here, never by the clock).

The score comes with a 95% Wilson interval (a shared win counted as its fraction), the times
with the median, p90, p95 and the search's iterations per second, in wall-clock and in CPU
time of this process (the machine's load average is printed beside them: on a shared, loaded
machine the CPU times are what an unloaded machine would show).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import statistics
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.registry import bot_for, master_bot
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


def play(
    game_id: str,
    players: int,
    seed: int,
    hero: int,
    options: dict[str, Any] | None = None,
    level: str = "master",
) -> dict[str, Any]:
    """One game, Master (or ``level``) at seat ``hero``: its score and its decision times."""
    rules = GAMES[game_id]
    bots: list[Bot] = [bot_for(game_id, "heuristic") for _ in range(players)]
    bots[hero] = master_bot(game_id) if level in SEARCHERS else bot_for(game_id, level)
    state = rules.new_game(players, seed, options or {})
    seeds = Rng.from_seed(seed ^ 0x5EED)
    times: list[float] = []
    cpu: list[float] = []
    while not rules.is_over(state):
        ctx = make_context(rules, state, seeds.next64())
        if level in CHEATS and ctx.seat == hero:
            ctx = replace(ctx, determinize=functools.partial(CHEATS[level], state))
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[ctx.seat].choose(ctx)
        if ctx.seat == hero and len(ctx.legal) > 1:
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        state, _events = rules.apply_action(state, action)
    outcome = rules.outcome(state)
    assert outcome is not None
    score = 1.0 / len(outcome.winners) if hero in outcome.winners else 0.0
    return {"seed": seed, "hero": hero, "score": score, "times": times, "cpu": cpu}


def true_state(state: Any, _seed: int) -> Any:
    """The cheat's "determinization": the real state, hidden cards, deck order and dice included."""
    return state


def true_cards(state: Any, seed: int) -> Any:
    """The card cheat's: the real cards everywhere, the dice to come unknown (a generator of its own,
    as a fair determinization gives every sample)."""
    sample = state.clone()
    sample.rng = Rng.from_seed(seed).fork()
    return sample


CHEATS = {"cheat": true_state, "cheat-cards": true_cards}
SEARCHERS = ("master", *CHEATS)


def _play_star(args: tuple[str, int, int, int, dict[str, Any], str]) -> dict[str, Any]:
    return play(*args)


def run(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    jobs: int,
    options: dict[str, Any] | None = None,
    level: str = "master",
) -> dict[str, Any]:
    """Play the games (``jobs`` at a time) and summarise them."""
    tasks = [(game_id, players, seed + i, i % players, options or {}, level) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_play_star, tasks, chunksize=1)
    else:
        results = []
        for task in tasks:
            results.append(_play_star(task))
            if len(results) % 10 == 0:  # progress on stderr: long runs on a shared machine
                done = sum(r["score"] for r in results)
                print(f"{len(results)}/{games}: {done:g}", file=sys.stderr, flush=True)
    times = sorted(t for r in results for t in r["times"])
    cpu = sorted(t for r in results for t in r["cpu"])
    score = sum(r["score"] for r in results)
    low, high = wilson(score, games)
    iterations = master_bot(game_id).config.iterations if level in SEARCHERS else None
    return {
        "game": game_id,
        "players": players,
        "options": options or {},
        "level": level,
        "games": games,
        "first_seed": seed,
        "master_score": score,
        "master_rate": round(score / games, 3),
        "interval_95": [round(low, 3), round(high, 3)],
        "baseline": round(1 / players, 3),
        "decisions": len(times),
        "median_s": round(statistics.median(times), 3),
        "p90_s": round(times[int(0.9 * (len(times) - 1))], 3),
        "p95_s": round(times[int(0.95 * (len(times) - 1))], 3),
        "max_s": round(times[-1], 3),
        "cpu_median_s": round(statistics.median(cpu), 3),
        "cpu_p95_s": round(cpu[int(0.95 * (len(cpu) - 1))], 3),
        "cpu_max_s": round(cpu[-1], 3),
        "iterations": iterations,
        "iterations_per_s": round(iterations * len(times) / sum(times)) if iterations else None,
        "iterations_per_cpu_s": round(iterations * len(cpu) / sum(cpu)) if iterations else None,
        "jobs": jobs,
        "load_avg": [round(x, 2) for x in os.getloadavg()],
        "wall_s": round(time.perf_counter() - start),
        "scores": [r["score"] for r in results],
    }


def record(result: dict[str, Any], name: str, label: str, commit: str = "") -> None:
    """Add ``result`` under ``label`` to ``bench/records/<name>`` (a list of runs), with its commit (the
    package's checkout's, unless given: an exported tree has none) and date."""
    import datetime
    import subprocess
    from pathlib import Path

    import crimson_table

    path = Path(__file__).resolve().parent / "records" / name
    runs = json.loads(path.read_text()) if path.exists() else []
    package = Path(crimson_table.__file__).resolve().parent.parent
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=package, capture_output=True, text=True
    )
    runs.append(
        {
            **result,
            "label": label,
            "commit": commit or head.stdout.strip() or package.name,
            "date": datetime.date.today().isoformat(),
        }
    )
    path.write_text(json.dumps(runs, indent=1) + "\n")


def main() -> None:
    """Parse the arguments, run, print JSON."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    parser.add_argument("--level", default="master", help="the hero's level (default master)")
    parser.add_argument("--record", default="", help="add the run to this file in bench/records/")
    parser.add_argument("--label", default="", help="the run's name in the record (e.g. before, after)")
    parser.add_argument("--commit", default="", help="the commit of the code run, if not a git checkout")
    args = parser.parse_args()
    result = run(args.game, args.players, args.games, args.seed, args.jobs, args.options, args.level)
    print(json.dumps(result, indent=2))
    if args.record:
        record(result, args.record, args.label, args.commit)


if __name__ == "__main__":
    main()
