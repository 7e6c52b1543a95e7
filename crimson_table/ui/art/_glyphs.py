"""Single-colour glyphs in a 100 x 100 design box: effect types and UI buttons."""

from __future__ import annotations

import math
from collections.abc import Callable

from ._draw import AnyColour, Pen, arc_points, regular_polygon, star_points

Glyph = Callable[[Pen, AnyColour], None]


def down_arrow(pen: Pen, c: AnyColour) -> None:
    """Deploy: an arrow coming down onto a line."""
    pen.line((50, 14), (50, 56), c, 12)
    pen.poly([(28, 50), (72, 50), (50, 74)], c)
    pen.line((18, 86), (82, 86), c, 10)


def coin_stack(pen: Pen, c: AnyColour) -> None:
    """Income: a small stack of coins."""
    for i, y in enumerate((74, 56, 38)):
        pen.rect((22 + i * 2, y, 56, 14), c, None, 0, 7)
    pen.circle((70, 24), 14, c)


def star(pen: Pen, c: AnyColour) -> None:
    """Score: a five-pointed star."""
    pen.poly(star_points((50, 54), 42, 18, 5), c)


def flame(pen: Pen, c: AnyColour) -> None:
    """Destruction: a flame."""
    outer = [
        (50, 6),
        (62, 28),
        (74, 40),
        (80, 62),
        (72, 84),
        (50, 94),
        (28, 84),
        (20, 62),
        (28, 44),
        (36, 52),
        (40, 30),
    ]
    pen.poly(outer, c)


def person_plus(pen: Pen, c: AnyColour) -> None:
    """Recruit: a person with a plus sign."""
    pen.circle((40, 32), 16, c)
    pen.poly(arc_points((40, 92), 30, 180, 0, 16), c)
    pen.line((78, 30), (78, 62), c, 10)
    pen.line((62, 46), (94, 46), c, 10)


def eye(pen: Pen, c: AnyColour) -> None:
    """Passive / look: an eye."""
    upper = arc_points((50, 78), 50, 150, 30, 16)
    lower = arc_points((50, 22), 50, 210, 330, 16)
    pen.polyline(upper + lower[::-1] + [upper[0]], c, 8)
    pen.circle((50, 50), 14, c)


def sparkle(pen: Pen, c: AnyColour) -> None:
    """Special: a four-pointed sparkle with a small companion."""
    pen.poly(star_points((44, 56), 38, 9, 4), c)
    pen.poly(star_points((78, 20), 14, 4, 4), c)


def crossed(pen: Pen, c: AnyColour) -> None:
    """Battle: two crossed blades."""
    for a, b, g1, g2 in (((18, 86), (84, 14), (22, 66), (38, 82)), ((82, 86), (16, 14), (78, 66), (62, 82))):
        pen.line(a, b, c, 9)
        pen.line(g1, g2, c, 9)


def bolt(pen: Pen, c: AnyColour) -> None:
    """Response / instant: a lightning bolt."""
    pen.poly([(58, 4), (22, 56), (48, 56), (38, 96), (80, 40), (54, 40), (66, 4)], c)


def ring_coin(pen: Pen, c: AnyColour) -> None:
    """Cost: a coin outline with a bar."""
    pen.circle((50, 50), 34, None, c, 10)
    pen.line((50, 32), (50, 68), c, 10)


def undo(pen: Pen, c: AnyColour) -> None:
    """Undo: an arrow curving back to the left."""
    pen.polyline(arc_points((54, 58), 28, 110, -90, 24), c, 11)
    pen.poly([(12, 36), (44, 14), (46, 56)], c)


def redo(pen: Pen, c: AnyColour) -> None:
    """Redo: an arrow curving on to the right."""
    pen.polyline(arc_points((46, 58), 28, 70, 270, 24), c, 11)
    pen.poly([(88, 36), (56, 14), (54, 56)], c)


def save(pen: Pen, c: AnyColour) -> None:
    """Save: a floppy disk."""
    pen.poly([(14, 14), (72, 14), (86, 28), (86, 86), (14, 86)], None, c, 9)
    pen.rect((30, 16, 34, 22), c)
    pen.rect((28, 56, 44, 28), c, None, 0, 3)


def menu(pen: Pen, c: AnyColour) -> None:
    """Menu: three bars."""
    for y in (26, 50, 74):
        pen.line((18, y), (82, y), c, 11)


def rules(pen: Pen, c: AnyColour) -> None:
    """Rules: an open book."""
    pen.poly([(50, 26), (36, 18), (10, 18), (10, 80), (36, 80), (50, 88)], None, c, 8)
    pen.poly([(50, 26), (64, 18), (90, 18), (90, 80), (64, 80), (50, 88)], None, c, 8)
    pen.line((50, 26), (50, 86), c, 7)
    for y in (36, 50, 64):
        pen.line((20, y), (38, y + 2), c, 4)
        pen.line((62, y + 2), (80, y), c, 4)


def gear(pen: Pen, c: AnyColour) -> None:
    """Settings: a cog wheel."""
    teeth = []
    for k in range(8):
        base = 360 * k / 8
        for da, r in ((-14, 34), (-9, 44), (9, 44), (14, 34)):
            a = math.radians(base + da)
            teeth.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
    pen.poly(teeth, c)
    pen.erase_circle((50, 50), 14)


def close(pen: Pen, c: AnyColour) -> None:
    """Close: a cross."""
    pen.line((22, 22), (78, 78), c, 12)
    pen.line((78, 22), (22, 78), c, 12)


def speaker(pen: Pen, c: AnyColour) -> None:
    """Sound on: a speaker with waves."""
    pen.poly([(10, 38), (28, 38), (50, 18), (50, 82), (28, 62), (10, 62)], c)
    pen.arc((50, 50), 18, 50, -50, c, 7)
    pen.arc((50, 50), 34, 50, -50, c, 7)


def mute(pen: Pen, c: AnyColour) -> None:
    """Sound off: a speaker with a cross."""
    pen.poly([(10, 38), (28, 38), (50, 18), (50, 82), (28, 62), (10, 62)], c)
    pen.line((64, 36), (90, 64), c, 8)
    pen.line((90, 36), (64, 64), c, 8)


def hourglass(pen: Pen, c: AnyColour) -> None:
    """Thinking: an hourglass."""
    pen.line((20, 10), (80, 10), c, 9)
    pen.line((20, 90), (80, 90), c, 9)
    pen.polyline([(28, 12), (28, 24), (50, 50), (28, 76), (28, 88)], c, 7)
    pen.polyline([(72, 12), (72, 24), (50, 50), (72, 76), (72, 88)], c, 7)
    pen.poly([(36, 86), (50, 66), (64, 86)], c)


def play(pen: Pen, c: AnyColour) -> None:
    """Play: a triangle."""
    pen.poly([(26, 14), (84, 50), (26, 86)], c)


def pause(pen: Pen, c: AnyColour) -> None:
    """Pause: two bars."""
    pen.rect((22, 14, 20, 72), c, None, 0, 4)
    pen.rect((58, 14, 20, 72), c, None, 0, 4)


def fullscreen(pen: Pen, c: AnyColour) -> None:
    """Fullscreen: four corner brackets."""
    for cx, cy, sx, sy in ((14, 14, 1, 1), (86, 14, -1, 1), (14, 86, 1, -1), (86, 86, -1, -1)):
        pen.polyline([(cx, cy + sy * 26), (cx, cy), (cx + sx * 26, cy)], c, 9)


def info(pen: Pen, c: AnyColour) -> None:
    """Information: an i in a circle."""
    pen.circle((50, 50), 40, None, c, 8)
    pen.circle((50, 30), 7, c)
    pen.line((50, 46), (50, 74), c, 10)


def hexagon(pen: Pen, c: AnyColour) -> None:
    """A plain hexagon (fallback)."""
    pen.poly(regular_polygon((50, 50), 40, 6), c)


EFFECT_GLYPHS: dict[str, tuple[Glyph, tuple[int, int, int]]] = {
    "deploy": (down_arrow, (0x2D, 0x5A, 0x9B)),
    "income": (coin_stack, (0xA8, 0x82, 0x14)),
    "score": (star, (0x9E, 0x1B, 0x32)),
    "destruction": (flame, (0xC2, 0x4A, 0x12)),
    "recruit": (person_plus, (0x1F, 0x7A, 0x4D)),
    "passive": (eye, (0x6E, 0x6A, 0x62)),
    "special": (sparkle, (0x5E, 0x3C, 0x7A)),
    "battle": (crossed, (0x7A, 0x4A, 0x2A)),
    "response": (bolt, (0x1E, 0x7A, 0x86)),
    "cost": (ring_coin, (0xA8, 0x82, 0x14)),
}

EFFECT_ALIASES: dict[str, str] = {
    "deployment": "deploy",
    "recruitment": "recruit",
    "destroy": "destruction",
    "instant": "response",
    "ongoing": "passive",
}

EFFECT_WORDS: dict[str, str] = {
    "deploy": "Deployment",
    "income": "Income",
    "score": "Score",
    "destruction": "Destruction",
    "recruit": "Recruitment",
    "passive": "Passive",
    "special": "Special",
    "battle": "Battle",
    "response": "Response",
    "cost": "Cost",
}

UI_GLYPHS: dict[str, Glyph] = {
    "undo": undo,
    "redo": redo,
    "save": save,
    "menu": menu,
    "rules": rules,
    "gear": gear,
    "close": close,
    "sound": speaker,
    "mute": mute,
    "hourglass": hourglass,
    "play": play,
    "pause": pause,
    "fullscreen": fullscreen,
    "info": info,
    "eye": eye,
}


def effect_kind(name: str) -> str:
    """Normalise an effect-type name (``"Deployment"`` -> ``"deploy"``); unknown names become ``special``."""
    key = name.strip().lower()
    key = EFFECT_ALIASES.get(key, key)
    return key if key in EFFECT_GLYPHS else "special"
