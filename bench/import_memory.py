"""What the other games' code adds to a session's resident memory, at rest with one table on top.

The UI monkey's tables sometimes reach another game's table from the menu; the first time a game
opens, its modules are imported and stay for the session.  This opens one table, reads RSS at rest
(as ``ui_monkey.rss_at_rest`` does), then either opens every other table once and comes back
(``--visit``) or only imports what those tables would import (engine, table scene, bots), and
reads it again.  With ``--each`` it prints the cost of each game's engine, table and bots in turn.

    SDL_VIDEODRIVER=dummy python bench/import_memory.py [--game crimson_company] [--visit] [--each]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ui_monkey  # noqa: E402

from crimson_table.ai import registry  # noqa: E402
from crimson_table.play.match import Match  # noqa: E402
from crimson_table.ui import memory  # noqa: E402
from crimson_table.ui.app import App  # noqa: E402
from crimson_table.ui.settings import Settings  # noqa: E402
from crimson_table.ui.tables import scene_class_for  # noqa: E402


def _open(app: App, game_id: str) -> None:
    app.start_match(Match.new(game_id, ui_monkey._seats(game_id), seed=1))
    app.run_frames(30)


def _import(game_id: str) -> None:
    Match.new(game_id, ui_monkey._seats(game_id), seed=1)
    scene_class_for(game_id)
    for level in registry.levels_for(game_id):
        registry.bot_for(game_id, level)


def whole(game_id: str, visit: bool) -> None:
    """RSS at rest on ``game_id``'s table before and after the other games' code is loaded."""
    app = App(Settings(animation_speed="fast"))
    _open(app, game_id)
    before, modules = ui_monkey.rss_at_rest(app, 600), len(sys.modules)
    for other in ui_monkey.tables():
        if other != game_id:
            _open(app, other) if visit else _import(other)
    _open(app, game_id)
    after = ui_monkey.rss_at_rest(app, 600)
    how = "every other table opened once" if visit else "the other games' code imported"
    print(
        f"{game_id}: at rest {before:.1f} MB ({modules} modules) -> {how}, back at the table: "
        f"{after:.1f} MB ({len(sys.modules)} modules), {after - before:+.1f} MB"
    )
    app.clear()


def each() -> None:
    """From the menu at rest: each game's engine, table and bots imported in turn, RSS after each."""

    def rss() -> float:
        gc.collect()
        memory.trim()
        return ui_monkey.rss_mb()

    app = App(Settings(animation_speed="fast"))
    app.run_frames(3)
    for game_id in ui_monkey.tables():
        steps = (
            ("engine", lambda g=game_id: Match.new(g, ui_monkey._seats(g), seed=1)),
            ("table", lambda g=game_id: scene_class_for(g)),
            ("bots", lambda g=game_id: [registry.bot_for(g, level) for level in registry.levels_for(g)]),
        )
        parts = []
        for name, load in steps:
            size, modules = rss(), len(sys.modules)
            load()
            parts.append(f"{name} {rss() - size:+.1f} MB ({len(sys.modules) - modules} modules)")
        print(f"{game_id:18} " + ", ".join(parts))
    app.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crimson_company", choices=ui_monkey.tables())
    parser.add_argument("--visit", action="store_true", help="open every other table instead of importing")
    parser.add_argument("--each", action="store_true", help="the cost of each game's code in turn")
    args = parser.parse_args()
    if args.each:
        each()
    else:
        whole(args.game, args.visit)


if __name__ == "__main__":
    main()
