"""The Crimson Company state, its cheap clone, board queries and JSON round trip.

A card is in exactly one zone (supplement section 0): the deck (index 0 is the
visible top), the offer, a player's waiting cards, a side of a lane (index 0 is the
top, next to the castle) or the discard pile.  ``tasks`` is the stack of work still to
do this turn (the last entry runs next); ``pending`` is the decision being waited for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from crimson_table.engine.core import JSON, Action, StateError
from crimson_table.engine.crimson_company.actions import CODEC
from crimson_table.engine.crimson_company.cards import (
    FORTUNE_TELLER,
    IDS,
    INDEX,
    NUM_CARDS,
    NUM_LANES,
    STRENGTH,
    TOTAL_COINS,
    WAITING_CAP,
)

GAME_ID = "crimson_company"
ACTIVE = -1  # value of ``won_by[lane]`` while nobody has won the lane (CC-R18)
Task = tuple[Any, ...]


@dataclass(frozen=True)
class Pending:
    """A decision the game waits for: who decides, what about, and the legal options."""

    chooser: int
    kind: str
    prompt: str
    options: tuple[Action, ...]
    task: Task


def new_pending(chooser: int, kind: str, prompt: str, options: tuple[Action, ...], task: Task) -> Pending:
    """``Pending(chooser, kind, prompt, options, task)`` with its fields set at once: every decision of
    every playout makes one, and a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``.  The same value in every respect."""
    pending: Pending = _new_object(Pending)
    fields = pending.__dict__
    fields["chooser"] = chooser
    fields["kind"] = kind
    fields["prompt"] = prompt
    fields["options"] = options
    fields["task"] = task
    return pending


_new_object = object.__new__


@dataclass
class OpenBid:
    """Coins lying on a card during the bid step (CC-R9)."""

    card: int
    amount: int
    bidder: int
    from_deck: bool


@dataclass
class CCState:
    """Whole game state.  Mutable, but used immutably: the rules clone before changing."""

    first: int
    active: int
    turn: int
    coins: list[int]
    supply: int
    deck: list[int]
    offer: list[int]
    waiting: list[list[int]]
    sides: list[list[list[int]]]
    down: list[bool]
    discard: list[int]
    won_by: list[int]
    rng: int
    bid: OpenBid | None = None
    tied: list[bool] = field(default_factory=lambda: [False] * NUM_LANES)
    scoring: dict[int, int] = field(default_factory=dict)
    tasks: list[Task] = field(default_factory=list)
    pending: Pending | None = None
    winners: tuple[int, ...] | None = None
    reason: str = ""

    def clone(self) -> CCState:
        """A copy that shares nothing mutable with this state.

        Every action clones its state, so the copy skips ``__init__``: the immutable fields (ints,
        strings, the frozen decision, the winners' tuple) are copied with the field dict in one go,
        and each list, the scores and the open bid are then replaced by copies.
        """
        new = self.fork()
        new.sides = copy_sides(self.sides)
        new.down = self.down[:]
        new.discard = self.discard[:]
        new.won_by = self.won_by[:]
        new.tied = self.tied[:]
        new.scoring = dict(self.scoring)
        return new

    def fork(self) -> CCState:
        """A copy for an action to build on: what nearly every action changes is copied (coins, deck,
        offer, waiting cards, the open bid, the task stack); the fields of :data:`SHARED_BY_FORK`
        (the lanes, the face-down flags, the discard pile, won lanes, ties, scores) stay shared
        with this state until the action changes one, and its ``ops.Ctx`` copies it then.

        Copying and freeing some twenty lists was a quarter of a random playout's time; a bid or
        a response changes none of the shared ones.  Only the rules' ``apply_action`` uses it.

        The fields are set one by one in the order ``__init__`` sets them (without its call):
        CPython then keeps them in the object's compact layout, where every later ``state.field``
        is found fastest.  A copied ``__dict__`` given whole costs every read after it (11% of a
        playout's instructions).
        """
        new: CCState = _new_object(CCState)
        new.first = self.first
        new.active = self.active
        new.turn = self.turn
        new.coins = self.coins[:]
        new.supply = self.supply
        new.deck = self.deck[:]
        new.offer = self.offer[:]
        waiting = self.waiting
        new.waiting = [waiting[0][:], waiting[1][:]]
        new.sides = self.sides
        new.down = self.down
        new.discard = self.discard
        new.won_by = self.won_by
        new.rng = self.rng
        bid = self.bid
        new.bid = None if bid is None else OpenBid(bid.card, bid.amount, bid.bidder, bid.from_deck)
        new.tied = self.tied
        new.scoring = self.scoring
        new.tasks = self.tasks[:]
        new.pending = self.pending
        new.winners = self.winners
        new.reason = self.reason
        return new


# What :meth:`CCState.fork` leaves shared, as bits: the Ctx building the new state copies each
# before its first change (copy on write).
SIDES, DOWN, DISCARD, WON_BY, TIED, SCORING = 1, 2, 4, 8, 16, 32
SHARED_BY_FORK = SIDES | DOWN | DISCARD | WON_BY | TIED | SCORING


def copy_sides(sides: list[list[list[int]]]) -> list[list[list[int]]]:
    """The three lanes' two sides as new lists (CC-R1: three lanes, ``check_state``)."""
    one, two, three = sides
    return [[one[0][:], one[1][:]], [two[0][:], two[1][:]], [three[0][:], three[1][:]]]


# --------------------------------------------------------------------------- queries


def opponent(seat: int) -> int:
    """The other player."""
    return 1 - seat


def lane_order(state: CCState, seat: int) -> tuple[int, ...]:
    """Lanes left to right from ``seat``'s view: P1 sees L0 L1 L2, P2 sees L2 L1 L0 (section 0)."""
    return (0, 1, 2) if seat == state.first else (2, 1, 0)


def is_active_lane(state: CCState, lane: int) -> bool:
    """True while nobody has won ``lane`` (CC-R18)."""
    return state.won_by[lane] == ACTIVE


def active_lanes(state: CCState) -> list[int]:
    """Active lanes by index."""
    won_by = state.won_by
    if won_by[0] == won_by[1] == won_by[2] == ACTIVE:  # most of a game: nobody has won a lane
        return [0, 1, 2]
    return [lane for lane in range(NUM_LANES) if won_by[lane] == ACTIVE]


def base_strength(state: CCState, card: int) -> int:
    """Printed strength face-up, 0 face-down (section 0)."""
    return 0 if state.down[card] else STRENGTH[card]


def locate(state: CCState, card: int) -> tuple[int, int, int] | None:
    """``(lane, seat, index)`` of a card in play, or None."""
    for lane, (mine, theirs) in enumerate(state.sides):  # looked up for nearly every effect
        if card in mine:
            return lane, 0, mine.index(card)
        if card in theirs:
            return lane, 1, theirs.index(card)
    return None


def face_up_in_play(state: CCState, card: int) -> bool:
    """True if the card is in play and face-up."""
    return not state.down[card] and locate(state, card) is not None


def cards_in_order(state: CCState, seat: int) -> list[int]:
    """``seat``'s cards in play in resolution order (CC-R30): lanes left to right, top to bottom."""
    out: list[int] = []
    for lane in lane_order(state, seat):
        out.extend(state.sides[lane][seat])
    return out


def board_cards(state: CCState, seats: tuple[int, ...] = (0, 1)) -> list[int]:
    """Cards in play of ``seats`` in option order (section 4): lane, then index, then id."""
    if len(seats) == 1:  # one side per lane: its cards in lane order, each side top to bottom
        seat = seats[0]
        one, two, three = state.sides
        return one[seat] + two[seat] + three[seat]
    keyed: list[tuple[int, int, int]] = []
    for lane, pair in enumerate(state.sides):
        for seat in seats:
            keyed.extend((lane, i, card) for i, card in enumerate(pair[seat]))
    keyed.sort()
    return [card for _, _, card in keyed]


def side_total(state: CCState, lane: int, seat: int) -> int:
    """Total base strength of one side of a lane."""
    return sum(base_strength(state, c) for c in state.sides[lane][seat])


def strength_in_play(state: CCState, seat: int) -> int:
    """Total base strength of all of ``seat``'s cards in play (CC-R43 tie-break 2)."""
    return sum(side_total(state, lane, seat) for lane in range(NUM_LANES))


def castles(state: CCState, seat: int) -> int:
    """Castles held by ``seat``."""
    return sum(1 for owner in state.won_by if owner == seat)


def biddable(state: CCState, seat: int) -> list[int]:
    """Offer cards plus the deck top with a face-up Fortune Teller, by id (CC-R8)."""
    cards = list(state.offer)
    if state.deck and owns_face_up(state, seat, FORTUNE_TELLER):
        cards.append(state.deck[0])
    return sorted(cards)


def owns_face_up(state: CCState, seat: int, card: int) -> bool:
    """True if ``card`` is face-up on ``seat``'s side of an active lane."""
    if state.down[card]:
        return False
    one, two, three = state.sides
    return card in one[seat] or card in two[seat] or card in three[seat]


# --------------------------------------------------------------------------- serialization


def to_dict(state: CCState) -> dict[str, JSON]:
    """A JSON-able dict with card ids as strings and the PRNG state under ``"rng"``."""
    pending = state.pending
    return {
        "game": GAME_ID,
        "rng": state.rng,
        "first": state.first,
        "active": state.active,
        "turn": state.turn,
        "coins": state.coins[:],
        "supply": state.supply,
        "deck": _ids(state.deck),
        "offer": _ids(state.offer),
        "waiting": [_ids(w) for w in state.waiting],
        "lanes": [[_ids(side) for side in pair] for pair in state.sides],
        "face_down": [IDS[c] for c in range(NUM_CARDS) if state.down[c]],
        "discard": _ids(state.discard),
        "won_by": state.won_by[:],
        "bid": None
        if state.bid is None
        else [IDS[state.bid.card], state.bid.amount, state.bid.bidder, state.bid.from_deck],
        "tied": state.tied[:],
        "scoring": {IDS[c]: v for c, v in sorted(state.scoring.items())},
        "tasks": [list(t) for t in state.tasks],
        "pending": None
        if pending is None
        else {
            "chooser": pending.chooser,
            "kind": pending.kind,
            "prompt": pending.prompt,
            "options": [a.to_dict() for a in pending.options],
            "task": list(pending.task),
        },
        "winners": None if state.winners is None else list(state.winners),
        "reason": state.reason,
    }


def _ids(cards: list[int]) -> list[str]:
    return [IDS[c] for c in cards]


def from_dict(data: Mapping[str, JSON], task_kinds: frozenset[str]) -> CCState:
    """Rebuild a state from :func:`to_dict` output; anything malformed raises StateError.

    Types, ranges and conservation only: the rules' invariants (:mod:`invariants`) are checked by
    ``rules.from_dict`` after this, so a test may build an internal mid-turn state (work queued
    in ``tasks``, no decision yet) to run it.
    """
    try:
        state = _build(data, task_kinds)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(f"bad crimson_company state: {exc!r}") from None
    check_state(state)
    return state


def _cards(value: Any) -> list[int]:
    if not isinstance(value, list):
        raise StateError(f"expected a list of card ids, got {value!r}")
    out = []
    for card_id in value:
        if card_id not in INDEX:
            raise StateError(f"unknown card id {card_id!r}")
        out.append(INDEX[card_id])
    return out


def _seat(value: Any) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise StateError(f"expected a seat 0 or 1, got {value!r}")
    return int(value)


def _int(value: Any, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise StateError(f"expected an int >= {low}, got {value!r}")
    return value


def _task(value: Any, task_kinds: frozenset[str]) -> Task:
    if not isinstance(value, list) or not value or value[0] not in task_kinds:
        raise StateError(f"bad task {value!r}")
    for item in value[1:]:
        _int(item, -1)
    return tuple(value)


def _build(data: Mapping[str, JSON], task_kinds: frozenset[str]) -> CCState:
    if data.get("game") != GAME_ID:
        raise StateError(f"not a {GAME_ID} state: game={data.get('game')!r}")
    won_by = [_int(v, -1) for v in data["won_by"]]
    state = CCState(
        first=_seat(data["first"]),
        active=_seat(data["active"]),
        turn=_int(data["turn"], 1),
        coins=[_int(v) for v in data["coins"]],
        supply=_int(data["supply"]),
        deck=_cards(data["deck"]),
        offer=_cards(data["offer"]),
        waiting=[_cards(w) for w in data["waiting"]],
        sides=[[_cards(side) for side in pair] for pair in data["lanes"]],
        down=[False] * NUM_CARDS,
        discard=_cards(data["discard"]),
        won_by=won_by,
        rng=_int(data["rng"]),
        bid=_bid(data["bid"]),
        tied=[bool(v) for v in data["tied"]],
        scoring={INDEX[k]: _int(v) for k, v in dict(data["scoring"]).items()},
        tasks=[_task(t, task_kinds) for t in data["tasks"]],
        pending=_pending(data["pending"], task_kinds),
        winners=None if data["winners"] is None else tuple(_seat(s) for s in data["winners"]),
        reason=str(data["reason"]),
    )
    for card in _cards(data["face_down"]):
        state.down[card] = True
    return state


def _bid(value: Any) -> OpenBid | None:
    if value is None:
        return None
    card, amount, bidder, from_deck = value
    return OpenBid(_cards([card])[0], _int(amount, 1), _seat(bidder), bool(from_deck))


def _pending(value: Any, task_kinds: frozenset[str]) -> Pending | None:
    if value is None:
        return None
    options = tuple(CODEC.from_dict(o) for o in value["options"])
    if not options:
        raise StateError("a pending decision needs at least one option")
    return Pending(
        chooser=_seat(value["chooser"]),
        kind=str(value["kind"]),
        prompt=str(value["prompt"]),
        options=options,
        task=_task(value["task"], task_kinds),
    )


def check_state(state: CCState) -> None:
    """Raise StateError unless every card is in one zone and the 40 coins add up (CC-R1, CC-R4)."""
    if len(state.coins) != 2 or len(state.waiting) != 2 or len(state.won_by) != NUM_LANES:
        raise StateError("crimson_company is a two-player game with three lanes")
    if len(state.sides) != NUM_LANES or any(len(pair) != 2 for pair in state.sides):
        raise StateError("each of the three lanes needs two sides")
    zones = state.deck + state.offer + state.discard + state.waiting[0] + state.waiting[1]
    for pair in state.sides:
        zones += pair[0] + pair[1]
    if sorted(zones) != list(range(NUM_CARDS)):
        raise StateError("every one of the 30 cards must be in exactly one zone (CC-R1)")
    on_bid = state.bid.amount if state.bid is not None else 0
    if sum(state.coins) + state.supply + on_bid != TOTAL_COINS:
        raise StateError("supply + players + bid must hold exactly 40 coins (CC-R4)")
    if any(len(w) > WAITING_CAP for w in state.waiting):
        raise StateError("a player may hold at most 2 waiting cards (CC-R15)")
    for lane in range(NUM_LANES):
        if state.won_by[lane] not in (ACTIVE, 0, 1):
            raise StateError(f"won_by[{lane}] must be -1, 0 or 1")
        # The lane that gives a second castle keeps its cards: the game ends at once (CC-R38 step 2).
        running = state.winners is None
        if running and state.won_by[lane] != ACTIVE and (state.sides[lane][0] or state.sides[lane][1]):
            raise StateError(f"lane {lane} was won and must hold no cards (CC-R18)")
