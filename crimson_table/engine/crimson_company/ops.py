"""The primitives: the four verbs and the coin moves, as small state changes that log events.

Every function takes a :class:`Ctx` (the state being built plus the event list) and
changes the state in place.  Effects triggered by a change (a Deployment effect when a
card turns face-up, a Destruction effect when a face-up card is destroyed) are pushed
on the task stack, so they resolve before whatever the caller pushed earlier (CC-R32).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union

from crimson_table.engine.core import (
    JSON,
    Action,
    Event,
    InvariantError,
    fast_event,
    present,
    require,
    seat_ref,
    shared_event,
)
from crimson_table.engine.crimson_company.cards import (
    DEPLOYMENT,
    DESTRUCTION,
    IDS,
    KIND,
    NAME,
    OFFER_SIZE,
)
from crimson_table.engine.crimson_company.state import (
    DISCARD,
    DOWN,
    SCORING,
    SIDES,
    TIED,
    WON_BY,
    CCState,
    Task,
    base_strength,
    copy_sides,
    locate,
)

MAX_TASKS = 128  # CC-R32: nesting can never run away; the stack stays far below this.
Place = Union[int, str]  # a seat, "supply" or "bid"
WHO = (seat_ref(0), seat_ref(1))
"""Each seat's token in log texts (:func:`who`), looked up rather than built in the playout loop."""


class Ctx:
    """A state under construction and the events its changes produced.

    ``shared`` names (as :data:`state.SHARED_BY_FORK` bits) the fields the state still shares with
    the state it was forked from: a change in place goes through ``own_<field>()``, which copies the
    field first.  A state built from scratch shares nothing.
    """

    __slots__ = ("s", "events", "shared")

    def __init__(self, state: CCState, shared: int = 0) -> None:
        self.s = state
        self.events: list[Event] = []
        self.shared = shared

    def own_sides(self) -> list[list[list[int]]]:
        """The lanes' sides, to change in place."""
        if self.shared & SIDES:
            self.shared &= ~SIDES
            self.s.sides = copy_sides(self.s.sides)
        return self.s.sides

    def own_down(self) -> list[bool]:
        """The face-down flags, to change in place."""
        if self.shared & DOWN:
            self.shared &= ~DOWN
            self.s.down = self.s.down[:]
        return self.s.down

    def own_discard(self) -> list[int]:
        """The discard pile, to change in place."""
        if self.shared & DISCARD:
            self.shared &= ~DISCARD
            self.s.discard = self.s.discard[:]
        return self.s.discard

    def own_won_by(self) -> list[int]:
        """Who won each lane, to change in place."""
        if self.shared & WON_BY:
            self.shared &= ~WON_BY
            self.s.won_by = self.s.won_by[:]
        return self.s.won_by

    def own_tied(self) -> list[bool]:
        """The lanes tied in this Score phase, to change in place."""
        if self.shared & TIED:
            self.shared &= ~TIED
            self.s.tied = self.s.tied[:]
        return self.s.tied

    def own_scoring(self) -> dict[int, int]:
        """The strengths of the lane being scored, to change in place."""
        if self.shared & SCORING:
            self.shared &= ~SCORING
            self.s.scoring = dict(self.s.scoring)
        return self.s.scoring

    def emit(self, kind: str, text: str, data: dict[str, JSON], reveals: bool = False) -> None:
        """Log one public event (made by ``fast_event``: a turn logs several, playouts many turns)."""
        self.events.append(fast_event(kind, data, text, None, "", reveals))

    def push(self, *task: Any) -> None:
        """Put a task on the stack; it runs before everything already there."""
        tasks = self.s.tasks
        tasks.append(task)
        if len(tasks) > MAX_TASKS:
            raise InvariantError("CC-R32: effect nesting ran away")

    def push_all(self, tasks: tuple[Task, ...]) -> None:
        """Push several tasks at once, in order (the last one runs first)."""
        stack = self.s.tasks
        stack.extend(tasks)
        if len(stack) > MAX_TASKS:
            raise InvariantError("CC-R32: effect nesting ran away")


RunFn = Callable[[Ctx, Task], None]
OptionsFn = Callable[[CCState, Task], list[Action]]
ResolveFn = Callable[[Ctx, Task, Action], None]
Handler = Callable[[Ctx, Task, Any], None]
"""Applies one chosen option of the pending decision (``task``) to the state being built."""


@dataclass(frozen=True)
class Choice:
    """A task that needs a decision: ``task[1]`` is the chooser's seat (section 3).

    It only lists the options; what a chosen option does is its phase's ``apply`` in
    ``flow.PHASES`` (the turn's handlers in ``phases.APPLY``, an effect's resolver in ``effects.RESOLVE``).
    """

    kind: str
    prompt: str
    options: OptionsFn
    always_ask: bool = False
    rule: str = "CC-R26"


def where_in_play(state: CCState, card: int) -> tuple[int, int, int]:
    """``(lane, seat, index)`` of a card that must be in play (CC-R28; InvariantError if not)."""
    return present(locate(state, card), f"CC-R28: {IDS[card]} is not in play")


def who(seat: int) -> str:
    """A seat as log text: a token the UI replaces with the seat's name."""
    return WHO[seat]


def card_name(card: int) -> str:
    """A card as log text."""
    return NAME[card]


_PLACE_NAME: dict[Place, str] = {0: WHO[0], 1: WHO[1], "supply": "the supply", "bid": "the bid"}
"""Where coins lie, as log text."""


# --------------------------------------------------------------------------- coins (CC-R4)


def move_coins(ctx: Ctx, source: Place, target: Place, amount: int, why: str) -> int:
    """Move up to ``amount`` coins; a short source gives what it has.  Returns what moved."""
    s = ctx.s
    if isinstance(source, int):
        available = s.coins[source]
    else:
        available = _coins_at(s, source)
    moved = amount if amount < available else available
    if moved > 0:  # nothing to move changes nothing (a short source, an empty bid)
        _add_coins(s, source, -moved)
        _add_coins(s, target, moved)
    else:
        moved = 0
    ctx.events.append(coins_event(source, target, moved, why))
    return moved


@shared_event
def coins_event(source: Place, target: Place, moved: int, why: str) -> Event:
    """The event of ``moved`` coins going from ``source`` to ``target`` (CC-R4)."""
    text = (
        f"{why}: {moved} coin{'s' if moved != 1 else ''} from {_PLACE_NAME[source]} to {_PLACE_NAME[target]}"
    )
    return fast_event("coins", {"from": source, "to": target, "amount": moved}, text)


def _coins_at(s: CCState, place: Place) -> int:
    if isinstance(place, int):
        return s.coins[place]
    if place == "supply":
        return s.supply
    return s.bid.amount if s.bid is not None else 0


def _add_coins(s: CCState, place: Place, delta: int) -> None:
    if isinstance(place, int):
        s.coins[place] += delta
    elif place == "supply":
        s.supply += delta
    elif s.bid is not None:
        s.bid.amount += delta


def gain(ctx: Ctx, seat: int, amount: int, why: str) -> int:
    """``seat`` gains from the supply, partially if it runs short (CC-R4)."""
    return move_coins(ctx, "supply", seat, amount, why)


def pay(ctx: Ctx, seat: int, amount: int, why: str) -> int:
    """``seat`` pays to the supply, everything it has if short (CC-R4)."""
    return move_coins(ctx, seat, "supply", amount, why)


# --------------------------------------------------------------------------- cards entering play


_PLACE_VERB = {"waiting": "plays", "deck": "summons", "discard": "returns"}
"""How the log says a card comes into play from where it was (other sources: "places")."""


def place(ctx: Ctx, card: int, lane: int, seat: int, face_up: bool, source: str) -> None:
    """Put ``card`` at the bottom of ``seat``'s side of ``lane`` (CC-R19); triggers nothing itself."""
    side = ctx.own_sides()[lane][seat]
    side.append(card)
    ctx.own_down()[card] = not face_up
    ctx.events.append(place_event(card, lane, seat, len(side) - 1, face_up, source))


@shared_event
def place_event(card: int, lane: int, seat: int, position: int, face_up: bool, source: str) -> Event:
    """The event of ``card`` coming into play at ``position`` of ``seat``'s side of ``lane``."""
    how = "face-up" if face_up else "face-down"
    verb = _PLACE_VERB.get(source, "places")
    return fast_event(
        "deploy",
        {
            "card": IDS[card],
            "seat": seat,
            "lane": lane,
            "side": seat,
            "position": position,
            "face_up": face_up,
            "source": source,
        },
        f"{WHO[seat]} {verb} {NAME[card]} {how} into lane {lane + 1}",
    )


def trigger_deployment(ctx: Ctx, card: int) -> None:
    """Queue the card's Deployment effect, bound to its current lane (CC-R24, CC-R29)."""
    if KIND[card] != DEPLOYMENT:
        return
    where = locate(ctx.s, card)
    if where is not None:
        ctx.push("deploy_fx", card, where[0])


def announce_deck_top(ctx: Ctx) -> None:
    """After the top card left the deck, the next one is visible (CC-R13: no refill needed)."""
    deck = ctx.s.deck
    ctx.events.append(deck_top_event(deck[0] if deck else None))


@shared_event
def deck_top_event(top: int | None) -> Event:
    """The event of ``top`` (None: no card) showing on top of the deck (CC-R13)."""
    if top is None:
        return fast_event("deck_top", {"card": None}, "The deck is empty", reveals=True)
    return fast_event("deck_top", {"card": IDS[top]}, f"{NAME[top]} is now on top of the deck", reveals=True)


def refill_offer(ctx: Ctx) -> None:
    """CC-R13: refill the offer to 4 from the deck while it has cards (CC-R14)."""
    s = ctx.s
    deck, offer = s.deck, s.offer
    while len(offer) < OFFER_SIZE and deck:
        card = deck.pop(0)
        offer.append(card)
        ctx.events.append(refill_event(card, len(offer) - 1, deck[0] if deck else None))


@shared_event
def refill_event(card: int, slot: int, top: int | None) -> Event:
    """The event of ``card`` joining the offer in ``slot``, ``top`` (None: no card) showing after it."""
    data = {"card": IDS[card], "slot": slot, "deck_top": None if top is None else IDS[top]}
    return fast_event("refill_offer", data, f"{NAME[card]} joins the offer", reveals=True)


# --------------------------------------------------------------------------- the four verbs


def flip(ctx: Ctx, card: int) -> None:
    """CC-R22: turn a card over; face-up re-triggers its Deployment effect at once."""
    s = ctx.s
    where = locate(s, card)
    if where is None:
        return
    lane, seat, index = where
    down = ctx.own_down()
    down[card] = not down[card]
    face_up = not down[card]
    how = "face-up" if face_up else "face-down"
    ctx.emit(
        "flip",
        f"{card_name(card)} ({who(seat)}, lane {lane + 1}) turns {how}",
        {"card": IDS[card], "seat": seat, "lane": lane, "position": index, "face_up": face_up},
    )
    if face_up:
        trigger_deployment(ctx, card)


def destroy(ctx: Ctx, card: int) -> tuple[int, int]:
    """CC-R23: discard a card in play; a face-up one triggers its Destruction effect.

    Returns ``(owner, base strength it had)``.
    """
    s = ctx.s
    lane, seat, index = where_in_play(s, card)  # only cards in play can be destroyed
    strength = base_strength(s, card)
    was_up = not s.down[card]
    del ctx.own_sides()[lane][seat][index]
    _to_discard(ctx, card, lane, seat, index, was_up)
    if was_up and KIND[card] == DESTRUCTION:
        ctx.push("destroyed", card, seat, lane)
    return seat, strength


def _to_discard(ctx: Ctx, card: int, lane: int, seat: int, index: int, was_up: bool) -> None:
    ctx.own_discard().append(card)
    ctx.own_down()[card] = False
    ctx.emit(
        "destroy",
        f"{card_name(card)} ({who(seat)}, lane {lane + 1}) is destroyed",
        {"card": IDS[card], "seat": seat, "lane": lane, "position": index, "was_face_up": was_up},
    )


def wipe_lane(ctx: Ctx, lane: int, first_seat: int) -> None:
    """CC-R38 steps 4-5: destroy a won lane's cards together, queue Destruction effects.

    ``first_seat`` (the active player) resolves first, each side top to bottom.
    """
    s = ctx.s
    entries: list[tuple[int, int]] = []
    for seat in (first_seat, 1 - first_seat):
        side = s.sides[lane][seat]
        for index, card in enumerate(side):
            was_up = not s.down[card]
            _to_discard(ctx, card, lane, seat, index, was_up)
            if was_up and KIND[card] == DESTRUCTION:
                entries.append((card, seat))
        ctx.own_sides()[lane][seat] = []
    for card, seat in reversed(entries):
        ctx.push("destroyed", card, seat, lane)


def move(ctx: Ctx, card: int, to_lane: int) -> None:
    """CC-R20: move a card to the bottom of its owner's side in another lane; triggers nothing."""
    s = ctx.s
    lane, seat, index = where_in_play(s, card)
    require(lane != to_lane, "CC-R20: a move goes to another lane")
    sides = ctx.own_sides()
    del sides[lane][seat][index]
    sides[to_lane][seat].append(card)
    ctx.emit(
        "move",
        f"{card_name(card)} ({who(seat)}) moves from lane {lane + 1} to lane {to_lane + 1}",
        {
            "card": IDS[card],
            "seat": seat,
            "from_lane": lane,
            "from_position": index,
            "to_lane": to_lane,
            "to_position": len(s.sides[to_lane][seat]) - 1,
        },
    )


def swap(ctx: Ctx, a: int, b: int) -> None:
    """CC-R21: two distinct cards of one owner exchange lane and index; triggers nothing."""
    s = ctx.s
    wa, wb = where_in_play(s, a), where_in_play(s, b)
    require(a != b and wa[1] == wb[1], "CC-R21: a swap takes two cards of one player")
    sides = ctx.own_sides()
    sides[wa[0]][wa[1]][wa[2]] = b
    sides[wb[0]][wb[1]][wb[2]] = a
    ctx.emit(
        "swap",
        f"{card_name(a)} and {card_name(b)} ({who(wa[1])}) swap places",
        {
            "seat": wa[1],
            "first": IDS[a],
            "second": IDS[b],
            "first_to": [wb[0], wb[2]],
            "second_to": [wa[0], wa[2]],
        },
    )
