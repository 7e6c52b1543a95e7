"""Persisted user settings: window, animation speed, volume, colour-blind patterns, and the name
this player goes by at online tables (the host's seat, or the name typed to join).

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

from crimson_table.engine.core import brief, clip, counted, first_few
from crimson_table.play import saves

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = ("off", "slow", "normal", "fast")
# How long an animation takes relative to its nominal duration ("off" = instant).
DURATION_FACTORS = {"off": 0.0, "slow": 1.6, "normal": 1.0, "fast": 0.5}
WINDOW_SIZES = ((1024, 576), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MAX_BYTES = 64 * 1024  # the file is ~200 bytes; anything much larger is not ours
MAX_NAME = 40  # characters of the name used online (play.match.MAX_NAME; that module waits for a match)
NOTICE_CHARS = 300  # the notice shown at start: the file, its first problem, a count of the rest


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
    player_name: str = ""  # the name last used at an online table ("": none yet)

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
    """Build settings from a dict; anything wrong raises ValueError naming the first problem and
    counting the others (a message stays short whatever the file holds)."""
    if not isinstance(data, dict):
        raise ValueError(f"holds {brief(data)} where an object of settings belongs")
    problems = _problems(data)
    if problems:
        more = f" (and {counted(len(problems) - 1, 'more problem')})" if len(problems) > 1 else ""
        raise ValueError(problems[0] + more)
    defaults = Settings()
    values = {f.name: data.get(f.name, getattr(defaults, f.name)) for f in fields(Settings)}
    values["volume"] = float(values["volume"])
    return Settings(**values)


def _problems(data: dict[str, Any]) -> list[str]:
    """Every problem of a settings dict, each in a few words: unknown keys (counted), wrong types,
    values out of range."""
    defaults = Settings()
    known = {f.name for f in fields(Settings)}
    unknown = [key for key in data if key not in known]
    problems = [f"unknown setting(s) {first_few(unknown)}"] if unknown else []
    for name in (f.name for f in fields(Settings) if f.name in data):  # in the order of the form
        wrong = _type_problem(name, data[name], type(getattr(defaults, name)))
        problems += [wrong] if wrong else _range_problem(name, data[name])
    return problems


def _type_problem(name: str, value: Any, expected: type) -> str | None:
    if expected is float and isinstance(value, int) and not isinstance(value, bool):
        return None
    if type(value) is not expected:
        return f"{name} must be a {expected.__name__}, not {brief(value)}"
    return None


def _range_problem(name: str, value: Any) -> list[str]:
    if name == "animation_speed" and value not in ANIMATION_SPEEDS:
        return [f"animation_speed must be one of {ANIMATION_SPEEDS}"]
    if name == "volume" and not 0.0 <= float(value) <= 1.0:
        return ["volume must be between 0 and 1"]
    if name == "window_width" and not 640 <= value <= 7680:
        return ["window width out of range (640-7680)"]
    if name == "window_height" and not 360 <= value <= 4320:
        return ["window height out of range (360-4320)"]
    if name == "player_name" and len(value) > MAX_NAME:
        return [f"player_name must be at most {MAX_NAME} characters"]
    return []


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings file; see :func:`load_settings_with_notice`."""
    return load_settings_with_notice(path)[0]


def load_settings_with_notice(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and a notice for the player when the file was unusable.

    Missing -> the defaults.  Unreadable or invalid -> the defaults, the file moved aside to
    ``settings.json.broken`` (replacing an older one) so the player can look at it, and a
    notice saying so; the app never fails to start because of its settings.  The file is read
    as any save is (``saves.read_json``): a regular file of at most ``MAX_BYTES``, so a FIFO, a
    link to ``/dev/zero`` or a huge file is refused at once; the notice names the file and the
    first problem, counts the rest and is at most ``NOTICE_CHARS`` long.
    """
    path = path or saves.settings_path()
    saves.remove_stale_temp_files(path.parent, path)  # left by a write that was killed
    if not os.path.lexists(path):
        return Settings(), None
    try:
        return validate(saves.read_json(path, MAX_BYTES)), None
    except (saves.SaveError, ValueError) as exc:
        problem = exc.problem if isinstance(exc, saves.SaveError) else f"cannot be used: {exc}"
        log.warning("settings file %s is unusable (%s); using the defaults", path, clip(problem, 500))
        return Settings(), _notice(problem, _move_aside(path))


def _move_aside(path: Path) -> bool:
    """Keep an unusable settings file as ``<name>.broken``; False if it cannot be moved."""
    try:
        os.replace(path, path.with_name(path.name + ".broken"))
    except OSError:
        log.exception("could not move %s aside", path)
        return False
    return True


def _notice(problem: str, kept: bool) -> str:
    """What the player reads: the settings file, its first problem (the count of the others
    comes with it), where the old file went; never longer than ``NOTICE_CHARS``."""
    head = "Settings reset to the defaults: the settings file "
    tail = " (the old file is kept beside it)." if kept else "."
    return head + clip(problem, NOTICE_CHARS - len(head) - len(tail)) + tail


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically."""
    return saves.atomic_write_json(path or saves.settings_path(), settings.to_dict())
