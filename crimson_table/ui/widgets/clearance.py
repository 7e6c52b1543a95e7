"""Where a floating plate goes when its first place would cover something the player must read.

A caption or a notice is placed where it belongs (beside its target, at the top of the table);
when that spot covers what a screen keeps on show for a reason (the last battle's result, a hand
of cards), :func:`nearest_clear` slides it the shortest way to a spot that covers none of it.
A hovered card's zoom (:func:`zoom_place`) goes above the card, or beside it, inside the table.
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


def zoom_place(
    size: tuple[int, int],
    anchor: pygame.Rect,
    bounds: pygame.Rect,
    above: bool = True,
    right_first: bool = False,
) -> pygame.Rect:
    """Where a zoomed card of ``size`` goes for the card at ``anchor``: above it when ``above`` and
    there is room (a hand card), else beside it, left first (``right_first``: right first), so the
    rest of the table stays in view; always inside ``bounds``.

    >>> zoom_place((100, 140), pygame.Rect(300, 400, 50, 70), pygame.Rect(0, 0, 800, 600))
    Rect(275, 248, 100, 140)
    """
    w, h = size
    rect = pygame.Rect(0, 0, w, h)
    if above and anchor.y - h - 12 >= bounds.y + 8:
        rect.midbottom = (anchor.centerx, anchor.y - 12)
    elif right_first:
        rect.midleft = (anchor.right + 16, anchor.centery)
        if rect.right > bounds.right - 8:
            rect.midright = (anchor.x - 16, anchor.centery)
    else:
        rect.midright = (anchor.x - 16, anchor.centery)
        if rect.x < bounds.x + 8:
            rect.midleft = (anchor.right + 16, anchor.centery)
    return rect.clamp(bounds.inflate(-16, -16))


def _stops(start: int, size: int, edges: list[tuple[int, int]], low: int, high: int) -> set[int]:
    """Where a plate ``size`` long may start on one axis: where it is, or just past either edge of
    something to avoid, inside ``low``..``high``."""
    stops = {start}
    for first, last in edges:
        stops.update((last + GAP, first - GAP - size))
    return {stop for stop in stops if low <= stop and stop + size <= high}
