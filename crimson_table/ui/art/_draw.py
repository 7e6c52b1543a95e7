"""Private drawing kit: an anti-aliased pen in design units, gradients, noise and rotations.

Shapes are drawn on a supersampled canvas and smooth-scaled down once, which gives clean edges from
pygame's plain (aliased) primitives.  Every illustration is written in its own design units (a card is
120 x 168, an emblem 100 x 100), so the same code renders crisply at any scale.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import pygame

from .palette import Colour

Point = tuple[float, float]
AnyColour = tuple[int, int, int] | tuple[int, int, int, int]


class Pen:
    """Draws in design units onto a shared supersampled canvas.

    ``Pen.canvas(w, h, design_w)`` makes a canvas whose final size is ``w x h`` pixels and whose width
    spans ``design_w`` units.  ``pen.view(x, y, unit)`` returns a pen sharing the canvas whose origin is at
    design point ``(x, y)`` and whose unit is ``unit`` parent units (used to place emblems).
    """

    def __init__(
        self, surface: pygame.Surface, k: float, ox: float, oy: float, ss: int, size: tuple[int, int]
    ):
        self.surface = surface
        self.k = k
        self.ox = ox
        self.oy = oy
        self.ss = ss
        self.size = size

    @classmethod
    def canvas(cls, w: int, h: int, design_w: float, ss: int = 0) -> Pen:
        """A transparent canvas for a ``w x h`` result; ``ss`` = supersampling (0 picks by size)."""
        if ss <= 0:  # factors 2 and 4 only: pygame's smoothscale loses 2/255 of alpha at factor 3
            ss = 4 if max(w, h) <= 256 else 2
        surface = pygame.Surface((max(1, w * ss), max(1, h * ss)), pygame.SRCALPHA)
        return cls(surface, w * ss / design_w, 0.0, 0.0, ss, (w, h))

    def view(self, x: float, y: float, unit: float) -> Pen:
        """A pen whose point (0, 0) is this pen's ``(x, y)`` and whose unit is ``unit`` of this pen's."""
        return Pen(
            self.surface, self.k * unit, self.ox + x * self.k, self.oy + y * self.k, self.ss, self.size
        )

    def finish(self) -> pygame.Surface:
        """Scale the canvas down to its final size (the anti-aliasing step)."""
        if self.ss == 1:
            return self.surface.copy()
        return pygame.transform.smoothscale(self.surface, self.size)

    # -- coordinate helpers -------------------------------------------------------------------------
    def p(self, x: float, y: float) -> tuple[float, float]:
        """Design point to canvas pixels."""
        return (self.ox + x * self.k, self.oy + y * self.k)

    def pts(self, points: Iterable[Point]) -> list[tuple[float, float]]:
        """Design points to canvas pixels."""
        return [self.p(x, y) for x, y in points]

    def w(self, width: float) -> int:
        """A design width in canvas pixels (at least 1)."""
        return max(1, round(width * self.k))

    # -- primitives ---------------------------------------------------------------------------------
    def poly(
        self,
        points: Sequence[Point],
        fill: AnyColour | None = None,
        outline: AnyColour | None = None,
        width: float = 1.5,
    ) -> None:
        """A filled polygon with an optional round-jointed outline."""
        px = self.pts(points)
        if len(px) < 3:
            return
        if fill is not None:
            self._draw(lambda s, off: pygame.draw.polygon(s, fill, _shift(px, off)), fill, px, 0)
        if outline is not None:
            self.polyline(points, outline, width, closed=True)

    def polyline(
        self, points: Sequence[Point], colour: AnyColour, width: float, closed: bool = False
    ) -> None:
        """A thick line through points with round joins and caps."""
        px = self.pts(points)
        wpx = self.w(width)

        def paint(s: pygame.Surface, off: tuple[float, float]) -> None:
            shifted = _shift(px, off)
            if len(shifted) > 1:
                pygame.draw.lines(s, colour, closed, shifted, wpx)
            if wpx > 2:
                for q in shifted:
                    pygame.draw.circle(s, colour, q, wpx / 2)

        self._draw(paint, colour, px, wpx)

    def line(self, a: Point, b: Point, colour: AnyColour, width: float = 1.5) -> None:
        """A thick line with round caps."""
        self.polyline([a, b], colour, width)

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: AnyColour | None = None,
        outline: AnyColour | None = None,
        width: float = 1.5,
    ) -> None:
        """A circle, filled and/or outlined."""
        c = self.p(*centre)
        r = radius * self.k
        box = [(c[0] - r, c[1] - r), (c[0] + r, c[1] + r)]
        if fill is not None:
            self._draw(lambda s, off: pygame.draw.circle(s, fill, _shift([c], off)[0], r), fill, box, 0)
        if outline is not None:
            wpx = self.w(width)
            self._draw(
                lambda s, off: pygame.draw.circle(s, outline, _shift([c], off)[0], r + wpx / 2, wpx),
                outline,
                box,
                wpx,
            )

    def ellipse(
        self,
        rect: tuple[float, float, float, float],
        fill: AnyColour | None = None,
        outline: AnyColour | None = None,
        width: float = 1.5,
        angle: float = 0.0,
    ) -> None:
        """An ellipse in ``(x, y, w, h)``, optionally rotated by ``angle`` degrees about its centre."""
        x, y, w, h = rect
        cx, cy = x + w / 2, y + h / 2
        n = 48
        points = [
            (cx + w / 2 * math.cos(2 * math.pi * i / n), cy + h / 2 * math.sin(2 * math.pi * i / n))
            for i in range(n)
        ]
        if angle:
            points = rotate(points, angle, (cx, cy))
        self.poly(points, fill, outline, width)

    def rect(
        self,
        rect: tuple[float, float, float, float],
        fill: AnyColour | None = None,
        outline: AnyColour | None = None,
        width: float = 1.5,
        radius: float = 0.0,
    ) -> None:
        """An axis-aligned rectangle with optional rounded corners."""
        x0, y0 = self.p(rect[0], rect[1])
        r = pygame.Rect(round(x0), round(y0), round(rect[2] * self.k), round(rect[3] * self.k))
        rad = round(radius * self.k)
        if fill is not None:
            pygame.draw.rect(self.surface, fill, r, 0, rad)
        if outline is not None:
            pygame.draw.rect(self.surface, outline, r, self.w(width), rad)

    def arc(
        self, centre: Point, radius: float, start: float, end: float, colour: AnyColour, width: float = 1.5
    ) -> None:
        """An arc from ``start`` to ``end`` degrees (0 = right, counter-clockwise positive, y up)."""
        self.polyline(arc_points(centre, radius, start, end), colour, width)

    def erase_circle(self, centre: Point, radius: float) -> None:
        """Punch a fully transparent hole (for glyphs drawn on their own canvas)."""
        pygame.draw.circle(self.surface, (0, 0, 0, 0), self.p(*centre), radius * self.k)

    def vgradient(self, rect: tuple[float, float, float, float], top: Colour, bottom: Colour) -> None:
        """Fill a rectangle with a vertical gradient."""
        x0, y0 = self.p(rect[0], rect[1])
        x1, y1 = self.p(rect[0] + rect[2], rect[1] + rect[3])
        vgradient(
            self.surface, pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)), top, bottom
        )

    def _draw(
        self,
        paint: Callable[[pygame.Surface, tuple[float, float]], object],
        colour: AnyColour,
        points: Sequence[tuple[float, float]],
        pad: float,
    ) -> None:
        """Paint directly (opaque colours) or through a layer so translucent colours blend."""
        if len(colour) < 4 or colour[3] >= 255:
            paint(self.surface, (0.0, 0.0))
            return
        xs = [q[0] for q in points]
        ys = [q[1] for q in points]
        left, top = math.floor(min(xs) - pad - 2), math.floor(min(ys) - pad - 2)
        w, h = math.ceil(max(xs) + pad + 2) - left, math.ceil(max(ys) + pad + 2) - top
        layer = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        paint(layer, (-left, -top))
        self.surface.blit(layer, (left, top))


def _shift(points: Sequence[tuple[float, float]], off: tuple[float, float]) -> list[tuple[float, float]]:
    return [(x + off[0], y + off[1]) for x, y in points]


def arc_points(centre: Point, radius: float, start: float, end: float, steps: int = 0) -> list[Point]:
    """Points along an arc; angles in degrees, 0 = right, positive = counter-clockwise on screen."""
    steps = steps or max(6, int(abs(end - start) / 6))
    cx, cy = centre
    out: list[Point] = []
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        out.append((cx + radius * math.cos(a), cy - radius * math.sin(a)))
    return out


def rotate(points: Iterable[Point], degrees: float, centre: Point = (0.0, 0.0)) -> list[Point]:
    """Rotate points clockwise on screen by ``degrees`` about ``centre``."""
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def translate(points: Iterable[Point], dx: float, dy: float) -> list[Point]:
    """Move points by ``(dx, dy)``."""
    return [(x + dx, y + dy) for x, y in points]


def mirror_x(points: Iterable[Point], axis: float) -> list[Point]:
    """Mirror points about the vertical line ``x = axis``."""
    return [(2 * axis - x, y) for x, y in points]


def star_points(centre: Point, outer: float, inner: float, n: int, phase: float = -90.0) -> list[Point]:
    """An ``n``-pointed star (phase in degrees, -90 = first point straight up)."""
    cx, cy = centre
    out: list[Point] = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(phase + 180.0 * i / n)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def regular_polygon(centre: Point, radius: float, n: int, phase: float = -90.0) -> list[Point]:
    """A regular polygon's vertices (phase in degrees, -90 = first vertex straight up)."""
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(phase + 360.0 * i / n)),
            cy + radius * math.sin(math.radians(phase + 360.0 * i / n)),
        )
        for i in range(n)
    ]


def vgradient(surface: pygame.Surface, rect: pygame.Rect, top: Colour, bottom: Colour) -> None:
    """Fill ``rect`` of ``surface`` with a vertical gradient (one line per row)."""
    h = max(1, rect.height)
    for i in range(h):
        t = i / max(1, h - 1)
        colour = tuple(round(top[c] + (bottom[c] - top[c]) * t) for c in range(3))
        pygame.draw.line(surface, colour, (rect.left, rect.top + i), (rect.right - 1, rect.top + i))


def radial_gradient(
    size: tuple[int, int], centre: Colour, edge: Colour, power: float = 1.6
) -> pygame.Surface:
    """A radial gradient computed on a small grid and smooth-scaled up (fast and banding-free)."""
    w, h = size
    sw, sh = max(2, w // 8), max(2, h // 8)
    data = bytearray(sw * sh * 3)
    cx, cy = (sw - 1) / 2, (sh - 1) / 2
    rmax = math.hypot(cx, cy) or 1.0
    i = 0
    for y in range(sh):
        for x in range(sw):
            t = (math.hypot(x - cx, y - cy) / rmax) ** power
            data[i] = round(centre[0] + (edge[0] - centre[0]) * t)
            data[i + 1] = round(centre[1] + (edge[1] - centre[1]) * t)
            data[i + 2] = round(centre[2] + (edge[2] - centre[2]) * t)
            i += 3
    small = pygame.image.frombuffer(bytes(data), (sw, sh), "RGB")
    return pygame.transform.smoothscale(small, (w, h))


class Lcg:
    """Tiny deterministic generator for textures (never used by the engine)."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 12345) & 0xFFFFFFFF

    def next(self) -> float:
        """The next value in [0, 1)."""
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state / 4294967296.0

    def range(self, lo: float, hi: float) -> float:
        """The next value in [lo, hi)."""
        return lo + (hi - lo) * self.next()


@lru_cache(maxsize=16)
def noise_tiles(size: int, seed: int, strength: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Two grey noise tiles (to add and to subtract) that roughen flat colours without touching alpha."""
    rng = Lcg(seed)
    add = bytearray(size * size * 3)
    sub = bytearray(size * size * 3)
    for i in range(0, len(add), 3):
        v = rng.next() * 2.0 - 1.0
        amount = int(abs(v) ** 1.5 * strength)
        target = add if v > 0 else sub
        target[i] = target[i + 1] = target[i + 2] = amount
    return (
        pygame.image.frombuffer(bytes(add), (size, size), "RGB").copy(),
        pygame.image.frombuffer(bytes(sub), (size, size), "RGB").copy(),
    )


def grain(
    surface: pygame.Surface, seed: int = 1, strength: int = 10, rect: pygame.Rect | None = None
) -> None:
    """Add deterministic fine noise to ``rect`` of ``surface`` (alpha is left unchanged)."""
    add, sub = noise_tiles(64, seed, strength)
    area = rect or surface.get_rect()
    clip = surface.get_clip()
    surface.set_clip(area)
    for y in range(area.top, area.bottom, 64):
        for x in range(area.left, area.right, 64):
            surface.blit(add, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(sub, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    surface.set_clip(clip)


def rounded_mask(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A per-pixel-alpha copy of ``surface`` cut to a rounded rectangle (corners transparent)."""
    w, h = surface.get_size()
    if surface.get_flags() & pygame.SRCALPHA:
        out = surface.copy()
    else:
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.fill((0, 0, 0, 255))
        out.blit(surface, (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out
