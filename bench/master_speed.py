"""Master's search speed: iterations per second on positions of heuristic-played games.

Positions: every fifth decision with a real choice in games the heuristic bots play (seeds 1, 2,
3, ...), up to ``--decisions``.  Each decision is read beside the engine bench's shuffle baseline
timed just before it, so the two share the load of that moment: prints iterations per CPU second,
their ratio to the baseline and the quiet box's rate (min / median / max), with the load average.
``--profile`` instead prints the whole run's rates and the functions that take the most time.

    python bench/master_speed.py --game two_crowns --decisions 12 [--profile]

``--seats 3 6`` measures a decision as a player waits for it, at each seat count: wall and CPU
seconds (median, p95), iterations per second, and the same decisions with the app's wall-clock cap
(``registry.with_wall_cap``, the bot process's setting).  ``--against DIR`` (or the environment's
``MASTER_SEATS_AGAINST``) times each decision in another checkout too, in a child process importing
DIR's package, one decision there and one here in turn (the order alternating), so "before" and
"after" share the load of the same moments:

    python bench/master_speed.py --game condottiere --seats 3 6 --decisions 12 --against DIR
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
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


# -- a decision as a player waits for it, by seat count, before and after ---------------------------


def time_decision(game: str, players: int, k: int, capped: bool = False) -> dict[str, Any]:
    """Master's search on the ``k``-th position of ``players`` seats: wall and CPU seconds, iterations.

    Timed around ``search`` (what ``choose`` spends its time in; every position has a real choice).
    ``capped``: with the app's wall-clock cap, read from ``time.monotonic`` as the bot process does.
    """
    from crimson_table.ai import registry

    rules = GAMES[game]
    state = _positions_cached(game, players, k + 1)[k]
    bot = master_bot(game)
    if capped:
        registry.with_wall_cap(bot, "master", time.monotonic)
    ctx = make_context(rules, state, k)
    wall, cpu = time.perf_counter(), time.process_time()
    root = bot.search(ctx)
    return {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu, "iterations": root.visits}


_POSITIONS: dict[tuple[str, int], list[Any]] = {}


def _positions_cached(game: str, players: int, count: int) -> list[Any]:
    found = _POSITIONS.get((game, players), [])
    if len(found) < count:
        found = _POSITIONS[(game, players)] = positions(game, players, count)
    return found


class Checkout:
    """Another checkout deciding in a child process: one request, one timed decision."""

    def __init__(self, path: str) -> None:
        self.path = path
        env = {**os.environ, "PYTHONPATH": path}
        self.child = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=path,
        )
        self.package = self.ask({"where": True})["package"]

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request, read its answer."""
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(json.dumps(request) + "\n")
        self.child.stdin.flush()
        answer: dict[str, Any] = json.loads(self.child.stdout.readline())
        return answer

    def close(self) -> None:
        """End the child."""
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.child.wait(timeout=30)


def serve() -> None:
    """The child's loop: a JSON request a line (``where``, or a decision), a JSON answer a line."""
    import crimson_table

    for line in sys.stdin:
        request = json.loads(line)
        if request.get("where"):
            answer: dict[str, Any] = {"package": os.path.dirname(crimson_table.__file__)}
        else:
            answer = time_decision(request["game"], request["players"], request["k"])
        print(json.dumps(answer), flush=True)


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    walls = sorted(r["wall"] for r in runs)
    cpus = sorted(r["cpu"] for r in runs)
    iterations = sum(r["iterations"] for r in runs)
    return {
        "wall_median_s": round(statistics.median(walls), 3),
        "wall_p95_s": round(walls[round(0.95 * (len(walls) - 1))], 3),
        "wall_max_s": round(walls[-1], 3),
        "cpu_median_s": round(statistics.median(cpus), 3),
        "cpu_p95_s": round(cpus[round(0.95 * (len(cpus) - 1))], 3),
        "iterations_per_s": round(iterations / sum(walls)),
        "iterations_per_cpu_s": round(iterations / sum(cpus)),
        "iterations_mean": round(iterations / len(runs)),
    }


def seat_figures(
    game: str = "condottiere",
    seats: tuple[int, ...] = (3, 6),
    decisions: int = 12,
    against: str | None = None,
) -> dict[str, Any]:
    """At each seat count: this checkout's decisions with the iteration budget and with the app's
    cap, and ``against``'s (another checkout, "before") on the same positions, interleaved."""
    against = os.environ.get("MASTER_SEATS_AGAINST", "") if against is None else against
    other = Checkout(against) if against else None
    out: dict[str, Any] = {
        "game": game,
        "decisions": decisions,
        "iterations": master_bot(game).config.iterations,
    }
    try:
        if other is not None:
            out["against"] = other.package
        for players in seats:
            runs: dict[str, list[dict[str, Any]]] = {"after": [], "capped": [], "before": []}
            for k in range(decisions):
                order = ["before", "after", "capped"] if k % 2 == 0 else ["capped", "after", "before"]
                for which in order:
                    if which == "before":
                        if other is not None:
                            runs["before"].append(other.ask({"game": game, "players": players, "k": k}))
                    else:
                        runs[which].append(time_decision(game, players, k, capped=which == "capped"))
            out[str(players)] = {which: _summary(r) for which, r in runs.items() if r}
    finally:
        if other is not None:
            other.close()
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main() -> None:
    """Measure and print JSON."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--seats", type=int, nargs="+", help="decision times at these seat counts")
    parser.add_argument("--against", default=None, help="another checkout, timed on the same decisions")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    if args.seats:
        print(json.dumps(seat_figures(args.game, tuple(args.seats), args.decisions, args.against), indent=2))
        return
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
