"""The Two Crowns table as shown: built from one seat's ``player_view``, advanced by its events.

Plain data (no pygame).  ``None`` in a lane or among the drawn cards is a card the viewer may not
see; the other seat's hand is a count.  Cards that leave a lane after the battle keep their slot
(``left``) until the next turn clears the field, so the lane does not shuffle under the flights.
The banner holds seat tokens (``{p0}``); the painter fills in the names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from crimson_table.engine.core import Event, seat_ref
from crimson_table.engine.two_crowns.cards import DECK_SIZE, START_CASTLE
from crimson_table.engine.two_crowns.view import TwoCrownsView
from crimson_table.ui.tables.shown import EventTable, apply_events

Place = tuple[str, int, int]  # (zone, seat, index): "hand", "lane", "pay", "drawn", "rest", "discard"


@dataclass
class TwoCrownsShown:
    """The table as displayed for seat ``viewer``."""

    viewer: int
    attacker: int = 0
    hand: list[int] = field(default_factory=list)
    hand_counts: list[int] = field(default_factory=lambda: [0, 0])
    decks: list[int] = field(default_factory=lambda: [0, 0])
    discards: list[list[int]] = field(default_factory=lambda: [[], []])
    rests: list[list[int]] = field(default_factory=lambda: [[], []])
    lanes: list[list[int | None]] = field(default_factory=lambda: [[], []])
    left: set[tuple[int, int]] = field(default_factory=set)  # (seat, slot) whose card has left
    face_down: list[bool] = field(default_factory=lambda: [True, True])
    revealed: bool = False
    castles: list[int] = field(default_factory=lambda: [START_CASTLE, START_CASTLE])
    drawn: list[int | None] = field(default_factory=list)
    drawn_seat: int | None = None
    precise_pending: bool = False  # a card was discarded for a precise draw: the next draw is shown apart
    paying: list[int] = field(default_factory=list)
    paying_seat: int | None = None
    special: int | None = None
    cancelled: set[int] = field(default_factory=set)
    vassal: list[bool] = field(default_factory=lambda: [False, False])
    totals: dict[int, int] = field(default_factory=dict)
    banner: str = ""
    blind: bool = False  # a spectator: the viewer seat's hand is a count too, drawn face down
    open_hand: list[int] | None = None  # all hands open: the other seat's hand, drawn face up

    # -- the protocol ------------------------------------------------------------------------------
    @classmethod
    def from_view(cls, view: TwoCrownsView, seat: int) -> TwoCrownsShown:
        """Exactly what ``view`` (``seat``'s player_view) shows, nothing in flight."""
        seats = view["seats"]
        revealed = bool(view["revealed"])
        shown = cls(viewer=seat, attacker=int(view["attacker"]), revealed=revealed)
        hands = view.get("hands") or [None, None]
        own = view["hand"] if view["seat"] is not None else hands[seat]  # a spectator: None
        shown.blind = own is None
        shown.hand = [int(c) for c in own or []]
        other_hand = hands[1 - seat]
        shown.open_hand = None if other_hand is None else [int(c) for c in other_hand]
        shown.hand_counts = [int(s["hand_count"]) for s in seats]
        shown.decks = [int(s["deck_count"]) for s in seats]
        shown.discards = [[int(c) for c in s["discard"]] for s in seats]
        shown.rests = [[int(c) for c, _turn in s["rest"]] for s in seats]
        shown.castles = [int(c) for c in view["castles"]]
        shown.vassal = [bool(v) for v in view["vassal"]]
        shown.face_down = [not revealed, not revealed]
        for index, data in enumerate(seats):
            group = data["group"]
            shown.lanes[index] = list(group) if group is not None else [None] * int(data["group_count"])
            if data["drawn_count"]:
                shown.drawn_seat = index
                mine = index == seat and len(view["drawn"]) == int(data["drawn_count"])
                shown.drawn = list(view["drawn"]) if mine else [None] * int(data["drawn_count"])
        shown.paying = [int(c) for c in view["paying"]]
        shown.paying_seat = view["paying_seat"]
        queue = view["queue"]
        shown.special = int(queue[0][1]) if queue else None
        return shown

    def apply(self, events: Sequence[Event]) -> None:
        """Advance by (redacted) events, as the engine advanced the view."""
        apply_events(self, _APPLY, events)

    def mirror(self) -> dict[str, Any]:
        """What must equal a fresh model of the new view once a move's events are applied."""
        return {
            "attacker": self.attacker,
            "hand": list(self.hand),
            "hand_counts": [len(self.hand) if self.knows(s) else self.hand_counts[s] for s in (0, 1)],
            "decks": list(self.decks),
            "discards": [list(d) for d in self.discards],
            "rests": [list(r) for r in self.rests],
            "castles": list(self.castles),
            "lanes": [self.lane_cards(s) for s in (0, 1)],
            "revealed": self.revealed,
            "vassal": [v and self.revealed for v in self.vassal],
            "drawn_seat": self.drawn_seat,
            "drawn": list(self.drawn),
            "paying": list(self.paying),
        }

    # -- questions ---------------------------------------------------------------------------------
    def knows(self, seat: int) -> bool:
        """True for the viewer's own hand, held as cards (a spectator's viewer seat: a count)."""
        return seat == self.viewer and not self.blind

    def lane_cards(self, seat: int) -> list[int | None]:
        """The cards still in ``seat``'s lane (not those that have left it)."""
        return [c for i, c in enumerate(self.lanes[seat]) if (seat, i) not in self.left]

    def count_in(self, zone: str, seat: int) -> int:
        """How many cards ``zone`` of ``seat`` holds (a lane counts its slots, left ones too)."""
        if zone == "hand":
            return len(self.hand) if self.knows(seat) else self.hand_counts[seat]
        sizes = {
            "discard": lambda: len(self.discards[seat]),
            "rest": lambda: len(self.rests[seat]),
            "lane": lambda: len(self.lanes[seat]),
            "pay": lambda: len(self.paying),
            "drawn": lambda: len(self.drawn) if self.drawn_seat == seat else 0,
        }
        return sizes[zone]()

    def locate(self, seat: int, card: int | None) -> Place:
        """Where the display has ``seat``'s ``card`` (a hidden hand card: the end of the hand)."""
        if card is not None:
            for s in (seat, 1 - seat):
                for i, c in enumerate(self.lanes[s]):
                    if c == card and (s, i) not in self.left:
                        return ("lane", s, i)
            if card in self.paying:
                return ("pay", 0, self.paying.index(card))
        if self.drawn_seat == seat and self.drawn:
            drawn = self.drawn
            return (
                "drawn",
                seat,
                drawn.index(card) if card in drawn else drawn.index(None) if None in drawn else 0,
            )
        if card is not None and card in self.rests[seat]:
            return ("rest", seat, self.rests[seat].index(card))
        if self.knows(seat) and card is not None and card in self.hand:
            return ("hand", seat, self.hand.index(card))
        return ("hand", seat, max(0, self.count_in("hand", seat) - 1))

    # -- moving cards ------------------------------------------------------------------------------
    def take(self, seat: int, card: int | None) -> Place:
        """Remove ``card`` from where the display has it; returns where that was."""
        place = self.locate(seat, card)
        zone, owner, index = place
        if zone == "lane":
            self.left.add((owner, index))
        elif zone == "pay":
            self.paying.pop(index)
        elif zone == "drawn":
            self.drawn.pop(index)
            if not self.drawn:
                self.drawn_seat = None
        elif zone == "rest":
            self.rests[owner].pop(index)
        elif self.knows(seat) and card is not None and card in self.hand:
            self.hand.pop(index)
        elif not self.knows(seat):
            self.hand_counts[seat] = max(0, self.hand_counts[seat] - 1)
        return place

    def give_hand(self, seat: int, card: int | None) -> None:
        """``card`` joins ``seat``'s hand (for the other seat: one more card in the count)."""
        if self.knows(seat) and card is not None:
            self.hand.append(card)
        else:
            self.hand_counts[seat] += 1

    def clear_battle(self) -> None:
        """A new turn: no totals, banner, marks, payment or cards left on the field."""
        self.totals = {}
        self.banner = ""
        self.cancelled = set()
        self.vassal = [False, False]
        self.special = None
        self.paying_seat = None
        self.lanes = [[], []]
        self.left = set()
        self.revealed = False

    def reset(self, first: int) -> None:
        """A new game of the match (TC-R3): full decks, castles at 20, nothing dealt yet."""
        fresh = TwoCrownsShown(viewer=self.viewer, attacker=first)
        fresh.decks = [DECK_SIZE, DECK_SIZE]
        for f in fields(self):
            setattr(self, f.name, getattr(fresh, f.name))


# -- one function per event kind (TC rule IDs as in the engine) -------------------------------------


def _int(ev: Event, name: str = "seat") -> int:
    value: Any = ev.data[name]
    return int(value)


def _card_or_none(ev: Event) -> int | None:
    """The event's ``card`` when this seat may see it (the redacted copy has none)."""
    value: Any = ev.data.get("card")
    return int(value) if value is not None else None


def _cards(ev: Event) -> list[int]:
    value: Any = ev.data.get("cards") or []
    return [int(c) for c in value]


def _draw(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R7/R8: cards leave the deck for the hand, or (a precise draw) for the drawn pair."""
    seat, count, cards = _int(ev), _int(ev, "count"), _cards(ev)
    m.decks[seat] = max(0, m.decks[seat] - count)
    known: list[int | None] = list(cards) if cards else [None] * count
    if m.precise_pending:
        m.precise_pending = False
        m.drawn_seat, m.drawn = seat, known
        return
    for card in known:
        m.give_hand(seat, card)


def _keep(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R8: one drawn card goes to the hand."""
    seat = _int(ev)
    kept = _card_or_none(ev)
    if m.drawn:
        m.take(seat, kept if kept in m.drawn else None)
    m.give_hand(seat, kept)


def _discard(m: TwoCrownsShown, ev: Event) -> None:
    seat, reason = _int(ev), str(ev.data["reason"])
    pending = reason == "precise draw" and m.drawn_seat is None
    for card in _cards(ev):
        m.take(seat, card)
        m.discards[seat].append(card)
    m.precise_pending = m.precise_pending or pending
    if reason.startswith("paid for"):
        m.special = m.paying_seat = None


def _place_facedown(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R9: a card from the hand into the battle row, face down."""
    seat = _int(ev)
    card = _card_or_none(ev)
    m.take(seat, card)
    if m.lanes[seat] and not m.lane_cards(seat):
        m.lanes[seat] = []
        m.left = {k for k in m.left if k[0] != seat}
    m.lanes[seat].append(card)
    m.face_down[seat] = True


def _undo_selection(m: TwoCrownsShown, ev: Event) -> None:
    seat = _int(ev)
    group = m.lane_cards(seat)
    m.lanes[seat] = []
    m.left = {k for k in m.left if k[0] != seat}
    for card in group:
        m.give_hand(seat, card)


def _reveal(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R10: a group turns face up."""
    seat = _int(ev)
    m.lanes[seat] = list(_cards(ev))
    m.left = {k for k in m.left if k[0] != seat}
    m.face_down[seat] = False
    m.revealed = True


def _cancel_special(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R10: a cancelled special; Gold already offered for it goes back to the hand."""
    card = _int(ev, "card")
    m.cancelled.add(card)
    if m.special == card:
        payer = m.paying_seat if m.paying_seat is not None else _int(ev)
        for gold in m.paying:
            m.give_hand(payer, gold)
        m.paying = []
        m.special = m.paying_seat = None


def _pay(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R10: a Gold card from the hand onto the pay slot."""
    seat, gold = _int(ev), _int(ev, "gold")
    m.special, m.paying_seat = _int(ev, "special"), seat
    m.take(seat, gold)
    m.paying.append(gold)


def _damage(m: TwoCrownsShown, ev: Event) -> None:
    m.castles[_int(ev)] = _int(ev, "castle")


def _bishop_take(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R12: the strongest opposing Knight changes sides, into the hand."""
    seat, card = _int(ev), _int(ev, "card")
    m.take(_int(ev, "from_seat"), card)
    m.give_hand(seat, card)


def _vassal(m: TwoCrownsShown, ev: Event) -> None:
    m.vassal[_int(ev)] = True  # TC-R14


def _rest(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R5/R13/R15: Knights go into rest."""
    seat = _int(ev)
    for card in _cards(ev):
        m.take(seat, card)
        m.rests[seat].append(card)


def _battle_result(m: TwoCrownsShown, ev: Event) -> None:
    """TC-R15: the totals stay up until the next turn; the groups are no longer in play."""
    m.totals = {_int(ev, "attacker"): _int(ev, "attack"), _int(ev, "defender"): _int(ev, "defence")}
    m.banner = f"{seat_ref(_int(ev, 'winner'))} wins the battle"
    m.revealed = False


def _to_hand(m: TwoCrownsShown, ev: Event) -> None:
    seat = _int(ev)
    for card in _cards(ev):
        m.take(seat, card)
        m.give_hand(seat, card)


def _turn(m: TwoCrownsShown, ev: Event) -> None:
    m.clear_battle()
    m.attacker = _int(ev)


def _game_over(m: TwoCrownsShown, ev: Event) -> None:
    m.banner = f"{seat_ref(_int(ev, 'winner'))} wins game {_int(ev, 'game')}"


def _new_game(m: TwoCrownsShown, ev: Event) -> None:
    first = _int(ev, "first_player")
    m.reset(first)
    m.banner = f"Game {_int(ev, 'game')}: {seat_ref(first)} starts"


def _roll(m: TwoCrownsShown, ev: Event) -> None:
    if ev.data.get("purpose") == "destiny":  # TC-R16
        m.castles[_int(ev)] = _int(ev, "value")


_APPLY: EventTable[TwoCrownsShown] = {
    "draw": _draw,
    "keep": _keep,
    "discard": _discard,
    "place_facedown": _place_facedown,
    "undo_selection": _undo_selection,
    "reveal": _reveal,
    "cancel_special": _cancel_special,
    "pay": _pay,
    "damage": _damage,
    "bishop_take": _bishop_take,
    "vassal": _vassal,
    "rest": _rest,
    "battle_result": _battle_result,
    "return_to_hand": _to_hand,
    "unrest": _to_hand,
    "turn": _turn,
    "game_over": _game_over,
    "new_game": _new_game,
    "roll": _roll,
}
