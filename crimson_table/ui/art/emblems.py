"""Card emblems by name: a central illustration drawn from simple shapes.

``emblem(name, size)`` returns a cached transparent Surface; ``draw_emblem(pen, name)`` draws into an
existing canvas (how cards and backs compose them).  Unknown names fall back to ``"generic"``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from . import _emblem_figures as fig
from . import _emblem_objects as obj
from ._draw import Pen

EmblemFn = Callable[[Pen], None]

EMBLEMS: dict[str, EmblemFn] = {
    "knight": fig.knight,
    "feint": fig.feint,
    "coin": obj.coin,
    "vassal": fig.vassal,
    "bishop": obj.mitre,
    "catapult": obj.catapult,
    "sword": obj.sword,
    "shield": obj.shield,
    "skull": obj.skull,
    "mercenary": fig.mercenary,
    "winter": obj.snowflake,
    "spring": obj.blossom,
    "drummer": obj.drum,
    "heroine": fig.heroine,
    "courtesan": fig.courtesan,
    "scarecrow": fig.scarecrow,
    "surrender": obj.white_flag,
    "crown": obj.crown,
    "castle": obj.castle,
    "dragon": fig.dragon,
    "ogre": fig.ogre,
    "undead": fig.wraith,
    "potion": obj.potion,
    "scroll": obj.scroll,
    "generic": obj.generic,
    # Extra emblems for the wider card lists (Crimson Company, Crusader Kingdoms, Crimson Keep).
    "twin_crowns": obj.twin_crowns,
    "crossed_swords": obj.crossed_swords,
    "lion": fig.lion,
    "cross": obj.cross,
    "tower": obj.tower,
    "axe": obj.axe,
    "banner": obj.banner,
    "demon": fig.demon,
    "fairy": fig.fairy,
    "griffin": fig.griffin,
    "monk": fig.hooded_monk,
}

EMBLEM_NAMES: tuple[str, ...] = tuple(EMBLEMS)


def has_emblem(name: str) -> bool:
    """True when ``name`` has its own drawing (otherwise the generic rosette is used)."""
    return name in EMBLEMS


def draw_emblem(pen: Pen, name: str) -> None:
    """Draw emblem ``name`` into ``pen``'s 100 x 100 design box."""
    EMBLEMS.get(name, obj.generic)(pen)


@lru_cache(maxsize=256)
def emblem(name: str, size: int) -> pygame.Surface:
    """Emblem ``name`` as a transparent ``size x size`` Surface (cached)."""
    pen = Pen.canvas(size, size, 100)
    draw_emblem(pen, name)
    return pen.finish()
