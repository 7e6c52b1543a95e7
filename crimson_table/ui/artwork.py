"""The images the app shell asks for, cached per size, from the art package.

The few images the first frame needs (felt, menu tiles) are also rendered ahead of time
by ``tools/make_assets.py`` into ``assets/prerendered/``; when a file for the asked size is
there it is loaded instead of drawn, which keeps start-up short (``bench/startup.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache, partial

import pygame

from crimson_table import resources
from crimson_table.engine.registry import BUILTIN_GAMES

log = logging.getLogger(__name__)

MENU_TILE_SIZES = ((272, 250), (240, 250))
MENU_GAMES = BUILTIN_GAMES  # the menu tiles rendered ahead of time


# The art package is imported only when something must really be drawn: the first frame
# is built from prerendered files alone.


def _menu_tile(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    from crimson_table.ui.art import icons

    return icons.game_tile(game_id, size, titled=False)


def _table(size: tuple[int, int], walnut: bool = False) -> pygame.Surface:
    from crimson_table.ui.art import table

    return table.walnut(size) if walnut else table.felt(size)


def prerender_jobs() -> dict[str, tuple[Callable[[tuple[int, int]], pygame.Surface], tuple[int, int]]]:
    """Name -> (renderer, size) of every image ``tools/make_assets.py`` renders ahead of time."""
    out: dict[str, tuple[Callable[[tuple[int, int]], pygame.Surface], tuple[int, int]]] = {
        "felt_1600x900": (_table, (1600, 900)),
        "walnut_1600x900": (partial(_table, walnut=True), (1600, 900)),
    }
    for game_id in MENU_GAMES:
        for w, h in MENU_TILE_SIZES:
            out[f"tile_{game_id}_{w}x{h}"] = (partial(_menu_tile, game_id), (w, h))
    return out


PRERENDERED = frozenset(
    ["felt_1600x900", "walnut_1600x900"]
    + [f"tile_{g}_{w}x{h}" for g in MENU_GAMES for w, h in MENU_TILE_SIZES]
)


def prerendered_file(name: str) -> str:
    """File name of a prerendered image: JPEG for opaque table surfaces (quick to decode), else PNG."""
    return f"{name}.jpg" if name.startswith(("felt_", "walnut_")) else f"{name}.png"


def _load_prerendered(name: str, alpha: bool) -> pygame.Surface | None:
    try:
        path = resources.asset("prerendered", prerendered_file(name))
    except FileNotFoundError:
        return None
    if not path.is_file():
        return None
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, OSError) as exc:
        log.warning("cannot load %s (%s); drawing it instead", path, exc)
        return None
    if pygame.display.get_surface() is None:
        return image
    return image.convert_alpha() if alpha else image.convert()


# The player's chosen look (the campaign's unlocked backs and cloths): the card back as
# (field colour, crest), the table as (centre colour, walnut); None = the games' own.
_BACK: list[tuple[tuple[int, int, int], str] | None] = [None]
_CLOTH: list[tuple[tuple[int, int, int], bool] | None] = [None]


def set_look(
    back: tuple[tuple[int, int, int], str] | None, cloth: tuple[tuple[int, int, int], bool] | None
) -> None:
    """Draw default card backs with ``back`` and felt tables with ``cloth`` from now on (None: the
    games' own).  A change drops every cached image of the UI (tables keep scaled or rotated backs
    in caches of their own), so the next frame shows it; no change costs nothing (the first frame
    still loads no art module)."""
    if _BACK[0] == back and _CLOTH[0] == cloth:
        return
    from crimson_table.ui.art import cards

    cards.set_back_style(back)
    _BACK[0], _CLOTH[0] = back, cloth
    _drop_cached_images()


def _drop_cached_images() -> None:
    """Clear every cache of the loaded ``crimson_table.ui`` modules."""
    from crimson_table.ui import memory

    memory.clear_caches("crimson_table.ui.")


def felt(size: tuple[int, int], walnut: bool = False) -> pygame.Surface:
    """The table surface: green felt (or walnut boards for Crimson Keep), or the chosen cloth
    (:func:`set_look`) on a felt table."""
    cloth = _CLOTH[0]
    if cloth is not None and not walnut:
        return _cloth(size, *cloth)
    return _felt(size, walnut)


# One full-window table surface (5.5 MB) at a time: only one table is drawn at a time, and
# loading the other again when the screen changes takes ~20 ms.
@lru_cache(maxsize=1)
def _cloth(size: tuple[int, int], colour: tuple[int, int, int], walnut: bool) -> pygame.Surface:
    from crimson_table.ui.art import table

    return table.walnut(size) if walnut else table.cloth(size, colour)


@lru_cache(maxsize=1)
def _felt(size: tuple[int, int], walnut: bool = False) -> pygame.Surface:
    name = f"{'walnut' if walnut else 'felt'}_{size[0]}x{size[1]}"
    image = _load_prerendered(name, alpha=False) if name in PRERENDERED else None
    if image is not None:
        return image
    return _table(size, walnut)


@lru_cache(maxsize=16)
def game_tile(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The illustrated menu tile of a game (the menu prints the title beneath it)."""
    name = f"tile_{game_id}_{size[0]}x{size[1]}"
    image = _load_prerendered(name, alpha=True) if name in PRERENDERED else None
    return image if image is not None else _menu_tile(game_id, size)


@lru_cache(maxsize=1)
def app_icon() -> pygame.Surface:
    """The window icon (the generated ``assets/icon.png``, drawn if that file is missing)."""
    try:
        return pygame.image.load(str(resources.asset("icon.png")))
    except (FileNotFoundError, pygame.error, OSError):
        from crimson_table.ui.art import icons

        return icons.app_icon(256)


@lru_cache(maxsize=64)
def d20_face(value: int, size: int) -> pygame.Surface:
    """A d20 showing ``value``."""
    from crimson_table.ui.art import dice

    return dice.d20_face(value, size)


@lru_cache(maxsize=8)
def card_back(game_id: str) -> pygame.Surface:
    """The face-down card of a game at base size (120x168)."""
    from crimson_table.ui.art import cards

    return cards.render_back(game_id)
