"""Autosave: every match in play is kept on disk after each applied action, so no progress is lost.

Each match writes one autosave file in the saves folder, named
``autosave_<game>_<YYYY-mm-dd_HH-MM-SS>.ctsave.json`` after the moment it was first kept, and
rewrites it atomically (``saves.atomic_write_json``) after every action and undo, so Continue
(the newest save) always resumes the exact position, whatever ended the session: Quit to menu,
Load, closing the window or a crash.  A match loaded from an autosave goes on writing that same
file; a match loaded from a named save starts an autosave of its own, so the named save stays
as it was.  Only the newest :data:`KEEP` autosaves are kept.

The file is an ordinary save (``Match.load`` reads it); :func:`is_autosave` tells the two kinds
apart by name, for the Load screen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from weakref import WeakKeyDictionary

from crimson_table.play import saves
from crimson_table.play.match import Match

log = logging.getLogger(__name__)

PREFIX = "autosave_"
KEEP = 12

_PATHS: WeakKeyDictionary[Match, Path] = WeakKeyDictionary()
_FAILED: WeakKeyDictionary[Match, bool] = WeakKeyDictionary()


def is_autosave(path: Path | str) -> bool:
    """True for a file this module wrote (by its name), False for a named save."""
    name = Path(path).name
    return name.startswith(PREFIX) and name.endswith(saves.SAVE_SUFFIX)


def list_autosaves() -> list[Path]:
    """The autosaves in the saves folder, newest first."""
    return [p for p in saves.list_saves() if is_autosave(p)]


def attach(match: Match, path: Path | str) -> None:
    """Keep ``match`` in ``path`` from now on (a match loaded from an autosave continues it)."""
    if is_autosave(path):
        _PATHS[match] = Path(path)


def kept_path(match: Match) -> Path | None:
    """The autosave file ``match`` is kept in, or None while it has none (nothing written yet)."""
    return _PATHS.get(match)


def path_for(match: Match) -> Path:
    """The autosave file of ``match``; a new name the first time a match is kept."""
    path = _PATHS.get(match)
    if path is None:
        path = _new_path(match.game_id)
        _PATHS[match] = path
    return path


def _new_path(game_id: str) -> Path:
    """A fresh autosave file, never one another match's autosave already holds (not yet written)."""
    return saves.stamped_path(f"{PREFIX}{game_id}", taken=lambda path: path in _PATHS.values())


def write(match: Match, on_error: Callable[[str], None] | None = None) -> Path | None:
    """Keep ``match`` as it stands now; returns the file, or None if it could not be written.

    A failure never interrupts the game: it is logged, and ``on_error`` (a toast) hears of it
    once per match with a sentence a player understands.
    """
    new = match not in _PATHS
    path = path_for(match)
    try:
        match.save(path)
    except OSError as exc:
        log.warning("autosave to %s failed: %s", path, exc)
        if on_error is not None and not _FAILED.get(match):
            on_error(f"The game could not be kept on disk ({exc.strerror or exc}); save it by hand.")
        _FAILED[match] = True
        return None
    if new:
        prune()
    return path


def prune(keep: int = KEEP) -> list[Path]:
    """Delete all but the newest ``keep`` autosaves (and their backups); returns what went."""
    gone = list_autosaves()[keep:]
    for path in gone:
        for victim in (path, saves.backup_path(path)):
            try:
                victim.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not delete old autosave %s: %s", victim, exc)
    return gone
