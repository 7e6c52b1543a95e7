"""How long a hint takes at the real settings: ``python bench/hint_latency.py``.

For every game, hints for positions spread over random playouts (the seat to act's view only,
``ai/hints.py``), timed in this process (wall and CPU seconds: the machine may be shared), and
one hint end to end through the bot process (``HintWorker``: request, replay, search, answer).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def inline(game_id: str, count: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``count`` hints computed here."""
    walls, cpus = [], []
    for match in positions(game_id, count):
        ctx = make_context(match.rules, match.state, match.bot_seed())
        wall, cpu = time.perf_counter(), time.process_time()
        hint_for(game_id, ctx)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def through_process(game_id: str) -> float:
    """Wall seconds of one hint through the (warm) bot process."""
    match = positions(game_id, 1, seed=7)[0]
    warm = bot_worker.HintWorker(match, mode="process")  # start and warm the child
    warm.wait(120)
    started = time.perf_counter()
    worker = bot_worker.HintWorker(match, mode="process")
    worker.wait(120)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print("| game | hint by | median wall s | max wall s | median CPU s | via bot process s |")
    print("|---|---|---:|---:|---:|---:|")
    try:
        for game_id in GAMES:
            walls, cpus = inline(game_id, args.positions)
            proc = through_process(game_id)
            print(
                f"| {game_id} | {hint_method(game_id)} | {statistics.median(walls):.2f} | {max(walls):.2f} "
                f"| {statistics.median(cpus):.2f} | {proc:.2f} |"
            )
    finally:
        bot_worker.shutdown()


if __name__ == "__main__":
    main()
