"""Where a floating plate goes when its first place would cover something the player must read.

A caption or a notice is placed where it belongs (beside its target, at the top of the table);
when that spot covers what a screen keeps on show for a reason (the last battle's result, a hand
of cards), :func:`nearest_clear` slides it the shortest way to a spot that covers none of it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

GAP = 8  # the space kept between a moved plate and what it steps aside from


def nearest_clear(rect: pygame.Rect, avoid: Sequence[pygame.Rect], inside: pygame.Rect) -> pygame.Rect:
    """``rect`` itself when it overlaps nothing in ``avoid``; else the nearest copy of it (fewest
    pixels moved across plus down) that stays ``inside`` and overlaps none of them, its edges
    set just beside those rects' edges; ``rect`` unchanged when there is no such spot.

    >>> keep = pygame.Rect(0, 100, 400, 100)
    >>> nearest_clear(pygame.Rect(50, 150, 100, 40), [keep], pygame.Rect(0, 0, 400, 400))
    Rect(50, 208, 100, 40)
    """
    if rect.collidelist(avoid) < 0:
        return rect
    xs = _stops(rect.x, rect.width, [(k.x, k.right) for k in avoid], inside.x, inside.right)
    ys = _stops(rect.y, rect.height, [(k.y, k.bottom) for k in avoid], inside.y, inside.bottom)
    spots = sorted((abs(x - rect.x) + abs(y - rect.y), x, y) for x in xs for y in ys)
    for _moved, x, y in spots:
        spot = pygame.Rect(x, y, rect.width, rect.height)
        if spot.collidelist(avoid) < 0:
            return spot
    return rect


def _stops(start: int, size: int, edges: list[tuple[int, int]], low: int, high: int) -> set[int]:
    """Where a plate ``size`` long may start on one axis: where it is, or just past either edge of
    something to avoid, inside ``low``..``high``."""
    stops = {start}
    for first, last in edges:
        stops.update((last + GAP, first - GAP - size))
    return {stop for stop in stops if low <= stop and stop + size <= high}
