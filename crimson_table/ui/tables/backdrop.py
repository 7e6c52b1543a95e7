"""The table's backdrop: the felt and the layers that stand on it, composed once into one surface.

A frame of a table used to start with the felt, full-window, then the log panel's translucent ink,
and on a map table the map: three large blits, the ink one blended pixel by pixel.  While nothing
animates they are the same frame after frame, so :class:`Backdrop` blits them once onto a
window-sized surface and a frame blits that (``bench/frame_time.py``).  The layers are composed in
the order given, exactly as the frame would draw them, so the picture is the same to the pixel.

A layer is a surface and where it goes; the cache is kept while every surface is the same object
(the felt, the ink and a map's layer are cached where they are made, and made again when what they
show changes), so a new position or a new cloth rebuilds it once.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

Layer = tuple[pygame.Surface, tuple[int, int]]


class Backdrop:
    """One composed backdrop, kept until one of its layers is a different surface."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None

    def compose(self, base: pygame.Surface, layers: Sequence[Layer]) -> pygame.Surface:
        """``base`` with ``layers`` blitted over it in order (rebuilt only when one of them changes)."""
        key = (base, *((layer, tuple(pos)) for layer, pos in layers))  # surfaces compare by identity
        if self._surface is None or self._key != key:
            surface = self._surface
            if surface is None or surface.get_size() != base.get_size():
                screen = pygame.display.get_surface()  # its format, without a converted copy's second 5.5 MB
                surface = (
                    pygame.Surface(base.get_size(), 0, screen) if screen else pygame.Surface(base.get_size())
                )
            surface.blit(base, (0, 0))
            for layer, pos in layers:
                surface.blit(layer, pos)
            self._key, self._surface = key, surface
        return self._surface
