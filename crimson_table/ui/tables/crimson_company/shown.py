"""Crimson Company table: the table as shown, advanced by the (redacted) events as they play.

:class:`CCShown` starts from the viewer's ``player_view`` (:meth:`CCShown.from_view`) and
:meth:`CCShown.apply` moves it on one engine event at a time, so an animation always starts
from where a card is drawn right now.  After a batch it equals the engine's view again
(:meth:`CCShown.mirror` lists the fields it mirrors; the generic shown-model test checks them).
Besides the board it holds what the animations put on top of it: the cards in the air
(``hidden``), the lane being scored (``score``), the turn banner and the caption of the event
being shown.  Everything in Crimson Company is open (CC-R3), so every event is public.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_company.view import side_strength


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
    hidden: set[str] = field(default_factory=set)
    score: ScoreShow | None = None
    banner: str | None = None
    caption: str | None = None

    MIRRORED = (
        "active",
        "turn",
        "coins",
        "supply",
        "bid",
        "deck_count",
        "deck_top",
        "offer",
        "waiting",
        "lanes",
        "discard",
        "castles",
    )

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seat: int) -> CCShown:
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

    @staticmethod
    def view_mirror(view: Mapping[str, Any]) -> dict[str, Any]:
        """The same fields of a ``player_view`` (the bid without its price)."""
        out = {key: view[key] for key in CCShown.MIRRORED}
        if out["bid"]:
            out["bid"] = {k: out["bid"][k] for k in ("card", "amount", "bidder")}
        return out

    # -- advancing ----------------------------------------------------------------------------------
    def apply(self, events: Iterable[Event]) -> None:
        """Advance the board by each event in turn."""
        for event in events:
            self.apply_event(event)

    def apply_event(self, event: Event) -> None:
        """Advance the board by one engine event (kinds that change nothing on the board are ignored)."""
        handler = _APPLY.get(event.kind)
        if handler is not None:
            handler(self, dict(event.data))

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


def _lane(data: Mapping[str, Any]) -> ShownLane:
    won = data.get("won_by")
    sides = [[ShownCard(str(e["card"]), bool(e["face_up"])) for e in side] for side in data["sides"]]
    return ShownLane(None if won is None else int(won), sides)


def _remove(items: list[str], card: str) -> None:
    if card in items:
        items.remove(card)


def _on_turn(m: CCShown, data: dict[str, Any]) -> None:
    m.turn, m.active = int(data["turn"]), int(data["seat"])


def _on_bid(m: CCShown, data: dict[str, Any]) -> None:
    m.bid = ShownBid(str(data["card"]), 0, int(data["seat"]))


def _on_coins(m: CCShown, data: dict[str, Any]) -> None:
    m.add_coins(data["from"], -int(data["amount"]))
    m.add_coins(data["to"], int(data["amount"]))


def _on_recruit(m: CCShown, data: dict[str, Any]) -> None:
    card = str(data["card"])
    if card in m.offer:
        m.offer.remove(card)
    elif m.deck_top == card:
        m.deck_count = max(0, m.deck_count - 1)
        m.deck_top = None
    m.waiting[int(data["seat"])].append(card)
    m.bid = None


def _on_refill(m: CCShown, data: dict[str, Any]) -> None:
    m.offer.append(str(data["card"]))
    m.deck_count = max(0, m.deck_count - 1)
    m.deck_top = data.get("deck_top")


def _on_deck_top(m: CCShown, data: dict[str, Any]) -> None:
    m.deck_top = data.get("card")


def _on_deploy(m: CCShown, data: dict[str, Any]) -> None:
    card, seat, source = str(data["card"]), int(data["seat"]), data.get("source")
    if source == "waiting":
        _remove(m.waiting[seat], card)
    elif source == "deck":
        m.deck_count = max(0, m.deck_count - 1)
        m.deck_top = None
    elif source == "discard":
        _remove(m.discard, card)
    m.side(int(data["lane"]), seat).append(ShownCard(card, bool(data["face_up"])))


def _on_flip(m: CCShown, data: dict[str, Any]) -> None:
    where = m.find(str(data["card"]))
    if where is not None:
        m.side(where[0], where[1])[where[2]].face_up = bool(data["face_up"])


def _on_move(m: CCShown, data: dict[str, Any]) -> None:
    entry = m._take(str(data["card"]))
    if entry is not None:
        m.side(int(data["to_lane"]), int(data["seat"])).append(entry)


def _on_swap(m: CCShown, data: dict[str, Any]) -> None:
    first, second = m.find(str(data["first"])), m.find(str(data["second"]))
    if first is None or second is None:
        return
    a, b = m.side(first[0], first[1]), m.side(second[0], second[1])
    a[first[2]], b[second[2]] = b[second[2]], a[first[2]]


def _on_destroy(m: CCShown, data: dict[str, Any]) -> None:
    card = str(data["card"])
    if m._take(card) is None:
        for waiting in m.waiting:
            _remove(waiting, card)
    m.discard.append(card)


def _on_castle(m: CCShown, data: dict[str, Any]) -> None:
    seat = int(data["seat"])
    m.lanes[int(data["lane"])].won_by = seat
    m.castles[seat] += 1


_APPLY: dict[str, Callable[[CCShown, dict[str, Any]], None]] = {
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
