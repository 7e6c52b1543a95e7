"""Private font loader: Noto Sans as bundled with pygame_gui, by size and style.

Interim helper until ``crimson_table/ui/widgets/fonts.py`` exists; the two should be merged so the app
has one place that finds the fonts (ART.md "Type").  The package path is found without importing
pygame_gui, so importing the art package stays cheap.
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


@lru_cache(maxsize=1)
def font_dir() -> Path | None:
    """The pygame_gui ``data`` folder holding the Noto Sans files, or None if it cannot be found."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "data"
        if (candidate / _STYLE_FILES[(False, False)]).is_file():
            return candidate
    return None


@lru_cache(maxsize=256)
def noto(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """Noto Sans at ``size`` px in the requested style (falls back to pygame's default font)."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(1, int(size))
    folder = font_dir()
    if folder is not None:
        path = folder / _STYLE_FILES[(bold, italic)]
        if path.is_file():
            return pygame.font.Font(str(path), size)
    fallback = pygame.font.Font(None, size)
    fallback.bold = bold
    fallback.italic = italic
    return fallback
