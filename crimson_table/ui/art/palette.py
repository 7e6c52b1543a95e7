"""The Crimson Table palette (shared/ART.md) and small colour helpers.

Colours are plain ``(r, g, b)`` tuples so they hash (``lru_cache`` keys) and pass straight to pygame.
"""

from __future__ import annotations

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Brand (ART.md "Palette").
CRIMSON: Colour = (0x9E, 0x1B, 0x32)
GOLD: Colour = (0xC9, 0xA2, 0x27)
PARCHMENT: Colour = (0xEF, 0xE3, 0xC4)
INK: Colour = (0x22, 0x20, 0x1C)
STONE: Colour = (0x8A, 0x84, 0x78)

# Tables.
FELT_CENTRE: Colour = (0x1F, 0x3A, 0x2E)
FELT_EDGE: Colour = (0x15, 0x29, 0x1F)
WALNUT: Colour = (0x2B, 0x1D, 0x14)

# Derived tones used by the illustrations (kept here so every module draws with one palette).
CRIMSON_DARK: Colour = (0x6A, 0x10, 0x21)
GOLD_LIGHT: Colour = (0xF0, 0xD0, 0x6A)
GOLD_DARK: Colour = (0x8A, 0x6A, 0x12)
PARCHMENT_DARK: Colour = (0xD9, 0xC8, 0x9E)
PARCHMENT_LIGHT: Colour = (0xFA, 0xF3, 0xDF)
STEEL: Colour = (0xB8, 0xC0, 0xC8)
STEEL_DARK: Colour = (0x6E, 0x78, 0x84)
WOOD: Colour = (0x8B, 0x5A, 0x2B)
WOOD_DARK: Colour = (0x5A, 0x3A, 0x1E)
SKIN: Colour = (0xE8, 0xB9, 0x8F)
LEAF: Colour = (0x4E, 0x8F, 0x3A)
ICE: Colour = (0xCF, 0xE8, 0xF5)
WHITE: Colour = (0xFF, 0xFF, 0xFF)
ERROR_RED: Colour = (0xC0, 0x39, 0x2B)

# Player colours: Okabe-Ito, colour-blind safe, each with its own pattern (ART.md).
VERMILLION: Colour = (0xD5, 0x5E, 0x00)
SKY_BLUE: Colour = (0x56, 0xB4, 0xE9)
BLUISH_GREEN: Colour = (0x00, 0x9E, 0x73)
YELLOW: Colour = (0xF0, 0xE4, 0x42)
REDDISH_PURPLE: Colour = (0xCC, 0x79, 0xA7)
BLUE: Colour = (0x00, 0x72, 0xB2)

PLAYER_COLOURS: tuple[Colour, ...] = (VERMILLION, SKY_BLUE, BLUISH_GREEN, YELLOW, REDDISH_PURPLE, BLUE)
PLAYER_COLOUR_NAMES: tuple[str, ...] = (
    "vermillion",
    "sky blue",
    "bluish green",
    "yellow",
    "reddish purple",
    "blue",
)
PLAYER_PATTERNS: tuple[str, ...] = ("stripes", "dots", "cross-hatch", "bars", "chevrons", "ring")

# Crusader Kingdoms keeps its rulebook colours, mapped onto the Okabe-Ito seats (ART.md).
CRUSADER_COLOUR_SEATS: dict[str, int] = {"red": 0, "blue": 5, "green": 2, "yellow": 3}

# The accent of a game without art of its own (``art/games``: card border, name bar, back field).
DEFAULT_ACCENT: Colour = STONE


def seat_colour(seat: int) -> Colour:
    """The Okabe-Ito colour of a seat (seats wrap after six)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def seat_pattern(seat: int) -> str:
    """The pattern name of a seat: stripes, dots, cross-hatch, bars, chevrons or ring."""
    return PLAYER_PATTERNS[seat % len(PLAYER_PATTERNS)]


def hex_colour(text: str) -> Colour:
    """Parse ``#rrggbb`` into an ``(r, g, b)`` tuple."""
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend from ``a`` (t=0) to ``b`` (t=1)."""
    t = min(1.0, max(0.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darken(c: Colour, amount: float = 0.3) -> Colour:
    """Move a colour toward black by ``amount`` (0..1)."""
    return mix(c, (0, 0, 0), amount)


def lighten(c: Colour, amount: float = 0.3) -> Colour:
    """Move a colour toward white by ``amount`` (0..1)."""
    return mix(c, (255, 255, 255), amount)


def luminance(c: Colour) -> float:
    """Perceived brightness 0..1 (Rec. 601 weights)."""
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255.0


def contrast_ink(c: Colour) -> Colour:
    """Ink on light backgrounds, parchment on dark ones."""
    return INK if luminance(c) > 0.55 else PARCHMENT


def rgba(c: Colour, alpha: int) -> RGBA:
    """Add an alpha channel to a colour."""
    return (c[0], c[1], c[2], alpha)
