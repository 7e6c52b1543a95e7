"""Giving memory back after a screen closes: a full collection, then the C heap trimmed.

A closed pygame-gui screen is a web of reference cycles holding surfaces; Python's cyclic
collector is paced by object counts, not bytes, so :func:`release` collects explicitly.  The
surfaces' pixels live in SDL's C heap: on glibc, freed blocks stay in the process until
``malloc_trim`` hands the free pages back to the system, which is what the resident size (and a
player's task manager) shows.  Elsewhere the trim is skipped; nothing here can fail.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import sys
from collections.abc import Callable


@functools.lru_cache(maxsize=1)
def _libc() -> ctypes.CDLL | None:
    """The C library on Linux (glibc or another), or None elsewhere or when it cannot be opened.

    glibc's own name is tried first: ``ctypes.util.find_library`` runs ``ldconfig`` in a child
    process, which the first frame would wait for (and loads ``subprocess``); it is asked only
    where that name is not there (musl and other C libraries).
    """
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        pass
    from ctypes import util

    try:
        return ctypes.CDLL(util.find_library("c") or "libc.so.6")
    except OSError:
        return None


@functools.lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where there is no such call."""
    trim: Callable[[int], int] | None = getattr(_libc(), "malloc_trim", None)
    return trim


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
# bytes: blocks this large get pages of their own, given back when freed.  32 KB puts card faces
# (~140 KB), fan cards (~80 KB), castles and dice (~40-90 KB) there: the monkey's Two Crowns table
# at rest grew 91 -> 98 MB from 1,000 to 12,000 events at 512 KB, 90 -> 95 MB at 128 KB; at 32 KB
# the heap keeps 2-8 MB free after a trim instead of 10-24.
# (glibc still serves such a block from a free chunk of its heap that fits, before any mmap.)
MMAP_THRESHOLD = 32 * 1024


def map_large_blocks() -> bool:
    """Make glibc give every block of ``MMAP_THRESHOLD`` or more its own pages (a no-op elsewhere).

    glibc starts at 128 KB but raises the threshold each time such a block is freed, up to 32 MB,
    so after a few screens the window-sized surfaces (5.5 MB each, made and dropped as positions
    change) and card faces come from the heap itself and leave holes a trim cannot always return:
    a slow drift of the resident size over long sessions.  A fixed threshold keeps them out of the heap.  True if the
    setting was made.
    """
    mallopt = getattr(_libc(), "mallopt", None)
    return mallopt is not None and bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def trim() -> None:
    """Return the C heap's free pages to the system where possible (glibc; a no-op elsewhere).

    Between screens closing, a table still frees a lot by itself (cache evictions, window-sized
    surfaces after a resize, finished animations): glibc keeps those pages, 10-20 MB of the
    resident size after a few thousand monkey events (docs/bench-history.md).
    """
    call = _malloc_trim()
    if call is not None:
        call(0)


def clear_caches(prefixes: str | tuple[str, ...]) -> None:
    """Clear every cache (``functools`` or ``SurfaceCache``: anything with ``cache_clear``) defined in
    the loaded modules whose names start with ``prefixes``; modules not yet imported are left alone."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(prefixes):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) or getattr(value, "__module__", "") != name:
                continue
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def release(before_trim: Callable[[], None] | None = None) -> None:
    """Collect every cycle, then return free C-heap pages to the system where possible; in between,
    ``before_trim`` lets go of whatever only the collected objects needed (caches of closed screens)."""
    gc.collect()
    if before_trim is not None:
        before_trim()
    trim()
