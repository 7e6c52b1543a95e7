"""Bot turns away from the frame loop: a bot thinks in its own process, so the table never stutters.

The pure-Python search holds the GIL, so a bot in a thread makes the table stutter.  Here a
decision goes to a child process instead:

* :class:`BotRequest` is what the child is sent: the match's game id, player count, seed,
  options and action log (enough to rebuild the state there), the level, the bot seed, and the
  state hash the rebuilt state must have.  The child builds the :class:`BotContext` with
  ``make_context``: the bot sees only its seat's view, the legal actions and ``determinize``.
* :class:`BotProcess` is one child kept alive between decisions (start-up costs an
  interpreter and the imports).  It uses the ``spawn`` start method (the same on every OS,
  and in the frozen build, whose entry point calls ``multiprocessing.freeze_support()``).
  Cancelling kills the child, which never leaks, and starts a fresh one to be warm for the
  next decision.  Nothing happens at import: the child is started on first use.
* :class:`BotWorker` is one decision as the table sees it (``done``, ``result``, ``error``,
  ``cancel``).  In ``inline`` mode (tests: ``CRIMSON_TABLE_BOTS=inline``) it decides at once in
  this process, so tests wait for no clock.

A child that stops answering (stopped, swapping, stuck in a loop) must never leave the table
"thinking" for ever: each decision has a deadline (:func:`deadline_for`, generous, from the
level's budget, plus :data:`STARTUP_SECONDS` while a fresh child starts).  Past it the child is
killed, a fresh one is asked once more, and past that deadline too the worker gives up with
:class:`BotTimeout` (the table then lets Captain decide in its own process).  Killing never waits
more than :data:`KILL_SECONDS`, so quitting is never held up by a stuck child.

A failure in the child comes back as :class:`BotFailed`: one plain line, with the child's
traceback in ``detail`` for the log (a notice never shows a traceback).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from crimson_table.engine.core import JSON, Action

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

    from crimson_table.ai.hints import Hint
    from crimson_table.play.match import Match

T = TypeVar("T")
log = logging.getLogger(__name__)
MODE_ENV = "CRIMSON_TABLE_BOTS"
HINT_LEVEL = "hint"  # a request at this level answers with ``ai.hints.Hint.to_json`` (a hint)
MODES = ("process", "inline")
# How long a killed child may take to be reaped: quitting never waits longer for a stuck one.
KILL_SECONDS = 0.5
# Seconds a decision may take before its child is taken for stuck, per level.  Generous: about
# ten times what the level needs on a slow, busy machine (Novice answers at once, Captain in well
# under a second, a Master search and a hint in one to three seconds).  Other levels (Grandmaster)
# get ten times their thinking time, and at least Master's deadline.
DEADLINE_SECONDS = {"random": 5.0, "heuristic": 10.0, "master": 30.0, HINT_LEVEL: 30.0}
# How much lower the bot process's priority is than the app's (:func:`lower_priority`).
NICENESS = 5
BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # Windows' SetPriorityClass value
# Added to the deadline of a child's first decision: starting an interpreter and importing the
# games and bots takes seconds on a slow machine.
STARTUP_SECONDS = 30.0


def deadline_for(level: str) -> float:
    """Seconds a decision at ``level`` may take before its child is taken for stuck."""
    if level in DEADLINE_SECONDS:
        return DEADLINE_SECONDS[level]
    from crimson_table.ai.registry import GRANDMASTER_SECONDS

    return max(DEADLINE_SECONDS["master"], 10 * GRANDMASTER_SECONDS)


class BotFailed(RuntimeError):
    """The bot process could not answer: one plain line; the child's traceback in ``detail``."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail

    @classmethod
    def from_traceback(cls, text: str) -> BotFailed:
        """The error a child reported: its traceback's last line says what went wrong."""
        lines = [line for line in str(text).strip().splitlines() if line.strip()]
        return cls(lines[-1].strip() if lines else "the bot process failed", str(text))


class BotTimeout(BotFailed):
    """The bot process did not answer in time, twice (the child was killed each time)."""


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
    start: dict[str, JSON] | None = None  # the set-up position the log starts from (None: a new deal)

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
            start=match.start,
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
        key = json.dumps(
            [request.game_id, request.players, request.seed, request.options, request.start], sort_keys=True
        )
        known = len(self._log)
        if key != self._key or list(request.log[:known]) != self._log:
            self._key, self._log = key, []
            self._state = _first_state(rules, request)
        for raw in request.log[len(self._log) :]:
            self._state, _events = rules.apply_action(self._state, rules.action_from_dict(raw))
            self._log.append(raw)
        if state_hash(rules, self._state) != request.state_hash:
            self._key = None
            raise ValueError("the position cannot be rebuilt from the log (state hash differs)")
        return self._state


def _first_state(rules: Any, request: BotRequest) -> Any:
    """The position the log starts from: the match's set-up position, else a new deal."""
    if request.start is not None:
        return rules.from_dict(request.start)
    return rules.new_game(request.players, request.seed, request.options)


def decide(
    request: BotRequest, replayer: Replayer | None = None, clock: Callable[[], float] | None = None
) -> dict[str, JSON]:
    """The bot's action for ``request``, as ``to_dict`` JSON (what the child computes).

    With a ``clock`` (the bot process's own loop passes ``time.monotonic``) a searching level
    stops at its wall-clock cap (``registry.WALL_CAP_SECONDS``); without one (inline mode, tests,
    online clients) it does its whole iteration budget, so the choice is a function of the seed.
    """
    from crimson_table.ai.base import make_context
    from crimson_table.ai.registry import bot_for, with_wall_cap
    from crimson_table.engine.registry import GAMES

    rules = GAMES[request.game_id]
    state = (replayer or Replayer()).state_for(request)
    if request.level == HINT_LEVEL:
        from crimson_table.ai.hints import hint_for

        return hint_for(request.game_id, make_context(rules, state, request.bot_seed)).to_json()
    bot = bot_for(request.game_id, request.level)
    if clock is not None:
        bot = with_wall_cap(bot, request.level, clock)
    return bot.choose(make_context(rules, state, request.bot_seed)).to_dict()


def serve(conn: Connection) -> None:
    """The child's loop: answer ``(ticket, request)`` with ``(ticket, ok, action dict or error)``."""
    import traceback

    replayer = Replayer()
    lower_priority()
    try:
        _warm_up()
        while True:
            ticket, request = conn.recv()
            try:
                conn.send((ticket, True, decide(request, replayer, time.monotonic)))
            except Exception:  # noqa: BLE001 - the table reports it and plays on
                conn.send((ticket, False, traceback.format_exc(limit=8)))
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the table closed its end (or the user pressed Ctrl+C): leave quietly


def lower_priority() -> None:
    """Let the frame loop go first: this process thinks at a lower priority than the app's.

    On two cores a Master search competes with the table's frames, which then miss their 33 ms
    (bench/bot_frames.py).  POSIX (Linux, macOS): the niceness goes up by :data:`NICENESS`; on
    Windows the process joins the below-normal priority class.  A system that refuses leaves the
    priority as it was: the bot still answers, only the frames may stutter.
    """
    if sys.platform == "win32":
        import ctypes

        kernel32 = getattr(ctypes, "windll").kernel32  # noqa: B009 - Windows only; no stub elsewhere
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)
        return
    with contextlib.suppress(OSError):
        os.nice(NICENESS)


def _warm_up() -> None:
    """Import every game's rules and bots before the first request arrives, one game at a time: a
    game whose map is broken is skipped (a request for it answers with the map's error), so one
    broken map never stops the bots of the other games."""
    from crimson_table.ai.registry import LEVELS, bot_for
    from crimson_table.engine.registry import GAMES
    from crimson_table.engine.tiled_files import MapError

    for game_id in GAMES:
        try:
            GAMES[game_id]
            for level in LEVELS.get(game_id, ()):
                bot_for(game_id, level)
        except MapError:
            continue


class BotProcess:
    """One child process that answers bot requests, one at a time."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ticket = 0
        self._busy: int | None = None
        self._warm = False  # the child has answered once (it has started and imported everything)
        self._writer: threading.Thread | None = None  # writing the last request to the child

    @property
    def warm(self) -> bool:
        """True once the running child has answered a request (its start-up is behind it)."""
        return self._warm and self.is_alive()

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
        self._process, self._conn, self._busy, self._warm = process, parent, None, False

    def submit(self, request: BotRequest) -> int:
        """Send a request; returns its ticket.  A request still in flight is cancelled first.

        The request is written by a short-lived thread: a long log fills the pipe, and a child that
        does not read (stopped) must not block the frame loop; killing the child ends the thread.
        """
        if self._busy is not None:
            self.cancel()
        self.start()
        assert self._conn is not None
        self._ticket += 1
        self._writer = threading.Thread(
            target=_send,
            args=(self._conn, (self._ticket, request)),
            name="crimson-table-bot-send",
            daemon=True,
        )
        self._writer.start()
        self._busy = self._ticket
        return self._ticket

    def poll(self, ticket: int) -> tuple[bool, Any] | None:
        """``(ok, action dict or error text)`` once ticket ``ticket`` is answered, else None."""
        if self._busy != ticket or self._conn is None:
            return (False, "the request was cancelled")
        try:
            while self._conn.poll(0):
                got, ok, payload = self._conn.recv()
                self._warm = True
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
        """Abandon the request in flight: kill the child (and start a fresh one if ``restart``)."""
        if self._busy is None:
            return
        self._busy = None
        self._discard_process()
        if restart:
            self.start()

    def close(self) -> None:
        """Kill the child for good (quit); never waits more than ``KILL_SECONDS``."""
        self._busy = None
        self._discard_process()

    def _discard_process(self) -> None:
        """Kill the child and reap it.  SIGKILL, not SIGTERM: a stopped child would keep a SIGTERM
        pending and never exit, and the child holds nothing that needs a clean exit."""
        process, self._process = self._process, None
        self._warm = False
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(KILL_SECONDS)
            if process.is_alive():
                log.warning("the bot process %s did not exit after it was killed", process.pid)
        self._close_conn()

    def _close_conn(self) -> None:
        """Close the pipe once no request is being written to it (the writer ends when the child
        dies); a pipe still written to is left to the garbage collector rather than closed under it."""
        conn, self._conn = self._conn, None
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.join(KILL_SECONDS / 5)  # at once, once the child is gone: its end of the pipe closed
            if writer.is_alive():
                return
        if conn is not None:
            conn.close()


def _send(conn: Connection, message: tuple[int, BotRequest]) -> None:
    """Write one request to the child (on the writer thread of :meth:`BotProcess.submit`); a child
    killed meanwhile breaks the pipe, and the worker hears of that by polling."""
    with contextlib.suppress(OSError, ValueError):
        conn.send(message)


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
    on the main thread.  Subclasses say what to ask, how to answer it inline, how to read it.

    Past its deadline (:func:`deadline_for`) the child is killed and a fresh one asked once more;
    past the second deadline the worker is done with :class:`BotTimeout` (``timed_out``).
    """

    def __init__(self, match: Match, mode: str | None = None, process: BotProcess | None = None) -> None:
        self.step = match.step
        self.seat = match.current_seat()
        self.mode = mode or default_mode()
        self.result: T | None = None
        self.error: BaseException | None = None
        self._rules = match.rules
        self._process: BotProcess | None = None
        self._request_sent: BotRequest | None = None
        self._ticket = 0
        self._due = 0.0  # time.monotonic() past which the child is taken for stuck
        self._tries = 0
        self._done = False
        if self._inline_for(match):
            try:
                self.result = self._answer_inline(match)
            except Exception as exc:  # noqa: BLE001 - reported on the main thread
                self.error = exc
            self._done = True
        else:
            self._process = process or shared_process()
            self._request_sent = self._request(match)
            self._ask()

    @property
    def timed_out(self) -> bool:
        """True when the bot process did not answer in time, twice."""
        return isinstance(self.error, BotTimeout)

    def _inline_for(self, match: Match) -> bool:
        return self.mode == "inline"

    def _request(self, match: Match) -> BotRequest:
        raise NotImplementedError

    def _answer_inline(self, match: Match) -> T:
        raise NotImplementedError

    def _read(self, payload: Any) -> T:
        raise NotImplementedError

    def _ask(self) -> None:
        """Send the request; its deadline counts a fresh child's start-up too."""
        assert self._process is not None and self._request_sent is not None
        seconds = deadline_for(self._request_sent.level)
        if not self._process.warm:
            seconds += STARTUP_SECONDS
        self._ticket = self._process.submit(self._request_sent)
        self._due = time.monotonic() + seconds
        self._tries += 1

    @property
    def done(self) -> bool:
        """True once the answer has arrived (or failed, or was cancelled); never blocks."""
        if self._done or self._process is None:
            return True
        answer = self._process.poll(self._ticket)
        if answer is None:
            if time.monotonic() >= self._due:
                self._overdue()
            return self._done
        self._done = True
        ok, payload = answer
        if not ok:
            self.error = BotFailed.from_traceback(str(payload))
            return True
        try:
            self.result = self._read(payload)
        except Exception as exc:  # noqa: BLE001 - a garbled answer is a failed decision
            self.error = BotFailed(f"the bot process answered {str(payload)[:60]!r}: {exc}")
        return True

    def _overdue(self) -> None:
        """The child did not answer in time: kill it and ask a fresh one, once; then give up."""
        assert self._process is not None and self._request_sent is not None
        log.warning(
            "the bot process gave no %s answer in time (try %s); killing it",
            self._request_sent.level,
            self._tries,
        )
        self._process.cancel()
        if self._tries < 2:
            self._ask()
            return
        self._done = True
        seconds = deadline_for(self._request_sent.level)
        self.error = BotTimeout(f"the bot process did not answer in {seconds:g} s, twice")

    def cancel(self) -> None:
        """Drop this question; a child still thinking about it is killed (a fresh one starts)."""
        if not self._done and self._process is not None:
            self._process.cancel()
        self._done = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done or ``timeout`` seconds pass (tests and benches only); True if done."""
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
    no bot thinks); ``result`` is an ``ai.hints.Hint`` once ``done``.  Inline mode computes it at
    once in this process.
    """

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
    (inline mode)."""
    from crimson_table.ai.base import make_context
    from crimson_table.ai.hints import hint_for

    if request.level != HINT_LEVEL:
        raise ValueError("decide_inline answers hint requests only")
    return hint_for(match.game_id, make_context(match.rules, match.state, request.bot_seed)).to_json()
