"""Master's search speed: iterations per second on positions of heuristic-played games.

Positions: every fifth decision with a real choice in games the heuristic bots play (seeds 1, 2,
3, ...), up to ``--decisions``.  Each decision is read beside the engine bench's shuffle baseline
timed just before it, so the two share the load of that moment: prints iterations per CPU second,
their ratio to the baseline and the quiet box's rate (min / median / max), with the load average.
``--profile`` instead prints the whole run's rates and the functions that take the most time.

    python bench/master_speed.py --game two_crowns --decisions 12 [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import time
from typing import Any

from engine_throughput import QUIET_BASELINE, baseline_rate, spread

from crimson_table.ai.base import make_context
from crimson_table.ai.registry import bot_for, master_bot
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng


def positions(game_id: str, players: int, count: int) -> list[Any]:
    """States with a real choice from heuristic games."""
    rules = GAMES[game_id]
    out: list[Any] = []
    seed = 1
    while len(out) < count:
        state = rules.new_game(players, seed, {})
        bot, rng, step = bot_for(game_id, "heuristic"), Rng.from_seed(seed), 0
        while not rules.is_over(state) and len(out) < count:
            ctx = make_context(rules, state, rng.next64())
            if len(ctx.legal) > 1 and step % 5 == 0:
                out.append(state)
            state, _ = rules.apply_action(state, bot.choose(ctx))
            step += 1
        seed += 1
    return out


def figures(
    game: str = "two_crowns", players: int = 2, decisions: int = 12, baseline_s: float = 0.3
) -> dict[str, Any]:
    """Master's iterations per CPU second, decision by decision, each read beside the shuffle
    baseline timed just before it (the same load): min / median / max of the rates and ratios,
    and the quiet box's rate (the ratio times the baseline's quiet rate)."""
    rules = GAMES[game]
    states = positions(game, players, decisions)
    bot = master_bot(game)
    iterations = bot.config.iterations
    rates, ratios, baselines = [], [], []
    wall = time.perf_counter()
    for k, state in enumerate(states):
        _, cpu_base = baseline_rate(baseline_s)
        cpu = time.process_time()
        bot.choose(make_context(rules, state, k))
        rate = iterations / (time.process_time() - cpu)
        rates.append(rate)
        ratios.append(rate / cpu_base)
        baselines.append(cpu_base)
    return {
        "game": game,
        "players": players,
        "decisions": len(states),
        "iterations": iterations,
        "iterations_per_cpu_s": spread(rates),
        "ratio_to_baseline": spread(ratios, 4),
        "cpu_baseline_shuffles_per_s": spread(baselines),
        "quiet_box_iterations_per_cpu_s": spread([r * QUIET_BASELINE for r in ratios]),
        "wall_s": round(time.perf_counter() - wall, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    """Measure and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not args.profile:
        print(json.dumps(figures(args.game, args.players, args.decisions), indent=2))
        return
    rules = GAMES[args.game]
    states = positions(args.game, args.players, args.decisions)
    bot = master_bot(args.game)

    def run() -> None:
        for k, state in enumerate(states):
            bot.choose(make_context(rules, state, k))

    wall, cpu = time.perf_counter(), time.process_time()
    run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    done = len(states) * bot.config.iterations
    result = {
        "game": args.game,
        "players": args.players,
        "decisions": len(states),
        "iterations": bot.config.iterations,
        "iterations_per_s": round(done / wall),
        "iterations_per_cpu_s": round(done / cpu),
        "cpu_s_per_decision": round(cpu / len(states), 3),
        "load_avg": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(result, indent=2))
    profile = cProfile.Profile()
    profile.runcall(run)
    pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
