"""A match: a game, its seats, seed and options, and the log of actions taken.

The log is the truth: a save holds the seed, options and log, and loading replays
it and checks the recorded state hash.  Undo takes back the last decision, one at a
time, and only the undoing seat's own: never another seat's decision (human or
computer), never a use of the PRNG (a roll, a shuffle, a card dealt), and never a step
that showed the undoing seat anything it had not known (another seat's cards, the deck's
top card).  What a seat revealed of its own hand it knew already, so that alone does not
stop its own undo (``Event.revealer``).
"""

from __future__ import annotations

import contextlib
import copy
import gc
import hashlib
import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crimson_table import __version__
from crimson_table.engine.core import (
    Action,
    Event,
    GameRules,
    IllegalAction,
    Outcome,
    StateError,
    brief,
    redact,
)
from crimson_table.engine.registry import GAMES
from crimson_table.engine.rng import Rng
from crimson_table.play.saves import SaveError, atomic_write_json, read_json

SAVE_FORMAT = "crimson-table-save"
SAVE_VERSION = 1
SEAT_KINDS = ("human", "bot")


@dataclass(frozen=True)
class Seat:
    """One chair at the table: a name, human or bot, and the bot's level."""

    name: str
    kind: str = "human"
    level: str = "heuristic"

    @property
    def is_human(self) -> bool:
        """True for a person at the screen."""
        return self.kind == "human"

    def to_dict(self) -> dict[str, str]:
        """JSON form."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """Validated inverse of :meth:`to_dict`; the name is made safe to draw (:func:`clean_name`)."""
        if not isinstance(data, Mapping):
            raise StateError(f"a seat must be an object, not {type(data).__name__}")
        name, kind, level = data.get("name"), data.get("kind"), data.get("level", "heuristic")
        if not isinstance(name, str):
            raise StateError("a seat's name must be text")
        if kind not in SEAT_KINDS:
            raise StateError(f"a seat must be {' or '.join(SEAT_KINDS)}, not {brief(kind)}")
        if not isinstance(level, str):
            raise StateError(f"a seat's bot level must be text, not {brief(level)}")
        return cls(name=clean_name(name), kind=kind, level=level)


MAX_NAME = 40


def clean_name(name: str) -> str:
    """A seat name safe to draw and write: lone surrogates and control characters become
    U+FFFD, surrounding spaces go, at most ``MAX_NAME`` characters, never empty.

    >>> clean_name("Anna\\ud800\\n")
    'Anna\ufffd\ufffd'
    >>> clean_name("   ")
    'Player'
    """
    safe = "".join("\ufffd" if unsafe_char(c) else c for c in name).strip()
    return safe[:MAX_NAME] or "Player"


def unsafe_char(char: str) -> bool:
    """True for a character not to draw or write as is: a lone surrogate or a control character."""
    code = ord(char)
    return 0xD800 <= code <= 0xDFFF or code < 0x20 or 0x7F <= code < 0xA0


class NoLegalMove(RuntimeError):
    """The game is not over, yet nobody can act: no seat is to act, or it has no legal move.

    The engine promises a legal move until the game ends; a position set up by a file can break
    that promise moves later (the rules' invariants did not see it coming).  The table says so
    and offers a way on instead of waiting for a move that cannot come.
    """

    def __init__(self, title: str) -> None:
        super().__init__(f"This game cannot go on: {title} reached a position with no legal move")
        self.title = title


@dataclass(frozen=True)
class _Step:
    """One applied action with what it did."""

    action: Action
    actor: int
    events: tuple[Event, ...]
    random: bool
    reveals: bool
    seconds: float | None = None  # how long the seat took to decide (None: not recorded)

    @property
    def barrier(self) -> bool:
        """True if undo can never cross this step (it used the PRNG or revealed something)."""
        return self.random or self.reveals

    def barrier_for(self, seat: int) -> bool:
        """True if taking this step back would hide from ``seat`` what it has seen.

        A PRNG use always counts; a reveal counts unless it showed only ``seat``'s own cards.
        """
        return self.random or any(e.reveals and e.revealer != seat for e in self.events)


def _new_game(
    rules: GameRules[Any], players: int, seed: int, options: Mapping[str, Any]
) -> tuple[Any, tuple[Event, ...]]:
    """The first state and the events its setup produced.  A game whose first turn begins before
    any decision (Crimson Company: turn 1's Income, CC-R2) offers ``new_game_with_events`` so
    the log shows that turn like the others; the other games' setups say nothing."""
    with_events = getattr(rules, "new_game_with_events", None)
    if with_events is None:
        return rules.new_game(players, seed, options), ()
    state, events = with_events(players, seed, options)
    return state, tuple(events)


def state_hash(rules: GameRules[Any], state: Any) -> str:
    """A stable fingerprint of a state (sha256 of its canonical JSON)."""
    text = json.dumps(rules.to_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _rng_of(rules: GameRules[Any], state: Any) -> Any:
    """The PRNG state: the state's own ``rng`` int (every game keeps it so), else its dict's."""
    rng = getattr(state, "rng", None)
    if isinstance(rng, int) and not isinstance(rng, bool):
        return rng
    return rules.to_dict(state).get("rng")


class Match:
    """A game in progress with its seats, log, undo and save/load."""

    def __init__(self, game_id: str, seats: list[Seat], seed: int, options: Mapping[str, Any] | None) -> None:
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}")
        self.game_id = game_id
        self.rules: GameRules[Any] = GAMES[game_id]
        self.seats = list(seats)
        self.seed = int(seed)
        self.options = self.rules.INFO.validate_options(len(self.seats), options)
        first, self.opening = _new_game(self.rules, len(self.seats), self.seed, self.options)
        self._states: list[Any] = [first]
        self._kept_from = 1  # the states from 1 up to here may have been let go (forget_states)
        self._steps: list[_Step] = []
        self.start: dict[str, Any] | None = None  # a set-up position instead of a fresh deal
        self.hints_used: list[int] = [0] * len(self.seats)  # hints asked per seat (optional in saves)

    @classmethod
    def from_position(cls, game_id: str, seats: list[Seat], seed: int, position: Any) -> Match:
        """A match from a set-up position (a state dict, checked against the rules by the
        engine's ``from_dict``: StateError names the rule a position breaks)."""
        match = cls(game_id, seats, seed, None)
        state = match.rules.from_dict(position)
        if match.rules.num_players(state) != len(seats):
            raise StateError(f"the position has {match.rules.num_players(state)} seats, not {len(seats)}")
        match._states = [state]
        match.opening = ()  # a set-up position: no deal happened at this table
        match.start = match.rules.to_dict(state)
        return match

    @classmethod
    def new(
        cls, game_id: str, seats: list[Seat], seed: int, options: Mapping[str, Any] | None = None
    ) -> Match:
        """Start a match; bad seats or options raise ValueError."""
        return cls(game_id, seats, seed, options)

    # -- the game as it stands -------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state (treat as read-only)."""
        state = self._states[-1]
        return state if state is not None else self._rebuilt(len(self._states) - 1)

    @property
    def step(self) -> int:
        """How many actions have been applied."""
        return len(self._steps)

    @property
    def log(self) -> list[Action]:
        """Every action applied so far, in order."""
        return [s.action for s in self._steps]

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order: the setup's own (``opening``), then each step's."""
        return [*self.opening, *(e for s in self._steps for e in s.events)]

    def actor_of(self, index: int) -> int:
        """The seat that took action ``index``."""
        return self._steps[index].actor

    def seconds_of(self, index: int) -> float | None:
        """How long the seat took to decide action ``index`` (None when it was not timed)."""
        return self._steps[index].seconds

    def events_of(self, index: int) -> tuple[Event, ...]:
        """The events action ``index`` produced."""
        return self._steps[index].events

    def thinking(self) -> list[float]:
        """Seconds each seat spent deciding, over the timed decisions."""
        totals = [0.0] * len(self.seats)
        for step in self._steps:
            totals[step.actor] += step.seconds or 0.0
        return totals

    def current_seat(self) -> int | None:
        """Seat to act, or None when the game is over."""
        return self.rules.current_player(self.state)

    def current_is_human(self) -> bool:
        """True when a person must decide now."""
        seat = self.current_seat()
        return seat is not None and self.seats[seat].is_human

    def human_seats(self) -> list[int]:
        """Indices of the human seats."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # The engine runs here and the table plays the computer seats; an online table's match
    # (``net.client.RemoteMatch``) says True: the server decides, and only one seat sits here.
    remote = False

    def local_seats(self) -> list[int]:
        """The seats played at this screen: every human seat (they pass the screen round)."""
        return self.human_seats()

    def legal_actions(self) -> list[Action]:
        """What the seat to act may do."""
        return self.rules.legal_actions(self.state)

    def cannot_go_on(self) -> NoLegalMove | None:
        """Why the game cannot go on although it is not over (:class:`NoLegalMove`), else None."""
        if self.is_over() or (self.current_seat() is not None and self.legal_actions()):
            return None
        return NoLegalMove(self.rules.INFO.title)

    def check_can_go_on(self) -> None:
        """Raise :class:`NoLegalMove` when the game is not over and nobody can act."""
        stuck = self.cannot_go_on()
        if stuck is not None:
            raise stuck

    def refusal(self, action: Action, *then: Action) -> IllegalAction | None:
        """Why ``action`` may not be taken now (the rule and a reason), or None if it may.

        With ``then``: why the engine would refuse any of those decisions taken right after
        ``action`` (a gesture that makes a few small decisions at once), judged on the position
        each one would meet; nothing is applied to the match.
        """
        if self.current_seat() is None:
            return IllegalAction("GAME-OVER", "the game is over")
        state = self.state
        for step, decision in enumerate((action, *then)):
            refused = self.rules.refusal(state, decision)
            if refused is not None:
                return refused
            if step < len(then):
                state = self.rules.apply_action(state, decision)[0]
        return None

    def events_for(self, seat: int | None, events: list[Event]) -> list[Event]:
        """``events`` as ``seat`` may see them (the engine's redaction; None = a spectator)."""
        return redact(events, seat)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.rules.is_over(self.state)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None."""
        return self.rules.outcome(self.state)

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (None: a spectator at no seat)."""
        return self.rules.player_view(self.state, seat)

    def open_view(self, final: Any = None) -> Mapping[str, Any]:
        """Every hand face up: only once the game is over, this match's or the game ``final`` is the
        end of (a replay of a finished match); else the engine raises ``GameNotOver``."""
        return self.rules.open_view(self.state, final)

    def state_hash(self) -> str:
        """Fingerprint of the current state."""
        return state_hash(self.rules, self.state)

    def state_at(self, step: int) -> Any:
        """The state after ``step`` actions (replay to any step)."""
        if not 0 <= step <= self.step:
            raise IndexError(f"step {step} outside 0..{self.step}")
        return self._rebuilt(step) if self._states[step] is None else self._states[step]

    def forget_states(self, keep: int) -> None:
        """Let go of the states before the last ``keep`` steps (the start is always kept).

        A server holds many matches for hours: every past state it keeps costs memory and the
        garbage collector's time (a full collection walks them all).  A state let go is rebuilt
        from the log when it is asked for again (:meth:`state_at`, an undo back past it).
        """
        last = len(self._states) - 1 - max(1, keep)
        for index in range(self._kept_from, last + 1):
            self._states[index] = None
        self._kept_from = max(self._kept_from, last + 1)

    def _rebuilt(self, step: int) -> Any:
        """The state after ``step`` actions, replayed from the nearest state still kept."""
        base = step
        while self._states[base] is None:
            base -= 1
        state = self._states[base]
        for index in range(base, step):
            state = self.rules.apply_action(state, self._steps[index].action)[0]
        self._states[step] = state
        return state

    def prefix(self, step: int, seats: list[Seat] | None = None) -> Match:
        """This match as it stood after its first ``step`` actions: same game, seed, options and
        start, the log cut there (the states are shared, never recomputed nor copied: they are
        used immutably).  With ``seats`` (as many as before), other people or bots take over:
        "play on from here" branches a match this way."""
        if not 0 <= step <= self.step:
            raise IndexError(f"step {step} outside 0..{self.step}")
        if seats is not None and len(seats) != len(self.seats):
            raise ValueError(f"a branch keeps the {len(self.seats)} seats, not {len(seats)}")
        branch = copy.copy(self)
        branch.seats = list(self.seats if seats is None else seats)
        branch.follow(self, step)
        hints = getattr(self, "hints_used", None)
        if isinstance(hints, (dict, list)):  # counted by the hints, when present: the branch's own
            setattr(branch, "hints_used", copy.copy(hints))  # noqa: B010
        return branch

    def follow(self, source: Match, step: int) -> None:
        """Stand after the first ``step`` actions of ``source`` (a replay's cursor moving; the
        states are ``source``'s own, shared)."""
        if not 0 <= step <= source.step:
            raise IndexError(f"step {step} outside 0..{source.step}")
        self._states = source._states[: step + 1]
        self._steps = source._steps[:step]
        self._kept_from = min(getattr(self, "_kept_from", 1), len(self._states))

    # -- acting ------------------------------------------------------------------------------
    def apply(self, action: Action, seconds: float | None = None) -> list[Event]:
        """Apply ``action`` for the seat to act (``seconds``: how long it took to decide, when
        timed); IllegalAction leaves everything unchanged."""
        actor = self.current_seat()
        if actor is None:
            raise IllegalAction("GAME-OVER", "the game is over")
        before = self.state
        after, events = self.rules.apply_action(before, action)
        random = _rng_of(self.rules, before) != _rng_of(self.rules, after)
        reveals = any(e.reveals for e in events)
        self._states.append(after)
        self._steps.append(_Step(action, actor, tuple(events), random, reveals, _seconds(seconds)))
        return events

    def bot_seed(self) -> int:
        """The seed a bot uses for the current decision (reproducible per match and step)."""
        return Rng.from_seed(self.seed * 1_000_003 + self.step).next64()

    def bot_choose(self, level: str | None = None) -> Action:
        """Ask the current seat's bot for an action, in this process (``level``: another bot
        plays instead, as Captain, ``"heuristic"``, does when the bot process fails); a game
        that cannot go on raises :class:`NoLegalMove`."""
        from crimson_table.ai.base import make_context
        from crimson_table.ai.registry import bot_for

        self.check_can_go_on()
        seat = self.current_seat()
        if seat is None:
            raise ValueError("the game is over")
        chair = self.seats[seat]
        bot = bot_for(self.game_id, level or ("heuristic" if chair.is_human else chair.level))
        return bot.choose(make_context(self.rules, self.state, self.bot_seed()))

    def note_hint(self, seat: int) -> None:
        """Count one hint asked by ``seat`` (statistics; saved as ``hints_used`` once any was asked)."""
        if len(self.hints_used) != len(self.seats):
            self.hints_used = (self.hints_used + [0] * len(self.seats))[: len(self.seats)]
        self.hints_used[seat] += 1

    # -- undo ----------------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why the last decision may not be taken back now (a sentence), or None if it may."""
        if not self._steps:
            return "Nothing to undo yet."
        last = self._steps[-1]
        now = self.current_seat()
        if now is None:
            return "The game is over."
        if not self.seats[last.actor].is_human:
            return f"{self.seats[last.actor].name} has moved since: their decision stands."
        if now != last.actor and self.seats[now].is_human:
            return f"The move has passed to {self.seats[now].name}."
        if last.random:
            return "A die was rolled or cards were dealt: that cannot be taken back."
        if last.barrier_for(last.actor):
            return "That move showed hidden cards: it cannot be taken back."
        return None

    def can_undo(self) -> bool:
        """True when the last decision may be taken back (see :meth:`undo_refusal`)."""
        return self.undo_refusal() is None

    def undo(self) -> list[Action]:
        """Take back the last decision (always a human's own, see :meth:`undo_refusal`)."""
        why = self.undo_refusal()
        if why is not None:
            raise IllegalAction("UNDO", why)
        removed = [self._steps[-1].action]
        del self._steps[-1]
        del self._states[-1]
        self._kept_from = min(self._kept_from, len(self._states))
        return removed

    # -- saving ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The save file's content."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "app_version": __version__,
            "game": self.game_id,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [s.to_dict() for s in self.seats],
            "log": [a.to_dict() for a in self.log],
            "step": self.step,
            "state_hash": self.state_hash(),
            **self._seconds_json(),
            **({"start": self.start} if self.start is not None else {}),
            **({"hints_used": list(self.hints_used)} if any(self.hints_used) else {}),
        }

    def _seconds_json(self) -> dict[str, Any]:
        """``{"seconds": [...]}``, each decision's time (null where not timed), when any was timed."""
        times = [s.seconds for s in self._steps]
        return {"seconds": times} if any(t is not None for t in times) else {}

    def _restore_seconds(self, raw: Any) -> None:
        """Each decision's time from a save; a missing or odd list is ignored (times are optional)."""
        if not isinstance(raw, list) or len(raw) != len(self._steps):
            return
        times = [
            _seconds(t) if isinstance(t, (int, float)) and not isinstance(t, bool) else None for t in raw
        ]
        self._steps = [
            _Step(s.action, s.actor, s.events, s.random, s.reveals, t)
            for s, t in zip(self._steps, times, strict=True)
        ]

    @classmethod
    def from_json(cls, data: Any, source: str = "save") -> Match:
        """Rebuild a match by replaying its log; any problem raises SaveError(source, ...)."""
        header, seats = check_header(data, source)
        try:
            match = cls(header["game"], seats, header["seed"], header["options"])
        except (StateError, ValueError) as exc:
            raise SaveError(source, f"has bad match settings: {exc}") from None
        if "start" in header:
            try:
                match = cls.from_position(header["game"], seats, header["seed"], header["start"])
            except (StateError, TypeError, KeyError, IndexError, AttributeError) as exc:
                raise SaveError(source, f"the starting position is refused ({exc})") from None
        with _collector_paused():
            for index, raw in enumerate(header["log"]):
                match._replay_one(index, raw, source)
        match.hints_used = _hints_used(header.get("hints_used"), len(seats), source)
        if match.state_hash() != header["state_hash"]:
            raise SaveError(
                source, "the replayed game does not match the recorded position (state hash differs)"
            )
        match._restore_seconds(header.get("seconds"))
        return match

    def _replay_one(self, index: int, raw: Any, source: str) -> None:
        try:
            action = self.rules.action_from_dict(raw)
            self.apply(action)
        except (
            StateError,
            IllegalAction,
            TypeError,
            ValueError,
            KeyError,
            IndexError,
            AttributeError,
        ) as exc:
            raise SaveError(source, f"move {index + 1} of the log cannot be replayed ({exc})") from None

    def save(self, path: Path | str) -> Path:
        """Write atomically (the previous file is kept as ``.bak``)."""
        return atomic_write_json(path, self.to_json())

    @classmethod
    def load(cls, path: Path | str) -> Match:
        """Read and replay a save; problems raise SaveError naming the file."""
        return cls.from_json(read_json(path), source=str(path))


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic collector kept off a replay's new states, back on however the replay ends.

    A match keeps the state after every step (undo, replays), so replaying a long log makes
    thousands of objects that all stay alive.  The collector, paced by how many objects are made,
    would traverse every state kept so far again and again, and a load would grow faster than the
    log (Crimson Keep, 4,394 actions: 2x a bare replay at 250 actions, 3-4x at 4,000;
    bench/long_save.py).  So it is off during the replay, and afterwards what the replay made is
    handed to the oldest generation at once (``gc.freeze`` then ``gc.unfreeze``: two list moves,
    no traversal) instead of being traversed by the young collections that would follow; the next
    full collection sees it as usual, so nothing is kept that would have been freed.  A caller that
    had the collector off keeps it off, and one that froze objects keeps them frozen.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if was_enabled:
            gc.enable()


def _seconds(value: float | None) -> float | None:
    """A decision's time as kept: hundredths of a second, never negative (None stays None)."""
    if value is None or not math.isfinite(value):
        return None
    return round(max(0.0, float(value)), 2)


def check_header(data: Any, source: str) -> tuple[dict[str, Any], list[Seat]]:
    """A save's fields (all but the moves) and its seats, each checked; the first problem
    raises SaveError(source, ...).  The Load screen lists saves with it."""
    if not isinstance(data, dict):
        raise SaveError(source, "is not a Crimson Table save (top level is not an object)")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(source, "is not a Crimson Table save (format marker missing)")
    version: Any = data.get("version")
    if not _is_int(version) or version < 1:
        raise SaveError(source, f"has no valid save version ({brief(version)}; a positive whole number)")
    if version > SAVE_VERSION:
        raise SaveError(source, f"was written by a newer version of the app (save version {version})")
    expected = {"game": str, "seed": int, "options": dict, "seats": list, "log": list, "state_hash": str}
    for key, kind in expected.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SaveError(source, f"field {key!r} is missing or not a {kind.__name__}")
    if data["game"] not in GAMES:
        raise SaveError(source, f"is for an unknown game {brief(data['game'])}")
    if not abs(data["seed"]) < 2**64:
        raise SaveError(source, "field 'seed' is out of range")
    step = data.get("step", len(data["log"]))
    if not _is_int(step) or step != len(data["log"]):
        raise SaveError(
            source, f"field 'step' ({brief(step)}) does not match the {len(data['log'])} logged moves"
        )
    return data, check_seats(data["game"], data["seats"], source)


def _hints_used(raw: Any, seats: int, source: str) -> list[int]:
    """A save's optional hint counts, one whole number >= 0 per seat (absent in older saves: zeros)."""
    if raw is None:
        return [0] * seats
    if not isinstance(raw, list) or len(raw) != seats or not all(_is_int(n) and n >= 0 for n in raw):
        raise SaveError(source, f"field 'hints_used' must list a count per seat, not {brief(raw)}")
    return [int(n) for n in raw]


def _is_int(value: Any) -> bool:
    """True for an int that is not a bool (JSON ``true`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seats(game_id: str, raw: list[Any], source: str) -> list[Seat]:
    """The seats of a save: each valid, bots at one of the game's levels (``ai.registry``)."""
    from crimson_table.ai.registry import LEVEL_NAMES, levels_for

    info = GAMES.info(game_id)
    if not info.min_players <= len(raw) <= info.max_players:
        # counted before any seat is read: a file may list a million of them
        raise SaveError(
            source,
            f"has {len(raw):,} seats ({info.title} takes {info.min_players}-{info.max_players})",
        )
    seats: list[Seat] = []
    for index, item in enumerate(raw):
        try:
            seat = Seat.from_dict(item)
        except StateError as exc:
            raise SaveError(source, f"seat {index + 1}: {exc}") from None
        if not seat.is_human and seat.level not in levels_for(game_id):
            known = ", ".join(LEVEL_NAMES.get(level, level) for level in levels_for(game_id))
            raise SaveError(
                source, f"seat {index + 1} has an unknown bot level {brief(seat.level)} ({known})"
            )
        seats.append(seat)
    return seats
