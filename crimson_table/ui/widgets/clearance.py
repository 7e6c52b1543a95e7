"""Where a floating plate goes when its first place would cover something the player must read.

A caption or a notice is placed where it belongs (beside its target, at the top of the table);
when that spot covers what a screen keeps on show for a reason (the last battle's result, a hand
of cards), :func:`nearest_clear` slides it the shortest way to a spot that covers none of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pygame

GAP = 8  # the space kept between a moved plate and what it steps aside from


def nearest_clear(rect: pygame.Rect, avoid: Sequence[pygame.Rect], inside: pygame.Rect) -> pygame.Rect:
    """``rect`` itself when it overlaps nothing in ``avoid``; else the nearest copy of it, moved
    straight up, down, left or right to just beside one of those rects, that stays ``inside`` and
    overlaps none of them; ``rect`` unchanged when there is no such spot.

    >>> keep = pygame.Rect(0, 100, 400, 100)
    >>> nearest_clear(pygame.Rect(50, 150, 100, 40), [keep], pygame.Rect(0, 0, 400, 400))
    Rect(50, 208, 100, 40)
    """
    if not any(rect.colliderect(keep) for keep in avoid):
        return rect
    clear = [spot for spot in _beside_each(rect, avoid) if _fits(spot, avoid, inside)]
    if not clear:
        return rect
    return min(clear, key=lambda spot: abs(spot.x - rect.x) + abs(spot.y - rect.y))


def _beside_each(rect: pygame.Rect, avoid: Sequence[pygame.Rect]) -> Iterator[pygame.Rect]:
    for keep in avoid:
        yield rect.move(0, keep.bottom + GAP - rect.y)
        yield rect.move(0, keep.y - GAP - rect.bottom)
        yield rect.move(keep.right + GAP - rect.x, 0)
        yield rect.move(keep.x - GAP - rect.right, 0)


def _fits(spot: pygame.Rect, avoid: Sequence[pygame.Rect], inside: pygame.Rect) -> bool:
    return inside.contains(spot) and not any(spot.colliderect(keep) for keep in avoid)
