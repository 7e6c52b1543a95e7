"""User data on disk: where it lives, atomic JSON writes, reading with clear errors.

Everything goes under the platform's user data directory (platformdirs), or under
``$CRIMSON_TABLE_HOME`` when that is set (tests set it).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from crimson_table.engine.core import BRIEF_CHARS, clip

# where they always were, for callers: the folder itself lives in play/home.py (no saves code to load)
from crimson_table.play.home import APP_NAME as APP_NAME
from crimson_table.play.home import settings_path as settings_path
from crimson_table.play.home import user_data_dir as user_data_dir

SAVE_SUFFIX = ".ctsave.json"
ONLINE_PREFIX = "online_"  # a finished online game kept on this computer (net/record.py)


# A problem is a sentence: whatever a file holds, a message quoting it stays this short (a dialog
# that lays out megabytes of text freezes the app for minutes).
PROBLEM_CHARS = 300


class SaveError(Exception):
    """A save or data file that cannot be used; ``str()`` names the file and the problem (at most
    ``PROBLEM_CHARS`` of it, cut with "…")."""

    def __init__(self, path: Path | str, problem: str) -> None:
        problem = clip(problem, PROBLEM_CHARS)
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


def saves_dir() -> Path:
    """Folder of saved matches."""
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def campaign_dir() -> Path:
    """Folder of solo campaign slots."""
    path = user_data_dir() / "campaign"
    path.mkdir(parents=True, exist_ok=True)
    return path


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 60.0  # a temporary file older than this was left by a crash


def _temp_prefix(path: Path) -> str:
    return "." + path.name + "."


def atomic_write_json(path: Path | str, data: Any) -> Path:
    """Write ``data`` as JSON so that a crash never leaves a half-written file.

    The text goes to a temporary file in the same folder and is flushed to disk.  The
    previous file becomes ``<name>.bak`` in one rename (a hard link to it, or where links are
    not supported a flushed copy, is renamed over the old backup), then the temporary file
    replaces ``path`` in one rename.  Killed at any moment, ``path`` and its backup each hold
    a complete version.  Temporary files a crash left behind are removed.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    remove_stale_temp_files(path.parent, path, max_age=0.0)
    tmp = _write_temp(path, text)
    try:
        if path.exists():
            _replace_backup(path)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)
    return path


def _write_temp(path: Path, text: str) -> Path:
    fd, name = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _replace_backup(path: Path) -> None:
    """``path``'s current content becomes its backup in one rename (never truncated in place)."""
    fd, name = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".bak" + TEMP_SUFFIX, dir=path.parent)
    os.close(fd)
    staged = Path(name)
    try:
        staged.unlink()
        try:
            os.link(path, staged)  # the old file itself, no copy
        except OSError:
            shutil.copyfile(path, staged)
            with open(staged, "rb+") as handle:
                os.fsync(handle.fileno())
        os.replace(staged, backup_path(path))
        # a crash between the two renames leaves the save and its backup as one file under two
        # names; renaming a link over another of the same file does nothing (rename(2)), so the
        # staged name would stay behind
        staged.unlink(missing_ok=True)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entries (the renames) to disk where the OS allows it."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temp_files(folder: Path, target: Path | None = None, max_age: float = STALE_SECONDS) -> int:
    """Delete temporary files an interrupted write left in ``folder`` (of ``target`` only, if
    given, else any older than ``max_age`` seconds); returns how many were removed."""
    import time

    prefix = _temp_prefix(target) if target else "."
    removed = 0
    now = time.time()
    try:  # names compared as text: a glob would compile a pattern per target and keep it
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(TEMP_SUFFIX)]
    except OSError:
        return 0
    for stale in (folder / n for n in names):
        try:
            # max_age 0: every leftover of the target goes, even one whose mtime the file
            # system's coarser clock put a hair after ``now``
            if max_age <= 0 or now - stale.stat().st_mtime >= max_age:
                stale.unlink()
                removed += 1
        except OSError:
            continue
    return removed


MAX_FILE_BYTES = 8 * 1024 * 1024  # far above any real save (a long game is ~100 kB)
MAX_DEPTH = 64  # a save nests about 6 levels deep; the parser recurses per level
MAX_SEATS = 6  # the most any game seats (Condottiere)
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


def _read_text(path: Path, limit: int) -> str:
    raw = _read_capped(path, limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not UTF-8 text (byte {exc.start}: {exc.reason})") from None


NOT_A_FILE = "cannot be read: it is not a regular file (but a folder, a device or a pipe)"


def _read_capped(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of a regular file, else SaveError.

    Anything else is refused before it is opened: a FIFO would block the app for ever, and a
    link to ``/dev/zero`` never ends.  The size ``stat`` reports is not trusted: ``limit + 1``
    bytes are read and one too many refuses the file.  It is opened non-blocking where the system
    has that, so a file swapped for a FIFO between the check and the open cannot hang.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, NOT_A_FILE)
        if info.st_size > limit:
            raise _too_large(path, limit)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise SaveError(path, NOT_A_FILE)
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise SaveError(path, "the file does not exist") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise _too_large(path, limit)
    return raw


def _too_large(path: Path, limit: int) -> SaveError:
    return SaveError(path, f"is too large to be a Crimson Table file (over {limit:,} bytes)")


def read_json(path: Path | str, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Parse a JSON file; any problem raises :class:`SaveError` naming the file.

    Refused, each with its reason: a missing or unreadable file, anything but a regular file (a
    folder, a FIFO, a device such as ``/dev/zero``, also behind a link), one that is not UTF-8,
    not JSON, nested more than ``MAX_DEPTH`` levels, holding an integer of more than
    ``MAX_INT_DIGITS`` digits or NaN/Infinity, or larger than ``max_bytes``.
    """
    path = Path(path)
    text = _read_text(path, max_bytes)
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


def describe(game_title: str, names: Sequence[str], when: float | None = None) -> str:
    """A save as players name it: game, players and date ("Two Crowns: Anna vs Ben, 1 Dec 2026, 09:21").

    >>> describe("Two Crowns", ["Anna", "Ben"], 0.0).startswith("Two Crowns: Anna vs Ben, ")
    True
    """
    stamp = dt.datetime.fromtimestamp(time.time() if when is None else when)
    return f"{game_title}: {' vs '.join(names)}, {stamp.day} {stamp:%b %Y, %H:%M}"


# Names the app gives files itself (a timestamp); any other name was chosen by the player.
_GIVEN = re.compile(r"^(autosave_|rescued_)?[a-z_]+_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}(-\d+)?$")
RESCUE_PREFIX = "rescued_"
RESCUE_LABEL = "Kept after an error"  # how lists and notices name a rescue save


def stamped_path(name: str, taken: Callable[[Path], bool] = lambda path: False) -> Path:
    """A new file in the saves folder named ``<name>_<the moment>``, with ``-2``, ``-3``… after
    the moment when a file of that name exists (or ``taken`` says another writer holds it): two
    saves made in the same second never overwrite each other."""
    folder = saves_dir()
    stamp = dt.datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    path = folder / f"{name}_{stamp}{SAVE_SUFFIX}"
    counter = 2
    while path.exists() or taken(path):
        path = folder / f"{name}_{stamp}-{counter}{SAVE_SUFFIX}"
        counter += 1
    return path


def rescue_path(game_id: str) -> Path:
    """A new file for the game the app kept when a frame failed (``App.rescue``)."""
    return stamped_path(f"{RESCUE_PREFIX}{game_id}")


def is_rescue(path: Path | str) -> bool:
    """True for a save the app wrote itself when a frame failed (by its name).

    >>> is_rescue("rescued_two_crowns_2026-12-07_05-01-02.ctsave.json"), is_rescue("Duel.ctsave.json")
    (True, False)
    """
    name = display_name(path)
    return name.startswith(RESCUE_PREFIX) and bool(_GIVEN.match(name[: -len(SAVE_SUFFIX)]))


def shown_name(path: Path | str) -> str:
    """What lists call a save before its game: the player's name for it, "Kept after an error"
    for a rescue save, "" for a save the app named after its moment.

    >>> shown_name("rescued_two_crowns_2026-12-07_05-01-02.ctsave.json"), shown_name("Duel.ctsave.json")
    ('Kept after an error', 'Duel')
    """
    return chosen_name(path) or (RESCUE_LABEL if is_rescue(path) else "")


def chosen_name(path: Path | str) -> str:
    """The name the player gave a save ("" when the app named it after the moment it was kept).

    >>> chosen_name("two_crowns_2026-12-01_06-50-01.ctsave.json"), chosen_name("Duel.ctsave.json")
    ('', 'Duel')
    """
    name = display_name(path)
    stem = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
    return "" if _GIVEN.match(stem) else stem


def describe_file(path: Path | str) -> str:
    """A save file named by its game, players and date, read from its header; never raises
    ("" for a file whose header cannot be read)."""
    try:
        data = read_json(path)
        title = str(data["game"]).replace("_", " ").title()
        if len(data["seats"]) > MAX_SEATS:  # no game seats more: not a save to name by its players
            return ""
        names = [clip(str(seat["name"]), BRIEF_CHARS) for seat in data["seats"]]
    except Exception:  # noqa: BLE001 - a name for a notice must never fail
        return ""
    from crimson_table.engine.registry import GAMES

    if str(data["game"]) in GAMES:
        title = GAMES.info(str(data["game"])).title
    label = describe(title, names, _mtime(Path(path)))
    chosen = shown_name(path)
    return f"{chosen} ({label})" if chosen else label


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_saves() -> list[Path]:
    """Saved matches, newest first (a file that vanishes meanwhile is simply left out)."""
    folder = saves_dir()
    remove_stale_temp_files(folder)
    files = [p for p in folder.glob("*" + SAVE_SUFFIX) if p.is_file()]
    return sorted(files, key=_mtime, reverse=True)


def last_save() -> Path | None:
    """The most recently written save of a game played here, if any: a finished online game kept
    for its replay (named with :data:`ONLINE_PREFIX`) has nothing left to continue."""
    return next((path for path in list_saves() if not path.name.startswith(ONLINE_PREFIX)), None)
