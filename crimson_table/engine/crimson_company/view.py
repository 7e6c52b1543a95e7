"""What one seat may know (CC-R3) and determinization for bots.

Everything is public except the order of the deck below its top card: the view gives
the top card, the deck size and the remaining deck cards as a sorted set, never in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict, cast

from crimson_table.engine.core import JSON
from crimson_table.engine.crimson_company.cards import IDS, INDEX, STRENGTH
from crimson_table.engine.crimson_company.phases import match_price, open_bid
from crimson_table.engine.crimson_company.state import CCState, Pending, castles, lane_order
from crimson_table.engine.rng import Rng


class BidView(TypedDict):
    """The open bid; ``price`` is what a Match costs."""

    card: str
    amount: int
    bidder: int
    price: int


class DecisionView(TypedDict):
    """Who decides what; ``card`` is the card an effect choice is about."""

    chooser: int
    kind: str
    prompt: str
    card: str | None


class LaneCard(TypedDict):
    """One card on a side of a lane."""

    card: str
    face_up: bool


class LaneView(TypedDict):
    """One lane: who won its castle (None while open) and each seat's side of cards."""

    won_by: int | None
    sides: list[list[LaneCard]]


class CrimsonCompanyView(TypedDict):
    """What ``player_view`` and ``open_view`` give: the keys are checked by mypy where they are read."""

    game: str
    seat: int | None
    first: int
    active: int
    turn: int
    lane_order: list[int]
    coins: list[int]
    supply: int
    bid: BidView | None
    deck_count: int
    deck_top: str | None
    deck_unseen: list[str]
    offer: list[str]
    waiting: list[list[str]]
    lanes: list[LaneView]
    discard: list[str]
    castles: list[int]
    scoring: dict[str, int]  # card id -> points it scored
    decision: DecisionView | None
    winners: list[int] | None
    reason: str


def crimson_company_view(view: Mapping[str, JSON]) -> CrimsonCompanyView:
    """A view the rules built, met as the generic contract's mapping (a bot's context, a table), as
    this game's: the one place the type is narrowed."""
    return cast(CrimsonCompanyView, view)


def player_view(state: CCState, seat: int | None) -> CrimsonCompanyView:
    """A JSON-able dict of the public state as ``seat`` sees it (None: a spectator, lanes in seat
    0's order)."""
    pending = state.pending
    return {
        "game": "crimson_company",
        "seat": seat,
        "first": state.first,
        "active": state.active,
        "turn": state.turn,
        "lane_order": list(lane_order(state, 0 if seat is None else seat)),
        "coins": state.coins[:],
        "supply": state.supply,
        "bid": None if state.bid is None else _bid(state),
        "deck_count": len(state.deck),
        "deck_top": IDS[state.deck[0]] if state.deck else None,
        "deck_unseen": sorted(IDS[c] for c in state.deck[1:]),
        "offer": [IDS[c] for c in state.offer],
        "waiting": [[IDS[c] for c in w] for w in state.waiting],
        "lanes": [_lane(state, lane) for lane in range(len(state.sides))],
        "discard": [IDS[c] for c in state.discard],
        "castles": [castles(state, 0), castles(state, 1)],
        "scoring": {IDS[c]: v for c, v in sorted(state.scoring.items())},
        "decision": None if pending is None else _decision(pending),
        "winners": None if state.winners is None else list(state.winners),
        "reason": state.reason,
    }


def open_view(state: CCState) -> CrimsonCompanyView:
    """The finished table: there are no hands, and every card on the table is public (CC-R3)."""
    return player_view(state, None)


def _bid(state: CCState) -> BidView:
    """The open bid; ``price`` is what a Match costs (the bid, +1 against a face-up Haggler, CC-R10)."""
    bid = open_bid(state)
    return {"card": IDS[bid.card], "amount": bid.amount, "bidder": bid.bidder, "price": match_price(state)}


def _decision(pending: Pending) -> DecisionView:
    """Who decides what; ``card`` is the card an effect choice is about (its source, or the
    card a Siren moves)."""
    task = pending.task
    about = IDS[task[2]] if pending.kind not in ("bid", "respond", "deploy") else None
    return {"chooser": pending.chooser, "kind": pending.kind, "prompt": pending.prompt, "card": about}


def _lane(state: CCState, lane: int) -> LaneView:
    return {
        "won_by": None if state.won_by[lane] < 0 else state.won_by[lane],
        "sides": [
            [{"card": IDS[c], "face_up": not state.down[c]} for c in side] for side in state.sides[lane]
        ],
    }


def shown_strength(card_id: str, face_up: bool) -> int:
    """A card's base strength as a view shows it: printed face-up, 0 face-down (section 0).

    >>> shown_strength("stone_giant", True), shown_strength("stone_giant", False)
    (8, 0)
    """
    return STRENGTH[INDEX[card_id]] if face_up else 0


def side_strength(side: list[LaneCard]) -> int:
    """Total base strength of one side of a view's lane."""
    return sum(shown_strength(e["card"], e["face_up"]) for e in side)


def determinize(state: CCState, seat: int, seed: int) -> CCState:
    """A copy with the deck below its top reshuffled from ``seed``; the PRNG state is replaced too."""
    rng = Rng.from_seed(seed)
    out = state.clone()
    rest = sorted(out.deck[1:])  # canonical order: the sample depends on the view and the seed alone
    rng.shuffle(rest)
    out.deck = out.deck[:1] + rest
    out.rng = rng.fork()
    return out
