"""Player badges: a seat's Okabe-Ito colour with its ART.md pattern.

With the colour-blind-safe setting on (the default) each seat also carries its own pattern
(stripes, dots, cross-hatch, bars, chevrons, ring) so nobody has to rely on hue alone.
The drawing itself is the art package's (``art.patterns.player_badge``).
"""

from __future__ import annotations

import pygame

_state = {"patterned": True}


def set_patterned(on: bool) -> None:
    """Turn the colour-blind patterns on or off for every badge drawn from now on."""
    _state["patterned"] = on


def patterned() -> bool:
    """True when badges carry their patterns."""
    return _state["patterned"]


def player_badge(seat: int, size: int, with_pattern: bool | None = None) -> pygame.Surface:
    """A round token ``size`` px wide in the seat's colour (and pattern, per the setting)."""
    from crimson_table.ui.art import patterns

    use = patterned() if with_pattern is None else with_pattern
    return patterns.player_badge(seat, max(8, int(size)), use)
