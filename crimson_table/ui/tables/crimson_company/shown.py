"""Crimson Company table: the table as shown, advanced by the (redacted) events as they play.

:class:`CCShown` starts from the viewer's ``player_view`` (:meth:`CCShown.from_view`) and
:meth:`CCShown.apply` moves it on one engine event at a time, so an animation always starts
from where a card is drawn right now.  After a batch it equals the engine's view again
(:meth:`CCShown.mirror` lists the fields it mirrors; ``tests/ui/tables/test_shown_models.py``
checks them).  Besides the board it holds two display-only things the animations put on it, left
out of the mirror: the lane being scored (``score``) and the turn banner.  What is in the air is
the base table's ``InFlight``.  Everything in Crimson Company is open (CC-R3), so the redacted
events are the engine's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_company.view import CrimsonCompanyView, LaneView, side_strength
from crimson_table.ui.tables.shown import EventTable, apply_events


@dataclass
class ShownCard:
    """One card on a side of a lane."""

    card: str
    face_up: bool


@dataclass
class ShownBid:
    """Coins lying on a card during the bid step."""

    card: str
    amount: int
    bidder: int


@dataclass
class ShownLane:
    """A lane: who won it (None while active) and its two sides, top (next to the castle) first."""

    won_by: int | None
    sides: list[list[ShownCard]]


@dataclass
class ScoreShow:
    """A lane being scored: live scoring strengths, the Score effect resolving, then the totals."""

    lane: int
    strengths: dict[str, int]
    effect: str | None = None
    totals: list[int] | None = None
    winner: int | None = None
    applied: list[str] = field(default_factory=list)


@dataclass
class CCShown:
    """The Crimson Company table as the viewer sees it drawn now."""

    viewer: int
    first: int
    active: int
    turn: int
    coins: list[int]
    supply: int
    bid: ShownBid | None
    deck_count: int
    deck_top: str | None
    offer: list[str]
    waiting: list[list[str]]
    lanes: list[ShownLane]
    discard: list[str]
    castles: list[int]
    score: ScoreShow | None = None
    banner: str | None = None

    @classmethod
    def from_view(cls, view: CrimsonCompanyView, seat: int) -> CCShown:
        """The board of ``seat``'s ``player_view``, nothing in the air."""
        bid = view.get("bid")
        return cls(
            viewer=seat,
            first=int(view["first"]),
            active=int(view["active"]),
            turn=int(view["turn"]),
            coins=[int(c) for c in view["coins"]],
            supply=int(view["supply"]),
            bid=None if not bid else ShownBid(str(bid["card"]), int(bid["amount"]), int(bid["bidder"])),
            deck_count=int(view["deck_count"]),
            deck_top=view.get("deck_top"),
            offer=[str(c) for c in view["offer"]],
            waiting=[[str(c) for c in w] for w in view["waiting"]],
            lanes=[_lane(lane) for lane in view["lanes"]],
            discard=[str(c) for c in view["discard"]],
            castles=[int(c) for c in view["castles"]],
        )

    def mirror(self) -> dict[str, Any]:
        """The fields that mirror ``player_view``, in the view's own JSON shape."""
        bid = self.bid
        return {
            "active": self.active,
            "turn": self.turn,
            "coins": list(self.coins),
            "supply": self.supply,
            "bid": None if bid is None else {"card": bid.card, "amount": bid.amount, "bidder": bid.bidder},
            "deck_count": self.deck_count,
            "deck_top": self.deck_top,
            "offer": list(self.offer),
            "waiting": [list(w) for w in self.waiting],
            "lanes": [
                {
                    "won_by": lane.won_by,
                    "sides": [[{"card": e.card, "face_up": e.face_up} for e in side] for side in lane.sides],
                }
                for lane in self.lanes
            ],
            "discard": list(self.discard),
            "castles": list(self.castles),
        }

    # -- advancing ----------------------------------------------------------------------------------
    def apply(self, events: Sequence[Event]) -> None:
        """Advance the board by each event in turn (kinds that change nothing on it are ignored)."""
        apply_events(self, _APPLY, events)

    # -- queries --------------------------------------------------------------------------------------
    def side(self, lane: int, seat: int) -> list[ShownCard]:
        """One side of a lane, top first."""
        return self.lanes[lane].sides[seat]

    def find(self, card: str) -> tuple[int, int, int] | None:
        """``(lane, seat, index)`` of a card on the board, or None."""
        for lane, info in enumerate(self.lanes):
            for seat in (0, 1):
                for i, entry in enumerate(info.sides[seat]):
                    if entry.card == card:
                        return lane, seat, i
        return None

    def face_up(self, card: str) -> bool:
        """Whether a card on the board lies face-up (cards elsewhere always do)."""
        where = self.find(card)
        return True if where is None else self.side(where[0], where[1])[where[2]].face_up

    def side_total(self, lane: int, seat: int) -> int:
        """Base strength of one side, as the engine counts it (face-down cards are 0)."""
        return side_strength([{"card": e.card, "face_up": e.face_up} for e in self.side(lane, seat)])

    def _take(self, card: str) -> ShownCard | None:
        where = self.find(card)
        if where is None:
            return None
        lane, seat, i = where
        return self.side(lane, seat).pop(i)

    def add_coins(self, place: Any, delta: int) -> None:
        """Coins arrive at (or leave) a seat, "supply" or "bid"."""
        if isinstance(place, int) and not isinstance(place, bool):
            self.coins[place] += delta
        elif place == "supply":
            self.supply += delta
        elif self.bid is not None:
            self.bid.amount += delta


def _lane(data: LaneView) -> ShownLane:
    won = data.get("won_by")
    sides = [[ShownCard(str(e["card"]), bool(e["face_up"])) for e in side] for side in data["sides"]]
    return ShownLane(None if won is None else int(won), sides)


def _remove(items: list[str], card: str) -> None:
    if card in items:
        items.remove(card)


def _on_turn(m: CCShown, event: Event) -> None:
    data = event.data
    m.turn, m.active = int(data["turn"]), int(data["seat"])


def _on_bid(m: CCShown, event: Event) -> None:
    data = event.data
    m.bid = ShownBid(str(data["card"]), 0, int(data["seat"]))


def _on_coins(m: CCShown, event: Event) -> None:
    data = event.data
    m.add_coins(data["from"], -int(data["amount"]))
    m.add_coins(data["to"], int(data["amount"]))


def _on_recruit(m: CCShown, event: Event) -> None:
    data = event.data
    card = str(data["card"])
    if card in m.offer:
        m.offer.remove(card)
    elif m.deck_top == card:
        m.deck_count = max(0, m.deck_count - 1)
        m.deck_top = None
    m.waiting[int(data["seat"])].append(card)
    m.bid = None


def _on_refill(m: CCShown, event: Event) -> None:
    data = event.data
    m.offer.append(str(data["card"]))
    m.deck_count = max(0, m.deck_count - 1)
    m.deck_top = data.get("deck_top")


def _on_deck_top(m: CCShown, event: Event) -> None:
    data = event.data
    m.deck_top = data.get("card")


def _on_deploy(m: CCShown, event: Event) -> None:
    data = event.data
    card, seat, source = str(data["card"]), int(data["seat"]), data.get("source")
    if source == "waiting":
        _remove(m.waiting[seat], card)
    elif source == "deck":
        m.deck_count = max(0, m.deck_count - 1)
        m.deck_top = None
    elif source == "discard":
        _remove(m.discard, card)
    m.side(int(data["lane"]), seat).append(ShownCard(card, bool(data["face_up"])))


def _on_flip(m: CCShown, event: Event) -> None:
    data = event.data
    where = m.find(str(data["card"]))
    if where is not None:
        m.side(where[0], where[1])[where[2]].face_up = bool(data["face_up"])


def _on_move(m: CCShown, event: Event) -> None:
    data = event.data
    entry = m._take(str(data["card"]))
    if entry is not None:
        m.side(int(data["to_lane"]), int(data["seat"])).append(entry)


def _on_swap(m: CCShown, event: Event) -> None:
    data = event.data
    first, second = m.find(str(data["first"])), m.find(str(data["second"]))
    if first is None or second is None:
        return
    a, b = m.side(first[0], first[1]), m.side(second[0], second[1])
    a[first[2]], b[second[2]] = b[second[2]], a[first[2]]


def _on_destroy(m: CCShown, event: Event) -> None:
    data = event.data
    card = str(data["card"])
    if m._take(card) is None:
        for waiting in m.waiting:
            _remove(waiting, card)
    m.discard.append(card)


def _on_castle(m: CCShown, event: Event) -> None:
    data = event.data
    seat = int(data["seat"])
    m.lanes[int(data["lane"])].won_by = seat
    m.castles[seat] += 1


_APPLY: EventTable[CCShown] = {
    "turn": _on_turn,
    "bid": _on_bid,
    "coins": _on_coins,
    "recruit": _on_recruit,
    "refill_offer": _on_refill,
    "deck_top": _on_deck_top,
    "deploy": _on_deploy,
    "flip": _on_flip,
    "move": _on_move,
    "swap": _on_swap,
    "destroy": _on_destroy,
    "castle_won": _on_castle,
}
