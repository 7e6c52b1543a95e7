"""Where the UI monkey's memory goes: the monkey's input, with the live heap taken apart.

Runs the same random input as ``bench/ui_monkey.py`` on one table and, every ``--every`` events,
reports resident memory beside what can be accounted for: glibc's heap (bytes in use and free but
kept), every live pygame Surface (found as the referent of a tracked object) and who holds it
(each cache of ``crimson_table.ui`` by name, else the attribute or container type), pygame Fonts,
and the counts of live Python objects by type.  With ``--trace`` a tracemalloc snapshot taken at
the first sample is diffed against the last one (Python allocations by line).

    SDL_VIDEODRIVER=dummy python bench/ui_memory_probe.py --game two_crowns --events 5000
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import gc
import os
import random
import sys
import tracemalloc
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
import ui_monkey  # noqa: E402

from crimson_table.play.match import Match  # noqa: E402
from crimson_table.ui import memory  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.art.surface_cache import SurfaceCache, surface_bytes  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402

MB = 1024 * 1024


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def heap() -> dict[str, float]:
    """glibc's main-arena figures in MB: in use, free but kept, mmapped blocks."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return {}
    return {"in_use": info.uordblks / MB, "free": info.fordblks / MB, "mmap": info.hblkhd / MB}


def rss_parts() -> dict[str, float]:
    """Resident MB by kind of mapping (/proc/self/smaps): the brk heap, anonymous mappings (other
    malloc arenas, large mmapped blocks, Python's own arenas, SDL), files (code, fonts), stack."""
    parts: collections.Counter[str] = collections.Counter()
    kind = "anon"
    try:
        lines = Path("/proc/self/smaps").read_text().splitlines()
    except OSError:
        return {}
    for line in lines:
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5 and not fields[0].endswith(":"):
            name = fields[5] if len(fields) > 5 else ""
            kind = (
                "heap"
                if name == "[heap]"
                else "stack"
                if name == "[stack]"
                else "file"
                if name.startswith("/")
                else "anon"
            )
        elif fields and fields[0] == "Rss:":
            parts[kind] += int(fields[1]) / 1024
    return dict(parts)


def trim() -> float:
    """glibc ``malloc_trim(0)`` (every arena); returns RSS after it."""
    memory.trim()
    return ui_monkey.rss_mb()


def caches() -> dict[str, Any]:
    """Every lru_cache / SurfaceCache defined in crimson_table or pygame_gui modules, by name."""
    found: dict[str, Any] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith(("crimson_table", "pygame_gui")) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            cached = isinstance(value, SurfaceCache) or hasattr(value, "cache_info")
            if cached and getattr(value, "__module__", name) == name:
                found[f"{name.rsplit('.', 2)[-2]}.{name.rsplit('.', 1)[-1]}.{attr}"] = value
    return found


def _surfaces_in(obj: Any, seen: set[int]) -> tuple[int, int]:
    """Count and bytes of Surfaces directly referenced by ``obj`` (one level into tuples)."""
    count = size = 0
    for ref in gc.get_referents(obj):
        items = gc.get_referents(ref) if isinstance(ref, tuple) else [ref]
        for item in items:
            if isinstance(item, pygame.Surface) and id(item) not in seen:
                seen.add(id(item))
                count += 1
                size += surface_bytes(item)
    return count, size


def census() -> dict[str, Any]:
    """Live surfaces by holder, fonts, and object counts by type (after a full collection)."""
    gc.collect()
    seen: set[int] = set()
    holders: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    for name, cache in caches().items():
        target = cache._entries if isinstance(cache, SurfaceCache) else cache
        n, size = _surfaces_in(target, seen)
        if n:
            holders[f"cache {name}"] += size
            counts[f"cache {name}"] += n
    fonts = 0
    types: collections.Counter[str] = collections.Counter()
    for obj in gc.get_objects():
        types[type(obj).__qualname__] += 1
        if hasattr(obj, "__dict__") and not isinstance(obj, type):
            try:
                attrs = vars(obj).items()
            except TypeError:
                continue
            for attr, value in list(attrs):
                if isinstance(value, pygame.Surface) and id(value) not in seen:
                    seen.add(id(value))
                    key = f"{type(obj).__qualname__}.{attr}"
                    holders[key] += surface_bytes(value)
                    counts[key] += 1
                elif isinstance(value, pygame.font.Font):
                    fonts += 1
    for obj in gc.get_objects():
        if isinstance(obj, (list, tuple, dict, collections.OrderedDict)):
            for ref in gc.get_referents(obj):
                if isinstance(ref, pygame.Surface) and id(ref) not in seen:
                    seen.add(id(ref))
                    key = _container_name(obj)
                    holders[key] += surface_bytes(ref)
                    counts[key] += 1
                elif isinstance(ref, pygame.font.Font):
                    fonts += 1
    return {"holders": holders, "counts": counts, "fonts": fonts, "types": types}


def _container_name(obj: Any) -> str:
    """A container's type, and for a dict its first key, so two dicts of surfaces can be told apart."""
    if isinstance(obj, dict) and obj:
        return f"{type(obj).__qualname__}[{str(next(iter(obj)))[:40]!r}...]"
    return type(obj).__qualname__


def hit_rates() -> dict[str, tuple[int, int, int, float]]:
    """hits, misses, entries and MB held of every cache that has been used."""
    rates = {}
    for name, cache in caches().items():
        try:
            info = cache.cache_info()
        except TypeError:
            continue
        if info.hits + info.misses:
            held = info.bytes / MB if isinstance(cache, SurfaceCache) else -1.0
            rates[name] = (info.hits, info.misses, info.currsize, held)
    return rates


def held_by_caches() -> str:
    """MB held by each surface cache and the count of open fonts, in one line."""
    parts = []
    for name, cache in sorted(caches().items()):
        if isinstance(cache, SurfaceCache) and cache.bytes:
            parts.append(f"{name.rsplit('.', 1)[-1]} {cache.bytes / MB:.1f}")
        elif name.endswith(("_fonts.noto", "fonts.font")):
            parts.append(f"{name} fonts {cache.cache_info().currsize}")
    return ", ".join(parts)


def run(
    game_id: str,
    events: int,
    every: int,
    trace: bool,
    seed: int = 1,
    trim_at_samples: bool = False,
    trace_from: int = 0,
    depth: int = 8,
    rest: bool = False,
) -> None:
    """Play ``events`` random events on ``game_id``'s table, printing a sample every ``every``;
    the first and last samples at or after ``trace_from`` events are compared at the end.  With
    ``rest`` every sample is taken at rest, as ``ui_monkey.rss_at_rest`` takes its two."""
    app = App(Settings(animation_speed="fast"))
    rng = random.Random(f"{game_id}-{seed}")
    games = 1
    match = Match.new(game_id, ui_monkey._seats(game_id), seed=seed)
    app.start_match(match)
    sent = 0
    first: dict[str, Any] | None = None
    snapshot = None
    next_sample = every
    while sent < events:
        sent += ui_monkey.send_gestures(app, rng)
        app.step(1 / 60)
        match, games = ui_monkey.keep_a_match(app, match, game_id, seed, games)
        if sent >= next_sample:
            next_sample += every
            rss = ui_monkey.rss_at_rest(app, 600) if rest else ui_monkey.rss_mb()
            now = census()
            h = heap()
            surf = sum(now["holders"].values()) / MB
            print(
                f"events {sent:>7,}  rss {rss:6.1f}  heap in use {h.get('in_use', 0):6.1f} free {h.get('free', 0):5.1f} "
                f"mmap {h.get('mmap', 0):5.1f}  surfaces {sum(now['counts'].values()):5} = {surf:6.1f} MB  "
                f"fonts {now['fonts']}  matches {games}  stack {[type(s).__name__ for s in app.stack]}",
                flush=True,
            )
            parts = rss_parts()
            print(
                "    rss parts: "
                + ", ".join(f"{k} {v:.1f}" for k, v in sorted(parts.items()))
                + (f"  after malloc_trim(0): {trim():.1f}" if trim_at_samples else ""),
                flush=True,
            )
            print(f"    {held_by_caches()}", flush=True)
            if first is None and sent >= trace_from:
                first = now
                if trace:
                    tracemalloc.start(depth)
                    snapshot = tracemalloc.take_snapshot()
    assert first is not None
    print("\nsurface bytes by holder (MB, count) first sample -> last:")
    keys = set(first["holders"]) | set(now["holders"])
    for key in sorted(keys, key=lambda k: -now["holders"].get(k, 0))[:30]:
        print(
            f"  {key:60} {first['holders'].get(key, 0) / MB:7.2f} ({first['counts'].get(key, 0):4}) -> "
            f"{now['holders'].get(key, 0) / MB:7.2f} ({now['counts'].get(key, 0):4})"
        )
    print("\nobject counts by type, largest growth:")
    growth = {k: now["types"][k] - first["types"].get(k, 0) for k in now["types"]}
    for key in sorted(growth, key=lambda k: -growth[k])[:25]:
        print(f"  {key:50} {first['types'].get(key, 0):8} -> {now['types'][key]:8}  ({growth[key]:+})")
    print("\ncache hit rates (hits, misses, entries, MB held):")
    for name, (hits, misses, size, held) in sorted(hit_rates().items()):
        print(f"  {name:60} {hits:8} {misses:7} {size:6} {held:7.2f}  {hits / (hits + misses):5.0%}")
    if snapshot is not None:
        print("\ntracemalloc, growth from the first sample (top 25 by line):")
        later = tracemalloc.take_snapshot()
        for stat in later.compare_to(snapshot, "lineno")[:25]:
            print(f"  {stat}")
        print("\ntracemalloc, growth by whole traceback (top 8):")
        for stat in later.compare_to(snapshot, "traceback")[:8]:
            print(f"  {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+} blocks")
            for line in stat.traceback.format():
                print(f"      {line}")
        print(f"  traced now {tracemalloc.get_traced_memory()[0] / MB:.1f} MB")
    app.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--trace", action="store_true", help="tracemalloc diff from the first sample")
    parser.add_argument(
        "--trim", action="store_true", help="malloc_trim(0) at each sample and print RSS after it"
    )
    parser.add_argument(
        "--trace-from",
        type=int,
        default=0,
        help="compare from the first sample at or after this many events (default: the first)",
    )
    parser.add_argument("--depth", type=int, default=8, help="tracemalloc frames per allocation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rest", action="store_true", help="take every sample at rest (ui_monkey)")
    args = parser.parse_args()
    run(
        args.game,
        args.events,
        args.every,
        args.trace,
        seed=args.seed,
        trim_at_samples=args.trim,
        trace_from=args.trace_from,
        depth=args.depth,
        rest=args.rest,
    )


if __name__ == "__main__":
    main()
