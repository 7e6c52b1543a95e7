"""The table server: the authority over many online tables, each a :class:`~crimson_table.play.match.Match`.

Clients only ask; the server decides.  Every request is checked by :mod:`.protocol`, then
against the engine: an action must be among ``match.legal_actions()`` for the seat that sent
it, at the step it was chosen at; anything else gets a ``refusal`` with the rule and reason
(``match.refusal``).  What goes back to each connection is what its seat may know and nothing
more: ``match.view(seat)``, the events as ``match.events_for(seat, ...)`` redacts them, and the
legal actions only to the seat that acts.  A spectator (only where the host allows it) gets the
public view (seat None).  The match's seed never leaves the server (with the log it would tell
every hidden card), and by default the server draws it (``Limits.client_seeds`` lets tests fix it).

A table has seats of four kinds: ``host`` (the creator), ``remote`` (a person invited with a
seat token), ``bot`` (a computer seat: it decides in a worker process, :mod:`.bots`) and
``open`` (anyone with the table's invitation may claim it, getting a seat token of their own).
Tokens come from :func:`secrets.token_urlsafe`, are stored hashed (:mod:`.store`) and compared
with :func:`hmac.compare_digest`; a wrong token, like an unknown table, gets the same refusal and
nothing of the table.

Every accepted action is committed to the store before anyone hears of it, so a server killed at
any moment resumes each table where it stood (:meth:`TableServer.resume`).  A connection that
drops keeps its seat: joining again with the token and the last step it had (``since``) sends the
events it missed, redacted for it, and the position.

A long-running server keeps little: a table's match holds only its last few states (older ones
are rebuilt from the log when asked for), and a finished table leaves memory with its last
connection (the store keeps it; joining it again reads it back).

Each connection is limited (:class:`Limits`): a token bucket of requests per second, and after
``max_errors`` malformed frames or guessed tokens it is closed (requests past the rate are only
told to slow down, unless ``max_throttled`` come in a row: a flood); one connection never holds up another
(each has its own writer and a bounded backlog).  No request can stop the server or reach
another table, and one address may have only so many unfinished tables it created.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import sqlite3
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, NoReturn

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from crimson_table.ai.registry import levels_for
from crimson_table.engine.core import JSON, Action, IllegalAction, StateError
from crimson_table.engine.registry import GAMES
from crimson_table.net import protocol, rematch
from crimson_table.net.bots import decide_for_table, worker_pool
from crimson_table.net.protocol import ProtocolError, Request
from crimson_table.net.store import SeatRecord, TableRecord, TableStore, digest
from crimson_table.play.bot_worker import BotRequest
from crimson_table.play.match import Match, Seat, clean_name

log = logging.getLogger(__name__)

NO_TABLE = "That token opens no seat at this table."  # the same for a wrong token and no table
NO_WATCH = "There is no table to watch with that id."  # the same for no table and no spectators
CHAT_KEPT = 50
KEEP_STATES = 2  # past states a table's match keeps (older ones are rebuilt from the log if asked for)
CAPTAIN = "heuristic"  # the level that fills the seats left empty at the start (every game has it)
RETRY_SECONDS = 1.0  # a computer seat's move the store could not keep is decided again after this
REPLAYS_PER_CONNECTION = 4  # whole logs one connection may ask for (each can be a large frame)


@dataclass(frozen=True)
class Limits:
    """What one connection may do, and what the server takes on."""

    rate: float = 20.0  # requests per second, sustained
    burst: float = 40.0  # requests at once
    max_errors: int = 20  # bad frames before the connection is closed
    max_throttled: int = 200  # requests past the rate, in a row, before the connection is closed
    max_backlog: int = 1024  # frames waiting to be written before a stuck connection is dropped
    max_tables: int = 10_000
    tables_per_address: int = 100  # games not over that one address may have created (since start)
    client_seeds: bool = False  # let ``create`` fix the seed (tests; never on a public server)
    stand_in_after: float = protocol.STAND_IN_AFTER  # seconds away before Captain may play a seat
    chat_rate: float = 1.0  # chat lines a second, sustained: a table's talk, not a flood
    chat_burst: float = 5.0  # chat lines at once (a few quick reactions in a row)


class TokenBucket:
    """``rate`` tokens a second up to ``burst``: a request takes one, or is refused."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def take(self) -> bool:
        """True if a request may go through now."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Refused(Exception):
    """A request the server will not carry out: the ``error`` reply's code and message.
    ``fault`` counts it against the connection (a guessed token, not a late click)."""

    def __init__(self, code: str, message: str, fault: bool = False) -> None:
        super().__init__(message)
        self.code, self.message, self.fault = code, message, fault


class Conn:
    """One client connection: its socket, writer queue, limits and where it sits."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.bucket = TokenBucket(limits.rate, limits.burst)
        self.chat_bucket = TokenBucket(limits.chat_rate, limits.chat_burst)
        self.errors = 0
        self.throttled = 0  # requests refused for the rate since the last one let through
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.table: Table | None = None
        self.seat: int | None = None
        self.closing = False
        self.replays = 0  # whole logs sent to this connection
        self.address = _host_of(ws.remote_address)
        self._max_backlog = limits.max_backlog

    def send(self, message: dict[str, JSON]) -> None:
        """Queue a frame for this connection (a stuck one is dropped rather than hold memory)."""
        if self.closing:
            return
        if self.outbox.qsize() >= self._max_backlog:
            self.closing = True
            log.warning("dropping a connection that stopped reading")
            self.ws.transport.abort()
            return
        self.outbox.put_nowait(protocol.encode(message))


@dataclass
class Table:
    """One online table: its seats, the match and who is connected."""

    id: str
    seats: list[SeatRecord]
    match: Match
    spectators: bool
    invite_hash: str
    started: bool = False
    conns: dict[Conn, int | None] = field(default_factory=dict)
    chat: deque[dict[str, JSON]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    bot_busy: bool = False
    creator: str | None = None  # the address that created it (kept in memory only)
    away_since: dict[int, float] = field(default_factory=dict)  # a person's seat: when they left
    stand_ins: set[int] = field(default_factory=set)  # people's seats Captain plays until they return
    offer: rematch.RematchOffer | None = None  # a rematch asked for and not yet answered by all
    rematch_asks: int = 0
    rematched_to: str | None = None  # the table its rematch opened

    def computer_plays(self, seat: int) -> bool:
        """A computer seat, or a person's seat Captain plays while they are away."""
        return self.seats[seat].kind == "bot" or seat in self.stand_ins

    def seat_for_token(self, token: str) -> int | None:
        """The seat ``token`` opens, compared in constant time."""
        wanted = digest(token)
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(wanted, seat.token_hash):
                found = index
        return found

    def holder(self, seat: int) -> Conn | None:
        """The connection sitting at ``seat``, if any."""
        return next((c for c, s in self.conns.items() if s == seat), None)

    def lobby(self) -> dict[str, JSON]:
        """Who sits where and who is connected (public)."""
        connected = set(self.conns.values())
        return {
            "type": "lobby",
            "table": self.id,
            "game": self.match.game_id,
            "options": dict(self.match.options),
            "started": self.started,
            "spectators": self.spectators,
            "watchers": sum(1 for s in self.conns.values() if s is None),
            "seats": [
                {
                    "name": self.match.seats[i].name,
                    "kind": seat.kind,
                    "level": seat.level if seat.kind == "bot" else None,
                    "connected": seat.kind == "bot" or i in connected,
                    "stand_in": i in self.stand_ins,
                }
                for i, seat in enumerate(self.seats)
            ],
        }

    def update_for(self, seat: int | None, from_step: int, reset: bool = False) -> dict[str, JSON]:
        """What ``seat`` (None: a spectator) may know of the steps since ``from_step`` and now."""
        match = self.match
        current = match.current_seat()
        acting = self.started and seat is not None and seat == current
        return {
            "type": "update",
            "table": self.id,
            "from_step": from_step,
            "step": match.step,
            "reset": reset,
            "actors": [match.actor_of(i) for i in range(from_step, match.step)],
            "events": [
                [protocol.event_to_json(e) for e in match.events_for(seat, list(match.events_of(i)))]
                for i in range(from_step, match.step)
            ],
            "view": match.view(seat),
            "open": match.open_view() if match.is_over() else None,  # every hand, once the game is over
            "current": current,
            "legal": [a.to_dict() for a in match.legal_actions()] if acting else [],
            "over": match.is_over(),
            "outcome": protocol.outcome_to_json(match.outcome()),
            "undo": self.undo_refusal_for(seat),
        }

    def status_for(self, seat: int, request_id: int | None) -> dict[str, JSON]:
        """How the table stands for the holder of ``seat``'s token: what anyone at it may know
        (names, whose move, the step, finished or not and who won), never a view or a card."""
        match = self.match
        outcome = match.outcome()
        return {
            "type": "status",
            "id": request_id,
            "table": self.id,
            "seat": seat,
            "game": match.game_id,
            "names": [s.name for s in match.seats],
            "started": self.started,
            "step": match.step,
            "current": match.current_seat() if self.started else None,
            "over": match.is_over(),
            "winners": list(outcome.winners) if outcome is not None else None,
        }

    def undo_refusal_for(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take back the last decision now (None: it may)."""
        match = self.match
        if seat is None or match.step == 0 or match.actor_of(match.step - 1) != seat:
            return "There is no move of yours to take back."
        return match.undo_refusal()

    def broadcast(self, make: Callable[[int | None], dict[str, JSON]]) -> None:
        """Send each connection its own frame (``make(seat)``)."""
        for conn, seat in list(self.conns.items()):
            conn.send(make(seat))


class TableServer:
    """Many tables, their connections, the store and the bots' worker pool."""

    def __init__(
        self, store: TableStore | None = None, bots: Executor | None = None, limits: Limits | None = None
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self._bots = bots
        self._own_pool = bots is None
        self._tasks: set[asyncio.Task[None]] = set()
        self._handlers: dict[str, Callable[[Conn, Request], None]] = {
            "create": self._create,
            "join": self._join,
            "claim": self._claim,
            "watch": self._watch,
            "start": self._start,
            "act": self._act,
            "undo": self._undo,
            "why": self._why,
            "chat": self._chat,
            "stand_in": self._stand_in,
            "ping": self._ping,
            "rematch": self._rematch,
            "replay": self._replay,
            "status": self._status,
        }

    # -- life cycle ----------------------------------------------------------------------------------
    def resume(self) -> int:
        """Load every stored table (replaying its log, checking each state hash); returns how many."""
        if self.store is None:
            return 0
        for record in self.store.tables(finished=False):
            table = _rebuild_or_none(record)
            if table is not None:
                self.tables[record.id] = table
        return len(self.tables)

    def table(self, table_id: str) -> Table | None:
        """The table ``table_id``: in memory, or a finished one read back from the store."""
        table = self.tables.get(table_id)
        if table is None and self.store is not None and len(table_id) <= protocol.MAX_ID:
            record = self.store.table(table_id)
            table = _rebuild_or_none(record) if record is not None else None
            if table is not None:
                self.tables[table_id] = table
        return table

    def _refuse_stranger(self, table: Table | None, message: str) -> NoReturn:
        """Refuse a wrong token, invitation or table id alike (a finished table read back for the
        question leaves memory again)."""
        if table is not None:
            self._let_go_if_done(table)
        raise Refused("refused", message, fault=True)

    def _let_go_if_done(self, table: Table) -> None:
        """A finished table nobody watches leaves memory (the store keeps it: :meth:`table`)."""
        if table.match.is_over() and not table.conns and self.store is not None:
            self.tables.pop(table.id, None)

    def start_bots(self) -> None:
        """Let every computer seat whose turn it is think (after :meth:`resume`, on the loop)."""
        for table in self.tables.values():
            self._kick_bot(table)

    def close(self) -> None:
        """Stop the worker pool and close the store (tasks left on a loop already closed never run
        again: only those on a live loop are cancelled)."""
        for task in list(self._tasks):
            if not task.get_loop().is_closed():
                task.cancel()
        if self._bots is not None and self._own_pool:
            self._bots.shutdown(wait=False, cancel_futures=True)
        if self.store is not None:
            self.store.close()

    # -- one connection ------------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        """Serve one connection until it closes (the websockets server calls it).

        A connection past its error limit is closed with 1008; frames still arriving meanwhile are
        read and dropped, so the client's closing frame is not stuck behind them.
        """
        conn = Conn(ws, self.limits)
        writer = asyncio.create_task(self._write(conn))
        closer: asyncio.Task[None] | None = None
        try:
            async for frame in ws:
                if not conn.closing:
                    self.receive(conn, frame)
                if conn.closing and closer is None:
                    closer = asyncio.create_task(ws.close(1008, "too many bad requests"))
        except ConnectionClosed:
            pass
        finally:
            self._leave(conn)
            writer.cancel()
            if closer is not None:
                await closer

    async def _write(self, conn: Conn) -> None:
        try:
            while True:
                frame = await conn.outbox.get()
                await conn.ws.send(frame)
        except ConnectionClosed:
            return

    def receive(self, conn: Conn, frame: str | bytes) -> None:
        """Handle one inbound frame; whatever it holds, the server carries on."""
        request_id = None
        try:
            if not conn.bucket.take():
                conn.throttled += 1
                conn.closing = conn.throttled >= self.limits.max_throttled
                raise Refused("slow-down", "Too many requests: wait a moment.")
            conn.throttled = 0
            request = protocol.parse_request(frame)
            request_id = request.id
            self._handlers[request.type](conn, request)
        except ProtocolError as exc:
            self._fault(conn, Refused(exc.code, exc.message, fault=True), request_id)
        except Refused as exc:
            self._fault(conn, exc, request_id)
        except Exception:  # noqa: BLE001 - a bug answering one request must not stop the server
            log.exception("request failed")
            conn.send(protocol.error("server-error", "The server could not handle that request.", request_id))

    def _fault(self, conn: Conn, refused: Refused, request_id: int | None) -> None:
        conn.send(protocol.error(refused.code, refused.message, request_id))
        if refused.fault:
            conn.errors += 1
            if conn.errors >= self.limits.max_errors:
                conn.closing = True

    def _leave(self, conn: Conn) -> None:
        table, conn.table = conn.table, None
        if table is not None and conn in table.conns:
            seat = table.conns.pop(conn)
            if seat is not None and table.holder(seat) is None:
                table.away_since[seat] = time.monotonic()
                self._withdraw_offer(table, seat)
            table.broadcast(lambda _seat: table.lobby())
            self._let_go_if_done(table)

    def _check_room(self, address: str) -> None:
        """Refuse a new table when the server is full or ``address`` has too many games going."""
        if len(self.tables) >= self.limits.max_tables:
            raise Refused("server-full", "This server takes no more tables now.")
        if self._open_tables_of(address) >= self.limits.tables_per_address:
            raise Refused("too-many-tables", "You have too many tables open here: finish one first.")

    def _open_tables_of(self, address: str) -> int:
        """Tables created from ``address`` (since this server started) whose game is not over."""
        return sum(1 for t in self.tables.values() if t.creator == address and not t.match.is_over())

    # -- requests: the table -------------------------------------------------------------------------
    def _create(self, conn: Conn, request: Request) -> None:
        self._require_free(conn)
        self._check_room(conn.address)
        game_id = request["game"]
        if game_id not in GAMES:
            raise Refused("bad-game", f"There is no game {game_id!r} here.", fault=True)
        specs = request["seats"]
        _check_seats(game_id, specs)
        seed = request["seed"] if self.limits.client_seeds and request["seed"] is not None else None
        table, tokens, invite = _new_table(game_id, specs, request["options"], seed, request["spectators"])
        table.creator = conn.address
        self.tables[table.id] = table
        if self.store is not None:
            self.store.add_table(_record(table))
        host = next(i for i, s in enumerate(specs) if s["kind"] == "host")
        conn.send(
            {
                "type": "created",
                "id": request.id,
                "table": table.id,
                "seat": host,
                "tokens": {str(seat): token for seat, token in tokens.items()},
                "invite": invite,
            }
        )
        self._sit(conn, table, host, since=0)

    def _join(self, conn: Conn, request: Request) -> None:
        table = self.table(request["table"])
        seat = table.seat_for_token(request["token"]) if table is not None else None
        if table is None or seat is None:
            self._refuse_stranger(table, NO_TABLE)
        if conn.table is not None and (conn.table is not table or conn.seat != seat):
            raise Refused("already-seated", "This connection already sits at a table.")
        old = table.holder(seat)
        if old is not None and old is not conn:
            old.send(protocol.error("replaced", "Your seat was taken up by a newer connection."))
            table.conns.pop(old, None)
            old.table = None
        self._sit(conn, table, seat, since=request["since"])

    def _claim(self, conn: Conn, request: Request) -> None:
        self._require_free(conn)
        table = self.table(request["table"])
        wanted = digest(request["invite"])
        if table is None or not hmac.compare_digest(wanted, table.invite_hash):
            self._refuse_stranger(table, NO_TABLE)
        seat = next((i for i, s in enumerate(table.seats) if s.kind == "open"), None)
        if seat is None:
            raise Refused("table-full", "Every seat at this table is taken.")
        token = secrets.token_urlsafe(24)
        name = clean_name(request["name"])
        table.seats[seat] = SeatRecord("remote", name, "random", digest(token))
        table.match.seats[seat] = Seat(name, "human")
        if self.store is not None:
            self.store.set_seat(table.id, seat, table.seats[seat])
        conn.send({"type": "claimed", "id": request.id, "table": table.id, "seat": seat, "token": token})
        self._sit(conn, table, seat, since=0)

    def _watch(self, conn: Conn, request: Request) -> None:
        table = self.table(request["table"])
        if table is None or not table.spectators:
            self._refuse_stranger(table, NO_WATCH)
        if conn.table is not None and (conn.table is not table or conn.seat is not None):
            raise Refused("already-seated", "This connection already sits at a table.")
        self._sit(conn, table, None, since=request["since"])

    def _start(self, conn: Conn, request: Request) -> None:
        table, seat = self._seated(conn)
        if table.seats[seat].kind != "host":
            raise Refused("not-host", "Only the host starts the game.")
        if table.started:
            raise Refused("started", "The game has started already.")
        if request["fill"]:
            self._fill_empty_seats(table)
        if any(s.kind == "open" for s in table.seats):
            raise Refused("seats-open", "Every open seat must be taken before the game starts.")
        table.started = True
        if self.store is not None:
            self.store.mark_started(table.id)
        table.broadcast(lambda _seat: table.lobby())
        step = table.match.step
        table.broadcast(lambda viewer: table.update_for(viewer, step))
        self._kick_bot(table)

    def _fill_empty_seats(self, table: Table) -> None:
        """Captain (the heuristic computer player) takes every open seat and every friend's seat with
        nobody connected at it: the host chose to start without them (their codes open nothing now)."""
        for index, record in enumerate(table.seats):
            if record.kind == "open" or (record.kind == "remote" and table.holder(index) is None):
                name = table.match.seats[index].name if record.kind == "remote" else f"Captain {index + 1}"
                table.seats[index] = SeatRecord("bot", name, CAPTAIN, None)
                table.match.seats[index] = Seat(name, "bot", CAPTAIN)
                if self.store is not None:
                    self.store.set_seat(table.id, index, table.seats[index])

    def _sit(self, conn: Conn, table: Table, seat: int | None, since: int) -> None:
        conn.table, conn.seat = table, seat
        table.conns[conn] = seat
        if seat is not None:  # back: the seat is the person's again
            table.away_since.pop(seat, None)
            table.stand_ins.discard(seat)
        conn.send({"type": "seated", "table": table.id, "seat": seat, "chat": list(table.chat)})
        table.broadcast(lambda _seat: table.lobby())
        if since > table.match.step:  # undone while away: start again from the position
            conn.send(table.update_for(seat, table.match.step, reset=True))
        else:
            conn.send(table.update_for(seat, since))

    # -- requests: playing ---------------------------------------------------------------------------
    def _act(self, conn: Conn, request: Request) -> None:
        table, seat = self._playing(conn, request["step"])
        match = table.match
        try:
            action = match.rules.action_from_dict(request["action"])
        except StateError as exc:
            raise Refused("bad-action", f"Not an action of this game: {exc}", fault=True) from None
        if match.current_seat() != seat:
            raise Refused("not-your-turn", "It is not your turn.")
        if action not in match.legal_actions():
            self._send_refusal(conn, request, _refusal_of(match, action, ()))
            return
        self._accept(table, action)

    def _undo(self, conn: Conn, request: Request) -> None:
        table, seat = self._playing(conn, request["step"])
        why = table.undo_refusal_for(seat)
        if why is not None:
            self._send_refusal(conn, request, IllegalAction("UNDO", why))
            return
        if self.store is not None:  # the store first: an undo it did not keep is not done
            self.store.truncate(table.id, table.match.step - 1)
        table.match.undo()
        step = table.match.step
        table.broadcast(lambda viewer: table.update_for(viewer, step, reset=True))
        self._kick_bot(table)

    def _why(self, conn: Conn, request: Request) -> None:
        table, seat = self._seated(conn)
        match = table.match
        if not table.started:
            refused: IllegalAction | None = IllegalAction("NOT-STARTED", "The game has not started yet.")
        elif match.current_seat() != seat:
            refused = IllegalAction("NOT-YOUR-TURN", "It is not your turn.")
        else:
            try:
                chain = [match.rules.action_from_dict(a) for a in [request["action"], *request["then"]]]
            except StateError as exc:
                raise Refused("bad-action", f"Not an action of this game: {exc}", fault=True) from None
            refused = _refusal_of(match, chain[0], chain[1:])
        self._send_refusal(conn, request, refused)

    def _stand_in(self, conn: Conn, request: Request) -> None:
        """Captain plays a person's seat while they are away (asked by another player, once they
        have been gone :attr:`Limits.stand_in_after` seconds); their return gives it back."""
        table, me = self._seated(conn)
        seat = int(request["seat"])
        if seat >= len(table.seats) or seat == me or table.seats[seat].kind == "bot":
            raise Refused("no-seat", "Only another person's seat can be played by Captain.")
        if not table.started or table.match.is_over():
            raise Refused("not-playing", "Captain can stand in only while the game is played.")
        left = table.away_since.get(seat)
        name = table.match.seats[seat].name
        if table.holder(seat) is not None or left is None:
            raise Refused("not-away", f"{name} is at the table.")
        if time.monotonic() - left < self.limits.stand_in_after:
            raise Refused("not-away", f"{name} has not been away long: wait a little longer.")
        table.stand_ins.add(seat)
        table.broadcast(lambda _seat: table.lobby())
        self._kick_bot(table)

    def _chat(self, conn: Conn, request: Request) -> None:
        """A seated player's line, cleaned, to every connection at the table (spectators read it
        too); a line that is empty once cleaned, or one past the chat's own rate, is refused."""
        table, seat = self._seated(conn)
        said = protocol.clean_line(request["text"])
        if not said:
            raise Refused("empty-chat", "There is nothing to say in that line.")
        if not conn.chat_bucket.take():
            raise Refused("chat-slow", "You are chatting too fast: wait a moment.")
        line: dict[str, JSON] = {
            "type": "chat",
            "table": table.id,
            "seat": seat,
            "name": table.match.seats[seat].name,
            "text": said,
        }
        table.chat.append(line)
        table.broadcast(lambda _seat: line)

    # -- requests: after the end ---------------------------------------------------------------------
    def _replay(self, conn: Conn, request: Request) -> None:
        """The whole game, seed and log, to a seat or spectator of a finished table: the game is
        over, nothing is hidden any more (a replay opens every hand, as a local game's does)."""
        table = conn.table
        if table is None or table.id != request["table"]:
            raise Refused("refused", "Only the players and spectators of a table get its replay.")
        if not table.match.is_over():
            raise Refused("not-over", "The replay of a game is sent once the game is over.")
        if conn.replays >= REPLAYS_PER_CONNECTION:
            raise Refused("too-many", "This connection has had that replay already.")
        conn.replays += 1
        conn.send({"type": "replay", "id": request.id, "table": table.id, "match": table.match.to_json()})

    def _rematch(self, conn: Conn, request: Request) -> None:
        """Ask for a rematch (with no offer standing), or answer the one that stands."""
        table, seat = self._seated(conn)
        if not table.match.is_over():
            raise Refused("not-over", "A rematch can be asked for once the game is over.")
        if table.rematched_to is not None:
            raise Refused("rematched", "This table has had its rematch already.")
        offer = table.offer
        if offer is None:
            offer = self._new_offer(conn, table, seat, request["accept"])
        elif not request["accept"]:
            table.offer = None
            table.broadcast(lambda _viewer: rematch.ended(table, "declined", seat))
            return
        offer.accepted.add(seat)
        if rematch.waiting_for(table, offer):
            table.broadcast(lambda _viewer: rematch.offered(table, offer))
        else:
            self._open_rematch(table)

    def _new_offer(self, conn: Conn, table: Table, seat: int, accept: bool) -> rematch.RematchOffer:
        if not accept:
            raise Refused("no-offer", "Nobody has asked for a rematch.")
        if table.rematch_asks >= rematch.MAX_ASKS:
            raise Refused("too-many", "This table has asked for a rematch enough times.")
        gone = rematch.absent(table)
        if gone:
            name = table.match.seats[gone[0]].name
            raise Refused("seat-gone", f"{name} has left the table: a rematch needs every player.")
        self._check_room(conn.address)
        table.rematch_asks += 1
        table.offer = rematch.RematchOffer(seat)
        return table.offer

    def _withdraw_offer(self, table: Table, seat: int) -> None:
        """A person left while a rematch was asked for: the offer ends, and the others hear who left."""
        if table.offer is not None and seat in rematch.people(table):
            table.offer = None
            table.broadcast(lambda _viewer: rematch.ended(table, "gone", seat))

    def _open_rematch(self, table: Table) -> None:
        """Every person accepted: a new table, the same seats and a fresh seed, started; every
        connection moves there, each seat told its own new token only."""
        match = table.match
        new, tokens, _invite = _new_table(
            match.game_id, rematch.seat_specs(table), dict(match.options), None, table.spectators
        )
        new.creator, new.started = table.creator, True
        self.tables[new.id] = new
        if self.store is not None:
            self.store.add_table(_record(new))
            self.store.mark_started(new.id)
        table.offer, table.rematched_to = None, new.id
        for conn, seat in list(table.conns.items()):
            del table.conns[conn]
            token = tokens.get(seat) if seat is not None else None
            conn.send({"type": "rematched", "table": table.id, "to": new.id, "seat": seat, "token": token})
            self._sit(conn, new, seat, since=0)
        self._let_go_if_done(table)
        self._kick_bot(new)

    def _status(self, conn: Conn, request: Request) -> None:
        """How a table stands, for a player who holds a seat there (a wrong token learns nothing);
        the connection does not sit down, and a finished table read back for it leaves memory."""
        table = self.table(request["table"])
        seat = table.seat_for_token(request["token"]) if table is not None else None
        if table is None or seat is None:
            self._refuse_stranger(table, NO_TABLE)
        conn.send(table.status_for(seat, request.id))
        self._let_go_if_done(table)

    def close_tables(self, message: str = protocol.HOST_CLOSED) -> None:
        """Tell every connection its table is closed for good (the host's own server is stopping),
        so the players see why the table went rather than a connection retried for ever."""
        for table in self.tables.values():
            closed: dict[str, JSON] = {"type": "closed", "table": table.id, "message": message}
            for conn in list(table.conns):
                conn.send(closed)

    def backlog(self) -> int:
        """Frames queued for all connections and not yet written (a stopping server lets them go out)."""
        return sum(conn.outbox.qsize() for table in self.tables.values() for conn in table.conns)

    def _ping(self, conn: Conn, request: Request) -> None:
        conn.send({"type": "pong", "id": request.id})

    def _send_refusal(self, conn: Conn, request: Request, refused: IllegalAction | None) -> None:
        conn.send(
            {
                "type": "refusal",
                "id": request.id,
                "request": request.type,
                "rule": refused.rule_id if refused else None,
                "reason": refused.reason if refused else None,
            }
        )

    # -- state checks ---------------------------------------------------------------------------------
    def _require_free(self, conn: Conn) -> None:
        if conn.table is not None:
            raise Refused("already-seated", "This connection already sits at a table.")

    def _seated(self, conn: Conn) -> tuple[Table, int]:
        if conn.table is None or conn.seat is None:
            raise Refused("not-seated", "Join a seat first.")
        return conn.table, conn.seat

    def _playing(self, conn: Conn, step: int) -> tuple[Table, int]:
        table, seat = self._seated(conn)
        if not table.started:
            raise Refused("not-started", "The game has not started yet.")
        if table.match.is_over():
            raise Refused("over", "The game is over.")
        if step != table.match.step:
            raise Refused("stale", f"The table has moved on (step {table.match.step}, not {step}).")
        return table, seat

    # -- applying --------------------------------------------------------------------------------------
    def _accept(self, table: Table, action: Action) -> None:
        """Apply a legal action, commit it, tell every connection what its seat may know.

        A move the store cannot keep is taken off the match again and refused: nobody ever
        hears of a move that a restart would not bring back.
        """
        match = table.match
        before = match.step
        match.apply(action)
        if self.store is not None:
            try:
                self.store.append(table.id, before, action.to_dict(), match.state_hash())
            except sqlite3.Error:
                log.exception("table %s: the move could not be stored", table.id)
                match.follow(match, before)
                raise Refused("not-stored", "The server could not keep that move: try again.") from None
        match.forget_states(KEEP_STATES)  # thousands of states would slow every full collection
        table.broadcast(lambda viewer: table.update_for(viewer, before))
        if match.is_over() and self.store is not None:
            self.store.mark_over(table.id)
            self._let_go_if_done(table)
        self._kick_bot(table)

    def _kick_bot(self, table: Table) -> None:
        """If a computer seat is to act, let it think in a worker (one decision at a time)."""
        seat = table.match.current_seat()
        if table.bot_busy or not table.started or seat is None or not table.computer_plays(seat):
            return
        table.bot_busy = True
        task = asyncio.get_running_loop().create_task(self._bot_turn(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, table: Table) -> None:
        request = BotRequest.for_match(table.match)
        try:
            choice = await self._think(table.id, request)
        finally:
            table.bot_busy = False
        match = table.match
        if match.step != len(request.log) or match.state_hash() != request.state_hash:
            self._kick_bot(table)  # the position changed while it thought (an undo): think again
            return
        seat = match.current_seat()
        if seat is None or not table.computer_plays(seat):
            return  # the player came back while Captain thought: the move is theirs
        try:
            self._accept(table, _bot_action(match, choice))
        except Refused:  # not stored: think again in a moment
            asyncio.get_running_loop().call_later(RETRY_SECONDS, self._kick_bot, table)

    async def _think(self, table_id: str, request: BotRequest) -> dict[str, JSON] | None:
        loop = asyncio.get_running_loop()
        for _attempt in range(2):
            if self._bots is None:
                self._bots = worker_pool(2)
            try:
                return await loop.run_in_executor(self._bots, decide_for_table, table_id, request)
            except BrokenProcessPool:
                log.error("the bots' worker pool broke; starting a new one")
                if self._own_pool:
                    self._bots = None
            except Exception:  # noqa: BLE001 - a failing bot must not stop the table
                log.exception("a bot failed to decide at table %s", table_id)
                return None
        return None


def _host_of(address: Any) -> str:
    """The host part of a peer address (a ``(host, port, ...)`` tuple), as text."""
    return str(address[0]) if isinstance(address, tuple) and address else str(address)


def _bot_action(match: Match, choice: dict[str, JSON] | None) -> Action:
    """The bot's action if it is legal, else the first legal action (a failing bot still plays)."""
    legal = match.legal_actions()
    if choice is not None:
        try:
            action = match.rules.action_from_dict(choice)
        except StateError:
            action = None
        if action is not None and action in legal:
            return action
    log.error("a bot at %s gave no legal action; playing the first legal one", match.game_id)
    return legal[0]


def _refusal_of(
    match: Match, action: Action, then: list[Action] | tuple[Action, ...]
) -> IllegalAction | None:
    """``match.refusal`` for an action built from anything a client sent: a malformed one is
    refused in plain words rather than crashing the engine's checks."""
    try:
        return match.refusal(action, *then)
    except IllegalAction as exc:
        return exc
    except Exception:  # noqa: BLE001 - odd field types from the wire
        return IllegalAction("NOT-LEGAL", "That is not a legal move now.")


def _check_seats(game_id: str, specs: list[dict[str, str]]) -> None:
    info = GAMES.info(game_id)
    if not info.min_players <= len(specs) <= info.max_players:
        raise Refused("bad-seats", f"{info.title} takes {info.min_players} to {info.max_players} players.")
    if sum(1 for s in specs if s["kind"] == "host") != 1:
        raise Refused("bad-seats", "A table has exactly one host seat.")
    levels = levels_for(game_id)
    for spec in specs:
        if spec["kind"] == "bot" and spec["level"] not in levels:
            raise Refused("bad-seats", f"Computer seats play at one of: {', '.join(levels)}.")


def _match_seat(spec: dict[str, str], index: int) -> Seat:
    if spec["kind"] == "bot":
        return Seat(clean_name(spec["name"] or f"Computer {index + 1}"), "bot", spec["level"])
    default = "Open seat" if spec["kind"] == "open" else f"Player {index + 1}"
    return Seat(clean_name(spec["name"] or default), "human")


def _new_table(
    game_id: str, specs: list[dict[str, str]], options: dict[str, Any], seed: int | None, spectators: bool
) -> tuple[Table, dict[int, str], str | None]:
    """A fresh table, the seat tokens to hand out and the invitation (None without open seats)."""
    seats = [_match_seat(spec, i) for i, spec in enumerate(specs)]
    try:
        match = Match.new(game_id, seats, secrets.randbits(63) if seed is None else seed, options)
    except (ValueError, StateError) as exc:
        raise Refused("bad-options", str(exc)) from None
    tokens = {i: secrets.token_urlsafe(24) for i, s in enumerate(specs) if s["kind"] in ("host", "remote")}
    invite = secrets.token_urlsafe(12) if any(s["kind"] == "open" for s in specs) else None
    records = [
        SeatRecord(spec["kind"], seats[i].name, spec["level"], digest(tokens[i]) if i in tokens else None)
        for i, spec in enumerate(specs)
    ]
    table = Table(
        id=secrets.token_urlsafe(9),
        seats=records,
        match=match,
        spectators=spectators,
        invite_hash=digest(invite or secrets.token_urlsafe(12)),
    )
    return table, tokens, invite


def _record(table: Table) -> TableRecord:
    match = table.match
    return TableRecord(
        table.id,
        match.game_id,
        match.seed,
        dict(match.options),
        table.spectators,
        table.started,
        table.invite_hash,
        list(table.seats),
    )


def _rebuild_or_none(record: TableRecord) -> Table | None:
    """:func:`_rebuild`, or None (logged) for a table whose log does not replay."""
    try:
        return _rebuild(record)
    except (StateError, IllegalAction, ValueError, KeyError, TypeError) as exc:
        log.error("table %s cannot be resumed and is left out: %s", record.id, exc)
        return None


def _rebuild(record: TableRecord) -> Table:
    """A stored table as it stood: its log replayed, the hash after every step checked."""
    seats = [Seat(s.name, "bot", s.level) if s.kind == "bot" else Seat(s.name, "human") for s in record.seats]
    match = Match.new(record.game, seats, record.seed, record.options)
    for step, (raw, recorded) in enumerate(record.log):
        match.apply(match.rules.action_from_dict(raw))
        if match.state_hash() != recorded:
            raise StateError(f"step {step + 1} does not lead to the recorded position")
        match.forget_states(KEEP_STATES)
    return Table(record.id, record.seats, match, record.spectators, record.invite_hash, record.started)
