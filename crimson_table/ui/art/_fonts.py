"""Noto Sans (bundled with pygame_gui) at any pixel size, for the art package.

The files are found through ``crimson_table.ui.widgets.fonts.font_path`` (the app's one font finder, so
the frozen build and the art agree); a local lookup is kept only as a fallback.  Unlike the UI helper,
sizes below 13 px are allowed here: tiny labels on dice faces and icons are drawings, not reading text.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

import pygame

_STYLE_FILES = {
    (False, False): "NotoSans-Regular.ttf",
    (True, False): "NotoSans-Bold.ttf",
    (False, True): "NotoSans-Italic.ttf",
    (True, True): "NotoSans-BoldItalic.ttf",
}


@lru_cache(maxsize=4)
def font_file(bold: bool = False, italic: bool = False) -> Path | None:
    """Path of the Noto Sans file for a style, or None when it cannot be found."""
    try:
        from crimson_table.ui.widgets import fonts as shared

        found = shared.font_path(bold, italic)
    except ImportError:
        found = None
    if found is not None:
        return Path(found)
    spec = importlib.util.find_spec("pygame_gui")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location) / "data" / _STYLE_FILES[(bold, italic)]
        if candidate.is_file():
            return candidate
    return None


def noto(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """Noto Sans at ``size`` px in the requested style (pygame's default font if Noto is missing).

    One font object per style, its size set on each call: a FreeType face costs about half a
    megabyte of C heap (and ~15 ms) when first used, and card texts are fitted by trying many
    sizes, so a font per size held ~50 faces (25 MB) after a few thousand monkey events
    (a heap probe of a monkey run).  Resizing a face gives the same metrics and pixels.  Use the
    returned font at once: the next call may change its size.
    """
    font = _face(bold, italic)
    size = max(1, int(size))
    if font.point_size != size:
        font.point_size = size
    return font


@lru_cache(maxsize=4)
def _face(bold: bool, italic: bool) -> pygame.font.Font:
    """The one font object of a style (its size changes with every :func:`noto` call)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_file(bold, italic)
    if path is not None:
        return pygame.font.Font(str(path), 12)
    fallback = pygame.font.Font(None, 12)
    fallback.bold = bold
    fallback.italic = italic
    return fallback
