"""Every maintained figure in one run, written to ``bench/RESULTS.md`` as the current table.

    python bench/results.py [--quick] [--only engine frame ...] [--out bench/RESULTS.md]

Each benchmark runs in a fresh process of its own (a peak of memory is a process's whole life, and
start-up and the window want a clean interpreter) through the ``figures`` function of its script,
which hands its figures back as data.  Every benchmark reads its work beside a baseline measured in
the same run, interleaved with it, because the development box is shared: the table gives the
figure, its goal, min / median / max where there are rounds, the baseline, the load average, the
commit and the date.  ``--quick`` runs short settings (a few minutes in all; the table says so);
a full run also records its rows in ``bench/records/full_runs.json``, which the table's second
section shows until the next full run replaces them.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
FULL_RUNS = BENCH / "records" / "full_runs.json"
TWO_CROWNS_RECORDS = ("two_crowns_master.json", "two_crowns_master_3105.json", "two_crowns_master_3139.json")
SEATS_RECORD = "condottiere_seats.json"  # Master against Captain at 3 and 6 seats, before and after


@dataclass
class Row:
    """One line of the table."""

    figure: str
    goal: str
    measured: str
    met: bool | None
    baseline: str
    command: str
    load: str = ""
    commit: str = ""
    date: str = ""


@dataclass
class Bench:
    """A maintained benchmark: which script's ``figures`` to call, with what, and how to read it."""

    name: str
    module: str
    function: str
    full: list[dict[str, Any]]
    quick: list[dict[str, Any]]
    rows: Callable[[dict[str, Any], dict[str, Any]], list[Row]]
    timeout_s: float = 900.0
    notes: list[str] = field(default_factory=list)


def _spread(values: dict[str, float], fmt: str = "{:,.0f}", unit: str = "") -> str:
    return " / ".join(fmt.format(values[k]) for k in ("min", "median", "max")) + unit


def _load(values: Any) -> str:
    if isinstance(values, dict):
        values = values.get("after") or values.get("before")
    first = values[0] if isinstance(values, list | tuple) else values
    return f"{first:.2f}" if isinstance(first, float) else str(first)


# -- how each benchmark's figures become rows ---------------------------------------------------------

# Every game, at every seat count, at 50,000 random-playout actions a second on a quiet box.
ENGINE_GOALS = {
    "two_crowns": 50_000,
    "crimson_company": 50_000,
    "condottiere": 50_000,
    "crimson_keep": 50_000,
    "crusader_kingdoms": 50_000,
}


def engine_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    rows = []
    for key, row in result.items():
        if key == "load_average":
            continue
        game = key.split()[0]
        goal = ENGINE_GOALS.get(game)
        quiet = row["cpu_quiet_box_actions_per_s"]
        rows.append(
            Row(
                f"Engine rate, {game}: random-playout actions per CPU second, quiet-box estimate",
                f"≥ {goal:,}" if goal else "none set",
                _spread(quiet),
                None if goal is None else quiet["median"] >= goal,
                f"× shuffle baseline {_spread(row['cpu_ratio_to_baseline'], '{:.3f}')} "
                f"(baseline {_spread(row['cpu_baseline_shuffles_per_s'])} shuffles/CPU s; quiet box 37,883)",
                f"python bench/engine_throughput.py --game {game} --rounds {kwargs['rounds']} "
                f"--seconds {kwargs['seconds']}",
                _load(result["load_average"]),
            )
        )
    return rows


def frame_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    ratios = result["cpu_round_ratios"]
    return [
        Row(
            f"Frame time, {result['game']} ({result['players']} p) table at rest / bare loop of "
            f"{result['blits_per_frame']} blits, CPU, per round",
            "≤ 1.5×",
            _spread(ratios, "{:.2f}", "×"),
            ratios["median"] <= 1.5,
            f"bare loop {result['cpu_bare_median_ms']} ms, table {result['cpu_scene_median_ms']} ms a frame "
            f"(CPU medians; wall ratio {result['ratio']}×)",
            f"python bench/frame_time.py --game {result['game']} --players {result['players']} "
            f"--frames {kwargs['frames']} --rounds {kwargs['rounds']}",
            _load(result["load_average"]),
        )
    ]


def startup_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    """The goal row: the window showing the menu (the kept first frame) against bare pygame; beside
    it, the first live frame (the menu built and ready for a click), which has no goal of its own."""
    rows = []
    for name, what, goal in (
        ("pixels", "Start-up to the menu on screen (kept first frame)", "≤ 1.5×"),
        ("app", "Start-up to the first live menu frame", ""),
    ):
        for clock in ("cpu", "wall"):
            ratios = result[f"{name}_to_bare_{clock}"]
            rows.append(
                Row(
                    f"{what}, app / bare pygame, {clock.upper() if clock == 'cpu' else clock}, per round",
                    goal or "(no goal: shown for the record)",
                    _spread(ratios, "{:.2f}", "×"),
                    ratios["median"] <= 1.5 if goal else None,
                    f"bare {result['bare'][clock]['median']} s, app {result[name][clock]['median']} s (medians)",
                    f"python bench/startup.py --rounds {kwargs['rounds']}",
                    _load(result["load_average"]),
                )
            )
    return rows


def idle_rows(result: list[dict[str, Any]], kwargs: dict[str, Any]) -> list[Row]:
    bare = next((row for row in result if row["screen"] == "bare"), None)
    rows = []
    for row in result:
        if row["screen"] == "bare":
            continue
        pct = 100 * float(row["cpu_per_wall"])
        base = "" if bare is None else f"bare 60 Hz loop {100 * float(bare['cpu_per_wall']):.1f} % of a core"
        rows.append(
            Row(
                f"Idle CPU, {row['screen']} at rest ({row['wall_s']} s)",
                "≤ 5 % of a core",
                f"{pct:.1f} %",
                pct <= 5.0,
                base,
                f"python bench/idle_cpu.py --seconds {kwargs['seconds']} --screens bare {row['screen']}",
                kwargs.get("_load", ""),
            )
        )
    return rows


def memory_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    together = result["together_mb"]
    return [
        Row(
            f"Memory in a match, app + bot process peaks: {result['game']} {result['players']} p, {result['level']}",
            "≤ 150 MB",
            f"{together} MB ({result['match_peak_mb']} + {result['bot_process_peak_mb']})",
            None if together is None else together <= 150,
            f"the same app at the menu: {result['menu_peak_mb']} MB; {result['actions']} actions",
            f"python bench/memory.py --game {result['game']} --players {result['players']} --level {result['level']}",
            _load(result["load_average"]),
        )
    ]


def long_save_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    rows = []
    longest = max(row["actions"] for row in result["rows"])
    for row in result["rows"]:
        rows.append(
            Row(
                f"Loading a long save, Crimson Keep 2 p, {row['actions']:,} actions (ms)",
                "≤ 150 ms, linear" if row["actions"] == longest else "linear",
                _spread(row["load_ms"], "{:,.1f}", " ms"),
                row["load_ms"]["median"] <= 150 if row["actions"] == longest else None,
                f"× bare replay {_spread(row['ratio'], '{:.2f}')}; {row['load_ms_per_1000_actions']} ms per 1,000 actions",
                f"python bench/long_save.py --rounds {kwargs['rounds']}",
                _load(result["load_average"]),
            )
        )
    return rows


def bot_frames_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    return [
        Row(
            f"Frames over 33 ms while {result['game']} Master thinks ({result['decisions']} decisions)",
            "≤ 1 %",
            f"{result['slow_frames_pct']} %",
            result["slow_frames_pct"] <= 1.0,
            f"the same positions idle: {result['idle_slow_frames_pct']} %; interval × idle "
            f"{result['median_interval_ratio']}; decision in the app × alone {result['decision_ratio_median']}",
            f"python bench/bot_frames.py --game {result['game']} --positions {kwargs['positions']}",
            str(result["load_1min_after"]),
        )
    ]


def master_speed_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    search = importlib.import_module(f"crimson_table.ai.{result['game']}.search")
    goal = getattr(search, "ITERATIONS_PER_SECOND", None)
    quiet = result["quiet_box_iterations_per_cpu_s"]
    return [
        Row(
            f"Master speed, {result['game']}: iterations per CPU second, quiet-box estimate "
            f"({result['decisions']} decisions of {result['iterations']})",
            f"≥ {goal:,} (sizes Grandmaster)" if goal else "none set",
            _spread(quiet),
            None if goal is None else quiet["median"] >= goal,
            f"× shuffle baseline {_spread(result['ratio_to_baseline'], '{:.4f}')}; "
            f"{_spread(result['iterations_per_cpu_s'])} on this box now",
            f"python bench/master_speed.py --game {result['game']} --decisions {kwargs['decisions']}",
            _load(result["load_average"]),
        )
    ]


def _decision(s: dict[str, Any]) -> str:
    return (
        f"wall {s['wall_median_s']} / p95 {s['wall_p95_s']} s, CPU {s['cpu_median_s']} s, "
        f"{s['iterations_per_cpu_s']:,} iterations/CPU s"
    )


def master_seats_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    """Per seat count: the app's capped decision (the figure), beside the iteration budget alone and
    the other checkout ("before") on the same decisions, in turn."""
    rows = []
    command = (
        f"python bench/master_speed.py --game {result['game']} --seats {' '.join(map(str, kwargs['seats']))} "
        f"--decisions {result['decisions']} --against DIR"
    )
    for players in kwargs["seats"]:
        runs = result[str(players)]
        capped, after = runs["capped"], runs["after"]
        before = runs.get("before")
        versus = (
            f"before (`{result['against']}`): {_decision(before)}; CPU ×{before['cpu_median_s'] / after['cpu_median_s']:.2f}"
            if before
            else "before: not run (MASTER_SEATS_AGAINST=DIR)"
        )
        rows.append(
            Row(
                f"Master decision as a player waits for it, {result['game']} {players} p, wall with the app's cap "
                f"({result['decisions']} decisions; {capped['iterations_mean']} of {result['iterations']} "
                "iterations done on average)",
                "median ≤ 0.5 s, p95 ≤ 1 s",
                f"median {capped['wall_median_s']} / p95 {capped['wall_p95_s']} / max {capped['wall_max_s']} s",
                capped["wall_median_s"] <= 0.5 and capped["wall_p95_s"] <= 1.0,
                f"iteration budget alone: {_decision(after)}; {versus}",
                command,
                _load(result["load_average"]),
            )
        )
    return rows


def seats_strength_rows() -> list[Row]:
    """The recorded strength runs at several seat counts, before and after (``ismcts_strength.py --record``)."""
    path = BENCH / "records" / SEATS_RECORD
    if not path.exists():
        return []
    rows = []
    for run in json.loads(path.read_text()):
        low, high = run["interval_95"]
        rows.append(
            Row(
                f"Master strength, {run['game']} {run['players']} p, {run['label']}: score against Captain "
                f"({run['games']} games, seeds {run['first_seed']}–{run['first_seed'] + run['games'] - 1}, recorded)",
                f"above the even share {run['baseline']:.0%}",
                f"{run['master_rate']:.1%} (95%: {low:.1%}–{high:.1%})",
                low > run["baseline"],
                f"even share {run['baseline']:.1%}; CPU per decision median {run['cpu_median_s']} s, "
                f"p95 {run['cpu_p95_s']} s",
                f"python bench/ismcts_strength.py --game {run['game']} --players {run['players']} "
                f"--games {run['games']} --seed {run['first_seed']} --record {SEATS_RECORD} --label {run['label']}",
                f"{run['load_avg'][0]:.2f}",
                run["commit"],
                run["date"],
            )
        )
    return rows


def strength_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    low, high = result["interval_95"]
    return [
        Row(
            f"Master strength, {result['game']} {result['players']} p: score against Captain "
            f"({result['games']} games, seats rotated)",
            f"above the even share {result['baseline']:.0%}",
            f"{result['master_rate']:.1%} (95%: {low:.1%}–{high:.1%})",
            low > result["baseline"],
            f"even share {result['baseline']:.1%}; CPU per decision median {result['cpu_median_s']} s, "
            f"p95 {result['cpu_p95_s']} s",
            f"python bench/ismcts_strength.py --game {result['game']} --players {result['players']} "
            f"--games {result['games']} --seed {result['first_seed']}",
            "",
        )
    ]


def two_crowns_record_rows() -> list[Row]:
    """The recorded 200-game run (CI checks it): its own figures, dates and loads."""
    records = [json.loads((BENCH / "records" / name).read_text()) for name in TWO_CROWNS_RECORDS]
    games = sum(r["games"] for r in records)
    score = sum(r["score"] for r in records)
    return [
        Row(
            f"Master strength, two_crowns 2 p: score against Captain ({games} games, seeds "
            f"{records[0]['first_seed']}–{records[0]['first_seed'] + games - 1}, recorded)",
            "≥ 75 %, 95% lower bound > 65 %",
            f"{score:g} / {games} ({score / games:.1%})",
            score / games >= 0.75,
            "even share 50 %; CPU per decision median "
            + ", ".join(f"{r['cpu_median_s']}" for r in records)
            + " s (three runs)",
            "python bench/two_crowns_master.py --games 200 --seed 3000 --jobs 2 --record bench/records/F.json",
            "3–18 (recorded)",
            "not recorded",
            "2026-12-01",
        )
    ]


def hint_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    rows = []
    for game, row in result.items():
        if game == "load_average":
            continue
        rows.append(
            Row(
                f"Hint latency, {game} (by {row['hint_by']}): CPU seconds, quiet-box estimate",
                "none set",
                _spread(row["quiet_box_cpu_s"], "{:.2f}", " s"),
                None,
                f"CPU here {_spread(row['cpu_s'], '{:.2f}')} s, wall {_spread(row['wall_s'], '{:.2f}')} s; "
                f"through the bot process {row['through_bot_process_s']} s",
                f"python bench/hint_latency.py --positions {kwargs['count']}",
                _load(result["load_average"]),
            )
        )
    return rows


def replay_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    rows = []
    for game, row in result.items():
        if game == "load_average":
            continue
        rows.append(
            Row(
                f"Replay jump on the table, {game}: end → start → end, 2 frames ({row['moves']:.0f} moves)",
                "< 100 ms",
                _spread(row["table_spread_ms"], "{:.1f}", " ms"),
                row["table_spread_ms"]["median"] < 100,
                f"× re-applying the log {_spread(row['table_to_reapply'], '{:.2f}')} "
                f"(re-apply {row['re-apply']:.1f} ms, cursor alone {row['cursor']:.2f} ms)",
                f"python bench/replay_jump.py --repeat {kwargs['repeat']}",
                _load(result["load_average"]),
            )
        )
    return rows


def online_rows(result: dict[str, Any], kwargs: dict[str, Any]) -> list[Row]:
    trip = result["round_trip_ms"]
    return [
        Row(
            f"Online load, {result['tables']} tables for {result['seconds']} s: round trip p50 / p95 / p99",
            "p95 ≤ 50 ms at 200 tables",
            f"{trip['p50']} / {trip['p95']} / {trip['p99']} ms",
            trip["p95"] <= 50 if result["tables"] >= 200 else None,
            f"{result['actions_per_s']} actions/s; server {result['server_cpu_pct_of_core']} % of a core, "
            f"{result['server_rss_mib']} MiB; errors {result['errors']}",
            f"python bench/online_load.py --tables {result['tables']} --seconds {kwargs['seconds']}",
            _load(result["load_average_after"]),
        )
    ]


FRAME_TABLES = [
    ("two_crowns", 2),
    ("crimson_company", 2),
    ("condottiere", 3),
    ("crimson_keep", 2),
    ("crusader_kingdoms", 4),
]

BENCHES = [
    Bench(
        "engine",
        "engine_throughput",
        "figures",
        [{"rounds": 5, "seconds": 1.0}],
        [{"rounds": 3, "seconds": 0.3}],
        engine_rows,
    ),
    Bench(
        "frame",
        "frame_time",
        "figures",
        [{"game": g, "players": n, "frames": 300, "rounds": 10} for g, n in FRAME_TABLES],
        [{"game": g, "players": n, "frames": 60, "rounds": 4} for g, n in FRAME_TABLES[:2]],
        frame_rows,
    ),
    Bench("startup", "startup", "figures", [{"rounds": 11}], [{"rounds": 3}], startup_rows),
    Bench(
        "idle",
        "idle_cpu",
        "figures",
        [{"seconds": 20.0}],
        [{"seconds": 3.0, "screens": ["bare", "menu", "table:crimson_company"]}],
        idle_rows,
    ),
    Bench(
        "memory",
        "memory",
        "figures",
        [
            {"game": "two_crowns", "players": 2, "level": "master"},
            {"game": "crusader_kingdoms", "players": 4, "level": "heuristic"},
            {"game": "condottiere", "players": 6, "level": "heuristic"},
        ],
        [{"game": "two_crowns", "players": 2, "level": "heuristic"}],
        memory_rows,
    ),
    Bench(
        "long_save",
        "long_save",
        "figures",
        [{"rounds": 5}],
        [{"rounds": 3, "lengths": [1000, 4000]}],
        long_save_rows,
    ),
    Bench("bot_frames", "bot_frames", "figures", [{"positions": 12}], [{"positions": 3}], bot_frames_rows),
    Bench(
        "master_speed",
        "master_speed",
        "figures",
        [{"game": g, "decisions": 12} for g in ("two_crowns", "crimson_company", "condottiere")],
        [{"game": g, "decisions": 3} for g in ("two_crowns", "crimson_company")],
        master_speed_rows,
    ),
    Bench(
        "master_seats",
        "master_speed",
        "seat_figures",
        [{"game": "condottiere", "seats": [3, 6], "decisions": 12}],
        [{"game": "condottiere", "seats": [3, 6], "decisions": 4}],
        master_seats_rows,
    ),
    Bench(
        "strength",
        "ismcts_strength",
        "run",
        [
            {"game_id": "crimson_company", "players": 2, "games": 100, "seed": 1, "jobs": 1},
            {"game_id": "condottiere", "players": 3, "games": 100, "seed": 1, "jobs": 1},
            {"game_id": "crimson_keep", "players": 2, "games": 100, "seed": 1, "jobs": 1},
        ],
        [{"game_id": "crimson_company", "players": 2, "games": 4, "seed": 1, "jobs": 1}],
        strength_rows,
        timeout_s=7200.0,
    ),
    Bench("hints", "hint_latency", "figures", [{"count": 8}], [{"count": 2}], hint_rows),
    Bench(
        "replay",
        "replay_jump",
        "all_figures",
        [{"repeat": 7}],
        [{"repeat": 3, "games": ["two_crowns", "crimson_keep"]}],
        replay_rows,
    ),
    Bench(
        "online",
        "online_load",
        "figures",
        [{"tables": 200, "seconds": 30.0}],
        [{"tables": 20, "seconds": 10.0}],
        online_rows,
    ),
]


# -- running ------------------------------------------------------------------------------------------


def _child(module: str, function: str, kwargs: dict[str, Any], conn: Any) -> None:
    """In a fresh process: import the bench script and send back what its function returns."""
    sys.path[:0] = [str(ROOT), str(BENCH)]
    try:
        result = getattr(importlib.import_module(module), function)(**kwargs)
        conn.send(("ok", result))
    except BaseException as error:  # noqa: BLE001 - reported in the table, the run goes on
        conn.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        conn.close()


def run_isolated(module: str, function: str, kwargs: dict[str, Any], timeout_s: float) -> Any:
    """``module.function(**kwargs)`` in a spawned process of its own; its result, or an error text."""
    context = multiprocessing.get_context("spawn")
    parent, child = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(module, function, kwargs, child))
    process.start()
    child.close()
    if not parent.poll(timeout_s):
        process.kill()
        process.join()
        return ("error", f"no answer within {timeout_s:.0f} s")
    answer = parent.recv()
    process.join()
    return answer


def commit() -> str:
    """This checkout's commit, marked when the work tree differs from it."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
    )
    return head.stdout.strip() + (" + changes" if dirty.stdout.strip() else "")


def measure(benches: list[Bench], quick: bool) -> tuple[list[Row], list[str]]:
    """Run every benchmark's settings; the rows, and what failed."""
    rows: list[Row] = []
    failures: list[str] = []
    for bench in benches:
        for kwargs in bench.quick if quick else bench.full:
            started = time.monotonic()
            status, result = run_isolated(bench.module, bench.function, kwargs, bench.timeout_s)
            print(f"{bench.name} {kwargs}: {status} in {time.monotonic() - started:.0f} s", flush=True)
            if status != "ok":
                failures.append(f"{bench.name} {kwargs}: {result}")
                continue
            if bench.name == "idle":
                kwargs = {**kwargs, "_load": _load(os.getloadavg())}
            rows.extend(bench.rows(result, kwargs))
        if bench.name == "strength":
            rows.extend(two_crowns_record_rows())
            rows.extend(seats_strength_rows())
    return rows, failures


# -- the table ----------------------------------------------------------------------------------------


def _mark(met: bool | None) -> str:
    return {True: "✔", False: "✘", None: ""}[met]


def table(rows: list[Row], with_command: bool = True) -> list[str]:
    lines = [
        "| figure | goal | measured (min / median / max) | | baseline in the same run | load | commit | date |"
        + (" command |" if with_command else ""),
        "|---|---|---|---|---|---|---|---|" + ("---|" if with_command else ""),
    ]
    for r in rows:
        cells = [
            r.figure,
            r.goal,
            r.measured,
            _mark(r.met),
            r.baseline,
            r.load,
            f"`{r.commit}`" if r.commit and " " not in r.commit else r.commit,
            r.date,
        ]
        if with_command:
            cells.append(f"`{r.command}`")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def write(rows: list[Row], failures: list[str], quick: bool, out: Path) -> None:
    """The current table, then the last full runs of record."""
    machine = (
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"`SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', '')}`"
    )
    full_runs = json.loads(FULL_RUNS.read_text()) if FULL_RUNS.exists() else {"rows": [], "notes": []}
    lines = [
        "# Benchmark results",
        "",
        "Generated by `python bench/results.py" + (" --quick" if quick else "") + "`; do not edit by hand.",
        "What each benchmark measures and its baseline: [README.md](README.md). How today's code got these",
        "figures: [docs/bench-history.md](../docs/bench-history.md) and `git log -- bench/RESULTS.md`.",
        "",
        f"## Current run ({'quick settings: few rounds, short runs' if quick else 'full settings'})",
        "",
        f"Machine: {machine}. The box is shared, so every figure is read beside a baseline timed in the same",
        "run, interleaved with it; the load column is the 1-minute load average when the benchmark ended.",
        "",
        *table(rows),
    ]
    if failures:
        lines += ["", "Did not finish:", "", *(f"- {f}" for f in failures)]
    lines += [
        "",
        "## Last full runs of record",
        "",
        "Figures measured with full settings (the command given), kept until a full run of",
        "`bench/results.py` replaces them (`bench/records/full_runs.json`).",
        "",
        *table([Row(**row) for row in full_runs["rows"]]),
        "",
        *full_runs.get("notes", []),
        "",
    ]
    out.write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="short settings: a few minutes in all")
    parser.add_argument("--only", nargs="+", choices=[b.name for b in BENCHES], help="these benchmarks only")
    parser.add_argument("--out", type=Path, default=BENCH / "RESULTS.md")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["CRIMSON_TABLE_HOME"] = tempfile.mkdtemp(prefix="crimson-results-")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(
        os.pathsep
    )
    benches = [b for b in BENCHES if not args.only or b.name in args.only]
    rows, failures = measure(benches, args.quick)
    stamp, today = commit(), datetime.date.today().isoformat()
    for row in rows:
        row.commit = row.commit or stamp
        row.date = row.date or today
    if not args.quick and not args.only:
        FULL_RUNS.write_text(json.dumps({"rows": [asdict(r) for r in rows], "notes": []}, indent=2) + "\n")
    write(rows, failures, args.quick, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
