"""Two Crowns choreography: each (redacted) engine event becomes a beat of flights, flips and dice.

:data:`CHOREOGRAPHY` is the table from event kind to handler (``tables/choreography.py``).  A
handler gets the :class:`Stage` (what the beats draw on) and one event; its beat, when it starts,
reads where the cards are on the shown table, advances the shown model by the event
(``shown.apply``), and flies the cards to where the model now has them.  Their destination does
not draw them until they land (``InFlight``).  Only the event's data as the viewer received it is
read: a hidden card is ``None`` and flies face down.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from crimson_table.engine.core import Event
from crimson_table.engine.two_crowns.cards import CATAPULT, KIND
from crimson_table.ui.tables.choreography import Choreography, fly
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.tables.two_crowns.layout import (
    LANE_SCALE,
    PILE_SCALE,
    Point,
    TableLayout,
    card_image,
    centre,
    hand_point,
    pay_card_rect,
    place_point,
)
from crimson_table.ui.tables.two_crowns.shown import TwoCrownsShown
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Anim, Beat, Countdown, Flip, ease_out_cubic, lerp
from crimson_table.ui.widgets.theme import ERROR, SHADOW

STAGGER = 0.07
Spot = tuple[Point, float]  # a card's centre and scale
DiceRoller = Callable[[list[int], str, tuple[str, ...], Callable[[], None]], None]


@dataclass
class Stage:
    """What the Two Crowns beats draw on (the scene builds one per batch)."""

    shown: TwoCrownsShown
    layout: TableLayout
    flights: InFlight
    names: tuple[str, ...]
    sound: Callable[[str], object]
    roll_dice: DiceRoller  # show a dice tray ending on the values; call back once it has rolled
    drop_point: Callable[[int | None], Point | None]  # where the viewer let go of a card, once


class Projectile(Anim):
    """A boulder thrown on an arc (the Catapult, TC-R11)."""

    def __init__(self, start: Point, end: Point, duration: float = 0.5) -> None:
        super().__init__(duration)
        self.start, self.end = start, end

    def draw(self, surface: pygame.Surface) -> None:
        """The stone and its shadow."""
        t = ease_out_cubic(self.progress)
        x, y = lerp(self.start[0], self.end[0], t), lerp(self.start[1], self.end[1], t)
        lift = math.sin(math.pi * self.progress) * 160
        pygame.draw.circle(surface, (0, 0, 0), (round(x + 6), round(y + 8)), 12)
        pygame.draw.circle(surface, (0x8A, 0x84, 0x78), (round(x), round(y - lift)), 14)
        pygame.draw.circle(surface, (0x3A, 0x36, 0x30), (round(x), round(y - lift)), 14, 2)


class FloatText(Anim):
    """A number rising and fading over a castle ("-5")."""

    def __init__(self, text: str, centre: Point, duration: float = 0.9) -> None:
        super().__init__(duration)
        self.text, self.centre = text, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The text, higher and fainter as time passes."""
        image = fonts.render(self.text, 40, ERROR, bold=True, shadow=SHADOW).copy()
        image.set_alpha(round(255 * (1.0 - self.progress**2)))
        y = self.centre[1] - 50 * ease_out_cubic(self.progress)
        surface.blit(image, image.get_rect(center=(round(self.centre[0]), round(y))))


# -- helpers --------------------------------------------------------------------------------------------


def _int(ev: Event, name: str = "seat") -> int:
    value: Any = ev.data[name]
    return int(value)


def _cards(ev: Event) -> list[int]:
    value: Any = ev.data.get("cards") or []
    return [int(c) for c in value]


def _card(ev: Event) -> int | None:
    value: Any = ev.data.get("card")
    return int(value) if value is not None else None


def _fly(
    stage: Stage,
    beat: Beat,
    card: int | None,
    start: Spot,
    end: Spot,
    zone: tuple[str, int],
    delay: float = 0.0,
    sound: str = "card_slide",
    look: str = "",
) -> None:
    """A card (face up if known) flying to ``zone``, changing scale on the way; the zone waits for it."""
    (p0, s0), (p1, s1) = start, end
    image = card_image(card, s0, look=look)
    fly(
        beat,
        stage.flights,
        zone,
        image,
        p0,
        p1,
        delay=delay,
        end_scale=s1 / s0,
        on_land=lambda: stage.sound(sound),
    )


def _origins(stage: Stage, seat: int, cards: Sequence[int | None]) -> list[Spot]:
    """Where each card is now (before the event moves it)."""
    shown, layout = stage.shown, stage.layout
    return [place_point(layout, shown, shown.locate(seat, card)) for card in cards]


def _to_hand(
    stage: Stage, beat: Beat, ev: Event, seat: int, cards: Sequence[int | None], origins: list[Spot]
) -> None:
    """Apply ``ev``, which moves ``cards`` (now at ``origins``) to the end of ``seat``'s hand, and fly them."""
    first = stage.shown.count_in("hand", seat)
    stage.shown.apply([ev])
    for k, (card, origin) in enumerate(zip(cards, origins, strict=True)):
        end = hand_point(stage.layout, stage.shown, seat, first + k)
        _fly(stage, beat, card, origin, end, ("hand", seat), k * STAGGER)


# -- dice (TC-R2, TC-R16) ----------------------------------------------------------------------------------


def _dice_beat(
    stage: Stage, values: list[int], title: str, labels: tuple[str, ...], then: Callable[[], None]
) -> Beat:
    def start(beat: Beat) -> None:
        if beat.factor <= 0 or beat.skipped:
            then()
            return
        rolled = {"done": False}

        def finished() -> None:
            rolled["done"] = True
            then()

        beat.until = lambda: rolled["done"]
        stage.roll_dice(values, title, labels, finished)

    beat = Beat(start)
    beat.narrate_at_end = True  # the log tells the roll once the dice have landed
    return beat


def on_rolls(stage: Stage, events: Sequence[Event]) -> list[Beat]:
    """The first-player roll (pairs, rerolled on a tie) or the Dice of Destiny."""
    rolls = [e for e in events if e.kind == "roll"]
    if rolls and rolls[0].data.get("purpose") == "destiny":
        ev = rolls[0]
        seat, value = _int(ev), _int(ev, "value")
        return [
            _dice_beat(
                stage, [value], "Dice of Destiny", (stage.names[seat],), lambda: stage.shown.apply([ev])
            )
        ]
    pairs = [rolls[k : k + 2] for k in range(0, len(rolls), 2)]
    beats = []
    for n, pair in enumerate(pairs):
        values = [_int(e, "value") for e in pair]
        tied = n < len(pairs) - 1
        title = f"A tie at {values[0]}: roll again" if tied else "Who attacks first?"
        labels = tuple(stage.names[_int(e)] for e in pair)
        beats.append(_dice_beat(stage, values, title, labels, lambda: None))
    return beats


# -- drawing and keeping (TC-R7, TC-R8) ----------------------------------------------------------------------


def on_draw(stage: Stage, ev: Event) -> Beat:
    """Cards fly from the deck to the hand, or (a precise draw) into the drawer's lane to choose."""
    seat, count, cards = _int(ev), _int(ev, "count"), _cards(ev)

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        to_drawn = shown.precise_pending
        first = shown.count_in("hand", seat)
        deck = (centre(layout.deck(seat)), PILE_SCALE)
        shown.apply([ev])
        for k in range(count):
            card = cards[k] if cards else None
            if to_drawn:
                end, zone = place_point(layout, shown, ("drawn", seat, k)), ("drawn", seat)
            else:
                end, zone = hand_point(layout, shown, seat, first + k), ("hand", seat)
            _fly(stage, beat, card, deck, end, zone, k * STAGGER)

    return Beat(start)


def on_keep(stage: Stage, ev: Event) -> Beat:
    seat, card = _int(ev), _card(ev)

    def start(beat: Beat) -> None:
        if stage.shown.drawn_seat != seat or not stage.shown.drawn:
            stage.shown.apply([ev])
            return
        _to_hand(stage, beat, ev, seat, [card], _origins(stage, seat, [card]))

    return Beat(start)


def on_discard(stage: Stage, ev: Event) -> Beat:
    seat, cards = _int(ev), _cards(ev)

    def start(beat: Beat) -> None:
        origins = _origins(stage, seat, cards)
        stage.shown.apply([ev])
        pile = (centre(stage.layout.discard(seat)), PILE_SCALE)
        for k, (card, origin) in enumerate(zip(cards, origins, strict=True)):
            _fly(stage, beat, card, origin, pile, ("discard", seat), k * STAGGER, "card_place")

    return Beat(start)


# -- laying cards (TC-R9) ------------------------------------------------------------------------------------


def on_place_facedown(stage: Stage, ev: Event) -> Beat:
    seat, card = _int(ev), _card(ev)

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origin = place_point(layout, shown, shown.locate(seat, card))
        dropped = stage.drop_point(card)
        if dropped is not None:
            origin = (dropped, origin[1])
        shown.apply([ev])
        end = (centre(layout.lane_slot(seat, len(shown.lanes[seat]) - 1)), LANE_SCALE)
        look = "hidden" if card is not None else ""
        _fly(stage, beat, card, origin, end, ("lane", seat), sound="card_place", look=look)

    return Beat(start)


def on_undo_selection(stage: Stage, ev: Event) -> Beat:
    seat = _int(ev)

    def start(beat: Beat) -> None:
        shown = stage.shown
        slots = [i for i in range(len(shown.lanes[seat])) if (seat, i) not in shown.left]
        origins = [(centre(stage.layout.lane_slot(seat, i)), LANE_SCALE) for i in slots]
        _to_hand(stage, beat, ev, seat, shown.lane_cards(seat), origins)

    return Beat(start)


def on_commit_attack(stage: Stage, ev: Event) -> Beat:
    return _sound_beat(stage, "card_place", 0.2)


def on_commit_defence(stage: Stage, ev: Event) -> Beat:
    return Beat(hold=0.2)


# -- the battle (TC-R10..R15) --------------------------------------------------------------------------------


def on_reveal(stage: Stage, ev: Event) -> Beat:
    """A group turns face up, card by card."""
    seat, cards = _int(ev), _cards(ev)

    def start(beat: Beat) -> None:
        stage.shown.apply([ev])
        stage.sound("card_flip")
        for i, card in enumerate(cards):
            unhide = stage.flights.hide(("lane", seat, i))
            where = centre(stage.layout.lane_slot(seat, i))
            flip = Flip(card_image(None, LANE_SCALE), card_image(card, LANE_SCALE), where, on_done=unhide)
            beat.add(flip, i * 0.05)

    return Beat(start, hold=0.35)


def on_cancel_special(stage: Stage, ev: Event) -> Beat:
    """The special is struck through; Gold offered for it goes back to the hand (TC-R10)."""
    card = _card(ev)

    def start(beat: Beat) -> None:
        shown = stage.shown
        payer = shown.paying_seat
        if shown.special != card or payer is None or not shown.paying:
            shown.apply([ev])
            return
        gold = list(shown.paying)
        _to_hand(stage, beat, ev, payer, gold, _origins(stage, payer, gold))

    return Beat(start, hold=0.45)


def on_pay(stage: Stage, ev: Event) -> Beat:
    seat, gold = _int(ev), _int(ev, "gold")

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origin = place_point(layout, shown, shown.locate(seat, gold))
        shown.apply([ev])
        end = (centre(pay_card_rect(layout, shown, len(shown.paying) - 1, seat)), LANE_SCALE)
        _fly(stage, beat, gold, origin, end, ("pay", 0), sound="coin_clink")

    return Beat(start)


def on_catapult(stage: Stage, ev: Event) -> Beat:
    seat, target = _int(ev), _int(ev, "target")

    def start(beat: Beat) -> None:
        lane = stage.shown.lanes[seat]
        index = next((i for i, c in enumerate(lane) if c is not None and KIND[c] == CATAPULT), 0)
        origin = centre(stage.layout.lane_slot(seat, index))
        beat.add(Projectile(origin, centre(stage.layout.castle(target))))

    return Beat(start)


def on_damage(stage: Stage, ev: Event) -> Beat:
    """The castle counts down one point at a time; the loss floats up from it."""
    seat, amount, castle = _int(ev), _int(ev, "amount"), _int(ev, "castle")

    def start(beat: Beat) -> None:
        shown = stage.shown

        def tick(value: int) -> None:
            shown.castles[seat] = value

        beat.add(Countdown(shown.castles[seat], castle, on_tick=tick, on_done=lambda: shown.apply([ev])))
        beat.add(FloatText(f"-{amount}", centre(stage.layout.castle(seat))))
        stage.sound("card_place")

    return Beat(start)


def on_bishop_take(stage: Stage, ev: Event) -> Beat:
    seat, card, victim = _int(ev), _int(ev, "card"), _int(ev, "from_seat")

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origin = place_point(layout, shown, shown.locate(victim, card))
        shown.apply([ev])
        end = hand_point(layout, shown, seat, shown.count_in("hand", seat) - 1)
        _fly(stage, beat, card, origin, end, ("hand", seat))

    return Beat(start, hold=0.2)


def on_feint(stage: Stage, ev: Event) -> Beat:
    return _sound_beat(stage, "card_slide", 0.3)


def on_rest(stage: Stage, ev: Event) -> Beat:
    seat, cards = _int(ev), _cards(ev)

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origins = _origins(stage, seat, cards)
        first = len(shown.rests[seat])
        shown.apply([ev])
        for k, (card, origin) in enumerate(zip(cards, origins, strict=True)):
            end = place_point(layout, shown, ("rest", seat, first + k))
            _fly(stage, beat, card, origin, end, ("rest", seat), k * STAGGER)

    return Beat(start)


def on_back_to_hand(stage: Stage, ev: Event) -> Beat:
    """Defending Knights after a won battle (TC-R15), or rested Knights (TC-R5), back to the hand."""
    seat, cards = _int(ev), _cards(ev)
    return Beat(lambda beat: _to_hand(stage, beat, ev, seat, list(cards), _origins(stage, seat, cards)))


def _sound_beat(stage: Stage, sound: str, hold: float) -> Beat:
    def start(beat: Beat) -> None:
        stage.sound(sound)

    return Beat(start, hold=hold)


def _apply_and_hold(hold: float, sound: str = "") -> Callable[[Stage, Event], Beat]:
    """A handler whose beat only advances the model (a banner, a mark) and holds for a moment."""

    def handler(stage: Stage, ev: Event) -> Beat:
        def start(beat: Beat) -> None:
            stage.shown.apply([ev])
            if sound:
                stage.sound(sound)

        return Beat(start, hold=hold)

    return handler


def _apply(stage: Stage, events: Sequence[Event]) -> None:
    stage.shown.apply(events)


CHOREOGRAPHY = Choreography[Stage](
    {
        "draw": on_draw,
        "keep": on_keep,
        "discard": on_discard,
        "place_facedown": on_place_facedown,
        "undo_selection": on_undo_selection,
        "commit_attack": on_commit_attack,
        "commit_defence": on_commit_defence,
        "reveal": on_reveal,
        "cancel_special": on_cancel_special,
        "pay": on_pay,
        "catapult": on_catapult,
        "damage": on_damage,
        "bishop_take": on_bishop_take,
        "feint": on_feint,
        "vassal": _apply_and_hold(0.35),
        "rest": on_rest,
        "battle_result": _apply_and_hold(1.3),
        "return_to_hand": on_back_to_hand,
        "unrest": on_back_to_hand,
        "turn": _apply_and_hold(0.0),
        "game_over": _apply_and_hold(1.6, "victory_sting"),
        "new_game": _apply_and_hold(1.0),
    },
    runs={("roll", "roll_tie"): on_rolls},
    unhandled=_apply,
)
