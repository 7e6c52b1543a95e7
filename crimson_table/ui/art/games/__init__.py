"""Each game's art, one module per game, ``art/games/<game_id>.py``, found by its id.

A module holds ``ART = GameArt(...)``: the game's accent colour (card border, name bar, back
field), the crest on its card backs (also its marker on the campaign map), the pattern of its
backs' field and its menu tile's scene.  The shared drawing code asks :func:`game_art` and falls back
to a plain look for a game without a module here, so adding a game's art is adding its module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from crimson_table.engine.registry import game_part

from .._draw import Pen
from ..palette import DEFAULT_ACCENT, Colour


@dataclass(frozen=True)
class GameArt:
    """What the shared art needs of one game."""

    accent: Colour  # card border, name bar, back field
    crest: str  # the emblem on its card backs and its campaign-map marker (``emblems`` or ``_card_parts``)
    tile: Callable[[Pen, float], None]  # the menu tile's scene, 360 units wide (``_tiles.W``), this high
    back_pattern: Callable[[Pen, Colour], None]  # its card backs' field pattern on the field's colour


@cache
def game_art(game_id: str) -> GameArt | None:
    """The ``ART`` of ``game_id``'s module here, or None for a game without one."""
    module = game_part(__name__, game_id)
    art: GameArt | None = getattr(module, "ART", None)
    return art


def game_accent(game_id: str) -> Colour:
    """The accent colour of a game (stone for a game without art of its own)."""
    art = game_art(game_id)
    return art.accent if art is not None else DEFAULT_ACCENT


def back_crest(game_id: str) -> str:
    """The crest on a game's card backs ("generic" for a game without art of its own)."""
    art = game_art(game_id)
    return art.crest if art is not None else "generic"
