"""User data on disk: where it lives, atomic JSON writes, reading with clear errors.

Everything goes under the platform's user data directory (platformdirs), or under
``$CRIMSON_TABLE_HOME`` when that is set (tests set it).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

APP_NAME = "CrimsonTable"
SAVE_SUFFIX = ".ctsave.json"


class SaveError(Exception):
    """A save or data file that cannot be used; ``str()`` names the file and the problem."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


def user_data_dir() -> Path:
    """Root folder of everything the app writes (created on demand)."""
    override = os.environ.get("CRIMSON_TABLE_HOME")
    if override:
        root = Path(override)
    else:
        import platformdirs

        root = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    root.mkdir(parents=True, exist_ok=True)
    return root


def saves_dir() -> Path:
    """Folder of saved matches."""
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    """The settings file."""
    return user_data_dir() / "settings.json"


def campaign_dir() -> Path:
    """Folder of solo campaign slots."""
    path = user_data_dir() / "campaign"
    path.mkdir(parents=True, exist_ok=True)
    return path


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def atomic_write_json(path: Path | str, data: Any) -> Path:
    """Write ``data`` as JSON so that a crash never leaves a half-written file.

    The text goes to a temporary file in the same folder, is flushed to disk, and
    then replaces ``path`` in one rename.  The previous file is kept as ``<name>.bak``.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            shutil.copy2(path, backup_path(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


MAX_FILE_BYTES = 32 * 1024 * 1024  # far above any real save (a long game is ~100 kB)
MAX_DEPTH = 64  # a save nests about 6 levels deep; the parser recurses per level
MAX_INT_DIGITS = 40  # seeds are 64-bit; nothing in a save needs a longer integer


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"holds an integer of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"holds the number {text[:20]}, too large for a float")
    return value


def _parse_constant(name: str) -> Any:
    raise ValueError(f"holds {name}, which is not a JSON number")


def _too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """True if ``data`` nests more than ``limit`` levels (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > limit:
                return True
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def _read_text(path: Path) -> str:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SaveError(path, f"is too large to be a Crimson Table file (over {MAX_FILE_BYTES} bytes)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def read_json(path: Path | str) -> Any:
    """Parse a JSON file; any problem raises :class:`SaveError` naming the file.

    Refused, each with its reason: a missing or unreadable file, one that is not UTF-8, not
    JSON, nested more than ``MAX_DEPTH`` levels, holding an integer of more than
    ``MAX_INT_DIGITS`` digits or NaN/Infinity, or larger than ``MAX_FILE_BYTES``.
    """
    path = Path(path)
    text = _read_text(path)
    try:
        data = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant
        )
    except json.JSONDecodeError as exc:
        raise SaveError(
            path, f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise SaveError(path, f"is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:
        raise SaveError(path, str(exc)) from None
    if _too_deep(data):
        raise SaveError(path, f"is nested too deeply (more than {MAX_DEPTH} levels)")
    return data


def display_name(path: Path | str) -> str:
    """A file name safe to draw: bytes the file system could not decode become U+FFFD.

    >>> display_name("/saves/b\\udcffd.ctsave.json")
    'b\ufffdd.ctsave.json'
    """
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in Path(path).name)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_saves() -> list[Path]:
    """Saved matches, newest first (a file that vanishes meanwhile is simply left out)."""
    files = [p for p in saves_dir().glob("*" + SAVE_SUFFIX) if p.is_file()]
    return sorted(files, key=_mtime, reverse=True)


def last_save() -> Path | None:
    """The most recently written save, if any."""
    saves = list_saves()
    return saves[0] if saves else None
