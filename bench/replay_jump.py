"""Replay time travel: how long a jump from the end of a long match to its start and back takes.

For each game a long match is played to its end with random legal moves (fixed seeds), then:

* ``replay log``: rebuilding the match from its save (``Match.from_json``: the whole log
  re-applied once, as the Load screen's Watch does before the replay opens);
* ``cursor``: ``ReplayCursor.seek(0)`` then ``seek(end)`` plus the viewer's ``player_view`` at
  each (the pure part of a jump);
* ``table``: ``ReplayScene.jump(0)`` then ``jump(end)`` on the game's real table, headless (the
  cursor, the log panel re-filled and re-wrapped, the shown model rebuilt by ``resync``), and one
  frame drawn after each;
* ``re-apply``: the baseline, the cost a jump to the end would have without the recorded
  states (every action applied again from the deal).

Each of ``--repeat`` rounds times the four once, in turn, so they share the load of that moment;
prints the medians in milliseconds (:func:`all_figures` also gives the table jump's spread and its
ratio to re-applying, round by round).

    SDL_VIDEODRIVER=dummy python bench/replay_jump.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CRIMSON_TABLE_BOTS", "inline")

from crimson_table.play.match import Match, Seat  # noqa: E402
from crimson_table.play.replay import ReplayCursor  # noqa: E402

CASES = (  # game, seats, seeds to try: the longest game of these is measured
    ("condottiere", 6, range(1, 6)),
    ("crimson_company", 2, range(1, 30)),
    ("crusader_kingdoms", 4, range(1, 6)),
    ("crimson_keep", 2, range(1, 4)),
    ("two_crowns", 2, range(1, 10)),
)


def long_match(game_id: str, seats: int, seeds: range) -> Match:
    """The longest of random playouts over ``seeds``."""
    best: Match | None = None
    for seed in seeds:
        match = Match.new(game_id, [Seat(f"P{i + 1}", "bot") for i in range(seats)], seed)
        rnd = random.Random(seed)
        while not match.is_over():
            match.apply(rnd.choice(match.legal_actions()))
        if best is None or match.step > best.step:
            best = match
    assert best is not None
    return best


def median_ms(run: object, repeat: int) -> float:
    """Median wall time of ``run()`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def reapply(match: Match) -> None:
    """Every action again from the deal (what a jump would cost without the recorded states)."""
    rules = match.rules
    state = rules.new_game(len(match.seats), match.seed, match.options)
    for action in match.log:
        state, _ = rules.apply_action(state, action)


def measure(game_id: str, seats: int, seeds: range, repeat: int) -> dict[str, Any]:
    """The figures of one game."""
    from crimson_table.ui.app import App
    from crimson_table.ui.settings import Settings
    from crimson_table.ui.tables.replay import open_replay

    match = long_match(game_id, seats, seeds)
    data = match.to_json()
    cursor = ReplayCursor(Match.from_json(data))
    end = cursor.length

    def cursor_jump() -> None:
        cursor.seek(0)
        cursor.match.view(0)
        cursor.seek(end)
        cursor.match.view(0)

    app = App(Settings(animation_speed="off"))
    replay = open_replay(app, Match.from_json(data))
    app.step()

    def table_jump() -> None:
        replay.jump(0)
        app.render()
        replay.jump(end)
        app.render()

    # Interleaved: each round times every way once, in turn, so all share the load of that moment;
    # re-applying the log is the baseline a jump is read against (what a jump would cost without the
    # kept states).
    runs = {
        "replay log": lambda: Match.from_json(data),
        "cursor": cursor_jump,
        "table": table_jump,
        "re-apply": lambda: reapply(match),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    ratios: list[float] = []
    for _ in range(repeat):
        for name, run in runs.items():
            times[name].append(median_ms(run, 1))
        ratios.append(times["table"][-1] / times["re-apply"][-1])
    figures: dict[str, Any] = {"moves": float(end), "turns": float(_turns(match))}
    figures.update({name: statistics.median(values) for name, values in times.items()})
    figures["table_spread_ms"] = {
        "min": round(min(times["table"]), 2),
        "median": round(statistics.median(times["table"]), 2),
        "max": round(max(times["table"]), 2),
    }
    figures["table_to_reapply"] = {
        "min": round(min(ratios), 3),
        "median": round(statistics.median(ratios), 3),
        "max": round(max(ratios), 3),
    }
    app.clear()
    return figures


def all_figures(repeat: int = 7, games: Sequence[str] | None = None) -> dict[str, Any]:
    """:func:`measure` for each case (every game unless ``games`` is given), with the load average."""
    result: dict[str, Any] = {
        game_id: {"seats": seats, **measure(game_id, seats, seeds, repeat)}
        for game_id, seats, seeds in CASES
        if games is None or game_id in games
    }
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return result


def _turns(match: Match) -> int:
    view = match.view(0)
    for key in ("turn", "battle"):
        if isinstance(view.get(key), int):
            return int(view[key])
    return 0


def main() -> None:
    """Measure every case and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(
        "| game | seats | moves | turns/battles | replay log (load) | jump: cursor | jump: table | re-apply |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game_id, seats, seeds in CASES:
        f = measure(game_id, seats, seeds, args.repeat)
        print(
            f"| {game_id} | {seats} | {f['moves']:.0f} | {f['turns']:.0f} | {f['replay log']:.1f} ms "
            f"| {f['cursor']:.2f} ms | {f['table']:.1f} ms | {f['re-apply']:.1f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
