"""The client side of online tables: a connection that never blocks its caller, and ``RemoteMatch``.

:class:`NetClient` runs its own asyncio loop on a background thread.  The caller (the app's
frame loop) hands it requests with :meth:`NetClient.send` and collects replies with
:meth:`NetClient.poll`; both return at once, whatever the network does.  A dropped connection is
opened again by itself (after 0.05 s, doubling up to 2 s, with a little jitter so a restarted
server is not met by every client in the same instant), and the request that took the seat
(``join`` with the seat token, or ``watch``) is sent again first with ``since`` set to the last
step received: the server sends the steps missed and the position.

:class:`RemoteMatch` offers the part of :class:`crimson_table.play.match.Match` the tables use,
kept from what the server sends this seat.  ``pump()`` (once a frame) reads the replies.

Supported, as ``Match`` has them: ``game_id``, ``rules`` (the local rules object: action codec,
INFO), ``options``, ``seats`` (names, human or computer), ``step``, ``current_seat()``,
``current_is_human()``, ``human_seats()``, ``legal_actions()`` (the seat's own, only on its turn),
``refusal(action)`` (answered at once from those legal actions; the rule and reason the server
gave once asked, see below), ``view(seat)`` (this seat's, or the public view for a spectator),
``events`` / ``events_of(i)`` / ``actor_of(i)`` (redacted for this seat by the server),
``events_for(seat, events)``, ``is_over()``, ``outcome()``, ``open_view()`` (every hand face up, sent
once the game is over), ``undo_refusal()``, ``can_undo()``, ``hints_used`` (zeros).

Different by nature of the network:

* ``apply(action)`` and ``undo()`` send the request and return ``[]`` at once; the events (or
  the position after an undo) arrive with the next update: :meth:`RemoteMatch.take_updates`.
  A refused request comes back in :attr:`RemoteMatch.refusals`.
* ``refusal(action)`` for an action outside the legal ones first says ``NOT-LEGAL`` and asks
  the server why (:meth:`RemoteMatch.ask_why`); the rule text replaces it once it arrives (tens
  of milliseconds).  ``refusal(action, *then)`` judges the first decision locally and the chain
  only by the server's answer once asked.

At the table (``ui/tables/remote_feed.py``): ``remote`` (True) and ``local_seats()`` (this
seat only) tell a table to run no bots, raise no curtain and autosave nothing;
``away_seats()`` names the people whose connection dropped (from the lobby the server sends);
``closed_by_host`` says why the table is gone when its host's own server closed it (the client then
stops reconnecting), and ``seat_token`` is what takes this seat again later (Continue keeps it).
The table's chat: :meth:`RemoteMatch.say` sends a line; :meth:`RemoteMatch.take_chat` hands the lines
heard since it was last asked (or the table's whole chat again after a reconnection), and
``chat_refusals`` the server's answers to lines it would not pass on (too fast, empty).

After the end: ``ask_replay()`` asks the server for the whole game; it arrives as ``record``, a
full :class:`~crimson_table.play.match.Match` replayed here (its hash checked by the replay, its last
position checked against the view this seat was sent), for the replay viewer and the statistics.
``ask_rematch()`` / ``answer_rematch(accept)`` take part in a rematch (``rematch_offer`` is the
server's last word on it); once the server has moved this connection to the rematch's table,
``successor`` is that table's RemoteMatch, fed by the same connection (``net/rematch.py``).

Not offered: ``bot_choose`` and hints (a remote seat is a person), ``save``/``load`` (the server
keeps the table), ``open_view(final)`` of a replayed step, ``state``/``state_at``/``prefix`` (a
client never holds a state), ``seconds_of``/``thinking``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import random
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from crimson_table.engine.core import (
    JSON,
    Action,
    Event,
    GameNotOver,
    GameRules,
    IllegalAction,
    Outcome,
    redact,
)
from crimson_table.engine.registry import GAMES
from crimson_table.net import protocol
from crimson_table.play.match import Match, Seat
from crimson_table.play.saves import SaveError

MAX_INBOUND = 16 * 1024 * 1024  # a whole game's events may come at once after a reconnect
FIRST_DELAY, MAX_DELAY = 0.05, 2.0
CHAT_KEPT = 100  # chat lines a screen keeps (the server sends its last 50 on joining)
STATUS = "_status"  # the type of the client's own messages about its connection


class NetClient:
    """One connection to a table server, on its own thread; :meth:`send` and :meth:`poll` never block."""

    def __init__(
        self,
        url: str,
        *,
        tls: ssl.SSLContext | None = None,
        reconnect: bool = True,
        record: list[str] | None = None,
        on_message: Callable[[], None] | None = None,
    ) -> None:
        self.url = url
        # Called on the network thread after each message is queued: the app wakes its resting
        # frame loop with it, so an idle window hears a move at once without polling at 60 Hz.
        self.on_message = on_message
        self.tls = tls
        self.reconnect = reconnect
        self.record = record  # every frame received, as text (tests check what a seat was sent)
        self.resume: dict[str, JSON] | None = None  # sent first on every (re)connection
        self.connected = threading.Event()
        self.closed = False
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[dict[str, JSON]] | None = None
        self._ws: ClientConnection | None = None
        self._thread = threading.Thread(target=self._run, name="crimson-table-net", daemon=True)
        self._thread.start()

    # -- the caller's side ---------------------------------------------------------------------------
    def send(self, message: dict[str, JSON]) -> None:
        """Queue a request (sent once connected; never blocks)."""
        if not self.closed:
            self._call(self._put, message)

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call (never blocks)."""
        out: list[dict[str, Any]] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The next message, waiting up to ``timeout`` seconds (tests and benches, never a frame loop)."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Close the connection and stop the thread."""
        if self.closed:
            return
        self.closed = True
        self._call(self._stop)
        self._thread.join(5.0)

    def drop(self) -> None:
        """Cut the connection without a goodbye (tests: a network failure); it reconnects by itself."""
        self._call(self._abort)

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        """Run ``fn`` on the network thread; nothing once that thread has ended (no reconnection)."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: the connection ended for good
            self._loop.call_soon_threadsafe(fn, *args)

    # -- the network thread ---------------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._outbox = asyncio.Queue()
        self._main_task = self._loop.create_task(self._main())
        try:
            self._loop.run_until_complete(self._main_task)
        except asyncio.CancelledError:
            pass
        finally:
            self._loop.close()

    def _put(self, message: dict[str, JSON]) -> None:
        assert self._outbox is not None
        self._outbox.put_nowait(message)

    def _stop(self) -> None:
        self._main_task.cancel()

    def _abort(self) -> None:
        if self._ws is not None:
            self._ws.transport.abort()

    def _status(self, state: str, detail: str = "") -> None:
        self._deliver({"type": STATUS, "state": state, "detail": detail})

    def _deliver(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for :meth:`poll` and tell the caller something came."""
        self._inbox.put(message)
        if self.on_message is not None:
            with contextlib.suppress(Exception):  # a caller's wake-up never breaks the connection
                self.on_message()

    async def _main(self) -> None:
        delay = FIRST_DELAY
        while not self.closed:
            try:
                async with connect(
                    self.url, max_size=MAX_INBOUND, compression=None, ssl=self.tls, open_timeout=5
                ) as ws:
                    delay = FIRST_DELAY
                    await self._session(ws)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, asyncio.TimeoutError) as exc:
                self._status("disconnected", str(exc) or type(exc).__name__)
            except InvalidURI as exc:
                self._status("failed", str(exc))
                return
            finally:
                self._ws = None
                self.connected.clear()
            if not self.reconnect:
                self._status("closed")
                return
            await asyncio.sleep(delay * (1 + random.random() / 2))
            delay = min(MAX_DELAY, delay * 2)

    async def _session(self, ws: ClientConnection) -> None:
        self._ws = ws
        if self.resume is not None:
            await ws.send(protocol.encode(self.resume))
        self.connected.set()
        self._status("connected")
        reader = asyncio.ensure_future(self._read(ws))
        writer = asyncio.ensure_future(self._write(ws))
        try:
            done, _pending = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()  # raises ConnectionClosed when the connection ended
        finally:
            reader.cancel()
            writer.cancel()

    async def _read(self, ws: ClientConnection) -> None:
        async for frame in ws:
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            if self.record is not None:
                self.record.append(text)
            message = json.loads(text)
            self._remember(message)
            self._deliver(message)

    async def _write(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            message = await self._outbox.get()
            await ws.send(protocol.encode(message))

    def _remember(self, message: dict[str, Any]) -> None:
        """Keep the request that takes the seat back after a drop, with the last step received."""
        kind = message.get("type")
        if kind == "closed":  # the table is gone for good: a new connection would find nothing
            self.reconnect = False
        elif kind in ("created", "claimed"):
            token = message["tokens"][str(message["seat"])] if kind == "created" else message["token"]
            self.resume = protocol.request("join", table=message["table"], token=token, since=0)
        elif kind == "rematched":  # the seat (or the spectator's place) is at the new table now
            table, token = message["to"], message.get("token")
            self.resume = (
                protocol.request("join", table=table, token=token, since=0)
                if token is not None
                else protocol.request("watch", table=table, since=0)
            )
        elif kind == "update" and self.resume is not None and self.resume.get("type") in ("join", "watch"):
            self.resume = {**self.resume, "since": message["step"]}


class RemoteMatch:
    """The table's match interface, kept from what the server sends one seat (see the module)."""

    remote = True  # the server decides and plays the computer seats (``Match.remote`` is False)

    def __init__(self, client: NetClient, first: dict[str, JSON] | None) -> None:
        self.client = client
        self.table_id: str | None = None
        self.seat: int | None = None
        self.spectator = first is not None and first.get("type") == "watch"
        self.game_id: str | None = None
        self.options: dict[str, Any] = {}
        self.seats: list[Seat] = []
        self.lobby: dict[str, Any] = {}
        self.started = False
        self.connected = False
        self.connections = 0  # how many times the connection was opened (1 + the reconnections)
        self.tokens: dict[int, str] = {}  # the host's: the seat tokens to hand out
        self.invite: str | None = None
        self.chat: list[dict[str, Any]] = []  # the table's chat lines as this screen has them
        self.chat_heard: list[dict[str, Any]] = []  # lines heard since the screen last took them
        self.chat_reset = False  # the chat was sent again whole (a seat taken, a reconnection)
        self.chat_refusals: list[str] = []  # why the server passed on no line of ours
        self._chat_ids: set[int] = set()  # the request ids of our chat lines (their refusals)
        self.errors: list[dict[str, Any]] = []
        self.closed_by_host: str | None = None  # why the table closed (its host's server stopped)
        self.refusals: list[IllegalAction] = []
        self._steps: list[tuple[Event, ...]] = []
        self._actors: list[int] = []
        self._view: dict[str, Any] | None = None
        self._open: dict[str, Any] | None = None
        self._current: int | None = None
        self._legal: list[Action] = []
        self._over = False
        self._outcome: Outcome | None = None
        self._undo: str | None = "Nothing to undo yet."
        self._updates: list[tuple[int, list[Event]]] = []
        self._why: dict[str, IllegalAction | None] = {}
        self._asked: dict[int, tuple[int, str]] = {}  # request id -> (step, question)
        self._next_id = 1
        self._sent_at: int | None = None  # the step an action or undo was sent at
        self.rematch_offer: dict[str, Any] | None = None  # the server's last word on a rematch
        self.successor: RemoteMatch | None = None  # the rematch's table, once moved there
        self.record: Match | None = None  # the whole finished game, once the server sent it
        self.record_problem: str | None = None  # why the game the server sent was not kept
        self._replay_asked = False
        self._rematch_ids: set[int] = set()  # the rematch requests sent (a refusal ends this seat's ask)
        if first is None:  # the server seats this connection by itself (a rematch)
            return
        if first.get("type") in ("join", "watch"):
            client.resume = first
        client.send(first)

    # -- making one ------------------------------------------------------------------------------------
    @classmethod
    def host(
        cls,
        url: str,
        game_id: str,
        seats: list[dict[str, str]],
        options: dict[str, Any] | None = None,
        *,
        spectators: bool = False,
        seed: int | None = None,
        client: NetClient | None = None,
    ) -> RemoteMatch:
        """Create a table (``seats``: kind host/remote/bot/open, name, level); this seat is the host's."""
        fields: dict[str, JSON] = {"game": game_id, "seats": seats, "options": options or {}}
        if seed is not None:
            fields["seed"] = seed
        first = protocol.request("create", spectators=spectators, **fields)
        return cls(client or NetClient(url), first)

    @classmethod
    def join(cls, url: str, table: str, token: str, *, client: NetClient | None = None) -> RemoteMatch:
        """Take the seat a token opens (again, after leaving)."""
        return cls(client or NetClient(url), protocol.request("join", table=table, token=token, since=0))

    @classmethod
    def claim(
        cls, url: str, table: str, invite: str, name: str, *, client: NetClient | None = None
    ) -> RemoteMatch:
        """Sit at an open seat with the table's invitation."""
        return cls(client or NetClient(url), protocol.request("claim", table=table, invite=invite, name=name))

    @classmethod
    def watch(cls, url: str, table: str, *, client: NetClient | None = None) -> RemoteMatch:
        """Follow a table as a spectator."""
        return cls(client or NetClient(url), protocol.request("watch", table=table, since=0))

    # -- reading the server ----------------------------------------------------------------------------
    def pump(self) -> int:
        """Read every reply that arrived (call once a frame); returns how many there were."""
        messages = self.client.poll()
        for message in messages:
            self._route(message)
        return len(messages)

    def _route(self, message: dict[str, Any]) -> None:
        """This table's messages here; once moved to a rematch, the new table's to its match."""
        if self.successor is not None:
            self.successor._route(message)
        else:
            self._handle(message)

    def wait_until(self, done: Callable[[], bool], timeout: float) -> bool:
        """Pump until ``done()`` or ``timeout`` seconds (tests and benches; blocks)."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            message = self.client.wait(min(left, 0.05))
            if message is not None:
                self._route(message)
                self.pump()
        return True

    @property
    def ready(self) -> bool:
        """True once the seat and the position have arrived."""
        return self._view is not None

    def take_updates(self) -> list[tuple[int, list[Event]]]:
        """What changed since the last call: ``(step, events)`` per step applied (redacted for this
        seat), and ``(step, [])`` when the table went back to ``step`` (an undo).  A step with no
        event at all is not listed, so it is never taken for an undo: the table, settled on a step it
        was not built from, reads the new position (``BaseGameScene.resync_if_stale``)."""
        out, self._updates = self._updates, []
        return out

    def _handle(self, message: dict[str, Any]) -> None:
        handler = _HANDLERS.get(str(message.get("type")))
        if handler is not None:
            handler(self, message)

    def _on_status(self, message: dict[str, Any]) -> None:
        self.connected = message["state"] == "connected"
        self.connections += self.connected

    def _on_created(self, message: dict[str, Any]) -> None:
        self.tokens = {int(seat): token for seat, token in message["tokens"].items()}
        self.invite = message.get("invite")

    def _on_seated(self, message: dict[str, Any]) -> None:
        self.table_id, self.seat = message["table"], message["seat"]
        self.chat = list(message.get("chat", []))[-CHAT_KEPT:]
        self.chat_heard.clear()
        self.chat_reset = True

    def _on_lobby(self, message: dict[str, Any]) -> None:
        self.lobby = message
        self.game_id = message["game"]
        self.options = dict(message["options"])
        self.started = bool(message["started"])
        self.seats = [
            Seat(s["name"], "bot" if s["kind"] == "bot" else "human", s.get("level") or "heuristic")
            for s in message["seats"]
        ]

    def _on_update(self, message: dict[str, Any]) -> None:
        first = message["from_step"]
        if first > len(self._steps):  # a gap (never on one connection): ask again from what we have
            if self.client.resume is not None:
                self.client.send({**self.client.resume, "since": len(self._steps)})
            return
        if message.get("reset"):
            self._reset_to(first)
        skip = len(self._steps) - first
        for actor, events in list(zip(message["actors"], message["events"], strict=True))[skip:]:
            shown = [protocol.event_from_json(e) for e in events]
            self._steps.append(tuple(shown))
            self._actors.append(actor)
            if shown:  # a step that tells nothing (a choice kept face down) only moves the position on
                self._updates.append((len(self._steps), shown))
        self._view = message["view"]
        self._open = message.get("open")
        self._current = message["current"]
        self._legal = [self.rules.action_from_dict(a) for a in message["legal"]]
        self._over = bool(message["over"])
        self._outcome = protocol.outcome_from_json(message["outcome"])
        self._undo = message["undo"]
        self._sent_at = None
        self._why.clear()

    def _reset_to(self, step: int) -> None:
        del self._steps[step:]
        del self._actors[step:]
        # moves heard but not yet taken by the table that the reset took back are shown no more
        self._updates = [update for update in self._updates if update[0] <= step]
        self._updates.append((step, []))

    def _on_refusal(self, message: dict[str, Any]) -> None:
        rule, reason = message.get("rule"), message.get("reason")
        refused = IllegalAction(str(rule), str(reason)) if rule is not None else None
        asked = self._asked.pop(message.get("id") or -1, None)
        if asked is not None:
            if asked[0] == self.step:  # an answer about a position already gone is dropped
                self._why[asked[1]] = refused
        elif refused is not None:
            self.refusals.append(refused)
            self._sent_at = None

    def _on_chat(self, message: dict[str, Any]) -> None:
        self.chat.append(message)
        del self.chat[:-CHAT_KEPT]
        self.chat_heard.append(message)

    def _on_closed(self, message: dict[str, Any]) -> None:
        self.closed_by_host = str(message.get("message") or protocol.HOST_CLOSED)

    def _on_error(self, message: dict[str, Any]) -> None:
        request_id = message.get("id")
        if request_id in self._chat_ids:  # a line not passed on: the table's play is untouched
            self._chat_ids.discard(request_id)
            self.chat_refusals.append(str(message.get("message", "The table did not take that line.")))
            return
        self.errors.append(message)
        self._sent_at = None
        if message.get("id") in self._rematch_ids:  # the ask was refused (a player gone, asked too often)
            self.rematch_offer = {
                "type": "rematch",
                "state": "refused",
                "message": message.get("message", ""),
            }

    def _on_rematch(self, message: dict[str, Any]) -> None:
        self.rematch_offer = message

    def _on_rematched(self, message: dict[str, Any]) -> None:
        """The server moved this connection to the rematch's table: what follows is that table's."""
        self.successor = RemoteMatch(self.client, None)
        self.successor.spectator = message.get("seat") is None

    def _on_replay(self, message: dict[str, Any]) -> None:
        """The finished game from the server, replayed here; kept only if it ends where this seat
        was told the game ended (its view then, and the outcome)."""
        try:
            record = Match.from_json(message["match"], source="the server's replay")
        except SaveError as exc:
            self.record_problem = exc.problem
            return
        if not record.is_over() or record.outcome() != self._outcome or not self._same_view(record):
            self.record_problem = "ends elsewhere than the game this seat was shown"
            return
        self.record = record

    def _same_view(self, record: Match) -> bool:
        seen = json.dumps(self._view, sort_keys=True)
        return seen == json.dumps(record.view(self.seat), sort_keys=True)

    def take_chat(self) -> tuple[bool, list[dict[str, Any]]]:
        """The chat lines heard since the last call, and whether the table's whole chat came again
        meanwhile (then :attr:`chat` holds it all, and the lines heard are already in it)."""
        reset, heard = self.chat_reset, self.chat_heard
        self.chat_reset, self.chat_heard = False, []
        return reset, heard

    # -- the Match interface -----------------------------------------------------------------------------
    @property
    def rules(self) -> GameRules[Any]:
        """The game's rules object (local: the action codec, INFO, names)."""
        if self.game_id is None:
            raise RuntimeError("the table has not answered yet")
        return GAMES[self.game_id]

    @property
    def seat_token(self) -> str | None:
        """The token that takes this seat again (None for a spectator, or before the seat is known)."""
        resume = self.client.resume
        token = resume.get("token") if resume is not None and resume.get("type") == "join" else None
        return token if isinstance(token, str) else None

    @property
    def step(self) -> int:
        """How many actions the table has applied (as far as this seat has heard)."""
        return len(self._steps)

    @property
    def events(self) -> list[Event]:
        """Every event so far, as this seat may see it."""
        return [e for step in self._steps for e in step]

    def events_of(self, index: int) -> tuple[Event, ...]:
        """The events of action ``index``, as this seat may see them."""
        return self._steps[index]

    def actor_of(self, index: int) -> int:
        """The seat that took action ``index``."""
        return self._actors[index]

    def events_for(self, seat: int | None, events: list[Event]) -> list[Event]:
        """``events`` as ``seat`` may see them (already redacted for this seat by the server)."""
        return redact(events, seat)

    def current_seat(self) -> int | None:
        """Seat to act, or None when the game is over."""
        return self._current

    def current_is_human(self) -> bool:
        """True when a person must decide now."""
        return self._current is not None and self.seats[self._current].is_human

    def human_seats(self) -> list[int]:
        """Indices of the human seats (here or elsewhere)."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def local_seats(self) -> list[int]:
        """The seats played at this screen: only this connection's own (none for a spectator)."""
        return [self.seat] if self.seat is not None else []

    def away_seats(self) -> set[int]:
        """The people's seats with no connection to the table now, as the last lobby said."""
        seats = self.lobby.get("seats", [])
        return {i for i, s in enumerate(seats) if s["kind"] != "bot" and not s["connected"]}

    def my_turn(self) -> bool:
        """True when this seat is to act and has not sent its decision yet."""
        return bool(self._legal) and self._sent_at is None and self.started

    def legal_actions(self) -> list[Action]:
        """What this seat may do now (empty when it is not its turn or it has just sent a move)."""
        return list(self._legal) if self.my_turn() else []

    def view(self, seat: int | None) -> dict[str, Any]:
        """What this seat may know (a remote table knows no other seat's view)."""
        if self._view is None:
            raise RuntimeError("the table has not answered yet")
        if seat != self.seat:
            raise ValueError(f"this table shows seat {self.seat}'s view, not seat {seat}'s")
        return self._view

    @property
    def hints_used(self) -> list[int]:
        """Hints asked per seat: none at a remote table (the statistics page reads it)."""
        return [0] * len(self.seats)

    def open_view(self, final: Any = None) -> dict[str, Any]:
        """Every hand face up, as the server sends it once the game is over (else GameNotOver)."""
        if self._open is None:
            raise GameNotOver("all hands are shown face up only once the game is over")
        return self._open

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._over

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self._outcome

    def refusal(self, action: Action, *then: Action) -> IllegalAction | None:
        """Why ``action`` may not be taken now, answered at once (see the module docstring)."""
        if self._over:
            return IllegalAction("GAME-OVER", "the game is over")
        if not self.my_turn():
            return IllegalAction("NOT-YOUR-TURN", "It is not your turn.")
        key = _key(action, then)
        if key in self._why:
            return self._why[key]
        if action in self._legal and not then:
            return None
        if (self.step, key) not in self._asked.values():
            self.ask_why(action, *then)
        if action in self._legal:
            return None  # the chain is the server's to judge; it answers shortly
        return IllegalAction("NOT-LEGAL", "That is not among the legal moves now.")

    def ask_why(self, action: Action, *then: Action) -> int:
        """Ask the server for the engine's rule and reason (``refusal`` then gives it); the request id."""
        request_id = self._new_id()
        self._asked[request_id] = (self.step, _key(action, then))
        self.client.send(
            protocol.request("why", request_id, action=action.to_dict(), then=[a.to_dict() for a in then])
        )
        return request_id

    def apply(self, action: Action, seconds: float | None = None) -> list[Event]:
        """Send ``action``; its events come with the next update (:meth:`take_updates`)."""
        refused = IllegalAction("NOT-LEGAL", "That is not among the legal moves now.")
        if not self.my_turn() or action not in self._legal:
            raise self._why.get(_key(action, ())) or refused
        self._sent_at = self.step
        self.client.send(protocol.request("act", self._new_id(), action=action.to_dict(), step=self.step))
        return []

    def undo_refusal(self) -> str | None:
        """Why this seat may not take back its last decision now (the server's word), or None."""
        return self._undo if self._sent_at is None else "Waiting for the table."

    def can_undo(self) -> bool:
        """True when this seat may take back its last decision."""
        return self.undo_refusal() is None

    def undo(self) -> list[Action]:
        """Ask to take back this seat's last decision; the table goes back with the next update."""
        why = self.undo_refusal()
        if why is not None:
            raise IllegalAction("UNDO", why)
        self._sent_at = self.step
        self.client.send(protocol.request("undo", self._new_id(), step=self.step))
        return []

    def start(self, fill: bool = False) -> None:
        """The host starts the game: every open seat taken, or (``fill``) Captain takes the empty ones."""
        self.client.send(protocol.request("start", self._new_id(), fill=fill))

    def stand_in(self, seat: int) -> None:
        """Ask the server to let Captain play ``seat`` while its player is away (refused until
        they have been gone ``protocol.STAND_IN_AFTER`` seconds); their return gives it back."""
        self.client.send(protocol.request("stand_in", self._new_id(), seat=seat))

    def say(self, line: str) -> None:
        """Send a chat line to the table (cut to the protocol's length); it comes back to every
        screen at the table, this one included, as the server passes it on."""
        request_id = self._new_id()
        self._chat_ids.add(request_id)
        self.client.send(protocol.request("chat", request_id, text=line[: protocol.MAX_CHAT] or " "))

    def ask_replay(self) -> None:
        """Once the game is over: ask the server for the whole game (it comes as ``record``)."""
        if self._over and not self._replay_asked and self.table_id is not None:
            self._replay_asked = True
            self.client.send(protocol.request("replay", self._new_id(), table=self.table_id))

    def ask_rematch(self) -> None:
        """Ask for a rematch, or accept the one asked for (the server tells every seat)."""
        self.answer_rematch(True)

    def answer_rematch(self, accept: bool) -> None:
        """Accept or decline the rematch another player asked for (a refusal comes back as the
        ``rematch_offer`` of state ``refused``, with the server's message)."""
        request_id = self._new_id()
        self._rematch_ids.add(request_id)
        self.client.send(protocol.request("rematch", request_id, accept=accept))

    def close(self) -> None:
        """Leave the table (the seat stays yours: join again with its token)."""
        self.client.close()

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id


def _key(action: Action, then: tuple[Action, ...] | list[Action]) -> str:
    return json.dumps([action.to_dict(), *[a.to_dict() for a in then]], sort_keys=True)


_HANDLERS: dict[str, Callable[[RemoteMatch, dict[str, Any]], None]] = {
    STATUS: RemoteMatch._on_status,
    "created": RemoteMatch._on_created,
    "claimed": lambda match, message: None,
    "seated": RemoteMatch._on_seated,
    "lobby": RemoteMatch._on_lobby,
    "update": RemoteMatch._on_update,
    "refusal": RemoteMatch._on_refusal,
    "chat": RemoteMatch._on_chat,
    "error": RemoteMatch._on_error,
    "rematch": RemoteMatch._on_rematch,
    "rematched": RemoteMatch._on_rematched,
    "replay": RemoteMatch._on_replay,
    "closed": RemoteMatch._on_closed,
}
