"""How long a hint takes at the real settings: ``python bench/hint_latency.py``.

For every game, hints for positions spread over random playouts (the seat to act's view only,
``ai/hints.py``), timed in this process (wall and CPU seconds: the machine may be shared), and
one hint end to end through the bot process (``HintWorker``: request, replay, search, answer).
:func:`figures` also times the engine bench's shuffle baseline just before each hint and gives the
CPU seconds the hint would take on the quiet box (its CPU time times the baseline's rate now over
its quiet rate), so a loaded box does not read as a slow hint.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_throughput import QUIET_BASELINE, baseline_rate, spread  # noqa: E402

from crimson_table.ai.base import make_context  # noqa: E402
from crimson_table.ai.hints import hint_for, hint_method  # noqa: E402
from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.rng import Rng  # noqa: E402
from crimson_table.play import bot_worker  # noqa: E402
from crimson_table.play.match import Match, Seat  # noqa: E402


def positions(game_id: str, count: int, seed: int = 3) -> list[Match]:
    """Matches at ``count`` points of a random playout where the seat to act has a choice."""
    players = max(2, GAMES.info(game_id).min_players)
    out: list[Match] = []
    for k in range(count * 3):
        match = Match.new(game_id, [Seat(f"P{i}", "bot", "random") for i in range(players)], seed + k)
        rng = Rng.from_seed(seed * 101 + k)
        for _ in range(5 + 9 * (k % 6)):
            if match.is_over():
                break
            legal = match.legal_actions()
            match.apply(legal[rng.below(len(legal))])
        if not match.is_over() and len(match.legal_actions()) > 1:
            out.append(match)
        if len(out) == count:
            break
    return out


def inline(game_id: str, count: int, baseline_s: float = 0.0) -> tuple[list[float], list[float], list[float]]:
    """Wall and CPU seconds of ``count`` hints computed here, and for each the CPU seconds it would
    take on the quiet box: its CPU time times the shuffle baseline timed just before it (the same
    load) over the baseline's quiet rate.  Without ``baseline_s`` the third list is empty."""
    walls, cpus, quiet = [], [], []
    for match in positions(game_id, count):
        ctx = make_context(match.rules, match.state, match.bot_seed())
        cpu_base = baseline_rate(baseline_s)[1] if baseline_s else 0.0
        wall, cpu = time.perf_counter(), time.process_time()
        hint_for(game_id, ctx)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if baseline_s:
            quiet.append(cpus[-1] * cpu_base / QUIET_BASELINE)
    return walls, cpus, quiet


def through_process(game_id: str) -> float:
    """Wall seconds of one hint through the (warm) bot process."""
    match = positions(game_id, 1, seed=7)[0]
    warm = bot_worker.HintWorker(match, mode="process")  # start and warm the child
    warm.wait(120)
    started = time.perf_counter()
    worker = bot_worker.HintWorker(match, mode="process")
    worker.wait(120)
    return time.perf_counter() - started


def figures(count: int = 8, games: Sequence[str] | None = None, baseline_s: float = 0.2) -> dict[str, Any]:
    """Per game: hint seconds (wall, CPU, quiet box; min / median / max) and one through the bot process."""
    result: dict[str, Any] = {}
    try:
        for game_id in games or list(GAMES):
            walls, cpus, quiet = inline(game_id, count, baseline_s)
            result[game_id] = {
                "hint_by": hint_method(game_id),
                "wall_s": spread(walls, 3),
                "cpu_s": spread(cpus, 3),
                "quiet_box_cpu_s": spread(quiet, 3),
                "through_bot_process_s": round(through_process(game_id), 3),
            }
    finally:
        bot_worker.shutdown()
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print("| game | hint by | median wall s | max wall s | median CPU s | via bot process s |")
    print("|---|---|---:|---:|---:|---:|")
    try:
        for game_id in GAMES:
            walls, cpus, _ = inline(game_id, args.positions)
            proc = through_process(game_id)
            print(
                f"| {game_id} | {hint_method(game_id)} | {statistics.median(walls):.2f} | {max(walls):.2f} "
                f"| {statistics.median(cpus):.2f} | {proc:.2f} |"
            )
    finally:
        bot_worker.shutdown()


if __name__ == "__main__":
    main()
