"""Emblems of people and creatures, drawn in a 100 x 100 design box with flat colours and ink outlines."""

from __future__ import annotations

import math

from ._draw import Pen, arc_points, mirror_x, star_points
from ._emblem_objects import OUT, sword
from .palette import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT_LIGHT,
    SKIN,
    STEEL,
    STEEL_DARK,
    WOOD,
    WOOD_DARK,
    Colour,
    darken,
    lighten,
)

SKIN_SHADE = darken(SKIN, 0.15)
ROYAL = (0x2D, 0x5A, 0x9B)


def _shoulders(pen: Pen, tunic: Colour, top: float = 68) -> None:
    """Shoulders and chest of a portrait bust, cut flat at the bottom."""
    pts = [(14, 98), (16, 84), (24, top + 6), (38, top), (62, top), (76, top + 6), (84, 84), (86, 98)]
    pen.poly(pts, tunic, INK, OUT)
    pen.poly([(16, 84), (24, top + 6), (38, top), (44, top), (32, 98), (14, 98)], lighten(tunic, 0.12))
    pen.poly(pts, None, INK, OUT)


def _head(pen: Pen, cx: float = 50, cy: float = 44, w: float = 26, h: float = 32) -> None:
    """Neck, ears and an oval head."""
    pen.rect((cx - 6, cy + h / 2 - 6, 12, 14), SKIN_SHADE, INK, OUT)
    pen.ellipse((cx - w / 2 - 3, cy - 3, 7, 10), SKIN, INK, OUT * 0.8)
    pen.ellipse((cx + w / 2 - 4, cy - 3, 7, 10), SKIN, INK, OUT * 0.8)
    pen.ellipse((cx - w / 2, cy - h / 2, w, h), SKIN, INK, OUT)


def _face(pen: Pen, cx: float = 50, cy: float = 46, smile: bool = False) -> None:
    """Eyes, brows, nose and mouth."""
    for dx in (-6, 6):
        pen.circle((cx + dx, cy - 3), 1.8, INK)
        pen.line((cx + dx - 3.5, cy - 7.5), (cx + dx + 3.5, cy - 7 + (1 if dx < 0 else -1) * 0.5), INK, 1.4)
    pen.polyline([(cx, cy - 2), (cx - 2, cy + 4), (cx + 1, cy + 5)], darken(SKIN, 0.4), 1.3)
    if smile:
        pen.polyline(arc_points((cx, cy + 5), 5, 200, 340, 8), CRIMSON_DARK, 1.5)
    else:
        pen.line((cx - 4, cy + 10), (cx + 4, cy + 10), CRIMSON_DARK, 1.5)


def knight(pen: Pen) -> None:
    """A great helm with a gold cross and a crimson plume."""
    plume = [(48, 24), (42, 12), (48, 4), (62, 2), (76, 8), (84, 20), (72, 14), (62, 15), (56, 24)]
    pen.poly(plume, CRIMSON, INK, OUT)
    pen.polyline([(50, 20), (52, 9), (64, 6), (76, 12)], lighten(CRIMSON, 0.3), 2)
    dome = arc_points((50, 44), 24, 180, 0, 24)
    helm = dome + [(74, 80), (78, 90), (22, 90), (26, 80)]
    pen.poly(helm, STEEL)
    pen.poly([(26, 44), (30, 30), (40, 22), (40, 86), (26, 82)], lighten(STEEL, 0.35))
    pen.poly([(62, 22), (72, 32), (74, 80), (77, 88), (62, 88)], STEEL_DARK)
    pen.poly([(22, 84), (78, 84), (79, 92), (21, 92)], darken(STEEL, 0.15))
    pen.poly(helm, None, INK, OUT)
    pen.rect((46, 20.5, 8, 70), GOLD, INK, OUT * 0.7)
    pen.rect((26.5, 43, 47, 6), GOLD, INK, OUT * 0.7)
    pen.rect((29, 52, 15, 6), INK, None, 0, 2)
    pen.rect((56, 52, 15, 6), INK, None, 0, 2)
    for x in (60, 65, 70):
        for y in (66, 72):
            pen.circle((x - 1, y), 1.4, INK)
    pen.circle((50, 46), 3, GOLD_LIGHT, INK, 1.0)


def feint(pen: Pen) -> None:
    """A rapier behind a crimson domino mask: a trick in battle."""
    pen.line((18, 90), (86, 8), INK, 5.5)
    pen.line((18, 90), (86, 8), STEEL, 3)
    pen.polyline(arc_points((22, 84), 9, 100, 350, 18), GOLD, 2.2)
    pen.circle((17, 91), 3.5, GOLD, INK, 1)
    for side in (1, -1):
        tail = [(12, 46), (4, 60), (8, 74), (14, 62), (18, 52)]
        pen.poly(tail if side == 1 else mirror_x(tail, 50), CRIMSON_DARK, INK, OUT * 0.8)
    half = [
        (50, 44),
        (44, 38),
        (34, 34),
        (20, 36),
        (11, 44),
        (14, 56),
        (22, 64),
        (36, 66),
        (46, 60),
        (50, 56),
    ]
    mask = half + mirror_x(half[::-1], 50)[1:-1]
    pen.poly(mask, CRIMSON)
    pen.poly([(11, 44), (20, 36), (34, 34), (44, 38), (50, 44), (50, 48), (14, 50)], lighten(CRIMSON, 0.2))
    pen.poly(mask, None, INK, OUT)
    for x in (23, 55):
        pen.ellipse((x, 43, 22, 11), INK)
    pen.polyline(half[1:5], GOLD, 1.6)
    pen.polyline(mirror_x(half[1:5], 50), GOLD, 1.6)
    pen.poly(star_points((50, 30), 5, 2, 4), GOLD_LIGHT)


def vassal(pen: Pen) -> None:
    """A man-at-arms in a kettle hat, in his lord's tabard, holding the lord's banner."""
    pen.line((82, 8), (82, 98), INK, 6)
    pen.line((82, 8), (82, 98), WOOD, 3.2)
    pen.poly([(84, 10), (98, 10), (94, 18), (98, 26), (84, 26)], ROYAL, INK, OUT * 0.8)
    _shoulders(pen, ROYAL)
    pen.poly([(30, 98), (50, 78), (70, 98), (62, 98), (50, 88), (38, 98)], GOLD, INK, OUT * 0.7)
    _head(pen, 50, 46)
    _face(pen, 50, 49)
    pen.poly(arc_points((50, 36), 16, 180, 0, 16), STEEL, INK, OUT)
    pen.ellipse((24, 31, 52, 10), STEEL, INK, OUT)
    pen.arc((50, 36), 12, 150, 100, lighten(STEEL, 0.5), 2.5)


def mercenary(pen: Pen) -> None:
    """A moustached pikeman in a crested morion and breastplate."""
    pen.line((16, 12), (16, 98), INK, 6)
    pen.line((16, 12), (16, 98), WOOD, 3.2)
    pen.poly([(16, 0), (11, 14), (21, 14)], STEEL, INK, OUT * 0.8)
    pen.poly([(10, 18), (22, 18), (20, 22), (12, 22)], CRIMSON, INK, OUT * 0.6)
    _shoulders(pen, CRIMSON_DARK)
    cuirass = [(30, 98), (32, 78), (42, 70), (58, 70), (68, 78), (70, 98)]
    pen.poly(cuirass, STEEL, INK, OUT)
    pen.poly([(32, 78), (42, 70), (48, 70), (42, 98), (30, 98)], lighten(STEEL, 0.35))
    pen.line((50, 72), (50, 97), STEEL_DARK, 1.6)
    pen.poly(cuirass, None, INK, OUT)
    _head(pen, 50, 47)
    _face(pen, 50, 50)
    pen.poly(
        [(50, 56), (42, 59), (38, 57), (42, 61), (50, 59), (58, 61), (62, 57), (58, 59)], (0x4A, 0x30, 0x1E)
    )
    comb = arc_points((50, 30), 10, 180, 0, 12)
    pen.poly(comb, STEEL, INK, OUT)
    pen.poly(arc_points((50, 36), 15, 180, 0, 16), STEEL, INK, OUT)
    brim = [
        (18, 28),
        (30, 36),
        (50, 38),
        (70, 36),
        (82, 28),
        (78, 38),
        (64, 43),
        (50, 44),
        (36, 43),
        (22, 38),
    ]
    pen.poly(brim, STEEL, INK, OUT)
    pen.polyline([(26, 35), (36, 40), (50, 41)], lighten(STEEL, 0.5), 1.8)
    pen.polyline(arc_points((50, 36), 11, 160, 110, 6), lighten(STEEL, 0.5), 2)


def heroine(pen: Pen) -> None:
    """A heroine with flowing hair and a gold circlet, sword raised."""
    hair = (0x9C, 0x4A, 0x1E)
    pen.poly(
        [(30, 40), (34, 22), (50, 16), (66, 22), (70, 40), (74, 74), (64, 80), (50, 70), (36, 80), (26, 74)],
        hair,
        INK,
        OUT,
    )
    _shoulders(pen, STEEL)
    pen.poly([(38, 98), (40, 76), (60, 76), (62, 98)], (0xF4, 0xEE, 0xDE), INK, OUT * 0.8)
    pen.line((50, 80), (50, 96), CRIMSON, 3)
    pen.line((43, 86), (57, 86), CRIMSON, 3)
    for x in (22, 78):
        pen.ellipse((x - 10, 68, 20, 14), lighten(STEEL, 0.1), INK, OUT)
    _head(pen, 50, 45, 25, 31)
    _face(pen, 50, 48, smile=True)
    pen.poly([(36, 38), (40, 26), (52, 22), (64, 30), (62, 36), (52, 30), (44, 34)], hair)
    pen.polyline(arc_points((50, 48), 13.5, 160, 20, 14), GOLD, 2.6)
    pen.poly([(50, 30), (47, 35), (50, 39), (53, 35)], CRIMSON, INK, 0.8)
    sword(pen, (81, 50), 74, 0)


def courtesan(pen: Pen) -> None:
    """An elegant lady with an upswept coiffure, pearls and a painted fan."""
    hair = (0x3A, 0x24, 0x1A)
    plume = (0xF6, 0xD6, 0xE2)
    pen.ellipse((56, 2, 30, 11), plume, INK, OUT * 0.7, angle=-28)
    pen.polyline([(58, 18), (68, 11), (82, 4)], (0xC8, 0x7A, 0x9A), 1.4)
    pen.circle((50, 18), 12, hair, INK, OUT)
    _shoulders(pen, (0x7A, 0x1E, 0x5A), 70)
    pen.poly([(36, 70), (50, 90), (64, 70)], SKIN, INK, OUT * 0.8)
    _head(pen, 50, 46, 25, 31)
    _face(pen, 50, 49, smile=True)
    pen.poly([(37, 42), (38, 30), (50, 26), (62, 30), (63, 42), (56, 34), (44, 34)], hair, INK, OUT * 0.8)
    for x in (36, 64):
        pen.circle((x, 53), 2.2, PARCHMENT_LIGHT, INK, 0.8)
    for px, py in arc_points((50, 62), 16, 205, 335, 9):
        pen.circle((px, py), 2.0, (0xFA, 0xF6, 0xEC), INK, 0.6)
    pen.circle((57, 53), 0.9, INK)
    fan_centre = (74, 92)
    ribs = arc_points(fan_centre, 28, 70, 170, 9)
    pen.poly([fan_centre] + ribs, CRIMSON, INK, OUT)
    for i, (rx, ry) in enumerate(ribs):
        if i % 2 == 0:
            nxt = ribs[min(i + 1, len(ribs) - 1)]
            pen.poly([fan_centre, (rx, ry), nxt], lighten(CRIMSON, 0.25))
    for rx, ry in ribs:
        pen.line(fan_centre, (rx, ry), GOLD_DARK, 1.0)
    pen.polyline(arc_points(fan_centre, 26, 70, 170, 12), GOLD, 1.6)
    pen.poly([fan_centre] + ribs, None, INK, OUT)


def scarecrow(pen: Pen) -> None:
    """A grinning scarecrow with a straw hat on its pole."""
    straw = (0xE2, 0xC0, 0x5A)
    pen.line((50, 40), (50, 98), INK, 7)
    pen.line((50, 40), (50, 98), WOOD, 4)
    pen.line((8, 52), (92, 52), INK, 7)
    pen.line((8, 52), (92, 52), WOOD, 4)
    for x, sign in ((14, -1), (86, 1)):
        for k in range(-2, 3):
            pen.line((x, 54), (x + sign * 9, 54 + k * 4), (0xB8, 0x96, 0x3A), 1.8)
    shirt = [(18, 48), (82, 48), (80, 58), (66, 58), (68, 86), (32, 86), (34, 58), (20, 58)]
    pen.poly(shirt, (0x8C, 0x4A, 0x3A), INK, OUT)
    for x in (26, 40, 56, 72):
        pen.line((x, 49), (x, 57 if x in (26, 72) else 85), (0x6A, 0x34, 0x28), 1.4)
    pen.rect((52, 66, 11, 11), (0x5C, 0x7A, 0x4A), INK, OUT * 0.7)
    for k in range(-2, 3):
        pen.line((50 + k * 4, 86), (50 + k * 5, 94), straw, 1.8)
    pen.circle((50, 32), 15, (0xC9, 0xA8, 0x6E), INK, OUT)
    for dx in (-6, 6):
        pen.line((50 + dx - 3, 26), (50 + dx + 3, 32), INK, 1.8)
        pen.line((50 + dx + 3, 26), (50 + dx - 3, 32), INK, 1.8)
    grin = arc_points((50, 32), 8, 210, 330, 8)
    pen.polyline(grin, INK, 1.6)
    for gx, gy in grin[1:-1:2]:
        pen.line((gx, gy - 2), (gx, gy + 2), INK, 1.2)
    pen.poly([(38, 20), (40, 6), (60, 6), (62, 20)], straw, INK, OUT)
    pen.rect((39, 14, 22, 5), CRIMSON, INK, OUT * 0.6)
    pen.ellipse((22, 17, 56, 9), straw, INK, OUT)


def dragon(pen: Pen) -> None:
    """A crimson dragon's head in profile, breathing a tongue of fire."""
    scale = (0xB2, 0x2A, 0x2A)
    belly = (0xE8, 0xB8, 0x6E)
    horn_c = (0xEC, 0xE4, 0xCE)
    for hx, hy in ((0, 0), (10, 2)):
        horn = [
            (36 + hx, 34 + hy),
            (24 + hx, 16 + hy),
            (10 + hx, 4 + hy),
            (22 + hx, 8 + hy),
            (36 + hx, 18 + hy),
            (48 + hx, 30 + hy),
        ]
        pen.poly(horn, horn_c, INK, OUT * 0.8)
    for base_a, tip, base_b in (
        ((31, 44), (16, 46), (28, 56)),
        ((26, 64), (11, 70), (24, 76)),
        ((24, 82), (9, 88), (22.5, 94)),
    ):
        pen.poly([base_a, tip, base_b], darken(scale, 0.25), INK, OUT * 0.7)
    flame = [(86, 55), (94, 50), (100, 44), (98, 52), (100, 58), (94, 60), (99, 66), (90, 63), (84, 60)]
    pen.poly(flame, (0xF0, 0x8A, 0x24), INK, OUT * 0.6)
    pen.poly([(88, 56), (95, 53), (94, 58), (96, 62), (88, 59)], GOLD_LIGHT)
    head = [
        (22, 98),
        (26, 62),
        (34, 40),
        (44, 30),
        (58, 28),
        (72, 33),
        (84, 38),
        (90, 44),
        (89, 51),
        (78, 53),
        (64, 54),
        (82, 59),
        (78, 65),
        (60, 70),
        (50, 76),
        (48, 98),
    ]
    pen.poly(head, scale)
    pen.poly([(48, 98), (50, 76), (60, 70), (62, 74), (56, 98)], belly)
    pen.poly([(34, 40), (44, 30), (58, 28), (72, 33), (60, 36), (42, 42)], lighten(scale, 0.2))
    pen.poly(head, None, INK, OUT)
    for y in (80, 87, 94):
        pen.line((49, y), (57, y - 2), darken(belly, 0.3), 1.2)
    for tx in (67, 73, 79):
        pen.poly([(tx, 53.5), (tx + 3, 53.5), (tx + 1.5, 58)], (255, 255, 255), INK, 0.6)
    pen.ellipse((52, 34, 12, 8), GOLD_LIGHT, INK, OUT * 0.7)
    pen.line((58, 35), (58, 41), INK, 1.8)
    pen.polyline([(48, 35), (57, 31), (68, 35)], INK, 2.4)
    pen.circle((83, 42), 1.6, INK)
    pen.polyline([(64, 54), (57, 50)], INK, 1.4)


def ogre(pen: Pen) -> None:
    """A scowling green ogre with tusks."""
    green = (0x7E, 0x9E, 0x4A)
    for x in (8, 76):
        pen.ellipse((x, 36, 16, 22), green, INK, OUT)
        pen.ellipse((x + 4, 41, 8, 12), darken(green, 0.2))
    face = [(28, 14), (50, 8), (72, 14), (84, 36), (86, 62), (76, 84), (50, 94), (24, 84), (14, 62), (16, 36)]
    pen.poly(face, green)
    pen.poly([(28, 14), (50, 8), (50, 94), (24, 84), (14, 62), (16, 36)], lighten(green, 0.12))
    pen.poly(face, None, INK, OUT)
    pen.poly(
        [(22, 36), (50, 30), (78, 36), (76, 44), (50, 40), (24, 44)], darken(green, 0.25), INK, OUT * 0.7
    )
    for x in (36, 64):
        pen.ellipse((x - 6, 44, 12, 8), (0xF2, 0xE6, 0x9A), INK, OUT * 0.7)
        pen.circle((x, 48), 2.2, INK)
    pen.poly([(44, 50), (50, 48), (56, 50), (60, 62), (40, 62)], darken(green, 0.12), INK, OUT * 0.8)
    pen.circle((45, 60), 1.6, INK)
    pen.circle((55, 60), 1.6, INK)
    mouth = [(30, 70), (70, 70), (66, 80), (34, 80)]
    pen.poly(mouth, (0x4A, 0x1A, 0x1A), INK, OUT)
    for x in (34, 60):
        pen.poly([(x, 80), (x + 6, 80), (x + 4, 62)], (0xF4, 0xEC, 0xD2), INK, OUT * 0.7)
    pen.line((60, 18), (68, 30), darken(green, 0.35), 1.6)


def wraith(pen: Pen) -> None:
    """A hooded undead wraith with glowing green eyes."""
    cloak = (0x3E, 0x3A, 0x4E)
    glow = (0x7C, 0xFC, 0x9A)
    hood = [
        (50, 4),
        (70, 16),
        (80, 40),
        (84, 70),
        (94, 98),
        (80, 90),
        (72, 98),
        (62, 90),
        (50, 98),
        (38, 90),
        (28, 98),
        (20, 90),
        (6, 98),
        (16, 70),
        (20, 40),
        (30, 16),
    ]
    pen.poly(hood, cloak)
    pen.poly(
        [(50, 4), (30, 16), (20, 40), (16, 70), (6, 98), (20, 90), (28, 98), (34, 60), (40, 24)],
        lighten(cloak, 0.18),
    )
    pen.poly(hood, None, INK, OUT)
    pen.ellipse((31, 24, 38, 44), (0x12, 0x10, 0x16), INK, OUT)
    for x in (42, 58):
        pen.circle((x, 44), 7, (glow[0], glow[1], glow[2], 70))
        pen.ellipse((x - 4, 41, 8, 5), glow)
        pen.circle((x, 43.5), 1.2, (255, 255, 255))
    bone = (0xEC, 0xE4, 0xCE)
    for fx in (38, 44, 50, 56, 62):
        pen.line((fx, 78), (fx + (fx - 50) * 0.2, 92), INK, 4)
        pen.line((fx, 78), (fx + (fx - 50) * 0.2, 92), bone, 2)
    pen.ellipse((36, 72, 28, 10), bone, INK, OUT * 0.8)


def lion(pen: Pen) -> None:
    """A lion's head, front on, with a full mane."""
    mane = (0xB8, 0x6A, 0x1A)
    for k in range(14):
        a = math.radians(360 * k / 14)
        pen.circle((50 + 32 * math.cos(a), 52 + 32 * math.sin(a)), 13, mane, INK, OUT)
    pen.circle((50, 52), 34, mane)
    for k in range(14):
        a = math.radians(360 * k / 14 + 12)
        pen.line(
            (50 + 20 * math.cos(a), 52 + 20 * math.sin(a)),
            (50 + 36 * math.cos(a), 52 + 36 * math.sin(a)),
            darken(mane, 0.25),
            2,
        )
    face_c = (0xE8, 0xB0, 0x4A)
    for x in (32, 68):
        pen.circle((x, 30), 7, face_c, INK, OUT)
        pen.circle((x, 30), 3.5, darken(face_c, 0.3))
    pen.ellipse((28, 26, 44, 54), face_c, INK, OUT)
    pen.polyline([(34, 44), (44, 42)], INK, 2.2)
    pen.polyline([(66, 44), (56, 42)], INK, 2.2)
    for x in (40, 60):
        pen.ellipse((x - 4, 45, 8, 5), (0xF2, 0xE6, 0x9A), INK, 1.2)
        pen.circle((x, 47.5), 1.6, INK)
    muzzle = (0xF4, 0xE2, 0xB8)
    pen.circle((44, 66), 7.5, muzzle, INK, OUT * 0.7)
    pen.circle((56, 66), 7.5, muzzle, INK, OUT * 0.7)
    pen.poly([(43, 55), (57, 55), (50, 63)], (0x6A, 0x3A, 0x2A), INK, OUT * 0.7)
    pen.polyline([(50, 63), (50, 70), (46, 74)], INK, 1.4)
    pen.polyline([(50, 70), (54, 74)], INK, 1.4)


def demon(pen: Pen) -> None:
    """A grinning horned demon."""
    red = (0xA8, 0x22, 0x2E)
    for side in (1, -1):
        horn = [(34, 30), (22, 22), (12, 4), (26, 12), (40, 24)]
        pen.poly(horn if side == 1 else mirror_x(horn, 50), (0xEC, 0xE4, 0xCE), INK, OUT)
    face = [(50, 90), (28, 70), (22, 44), (30, 24), (50, 18), (70, 24), (78, 44), (72, 70)]
    pen.poly(face, red)
    pen.poly([(50, 90), (28, 70), (22, 44), (30, 24), (50, 18), (50, 90)], lighten(red, 0.15))
    pen.poly(face, None, INK, OUT)
    for side in (1, -1):
        ear = [(24, 42), (8, 32), (22, 54)]
        pen.poly(ear if side == 1 else mirror_x(ear, 50), red, INK, OUT)
        eye = [(32, 44), (46, 48), (32, 50)]
        pen.poly(eye if side == 1 else mirror_x(eye, 50), GOLD_LIGHT, INK, OUT * 0.7)
        brow = [(28.0, 38.0), (46.0, 44.0)] if side == 1 else mirror_x([(28.0, 38.0), (46.0, 44.0)], 50)
        pen.line(brow[0], brow[1], INK, 2.6)
    grin = arc_points((50, 58), 16, 200, 340, 12)
    pen.poly(grin, INK)
    for gx in (42, 50, 58):
        pen.poly([(gx - 2.5, 64), (gx + 2.5, 64), (gx, 69)], (255, 255, 255))
    pen.poly([(46, 82), (50, 92), (54, 82)], INK)


def fairy(pen: Pen) -> None:
    """A fairy: four glassy wings, a tiny figure and sparkles."""
    wing = (0xBF, 0xE6, 0xF2, 200)
    for side in (1, -1):
        for x, y, w, h, a in ((14, 12, 38, 18, -35), (20, 46, 28, 13, 30)):
            rx = x if side == 1 else 100 - x - w
            pen.ellipse((rx, y, w, h), wing, INK, OUT * 0.7, angle=a * side)
    pen.poly([(50, 40), (42, 80), (58, 80)], (0x6E, 0xB8, 0x5A), INK, OUT)
    pen.circle((50, 32), 8, SKIN, INK, OUT)
    pen.polyline(arc_points((50, 32), 9, 20, 160, 10), GOLD, 2.5)
    for sx, sy, r in ((20, 84, 5), (80, 80, 6), (30, 70, 3), (72, 62, 3.5), (50, 92, 4)):
        pen.poly(star_points((sx, sy), r, r * 0.35, 4), GOLD_LIGHT, GOLD_DARK, 0.8)


def griffin(pen: Pen) -> None:
    """A griffin: an eagle's head with a hooked gold beak before a raised wing."""
    feather = (0xEE, 0xE4, 0xCC)
    tawny = (0xB8, 0x8A, 0x4A)
    wing = [(40, 66), (26, 30), (8, 6), (16, 22), (4, 22), (14, 38), (2, 44), (22, 56), (30, 74)]
    pen.poly(wing, tawny, INK, OUT)
    for a, b in (((34, 62), (14, 26)), ((30, 66), (10, 42))):
        pen.line(a, b, darken(tawny, 0.3), 1.4)
    head = [
        (30, 98),
        (30, 60),
        (34, 38),
        (42, 26),
        (56, 20),
        (66, 24),
        (70, 32),
        (66, 48),
        (60, 56),
        (62, 98),
    ]
    pen.poly(head, feather)
    pen.poly([(30, 98), (30, 60), (34, 38), (42, 26), (48, 24), (42, 60), (44, 98)], (0xFA, 0xF4, 0xE4))
    pen.poly(head, None, INK, OUT)
    beak = [(64, 26), (80, 30), (92, 40), (92, 52), (86, 46), (78, 44), (66, 48)]
    pen.poly(beak, GOLD, INK, OUT)
    pen.poly([(64, 26), (80, 30), (92, 40), (78, 38), (66, 36)], GOLD_LIGHT)
    pen.poly(beak, None, INK, OUT)
    pen.polyline([(68, 42), (80, 41)], INK, 1.4)
    pen.circle((76, 33), 1.3, INK)
    pen.circle((54, 34), 4.5, GOLD_LIGHT, INK, 1.2)
    pen.circle((55, 34), 2, INK)
    pen.polyline([(46, 30), (54, 27), (62, 30)], INK, 2.4)
    for y in (66, 76, 86):
        pen.polyline([(34, y), (42, y + 4), (50, y), (58, y + 4)], darken(feather, 0.22), 1.2)


def hooded_monk(pen: Pen) -> None:
    """A monk in a brown cowl with folded hands."""
    robe = (0x7A, 0x5A, 0x3A)
    pen.poly([(20, 98), (28, 60), (50, 50), (72, 60), (80, 98)], robe, INK, OUT)
    pen.poly([(50, 8), (70, 20), (76, 48), (64, 64), (36, 64), (24, 48), (30, 20)], robe, INK, OUT)
    pen.ellipse((36, 24, 28, 34), SKIN_SHADE, INK, OUT)
    _face(pen, 50, 42)
    pen.line((50, 64), (50, 98), darken(robe, 0.3), 1.4)
    pen.ellipse((40, 72, 20, 10), SKIN, INK, OUT * 0.8)
    pen.line((28, 66), (38, 96), WOOD_DARK, 1.6)
