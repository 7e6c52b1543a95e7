"""A one-line text notation for Crimson Company positions, and "the position where..." in one call.

::

    turn 3 active A first A coins 6 4 phase bid | L0 A pikeman monk:fd B - | L1 A - B ironclad_knight
        | L2 won B | offer alchemist banshee berserker bully | deck changeling demon ... | discard -
        | waiting A - B haggler

The header gives the turn number, the active player (A = seat 0, B = seat 1, as in the
supplement's tests), the starting player (``first``, whose view orders the lanes), both
players' coins and the phase the active player is in; ``phase respond bid CARD N`` adds the
bid lying on CARD (the active player's, N coins).  The supply holds what is left of the 40
coins (CC-R4).  Then one section per lane, its two sides top to bottom with ``:fd`` for a
face-down card and ``-`` for an empty side (``L2 won B`` for a lane B has won), the offer,
the whole deck top card first, the discard pile and each player's waiting cards.

A position is built at the *start* of its phase and the game runs on to the first decision
(:func:`setup`).  The phases ``bid``, ``respond`` and ``deploy`` are decisions themselves:
:func:`to_notation` writes such a position, so ``to_notation(from_notation(text)) == text``
for canonical text (every section present, in the order above).  ``income``, ``recruit``,
``score`` and ``end`` build scenarios that run through effects first.

>>> s = from_notation("turn 2 active B coins 3 7 phase deploy | L1 A sellsword monk:fd B ironclad_knight "
...                   "| waiting A - B haggler")
>>> text = to_notation(s)
>>> text.split(" | ")[:3]
['turn 2 active B first A coins 3 7 phase deploy', 'L0 A - B -', 'L1 A sellsword monk:fd B ironclad_knight']
>>> to_notation(from_notation(text)) == text, s.supply
(True, 30)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from crimson_table.engine.core import Event, StateError
from crimson_table.engine.crimson_company.cards import (
    IDS,
    INDEX,
    NUM_CARDS,
    NUM_LANES,
    OFFER_SIZE,
    TOTAL_COINS,
)
from crimson_table.engine.crimson_company.flow import settle
from crimson_table.engine.crimson_company.ops import Ctx
from crimson_table.engine.crimson_company.phases import TURN_TASKS
from crimson_table.engine.crimson_company.state import ACTIVE, CCState, OpenBid, Task, check_state

PHASES = {"income": 7, "recruit": 5, "bid": 4, "respond": 3, "deploy": 3, "score": 2, "end": 1}  # tasks kept
DECISIONS = {"bid": 3, "respond": 3, "deploy": 2}  # tasks left under each decision when nothing else runs
SEATS = "AB"
SECTIONS = ("L0", "L1", "L2", "offer", "deck", "discard", "waiting")


class NotationError(ValueError):
    """Text that is not a valid Crimson Company position (or a position with no notation)."""


def _turn_tasks(seat: int) -> list[Task]:
    """The tasks of a whole turn, bottom of the stack first (as phases.start_turn pushes them)."""
    return list(TURN_TASKS[seat])


# --------------------------------------------------------------------------- writing


def to_notation(s: CCState) -> str:
    """The notation of a position waiting for a bid, a response or a deployment."""
    phase = _phase_of(s)
    head = f"turn {s.turn} active {SEATS[s.active]} first {SEATS[s.first]} coins {s.coins[0]} {s.coins[1]}"
    head += f" phase {phase}"
    if phase == "respond" and s.bid is not None:
        head += f" bid {IDS[s.bid.card]} {s.bid.amount}"
    parts = [head] + [_lane_section(s, lane) for lane in range(NUM_LANES)]
    parts += [
        f"offer {_words(s.offer)}",
        f"deck {_words(s.deck)}",
        f"discard {_words(s.discard)}",
        f"waiting A {_words(s.waiting[0])} B {_words(s.waiting[1])}",
    ]
    return " | ".join(parts)


def _phase_of(s: CCState) -> str:
    """bid, respond or deploy, if ``s`` waits for that decision with nothing else under way."""
    pending = s.pending
    if pending is None or s.winners is not None or pending.kind not in DECISIONS:
        raise NotationError("only positions waiting for a bid, a response or a deployment have a notation")
    if s.tasks != _turn_tasks(s.active)[: DECISIONS[pending.kind]]:
        raise NotationError(f"this {pending.kind} decision is part of an effect or a scoring under way")
    return pending.kind


def _lane_section(s: CCState, lane: int) -> str:
    if s.won_by[lane] != ACTIVE:
        return f"L{lane} won {SEATS[s.won_by[lane]]}"
    return f"L{lane} A {side_text(s, lane, 0) or '-'} B {side_text(s, lane, 1) or '-'}"


def _words(cards: list[int]) -> str:
    return " ".join(IDS[c] for c in cards) or "-"


def side_text(state: CCState, lane: int, seat: int) -> str:
    """One side, top to bottom, e.g. ``pikeman bully:fd``."""
    return " ".join(IDS[c] + (":fd" if state.down[c] else "") for c in state.sides[lane][seat])


def lane_text(state: CCState, lane: int) -> str:
    """One lane as ``L1: A ... | B ...``."""
    return f"L{lane}: A {side_text(state, lane, 0)} | B {side_text(state, lane, 1)}"


# --------------------------------------------------------------------------- reading


def from_notation(text: str) -> CCState:
    """The position written by ``text``, run on to its first decision (see :func:`setup`)."""
    return setup(text)[0]


def setup(text: str) -> tuple[CCState, list[Event]]:
    """The position of ``text`` and the events of running it on to the first decision.

    Omitted sections default as in :func:`position`: empty lanes and waiting cards, the first
    four free cards by id on offer, the rest in the deck (by id), and a discard pile of the
    cards placed nowhere else when the deck is given.  The phases ``bid``, ``respond`` and
    ``deploy`` must be the decision the position waits for (NotationError if the rules skip it).
    """
    head, sections = _split(text)
    found = _header(head)
    lanes, won = _lanes(sections)
    phase = found.get("phase", ["bid"])[0]
    state, events = _position(found, lanes, won, sections)
    if phase in DECISIONS and (state.pending is None or state.pending.kind != phase):
        raise NotationError(f"no {phase} decision arises in this position (CC-R8, CC-R10, CC-R16)")
    return state, events


def _position(
    found: dict[str, list[str]],
    lanes: dict[int, tuple[str, str]],
    won: dict[int, int],
    sections: dict[str, list[str]],
) -> tuple[CCState, list[Event]]:
    try:
        return position(
            lanes,
            won=won,
            waiting=_waiting(sections.get("waiting")),
            offer=_listed(sections.get("offer")),
            deck=_listed(sections.get("deck")),
            discard=_listed(sections.get("discard")),
            turn=int(found.get("turn", ["1"])[0]),
            active=_seat(found.get("active", ["A"])[0]),
            first=_seat(found.get("first", ["A"])[0]),
            phase=found.get("phase", ["bid"])[0],
            coins=(int(found["coins"][0]), int(found["coins"][1])) if "coins" in found else (6, 4),
            bid=(found["bid"][0], int(found["bid"][1])) if "bid" in found else None,
        )
    except NotationError:
        raise
    except (StateError, ValueError) as exc:
        raise NotationError(f"not a valid position: {exc}") from None


def _split(text: str) -> tuple[list[str], dict[str, list[str]]]:
    parts = [p.split() for p in text.split("|")]
    head, sections = parts[0], {}
    for words in parts[1:]:
        if not words or words[0] not in SECTIONS or words[0] in sections:
            raise NotationError(f"unknown or repeated section {' '.join(words)!r}")
        sections[words[0]] = words[1:]
    return head, sections


HEADER = {"turn": 1, "active": 1, "first": 1, "coins": 2, "phase": 1, "bid": 2}  # key: how many values


def _header(words: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    i = 0
    while i < len(words):
        key = words[i]
        if key not in HEADER or key in found or i + HEADER[key] >= len(words):
            raise NotationError(f"bad header near {' '.join(words[i:])!r}")
        found[key] = words[i + 1 : i + 1 + HEADER[key]]
        i += 1 + HEADER[key]
    return found


def _seat(word: str) -> int:
    if word not in ("A", "B"):
        raise NotationError(f"a seat is A or B, not {word!r}")
    return SEATS.index(word)


def _listed(words: list[str] | None) -> list[str] | None:
    if words is None:
        return None
    return [] if words == ["-"] else words


def _lanes(sections: Mapping[str, list[str]]) -> tuple[dict[int, tuple[str, str]], dict[int, int]]:
    lanes: dict[int, tuple[str, str]] = {}
    won: dict[int, int] = {}
    for lane in range(NUM_LANES):
        words = sections.get(f"L{lane}")
        if words is None:
            continue
        if len(words) == 2 and words[0] == "won":
            won[lane] = _seat(words[1])
            continue
        if "B" not in words or not words or words[0] != "A":
            raise NotationError(f"lane L{lane} must read 'A cards... B cards...' or 'won A|B'")
        split = words.index("B")
        lanes[lane] = (" ".join(_listed(words[1:split]) or []), " ".join(_listed(words[split + 1 :]) or []))
    return lanes, won


def _waiting(words: list[str] | None) -> tuple[list[str], list[str]]:
    if words is None:
        return [], []
    if not words or words[0] != "A" or "B" not in words:
        raise NotationError("waiting must read 'A cards... B cards...'")
    split = words.index("B")
    return _listed(words[1:split]) or [], _listed(words[split + 1 :]) or []


# --------------------------------------------------------------------------- building


def _parse_side(text: str) -> list[tuple[int, bool]]:
    out = []
    for word in text.split():
        name, _, flag = word.partition(":")
        if name not in INDEX or flag not in ("", "fd"):
            raise NotationError(f"unknown card {word!r}")
        out.append((INDEX[name], flag == "fd"))
    return out


def _ids(words: Iterable[str] | str) -> list[int]:
    if isinstance(words, str):
        words = words.split()
    out = []
    for word in words:
        if word not in INDEX:
            raise NotationError(f"unknown card {word!r}")
        out.append(INDEX[word])
    return out


def position(
    lanes: Mapping[int, tuple[str, str]],
    *,
    active: int = 0,
    first: int = 0,
    phase: str = "bid",
    coins: tuple[int, int] = (6, 4),
    offer: Iterable[str] | str | None = None,
    deck: Iterable[str] | str | None = None,
    deck_top: str | None = None,
    discard: Iterable[str] | str | None = None,
    waiting: tuple[Iterable[str] | str, Iterable[str] | str] = ((), ()),
    won: Mapping[int, int] | None = None,
    turn: int = 1,
    bid: tuple[str, int] | None = None,
) -> tuple[CCState, list[Event]]:
    """A state at the start of ``phase`` of ``active``'s turn, run on to the first decision.

    Unplaced cards fill the offer (first 4 by id unless ``offer`` is given) and then the
    deck (``deck_top`` first if given); if ``deck`` is given, any card still unplaced goes
    to the discard pile.  The supply holds whatever the players do not (40 in all).  The
    phase ``respond`` needs ``bid`` (card, coins): the active player's bid lying on that card.

    >>> s, _ = position({1: ("sellsword monk:fd", "ironclad_knight")}, coins=(1, 5), phase="end")
    >>> lane_text(s, 1)
    'L1: A sellsword monk:fd | B ironclad_knight'
    """
    if phase not in PHASES:
        raise NotationError(f"phase must be one of {list(PHASES)}")
    if (phase == "respond") != (bid is not None):
        raise NotationError("a bid is given exactly when the phase is respond")
    state = _state(lanes, active, first, coins, offer, deck, deck_top, discard, waiting, won, turn)
    state.tasks = _turn_tasks(active)[: PHASES[phase]]
    if bid is not None:
        _open_bid(state, bid)
    check_state(state)
    ctx = Ctx(state)
    settle(ctx)
    return state, ctx.events


def _state(
    lanes: Mapping[int, tuple[str, str]],
    active: int,
    first: int,
    coins: tuple[int, int],
    offer: Iterable[str] | str | None,
    deck: Iterable[str] | str | None,
    deck_top: str | None,
    discard: Iterable[str] | str | None,
    waiting: tuple[Iterable[str] | str, Iterable[str] | str],
    won: Mapping[int, int] | None,
    turn: int,
) -> CCState:
    sides, down = _board(lanes)
    wait = [_ids(waiting[0]), _ids(waiting[1])]
    deck_cards, offer_cards, discard_cards = _piles(sides, wait, offer, deck, deck_top, discard)
    won_by = [ACTIVE] * NUM_LANES
    for lane, seat in (won or {}).items():
        won_by[lane] = seat
    return CCState(
        first=first,
        active=active,
        turn=turn,
        coins=list(coins),
        supply=TOTAL_COINS - sum(coins),
        deck=deck_cards,
        offer=offer_cards,
        waiting=wait,
        sides=sides,
        down=down,
        discard=discard_cards,
        won_by=won_by,
        rng=0,
    )


def _open_bid(state: CCState, bid: tuple[str, int]) -> None:
    """The active player's bid on a card (CC-R9), its coins already on the card; the opponent answers."""
    card, amount = _ids([bid[0]])[0], bid[1]
    if card not in state.offer and (not state.deck or state.deck[0] != card):
        raise NotationError(f"{bid[0]} is neither on offer nor the deck's top card")
    if amount < 1 or amount > state.supply:
        raise NotationError(f"a bid of {amount} coins is not possible here")
    state.bid = OpenBid(card, amount, state.active, card not in state.offer)
    state.supply -= amount
    state.tasks.append(("respond", 1 - state.active))


def _board(lanes: Mapping[int, tuple[str, str]]) -> tuple[list[list[list[int]]], list[bool]]:
    sides: list[list[list[int]]] = [[[], []] for _ in range(NUM_LANES)]
    down = [False] * NUM_CARDS
    for lane, pair in lanes.items():
        for seat in (0, 1):
            for card, face_down in _parse_side(pair[seat]):
                sides[lane][seat].append(card)
                down[card] = face_down
    return sides, down


def _piles(
    sides: list[list[list[int]]],
    wait: list[list[int]],
    offer: Iterable[str] | str | None,
    deck: Iterable[str] | str | None,
    deck_top: str | None,
    discard: Iterable[str] | str | None = None,
) -> tuple[list[int], list[int], list[int]]:
    """(deck, offer, discard) from the cards not on the board or waiting."""
    used = {c for pair in sides for side in pair for c in side} | set(wait[0]) | set(wait[1])
    thrown = _ids(discard) if discard is not None else []
    free = [c for c in range(NUM_CARDS) if c not in used and c not in thrown]
    offer_cards = _ids(offer) if offer is not None else free[:OFFER_SIZE]
    free = [c for c in free if c not in offer_cards]
    deck_cards = _ids(deck) if deck is not None else free
    if deck_top is not None:
        deck_cards = [INDEX[deck_top]] + [c for c in deck_cards if c != INDEX[deck_top]]
    left = [c for c in free if c not in deck_cards]
    if discard is not None and left:
        raise NotationError(f"cards placed nowhere: {' '.join(IDS[c] for c in left)}")
    discard_cards = thrown + left
    return deck_cards, offer_cards, discard_cards
