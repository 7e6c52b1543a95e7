"""Types shared by every game: actions, events, outcomes, game info, the rules protocol.

The engine is pure Python and never imports pygame.  A game is a *rules object*
(see :class:`GameRules`) whose methods take an immutable-by-convention state and
return new states; the UI and the bots only ever talk to that object.
"""

from __future__ import annotations

import heapq
import reprlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

JSON = Any
A = TypeVar("A", bound="Action")
S = TypeVar("S")


class IllegalAction(Exception):
    """An action the rules forbid.  ``rule_id`` names the supplement rule (e.g. ``TC-R7``)."""

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(f"{rule_id}: {reason}")
        self.rule_id = rule_id
        self.reason = reason


class StateError(ValueError):
    """A serialized state (or action) that does not validate."""


class GameNotOver(ValueError):
    """All hands were asked for face up (:meth:`GameRules.open_view`) while the game is still on."""


def require_over(over: bool) -> None:
    """Refuse the open view before the end: raise :class:`GameNotOver` unless ``over``.

    >>> require_over(True)
    >>> require_over(False)
    Traceback (most recent call last):
    ...
    crimson_table.engine.core.GameNotOver: all hands are shown face up only once the game is over
    """
    if not over:
        raise GameNotOver("all hands are shown face up only once the game is over")


def _to_json(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


@dataclass(frozen=True)
class Action:
    """Base class of every game's actions.

    Subclasses are small frozen dataclasses whose fields are ints, strs, bools,
    None or tuples of those, and which set ``KIND`` (unique within the game).
    ``label`` is the short text shown on buttons and in the log.

    >>> @dataclass(frozen=True)
    ... class Draw(Action):
    ...     KIND: ClassVar[str] = "draw"
    ...     count: int = 1
    >>> Draw(2).to_dict()
    {'kind': 'draw', 'count': 2}
    """

    KIND: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-able dict: ``{"kind": KIND, <field>: <value>, ...}``."""
        out: dict[str, JSON] = {"kind": self.KIND}
        for f in fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    @classmethod
    def from_fields(cls: type[A], data: Mapping[str, JSON]) -> A:
        """Build this class from a dict made by :meth:`to_dict` (``kind`` already checked)."""
        names = {f.name for f in fields(cls)}
        extra = set(data) - names - {"kind"}
        if extra:
            raise StateError(f"action {cls.KIND!r} has unknown fields {sorted(extra)}")
        try:
            return cls(**{k: _from_json(v) for k, v in data.items() if k != "kind"})
        except TypeError as exc:
            raise StateError(f"action {cls.KIND!r}: {exc}") from None

    @property
    def label(self) -> str:
        """Short human text; subclasses override."""
        args = ", ".join(str(getattr(self, f.name)) for f in fields(self))
        return f"{self.KIND}({args})" if args else self.KIND


class ActionCodec:
    """Maps ``kind`` strings back to a game's Action classes."""

    def __init__(self, classes: Sequence[type[Action]]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.KIND in self._by_kind:
                raise ValueError(f"duplicate action kind {cls.KIND!r}")
            self._by_kind[cls.KIND] = cls

    def from_dict(self, data: Mapping[str, JSON]) -> Action:
        """Rebuild an action; unknown or malformed input raises :class:`StateError`."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise StateError(f"not an action: {data!r}")
        cls = self._by_kind.get(data["kind"])
        if cls is None:
            raise StateError(f"unknown action kind {data['kind']!r}")
        return cls.from_fields(data)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the UI to animate and the log to print.

    ``kind`` is a short verb (``"draw"``, ``"reveal"``, ``"damage"``, ``"roll"``...),
    ``data`` a JSON-able dict.  ``private_to`` is None when every seat may see the
    whole event; otherwise only those seats may see ``data`` and ``private_text``, and
    every other seat gets :meth:`for_seat`'s redacted copy: ``public`` as its data and
    ``text`` as its log line (e.g. "Anna drew 2 cards").  ``reveals`` marks events that
    draw on the PRNG or make hidden information visible: undo never crosses them.  When a
    reveal shows only one seat's own hidden cards (a card it plays face up from its hand),
    ``revealer`` names that seat: it knew them already, so its own undo may cross the event
    (nobody else's may).

    The engine alone decides what is hidden: the UI only ever receives events through
    :meth:`for_seat` and never reads a field it was not given.

    >>> e = Event("draw", {"seat": 0, "cards": [7, 9]}, "{p0} draws 2", private_to=(0,),
    ...           private_text="{p0} draws 7, 9", public={"seat": 0, "count": 2})
    >>> dict(e.for_seat(1).data), e.for_seat(1).private_text
    ({'seat': 0, 'count': 2}, '')
    >>> e.for_seat(0) is e
    True
    """

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    text: str = ""
    private_to: tuple[int, ...] | None = None
    private_text: str = ""
    reveals: bool = False
    public: Mapping[str, JSON] = field(default_factory=dict)
    revealer: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True if ``seat`` (None = a spectator) may see ``data`` and ``private_text``."""
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` (None = a spectator) may see it.

        A seat outside ``private_to`` gets ``public`` as the data and no private text.
        """
        if self.visible_to(seat):
            return self
        return Event(
            self.kind, self.public, self.text, self.private_to, "", self.reveals, self.public, self.revealer
        )

    def text_for(self, seat: int | None, names: Sequence[str] = ()) -> str:
        """The log line for ``seat``: the private text if it may see it, else the public one.

        Seat tokens (:func:`seat_ref`) are replaced by ``names``, or "Player N" without them.
        """
        text = self.private_text if self.private_text and self.visible_to(seat) else self.text
        return fill_seat_names(text, names)


def fast_event(
    kind: str,
    data: Mapping[str, JSON],
    text: str,
    private_to: tuple[int, ...] | None = None,
    private_text: str = "",
    reveals: bool = False,
    public: Mapping[str, JSON] | None = None,
) -> Event:
    """``Event(kind, data, text, ...)`` with every field set at once, for engines that make events in
    their playout loops (a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``).  The event is the same value in every respect.

    >>> fast_event("pass", {"seat": 0}, "t", reveals=True) == Event("pass", {"seat": 0}, "t", reveals=True)
    True
    """
    e: Event = _new_object(Event)
    d = e.__dict__  # the fields one by one: a keyword dict and update() cost a quarter more
    d["kind"] = kind
    d["data"] = data
    d["text"] = text
    d["private_to"] = private_to
    d["private_text"] = private_text
    d["reveals"] = reveals
    d["public"] = {} if public is None else public
    d["revealer"] = None
    return e


_new_object = object.__new__


class LazyTextEvent(Event):
    """An :class:`Event` whose ``text`` is written the first time it is read, by a function from the
    arguments kept with it (:func:`lazy_event`): an engine's playouts make many events whose log line
    nobody reads.  It is the same value as the :class:`Event` with that text in every respect: its
    fields, equality with either class, ``repr``, :meth:`Event.for_seat`, copies and pickles.

    >>> e = lazy_event("roll", {"face": 3}, "{} rolls {}.".format, ("{p0}", 3))
    >>> e.text, e == Event("roll", {"face": 3}, "{p0} rolls 3."), Event("roll", {"face": 3}, "x") == e
    ('{p0} rolls 3.', True, False)
    """

    def __init__(
        self,
        kind: str,
        data: Mapping[str, JSON] | None = None,
        text: str = "",
        private_to: tuple[int, ...] | None = None,
        private_text: str = "",
        reveals: bool = False,
        public: Mapping[str, JSON] | None = None,
        revealer: int | None = None,
    ) -> None:
        """Every field given (``dataclasses.replace`` and copies come here): the text is written already."""
        d = self.__dict__
        d.update(
            kind=kind, data={} if data is None else data, private_to=private_to, private_text=private_text
        )
        d.update(reveals=reveals, public={} if public is None else public, revealer=revealer, _text=text)

    @property  # the field, read-only here: written when first read
    def text(self) -> str:
        """The log line, written now if it was not yet."""
        d = self.__dict__
        text: str | None = d["_text"]
        if text is None:
            text = d["_text"] = d["_write"](*d["_args"])
        return text

    def __eq__(self, other: object) -> bool:
        """Field by field against any :class:`Event`, as two events are compared."""
        if not isinstance(other, Event):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Event))

    __hash__ = Event.__hash__

    def __repr__(self) -> str:
        """The :class:`Event` it equals, as that one reads."""
        return repr(Event(*(getattr(self, f.name) for f in fields(Event))))


def lazy_event(
    kind: str,
    data: Mapping[str, JSON],
    write: Callable[..., str],
    args: tuple[Any, ...],
    private_to: tuple[int, ...] | None = None,
    private_text: str = "",
    reveals: bool = False,
    public: Mapping[str, JSON] | None = None,
) -> Event:
    """:func:`fast_event` with the text ``write(*args)`` written only when read (:class:`LazyTextEvent`).
    ``args`` must be values nothing changes later (numbers, strings, tuples): copies, not the state's lists."""
    e: LazyTextEvent = _new_object(LazyTextEvent)
    d = e.__dict__
    d["kind"] = kind
    d["data"] = data
    d["private_to"] = private_to
    d["private_text"] = private_text
    d["reveals"] = reveals
    d["public"] = {} if public is None else public
    d["revealer"] = None
    d["_text"] = None
    d["_write"] = write
    d["_args"] = args
    return e


SHARED_EVENTS = 1024
"""How many events of each kind :func:`shared_event` keeps (the last ones met)."""

shared_event = lru_cache(maxsize=SHARED_EVENTS)
"""Makes an event builder give the same Event for the same arguments.  Events are read-only values
(``Event.data`` is a Mapping no reader edits), and a turn's common ones (a turn's start, a bid, a build
on a cell) repeat from game to game, so a playout finds them made instead of making their text, data and
object anew.  Bounded, so a long session keeps at most a few thousand per game
(``tests/engine/test_module_state.py`` holds every module-level cache to that)."""


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it takes, for log lines ("1 card", "3 cards").

    >>> counted(1, "card"), counted(0, "Keep Defence card"), counted(2, "army", "armies")
    ('1 card', '0 Keep Defence cards', '2 armies')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def seat_ref(seat: int) -> str:
    """The token event texts use for a seat; the UI swaps in the seat's name.

    >>> fill_seat_names(seat_ref(1) + " attacks", ["Anna", "Ben"])
    'Ben attacks'
    """
    return "{p" + str(seat) + "}"


def fill_seat_names(text: str, names: Sequence[str] = ()) -> str:
    """Replace seat tokens with names (or "Player N" where no name is given)."""
    if "{p" not in text:
        return text
    for seat in range(6):
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        text = text.replace(seat_ref(seat), name)
    return text


# What a message about a file may quote of it: a file can hold a 10 MB key or a list of millions,
# and a message that repeats it whole takes seconds to lay out (or runs a font out of memory).
BRIEF_CHARS = 40
FEW = 3
_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxstring, _BRIEF.maxother = 1, BRIEF_CHARS, BRIEF_CHARS
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxset = _BRIEF.maxfrozenset = _BRIEF.maxdict = 4


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in "…" where it was cut.

    >>> clip("Crimson Table", 8), clip("short", 8)
    ('Crimson…', 'short')
    """
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "\u2026"


def brief(value: Any, limit: int = BRIEF_CHARS) -> str:
    """A value for a message, as ``repr`` shows it but cut short, and never built whole: a huge
    list or dict is named by its size rather than spelt out.

    >>> brief("x" * 10_000)[:6], brief("x" * 10_000)[-2:], len(brief("x" * 10_000)) <= BRIEF_CHARS
    ("'xxxxx", "'…", True)
    >>> brief(list(range(5_000_000)))
    'a list of 5,000,000 items'
    """
    if isinstance(value, (dict, list, tuple, set, frozenset)) and len(value) > _BRIEF.maxlist:
        return f"a {type(value).__name__} of {len(value):,} items"
    if isinstance(value, str) and len(value) > limit - 2:
        return repr(value[: limit - 3]) + "\u2026"  # the start of the text, then "…"
    return clip(_BRIEF.repr(value), limit)


def first_few(items: Iterable[Any], shown: int = FEW) -> str:
    """The first few of ``items`` in sorted order, each :func:`brief`, and how many more: what
    an error lists of thousands of unknown keys (found in one pass, never sorted whole).

    >>> first_few(["b", "a"]), first_few(f"k{i:04}" for i in range(5000))
    ("'a', 'b'", "'k0000', 'k0001', 'k0002' and 4,997 more")
    """
    pool = [str(item) for item in items]
    few = ", ".join(brief(item) for item in heapq.nsmallest(shown, pool))
    rest = len(pool) - min(shown, len(pool))
    return f"{few} and {rest:,} more" if rest else few


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    reason: str = ""
    # What each seat made of the game, 1 a whole win .. 0 a loss, where the winners alone cannot
    # say it: seats that play together against the game (solo, co-op) all win or all lose, and
    # no winner there is a defeat, not a draw.  Empty: read from ``winners`` (``ai.ismcts``).
    rewards: tuple[float, ...] = ()


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its allowed values, default and label."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    choice_labels: tuple[str, ...] = ()
    players: tuple[int, ...] = ()  # the seat counts it changes anything at; () for every count

    def applies_to(self, players: int) -> bool:
        """Whether the option changes anything in a game of ``players`` seats."""
        return not self.players or players in self.players

    def label_of(self, value: Any) -> str:
        """How ``value`` reads in a menu (its label if one is given)."""
        if self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        if isinstance(value, bool):
            return "Yes" if value else "No"
        return str(value).replace("_", " ")


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, shown in menus and checked by ``new_game``."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    solo_modes: tuple[str, ...] = ()
    blurb: str = ""
    hidden_hands: bool = True

    def validate_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; a bad player count or option raises ValueError."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {players}"
            )
        given = dict(options or {})
        out: dict[str, Any] = {}
        for spec in self.options:
            value = given.pop(spec.name, spec.default)
            if value not in spec.choices:
                raise ValueError(
                    f"option {spec.name!r} must be one of {list(spec.choices)}, not {brief(value)}"
                )
            out[spec.name] = value
        if given:
            raise ValueError(f"unknown option(s) for {self.title}: {first_few(given)}")
        return out


def redact(events: Sequence[Event], seat: int | None) -> list[Event]:
    """Every event as ``seat`` may see it (see :meth:`Event.for_seat`)."""
    return [e.for_seat(seat) for e in events]


@runtime_checkable
class GameRules(Protocol[S]):
    """The contract every game implements (see DESIGN.md); ``S`` is the game's state type.

    Views: ``player_view(state, seat)`` is exactly what ``seat`` may know; ``seat=None`` is a
    spectator at no seat (what every seat may know: each hand only as a count, ``"seat"`` and
    ``"hand"`` None and empty).  ``open_view(state, final)`` is the table with every hand
    and face-down card face up (``"seat"`` None), given only once the game is over: ``state``
    itself, or ``final``, the end of the game ``state`` is a position of (a replay of a finished
    match may open every step); before, it raises :class:`GameNotOver`.  Views of one game share their keys; ``"hands"`` (where a game has hands) lists
    each seat's hand as the viewer sees it, None where it is hidden.
    """

    INFO: GameInfo

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...
    def current_player(self, state: S) -> int | None: ...
    def legal_actions(self, state: S) -> list[Action]: ...
    def refusal(self, state: S, action: Action) -> IllegalAction | None: ...
    def apply_action(self, state: S, action: Action) -> tuple[S, list[Event]]: ...
    def is_over(self, state: S) -> bool: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def player_view(self, state: S, seat: int | None) -> Mapping[str, JSON]: ...
    def open_view(self, state: S, final: S | None = None) -> Mapping[str, JSON]: ...
    def determinize(self, state: S, seat: int, seed: int) -> S: ...
    def to_dict(self, state: S) -> dict[str, JSON]: ...
    def from_dict(self, data: Mapping[str, JSON]) -> S: ...
    def action_from_dict(self, data: Mapping[str, JSON]) -> Action: ...
    def num_players(self, state: S) -> int: ...


def playable(rules: GameRules[S], state: S) -> S:
    """``state``, a position just loaded, if the game is over or someone has a legal action there.

    ``from_dict`` refuses what breaks a rule's invariant; this refuses what no invariant names but no
    game can go on from (a decision with no option), so a save that loads is one the table can play.
    A position too broken even to list its actions is refused the same way.
    """
    try:
        stuck = not rules.is_over(state) and not rules.legal_actions(state)
    except (IndexError, KeyError, ValueError, TypeError, InvariantError) as exc:
        raise StateError(f"{rules.INFO.id} state: its decision cannot be rebuilt ({exc!r})") from None
    if stuck:
        raise StateError(f"{rules.INFO.id} state: the game goes on, yet nobody has a legal action")
    return state


# -- invariants inside the engine: never ``assert`` (it vanishes under ``python -O``) ----------------
T = TypeVar("T")


class InvariantError(RuntimeError):
    """A rule's invariant found broken while playing: a bug in the engine, never a player's move."""


def require(cond: bool, message: str) -> None:
    """Raise :class:`InvariantError` with ``message`` (which names the rule) unless ``cond``.

    >>> require(1 + 1 == 2, "arithmetic")
    >>> require(False, "CO-R26: Winter and Spring together")
    Traceback (most recent call last):
    ...
    crimson_table.engine.core.InvariantError: CO-R26: Winter and Spring together
    """
    if not cond:
        raise InvariantError(message)


def present(value: T | None, message: str) -> T:
    """``value``, which must not be None (else :class:`InvariantError`)."""
    if value is None:
        raise InvariantError(message)
    return value


def expect(value: object, cls: type[A]) -> A:
    """``value`` as an instance of the action class ``cls`` (a dispatch table sent it here).

    >>> @dataclass(frozen=True)
    ... class Pass(Action):
    ...     KIND: ClassVar[str] = "pass"
    >>> expect(Pass(), Pass)
    Pass()
    """
    if not isinstance(value, cls):
        raise InvariantError(f"expected a {cls.__name__} action, got {value!r}")
    return value
