"""Crisp text in a scaled window: text rendered at the window's scale, not blurred by scaling.

Every frame is drawn on the 1600x900 logical surface and scaled into the window, so hit tests
stay in logical coordinates (DESIGN.md).  Scaling a whole frame shrinks text soft at 1024x576 and
blows it up blurry at 2560x1440.  Rather than teach 650 draw calls the window's scale, the
logical surface becomes a :class:`TextCanvas` when the window is not 1600x900: it notices each
line of text blitted plainly onto it (a surface that ``widgets/fonts`` remembers, see
:func:`fonts.text_spec`) and keeps the region under it just before and just after.

:func:`present` then finds the texts still visible (their region is as the text left it:
nothing was drawn over them later), puts the pixels from before them back into a copy of the
frame, scales that copy into the window once and draws each visible text afresh at the window's
scale with the same font, size, colour and shadow.  A text that something covered later, even in
part, stays in the scaled frame as before (soft); so does text drawn inside a cached image (a
card face) and pygame-gui's own text (forms, dialogs).  At exactly 1600x900 none of this runs.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from crimson_table.ui.art.surface_cache import MB, surface_cache
from crimson_table.ui.widgets import fonts

MIN_AREA = 16  # texts smaller than this many logical pixels are left to the scaled frame
MIN_CRISP_PX = 9  # below this font size in window pixels hinting spoils the glyphs: keep them scaled


@dataclass
class TextRecord:
    """One line of text blitted onto the canvas, with the pixels under it before and after."""

    rect: pygame.Rect
    spec: fonts.TextSpec
    alpha: int
    before: pygame.Surface
    after: bytes


class TextCanvas(pygame.Surface):
    """A logical surface that records the lines of text blitted plainly onto it.

    Only a canvas made with ``recording=True`` records; its copies and subsurfaces (which pygame
    makes of the same class without calling ``__init__``) draw as plain surfaces.
    """

    recording = False
    records: list[TextRecord] = []  # replaced per instance; the class default stays empty

    def __init__(
        self, size: tuple[int, int], like: pygame.Surface | None = None, *, recording: bool = True
    ) -> None:
        if like is not None:
            super().__init__(size, 0, like)
        else:
            super().__init__(size)
        self.recording = recording
        self.records = []

    def begin_frame(self) -> None:
        """Forget the texts of the last frame (the app calls this before drawing one)."""
        self.records = []

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # type: ignore[no-untyped-def]
        """``Surface.blit``; a plain blit of a remembered text is recorded."""
        if not self.recording or area is not None or special_flags:
            return super().blit(source, dest, area, special_flags)
        spec = fonts.text_spec(source)
        if spec is None:
            return super().blit(source, dest)
        rect = _dest_rect(source, dest)
        if rect is None or rect.w * rect.h < MIN_AREA or not self.get_clip().contains(rect):
            return super().blit(source, dest)
        before = self.subsurface(rect).copy()
        drawn = super().blit(source, rect.topleft)
        if drawn == rect:
            self.records.append(TextRecord(rect, spec, _alpha(source), before, self._bytes(rect)))
        return drawn

    def _bytes(self, rect: pygame.Rect) -> bytes:
        """The raw pixels of ``rect`` (a copy's buffer: several times faster than ``tobytes``)."""
        return self.subsurface(rect).copy().get_buffer().raw

    def visible_records(self) -> list[TextRecord]:
        """The recorded texts nothing was drawn over since (in the order they were drawn)."""
        return [record for record, _pixels in self.visible_texts()]

    def visible_texts(self) -> list[tuple[TextRecord, pygame.Surface]]:
        """The visible records, each with a copy of its pixels now (to put back after scaling)."""
        out = []
        for record in self.records:
            pixels = self.subsurface(record.rect).copy()
            if pixels.get_buffer().raw == record.after:
                out.append((record, pixels))
        return out


def _dest_rect(source: pygame.Surface, dest: object) -> pygame.Rect | None:
    """Where ``source`` lands for a blit at ``dest`` (a point or a rect), or None if unclear."""
    try:
        if isinstance(dest, pygame.Rect):
            x, y = dest.x, dest.y
        else:
            x, y = int(dest[0]), int(dest[1])  # type: ignore[index]
    except (TypeError, IndexError, ValueError):
        return None
    return pygame.Rect(x, y, source.get_width(), source.get_height())


def _alpha(source: pygame.Surface) -> int:
    alpha = source.get_alpha()
    return 255 if alpha is None else int(alpha)


def scaled_rect(rect: pygame.Rect, scale: float, view: pygame.Rect) -> pygame.Rect:
    """``rect`` in logical pixels -> window pixels inside ``view`` (edges rounded, so neighbours meet)."""
    left, top = round(rect.left * scale), round(rect.top * scale)
    right, bottom = round(rect.right * scale), round(rect.bottom * scale)
    return pygame.Rect(view.x + left, view.y + top, max(1, right - left), max(1, bottom - top))


def scale_into(canvas: pygame.Surface, window: pygame.Surface, view: pygame.Rect) -> None:
    """Smoothscale ``canvas`` straight into the ``view`` part of ``window`` (no scaled copy to blit)."""
    try:
        pygame.transform.smoothscale(canvas, view.size, window.subsurface(view))
    except (ValueError, pygame.error):  # a view reaching past the window, a format smoothscale refuses
        window.blit(pygame.transform.smoothscale(canvas, view.size), view)


def present(
    canvas: pygame.Surface, window: pygame.Surface, scale: float, view: pygame.Rect
) -> list[pygame.Rect]:
    """Scale ``canvas`` into ``window`` at ``view``; visible texts drawn crisp at ``scale``.

    Returns the window rects where text was drawn crisp (empty when the canvas records nothing).
    """
    visible = canvas.visible_texts() if isinstance(canvas, TextCanvas) and canvas.recording else []
    visible = [
        (record, pixels) for record, pixels in visible if round(record.spec.size * scale) >= MIN_CRISP_PX
    ]
    if not visible:
        scale_into(canvas, window, view)
        return []
    for record, _pixels in reversed(visible):  # the frame as it was before those texts ...
        pygame.Surface.blit(canvas, record.before, record.rect)
    scale_into(canvas, window, view)
    for record, pixels in visible:  # ... and the logical frame put back as it was
        pygame.Surface.blit(canvas, pixels, record.rect)
    _keep_ink_of(scale)
    drawn = []
    for record, _pixels in visible:
        target = scaled_rect(record.rect, scale, view)
        image, (dx, dy) = crisp_ink(record.spec, scale, target.size)
        image.set_alpha(record.alpha)
        window.blit(image, (target.x + dx, target.y + dy))
        drawn.append(target)
    return drawn


_INK_SCALE: list[float] = []  # the scale crisp_ink holds lines for


def _keep_ink_of(scale: float) -> None:
    """Forget the crisp lines of another scale once the window's scale changes: they show again
    only if the window goes back to that very size, and every size a window passed through kept
    its own copy of every line (the monkey's resizes filled the budget with them)."""
    if [scale] != _INK_SCALE:
        crisp_ink.cache_clear()
        _INK_SCALE[:] = [scale]


# 1 MB: over 12,000 monkey events per table it renders 176-666 crisp lines for 169-506 distinct ones
# (1.2-2.3 MB of them, by a trace of the cache); a line is a scaled text render, well under 1 ms.
@surface_cache(max_bytes=1 * MB)
def crisp_ink(
    spec: fonts.TextSpec, scale: float, size: tuple[int, int]
) -> tuple[pygame.Surface, tuple[int, int]]:
    """The crisp rendering of ``spec`` fitted to ``size``, cut to the pixels that show (a line's
    box is mostly transparent margin above and below the glyphs), and where that part starts."""
    image = fonts.render_scaled(spec, scale, size)
    ink = image.get_bounding_rect()
    if ink.w == 0 or ink.h == 0:
        return image, (0, 0)
    return image.subsurface(ink).copy(), ink.topleft
