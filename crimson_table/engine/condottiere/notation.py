"""A one-line notation of Condottiere positions, with a round trip text -> position -> text.

::

    battle milano holder P2 actor P3 pope roma round 1 battle 4 ties 0 control torino:P1 discard Wi 3
        | P1 hand 1 Co Sc line 10 passed | P2 hand Bi line 4 He | P3 hand - line - known 6

The header gives the phase (``region battle pope scarecrow keep``), the region fought over
(``-`` between battles), the token holder and the seat to act, the Favor of the Pope's region
(``-`` off the board), the round, the battles fought (by default 1 in a battle, else 0), the battles in a row without a winner,
the control markers (``region:Pn``) and the discard pile (bottom card first).  Then one
section per seat, in seat order: its ``hand`` (kept in canonical order), its battle ``line``
(in play order), then optionally ``known`` (the Mercenaries a Scarecrow took back, CO-R29),
``kept`` (the cards a keeper set aside, CO-R42) and ``passed``.  ``-`` is an empty list.
Seats are written ``P1``, ``P2``... as in the supplement; in the state they are 0, 1...
Every other card lies in the draw pile, shuffled by ``seed``.  For canonical text (every
header field, in this order), ``to_notation(from_notation(text)) == text``:

>>> text = ("battle milano holder P2 actor P2 pope - round 1 battle 1 ties 0 control - discard -"
...         " | P1 hand Co Bi Sc line - | P2 hand - line 4 | P3 hand - line -")
>>> to_notation(from_notation(text)) == text
True
>>> describe(from_notation(text)).splitlines()[2]
'P2*: 4  (hand 0)'

:func:`position` builds the same positions from keyword arguments (seats from 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import DECK_COUNTS, ORDER, parse_cards, show_cards, sort_hand
from crimson_table.engine.condottiere.invariants import check_rules
from crimson_table.engine.condottiere.state import (
    BATTLE,
    KEEP,
    OVER,
    PHASES,
    REGION,
    CondottiereState,
    from_dict,
    to_dict,
)
from crimson_table.engine.condottiere.strength import NOBODY
from crimson_table.engine.core import StateError
from crimson_table.engine.rng import Rng

HEADER = ("holder", "actor", "pope", "round", "battle", "ties", "control", "discard")
SEAT = ("hand", "line", "known", "kept", "passed")


class NotationError(ValueError):
    """Text that is not a valid Condottiere position."""


# ---------------------------------------------------------------------------------------------
# Position -> text


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def _cards(cards: list[str]) -> str:
    return " ".join(cards) if cards else "-"


def _region(region: int) -> str:
    return italy().names[region] if region != NOBODY else "-"


def to_notation(s: CondottiereState) -> str:
    """The canonical notation of a position (any phase but the end of the game)."""
    if s.phase == OVER:
        raise NotationError("a finished game has no notation")
    names = italy().names
    control = " ".join(f"{names[r]}:{_seat(o)}" for r, o in enumerate(s.control) if o != NOBODY) or "-"
    head = (
        f"{s.phase} {_region(s.region)} holder {_seat(s.holder)} actor {_seat(s.actor)} pope {_region(s.pope)}"
        f" round {s.round} battle {s.battle} ties {s.ties} control {control} discard {_cards(s.discard)}"
    )
    return " | ".join([head, *(_seat_section(s, seat) for seat in range(s.players))])


def _seat_section(s: CondottiereState, seat: int) -> str:
    parts = [_seat(seat), "hand", _cards(s.hands[seat]), "line", _cards(s.lines[seat])]
    if s.known[seat]:
        parts += ["known", _cards(s.known[seat])]
    if s.phase == KEEP and seat == s.actor and s.kept:
        parts += ["kept", _cards(s.kept)]
    if s.passed[seat]:
        parts.append("passed")
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# Text -> position


def _fields(tokens: list[str], keywords: tuple[str, ...], where: str) -> dict[str, list[str]]:
    """``keyword value...`` runs; each keyword at most once."""
    out: dict[str, list[str]] = {}
    current = ""
    for token in tokens:
        if token in keywords:
            if token in out:
                raise NotationError(f"{where}: {token!r} given twice")
            current = token
            out[current] = []
        elif not current:
            raise NotationError(f"{where}: expected one of {', '.join(keywords)}, not {token!r}")
        else:
            out[current].append(token)
    return out


def _card_list(values: list[str], what: str) -> list[str]:
    text = " ".join(v for v in values if v != "-")
    try:
        return parse_cards(text)
    except ValueError as exc:
        raise NotationError(f"{what}: {exc}") from None


def _one(fields: dict[str, list[str]], key: str, default: str) -> str:
    values = fields.get(key, [default])
    if len(values) != 1:
        raise NotationError(f"{key!r} takes one value, not {values}")
    return values[0]


def _parse_seat(token: str, players: int) -> int:
    if not (token.startswith("P") and token[1:].isdigit() and 1 <= int(token[1:]) <= players):
        raise NotationError(f"{token!r} is not a seat P1..P{players}")
    return int(token[1:]) - 1


def _parse_region(token: str) -> int:
    if token == "-":
        return NOBODY
    if token not in italy().index:
        raise NotationError(f"{token!r} is not a region of the map")
    return italy().index[token]


def _number(fields: dict[str, list[str]], key: str, default: str) -> int:
    value = _one(fields, key, default)
    if not value.isdigit():
        raise NotationError(f"{key!r} must be a number, not {value!r}")
    return int(value)


def from_notation(text: str, seed: int = 0) -> CondottiereState:
    """The position ``text`` describes (every unlisted card shuffled into the draw pile by ``seed``)."""
    sections = [part.split() for part in text.split("|")]
    header, seats = sections[0], sections[1:]
    if not 2 <= len(seats) <= 6:
        raise NotationError("expected a header and 2 to 6 seat sections separated by '|'")
    if len(header) < 2 or header[0] not in PHASES or header[0] == OVER:
        raise NotationError(f"a position starts with its phase ({', '.join(PHASES[:-1])}) and region")
    players = len(seats)
    fields = _fields(header[2:], HEADER, "header")
    owners = [NOBODY] * len(italy().names)
    for token in (t for t in fields.get("control", []) if t != "-"):
        name, _, seat = token.partition(":")
        owners[_parse_region(name)] = _parse_seat(seat, players)
    zones = [_seat_zones(section, seat, players) for seat, section in enumerate(seats)]
    holder = _parse_seat(_one(fields, "holder", "P1"), players)
    return _build(
        players=players,
        phase=header[0],
        holder=holder,
        actor=_parse_seat(_one(fields, "actor", _seat(holder)), players),
        region=_parse_region(header[1]),
        pope=_parse_region(_one(fields, "pope", "-")),
        control=owners,
        hands=[z["hand"] for z in zones],
        lines=[z["line"] for z in zones],
        known=[z["known"] for z in zones],
        kept=[c for z in zones for c in z["kept"]],
        passed=[bool(z["passed"]) for z in zones],
        discard=_card_list(fields.get("discard", []), "discard"),
        counters=(
            _number(fields, "round", "1"),
            _number(fields, "battle", "0" if header[1] == "-" else "1"),  # default: the first battle
            _number(fields, "ties", "0"),
        ),
        seed=seed,
    )


def _seat_zones(tokens: list[str], seat: int, players: int) -> dict[str, list[str]]:
    if not tokens or _parse_seat(tokens[0], players) != seat:
        raise NotationError(f"seat section {seat + 1} must start with {_seat(seat)}")
    fields = _fields(tokens[1:], SEAT, _seat(seat))
    if fields.get("passed"):
        raise NotationError(f"{_seat(seat)}: 'passed' takes no value")
    zones = {key: _card_list(fields.get(key, []), f"{_seat(seat)} {key}") for key in SEAT[:-1]}
    return {**zones, "passed": ["yes"] if "passed" in fields else []}


# ---------------------------------------------------------------------------------------------
# Building and describing positions


def _build(
    *,
    players: int,
    phase: str,
    holder: int,
    actor: int,
    region: int,
    pope: int,
    control: list[int],
    hands: list[list[str]],
    lines: list[list[str]],
    known: list[list[str]],
    kept: list[str],
    passed: list[bool],
    discard: list[str],
    counters: tuple[int, int, int],
    seed: int,
    validate: bool = True,
) -> CondottiereState:
    """A state from its zones, every other card in the draw pile (``validate``: checked by from_dict)."""
    for hand in hands:
        sort_hand(hand)
    used = Counter(discard) + Counter(kept)
    for cards in hands + lines:
        used.update(cards)
    if used - DECK_COUNTS:
        raise NotationError(f"more copies than the deck holds: {dict(used - DECK_COUNTS)}")
    draw = list((DECK_COUNTS - used).elements())
    draw.sort(key=ORDER.index)
    rng = Rng.from_seed(seed)
    rng.shuffle(draw)
    s = CondottiereState(
        rng=rng.state,
        players=players,
        phase=phase,
        actor=actor,
        holder=holder,
        region=region,
        pope=pope,
        control=control,
        draw=draw,
        discard=discard,
        hands=hands,
        lines=lines,
        passed=passed,
        known=known,
        kept=kept,
        ties=counters[2],
        round=counters[0],
        battle=counters[1],
        winners=(),
        reason="",
    )
    if not validate:
        return s
    try:
        loaded = from_dict(to_dict(s))
        check_rules(loaded)
        return loaded
    except StateError as exc:
        raise NotationError(str(exc)) from None


def _per_seat(players: int, given: Mapping[int, str] | None) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(players)]
    for seat, text in (given or {}).items():
        out[seat] = parse_cards(text)
    return out


def position(
    players: int,
    holder: int = 0,
    *,
    hands: Mapping[int, str] | None = None,
    lines: Mapping[int, str] | None = None,
    control: Mapping[str, int] | None = None,
    region: str | None = None,
    pope: str | None = None,
    passed: Iterable[int] = (),
    actor: int | None = None,
    known: Mapping[int, str] | None = None,
    discard: str = "",
    ties: int = 0,
    seed: int = 0,
) -> CondottiereState:
    """The same positions from keyword arguments (seats from 0, cards as ``"6 4 He"``), unchecked.

    With ``region`` the battle for it is under way (``actor`` to play, default the
    holder); without it the holder is to choose a region.  Unlisted hands are empty.

    >>> s = position(3, holder=1, region="milano", hands={0: "Sc Bi Co"}, lines={1: "4"})
    >>> to_notation(s).split(" | ")[1:3]
    ['P1 hand Co Bi Sc line -', 'P2 hand - line 4']
    """
    owners = [NOBODY] * len(italy().names)
    for name, seat in (control or {}).items():
        owners[italy().index[name]] = seat
    gone = set(passed)
    return _build(
        players=players,
        phase=BATTLE if region else REGION,
        holder=holder,
        actor=holder if actor is None else actor,
        region=italy().index[region] if region else NOBODY,
        pope=italy().index[pope] if pope else NOBODY,
        control=owners,
        hands=_per_seat(players, hands),
        lines=_per_seat(players, lines),
        known=_per_seat(players, known),
        kept=[],
        passed=[seat in gone for seat in range(players)],
        discard=parse_cards(discard),
        counters=(1, 1 if region else 0, ties),
        seed=seed,
        validate=False,  # tests also build positions that break a rule, to see them refused
    )


def describe(s: CondottiereState) -> str:
    """One line per seat: ``P2*: 6 4 He  (hand 3)``; ``*`` marks the token holder, ``-`` a pass."""
    board = italy()
    where = board.names[s.region] if s.region != NOBODY else "—"
    pope = board.names[s.pope] if s.pope != NOBODY else "—"
    rows = [f"{s.phase} region={where} pope={pope} actor=P{s.actor + 1}"]
    for seat in range(s.players):
        mark = ("*" if seat == s.holder else "") + ("-" if s.passed[seat] else "")
        rows.append(f"P{seat + 1}{mark}: {show_cards(s.lines[seat])}  (hand {len(s.hands[seat])})")
    return "\n".join(rows)
