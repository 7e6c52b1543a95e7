"""Frame time of a game table in mid-game at 1600x900 under the dummy video driver.

The scene is advanced by bots to a mid-game position, then frozen (the seat to act
becomes human and the table waits for it; no curtain, as only one human sits) and
timed frame by frame: events, update, draw, present.
In the same run a bare loop blits the same number of surfaces (counted from one real
frame) of card size onto a 1600x900 surface and presents it the same way.  The two are
interleaved in ``--rounds`` blocks (scene, bare, scene, bare...), so both see the shared
machine's load of the moment; printed are the medians over all frames, the ratio of each round's
medians (min/median/max) and the load average.

With ``--window WxH`` other than 1600x900 the same frames are also timed with crisp text off
(the whole frame scaled, text blurred with it) and on (the text drawn again at the window's scale),
in alternating blocks of the same run, and both medians are printed.

    SDL_VIDEODRIVER=dummy python bench/frame_time.py [--game two_crowns] [--frames 300] [--window 2560x1440]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CRIMSON_TABLE_HOME", tempfile.mkdtemp(prefix="crimson-bench-"))  # no autosaves at home

import pygame  # noqa: E402

from crimson_table.play.match import Match, Seat  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402

LOGICAL = (1600, 900)


class CountingSurface(pygame.Surface):
    """A surface that counts the blits made onto it."""

    blit_count = 0

    def blit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        CountingSurface.blit_count += 1
        return super().blit(*args, **kwargs)

    def blits(self, blit_sequence, *args, **kwargs):  # type: ignore[no-untyped-def]
        seq = list(blit_sequence)
        CountingSurface.blit_count += len(seq)
        return super().blits(seq, *args, **kwargs)


def mid_game_app(game_id: str, players: int, steps: int, seed: int, window: tuple[int, int] = LOGICAL) -> App:
    """An app showing ``game_id`` after about ``steps`` bot actions, then frozen."""
    settings = Settings(animation_speed="off", volume=0.0, window_width=window[0], window_height=window[1])
    app = App(settings, start_menu=True)
    seats = [Seat(f"Bot {i + 1}", "bot", "heuristic") for i in range(players)]
    match = Match.new(game_id, seats, seed=seed)
    app.start_match(match)
    app.run_until(lambda: match.step >= steps or match.is_over(), max_frames=20_000)
    now = match.current_seat()
    match.seats[:] = [Seat(s.name, "human" if i == now else "bot") for i, s in enumerate(match.seats)]
    app.run_frames(30)
    if app.top is not app.stack[1]:
        raise RuntimeError(f"the table is not on top after freezing: {type(app.top).__name__}")
    return app


def count_blits(app: App) -> int:
    """Blits one real frame makes onto the logical surface."""
    real = app.logical
    app.logical = CountingSurface(LOGICAL)  # plain: counts the blits, records nothing
    CountingSurface.blit_count = 0
    app.render()
    app.logical = real
    return CountingSurface.blit_count


def time_frames(step, frames: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Milliseconds per call of ``step``."""
    out = []
    for _ in range(frames):
        start = time.perf_counter()
        step()
        out.append((time.perf_counter() - start) * 1000)
    return out


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max, rounded."""
    return {
        "min": round(min(values), 2),
        "median": round(statistics.median(values), 2),
        "max": round(max(values), 2),
    }


def interleaved(scene, bare, frames: int, rounds: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Scene and bare frames in alternating blocks: medians of all frames and per-round ratios,
    in wall time and in this process's CPU time (steadier while other processes share the cores)."""
    per_block = max(1, frames // rounds)
    result: dict[str, object] = {}
    blocks = {"": [], "cpu_": []}  # type: ignore[var-annotated]
    for _ in range(rounds):
        scene_wall, scene_cpu = time_frames_both(scene, per_block)
        bare_wall, bare_cpu = time_frames_both(bare, per_block)
        blocks[""].append((scene_wall, bare_wall))
        blocks["cpu_"].append((scene_cpu, bare_cpu))
    for prefix, pairs in blocks.items():
        scene_ms = statistics.median([t for scene_block, _ in pairs for t in scene_block])
        bare_ms = statistics.median([t for _, bare_block in pairs for t in bare_block])
        result[f"{prefix}scene_median_ms"] = round(scene_ms, 3)
        result[f"{prefix}bare_median_ms"] = round(bare_ms, 3)
        result[f"{prefix}ratio"] = round(scene_ms / bare_ms, 2)
        result[f"{prefix}round_ratios"] = spread(
            [statistics.median(a) / statistics.median(b) for a, b in pairs]
        )
    result["rounds"] = rounds
    result["load_average"] = [round(value, 2) for value in os.getloadavg()]
    return result


def time_frames_both(step, frames: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """Milliseconds per call of ``step``: wall time and this process's CPU time."""
    wall, cpu = [], []
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.process_time()
        step()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def bare_loop(blits: int, window: pygame.Surface):  # type: ignore[no-untyped-def]
    """A frame that fills, blits ``blits`` card-sized surfaces and presents like the app."""
    logical = pygame.Surface(LOGICAL).convert()
    card = pygame.Surface((120, 168), pygame.SRCALPHA).convert_alpha()
    card.fill((200, 180, 140, 255))

    def frame() -> None:
        pygame.event.get()
        logical.fill((20, 40, 30))
        for i in range(blits):
            logical.blit(card, ((i * 37) % 1480, (i * 53) % 732))
        window.blit(logical, (0, 0))
        pygame.display.flip()

    return frame


def crisp_against_soft(app: App, frames: int) -> dict[str, float]:
    """Median ms per frame with crisp text on and off, alternating frame by frame.

    The two logical surfaces (a recording canvas and a plain one) are made once and swapped
    between frames, so both settings see the same machine load; the times are CPU time of this
    process (``time.process_time``), less disturbed by other processes than wall time.
    """
    surfaces = {}
    for crisp in (True, False):
        app.set_crisp_text(crisp)
        surfaces[crisp] = app.logical
    times: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(frames):
        for crisp in (True, False):
            app.crisp_text, app.logical = crisp, surfaces[crisp]
            start = time.process_time()
            app.step(1 / 60)
            times[crisp].append((time.process_time() - start) * 1000)
    app.set_crisp_text(True)
    app.render()
    texts = app.logical.records if hasattr(app.logical, "records") else []
    crisp_ms, soft_ms = statistics.median(times[True]), statistics.median(times[False])
    return {
        "texts_recorded": len(texts),
        "texts_crisp": len(app.logical.visible_records()) if texts else 0,
        "crisp_median_ms": round(crisp_ms, 3),
        "soft_median_ms": round(soft_ms, 3),
        "crisp_cost_ms": round(crisp_ms - soft_ms, 3),
    }


def parse_size(text: str) -> tuple[int, int]:
    """``"2560x1440"`` -> ``(2560, 1440)``."""
    width, height = text.lower().split("x")
    return int(width), int(height)


def figures(
    game: str = "two_crowns",
    players: int = 2,
    steps: int = 40,
    frames: int = 300,
    seed: int = 3,
    rounds: int = 10,
) -> dict[str, object]:
    """A mid-game table at 1600x900 against the bare blit loop, interleaved in ``rounds`` blocks."""
    app = mid_game_app(game, players, steps, seed)
    blits = count_blits(app)
    bare = bare_loop(blits, app.window)
    return {
        "game": game,
        "players": players,
        "blits_per_frame": blits,
        **interleaved(lambda: app.step(1 / 60), bare, frames, rounds),
    }


def main() -> None:
    """Run and print medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="two_crowns")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=40, help="bot actions before freezing")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10, help="alternating blocks of scene and bare frames")
    parser.add_argument(
        "--window", type=parse_size, default=LOGICAL, help="window size WxH (default 1600x900)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if tuple(args.window) != LOGICAL:
        app = mid_game_app(args.game, args.players, args.steps, args.seed, args.window)
        result = {
            "game": args.game,
            "window": "x".join(map(str, args.window)),
            **crisp_against_soft(app, args.frames),
        }
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            print(
                f"{args.game} at {result['window']}: crisp text {result['crisp_median_ms']} ms/frame, "
                f"scaled text {result['soft_median_ms']} ms/frame, crisp costs {result['crisp_cost_ms']} ms "
                f"({result['texts_crisp']} of {result['texts_recorded']} texts crisp; CPU medians of {args.frames} each)"
            )
        return
    result = figures(args.game, args.players, args.steps, args.frames, args.seed, args.rounds)
    blits = result["blits_per_frame"]
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{args.game}: scene {result['scene_median_ms']} ms/frame, bare loop ({blits} blits) "
            f"{result['bare_median_ms']} ms/frame, ratio {result['ratio']}x (medians of {args.frames} each); "
            f"per round {result['round_ratios']} over {args.rounds} rounds, load {result['load_average']}\n"
            f"  CPU time: scene {result['cpu_scene_median_ms']} ms, bare {result['cpu_bare_median_ms']} ms, "
            f"ratio {result['cpu_ratio']}x, per round {result['cpu_round_ratios']}"
        )


if __name__ == "__main__":
    main()
