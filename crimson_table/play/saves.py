"""User data on disk: where it lives, atomic JSON writes, reading with clear errors.

Everything goes under the platform's user data directory (platformdirs), or under
``$CRIMSON_TABLE_HOME`` when that is set (tests set it).
"""

from __future__ import annotations

import json
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


def read_json(path: Path | str) -> Any:
    """Parse a JSON file; any problem raises :class:`SaveError` naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(path, f"cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            path, f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None


def list_saves() -> list[Path]:
    """Saved matches, newest first."""
    files = [p for p in saves_dir().glob("*" + SAVE_SUFFIX) if p.is_file()]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def last_save() -> Path | None:
    """The most recently written save, if any."""
    saves = list_saves()
    return saves[0] if saves else None
