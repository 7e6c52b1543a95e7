"""Bot turns away from the frame loop: a bot thinks in its own process (issue 10).

The pure-Python search holds the GIL, so a bot in a thread makes the table stutter.  Here a
decision goes to a child process instead:

* :class:`BotRequest` is what the child is sent: the match's game id, player count, seed,
  options and action log (enough to rebuild the state there), the level, the bot seed, and the
  state hash the rebuilt state must have.  The child builds the :class:`BotContext` with
  ``make_context``: the bot sees only its seat's view, the legal actions and ``determinize``.
* :class:`BotProcess` is one child kept alive between decisions (start-up costs an
  interpreter and the imports).  It uses the ``spawn`` start method (the same on every OS,
  and in the frozen build, whose entry point calls ``multiprocessing.freeze_support()``).
  Cancelling terminates the child, which never leaks, and starts a fresh one to be warm for the
  next decision.  Nothing happens at import: the child is started on first use.
* :class:`BotWorker` is one decision as the table sees it (``done``, ``result``, ``error``,
  ``cancel``).  In ``inline`` mode (tests: ``CRIMSON_TABLE_BOTS=inline``) it decides at once in
  this process, so tests wait for no clock; inline also serves matches staged from a position
  that the log cannot rebuild.
"""

from __future__ import annotations

import atexit
import json
import multiprocessing
import os
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from crimson_table.engine.core import JSON, Action

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from crimson_table.ai.hints import Hint
    from crimson_table.play.match import Match

T = TypeVar("T")
MODE_ENV = "CRIMSON_TABLE_BOTS"
HINT_LEVEL = "hint"  # a request at this level answers with ``ai.hints.Hint.to_json`` (a hint)
MODES = ("process", "inline")
JOIN_SECONDS = 5.0


@dataclass(frozen=True)
class BotRequest:
    """One decision, in plain data a child process can rebuild the position from."""

    game_id: str
    players: int
    seed: int
    options: dict[str, JSON]
    log: tuple[dict[str, JSON], ...]
    level: str
    bot_seed: int
    state_hash: str

    @classmethod
    def for_match(cls, match: Match, level: str | None = None) -> BotRequest:
        """The request for the seat to act in ``match`` (a human seat is played at Captain level;
        ``level=HINT_LEVEL`` asks for a hint for that seat instead)."""
        seat = match.current_seat()
        if seat is None:
            raise ValueError("the game is over")
        chair = match.seats[seat]
        return cls(
            game_id=match.game_id,
            players=len(match.seats),
            seed=match.seed,
            options=dict(match.options),
            log=tuple(a.to_dict() for a in match.log),
            level=level or ("heuristic" if chair.is_human else chair.level),
            bot_seed=match.bot_seed(),
            state_hash=match.state_hash(),
        )


class Replayer:
    """Rebuilds positions from requests, reusing the last one when the log only grew."""

    def __init__(self) -> None:
        self._key: str | None = None
        self._log: list[dict[str, JSON]] = []
        self._state: Any = None

    def state_for(self, request: BotRequest) -> Any:
        """The state after ``request.log``; StateError-like ValueError if its hash differs."""
        from crimson_table.engine.registry import GAMES
        from crimson_table.play.match import state_hash

        rules = GAMES[request.game_id]
        key = json.dumps([request.game_id, request.players, request.seed, request.options], sort_keys=True)
        known = len(self._log)
        if key != self._key or list(request.log[:known]) != self._log:
            self._key, self._log = key, []
            self._state = rules.new_game(request.players, request.seed, request.options)
        for raw in request.log[len(self._log) :]:
            self._state, _events = rules.apply_action(self._state, rules.action_from_dict(raw))
            self._log.append(raw)
        if state_hash(rules, self._state) != request.state_hash:
            self._key = None
            raise ValueError("the position cannot be rebuilt from the log (state hash differs)")
        return self._state


def decide(request: BotRequest, replayer: Replayer | None = None) -> dict[str, JSON]:
    """The bot's action for ``request``, as ``to_dict`` JSON (what the child computes)."""
    from crimson_table.ai.base import make_context
    from crimson_table.ai.registry import bot_for
    from crimson_table.engine.registry import GAMES

    rules = GAMES[request.game_id]
    state = (replayer or Replayer()).state_for(request)
    if request.level == HINT_LEVEL:
        from crimson_table.ai.hints import hint_for

        return hint_for(request.game_id, make_context(rules, state, request.bot_seed)).to_json()
    bot = bot_for(request.game_id, request.level)
    return bot.choose(make_context(rules, state, request.bot_seed)).to_dict()


def serve(conn: Connection) -> None:
    """The child's loop: answer ``(ticket, request)`` with ``(ticket, ok, action dict or error)``."""
    import traceback

    replayer = Replayer()
    try:
        _warm_up()
        while True:
            ticket, request = conn.recv()
            try:
                conn.send((ticket, True, decide(request, replayer)))
            except Exception:  # noqa: BLE001 - the table reports it and plays on
                conn.send((ticket, False, traceback.format_exc(limit=8)))
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the table closed its end (or the user pressed Ctrl+C): leave quietly


def _warm_up() -> None:
    """Import every game's rules and bots before the first request arrives."""
    from crimson_table.ai.registry import LEVELS, bot_for
    from crimson_table.engine.registry import GAMES

    for game_id in GAMES:
        GAMES[game_id]
        for level in LEVELS.get(game_id, ()):
            bot_for(game_id, level)


class BotProcess:
    """One child process that answers bot requests, one at a time."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ticket = 0
        self._busy: int | None = None

    @property
    def pid(self) -> int | None:
        """The child's process id (None before it is started)."""
        return self._process.pid if self._process is not None else None

    def is_alive(self) -> bool:
        """True while the child runs."""
        return self._process is not None and self._process.is_alive()

    def start(self) -> None:
        """Start the child now if it is not running (it warms up while the table plays)."""
        if self.is_alive():
            return
        self._close_conn()
        parent, child = self._context.Pipe(duplex=True)
        process = self._context.Process(target=serve, args=(child,), name="crimson-table-bot", daemon=True)
        process.start()
        child.close()
        self._process, self._conn, self._busy = process, parent, None

    def submit(self, request: BotRequest) -> int:
        """Send a request; returns its ticket.  A request still in flight is cancelled first."""
        if self._busy is not None:
            self.cancel()
        self.start()
        assert self._conn is not None
        self._ticket += 1
        self._conn.send((self._ticket, request))
        self._busy = self._ticket
        return self._ticket

    def poll(self, ticket: int) -> tuple[bool, Any] | None:
        """``(ok, action dict or error text)`` once ticket ``ticket`` is answered, else None."""
        if self._busy != ticket or self._conn is None:
            return (False, "the request was cancelled")
        try:
            while self._conn.poll(0):
                got, ok, payload = self._conn.recv()
                if got == ticket:
                    self._busy = None
                    return (ok, payload)
        except (EOFError, OSError):
            pass
        else:
            if self.is_alive():
                return None
        self._busy = None
        self._discard_process()
        return (False, "the bot process stopped unexpectedly")

    def cancel(self, restart: bool = True) -> None:
        """Abandon the request in flight: terminate the child (and start a fresh one if ``restart``)."""
        if self._busy is None:
            return
        self._busy = None
        self._discard_process()
        if restart:
            self.start()

    def close(self) -> None:
        """Terminate the child for good (quit)."""
        self._busy = None
        self._discard_process()

    def _discard_process(self) -> None:
        process, self._process = self._process, None
        self._close_conn()
        if process is not None:
            if process.is_alive():
                process.terminate()
            process.join(JOIN_SECONDS)
            if process.is_alive():
                process.kill()
                process.join(JOIN_SECONDS)

    def _close_conn(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


_SHARED: list[BotProcess] = []


def shared_process() -> BotProcess:
    """The app's bot process, created on first use and closed when Python exits."""
    if not _SHARED:
        _SHARED.append(BotProcess())
        atexit.register(shutdown)
    return _SHARED[0]


def shutdown() -> None:
    """Terminate the app's bot process, if one was started (quit)."""
    while _SHARED:
        _SHARED.pop().close()


def default_mode() -> str:
    """``process`` unless ``CRIMSON_TABLE_BOTS`` says ``inline``."""
    mode = os.environ.get(MODE_ENV, "process")
    return mode if mode in MODES else "process"


class _Worker(Generic[T]):
    """One question to the bot process for the seat to act: asked at once, answered later, read
    on the main thread.  Subclasses say what to ask, how to answer it inline, how to read it."""

    def __init__(self, match: Match, mode: str | None = None, process: BotProcess | None = None) -> None:
        self.step = match.step
        self.seat = match.current_seat()
        self.mode = mode or default_mode()
        self.result: T | None = None
        self.error: BaseException | None = None
        self._rules = match.rules
        self._process: BotProcess | None = None
        self._ticket = 0
        self._done = False
        if self._inline_for(match):
            try:
                self.result = self._answer_inline(match)
            except Exception as exc:  # noqa: BLE001 - reported on the main thread
                self.error = exc
            self._done = True
        else:
            self._process = process or shared_process()
            self._ticket = self._process.submit(self._request(match))

    def _inline_for(self, match: Match) -> bool:
        return self.mode == "inline"

    def _request(self, match: Match) -> BotRequest:
        raise NotImplementedError

    def _answer_inline(self, match: Match) -> T:
        raise NotImplementedError

    def _read(self, payload: Any) -> T:
        raise NotImplementedError

    @property
    def done(self) -> bool:
        """True once the answer has arrived (or failed, or was cancelled); never blocks."""
        if self._done or self._process is None:
            return True
        answer = self._process.poll(self._ticket)
        if answer is None:
            return False
        ok, payload = answer
        self._done = True
        if ok:
            self.result = self._read(payload)
        else:
            self.error = RuntimeError(str(payload))
        return True

    def cancel(self) -> None:
        """Drop this question; a child still thinking about it is terminated (a fresh one starts)."""
        if not self._done and self._process is not None:
            self._process.cancel()
        self._done = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done or ``timeout`` seconds pass (tests and benches only); True if done."""
        import time

        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.done:
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(0.002)
        return True


class BotWorker(_Worker[Action]):
    """One bot decision for the table: asked at once, answered later, applied on the main thread."""

    def _request(self, match: Match) -> BotRequest:
        return BotRequest.for_match(match)

    def _answer_inline(self, match: Match) -> Action:
        return match.bot_choose()

    def _read(self, payload: Any) -> Action:
        return self._rules.action_from_dict(payload)


class HintWorker(_Worker["Hint"]):
    """One hint for the seat to act, asked at once and answered later (like :class:`BotWorker`).

    It uses the same child process as the bots (a hint is asked only on a human's decision, when
    no bot thinks); ``result`` is an ``ai.hints.Hint`` once ``done``.  Inline mode, or a match
    staged from a position the log cannot rebuild, computes it at once in this process.
    """

    def _inline_for(self, match: Match) -> bool:
        return self.mode == "inline" or match.start is not None

    def _request(self, match: Match) -> BotRequest:
        return BotRequest.for_match(match, HINT_LEVEL)

    def _answer_inline(self, match: Match) -> Hint:
        from crimson_table.ai.hints import Hint

        return Hint.from_json(self._rules, decide_inline(match, self._request(match)))

    def _read(self, payload: Any) -> Hint:
        from crimson_table.ai.hints import Hint

        return Hint.from_json(self._rules, payload)


def decide_inline(match: Match, request: BotRequest) -> dict[str, JSON]:
    """What the child would answer for ``request``, computed here from the match's own state
    (inline mode; also serves matches staged from a position the log cannot rebuild)."""
    from crimson_table.ai.base import make_context
    from crimson_table.ai.hints import hint_for

    if request.level != HINT_LEVEL:
        raise ValueError("decide_inline answers hint requests only")
    return hint_for(match.game_id, make_context(match.rules, match.state, request.bot_seed)).to_json()
