"""Hit rate against byte budget for every surface cache, from the UI monkey's own input.

Every call of every ``SurfaceCache`` of ``crimson_table.ui`` is recorded (key, bytes) during a
monkey run on one table; then each cache's trace is replayed through a least-recently-used cache
of several budgets, so a budget can be chosen by what it buys (hits) rather than guessed.

    SDL_VIDEODRIVER=dummy python bench/cache_trace.py --game two_crowns --events 20000
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ui_memory_probe as probe  # noqa: E402
import ui_monkey  # noqa: E402

from crimson_table.play.match import Match  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.art.surface_cache import MB, SurfaceCache, surface_bytes  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402

BUDGETS_MB = (0.5, 1, 2, 4, 8, 16, 32, 1024)


def _record(cache: SurfaceCache[Any, Any], trace: list[tuple[int, int]], ids: dict[Any, int]) -> None:
    """Wrap ``cache`` so that each call appends (key id, bytes of the result) to ``trace``."""
    call = cache.func
    sizes: dict[int, int] = {}

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        value = call(*args, **kwargs)
        sizes[ids.setdefault((args, tuple(sorted(kwargs.items()))), len(ids))] = surface_bytes(value)
        return value

    original = cache.__call__

    def traced(*args: Any, **kwargs: Any) -> Any:
        value = SurfaceCache.__call__(cache, *args, **kwargs)
        key = ids.setdefault((args, tuple(sorted(kwargs.items()))), len(ids))
        trace.append((key, sizes.get(key) or surface_bytes(value)))
        return value

    del original
    cache.func = wrapped  # type: ignore[assignment]
    cache.traced = traced  # type: ignore[attr-defined]


def replay(trace: list[tuple[int, int]], budget: int) -> tuple[int, int]:
    """Hits and misses of an LRU cache of ``budget`` bytes over ``trace``."""
    entries: collections.OrderedDict[int, int] = collections.OrderedDict()
    held = hits = misses = 0
    for key, size in trace:
        if key in entries:
            hits += 1
            entries.move_to_end(key)
            continue
        misses += 1
        entries[key] = size
        held += size
        while held > budget and len(entries) > 1:
            held -= entries.popitem(last=False)[1]
    return hits, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--events", type=int, default=20000)
    args = parser.parse_args()
    app = App(Settings(animation_speed="fast"))
    traces: dict[str, list[tuple[int, int]]] = {}
    ids: dict[Any, int] = {}
    rng = random.Random(f"{args.game}-1")
    match = Match.new(args.game, ui_monkey._seats(args.game), seed=1)
    app.start_match(match)  # imports the table's modules, so their caches can be found
    for name, cache in probe.caches().items():
        if isinstance(cache, SurfaceCache):
            cache.cache_clear()
            traces[name] = []
            _record(cache, traces[name], ids)
            cache.__class__ = type(
                "Traced", (SurfaceCache,), {"__call__": lambda self, *a, **k: self.traced(*a, **k)}
            )
    sent, games = 0, 1
    while sent < args.events:
        sent += ui_monkey.send_gestures(app, rng)
        app.step(1 / 60)
        match, games = ui_monkey.keep_a_match(app, match, args.game, 1, games)
    app.clear()
    print(f"{args.game}, {sent:,} events, {games} matches")
    print(
        "| cache | calls | distinct keys | bytes of all distinct | "
        + " | ".join(f"{b:g} MB" for b in BUDGETS_MB)
        + " |"
    )
    for name, trace in traces.items():
        if not trace:
            continue
        distinct = dict(trace)
        cells = []
        for budget in BUDGETS_MB:
            hits, misses = replay(trace, int(budget * MB))
            cells.append(f"{misses}")
        print(
            f"| {name} | {len(trace):,} | {len(distinct)} | {sum(distinct.values()) / MB:.1f} MB | "
            + " | ".join(cells)
            + " |"
        )
    print("(cells: misses, i.e. renders, at that budget)")


if __name__ == "__main__":
    main()
