"""Plays the generated sounds (card slide, card place, coin, die roll, victory) at the set volume.

With no audio device (or a headless run with the dummy driver failing) the player stays silent
and logs one warning; nothing else in the app needs to care.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import Optional

import pygame

log = logging.getLogger(__name__)

SoundLookup = Callable[[str], Optional["pygame.mixer.Sound"]]


def _art_lookup(name: str) -> pygame.mixer.Sound | None:
    sounds = importlib.import_module("crimson_table.ui.art.sounds")
    sound = sounds.get(name)
    return sound if isinstance(sound, pygame.mixer.Sound) else None


class SoundPlayer:
    """Owns the mixer; ``play(name)`` is always safe to call.

    The audio device is opened on the first sound, not at start-up: opening it can take a
    noticeable moment on some systems and the first frame should not wait for it.
    """

    def __init__(self, volume: float, lookup: SoundLookup | None = None) -> None:
        self.volume = volume
        self._lookup = lookup or _art_lookup
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._available: bool | None = None

    @property
    def available(self) -> bool:
        """True when an audio device could be opened (tried once, on first use)."""
        if self._available is None:
            self._available = self._init_mixer()
        return self._available

    def _init_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            log.warning("no audio device (%s): sound is off", exc)
            return False
        return True

    def set_volume(self, volume: float) -> None:
        """0.0 (silent) to 1.0."""
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> bool:
        """Play one sound; returns False when silent (no device, volume 0, unknown sound)."""
        if not self.available or self.volume <= 0.0:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        sound.set_volume(self.volume)
        sound.play()
        return True

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._cache:
            try:
                self._cache[name] = self._lookup(name)
            except (ImportError, AttributeError, pygame.error) as exc:
                log.warning("sound %r unavailable (%s)", name, exc)
                self._cache[name] = None
        return self._cache[name]
