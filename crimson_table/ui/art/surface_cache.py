"""A least-recently-used cache of rendered surfaces, bounded by the bytes its pixels take.

``functools.lru_cache(maxsize=N)`` bounds a cache by entries, but a rendered card, a rotated fan
card or a line of text differ a hundredfold in size: a card cache of 1,024 entries at hover-zoom
scale holds a quarter of a gigabyte once a long session has filled it (``bench/ui_monkey.py``:
resident memory kept climbing for 100,000 events).  :func:`surface_cache` keeps the most recently
used results within ``max_bytes`` of pixels instead, and offers ``cache_clear`` and ``cache_info``
like ``lru_cache`` (the look chooser clears every cache of ``ui`` that has ``cache_clear``), and
``forget`` for the results of some arguments only (the faces of a game whose table has closed).

>>> @surface_cache(max_bytes=64 * 64 * 4 * 2)
... def square(size: int) -> pygame.Surface:
...     return pygame.Surface((size, size), pygame.SRCALPHA)
>>> _ = square(64), square(64), square(64), square(32)
>>> info = square.cache_info()
>>> (info.hits, info.misses, info.currsize)
(2, 2, 2)
>>> square.bytes <= square.max_bytes
True
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple, ParamSpec, TypeVar

import pygame

P = ParamSpec("P")
R = TypeVar("R")

_KWARGS = object()  # marks a key made with keyword arguments: (args, _KWARGS, sorted items)


class CacheInfo(NamedTuple):
    """What ``cache_info()`` reports (as ``functools.lru_cache`` does, with the bytes held)."""

    hits: int
    misses: int
    maxsize: int
    currsize: int
    bytes: int


def surface_bytes(value: Any) -> int:
    """The bytes of pixels ``value`` holds (a surface, or a tuple or list of them); 256 otherwise."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(item) for item in value) or 256
    return 256


class SurfaceCache(Generic[P, R]):
    """``func`` with its results kept, most recently used first, within ``max_bytes``."""

    def __init__(self, func: Callable[P, R], max_bytes: int) -> None:
        self.func = func
        self.max_bytes = max_bytes
        self.bytes = 0
        self.hits = self.misses = 0
        self._entries: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        functools.update_wrapper(self, func)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, _KWARGS, tuple(sorted(kwargs.items()))) if kwargs else args
        found = self._entries.get(key)
        if found is not None:
            self.hits += 1
            self._entries.move_to_end(key)
            return found[0]
        self.misses += 1
        value = self.func(*args, **kwargs)
        size = surface_bytes(value)
        self._entries[key] = (value, size)
        self.bytes += size
        while self.bytes > self.max_bytes and len(self._entries) > 1:
            _old, (_value, old_size) = self._entries.popitem(last=False)
            self.bytes -= old_size
        return value

    def forget(self, drop: Callable[[tuple[Any, ...]], bool]) -> int:
        """Let go of every result whose positional arguments ``drop`` accepts; how many went."""
        gone = [key for key in self._entries if drop(_positional(key))]
        for key in gone:
            _value, size = self._entries.pop(key)
            self.bytes -= size
        return len(gone)

    def cache_clear(self) -> None:
        """Forget every result."""
        self._entries.clear()
        self.bytes = self.hits = self.misses = 0

    def cache_info(self) -> CacheInfo:
        """Hits, misses, the byte budget, entries and bytes held now."""
        return CacheInfo(self.hits, self.misses, self.max_bytes, len(self._entries), self.bytes)


def _positional(key: Any) -> tuple[Any, ...]:
    """The positional arguments a key was made of."""
    if len(key) == 3 and key[1] is _KWARGS:
        return tuple(key[0])
    return tuple(key)


def surface_cache(max_bytes: int) -> Callable[[Callable[P, R]], SurfaceCache[P, R]]:
    """Decorator: cache a surface-making function within ``max_bytes`` of pixels."""

    def wrap(func: Callable[P, R]) -> SurfaceCache[P, R]:
        return SurfaceCache(func, max_bytes)

    return wrap


MB = 1024 * 1024
