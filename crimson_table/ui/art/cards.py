"""Card faces and backs, rendered at the target scale (never an upscaled bitmap) and cached.

Anatomy (ART.md "Cards"), in card units of a 120 x 168 card: a 2-unit accent border with 10-unit rounded
corners; a name bar on top; a value badge top-left (shield = strength, coin = gold); a medallion with the
card's emblem; an effect box at the bottom with the effect-type icon and word-wrapped text.  Text may use
``**bold**`` runs and ``\\n`` breaks.  At scale 1 the text is 14 px, shrinking to 13 px and then cut with an
ellipsis; zoomed (1.5x and more, hover zoom 2.5x) the effect type is named, and the box grows and the font
shrinks only as far as needed for the full text to show.
"""

from __future__ import annotations

import hashlib
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import pygame

from crimson_table.ui.art.surface_cache import MB, surface_cache

from . import _card_parts as parts
from ._draw import Pen, grain, rounded_mask
from ._text import TextFit, draw_lines, fit_label, fit_text, label
from .games import game_accent
from .palette import (
    INK,
    PARCHMENT,
    Colour,
    darken,
)

CARD_W = 120
CARD_H = 168
CORNER_RADIUS = 10
BORDER = 2
VALUE_KINDS = ("strength", "gold", None)

_BOX_LEFT, _BOX_RIGHT, _BOX_BOTTOM = 6.0, 114.0, 162.0
_BASE_BOX_TOP = 94.0
_MIN_BOX_TOP_ZOOMED = 70.0  # at 2x and more; at smaller zooms the text may take more room
_MIN_BOX_TOP_SMALL_ZOOM = 62.0
_ART_TOP = 28.0
_TEXT_INSET = 4.0
_ICON_R = 8.0
_MIN_TEXT_PX = 13


@dataclass(frozen=True)
class CardSpec:
    """Everything needed to draw one card face.  Hashable, so renders are cached per (spec, scale)."""

    game_id: str
    title: str
    value: int | None
    value_kind: str | None
    emblem: str
    effect_icon: str | None
    text: str
    accent: Colour | None = None
    subtitle: str = ""

    def __post_init__(self) -> None:
        if self.value_kind not in VALUE_KINDS:
            raise ValueError(f"value_kind must be 'strength', 'gold' or None, not {self.value_kind!r}")

    @property
    def colour(self) -> Colour:
        """The accent colour used for this card (its own, else its game's)."""
        return self.accent if self.accent is not None else game_accent(self.game_id)


@dataclass(frozen=True)
class _Layout:
    """Where the effect box goes and how its text is set, for one spec at one scale."""

    box_top: float
    text: TextFit | None
    show_word: bool


def card_size(scale: float = 1.0) -> tuple[int, int]:
    """Pixel size of a card at ``scale`` (120 x 168 at 1.0)."""
    return (round(CARD_W * scale), round(CARD_H * scale))


# 4 MB: a table's visible faces take 1-3 MB; over 12,000 monkey events it renders 91 faces for Condottiere's
# 45 distinct ones (9 MB of them) and 94 for Crusader Kingdoms' 72 (12 MB) (a trace of the cache).
# docs/bench-history.md has how the budgets were chosen.
@surface_cache(max_bytes=4 * MB)
def render_card(spec: CardSpec, scale: float = 1.0) -> pygame.Surface:
    """The card face for ``spec`` at ``scale`` as a per-pixel-alpha Surface (cached per spec and scale)."""
    w, h = card_size(scale)
    layout = _layout(spec, scale)
    has_box = layout.text is not None
    art_bottom = layout.box_top - 3 if has_box else _BOX_BOTTOM - (16 if spec.subtitle else 0)
    pen = Pen.canvas(w, h, CARD_W)
    _draw_shapes(pen, spec, scale, layout.box_top if has_box else None, art_bottom)
    surface = rounded_mask(pen.finish(), round(CORNER_RADIUS * scale))
    grain(surface, seed=7, strength=9, rect=pygame.Rect(2, 2, w - 4, h - 4))
    _draw_texts(surface, spec, scale, layout, art_bottom)
    return _ready(surface)


def _draw_shapes(pen: Pen, spec: CardSpec, scale: float, box_top: float | None, art_bottom: float) -> None:
    """Everything but the text, on the supersampled canvas (card units)."""
    parts.card_base(pen, spec.colour)
    parts.art(pen, spec.emblem, spec.colour, _ART_TOP, art_bottom)
    if box_top is not None:
        parts.effect_box(pen, (_BOX_LEFT, box_top, _BOX_RIGHT - _BOX_LEFT, _BOX_BOTTOM - box_top))
        if spec.effect_icon:
            centre = (_BOX_RIGHT - _ICON_R - 1, art_bottom - _ICON_R - (4 if spec.subtitle else 1))
            parts.effect_badge(pen, spec.effect_icon, centre, _ICON_R)
    if spec.value is not None:
        parts.value_badge_shape(pen, spec.value_kind or "strength")
    subtitle = _subtitle_image(spec, scale, box_top is not None)
    if subtitle is not None:
        cx, cy = _subtitle_centre(spec, art_bottom, box_top is not None)
        parts.subtitle_ribbon(pen, cx, cy, subtitle.get_width() / scale + 12)


def card_text_fit(spec: CardSpec, scale: float = 1.0) -> TextFit | None:
    """How the effect text is set at ``scale``: font size, lines and whether it was cut (None: no text)."""
    return _layout(spec, scale).text


@lru_cache(maxsize=1024)
def _layout(spec: CardSpec, scale: float) -> _Layout:
    """Fit the effect text.  At base size the box is fixed (14 px text, then 13 px, then an ellipsis).
    Zoomed, the box keeps the art as large as it can: it grows only until the whole text fits at a
    comfortable size (8 units, 20 px at 2.5x), and beyond that shrinks the font rather than the art."""
    if not spec.text.strip():
        return _Layout(_BOX_BOTTOM, None, False)
    zoomed = scale >= 1.5
    show_word = zoomed and bool(spec.effect_icon)
    text = _with_word(spec) if show_word else spec.text
    width = round((_BOX_RIGHT - _BOX_LEFT - 2 * _TEXT_INSET) * scale)
    base_top = _BASE_BOX_TOP - (4 if spec.subtitle else 0)
    if not zoomed:
        fit = fit_text(text, width, _text_height(base_top, spec, scale), round(14 * scale), _MIN_TEXT_PX)
        return _Layout(base_top, fit, False)
    largest = round(12 * scale)
    comfortable = max(_MIN_TEXT_PX, round(8 * scale))
    lowest = _MIN_BOX_TOP_ZOOMED if scale >= 2 else _MIN_BOX_TOP_SMALL_ZOOM
    top = base_top
    while top >= lowest:
        fit = fit_text(text, width, _text_height(top, spec, scale), largest, comfortable)
        if not fit.clipped:
            return _Layout(top, fit, show_word)
        top -= 2
    return _Layout(
        lowest, fit_text(text, width, _text_height(lowest, spec, scale), largest, _MIN_TEXT_PX), show_word
    )


def _text_height(box_top: float, spec: CardSpec, scale: float) -> int:
    """Pixel height available for text in a box starting at ``box_top``."""
    return round((_BOX_BOTTOM - box_top - _TEXT_INSET - _first_line_offset(spec)) * scale)


def _first_line_offset(spec: CardSpec) -> float:
    """Units between the box top and the first text line (more when the type ribbon sits on the edge)."""
    return _TEXT_INSET + 3 if spec.subtitle else _TEXT_INSET


def _with_word(spec: CardSpec) -> str:
    """Prefix the effect-type word (zoomed cards), e.g. ``Deployment: ...``."""
    from ._glyphs import EFFECT_WORDS, effect_kind

    word = EFFECT_WORDS[effect_kind(spec.effect_icon or "special")]
    return f"**{word}:** {spec.text}"


def _draw_texts(
    surface: pygame.Surface, spec: CardSpec, scale: float, layout: _Layout, art_bottom: float
) -> None:
    """Title, value, subtitle and effect text, rendered at the target pixel size."""
    bar_w = round(104 * scale)
    size, bold = fit_label(spec.title, bar_w, round(14 * scale), round(13 * scale))
    title = label(spec.title, size, PARCHMENT, bold=bold, shadow=INK, max_width=bar_w)
    surface.blit(title, title.get_rect(center=(round(60 * scale), round(15 * scale))))
    if spec.value is not None:
        _draw_value(surface, spec, scale)
    has_box = layout.text is not None
    subtitle = _subtitle_image(spec, scale, has_box)
    if subtitle is not None:
        cx, cy = _subtitle_centre(spec, art_bottom, has_box)
        surface.blit(subtitle, subtitle.get_rect(center=(round(cx * scale), round(cy * scale))))
    fit = layout.text
    if fit is not None:
        left = round((_BOX_LEFT + _TEXT_INSET) * scale)
        top = round((layout.box_top + _first_line_offset(spec)) * scale)
        rect = pygame.Rect(
            left,
            top,
            round((_BOX_RIGHT - _BOX_LEFT - 2 * _TEXT_INSET) * scale),
            round((_BOX_BOTTOM - _TEXT_INSET) * scale) - top,
        )
        draw_lines(surface, fit, rect, INK)


def _subtitle_image(spec: CardSpec, scale: float, has_box: bool) -> pygame.Surface | None:
    """The italic subtitle label, or None."""
    if not spec.subtitle:
        return None
    size = max(_MIN_TEXT_PX, round(13 * scale))
    room = 66 if spec.effect_icon and has_box else 86
    return label(spec.subtitle, size, INK, bold=False, italic=True, max_width=round(room * scale))


def _subtitle_centre(spec: CardSpec, art_bottom: float, has_box: bool) -> tuple[float, float]:
    """Centre of the subtitle ribbon in card units (shifted right of the effect badge when there is one)."""
    if not has_box:
        return (60.0, art_bottom + 8)
    return (60.0, art_bottom + 3)


def _draw_value(surface: pygame.Surface, spec: CardSpec, scale: float) -> None:
    """The number on the value badge."""
    gold = spec.value_kind == "gold"
    colour = INK if gold else PARCHMENT
    text = str(spec.value)
    size = round((17 if len(text) < 2 else 14) * scale)
    image = label(text, size, colour, bold=True, shadow=None if gold else darken(spec.colour, 0.6))
    centre = parts.VALUE_CENTRE_GOLD if gold else parts.VALUE_CENTRE_STRENGTH
    surface.blit(image, image.get_rect(center=(round(centre[0] * scale), round(centre[1] * scale))))


# A card back chosen by the player (the campaign's unlocked backs): (field colour, crest emblem).
_BACK_STYLE: list[tuple[Colour, str] | None] = [None]


def set_back_style(style: tuple[Colour, str] | None) -> bool:
    """Draw every default back with this field and crest from now on (None: the game's own).
    Returns True if the style changed (cached images of backs must then be dropped)."""
    changed = _BACK_STYLE[0] != style
    _BACK_STYLE[0] = style
    return changed


def render_back(
    game_id: str, scale: float = 1.0, field: Colour | None = None, crest: str | None = None
) -> pygame.Surface:
    """The face-down card of a game: its crest on a patterned field (``field`` overrides the colour and
    ``crest`` the crest, e.g. Crusader Kingdoms' red Christian and green Muslim decks).  A default
    back (neither given) follows :func:`set_back_style`."""
    style = _BACK_STYLE[0]
    if field is None and crest is None and style is not None:
        field, crest = style
    return _render_back(game_id, scale, field, crest)


@lru_cache(maxsize=64)
def _render_back(game_id: str, scale: float, field: Colour | None, crest: str | None) -> pygame.Surface:
    w, h = card_size(scale)
    pen = Pen.canvas(w, h, CARD_W)
    parts.back(pen, game_id, field, crest)
    surface = rounded_mask(pen.finish(), round(CORNER_RADIUS * scale))
    grain(surface, seed=11, strength=7, rect=pygame.Rect(2, 2, w - 4, h - 4))
    return _ready(surface)


def shadow_pad(blur: int = 8) -> int:
    """How far ``drop_shadow`` extends the surface on each side (the card sits at ``(pad, pad)``)."""
    return blur * 2


def drop_shadow(
    surface: pygame.Surface, blur: int = 8, offset: tuple[int, int] = (3, 7), alpha: int = 120
) -> pygame.Surface:
    """``surface`` lifted off the table: a soft shadow below it, on a canvas grown by ``shadow_pad``."""
    out = _shadow(surface, blur, offset, alpha)
    out.blit(surface, (shadow_pad(blur), shadow_pad(blur)))
    return _ready(out)


@surface_cache(max_bytes=2 * MB)
def lifted_card(spec: CardSpec, scale: float = 1.0) -> pygame.Surface:
    """``render_card`` with its drop shadow (cached); blit at ``(x - shadow_pad(), y - shadow_pad())``.

    Every face at a scale has the same rounded outline, so the blurred shadow is made once per
    scale (:func:`_card_shadow`) and a lifted card is that shadow with the cached face blitted on
    it: the same pixels as ``drop_shadow(render_card(spec, scale))``.  Only the few last hovered
    cards are kept (a hover zoom is 600 kB at 2.5x; one per card kind filled 5 MB per game in
    a trace of the cache), and a miss costs a copy and a blit, not a blur.
    """
    face = render_card(spec, scale)
    out = _card_shadow(face).copy()
    out.blit(face, (shadow_pad(), shadow_pad()))
    return out


_SHADOWS: OrderedDict[tuple[tuple[int, int], bytes], pygame.Surface] = OrderedDict()
_OUTLINES: weakref.WeakKeyDictionary[pygame.Surface, bytes] = weakref.WeakKeyDictionary()


def _card_shadow(face: pygame.Surface) -> pygame.Surface:
    """The shadow ``drop_shadow`` puts under ``face``, shared by every face of the same size and
    alpha channel (the shadow depends on nothing else); the last 8 outlines are kept."""
    outline = _OUTLINES.get(face)
    if outline is None:  # once per face: a digest of its alpha channel (1 ms at 2.5x)
        outline = _OUTLINES[face] = hashlib.blake2b(
            pygame.image.tobytes(face, "RGBA")[3::4], digest_size=16
        ).digest()
    key = (face.get_size(), outline)
    if key not in _SHADOWS:
        _SHADOWS[key] = _shadow(face, 8, (3, 7), 120)
        while len(_SHADOWS) > 8:
            _SHADOWS.popitem(last=False)
    _SHADOWS.move_to_end(key)
    return _SHADOWS[key]


def _shadow(surface: pygame.Surface, blur: int, offset: tuple[int, int], alpha: int) -> pygame.Surface:
    """The blurred silhouette of ``surface`` on a canvas grown by ``shadow_pad(blur)`` each side."""
    pad = shadow_pad(blur)
    w, h = surface.get_size()
    silhouette = surface.copy()
    silhouette.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    out.blit(silhouette, (pad + offset[0], pad + offset[1]))
    if blur > 0:
        out = pygame.transform.gaussian_blur(out, blur)
    return _ready(out)


def desaturate(
    surface: pygame.Surface, amount: float = 0.85, tint: Colour = (236, 228, 210)
) -> pygame.Surface:
    """A resting/inactive look: colours drained toward a warm grey by ``amount`` (alpha kept)."""
    grey = pygame.transform.grayscale(surface)
    grey.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
    out = surface.copy()
    grey.set_alpha(round(255 * max(0.0, min(1.0, amount))))
    out.blit(grey, (0, 0))
    return _ready(out)


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """``convert_alpha`` when a display exists (faster blits), else the surface unchanged."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
