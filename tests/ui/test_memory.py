"""Closing a screen gives its memory back (issue 9: resident size over a long monkey run)."""

from __future__ import annotations

import platform
import sys
import weakref

import pytest

from crimson_table.ui import memory


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_release_frees_reference_cycles_at_once() -> None:
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    alive = weakref.ref(a)
    del a, b
    memory.release()
    assert alive() is None


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc", reason="glibc only"
)
def test_on_glibc_the_c_heap_is_trimmed() -> None:
    trim = memory._malloc_trim()
    assert trim is not None
    assert trim(0) in (0, 1)  # glibc: 1 if memory was returned, 0 if there was none to return
