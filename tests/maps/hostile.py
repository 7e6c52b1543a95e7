"""Damaged and hostile maps for tests, written to a temporary folder (never committed).

``copy_maps`` copies the bundled maps, tilesets and images into a folder; ``edit_map`` rewrites
one map there with a text replacement or an XML edit; ``deadline`` fails a test that would hang
(a refusal must come at once, not after the minutes a quadratic check would take).
"""

from __future__ import annotations

import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from xml.etree import ElementTree

import pytest

from crimson_table.resources import maps_dir

MAP_FILES = (
    "condottiere_italy.tmx",
    "crusader_1st_3rd.tmx",
    "crusader_saladin_2nd.tmx",
    "crimson_keep_board.tmx",
    "campaign.tmx",
)


def copy_maps(folder: Path) -> Path:
    """Every bundled map with its tilesets and images, copied into ``folder / "maps"``."""
    target = folder / "maps"
    target.mkdir(parents=True, exist_ok=True)
    for source in maps_dir().iterdir():
        if source.suffix in (".tmx", ".tsx", ".png"):
            shutil.copyfile(source, target / source.name)
    return target


def edit_text(path: Path, old: str, new: str, count: int = 1) -> Path:
    """Replace ``old`` by ``new`` in the file (``count`` times; it must occur at least that often)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def edit_xml(path: Path, change: Callable[[ElementTree.Element], None], name: str | None = None) -> Path:
    """Apply ``change`` to the file's XML tree and write it (to ``name`` beside it, if given)."""
    tree = ElementTree.parse(path)
    change(tree.getroot())
    target = path.with_name(name) if name else path
    tree.write(target, encoding="UTF-8", xml_declaration=True)
    return target


def tiny_png(path: Path, size: tuple[int, int]) -> Path:
    """A real PNG image of ``size`` pixels."""
    import pygame

    pygame.image.save(pygame.Surface(size), str(path))
    return path


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail the block if it runs longer than ``seconds``; where the OS allows (the main thread on
    Unix), interrupt it then, so a hang fails at once instead of after minutes."""
    interrupt = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def too_slow(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"took longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, too_slow) if interrupt else None
    if interrupt:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.perf_counter()
    try:
        yield
    finally:
        if interrupt:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    elapsed = time.perf_counter() - start
    assert elapsed <= seconds, f"took {elapsed:.2f} s (at most {seconds} s)"


KEEP_MAP = "crimson_keep_board.tmx"
KEEP_COLUMN = '<property name="keep_column" value="A"/>'


@contextmanager
def broken_keep_map(
    folder: Path, monkeypatch: pytest.MonkeyPatch, delete_file: bool = False
) -> Iterator[Path]:
    """Crimson Keep's board map with one ``keep_column`` property deleted (or the whole file, with
    ``delete_file``), made the app's map (a
    copy of the maps in ``folder``, ``CRIMSON_TABLE_MAPS``), the game registry fresh so the games
    load again from it.  Yields the broken map's path; the real board is cached again after."""
    from crimson_table.engine import GAMES
    from crimson_table.engine.crimson_keep import board as keep_board
    from crimson_table.engine.crimson_keep import rules as _keep_rules  # noqa: F401 - imported whole first

    maps = copy_maps(folder)
    if delete_file:
        (maps / KEEP_MAP).unlink()
    else:
        edit_text(maps / KEEP_MAP, KEEP_COLUMN, "")
    monkeypatch.setenv("CRIMSON_TABLE_MAPS", str(maps))
    monkeypatch.setattr(GAMES, "_loaded", {})
    monkeypatch.setattr(GAMES, "_broken", {}, raising=False)
    keep_board.board.cache_clear()
    try:
        yield maps / KEEP_MAP
    finally:
        keep_board.board.cache_clear()
