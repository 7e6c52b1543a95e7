"""Short generated sounds: synthesised in pure Python (no numpy), written as .wav by tools/make_assets.py,
loaded at run time with ``get(name)``.

``get`` returns None when the mixer is not initialised or the file cannot be loaded (no audio device,
headless runs), so callers never need a try/except.  Synthesis is deterministic: the same code always
writes the same bytes.
"""

from __future__ import annotations

import math
import sys
import wave
from array import array
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame

from ._draw import Lcg

RATE = 44100
TAU = 2 * math.pi

SOUND_NAMES: tuple[str, ...] = (
    "card_slide",
    "card_place",
    "card_flip",
    "coin_clink",
    "die_roll",
    "victory_sting",
    "error_buzz",
    "click",
)
ALIASES: dict[str, str] = {
    "slide": "card_slide",
    "place": "card_place",
    "flip": "card_flip",
    "coin": "coin_clink",
    "roll": "die_roll",
    "dice": "die_roll",
    "victory": "victory_sting",
    "error": "error_buzz",
    "refused": "error_buzz",
}


def canonical(name: str) -> str:
    """The file name (without .wav) for a sound name or alias; KeyError for unknown names."""
    key = ALIASES.get(name, name)
    if key not in SOUND_NAMES:
        raise KeyError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES + tuple(ALIASES))}")
    return key


# -- synthesis ---------------------------------------------------------------------------------------


def _samples(seconds: float) -> range:
    return range(int(seconds * RATE))


def _env(t: float, attack: float, decay: float) -> float:
    """Linear attack then exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _noise(rng: Lcg) -> float:
    return rng.next() * 2.0 - 1.0


def card_slide() -> list[float]:
    """A card sliding over felt: band-limited noise that swells and darkens."""
    rng = Lcg(101)
    out: list[float] = []
    lp1 = lp2 = slow = 0.0
    total = 0.26
    for i in _samples(total):
        t = i / RATE
        cut = 0.32 - 0.22 * (t / total)
        lp1 += cut * (_noise(rng) - lp1)
        lp2 += cut * (lp1 - lp2)
        slow += 0.03 * (lp2 - slow)
        out.append((lp2 - slow) * _env(t, 0.05, 0.06))
    return out


def card_place() -> list[float]:
    """A card set down: a soft low thump with a papery tap."""
    rng = Lcg(202)
    out: list[float] = []
    lp = 0.0
    phase = 0.0
    for i in _samples(0.16):
        t = i / RATE
        freq = 110 + 80 * math.exp(-t / 0.02)
        phase += TAU * freq / RATE
        lp += 0.35 * (_noise(rng) - lp)
        out.append(math.sin(phase) * _env(t, 0.002, 0.03) + 0.6 * lp * _env(t, 0.0005, 0.007))
    return out


def card_flip() -> list[float]:
    """A card turned over: a quick bright flick."""
    rng = Lcg(303)
    out: list[float] = []
    lp = slow = 0.0
    for i in _samples(0.1):
        t = i / RATE
        lp += 0.5 * (_noise(rng) - lp)
        slow += 0.08 * (lp - slow)
        out.append((lp - slow) * _env(t, 0.012, 0.022))
    return out


def _bell(t: float, freqs: tuple[float, ...], amps: tuple[float, ...], decays: tuple[float, ...]) -> float:
    """Inharmonic partials, each with its own exponential decay (metal)."""
    if t < 0:
        return 0.0
    return sum(
        a * math.exp(-t / d) * math.sin(TAU * f * t) for f, a, d in zip(freqs, amps, decays, strict=True)
    )


def coin_clink() -> list[float]:
    """Two coins touching: two bright metallic strikes."""
    freqs = (2960.0, 4230.0, 5870.0, 7420.0, 9810.0)
    amps = (1.0, 0.7, 0.5, 0.35, 0.2)
    decays = (0.12, 0.085, 0.06, 0.045, 0.03)
    second = tuple(f * 1.06 for f in freqs)
    out: list[float] = []
    for i in _samples(0.5):
        t = i / RATE
        click = 0.4 * math.exp(-t / 0.0015) * math.sin(TAU * 6000 * t)
        out.append(_bell(t, freqs, amps, decays) + 0.6 * _bell(t - 0.075, second, amps, decays) + click)
    return out


def die_roll() -> list[float]:
    """A die tumbling on a table: a run of wooden knocks slowing to rest."""
    rng = Lcg(404)
    gaps = (0.0, 0.085, 0.07, 0.105, 0.08, 0.125, 0.1, 0.16, 0.2)
    hits: list[tuple[float, float, float]] = []
    at = 0.0
    for k, gap in enumerate(gaps):
        at += gap
        hits.append((at, 1.0 - 0.07 * k, 1.0 + 0.12 * (rng.next() - 0.5)))
    out: list[float] = []
    lp = 0.0
    for i in _samples(at + 0.15):
        t = i / RATE
        lp += 0.2 * (_noise(rng) - lp)
        value = 0.05 * lp * (1.0 if t < at else math.exp(-(t - at) / 0.03))
        for start, amp, pitch in hits:
            dt = t - start
            if 0 <= dt < 0.08:
                knock = _bell(
                    dt, (520 * pitch, 1210 * pitch, 1890 * pitch), (1.0, 0.5, 0.3), (0.03, 0.018, 0.01)
                )
                value += amp * (knock + 1.2 * lp * math.exp(-dt / 0.004))
        out.append(value)
    return out


def _brass(t: float, freq: float, length: float) -> float:
    """A bright, brassy note: harmonics whose brightness fades, a short attack and a release."""
    if t < 0 or t > length:
        return 0.0
    env = min(1.0, t / 0.018) * (0.8 + 0.2 * math.exp(-t / 0.08)) * min(1.0, (length - t) / 0.12)
    vibrato = 1.0 + (0.004 * math.sin(TAU * 5.5 * t) if t > 0.2 else 0.0)
    total = 0.0
    for n in range(1, 8):
        total += math.exp(-t * (n - 1) * 0.9) / n * math.sin(TAU * freq * n * vibrato * t)
    return env * total


def victory_sting() -> list[float]:
    """A short fanfare: a rising G-C-E arpeggio landing on a held C major chord."""
    notes = (
        (392.00, 0.0, 0.14, 1.0),
        (523.25, 0.13, 0.14, 1.0),
        (659.25, 0.26, 0.14, 1.0),
        (783.99, 0.39, 1.0, 1.0),
        (523.25, 0.39, 1.0, 0.55),
        (659.25, 0.39, 1.0, 0.45),
        (261.63, 0.39, 1.0, 0.5),
    )
    out: list[float] = []
    for i in _samples(1.45):
        t = i / RATE
        out.append(sum(gain * _brass(t - start, f, length) for f, start, length, gain in notes))
    return out


def error_buzz() -> list[float]:
    """A refused move: two short, low, beating buzzes."""
    out: list[float] = []
    for i in _samples(0.3):
        t = i / RATE
        gate = 0.0
        for start in (0.0, 0.15):
            dt = t - start
            if 0 <= dt <= 0.11:
                gate = min(1.0, dt / 0.005) * min(1.0, (0.11 - dt) / 0.015)
        tone = 0.0
        for n in (1, 3, 5, 7):
            tone += (math.sin(TAU * 123 * n * t) + math.sin(TAU * 130 * n * t)) / n
        out.append(gate * tone)
    return out


def click() -> list[float]:
    """A UI button tick."""
    rng = Lcg(505)
    return [
        math.exp(-(i / RATE) / 0.004) * (math.sin(TAU * 1800 * i / RATE) + 0.3 * _noise(rng))
        for i in _samples(0.03)
    ]


SYNTHS: dict[str, tuple[Callable[[], list[float]], float]] = {
    "card_slide": (card_slide, 0.55),
    "card_place": (card_place, 0.7),
    "card_flip": (card_flip, 0.5),
    "coin_clink": (coin_clink, 0.6),
    "die_roll": (die_roll, 0.7),
    "victory_sting": (victory_sting, 0.75),
    "error_buzz": (error_buzz, 0.5),
    "click": (click, 0.45),
}


def synthesize(name: str) -> array[int]:
    """Signed 16-bit mono samples at ``RATE`` for a sound, normalised to its peak level, faded at the end."""
    fn, peak = SYNTHS[canonical(name)]
    raw = fn()
    top = max((abs(v) for v in raw), default=0.0) or 1.0
    fade = min(len(raw), int(0.005 * RATE))
    out: array[int] = array("h")
    for i, v in enumerate(raw):
        tail = min(1.0, (len(raw) - i) / fade) if fade else 1.0
        out.append(max(-32767, min(32767, round(v / top * peak * tail * 32767))))
    return out


def write_wav(path: Path, samples: array[int]) -> None:
    """Write mono 16-bit little-endian PCM."""
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(data.tobytes())


# -- loading -----------------------------------------------------------------------------------------


def sound_path(name: str) -> Path:
    """Where a sound's .wav lives under ``assets/sounds``."""
    from crimson_table.resources import asset

    return asset("sounds", f"{canonical(name)}.wav")


def _mixer_ready() -> bool:
    try:
        return bool(pygame.mixer.get_init())
    except (pygame.error, AttributeError, NotImplementedError):
        return False


@cache
def _load(key: str) -> pygame.mixer.Sound | None:
    try:
        path = sound_path(key)
        return pygame.mixer.Sound(str(path)) if path.is_file() else None
    except (pygame.error, FileNotFoundError, OSError):
        return None


def get(name: str) -> pygame.mixer.Sound | None:
    """The sound called ``name`` (or an alias such as ``"coin"``), or None when there is no mixer or file.

    Raises KeyError only for names that are not sounds at all (a programming error).
    """
    key = canonical(name)
    if not _mixer_ready():
        return None
    return _load(key)


def play(name: str, volume: float = 1.0) -> None:
    """Play a sound at ``volume`` (0..1) if possible; silently does nothing otherwise."""
    sound = get(name)
    if sound is not None and volume > 0:
        sound.set_volume(max(0.0, min(1.0, volume)))
        sound.play()


def forget_loaded() -> None:
    """Drop loaded sounds (call after the mixer is closed and reopened)."""
    _load.cache_clear()
