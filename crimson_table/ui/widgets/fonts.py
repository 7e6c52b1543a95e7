"""The one place that finds and loads the app's fonts: Noto Sans as bundled with pygame-gui.

The files are located through the installed ``pygame_gui`` package (``pygame_gui/data``), which
is also where a frozen build collects them, so the same code works from a checkout, a wheel and
a PyInstaller bundle (ART.md "Type").  Sizes follow ART.md: titles 44-56, headings 28, body 20,
small text never below 13.
"""

from __future__ import annotations

import importlib.util
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


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """Noto Sans at ``size`` px (never below 13) in the requested style."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(MIN_SIZE, int(size))
    path = font_path(bold, italic)
    if path is not None:
        return pygame.font.Font(str(path), size)
    fallback = pygame.font.Font(None, size)
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


# Lines of text: 4 MB re-renders 23 of 168,000 calls in 20,000 monkey events (bench/cache_trace.py).
@surface_cache(max_bytes=4 * MB)
def _render(
    text: str, size: int, colour: tuple[int, ...], bold: bool, italic: bool, shadow: tuple[int, ...] | None
) -> pygame.Surface:
    face = font(size, bold, italic)
    main = face.render(text, True, colour)
    if shadow is None:
        return main
    out = pygame.Surface((main.get_width() + 1, main.get_height() + 1), pygame.SRCALPHA)
    out.blit(face.render(text, True, shadow), (1, 1))
    out.blit(main, (0, 0))
    return out


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` px (long words are broken by force)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, face, width))
    return lines


def _wrap_paragraph(paragraph: str, face: pygame.font.Font, width: int) -> list[str]:
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


def _longest_prefix(word: str, face: pygame.font.Font, width: int) -> int:
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
