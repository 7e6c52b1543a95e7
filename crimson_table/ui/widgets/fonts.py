"""The one place that finds and loads the app's fonts: Noto Sans as bundled with pygame-gui.

The files are located through the installed ``pygame_gui`` package (``pygame_gui/data``), which
is also where a frozen build collects them, so the same code works from a checkout, a wheel and
a PyInstaller bundle (ART.md "Type").  Sizes follow ART.md: titles 44-56, headings 28, body 20,
small text never below 13.

Every line of text made here (:func:`render`, and ``render`` of a font from :func:`font`) is
remembered with what it says and how (:func:`text_spec`), so a window scaled away from 1600x900
can draw it again at its own scale, crisp (``ui/text_canvas.py``); :func:`render_scaled`
is that second rendering.
"""

from __future__ import annotations

import importlib.util
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from crimson_table.ui.art.surface_cache import MB, surface_cache

TITLE = 52
HEADING = 28
BODY = 20
SMALL = 16
MIN_SIZE = 13

_STYLE_FILES = {
    (False, False): "NotoSans-Regular.ttf",
    (True, False): "NotoSans-Bold.ttf",
    (False, True): "NotoSans-Italic.ttf",
    (True, True): "NotoSans-BoldItalic.ttf",
}

Colour = tuple[int, int, int]


@lru_cache(maxsize=1)
def font_dir() -> Path | None:
    """The folder holding the Noto Sans files (pygame_gui's ``data``), or None if not found."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "data"
        if (candidate / _STYLE_FILES[(False, False)]).is_file():
            return candidate
    return None


def font_path(bold: bool = False, italic: bool = False) -> Path | None:
    """Path of one Noto Sans style file, or None when pygame-gui's data cannot be found."""
    folder = font_dir()
    if folder is None:
        return None
    path = folder / _STYLE_FILES[(bold, italic)]
    return path if path.is_file() else None


@dataclass(frozen=True)
class TextSpec:
    """What a rendered line of text says and how: enough to render it again at another size."""

    text: str
    size: int
    colour: tuple[int, ...]
    bold: bool = False
    italic: bool = False
    shadow: tuple[int, ...] | None = None


# id of a rendered line -> (a weak reference to it, its spec); the reference's callback forgets
# the entry when the surface dies.  Keyed by id rather than a WeakKeyDictionary: looking up a
# blit's source (every blit onto a recording canvas) then costs one dict probe.
_SPECS: dict[int, tuple[weakref.ref[pygame.Surface], TextSpec]] = {}


def _remember(image: pygame.Surface, spec: TextSpec) -> None:
    key = id(image)
    _SPECS[key] = (weakref.ref(image, lambda _ref: _forget(key, _ref)), spec)


def _forget(key: int, ref: weakref.ref[pygame.Surface]) -> None:
    entry = _SPECS.get(key)
    if entry is not None and entry[0] is ref:
        del _SPECS[key]


def text_spec(image: pygame.Surface) -> TextSpec | None:
    """The spec ``image`` was rendered from, if it is a line of text made by this module."""
    entry = _SPECS.get(id(image))
    return entry[1] if entry is not None and entry[0]() is image else None


class TrackedFont(pygame.font.Font):
    """A FreeType face of a Noto Sans style, parked at one size at a time (:func:`_parked`).
    Plain anti-aliased one-line renders made through :class:`SizedFont` are remembered
    (:func:`text_spec`) while :attr:`tracking` is on (the app turns it on while a scaled window
    wants crisp text; the cached lines of :func:`render` are remembered always, once, when they
    are made)."""

    tracking = False

    def __init__(self, path: str | None, size: int, bold: bool, italic: bool) -> None:
        super().__init__(path, size)
        self.spec_bold, self.spec_italic = bold, italic


class SizedFont:
    """Noto Sans at one pixel size: what :func:`font` returns, used like a ``pygame.font.Font``.

    It holds no FreeType face: each call takes one from a small pool (:func:`_parked`), so
    holding fonts of many sizes costs no face each.  A face costs about half a megabyte of C heap
    once it has measured a glyph, and the screens, tables and window-scaled crisp text asked for
    dozens of sizes (25 MB of faces in a long monkey run).  A face moved to another size gives
    the same metrics and pixels as one opened at that size (test).
    """

    __slots__ = ("size_px", "bold", "italic")

    def __init__(self, size: int, bold: bool, italic: bool) -> None:
        self.size_px, self.bold, self.italic = size, bold, italic

    def _sized(self) -> TrackedFont:
        return _parked(self.bold, self.italic, self.size_px)

    @property
    def point_size(self) -> int:
        """The size in pixels (read only: ask :func:`font` for another size)."""
        return self.size_px

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # type: ignore[no-untyped-def]
        """``pygame.font.Font.render``; a plain one-line anti-aliased render is remembered."""
        image = self._sized().render(text, antialias, color, bgcolor, wraplength)
        if TrackedFont.tracking and antialias and bgcolor is None and not wraplength:
            _remember(
                image, TextSpec(str(text), self.size_px, tuple(pygame.Color(color)), self.bold, self.italic)
            )
        return image

    def render_cached(self, text: str, colour: Colour) -> pygame.Surface:
        """``render(text, True, colour)`` through :func:`render`'s cache: a line drawn every frame is
        rendered once (the surface is shared: copy it before changing it)."""
        if self.size_px < MIN_SIZE:  # render() never goes below MIN_SIZE
            image: pygame.Surface = self.render(text, True, colour)
            return image
        return render(text, self.size_px, colour, bold=self.bold, italic=self.italic)

    def size(self, text: str) -> tuple[int, int]:
        """Width and height of ``text`` rendered at this size."""
        return self._sized().size(text)

    def get_linesize(self) -> int:
        """Recommended distance between lines."""
        return self._sized().get_linesize()

    def get_height(self) -> int:
        """Height of a rendered line."""
        return self._sized().get_height()

    def get_ascent(self) -> int:
        """Pixels from the top of a line to its baseline."""
        return self._sized().get_ascent()

    def get_descent(self) -> int:
        """Pixels below the baseline (negative)."""
        return self._sized().get_descent()

    def metrics(self, text: str) -> list[tuple[int, int, int, int, int] | None]:
        """Per-glyph metrics of ``text``."""
        return self._sized().metrics(text)


Face = pygame.font.Font | SizedFont


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, italic: bool = False) -> SizedFont:
    """Noto Sans at ``size`` px (never below 13) in the requested style."""
    return _face(max(MIN_SIZE, int(size)), bold, italic)


@lru_cache(maxsize=512)
def _face(size: int, bold: bool, italic: bool) -> SizedFont:
    """Noto Sans at exactly ``size`` px (window-scaled text may go below 13 window pixels)."""
    return SizedFont(max(1, int(size)), bold, italic)


# At most this many FreeType faces are open, each parked at the (style, size) it last served.
# A face moved to another size drops the glyphs it had loaded, so the sizes in use keep a face
# each: over 3,000 monkey events at Two Crowns (33 sizes and styles, 93,000 calls) 8 faces moved
# 184 times, one face per style 6,230 times (rendering and measuring text took 3x longer).
POOL_FACES = 8
_POOL: OrderedDict[tuple[bool, bool, int], TrackedFont] = OrderedDict()


def _parked(bold: bool, italic: bool, size: int) -> TrackedFont:
    """A face of the style at ``size``: the one parked there, else the least recently used face
    of the style moved there (a new one while fewer than :data:`POOL_FACES` are open)."""
    key = (bold, italic, size)
    face = _POOL.get(key)
    if face is not None:
        _POOL.move_to_end(key)
        return face
    if len(_POOL) >= POOL_FACES:
        same_style = next((k for k in _POOL if k[0] == bold and k[1] == italic), None)
        if same_style is not None:
            face = _POOL.pop(same_style)
            face.point_size = size
        else:
            _POOL.popitem(last=False)  # closed once nothing refers to it (nothing else does)
    if face is None:
        face = _open(bold, italic, size)
    _POOL[key] = face
    return face


def _open(bold: bool, italic: bool, size: int) -> TrackedFont:
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(bold, italic)
    if path is not None:
        return TrackedFont(str(path), size, bold, italic)
    fallback = TrackedFont(None, size, bold, italic)
    fallback.bold = bold
    fallback.italic = italic
    return fallback


def render(
    text: str,
    size: int,
    colour: Colour,
    *,
    bold: bool = False,
    italic: bool = False,
    shadow: Colour | None = None,
) -> pygame.Surface:
    """Anti-aliased text; with ``shadow`` a 1 px dark copy sits under it (text on felt, ART.md).

    Results are cached (tables redraw the same labels every frame): the surface is shared,
    so copy it before changing it (``set_alpha``, drawing on it).
    """
    return _render(text, int(size), tuple(colour), bold, italic, tuple(shadow) if shadow else None)


# Lines of text: 2 MB renders 324-639 lines in 100,000-230,000 calls over 12,000 monkey events per
# table, against 194-313 that are distinct (a trace of the cache); a line renders in well under 1 ms.
@surface_cache(max_bytes=2 * MB)
def _render(
    text: str, size: int, colour: tuple[int, ...], bold: bool, italic: bool, shadow: tuple[int, ...] | None
) -> pygame.Surface:
    size = max(MIN_SIZE, size)
    image = _draw_text(_face(size, bold, italic), text, colour, shadow, 1)
    _remember(image, TextSpec(text, size, colour, bold, italic, shadow))
    return image


def _draw_text(
    face: Face, text: str, colour: tuple[int, ...], shadow: tuple[int, ...] | None, offset: int
) -> pygame.Surface:
    main = face.render(text, True, colour)
    if shadow is None:
        return main
    out = pygame.Surface((main.get_width() + offset, main.get_height() + offset), pygame.SRCALPHA)
    out.blit(face.render(text, True, shadow), (offset, offset))
    out.blit(main, (0, 0))
    return out


def render_scaled(spec: TextSpec, scale: float, fit: tuple[int, int] | None = None) -> pygame.Surface:
    """``spec`` rendered afresh at ``scale`` (the shadow offset scales too); not cached here
    (``text_canvas.crisp_ink`` keeps the part of it that shows).

    With ``fit`` (the logical image's size at ``scale``) the result is exactly that size, on the
    logical baseline.  Hinting rounds every advance, so the glyphs often come out a few pixels
    wider or narrower than the scaled line: a narrow line widens each gap between words by up to
    the shadow offset (gaps never narrow: small text would lose its spaces), and what is left
    (more than a pixel) is made up by resizing the line a little, so both ends stay where the
    logical line put them and nothing overflows its box.
    """
    face = _face(max(1, round(spec.size * scale)), spec.bold, spec.italic)
    offset = max(1, round(scale))
    image = _draw_text(face, spec.text, spec.colour, spec.shadow, offset)
    if fit is None or (abs(image.get_width() - fit[0]) <= 1 and abs(image.get_height() - fit[1]) <= 1):
        return image
    logical = _face(spec.size, spec.bold, spec.italic)
    words = _word_starts(spec.text, face)
    gaps = max(len(words) - 1, 0)
    extra = fit[0] - image.get_width()
    spread = max(0, min(extra, gaps * offset))  # taken up by widening the gaps between words
    if spread:
        line = pygame.Surface((image.get_width() + spread, image.get_height()), pygame.SRCALPHA)
        for i, (left, word) in enumerate(words):
            line.blit(
                _draw_text(face, word, spec.colour, spec.shadow, offset), (left + round(spread * i / gaps), 0)
            )
        image = line
    if abs(image.get_width() - fit[0]) > 1:
        image = pygame.transform.smoothscale(image, (max(1, fit[0]), image.get_height()))
    out = pygame.Surface((max(1, fit[0]), max(1, fit[1])), pygame.SRCALPHA)
    out.blit(image, (0, round(logical.get_ascent() * scale) - face.get_ascent()))
    return out


def _word_starts(text: str, face: Face) -> list[tuple[int, str]]:
    """Each word of ``text`` with where its own rendering goes so that it falls where ``face`` puts
    it in the whole line: the line up to the word's end less the word alone.  (The width of the
    line before the word is not it: a word rendered alone is widened by a glyph that reaches left
    of its start, as an italic f does, which opened the gap before it by a few pixels.)"""
    words = []
    start = 0
    for word in text.split(" "):
        if word:
            end = start + len(word)
            words.append((face.size(text[:end])[0] - face.size(word)[0], word))
        start += len(word) + 1
    return words


def wrap(text: str, face: Face, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` px (long words are broken by force).

    With a font from :func:`font` the lines are remembered (:func:`_wrapped`): tables wrap the same
    paragraphs every frame, each wrap measuring every word again.
    """
    if isinstance(face, SizedFont):
        return list(_wrapped(text, face.size_px, face.bold, face.italic, width))
    return _wrap_text(text, face, width)


# Paragraphs of a screen or table: a few dozen distinct (text, style, width) at a time.
@lru_cache(maxsize=256)
def _wrapped(text: str, size: int, bold: bool, italic: bool, width: int) -> tuple[str, ...]:
    return tuple(_wrap_text(text, _face(size, bold, italic), width))


def _wrap_text(text: str, face: Face, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, face, width))
    return lines


def _wrap_paragraph(paragraph: str, face: Face, width: int) -> list[str]:
    words = paragraph.split(" ")
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = word if not current else f"{current} {word}"
        if face.size(candidate)[0] <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while face.size(current)[0] > width and len(current) > 1:
            cut = _longest_prefix(current, face, width)
            lines.append(current[:cut])
            current = current[cut:]
    lines.append(current)
    return lines


def size_to_fit(text: str, width: int, largest: int, smallest: int, bold: bool = True) -> int:
    """The largest type size, in steps of 2 from ``largest`` down to ``smallest``, at which one
    line of ``text`` fits ``width`` pixels (``smallest`` if none does)."""
    size = largest
    while size > smallest and font(size, bold=bold).size(text)[0] > width:
        size -= 2
    return max(size, smallest)


def _longest_prefix(word: str, face: Face, width: int) -> int:
    cut = len(word) - 1
    while cut > 1 and face.size(word[:cut])[0] > width:
        cut -= 1
    return cut


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    pos: tuple[int, int],
    *,
    anchor: str = "topleft",
    bold: bool = False,
    italic: bool = False,
    shadow: Colour | None = None,
) -> pygame.Rect:
    """Render and blit text with ``pos`` at the given rect anchor; returns the rect drawn."""
    image = render(text, size, colour, bold=bold, italic=italic, shadow=shadow)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
