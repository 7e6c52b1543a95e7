"""UI monkey: random mouse and keyboard input on every game's table, at scale.

Per table, from a fixed seed: mouse moves, clicks and rapid double clicks, drags from one random
place to another, wheel turns, window resizes, F11, and spam of Esc, Enter, arrows, Space,
Ctrl+Z and Ctrl+S, so overlays (pause menu, rules, settings, load list, dialogs, the privacy
curtain, the game-over screen) open and close.  No exception may escape; when the match ends or
is left, a new one starts.  Resident memory at the end must be within 10% of what it was after
the first 1,000 events; frame time is reported per block of events so a drift shows.

Memory is read two ways.  Inline, every 1,000 events, as the monkey left the app (an open
overlay, a drag's surfaces and the C heap's not yet returned pages swing it by +-20 MB).  And
"at rest": after the first 1,000 events and at the end, the window is put back as the app opened
it (1600x900, windowed), every overlay is closed and the app runs until it comes to rest with the
table on top and has given its free heap back (as it does for a player who stops moving the
mouse), so both figures are of the same screen in the same state.  Resizes carry their sizes
(until 2026-12-02 they carried none, and every one ended at the smallest window).

With ``--preload`` every module of the app is imported before the first event.  The monkey's
screens reach other games' code (the main menu's tutorials, the campaign), and a module imported
once stays for the session (up to +14 MB, measured once: docs/bench-history.md); preloaded, that one-time cost is
in both readings, so what is compared is the app's growth under input, not which code it met first.

    SDL_VIDEODRIVER=dummy python bench/ui_monkey.py [--minutes 3] [--events 100000] [--game G]
        [--seed 1] [--preload] [--progress]
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CRIMSON_TABLE_HOME", tempfile.mkdtemp(prefix="crimson-monkey-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

import crimson_table  # noqa: E402
from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.play.match import Match, Seat  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402
from crimson_table.ui.tables import has_table  # noqa: E402
from crimson_table.ui.tables.base import BaseGameScene  # noqa: E402


def tables() -> list[str]:
    """Every registered game that has a table scene."""
    return [game_id for game_id in GAMES if has_table(game_id)]


KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_p,
    pygame.K_m,
    pygame.K_d,
    pygame.K_1,
    pygame.K_2,
)
SIZES = ((1280, 720), (800, 600), (1600, 900), (1920, 1080), (640, 360), (1000, 1000))


def rss_mb() -> float:
    """Current resident memory of this process in MB (Linux /proc; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)


def preload() -> int:
    """Import every module of the app, as the menus, tutorials and campaign would on first use, so
    that code loaded once (it stays for the session) is in both readings at
    rest.  Returns the number of modules then loaded."""
    for info in pkgutil.walk_packages(crimson_table.__path__, "crimson_table."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return len(sys.modules)


def _pos(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(-20, 1620), rng.randint(-20, 920))


def _mouse(kind: int, pos: tuple[int, int], button: int = 1, held: bool = False) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, {"pos": pos, "rel": (0, 0), "buttons": (int(held), 0, 0)})
    return pygame.event.Event(kind, {"pos": pos, "button": button})


def _key(key: int, ctrl: bool = False) -> pygame.event.Event:
    mod = pygame.KMOD_CTRL if ctrl else 0
    return pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": mod, "unicode": "", "scancode": 0})


def gesture(rng: random.Random) -> list[pygame.event.Event]:
    """One random gesture as a list of events (a drag is several)."""
    roll = rng.random()
    if roll < 0.30:
        return [_mouse(pygame.MOUSEMOTION, _pos(rng))]
    if roll < 0.50:
        pos, button = _pos(rng), rng.choice((1, 1, 1, 3))
        return [_mouse(pygame.MOUSEBUTTONDOWN, pos, button), _mouse(pygame.MOUSEBUTTONUP, pos, button)]
    if roll < 0.58:  # rapid clicks on one spot
        pos = _pos(rng)
        return [
            _mouse(t, pos)
            for _ in range(rng.randint(2, 5))
            for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ]
    if roll < 0.75:  # a drag to a random place
        start, end = _pos(rng), _pos(rng)
        steps = rng.randint(2, 8)
        path = [
            (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            for i in range(1, steps + 1)
        ]
        moves = [_mouse(pygame.MOUSEMOTION, p, held=True) for p in path]
        return [_mouse(pygame.MOUSEBUTTONDOWN, start), *moves, _mouse(pygame.MOUSEBUTTONUP, end)]
    if roll < 0.78:
        return [pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": rng.choice((-1, 1)), "flipped": False})]
    if roll < 0.90:  # key spam: Esc, Enter, arrows...
        return [_key(rng.choice(KEYS)) for _ in range(rng.randint(1, 4))]
    if roll < 0.96:
        return [_key(pygame.K_z, ctrl=True) for _ in range(rng.randint(1, 4))]
    if roll < 0.975:
        return [_key(pygame.K_s, ctrl=True)]
    if roll < 0.99:
        return [_key(pygame.K_F11)]
    return [_resize(rng.choice(SIZES))]


def _resize(size: tuple[int, int]) -> pygame.event.Event:
    """The event a window manager sends after the player resized the window to ``size``."""
    return pygame.event.Event(pygame.VIDEORESIZE, {"size": size, "w": size[0], "h": size[1]})


def _seats(game_id: str) -> list[Seat]:
    info = GAMES[game_id].INFO
    seats = [Seat("Anna", "human"), Seat("Ben", "human")]
    return seats + [Seat(f"Bot {i}", "bot", "random") for i in range(max(0, min(3, info.max_players) - 2))]


def _deliver(app: App, event: pygame.event.Event) -> None:
    if event.type == pygame.VIDEORESIZE:
        if not app.settings.fullscreen:
            pygame.display.set_mode(event.size, pygame.RESIZABLE)
        app.handle_raw_event(event)
    else:
        app.dispatch(event)


def send_gestures(app: App, rng: random.Random) -> int:
    """Up to two random gestures delivered to the app; returns how many events were sent."""
    sent = 0
    for _ in range(rng.randint(0, 2)):
        for event in gesture(rng):
            _deliver(app, event)
            sent += 1
    return sent


def keep_a_match(app: App, match: Match, game_id: str, seed: int, games: int) -> tuple[Match, int]:
    """A table to play on: when the monkey left or ended the match (Esc on the menu quits, Quit to
    menu leaves, a game ends), a new one of ``game_id`` opens. Returns the match and the count."""
    if app.running and any(getattr(s, "match", None) is match for s in app.stack) and not match.is_over():
        return match, games
    app.running = True
    games += 1
    match = Match.new(game_id, _seats(game_id), seed=seed + games)
    app.start_match(match)
    return match, games


def monkey(
    game_id: str,
    events: int,
    seconds: float,
    seed: int = 1,
    block: int = 1000,
    progress: bool = False,
    rest_frames: int = 3600,
    preloaded: bool = False,
) -> dict[str, Any]:
    """Drive one table with random input; returns counts, RSS and frame times per block (the RSS at
    rest after the first block and at the end waits at most ``rest_frames`` frames for the rest).
    With ``preloaded`` every module of the app is imported first (:func:`preload`)."""
    if preloaded:
        preload()
    app = App(Settings(animation_speed="fast"))
    rng = random.Random(f"{game_id}-{seed}")
    games = 1
    match = Match.new(game_id, _seats(game_id), seed=seed)
    app.start_match(match)
    sent = frames = 0
    rss_first = rest_first = 0.0
    rss_blocks: list[float] = []
    opened: set[str] = set()  # the games whose tables were on the stack at some frame
    modules_first, opened_first = 0, list[str]()
    tops: list[bool] = []  # whether the table was on top at each sample (an open overlay holds 20-60 MB)
    frame_ms: list[float] = []
    block_frames = block_time = 0.0
    start = time.process_time()
    try:
        while sent < events and time.process_time() - start < seconds:
            sent += send_gestures(app, rng)
            tick = time.process_time()
            app.step(1 / 60)
            block_time += time.process_time() - tick
            block_frames += 1
            frames += 1
            match, games = keep_a_match(app, match, game_id, seed, games)
            opened.update(app.open_games())
            if sent >= block * (len(frame_ms) + 1):
                frame_ms.append(1000 * block_time / max(block_frames, 1))
                block_frames = block_time = 0.0
                rss_blocks.append(rss_mb())
                tops.append(isinstance(app.top, BaseGameScene))
                if len(frame_ms) == 1:
                    rss_first = rss_blocks[0]
                    rest_first = rss_at_rest(app, rest_frames)
                    modules_first, opened_first = len(sys.modules), sorted(opened)
                if progress:  # one line per block, so a run cut short still has its figures
                    print(
                        f"# {sent} events  at rest after 1,000 {rest_first:.1f} MB  {time.process_time() - start:.0f} CPU s  rss {rss_blocks[-1]:.1f} MB  "
                        f"frame {frame_ms[-1]:.1f} ms  table on top {tops[-1]}  matches {games}  "
                        f"heap trims {getattr(app, 'trims', 0)}  modules {len(sys.modules)}  tables {len(opened)}  "
                        f"window {'x'.join(map(str, app.window.get_size()))}{' full' if app.settings.fullscreen else ''}",
                        flush=True,
                    )
        end = rss_mb()  # as the monkey left it, overlays and all
        table_end = _rss_with_table_on_top(app)
        rest_end = rss_at_rest(app, rest_frames)
    finally:
        app.clear()
    return {
        "game": game_id,
        "events": sent,
        "frames": frames,
        "matches": games,
        "seconds": time.process_time() - start,
        "rss_first_mb": rss_first,
        "rss_end_mb": end,
        "frame_ms": frame_ms,
        "rss_blocks": rss_blocks,
        "tops": tops,
        "rss_table_end_mb": table_end,
        "rss_rest_first_mb": rest_first,  # at rest, table on top, after the first 1,000 events
        "rss_rest_end_mb": rest_end,  # the same at the end
        "trims": getattr(app, "trims", 0),  # C-heap trims the app made on quiet frames
        # the other games' code stays once imported: modules and the games
        # whose tables had opened, at the first reading at rest and at the end
        "modules_first": modules_first,
        "modules_end": len(sys.modules),
        "games_first": opened_first,
        "games_end": sorted(opened),
    }


def _rss_with_table_on_top(app: App) -> float:
    """RSS once every overlay above the table is closed and the app has collected (its own 0.5 s)."""
    while len(app.stack) > 1 and not isinstance(app.top, BaseGameScene):
        app.pop()
    for _ in range(40):
        app.step(1 / 60)
    return rss_mb()


REST_WINDOW = (1600, 900)  # both readings at rest are taken in the window the app opened with


def _same_window(app: App) -> None:
    """Back to a :data:`REST_WINDOW` window, as the app opened: a fullscreen or a 1920x1080 window
    holds more pixels (and, scaled, the crisp lines of its text) than the window of the other
    reading, which is not growth."""
    if app.settings.fullscreen:
        app.toggle_fullscreen()
    if app.window.get_size() != REST_WINDOW:
        _deliver(app, _resize(REST_WINDOW))


def rss_at_rest(app: App, max_frames: int = 3600) -> float:
    """RSS with the table on top once the app has come to rest and trimmed its heap, as it does for a
    player who stops moving the mouse: the window as it opened, overlays closed, bots' moves and
    animations played out, then the trim on a quiet frame after the last one drawn
    (``App.at_rest``).  At most ``max_frames`` frames (a minute)."""
    _same_window(app)
    while len(app.stack) > 1 and not isinstance(app.top, BaseGameScene):
        app.pop()
    app.step(1 / 60)  # at least one frame with the overlays gone
    for _ in range(max_frames):
        if app.at_rest():
            break
        app.step(1 / 60)
    return rss_mb()


def table_on_top(row: dict[str, Any]) -> tuple[float, float]:
    """RSS at the first sample (from 1,000 events on) taken with the table on top, and at the end
    with the overlays closed: the same screen, so what an open dialog holds does not count."""
    first = next((rss for rss, table in zip(row["rss_blocks"], row["tops"], strict=True) if table), 0.0)
    return first, row["rss_table_end_mb"]


def main() -> None:
    """Command line entry: one row per table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="time per table (default 3)")
    parser.add_argument("--events", type=int, default=100_000, help="at most this many events per table")
    parser.add_argument("--game", choices=tables(), help="only this table")
    parser.add_argument("--progress", action="store_true", help="print RSS and frame time after every block")
    parser.add_argument("--seed", type=int, default=1, help="the random input's seed (default 1)")
    parser.add_argument(
        "--preload", action="store_true", help="import every module of the app before the first event"
    )
    args = parser.parse_args()
    print(
        "| table | events | frames | matches | CPU min | RSS after 1,000 | after 5,000 | max | at end "
        "| end vs 1,000 | end vs 5,000 | frame ms first / median / last block "
        "| table on top: first sample / end, overlays closed | change "
        "| at rest: after 1,000 / end | change |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    for game_id in [args.game] if args.game else tables():
        row = monkey(
            game_id, args.events, args.minutes * 60, args.seed, progress=args.progress, preloaded=args.preload
        )
        rss = row["rss_blocks"] or [0.0]
        warm = rss[min(4, len(rss) - 1)]
        end = row["rss_end_mb"]
        ms = row["frame_ms"] or [0.0]
        table_first, table_end = table_on_top(row)
        median = sorted(ms)[len(ms) // 2]
        print(
            f"| {GAMES[game_id].INFO.title} | {row['events']:,} | {row['frames']:,} | {row['matches']} | "
            f"{row['seconds'] / 60:.1f} | {rss[0]:.0f} MB | {warm:.0f} MB | {max(rss):.0f} MB | {end:.0f} MB | "
            f"{_change(end, rss[0])} | {_change(end, warm)} | {ms[0]:.1f} / {median:.1f} / {ms[-1]:.1f} | "
            f"{table_first:.0f} / {table_end:.0f} MB | {_change(table_end, table_first)} | "
            f"{row['rss_rest_first_mb']:.1f} / {row['rss_rest_end_mb']:.1f} MB | "
            f"{_change(row['rss_rest_end_mb'], row['rss_rest_first_mb'], 1)} |",
            flush=True,
        )
        print(
            f"#   modules at the readings at rest {row['modules_first']} -> {row['modules_end']}; tables opened "
            f"by the first {', '.join(row['games_first'])}; by the end {', '.join(row['games_end'])}",
            flush=True,
        )


def _change(now: float, then: float, digits: int = 0) -> str:
    return f"{100 * (now / then - 1):+.{digits}f}%" if then else "n/a"


if __name__ == "__main__":
    main()
