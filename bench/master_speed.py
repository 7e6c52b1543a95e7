"""Master's search speed: iterations per second on positions of heuristic-played games.

Positions: every fifth decision with a real choice in games the heuristic bots play (seeds 1, 2,
3, ...), up to ``--decisions``.  Prints iterations per second in wall-clock and in this process's
CPU time (the figure an unloaded machine shows), with the load average; ``--profile`` adds the
functions that take the most time.

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


def main() -> None:
    """Measure and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
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
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
