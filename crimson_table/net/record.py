"""An online game kept on this computer once it is over, as local games are kept: a save file.

During the game a client holds only what its seat was sent; after the end the server sends the
whole game (``replay``: seed and log), which ``RemoteMatch`` replays into a full
:class:`~crimson_table.play.match.Match` (``RemoteMatch.record``).  :func:`keep` writes it to the
saves folder as an ordinary save, so the Load list lists it (marked online), its Watch button
replays it and its statistics page reads it, exactly as for a local game.  The ``online`` field
says where it was played from: the table and the seat this player sat at (None: watched).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from crimson_table.play import saves
from crimson_table.play.match import Match

log = logging.getLogger(__name__)


def record_path(game_id: str) -> Path:
    """A new file in the saves folder for an online game (named after the moment, as autosaves)."""
    return saves.stamped_path(f"{saves.ONLINE_PREFIX}{game_id}")  # kept, never continued


def keep(record: Match, table: str, seat: int | None) -> Path | None:
    """Write the finished online game ``record`` (the server's, replayed here) as a save marked
    online; None, logged, when the disk refuses (the game was played; only its keeping failed)."""
    data: dict[str, Any] = {**record.to_json(), "online": {"table": table, "seat": seat}}
    try:
        return saves.atomic_write_json(record_path(record.game_id), data)
    except OSError:
        log.exception("the online game at table %s could not be kept", table)
        return None


def online_of(header: dict[str, Any]) -> dict[str, Any] | None:
    """A save's ``online`` field (where it was played), or None for a game played on this screen."""
    online = header.get("online")
    return online if isinstance(online, dict) else None
