"""Frames while Master thinks, beside the same table idle and the same decision standalone.

For ``--positions`` mid-game positions of a heuristic-played game, the seat to act becomes
Master (the others human) and the real table runs the app's own loop (``clock.tick(60)``,
animations off) until the decision is applied; the frame intervals are recorded while the bot
thinks.  The same positions with every seat human give the idle intervals, and the same
decisions computed in this process with nothing else running give the standalone times.
The three runs are interleaved position by position, in an order that turns from one position
to the next, so a changing load hits all alike; besides the pooled figures the report gives the
median over positions of same-position ratios (thinking against idle, in the app against
standalone), which a noisy shared machine moves far less, the app's own CPU per frame, and the
load average before and after.

    SDL_VIDEODRIVER=dummy nice -n 10 python bench/bot_frames.py [--game two_crowns] [--positions 12]
        [--repeat 2] [--mode process|thread] [--always-redraw | --compare-redraw] [--json]

``--always-redraw`` paints every frame while the bot thinks, as the loop did before the table
learnt to repaint only for its "thinking" dots (``BaseGameScene.needs_redraw``);
``--compare-redraw`` measures that loop too, on every position, among the other runs.

``--mode thread`` runs the bot the way the table once did (a thread in the app's
process), for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time
from dataclasses import dataclass
from typing import Any

from crimson_table.play import bot_worker
from crimson_table.play.bot_worker import BotRequest, decide
from crimson_table.play.match import Match, Seat

FPS = 60
SLOW_MS = 33.0


class ThreadWorker:
    """The pre-issue-10 worker: ``match.bot_choose()`` in a daemon thread of the app's process."""

    mode = "thread"

    def __init__(self, match: Match) -> None:
        self.step, self.seat = match.step, match.current_seat()
        self.result: Any = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(match,), daemon=True)
        self._thread.start()

    def _run(self, match: Match) -> None:
        try:
            self.result = match.bot_choose()
        except Exception as exc:  # noqa: BLE001
            self.error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def cancel(self) -> None:
        pass


def positions(game_id: str, players: int, count: int, seed: int) -> list[list[Any]]:
    """Action logs leading to ``count`` positions with a real choice, spread over a few games."""
    out: list[list[Any]] = []
    game_seed = seed
    while len(out) < count:
        match = Match.new(game_id, [Seat(f"H{i}", "bot", "heuristic") for i in range(players)], game_seed)
        turn = 0
        while not match.is_over() and len(out) < count:
            if len(match.legal_actions()) > 1 and turn % 7 == 3:
                out.append(match.log)
            match.apply(match.bot_choose())
            turn += 1
        game_seed += 1
    return out


def table_match(game_id: str, players: int, seed: int, log: list[Any], master: bool) -> Match:
    """The match after ``log``: the seat to act is Master (or the one human), the others Captains.

    With Master to act, the next seat is the one human, so the table shows a human's view.
    """
    match = Match.new(game_id, [Seat(f"P{i}", "bot", "heuristic") for i in range(players)], seed)
    for action in log:
        match.apply(action)
    now = match.current_seat()
    assert now is not None
    if master:
        match.seats[now] = Seat("Master", "bot", "master")
        match.seats[(now + 1) % players] = Seat("You", "human")
    else:
        match.seats[now] = Seat("You", "human")
    return match


def run_table(app: Any, match: Match, frames: int | None) -> tuple[list[float], float]:
    """The app's loop on ``match``: frame intervals (ms) until the bot has moved (or ``frames``).

    Returns the intervals of the frames during which the bot was thinking (every frame when
    idle) and the decision time (first frame with the worker to the frame that saw it done).
    """
    import pygame

    table = app.start_match(match)
    clock = pygame.time.Clock()
    start_step = match.step
    intervals: list[float] = []
    asked = answered = 0.0
    last = time.perf_counter()
    count = 0
    while True:
        dt = clock.tick(FPS) / 1000.0
        thinking = table.worker is not None
        app.step(min(dt, 0.1))
        now = time.perf_counter()
        if table.worker is not None and not asked:
            asked = now
        if thinking or frames is not None:
            intervals.append((now - last) * 1000)
        last = now
        count += 1
        if frames is not None and count >= frames:
            return intervals, 0.0
        if match.step > start_step:
            answered = answered or now
            return intervals, answered - asked


def standalone(match: Match) -> float:
    """Seconds for the same decision computed here, nothing else running."""
    request = BotRequest.for_match(match)
    started = time.perf_counter()
    decide(request)
    return time.perf_counter() - started


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=1, help="play the interleaved set this many times")
    parser.add_argument("--mode", choices=("process", "thread"), default="process")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--always-redraw",
        action="store_true",
        help="paint every frame while the bot thinks (the loop before)",
    )
    parser.add_argument(
        "--compare-redraw",
        action="store_true",
        help="also measure each position with every frame painted, interleaved with the rest",
    )
    args = parser.parse_args()
    result = summarise(args, *play(args))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    report(args, result)


def figures(
    game: str = "two_crowns", players: int = 2, positions: int = 12, seed: int = 500
) -> dict[str, Any]:
    """The figures of the default run (the process worker, frames painted only when they change)."""
    args = argparse.Namespace(
        game=game,
        players=players,
        positions=positions,
        seed=seed,
        repeat=1,
        mode="process",
        always_redraw=False,
        compare_redraw=False,
    )
    return summarise(args, *play(args))


def play(args: argparse.Namespace) -> tuple[list[Run], float]:
    """Every position measured in the real app; the runs and the 1-minute load average before."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ[bot_worker.MODE_ENV] = "process"
    from crimson_table.ui.app import App
    from crimson_table.ui.settings import Settings
    from crimson_table.ui.tables import base

    if args.mode == "thread":
        base.BotWorker = ThreadWorker  # type: ignore[misc,assignment]
    app = App(Settings(animation_speed="off", volume=0.0), start_menu=True)
    if args.always_redraw:
        app.needs_redraw = lambda: True  # type: ignore[method-assign]
    logs = positions(args.game, args.players, args.positions + 1, args.seed)
    warm = table_match(args.game, args.players, args.seed, logs.pop(0), master=True)
    run_table(app, warm, None)  # the child's start-up and imports are not part of a decision
    load_before = os.getloadavg()[0]
    runs: list[Run] = []
    for k in range(args.repeat * len(logs)):
        runs.append(measure_position(app, args, logs[k % len(logs)], k))
    app.clear()
    bot_worker.shutdown()
    return runs, load_before


@dataclass
class Run:
    """One position: thinking and idle frame intervals (ms), the app's CPU per frame, decision times.

    ``painted_*``: the same thinking with every frame painted (``--compare-redraw``), else empty.
    """

    busy: list[float]
    idle: list[float]
    busy_cpu_ms: float
    idle_cpu_ms: float
    in_app: float
    alone: float
    painted: list[float]
    painted_cpu_ms: float
    painted_in_app: float


def measure_position(app: Any, args: argparse.Namespace, log: list[Any], k: int) -> Run:
    """Master thinking at the table, the table idle, the decision standalone: in a rotating order.

    The order turns with ``k`` (busy-idle-alone, idle-alone-busy, alone-busy-idle, with the
    every-frame-painted thinking among them for ``--compare-redraw``) so a load that rises or
    falls during a position hits each measurement alike over a few positions.
    """
    game, players, seed = args.game, args.players, args.seed
    kinds = ["busy", "idle", "alone"] + (["painted"] if args.compare_redraw else [])
    shift = k % len(kinds)
    got: dict[str, Any] = {"painted": [], "painted_cpu": 0.0, "painted_in_app": 0.0}
    for what in kinds[shift:] + kinds[:shift]:
        cpu = time.process_time()
        if what in ("busy", "painted"):
            if what == "painted":
                app.needs_redraw = lambda: True
            intervals, seconds = run_table(app, table_match(game, players, seed, log, True), None)
            if what == "painted":
                del app.needs_redraw  # back to the class's method
            got[what], got[f"{what}_in_app" if what == "painted" else "in_app"] = intervals, seconds
            got[f"{what}_cpu"] = (time.process_time() - cpu) * 1000 / max(1, len(intervals))
        elif what == "idle":
            got["idle"] = run_table(app, table_match(game, players, seed, log, False), IDLE_FRAMES)[0]
            got["idle_cpu"] = (time.process_time() - cpu) * 1000 / max(1, len(got["idle"]))
        else:
            got["alone"] = standalone(table_match(game, players, seed, log, True))
    return Run(
        got["busy"],
        got["idle"],
        got["busy_cpu"],
        got["idle_cpu"],
        got["in_app"],
        got["alone"],
        got["painted"],
        got["painted_cpu"],
        got["painted_in_app"],
    )


IDLE_FRAMES = 60  # a second of the idle table per position


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _slow_pct(values: list[float]) -> float:
    return 100 * sum(1 for x in values if x > SLOW_MS) / max(1, len(values))


def _painted(runs: list[Run]) -> dict[str, float]:
    """The every-frame-painted thinking, beside the same positions' idle and standalone runs."""
    painted = [x for r in runs for x in r.painted]
    return {
        "painted_slow_frames_pct": round(_slow_pct(painted), 2),
        "painted_median_ms": round(statistics.median(painted), 2),
        "painted_median_interval_ratio": round(
            statistics.median(statistics.median(r.painted) / statistics.median(r.idle) for r in runs), 3
        ),
        "painted_app_cpu_ms_per_frame": round(statistics.median(r.painted_cpu_ms for r in runs), 2),
        "painted_decision_ratio_median": round(
            statistics.median(r.painted_in_app / r.alone for r in runs), 3
        ),
    }


def summarise(args: argparse.Namespace, runs: list[Run], load_before: float) -> dict[str, Any]:
    """The figures: pooled, and as medians of same-position ratios."""
    busy = [x for r in runs for x in r.busy]
    idle = [x for r in runs for x in r.idle]
    app = [r.in_app for r in runs]
    alone = [r.alone for r in runs]
    result = {
        "game": args.game,
        "players": args.players,
        "mode": args.mode + (", every frame painted" if args.always_redraw else ""),
        "decisions": len(runs),
        "load_1min_before": round(load_before, 2),
        "load_1min_after": round(os.getloadavg()[0], 2),
        "thinking_frames": len(busy),
        "slow_frames_pct": round(_slow_pct(busy), 2),
        "idle_slow_frames_pct": round(_slow_pct(idle), 2),
        "median_ms": round(statistics.median(busy), 2),
        "idle_median_ms": round(statistics.median(idle), 2),
        "p95_ms": round(_p95(busy), 2),
        "idle_p95_ms": round(_p95(idle), 2),
        # Same-position ratios, then their median: robust to a load that changes between positions.
        "median_interval_ratio": round(
            statistics.median(statistics.median(r.busy) / statistics.median(r.idle) for r in runs), 3
        ),
        "slow_pct_excess_median": round(
            statistics.median(_slow_pct(r.busy) - _slow_pct(r.idle) for r in runs), 2
        ),
        "app_cpu_ms_per_frame_thinking": round(statistics.median(r.busy_cpu_ms for r in runs), 2),
        "app_cpu_ms_per_frame_idle": round(statistics.median(r.idle_cpu_ms for r in runs), 2),
        **(_painted(runs) if args.compare_redraw else {}),
        "decision_median_s": round(statistics.median(app), 3),
        "decision_p95_s": round(_p95(app), 3),
        "standalone_median_s": round(statistics.median(alone), 3),
        "decision_ratio_total": round(sum(app) / sum(alone), 3),
        "decision_ratio_median": round(statistics.median(a / b for a, b in zip(app, alone, strict=True)), 3),
    }
    return result


def report(args: argparse.Namespace, r: dict[str, Any]) -> None:
    """Print the figures beside their targets."""
    if args.compare_redraw:
        print(
            f"  every frame painted while thinking: {r['painted_slow_frames_pct']}% over {SLOW_MS:.0f} ms,"
            f" median {r['painted_median_ms']} ms (same-position ratio {r['painted_median_interval_ratio']}),"
            f" the app's CPU {r['painted_app_cpu_ms_per_frame']} ms per frame,"
            f" decision ratio {r['painted_decision_ratio_median']} (median)"
        )
    print(
        f"{r['game']} ({r['players']} players, {r['mode']}, {r['decisions']} decisions,"
        f" load {r['load_1min_before']} -> {r['load_1min_after']}):\n"
        f"  frames over {SLOW_MS:.0f} ms while thinking {r['slow_frames_pct']}% (idle {r['idle_slow_frames_pct']}%)"
        f" [target <= 1%]; same-position excess, median {r['slow_pct_excess_median']} points\n"
        f"  median frame interval {r['median_ms']} ms (idle {r['idle_median_ms']} ms) [target within 10%],"
        f" same-position ratio, median {r['median_interval_ratio']}; p95 {r['p95_ms']} ms (idle {r['idle_p95_ms']} ms)\n"
        f"  the app's CPU per frame {r['app_cpu_ms_per_frame_thinking']} ms thinking,"
        f" {r['app_cpu_ms_per_frame_idle']} ms idle\n"
        f"  decision in the app {r['decision_median_s']} s median ({r['decision_p95_s']} s p95),"
        f" standalone {r['standalone_median_s']} s;"
        f" ratio {r['decision_ratio_total']} (total), {r['decision_ratio_median']} (median) [target <= 1.1]"
    )


if __name__ == "__main__":
    main()
