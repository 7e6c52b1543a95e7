"""The Condottiere table as shown: built from one seat's ``player_view``, advanced by its events.

The model is plain data (no pygame).  :meth:`CondottiereShown.apply` advances it by (redacted)
events through a table from event kind to function, exactly as the engine advanced the view, so
after a move's events ``mirror()`` equals the mirror of the new view.  The choreography
(``anim.py``) calls :meth:`apply` when an event's beat starts or when its flight lands; where an
event's pieces leave at the start and arrive later (a card played from the hand, a Mercenary a
Scarecrow takes back), it uses the two halves :meth:`take_from_hand` / :meth:`take_from_line`
and :meth:`give_to_hand` that :meth:`apply` is made of.

Strengths are the engine's (``engine/condottiere/strength.py``, CO-R32..CO-R34): a card's value in
its line and a line's total are never computed here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crimson_table.engine.condottiere.cards import BISHOP, RANK, STAYING
from crimson_table.engine.condottiere.strength import card_strengths, line_strengths, season, top_mercenary
from crimson_table.engine.condottiere.view import CondottiereView
from crimson_table.engine.core import Event

MIRRORED = (
    "hand",
    "hand_sizes",
    "lines",
    "passed",
    "control",
    "pope",
    "region",
    "holder",
    "discard",
    "draw_size",
    "round",
    "battle",
    "kept",
)


@dataclass
class CondottiereShown:
    """What the table displays; equal to the viewer's view whenever no animation is under way."""

    players: int
    viewer: int
    hand: list[str]
    hand_sizes: list[int]
    lines: list[list[str]]
    passed: list[bool]
    control: dict[str, int]
    pope: str | None
    region: str | None
    holder: int
    discard: list[str]
    draw_size: int
    round: int
    battle: int
    kept: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None  # display only: the battle just resolved
    blind: bool = False  # a spectator: the viewer seat's hand is a count too, drawn face down
    open_hands: list[list[str] | None] = field(default_factory=list)  # all hands open: every hand

    def knows(self, seat: int) -> bool:
        """True for the viewer's own hand, held as cards (a spectator's viewer seat: a count)."""
        return seat == self.viewer and not self.blind

    @classmethod
    def from_view(cls, view: CondottiereView, seat: int) -> CondottiereShown:
        """The table exactly as ``view`` (``seat``'s ``player_view``, or a spectator's with ``seat`` the
        place at the bottom) describes it."""
        last = view.get("last_result")
        viewer = seat
        hands = view.get("hands") or [None] * int(view["players"])
        own = view["hand"] if view["seat"] is not None else hands[viewer]  # a spectator: None
        return cls(
            players=int(view["players"]),
            viewer=viewer,
            hand=list(own or []),
            hand_sizes=list(view["hand_sizes"]),
            lines=[list(line) for line in view["lines"]],
            passed=list(view["passed"]),
            control=dict(view["control"]),
            pope=view["pope"],
            region=view["region"],
            holder=int(view["holder"]),
            discard=list(view["discard"]),
            draw_size=int(view["draw_size"]),
            round=int(view["round"]),
            battle=int(view["battle"]),
            kept=list(view.get("kept", [])),
            result=dict(last) if last else None,
            blind=own is None,
            open_hands=[None if h is None else list(h) for h in hands] if view["seat"] is None else [],
        )

    def mirror(self) -> dict[str, Any]:
        """The fields that mirror the view, and the engine's strengths of the lines shown."""
        out = {key: getattr(self, key) for key in MIRRORED}
        out["strengths"] = line_strengths(self.lines)
        return out

    def apply(self, events: Sequence[Event]) -> None:
        """Advance by these (redacted) events, in order."""
        for event in events:
            handler = _APPLY.get(event.kind)
            if handler is not None:
                handler(self, event)

    # -- what the panel shows (the engine's arithmetic on the lines shown) ---------------------------
    def card_values(self) -> list[list[int | None]]:
        """Every shown card's value in its line (CO-R33); None for cards that add nothing."""
        return card_strengths(self.lines)

    def totals(self) -> list[int]:
        """Strengths to show: the engine's result once a battle is decided, else the preview (CO-R34)."""
        if self.result is not None:
            return [int(v) for v in self.result["strengths"]]
        return line_strengths(self.lines)

    def season(self) -> str:
        """``"winter"``, ``"spring"`` or ``""`` for the cards shown."""
        return season(self.lines)

    def top_mercenary(self) -> int:
        """Highest printed Mercenary shown (what Spring and the Bishop look at), 0 if none."""
        return top_mercenary(self.lines)

    # -- the halves of a card's move ---------------------------------------------------------------------
    def take_from_hand(self, seat: int, card: str | None) -> None:
        """One card leaves ``seat``'s hand (the viewer's own hand shows which)."""
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
        if self.knows(seat) and card is not None and card in self.hand:
            self.hand.remove(card)

    def give_to_hand(self, seat: int, cards: list[str] | None, count: int) -> None:
        """``count`` cards join ``seat``'s hand (their faces only for the viewer)."""
        self.hand_sizes[seat] += count
        if self.knows(seat) and cards:
            self.hand.extend(cards)
            self.hand.sort(key=RANK.__getitem__)

    def take_from_line(self, seat: int, card: str) -> None:
        """Remove the latest copy of ``card`` from ``seat``'s line."""
        line = self.lines[seat]
        if card in line:
            del line[len(line) - 1 - line[::-1].index(card)]

    def start_round(self, number: int) -> None:
        """CO-R43: a new round's deal begins; every other card is shuffled into the draw pile."""
        if number != self.round:
            self.draw_size += len(self.discard)
            self.discard = []
            self.round = number

    def land_in_line(self, seat: int, card: str) -> None:
        """A played card that stays (CO-R6) reaches its line; a one-shot card the discard pile."""
        if card in STAYING:
            self.lines[seat].append(card)
        elif card != BISHOP:  # CO-R27: the Bishop goes with the Mercenaries it discards (effect)
            self.discard.append(card)


# ---------------------------------------------------------------------------------------------
# Reading event data (JSON values) with types


def number(data: Mapping[str, Any], key: str, default: int = 0) -> int:
    """``data[key]`` as an int (``default`` when absent or null)."""
    value = data.get(key)
    return default if value is None else int(value)


def items(data: Mapping[str, Any], key: str) -> list[Any]:
    """``data[key]`` as a list (empty when absent)."""
    value = data.get(key)
    return list(value) if isinstance(value, list) else []


# ---------------------------------------------------------------------------------------------
# Event kind -> how the shown table changes (mirrors engine/condottiere/battle.py and ops.py)


def _choose_region(m: CondottiereShown, e: Event) -> None:
    m.lines = [[] for _ in range(m.players)]
    m.passed = [False] * m.players
    m.result = None
    m.battle += 1
    m.region = str(e.data["region"])


def _play_card(m: CondottiereShown, e: Event) -> None:
    seat, card = int(e.data["seat"]), str(e.data["card"])
    m.take_from_hand(seat, card)
    m.land_in_line(seat, card)


def _effect(m: CondottiereShown, e: Event) -> None:
    _EFFECTS.get(str(e.data.get("effect", "")), _nothing)(m, e)


def _discard_from_lines(m: CondottiereShown, e: Event) -> None:
    gone = [(int(owner), str(card)) for owner, card in e.data.get("discarded", [])]
    for owner, card in gone:
        m.take_from_line(owner, card)
    m.discard += [card for _, card in gone]  # CO-R24, CO-R25, CO-R27
    if e.data.get("effect") == "bishop":
        m.discard.append(BISHOP)  # CO-R27: the Bishop lies on the Mercenaries it discards


def _scarecrow(m: CondottiereShown, e: Event) -> None:
    card = e.data.get("card")
    if card is None:
        return
    seat = int(e.data["seat"])
    m.take_from_line(seat, str(card))
    m.give_to_hand(seat, [str(card)], 1)  # CO-R29: everyone saw which


def _hand_to_discard(m: CondottiereShown, e: Event) -> None:
    seat = int(e.data["seat"])
    cards = [str(c) for c in e.data.get("cards", e.data.get("discarded", []))]
    m.discard += cards
    if m.knows(seat):
        m.hand = sorted(m.kept, key=RANK.__getitem__) if e.data.get("effect") == "keep" else []
        m.kept = []
    m.hand_sizes[seat] = int(e.data.get("kept", 0))


def _reshuffle(m: CondottiereShown, e: Event) -> None:
    m.draw_size += len(m.discard)  # CO-R46
    m.discard = []


def _keep(m: CondottiereShown, e: Event) -> None:
    seat, card = int(e.data["seat"]), e.data.get("card")  # the card only for the keeper (CO-R42)
    m.take_from_hand(seat, None if card is None else str(card))
    if card is not None and m.knows(seat):
        m.kept.append(str(card))


def _pass(m: CondottiereShown, e: Event) -> None:
    m.passed[int(e.data["seat"])] = True


def _pope_favor(m: CondottiereShown, e: Event) -> None:
    region = e.data.get("region")
    m.pope = None if region is None else str(region)


def _battle_result(m: CondottiereShown, e: Event) -> None:
    m.result = dict(e.data)


def _region_won(m: CondottiereShown, e: Event) -> None:
    m.control[str(e.data["region"])] = int(e.data["seat"])


def _token(m: CondottiereShown, e: Event) -> None:
    m.holder = int(e.data["seat"])
    for line in m.lines:  # CO-R35 step 5
        m.discard.extend(line)
    m.lines = [[] for _ in range(m.players)]
    m.passed = [False] * m.players
    m.region = None
    m.result = None


def _deal(m: CondottiereShown, e: Event) -> None:
    m.start_round(number(e.data, "round", m.round))
    count = int(e.data["count"])
    cards = e.data.get("cards")  # only in the dealt seat's own copy of the event
    m.draw_size = max(0, m.draw_size - count)
    m.give_to_hand(int(e.data["seat"]), [str(c) for c in cards] if isinstance(cards, list) else None, count)


def _nothing(m: CondottiereShown, e: Event) -> None:
    """Events that change nothing shown (a Drummer's announcement, a Surrender, round end...)."""


_EFFECTS: dict[str, Callable[[CondottiereShown, Event], None]] = {
    "winter": _discard_from_lines,
    "spring": _discard_from_lines,
    "bishop": _discard_from_lines,
    "scarecrow": _scarecrow,
    "dismiss": _hand_to_discard,
    "keep": _hand_to_discard,
    "reshuffle": _reshuffle,
}

_APPLY: dict[str, Callable[[CondottiereShown, Event], None]] = {
    "choose_region": _choose_region,
    "play_card": _play_card,
    "effect": _effect,
    "keep": _keep,
    "pass": _pass,
    "pope_favor": _pope_favor,
    "battle_result": _battle_result,
    "region_won": _region_won,
    "token": _token,
    "deal": _deal,
}
