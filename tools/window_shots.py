"""Screenshots of what the *window* shows at other sizes than 1600x900, crisp text against scaled.

For each window size: the menu, a setup screen and the tables of a few games in mid-game (bots
play a while, then the seat to act becomes human and the table waits), each saved twice from the
same frame: ``<size>_<name>_crisp.png`` (text drawn at the window's scale, the default) and
``<size>_<name>_scaled.png`` (the whole frame scaled, as before issue 8).  With ``--crop X,Y,W,H``
(window pixels) a crop of each is saved too, to look at at full size.

    SDL_VIDEODRIVER=dummy python tools/window_shots.py /tmp/shots --sizes 1024x576,2560x1440
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CRIMSON_TABLE_BOTS", "inline")
os.environ.setdefault("CRIMSON_TABLE_HOME", tempfile.mkdtemp(prefix="crimson-shots-"))

import pygame  # noqa: E402

from crimson_table.play.match import Match, Seat  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402

GAMES = {"two_crowns": 2, "condottiere": 3, "crusader_kingdoms": 2}
MID_GAME_STEPS = 30


def parse_size(text: str) -> tuple[int, int]:
    """``"2560x1440"`` -> ``(2560, 1440)``."""
    width, height = text.lower().split("x")
    return int(width), int(height)


def save_pair(app: App, folder: Path, name: str, crop: pygame.Rect | None) -> None:
    """The current frame as the window shows it, crisp and scaled."""
    for crisp in (True, False):
        app.set_crisp_text(crisp)
        path = app.save_screenshot(folder / f"{name}_{'crisp' if crisp else 'scaled'}.png", window=True)
        if crop is not None:
            area = crop.clip(app.window.get_rect())
            pygame.image.save(
                app.window.subsurface(area).copy(), str(path.with_name(path.stem + "_crop.png"))
            )
    app.set_crisp_text(True)
    print("saved", folder / f"{name}_*.png", flush=True)


def mid_game(app: App, game_id: str, players: int) -> None:
    """Open ``game_id`` with bots, let them play a while, then wait for a human at the seat to act."""
    match = Match.new(game_id, [Seat(f"Bot {i + 1}", "bot", "heuristic") for i in range(players)], seed=5)
    app.start_match(match)
    app.run_until(lambda: match.step >= MID_GAME_STEPS or match.is_over(), max_frames=20_000)
    now = match.current_seat()
    match.seats[:] = [Seat(f"Player {i + 1}", "human" if i == now else "bot") for i in range(players)]
    app.run_frames(30)


def shoot(size: tuple[int, int], folder: Path, crop: pygame.Rect | None) -> None:
    """Every screen at one window size."""
    from crimson_table.ui.screens.menu import MenuScene

    app = App(Settings(animation_speed="off", volume=0.0, window_width=size[0], window_height=size[1]))
    tag = f"{size[0]}x{size[1]}"
    app.run_frames(3)
    save_pair(app, folder, f"{tag}_menu", crop)
    menu = app.top
    if isinstance(menu, MenuScene):
        menu.open_setup("condottiere")
        app.run_frames(3)
        save_pair(app, folder, f"{tag}_setup", crop)
    for game_id, players in GAMES.items():
        mid_game(app, game_id, players)
        save_pair(app, folder, f"{tag}_{game_id}", crop)
    app.clear()


def main() -> None:
    """Parse the options and take the shots."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sizes", default="1024x576,1280x720,2560x1440")
    parser.add_argument("--crop", help="X,Y,W,H in window pixels: also save that part of each shot")
    args = parser.parse_args()
    crop = pygame.Rect(*map(int, args.crop.split(","))) if args.crop else None
    for size in args.sizes.split(","):
        shoot(parse_size(size), args.folder, crop)


if __name__ == "__main__":
    main()
