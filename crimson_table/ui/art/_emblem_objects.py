"""Emblems of things (coins, weapons, seasons, buildings), drawn in a 100 x 100 design box.

Each function takes a ``Pen`` whose unit maps the box and draws a flat, ink-outlined illustration.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ._draw import Pen, Point, arc_points, mirror_x, regular_polygon, rotate, star_points, translate
from .palette import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    ICE,
    INK,
    LEAF,
    PARCHMENT,
    PARCHMENT_DARK,
    PARCHMENT_LIGHT,
    STEEL,
    STEEL_DARK,
    WOOD,
    WOOD_DARK,
    Colour,
    darken,
    lighten,
)

OUT = 2.4  # outline width in emblem units
BONE: Colour = (0xEC, 0xE4, 0xCE)
STONE_LIGHT: Colour = (0xC4, 0xBC, 0xAA)
STONE_SHADE: Colour = (0x9A, 0x92, 0x80)


def coin_face(pen: Pen, centre: Point, r: float) -> None:
    """One gold coin seen from the front, with a little crown stamp."""
    cx, cy = centre
    pen.circle(centre, r, GOLD_DARK, INK, OUT)
    pen.circle(centre, r * 0.86, GOLD)
    pen.arc(centre, r * 0.7, 100, 200, GOLD_LIGHT, r * 0.12)
    pen.circle(centre, r * 0.72, None, GOLD_DARK, r * 0.06)
    s = r / 28
    crown = [(-12, 6), (-14, -8), (-6, -1), (0, -12), (6, -1), (14, -8), (12, 6)]
    pen.poly([(cx + x * s, cy + y * s) for x, y in crown], GOLD_DARK)


def coin(pen: Pen) -> None:
    """A coin in front of a small stack."""
    for i in range(4):
        y = 80 - i * 7
        pen.ellipse((54, y, 38, 13), GOLD_DARK, INK, OUT)
        pen.ellipse((54, y - 3, 38, 13), GOLD, INK, OUT * 0.8)
    coin_face(pen, (40, 48), 30)


def sword(
    pen: Pen, centre: Point = (50, 50), length: float = 92, angle: float = 0.0, pivot: Point | None = None
) -> None:
    """An arming sword pointing up, rotated by ``angle`` degrees about ``pivot`` (default: ``centre``)."""
    cx, cy = centre
    s = length / 92
    turn_about = pivot or centre

    def tr(points: Sequence[Point]) -> list[Point]:
        return rotate([(cx + x * s, cy + y * s) for x, y in points], angle, turn_about)

    blade = [(0, -46), (6, -36), (6, 16), (-6, 16), (-6, -36)]
    pen.poly(tr(blade), STEEL)
    pen.poly(tr([(0, -46), (0, 16), (-6, 16), (-6, -36)]), lighten(STEEL, 0.45))
    pen.line(tr([(0, -32)])[0], tr([(0, 12)])[0], STEEL_DARK, 2.0 * s)
    pen.poly(tr(blade), None, INK, OUT * s)
    pen.poly(tr([(-21, 15), (21, 15), (23, 22), (-23, 22)]), GOLD, INK, OUT * s)
    pen.poly(tr([(-4, 22), (4, 22), (4, 38), (-4, 38)]), WOOD_DARK, INK, OUT * s)
    for y in (26, 30, 34):
        pen.line(tr([(-4, y)])[0], tr([(4, y + 2)])[0], darken(WOOD_DARK, 0.3), 1.2 * s)
    pen.circle(tr([(0, 42)])[0], 5.5 * s, GOLD, INK, OUT * s)


def crossed_swords(pen: Pen) -> None:
    """Two swords crossed in saltire."""
    sword(pen, (50, 54), 92, -42, (50, 40))
    sword(pen, (50, 54), 92, 42, (50, 40))


def shield_outline(x: float, y: float, w: float, h: float) -> list[Point]:
    """A heater shield: flat top, straight sides, curved to a point at the bottom."""
    pts: list[Point] = [(x, y), (x + w, y), (x + w, y + h * 0.42)]
    steps = 12
    for i in range(1, steps + 1):
        t = i / steps
        px = x + w - (w / 2) * (1 - math.cos(t * math.pi / 2))
        pts.append((px, y + h * 0.42 + h * 0.58 * math.sin(t * math.pi / 2)))
    right = pts[2:]
    left = mirror_x(list(reversed(right[:-1])), x + w / 2)
    return pts + left


def shield(pen: Pen, field: Colour = CRIMSON, charge: Colour = GOLD) -> None:
    """A heater shield with a chevron."""
    outer = shield_outline(18, 10, 64, 84)
    inner = shield_outline(23, 15, 54, 73)
    pen.poly(outer, GOLD, INK, OUT)
    pen.poly(inner, field)
    pen.poly([(23, 15), (50, 15), (50, 88), (36, 80), (26, 62), (23, 48)], lighten(field, 0.12))
    pen.poly([(25, 64), (50, 36), (75, 64), (75, 76), (50, 50), (25, 76)], charge, INK, OUT * 0.7)
    pen.poly(inner, None, darken(GOLD, 0.35), OUT * 0.6)


def skull(pen: Pen) -> None:
    """A skull over crossed bones."""
    for a, b in (((16, 84), (84, 30)), ((16, 30), (84, 84))):
        pen.line(a, b, INK, 12)
        pen.line(a, b, BONE, 7.5)
        for end in (a, b):
            dx = 4 if end[0] < 50 else -4
            pen.circle((end[0] + dx * 0.2, end[1] - 4), 5, BONE, INK, OUT * 0.8)
            pen.circle((end[0] - dx * 0.2, end[1] + 4), 5, BONE, INK, OUT * 0.8)
    cranium = arc_points((50, 42), 27, 200, -20)
    pen.poly(cranium + [(70, 66), (30, 66)], BONE, INK, OUT)
    pen.poly([(34, 60), (66, 60), (64, 78), (36, 78)], BONE, INK, OUT)
    pen.arc((50, 42), 21, 110, 170, PARCHMENT_LIGHT, 4)
    pen.ellipse((31, 40, 15, 15), INK)
    pen.ellipse((54, 40, 15, 15), INK)
    pen.poly([(50, 56), (46, 63), (54, 63)], INK)
    for x in (42, 48, 54):
        pen.line((x + 2, 68), (x + 2, 77), INK, 1.6)


def crown(pen: Pen, centre: Point = (50, 52), scale: float = 1.0, velvet: Colour = CRIMSON) -> None:
    """A royal crown with three tall points, jewels and a velvet cap."""
    cx, cy = centre

    def tr(points: Sequence[Point]) -> list[Point]:
        return [(cx + x * scale, cy + y * scale) for x, y in points]

    pen.poly(tr([(-26, 8), (-22, -22), (0, -30), (22, -22), (26, 8)]), velvet, INK, OUT * scale)
    body = [(-32, 22), (-36, -16), (-18, 0), (0, -30), (18, 0), (36, -16), (32, 22)]
    pen.poly(tr(body), GOLD)
    pen.poly(tr([(-32, 22), (-36, -16), (-18, 0), (0, -30), (0, 22)]), GOLD_LIGHT)
    pen.poly(tr(body), None, INK, OUT * scale)
    pen.poly(tr([(-33, 8), (33, 8), (32, 24), (-32, 24)]), GOLD_DARK, INK, OUT * scale)
    for x, y in ((-36, -18), (0, -33), (36, -18)):
        pen.circle((cx + x * scale, cy + y * scale), 4.5 * scale, GOLD_LIGHT, INK, OUT * scale * 0.8)
    gems = ((-20, 16, (0x2D, 0x5A, 0x9B)), (0, 16, CRIMSON), (20, 16, (0x1E, 0x8A, 0x5A)))
    for x, y, colour in gems:
        pen.ellipse(
            (cx + (x - 5) * scale, cy + (y - 4) * scale, 10 * scale, 8 * scale),
            colour,
            INK,
            OUT * scale * 0.6,
        )


def twin_crowns(pen: Pen) -> None:
    """Two crowns side by side, one blue-capped and one crimson-capped (Two Crowns)."""
    crown(pen, (31, 58), 0.74, (0x2D, 0x5A, 0x9B))
    crown(pen, (69, 58), 0.74, CRIMSON)
    pen.poly(star_points((50, 20), 11, 4.5, 4), GOLD_LIGHT, INK, OUT * 0.6)


def _crenels(pen: Pen, x: float, y: float, w: float, n: int, h: float, fill: Colour) -> None:
    """A row of ``n`` merlons on top of a wall starting at ``(x, y)``."""
    step = w / (2 * n - 1)
    for i in range(n):
        pen.rect((x + 2 * i * step, y - h, step, h + 1), fill, INK, OUT * 0.8)


def castle(pen: Pen, flag: Colour = CRIMSON) -> None:
    """A keep flanked by two towers, with a gate and a banner."""
    pen.line((50, 8), (50, 30), WOOD_DARK, 2.5)
    pen.poly([(50, 8), (68, 12), (50, 18)], flag, INK, OUT * 0.7)
    for x in (10, 68):
        pen.rect((x, 34, 22, 58), STONE_LIGHT, INK, OUT)
        pen.rect((x + 14, 36, 7, 55), STONE_SHADE)
        _crenels(pen, x - 1, 34, 24, 3, 7, STONE_LIGHT)
        pen.rect((x + 8, 50, 6, 10), INK, None, 0, 3)
    pen.rect((30, 44, 40, 48), PARCHMENT_DARK, INK, OUT)
    pen.rect((58, 46, 11, 45), STONE_SHADE)
    _crenels(pen, 30, 44, 40, 4, 7, PARCHMENT_DARK)
    pen.poly([(40, 92), (40, 72)] + arc_points((50, 72), 10, 180, 0) + [(60, 92)], WOOD_DARK, INK, OUT)
    for x in (44, 50, 56):
        pen.line((x, 66), (x, 91), darken(WOOD_DARK, 0.35), 1.2)
    pen.line((6, 93), (94, 93), INK, OUT)


def tower(pen: Pen, window: Colour = GOLD_LIGHT, flag: Colour = CRIMSON) -> None:
    """A tall keep tower with lit windows and a pennant."""
    pen.line((50, 4), (50, 22), WOOD_DARK, 2.5)
    pen.poly([(50, 4), (70, 9), (50, 14)], flag, INK, OUT * 0.7)
    pen.poly([(30, 94), (34, 30), (66, 30), (70, 94)], STONE_LIGHT, INK, OUT)
    pen.poly([(56, 30), (66, 30), (70, 94), (58, 94)], STONE_SHADE)
    pen.rect((26, 24, 48, 10), STONE_LIGHT, INK, OUT)
    _crenels(pen, 26, 24, 48, 4, 7, STONE_LIGHT)
    for y in (40, 52, 66, 80):
        pen.line((33, y), (67, y), darken(STONE_SHADE, 0.15), 1.0)
    for wx, wy in ((44, 40), (44, 60)):
        pen.poly(
            [(wx, wy + 12), (wx, wy + 4)] + arc_points((wx + 6, wy + 4), 6, 180, 0) + [(wx + 12, wy + 12)],
            window,
            INK,
            OUT * 0.8,
        )
    pen.poly([(42, 94), (42, 84)] + arc_points((50, 84), 8, 180, 0) + [(58, 94)], WOOD_DARK, INK, OUT)
    pen.line((20, 94), (80, 94), INK, OUT)


def catapult(pen: Pen) -> None:
    """A wooden catapult with a stone in its cup."""
    pen.line((52, 66), (20, 24), INK, 9)
    pen.line((52, 66), (20, 24), WOOD, 5.5)
    pen.ellipse((8, 14, 20, 12), WOOD_DARK, INK, OUT, angle=-35)
    pen.circle((17, 13), 8, STONE_SHADE, INK, OUT)
    pen.circle((15, 11), 3, STONE_LIGHT)
    for a, b in (((40, 72), (56, 34)), ((72, 72), (56, 34))):
        pen.line(a, b, INK, 9)
        pen.line(a, b, WOOD, 5.5)
    pen.line((47, 38), (64, 38), INK, 8)
    pen.line((47, 38), (64, 38), WOOD_DARK, 4.5)
    pen.line((56, 40), (36, 44), (0xD9, 0xC2, 0x8E), 1.6)
    pen.rect((10, 66, 80, 10), WOOD, INK, OUT, 2)
    pen.line((12, 71), (88, 71), darken(WOOD, 0.25), 1.0)
    for x in (24, 76):
        pen.circle((x, 82), 11, WOOD_DARK, INK, OUT)
        pen.circle((x, 82), 7, None, darken(WOOD_DARK, 0.35), 1.2)
        for k in range(4):
            spoke = math.radians(45 * k)
            pen.line(
                (x - 9 * math.cos(spoke), 82 - 9 * math.sin(spoke)),
                (x + 9 * math.cos(spoke), 82 + 9 * math.sin(spoke)),
                darken(WOOD_DARK, 0.3),
                1.2,
            )
        pen.circle((x, 82), 3, GOLD, INK, 1.0)


def potion(pen: Pen, liquid: Colour = CRIMSON) -> None:
    """A round-bottomed flask of glowing liquid with a cork."""
    glass = (0xD9, 0xEC, 0xEE)
    pen.rect((41, 16, 18, 26), glass, INK, OUT)
    pen.circle((50, 62), 30, glass, INK, OUT)
    surface_y = 54
    seg = [(x, y) for x, y in arc_points((50, 62), 27.5, 0, -180, 40) if y >= surface_y - 0.1]
    pen.poly(
        [(50 + math.sqrt(27.5**2 - 8**2), surface_y)] + seg + [(50 - math.sqrt(27.5**2 - 8**2), surface_y)],
        liquid,
    )
    pen.ellipse((24, surface_y - 3, 52, 6), lighten(liquid, 0.3))
    pen.rect((41, 16, 18, 26), None, INK, OUT)
    pen.arc((50, 62), 22, 110, 160, (255, 255, 255), 4)
    for bx, by, br in ((42, 70, 3.5), (56, 66, 2.5), (50, 78, 2.0)):
        pen.circle((bx, by), br, lighten(liquid, 0.5))
    pen.rect((38, 12, 24, 7), glass, INK, OUT, 2)
    pen.rect((43, 2, 14, 12), WOOD, INK, OUT, 2)
    for sx, sy, sr in ((70, 22, 3), (78, 12, 2), (66, 8, 1.6)):
        pen.poly(star_points((sx, sy), sr * 2, sr * 0.6, 4), GOLD_LIGHT)


def scroll(pen: Pen) -> None:
    """A parchment scroll with writing and a wax seal."""
    pen.poly([(20, 22), (80, 22), (80, 80), (20, 80)], PARCHMENT_LIGHT, INK, OUT)
    pen.poly([(62, 22), (80, 22), (80, 80), (62, 80)], PARCHMENT)
    pen.poly([(20, 22), (80, 22), (80, 80), (20, 80)], None, INK, OUT)
    for y, x1 in ((34, 72), (42, 68), (50, 72), (58, 60), (66, 50)):
        pen.line((28, y), (x1, y), (0x5A, 0x4A, 0x38), 2.0)
    for y in (16, 80):
        pen.rect((12, y, 76, 10), PARCHMENT_DARK, INK, OUT, 5)
        pen.ellipse((8, y - 1, 10, 12), PARCHMENT, INK, OUT)
        pen.ellipse((82, y - 1, 10, 12), PARCHMENT, INK, OUT)
    pen.poly([(66, 76), (62, 96), (68, 91), (72, 96), (72, 78)], CRIMSON_DARK, INK, OUT * 0.7)
    pen.poly(regular_polygon((70, 72), 10, 12), CRIMSON, INK, OUT)
    pen.circle((70, 72), 5.5, None, CRIMSON_DARK, 1.6)


def white_flag(pen: Pen) -> None:
    """A white flag of surrender on a pole."""
    pen.line((26, 10), (26, 96), INK, 7)
    pen.line((26, 10), (26, 96), WOOD, 4)
    pen.circle((26, 8), 5, GOLD, INK, OUT * 0.8)
    top = [(28, 14), (44, 9), (60, 16), (76, 11), (90, 16)]
    bottom = [(90, 54), (76, 49), (60, 56), (44, 49), (28, 54)]
    cloth = (0xF8, 0xF6, 0xEE)
    pen.poly(top + bottom, cloth, INK, OUT)
    pen.poly([(44, 9), (60, 16), (60, 56), (44, 49)], (0xDD, 0xD9, 0xCC))
    pen.poly([(76, 11), (90, 16), (90, 54), (76, 49)], (0xE6, 0xE2, 0xD6))
    pen.poly(top + bottom, None, INK, OUT)


def snowflake(pen: Pen) -> None:
    """A six-armed snowflake."""
    frost = (0x5A, 0x8F, 0xB8)
    for colour, w in ((frost, 9.0), (ICE, 5.0)):
        for k in range(6):
            a = math.radians(60 * k - 90)
            ux, uy = math.cos(a), math.sin(a)
            pen.line((50, 50), (50 + 42 * ux, 50 + 42 * uy), colour, w)
            for d, length in ((18, 12), (30, 9)):
                bx, by = 50 + d * ux, 50 + d * uy
                for turn in (-50, 50):
                    b = a + math.radians(turn)
                    pen.line(
                        (bx, by), (bx + length * math.cos(b), by + length * math.sin(b)), colour, w * 0.8
                    )
    pen.poly(regular_polygon((50, 50), 9, 6), (255, 255, 255), frost, 2.0)


def blossom(pen: Pen) -> None:
    """A spring blossom on a leafy stem under a small sun."""
    pen.circle((80, 20), 10, GOLD_LIGHT, GOLD, 1.5)
    for k in range(8):
        a = math.radians(45 * k)
        pen.line(
            (80 + 13 * math.cos(a), 20 + 13 * math.sin(a)),
            (80 + 18 * math.cos(a), 20 + 18 * math.sin(a)),
            GOLD,
            2.2,
        )
    pen.polyline([(46, 96), (44, 80), (47, 64), (46, 52)], INK, 6)
    pen.polyline([(46, 96), (44, 80), (47, 64), (46, 52)], LEAF, 3)
    pen.ellipse((46, 68, 26, 11), LEAF, INK, OUT, angle=-30)
    pen.ellipse((20, 76, 24, 10), LEAF, INK, OUT, angle=25)
    petal = (0xF4, 0xA9, 0xC4)
    for k in range(5):
        a = -90 + 72 * k
        cx = 46 + 15 * math.cos(math.radians(a))
        cy = 40 + 15 * math.sin(math.radians(a))
        pen.ellipse((cx - 11, cy - 8, 22, 16), petal, INK, OUT, angle=a)
    for k in range(5):
        a = -90 + 72 * k
        cx = 46 + 15 * math.cos(math.radians(a))
        cy = 40 + 15 * math.sin(math.radians(a))
        pen.ellipse((cx - 6, cy - 3, 12, 6), lighten(petal, 0.45), None, 0, angle=a)
    pen.circle((46, 40), 7, GOLD, INK, OUT)
    pen.circle((44, 38), 2.5, GOLD_LIGHT)


def drum(pen: Pen) -> None:
    """A field drum with crossed drumsticks."""
    for a, b in (((16, 6), (60, 44)), ((84, 6), (40, 44))):
        pen.line(a, b, INK, 6)
        pen.line(a, b, (0xD8, 0xB0, 0x78), 3)
        pen.circle(a, 4.5, WOOD_DARK, INK, OUT * 0.8)
    pen.rect((18, 44, 64, 40), CRIMSON, INK, OUT)
    pen.rect((18, 44, 16, 40), lighten(CRIMSON, 0.15))
    pen.rect((18, 44, 64, 40), None, INK, OUT)
    zig: list[Point] = []
    for i in range(9):
        zig.append((18 + i * 8, 50 if i % 2 == 0 else 78))
    pen.polyline(zig, GOLD_LIGHT, 2.4)
    for y in (44, 84):
        pen.ellipse((16, y - 6, 68, 12), GOLD, INK, OUT)
    pen.ellipse((19, 35, 62, 9), PARCHMENT_LIGHT, INK, OUT * 0.7)


def mitre(pen: Pen) -> None:
    """A bishop's mitre in front of a golden crozier."""
    pen.line((80, 96), (80, 28), INK, 7)
    pen.line((80, 96), (80, 28), GOLD, 4)
    hook = arc_points((72, 26), 8, 0, 250, 24)
    pen.polyline(hook, INK, 7)
    pen.polyline(hook, GOLD, 4)
    for x in (36, 56):
        pen.poly([(x, 76), (x + 8, 76), (x + 9, 96), (x - 1, 96)], CRIMSON, INK, OUT)
        pen.line((x - 0.5, 92), (x + 8.5, 92), GOLD, 1.6)
    left = [(28, 80), (27, 48), (31, 30), (40, 18), (48, 8)]
    right = mirror_x(left[::-1], 50)
    body = left + [(50, 6)] + right
    cream = (0xF7, 0xF2, 0xE2)
    pen.poly(body, cream)
    pen.poly([(28, 80), (27, 48), (31, 30), (40, 18), (48, 8), (50, 6), (50, 80)], PARCHMENT_LIGHT)
    pen.poly([(45, 10), (55, 10), (55, 80), (45, 80)], GOLD)
    pen.poly([(27, 68), (73, 68), (73, 80), (27, 80)], GOLD)
    pen.poly(body, None, INK, OUT)
    pen.line((50, 26), (50, 52), CRIMSON, 4)
    pen.line((41, 35), (59, 35), CRIMSON, 4)
    for x in (34, 42, 50, 58, 66):
        pen.circle((x, 74), 1.8, CRIMSON)


def generic(pen: Pen) -> None:
    """A heraldic rosette: an eight-pointed gold star on a crimson roundel."""
    pen.poly(star_points((50, 50), 44, 20, 8, -90), GOLD, INK, OUT)
    pen.poly(star_points((50, 50), 44, 20, 8, -90)[::2] + [(50, 50)], GOLD_LIGHT)
    pen.poly(star_points((50, 50), 44, 20, 8, -90), None, INK, OUT)
    pen.circle((50, 50), 16, CRIMSON, INK, OUT)
    pen.circle((50, 50), 7, GOLD_LIGHT, INK, OUT * 0.7)


def cross(pen: Pen, colour: Colour = CRIMSON, field: Colour | None = None) -> None:
    """A crusader's cross pattee (arms flaring to the ends)."""
    if field is not None:
        pen.poly(shield_outline(16, 8, 68, 88), field, INK, OUT)
    arm: list[Point] = [(-11, -40), (11, -40), (6, -6)]
    points: list[Point] = []
    for k in range(4):
        points += rotate(arm, 90 * k)
    pen.poly(translate(points, 50, 50), colour, INK, OUT)
    pen.poly(translate([(-11, -40), (0, -40), (0, 0), (-6, -6)], 50, 50), lighten(colour, 0.18))
    pen.poly(translate(points, 50, 50), None, INK, OUT)


def axe(pen: Pen) -> None:
    """A bearded battle axe, tilted."""

    def tilt(points: Sequence[Point]) -> list[Point]:
        return rotate(points, 24, (50, 50))

    pen.polyline(tilt([(44, 6), (44, 96)]), INK, 9)
    pen.polyline(tilt([(44, 6), (44, 96)]), WOOD, 5.5)
    for y in (72, 78, 84):
        pen.line(tilt([(40, y)])[0], tilt([(48, y + 3)])[0], WOOD_DARK, 1.4)
    blade = [(48, 16), (62, 14)] + arc_points((58, 34), 26, 60, -62, 14) + [(62, 52), (48, 42)]
    pen.poly(tilt(blade), STEEL, INK, OUT)
    pen.polyline(tilt(arc_points((58, 34), 21, 55, -55, 12)), lighten(STEEL, 0.5), 3)
    pen.poly(tilt([(40, 22), (26, 29), (40, 36)]), STEEL_DARK, INK, OUT)
    pen.poly(tilt([(39, 14), (49, 14), (49, 44), (39, 44)]), STEEL_DARK, INK, OUT)
    pen.circle(tilt([(44, 6)])[0], 4, GOLD, INK, OUT * 0.7)


def banner(pen: Pen, field: Colour = CRIMSON) -> None:
    """A swallow-tailed war banner on a lance."""
    pen.line((30, 4), (30, 96), INK, 7)
    pen.line((30, 4), (30, 96), WOOD, 4)
    pen.poly([(30, 2), (26, 10), (34, 10)], STEEL, INK, OUT * 0.7)
    flag = [(32, 14), (84, 14), (84, 70), (70, 60), (58, 72), (58, 62), (32, 62)]
    pen.poly(flag, field, INK, OUT)
    pen.poly([(32, 14), (50, 14), (50, 62), (32, 62)], lighten(field, 0.12))
    pen.poly(star_points((55, 36), 13, 5.5, 5), GOLD, INK, OUT * 0.7)
    pen.poly(flag, None, INK, OUT)
