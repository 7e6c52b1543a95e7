"""Persisted user settings: window, animation speed, volume, colour-blind patterns.

Stored as JSON in the user data directory through ``saves.atomic_write_json``.  A file that
cannot be read or does not validate is moved aside to ``settings.json.broken`` and the defaults
are used, with a notice on screen; the app never fails to start because of its settings.
"""

from __future__ import annotations

import logging
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from crimson_table.play import saves

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = ("off", "slow", "normal", "fast")
# How long an animation takes relative to its nominal duration ("off" = instant).
DURATION_FACTORS = {"off": 0.0, "slow": 1.6, "normal": 1.0, "fast": 0.5}
WINDOW_SIZES = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))


@dataclass(frozen=True)
class Settings:
    """Everything the player can set.  Frozen: change with :meth:`with_changes`."""

    window_width: int = 1600
    window_height: int = 900
    fullscreen: bool = False
    animation_speed: str = "normal"
    volume: float = 0.7
    colour_blind: bool = True
    log_collapsed: bool = False

    @property
    def window_size(self) -> tuple[int, int]:
        """Windowed size in pixels."""
        return (self.window_width, self.window_height)

    @property
    def duration_factor(self) -> float:
        """Multiplier for every animation's duration (0 = instant)."""
        return DURATION_FACTORS[self.animation_speed]

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some fields changed (validated)."""
        return validate(asdict(replace(self, **changes)))

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return asdict(self)


def validate(data: Any) -> Settings:
    """Build settings from a dict; anything wrong raises ValueError with the reason."""
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    known = {f.name: f for f in fields(Settings)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ValueError(f"unknown setting(s) {unknown}")
    defaults = Settings()
    values = {name: data.get(name, getattr(defaults, name)) for name in known}
    _check_types(values, defaults)
    if values["animation_speed"] not in ANIMATION_SPEEDS:
        raise ValueError(f"animation_speed must be one of {ANIMATION_SPEEDS}")
    if not 0.0 <= float(values["volume"]) <= 1.0:
        raise ValueError("volume must be between 0 and 1")
    if not (640 <= values["window_width"] <= 7680 and 360 <= values["window_height"] <= 4320):
        raise ValueError("window size out of range")
    values["volume"] = float(values["volume"])
    return Settings(**values)


def _check_types(values: dict[str, Any], defaults: Settings) -> None:
    for name, value in values.items():
        expected = type(getattr(defaults, name))
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            continue
        if type(value) is not expected:
            raise ValueError(f"{name} must be a {expected.__name__}, not {value!r}")


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file; see :func:`load_settings_with_notice`."""
    return load_settings_with_notice(path)[0]


def load_settings_with_notice(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and a notice for the player when the file was unusable.

    Missing -> the defaults.  Unreadable or invalid -> the defaults, the file moved aside to
    ``settings.json.broken`` (replacing an older one) so the player can look at it, and a
    notice saying so; the app never fails to start because of its settings.
    """
    path = path or saves.settings_path()
    if not path.exists():
        return Settings(), None
    try:
        return validate(saves.read_json(path)), None
    except (saves.SaveError, ValueError) as exc:
        problem = exc.problem if isinstance(exc, saves.SaveError) else f"has a bad value ({exc})"
        log.warning("settings file %s is unusable (%s); using the defaults", path, problem)
        broken = path.with_name(path.name + ".broken")
        try:
            os.replace(path, broken)
        except OSError:
            log.exception("could not move %s aside", path)
            return Settings(), f"Settings reset to the defaults: the settings file {problem}."
        return (
            Settings(),
            f"Settings reset to the defaults: the settings file {problem} (the old file is kept beside it).",
        )


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically."""
    return saves.atomic_write_json(path or saves.settings_path(), settings.to_dict())
