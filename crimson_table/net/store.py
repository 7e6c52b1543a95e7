"""The server's memory: every table in one SQLite file, committed after each accepted action.

A table is its set-up (game, options, seed, seats, whether spectators may watch, whether it has
started) and its log of actions, each with the state hash it led to.  Seat tokens and the
table's invitation are kept only as SHA-256 digests: the file alone lets nobody sit down.

The file is in WAL mode with ``synchronous=NORMAL``: a commit is in the log before
:meth:`TableStore.append` returns, so a server killed with SIGKILL loses no accepted action (a
power cut may lose the last few; the clients then play them again).  On start the server reads
every table back (:meth:`TableStore.tables`), replays each log and checks the last hash.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crimson_table.engine.core import JSON

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    spectators INTEGER NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    invite_hash TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    level TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    step INTEGER NOT NULL,
    action TEXT NOT NULL,
    state_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, step)
);
"""


def digest(secret: str) -> str:
    """The SHA-256 hex digest a token or invitation is kept as.

    >>> len(digest("abc"))
    64
    """
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class SeatRecord:
    """One seat as stored: kind (host/remote/bot/open), name, bot level and token digest."""

    kind: str
    name: str
    level: str
    token_hash: str | None


@dataclass
class TableRecord:
    """One table as stored (its log as action dicts with the state hash after each)."""

    id: str
    game: str
    seed: int
    options: dict[str, JSON]
    spectators: bool
    started: bool
    invite_hash: str
    seats: list[SeatRecord]
    log: list[tuple[dict[str, JSON], str]] = field(default_factory=list)


class TableStore:
    """The SQLite file of the server's tables: one connection, used by one thread at a time (the
    server's event loop; it may be opened and closed on another, hence ``check_same_thread``)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the file (the WAL is checkpointed)."""
        self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def add_table(self, record: TableRecord) -> None:
        """Store a new table with its seats."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, seed, options, spectators, started, invite_hash, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.game,
                    record.seed,
                    json.dumps(record.options),
                    int(record.spectators),
                    int(record.started),
                    record.invite_hash,
                    time.time(),
                ),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (record.id, index, s.kind, s.name, s.level, s.token_hash)
                    for index, s in enumerate(record.seats)
                ],
            )

    def set_seat(self, table_id: str, seat: int, record: SeatRecord) -> None:
        """A seat changed hands (an open seat claimed)."""
        with self._transaction() as db:
            db.execute(
                "UPDATE seats SET kind = ?, name = ?, level = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (record.kind, record.name, record.level, record.token_hash, table_id, seat),
            )

    def mark_started(self, table_id: str) -> None:
        """The host started the game."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET started = 1 WHERE id = ?", (table_id,))

    def mark_over(self, table_id: str) -> None:
        """The table's game has ended (the server loads it again only when someone asks for it)."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def append(self, table_id: str, step: int, action: dict[str, JSON], state_hash: str) -> None:
        """Commit action number ``step`` (0-based) of a table's log and the hash it led to."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?)",
                (table_id, step, json.dumps(action, separators=(",", ":")), state_hash),
            )

    def truncate(self, table_id: str, steps: int) -> None:
        """Keep only the first ``steps`` actions of a table's log (an undo)."""
        with self._transaction() as db:
            db.execute("DELETE FROM actions WHERE table_id = ? AND step >= ?", (table_id, steps))

    def tables(self, *, finished: bool = True) -> Iterator[TableRecord]:
        """Every stored table with its seats and log, oldest first (without the finished ones if
        ``finished`` is False: a server starting loads only the games still on)."""
        where = "" if finished else " WHERE over = 0"
        rows = self._db.execute(f"SELECT id FROM tables{where} ORDER BY created").fetchall()
        for (table_id,) in rows:
            record = self.table(table_id)
            if record is not None:
                yield record

    def table(self, table_id: str) -> TableRecord | None:
        """One stored table with its seats and log (None if there is none by that id)."""
        row = self._db.execute(
            "SELECT game, seed, options, spectators, started, invite_hash FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        game, seed, options, spectators, started, invite_hash = row
        return TableRecord(
            table_id,
            game,
            seed,
            json.loads(options),
            bool(spectators),
            bool(started),
            invite_hash,
            self._seats(table_id),
            self._log(table_id),
        )

    def _seats(self, table_id: str) -> list[SeatRecord]:
        rows = self._db.execute(
            "SELECT kind, name, level, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [SeatRecord(*row) for row in rows]

    def _log(self, table_id: str) -> list[tuple[dict[str, JSON], str]]:
        rows = self._db.execute(
            "SELECT action, state_hash FROM actions WHERE table_id = ? ORDER BY step", (table_id,)
        )
        return [(json.loads(action), state_hash) for action, state_hash in rows]


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> sqlite3.Connection:
        self._db.execute("BEGIN IMMEDIATE")
        return self._db

    def __exit__(self, kind: Any, value: Any, trace: Any) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
