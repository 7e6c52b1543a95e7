"""Tutorials as data: one module per game holding a plain ``TUTORIAL`` dict.

The runner (:mod:`crimson_table.play.tutorial`) has no drawing in it; the table's tutorial mode
(``ui/tables/tutorial_mode.py``) shows each step's words and highlight.  A game's tutorial is
found by its game id: :data:`TUTORIAL_GAMES` lists the games (of ``BUILTIN_GAMES``, the one list of
games) that have a module here.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from crimson_table.engine.registry import games_with_part

if TYPE_CHECKING:  # the runner is imported on first load: the menu only needs the names below
    from crimson_table.play.tutorial import Tutorial

TUTORIAL_GAMES = games_with_part(__name__)  # the built-in games with a module here, in menu order


def has_tutorial(game_id: str) -> bool:
    """True if ``game_id`` has a tutorial (cheap: nothing is imported)."""
    return game_id in TUTORIAL_GAMES


@cache
def available() -> tuple[str, ...]:
    """The games whose tutorial module exists, in menu order."""
    found = []
    for game_id in TUTORIAL_GAMES:
        try:
            importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError:
            continue
        found.append(game_id)
    return tuple(found)


@cache
def load(game_id: str) -> Tutorial:
    """The tutorial of ``game_id`` (LookupError if it has none)."""
    if game_id not in TUTORIAL_GAMES:
        raise LookupError(f"no tutorial for {game_id!r}")
    from crimson_table.play.tutorial import parse

    module = importlib.import_module(f"{__name__}.{game_id}")
    return parse(module.TUTORIAL)
