"""The online seats this player holds, remembered on this computer so a game can be left and
taken up again days later (the Continue list asks each server how its table stands).

One JSON file in the user data folder (``online_tables.json``, written atomically with a backup,
as saves are).  Each entry is a seat: the server's address, the table, the seat and its token
(the token is what takes the seat again, as an invite code does), the game, the names at the
table, when it was last played, and whether the table is known to be closed (its host closed
it).  The player who created a table on a server also keeps the friends' codes, so the lobby can
show them again.  A file that cannot be read or holds something else is ignored with its problem
(naming the file): the app never fails because of it, and the next seat taken writes a fresh one
(the unreadable one is kept as its ``.bak``).
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from crimson_table.net.invite import server_url
from crimson_table.play import saves

log = logging.getLogger(__name__)

FILE_NAME = "online_tables.json"
VERSION = 1
MAX_BYTES = 1024 * 1024  # hundreds of tables are a few tens of kB
MAX_KEPT = 200  # the oldest seats are forgotten past this
# The protocol's limits (``net/protocol.py``, which the main menu's first frame does not load).
MAX_TEXT, MAX_NAME, MAX_SEATS = 200, 40, 6


@dataclass(frozen=True)
class HeldSeat:
    """One seat at an online table that this player may take up again."""

    address: str  # host:port (or a ws:// URL), as the player typed or was given it
    table: str
    seat: int
    token: str
    game: str
    names: tuple[str, ...] = ()
    played: float = 0.0  # when the player last sat there (seconds since the epoch)
    closed: bool = False  # the host closed the table: it is gone
    created: bool = False  # this player created the table (the host's seat: codes and Start)
    codes: dict[str, str] = field(default_factory=dict)  # the creator's: seat -> friend's token
    invite: str | None = None  # the creator's: the code of the open seats

    @property
    def url(self) -> str | None:
        """The URL a client connects to (None for an address that is not one)."""
        return server_url(self.address)

    @property
    def key(self) -> tuple[str, str, int]:
        """What tells one held seat from another: the server, the table and the seat."""
        return (self.address, self.table, self.seat)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the file."""
        data = asdict(self)
        data["names"] = list(self.names)
        return data


@dataclass(frozen=True)
class HeldSeats:
    """What the file holds: the seats, newest first, and the file's problem if it was ignored."""

    seats: tuple[HeldSeat, ...] = ()
    problem: str | None = None  # "<file>: <what is wrong>", shown to the player


def held_path() -> Path:
    """Where the held seats are kept."""
    return saves.user_data_dir() / FILE_NAME


def load(path: Path | None = None) -> HeldSeats:
    """The seats the file holds, newest first; an unreadable or malformed file gives none and its
    problem (the file and what is wrong), never an exception."""
    path = path or held_path()
    if not path.exists():
        return HeldSeats()
    try:
        data = saves.read_json(path, MAX_BYTES)
        seats = _seats_of(data)
    except saves.SaveError as exc:
        return _ignored(path, exc.problem)
    except (ValueError, TypeError) as exc:
        return _ignored(path, str(exc))
    return HeldSeats(tuple(sorted(seats, key=lambda s: -s.played)))


def _ignored(path: Path, problem: str) -> HeldSeats:
    log.warning("the online tables file %s is ignored: %s", path, problem)
    return HeldSeats(problem=f"{saves.display_name(path)} {problem}")


def _seats_of(data: Any) -> list[HeldSeat]:
    """The seats of the file's content; ValueError naming the first thing wrong."""
    if (
        not isinstance(data, dict)
        or data.get("version") != VERSION
        or not isinstance(data.get("seats"), list)
    ):
        raise ValueError(f"is not a list of online tables (version {VERSION})")
    return [_seat_of(entry, index) for index, entry in enumerate(data["seats"])]


def _seat_of(entry: Any, index: int) -> HeldSeat:
    where = f"entry {index + 1}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} is not an object")
    texts = {name: entry.get(name) for name in ("address", "table", "token", "game")}
    if not all(isinstance(v, str) and 0 < len(v) <= MAX_TEXT for v in texts.values()):
        raise ValueError(f"{where} needs an address, a table, a token and a game (text)")
    seat, names = entry.get("seat"), entry.get("names", [])
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
        raise ValueError(f"{where} has no seat from 0 to {MAX_SEATS - 1}")
    if not isinstance(names, list) or len(names) > MAX_SEATS or not all(isinstance(n, str) for n in names):
        raise ValueError(f"{where} has names that are not a short list of text")
    codes, invite = entry.get("codes", {}), entry.get("invite")
    if not isinstance(codes, dict) or not all(isinstance(v, str) for v in codes.values()):
        raise ValueError(f"{where} has codes that are not text")
    played = entry.get("played", 0.0)
    return HeldSeat(
        **texts,  # type: ignore[arg-type]
        seat=seat,
        names=tuple(n[:MAX_NAME] for n in names),
        played=float(played) if isinstance(played, (int, float)) and not isinstance(played, bool) else 0.0,
        closed=entry.get("closed") is True,
        created=entry.get("created") is True,
        codes={str(k): v for k, v in codes.items()},
        invite=invite if isinstance(invite, str) else None,
    )


def save(seats: tuple[HeldSeat, ...] | list[HeldSeat], path: Path | None = None) -> None:
    """Write the seats (atomically; the newest :data:`MAX_KEPT`)."""
    newest = sorted(seats, key=lambda s: -s.played)[:MAX_KEPT]
    saves.atomic_write_json(path or held_path(), {"version": VERSION, "seats": [s.to_dict() for s in newest]})


def remember(seat: HeldSeat, path: Path | None = None) -> None:
    """Keep ``seat`` (replacing what was kept of the same seat, whose codes it keeps when it brings
    none), stamped with the time now; an unreadable file is replaced (its old content stays in the
    ``.bak``)."""
    held = load(path).seats
    old = next((s for s in held if s.key == seat.key), None)
    if old is not None and not seat.codes and seat.invite is None:
        seat = replace(seat, codes=old.codes, invite=old.invite, created=seat.created or old.created)
    save([replace(seat, played=time.time()), *(s for s in held if s.key != seat.key)], path)


def forget(key: tuple[str, str, int], path: Path | None = None) -> None:
    """Drop the seat with ``key`` (a finished or closed table the player removes from the list)."""
    held = load(path)
    if held.problem is None:
        save([s for s in held.seats if s.key != key], path)


def mark_closed(url: str, table: str, path: Path | None = None) -> None:
    """The table ``table`` at ``url`` was closed by its host: every seat held there says so."""
    held = load(path)
    if held.problem is not None or not any(s.url == url and s.table == table for s in held.seats):
        return
    save([replace(s, closed=True) if s.url == url and s.table == table else s for s in held.seats], path)


def last_address(path: Path | None = None) -> str:
    """The server the player last created or joined a table on ("" if none), to offer again."""
    seats = load(path).seats
    return seats[0].address if seats else ""
