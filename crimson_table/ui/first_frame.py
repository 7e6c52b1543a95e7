"""The menu as it last looked, shown the moment the window opens, while the real menu is built.

Building the menu's first frame costs more than opening the window: the first glyphs of each
size through FreeType, the artwork's PNGs, the scene's imports (``bench/startup.py``).  So the
app keeps the pixels of the last menu it opened (the window's own bytes, at the window's size)
and puts them up at once; the live menu replaces them one frame later, pixel for pixel the same
unless something changed since (a new save to continue, another version).  Whatever the live
menu shows is kept for the next start when it differs.

The file is a cache: a missing, short, foreign or corrupt one is ignored (the window simply
waits for the live frame), and it is written atomically.  Only the app started by the player
uses it (``App(splash=True)`` from the command line), never the tests' or tools' apps.
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from pathlib import Path
from typing import Final, Literal

import pygame

from crimson_table import __version__
from crimson_table.play.home import user_data_dir

log = logging.getLogger(__name__)

FILE_NAME = "first-frame.bin"
FORMAT: Final[Literal["RGB"]] = "RGB"
MAX_HEADER = 512  # bytes: the JSON line before the pixels


def cache_path() -> Path:
    """Where the last menu's pixels are kept (beside the saves; a cache, safe to delete)."""
    return user_data_dir() / "cache" / FILE_NAME


def _key(size: tuple[int, int], look: str) -> dict[str, object]:
    return {"version": __version__, "size": list(size), "look": look}


def show(window: pygame.Surface, look: str) -> int | None:
    """Put the kept menu on ``window`` and flip it; the kept pixels' checksum, or None if there
    was nothing fit to show (no file, another size or look, damaged bytes)."""
    size = window.get_size()
    try:
        with cache_path().open("rb") as file:
            header = json.loads(file.readline(MAX_HEADER))
            if not isinstance(header, dict) or header.get("key") != _key(size, look):
                return None
            pixels = file.read()
        checksum = header.get("crc")
        if len(pixels) != size[0] * size[1] * len(FORMAT) or checksum != zlib.crc32(pixels):
            return None
        window.blit(pygame.image.frombuffer(pixels, size, FORMAT), (0, 0))
    except (OSError, ValueError, TypeError, pygame.error) as exc:
        log.debug("no first frame to show: %s", exc)
        return None
    pygame.display.flip()
    return int(checksum)


class Keeper:
    """Takes the live menu's first frame and writes it for the next start if it changed."""

    def __init__(self, look: str, shown: int | None) -> None:
        self.look = look
        self.shown = shown
        self.pixels: bytes | None = None
        self.size = (0, 0)
        self.done = False

    def take(self, window: pygame.Surface) -> None:
        """Copy the frame just presented (once)."""
        if self.done or self.pixels is not None:
            return
        self.size = window.get_size()
        self.pixels = pygame.image.tobytes(window, FORMAT)

    def keep(self) -> None:
        """Write the copied frame unless it is what was shown (called once the app is at rest)."""
        if self.done or self.pixels is None:
            return
        self.done = True
        pixels, self.pixels = self.pixels, None
        checksum = zlib.crc32(pixels)
        if checksum == self.shown:
            return
        path = cache_path()
        header = json.dumps({"key": _key(self.size, self.look), "crc": checksum}).encode() + b"\n"
        tmp = path.with_name(path.name + ".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tmp.open("wb") as file:
                file.write(header)
                file.write(pixels)
            os.replace(tmp, path)
        except OSError as exc:  # a full disk or a read-only home: the next start waits, that is all
            log.info("the first frame was not kept: %s", exc)
