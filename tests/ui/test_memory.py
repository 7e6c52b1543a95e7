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


def test_card_text_at_many_sizes_keeps_one_font_face_per_style() -> None:
    """Each FreeType face costs ~0.5 MB of C heap once used; fitting text tries many sizes."""
    import pygame

    from crimson_table.ui.art import _fonts

    pygame.font.init()
    faces = {id(_fonts.noto(size, bold)) for size in range(6, 61) for bold in (False, True)}
    assert len(faces) == 2
    path = _fonts.font_file()
    if path is not None:  # a resized face measures and draws as a face opened at that size
        for size in (9, 14, 23, 35):
            fresh = pygame.font.Font(str(path), size)
            shared = _fonts.noto(size)
            assert shared.size("Takes the strongest Knight") == fresh.size("Takes the strongest Knight")
            assert shared.get_linesize() == fresh.get_linesize()
            rendered = pygame.image.tobytes(_fonts.noto(size).render("Gold 3", True, (0, 0, 0)), "RGBA")
            assert rendered == pygame.image.tobytes(fresh.render("Gold 3", True, (0, 0, 0)), "RGBA")
