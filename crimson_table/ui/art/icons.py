"""Menu tiles for the games, the application icon, small UI icons and effect-type badges."""

from __future__ import annotations

from functools import lru_cache

import pygame

from crimson_table.engine.registry import GAMES

from . import _emblem_objects as obj
from . import _tiles
from ._draw import Pen, rotate, rounded_mask
from ._glyphs import EFFECT_GLYPHS, UI_GLYPHS, effect_kind
from ._text import fit_label, label
from .dice import d6_face, d20_face
from .emblems import draw_emblem
from .games import game_art
from .palette import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    Colour,
    lighten,
    mix,
)

COLOURED_ICONS = ("coin", "shield", "sword", "crown", "castle", "d6", "d20")
UI_ICON_NAMES: tuple[str, ...] = tuple(UI_GLYPHS) + COLOURED_ICONS


def _ready(surface: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


@lru_cache(maxsize=32)
def game_tile(game_id: str, size: tuple[int, int] = (360, 220), titled: bool = True) -> pygame.Surface:
    """An illustrated menu tile for a game (rounded, gold-framed), with its title when ``titled``."""
    w, h = max(40, size[0]), max(30, size[1])
    design_h = _tiles.W * h / w
    pen = Pen.canvas(w, h, _tiles.W)
    art = game_art(game_id)
    (art.tile if art is not None else _tiles.generic)(pen, design_h)
    if titled:
        _tiles.title_band(pen, design_h)
    _tiles.frame(pen, design_h)
    surface = rounded_mask(pen.finish(), round(14 * w / _tiles.W))
    if titled:
        _tile_title(surface, game_title(game_id))
    return _ready(surface)


def game_title(game_id: str) -> str:
    """The game's name on its tile: its ``INFO.title``, or its id in words for a game not registered."""
    return GAMES.info(game_id).title if game_id in GAMES else game_id.replace("_", " ").title()


def _tile_title(surface: pygame.Surface, title: str) -> None:
    """The game's name centred in the tile's bottom band, parchment on dark with a shadow."""
    w, h = surface.get_size()
    band = h * 0.24
    size, bold = fit_label(title, round(w * 0.9), max(13, round(band * 0.62)), 13)
    text = label(title, size, PARCHMENT, bold=bold, shadow=INK, max_width=round(w * 0.92))
    surface.blit(text, text.get_rect(center=(w // 2, round(h - band / 2))))


@lru_cache(maxsize=16)
def app_icon(size: int = 256) -> pygame.Surface:
    """The application icon: a fan of three cards under a crown on crimson (simplified below 40 px)."""
    size = max(16, int(size))
    pen = Pen.canvas(size, size, 100, ss=4 if size <= 64 else 2)
    for i in range(40):
        t = i / 39
        pen.circle((50, 44), 80 - 76 * t, mix(CRIMSON_DARK, lighten(CRIMSON, 0.12), t))
    pen.rect((3, 3, 94, 94), None, GOLD, 3.2, 20)
    if size < 40:
        obj.crown(pen, (50, 54), 1.05, CRIMSON_DARK)
    else:
        pen.rect((7, 7, 86, 86), None, GOLD_DARK, 1.0, 16)
        _card_fan(pen)
        obj.crown(pen, (50, 24), 0.48, CRIMSON_DARK)
    surface = rounded_mask(pen.finish(), round(size * 0.2))
    return surface


def _card_fan(pen: Pen) -> None:
    """Three parchment cards fanned about a point below the icon, each with a tiny emblem."""
    pivot = (50.0, 118.0)
    for angle, emblem in ((-20, "crossed_swords"), (20, "lion"), (0, "knight")):
        corners = [(34.0, 36.0), (66.0, 36.0), (66.0, 81.0), (34.0, 81.0)]
        card = rotate(corners, angle, pivot)
        pen.poly([(x + 1.2, y + 2.0) for x, y in card], (0, 0, 0, 90))
        pen.poly(card, PARCHMENT_LIGHT, INK, 1.4)
        inner = rotate([(36.5, 38.5), (63.5, 38.5), (63.5, 78.5), (36.5, 78.5)], angle, pivot)
        pen.poly(inner, None, GOLD, 1.0)
        if angle == 0:
            draw_emblem(pen.view(37, 44, 0.26), emblem)
        else:
            cx, cy = rotate([(50.0, 58.0)], angle, pivot)[0]
            draw_emblem(pen.view(cx - 11, cy - 11, 0.22), emblem)


@lru_cache(maxsize=256)
def ui_icon(name: str, size: int = 32, colour: Colour = PARCHMENT, shadow: bool = True) -> pygame.Surface:
    """A small UI icon.  Glyphs (undo, redo, save, menu, rules, gear, close, sound, mute, hourglass, play,
    pause, fullscreen, info, eye) take ``colour`` and a 1 px dark shadow; coin, shield, sword, crown,
    castle, d6 and d20 are drawn in their own colours."""
    size = max(8, int(size))
    if name in COLOURED_ICONS:
        return _ready(_coloured_icon(name, size))
    glyph = UI_GLYPHS.get(name)
    if glyph is None:
        raise KeyError(f"unknown icon {name!r}; known: {', '.join(UI_ICON_NAMES)}")
    pen = Pen.canvas(size, size, 100)
    glyph(pen.view(8, 8, 0.84), colour)
    image = pen.finish()
    if not shadow:
        return _ready(image)
    dark = image.copy()
    dark.fill((0, 0, 0, 200), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    off = max(1, size // 24)
    out.blit(dark, (off, off))
    out.blit(image, (0, 0))
    return _ready(out)


def _coloured_icon(name: str, size: int) -> pygame.Surface:
    """Icons that are small illustrations rather than glyphs."""
    if name == "d6":
        return d6_face(5, size)
    if name == "d20":
        return d20_face(20, size)
    pen = Pen.canvas(size, size, 100)
    if name == "coin":
        obj.coin_face(pen, (50, 50), 44)
    elif name == "shield":
        obj.shield(pen)
    elif name == "sword":
        obj.sword(pen, (50, 50), 96, 45)
    elif name == "crown":
        obj.crown(pen, (50, 54), 1.25)
    else:
        obj.castle(pen)
    return pen.finish()


@lru_cache(maxsize=64)
def effect_icon(kind: str, size: int = 24) -> pygame.Surface:
    """The round, coloured badge for an effect type (deploy, income, score, destruction, recruit, ...)."""
    size = max(8, int(size))
    glyph, colour = EFFECT_GLYPHS[effect_kind(kind)]
    pen = Pen.canvas(size, size, 100)
    pen.circle((50, 52), 46, (0, 0, 0, 80))
    pen.circle((50, 50), 45, colour, INK, 4)
    pen.circle((50, 50), 38, None, lighten(colour, 0.35), 2.5)
    glyph(pen.view(22, 22, 0.56), PARCHMENT_LIGHT)
    return _ready(pen.finish())
