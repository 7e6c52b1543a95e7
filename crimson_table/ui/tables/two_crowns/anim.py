"""Two Crowns event animations: engine Events become card flights, flips, countdowns and dice.

The scene hands each applied action's events to :meth:`Choreographer.play`.  Every event becomes
one :class:`Beat` on the scene's animator: when the beat starts it moves cards in the displayed
table (:class:`~crimson_table.ui.tables.two_crowns.layout.Shown`) and launches the flights that
carry them; the destination hides the card until its flight lands.  With animations off every
beat finishes the moment it is added, so the displayed table is updated at once.

Private events are read only as far as the viewer may see them (``Event.visible_to``); for the
other seat only the fields its public log line already states are used (who, how many).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Event
from crimson_table.engine.two_crowns.cards import CATAPULT, DECK_SIZE, KIND, START_CASTLE
from crimson_table.ui.tables.two_crowns.layout import (
    HAND_SCALE,
    LANE_SCALE,
    OPP_SCALE,
    PILE_SCALE,
    Point,
    Shown,
    card_image,
)
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Anim, Beat, CardFlight, Countdown, Flip, ease_out_cubic, lerp
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from crimson_table.ui.widgets.theme import ERROR, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.tables.two_crowns.scene import TwoCrownsScene

# Fields a private event's public text already states, so any seat may use them.
PUBLIC_FIELDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"seat", "count"}),
    "place_facedown": frozenset({"seat", "side", "count"}),
    "keep": frozenset({"seat"}),
    "undo_selection": frozenset({"seat"}),
    "cancel_special": frozenset({"seat", "card"}),  # the special is face up by then; the reason stays private
}
STAGGER = 0.07


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


class Choreographer:
    """Turns one batch of events into beats on ``scene.anim``."""

    def __init__(self, scene: TwoCrownsScene) -> None:
        self.scene = scene
        self._to_drawn = False
        self._caption = ""

    # -- helpers ------------------------------------------------------------------------------------
    @property
    def shown(self) -> Shown:
        """The displayed table (replaced on resync, so always read through the scene)."""
        return self.scene.shown

    def _beat(self, start: Callable[[Beat], None], hold: float = 0.0) -> None:
        self.scene.anim.then(Beat(start, hold, self._caption))

    def _data(self, ev: Event, name: str) -> Any:
        """A field of ``ev`` if the viewer may read it, else None."""
        if ev.visible_to(self.scene.viewer_seat) or name in PUBLIC_FIELDS.get(ev.kind, frozenset()):
            return ev.data.get(name)
        return None

    def _sound(self, name: str) -> None:
        self.scene.app.sound.play(name)

    def _name(self, seat: int) -> str:
        return self.scene.match.seats[seat].name

    def _hand_point(self, seat: int, index: int) -> tuple[Point, float]:
        """Centre and scale of hand card ``index`` of ``seat`` in its current fan."""
        count = self.shown.count_in("hand", seat)
        layout = self.scene.layout
        slots = layout.hand(count) if seat == self.shown.viewer else layout.opp_hand(count)
        scale = HAND_SCALE if seat == self.shown.viewer else OPP_SCALE
        if not slots:
            return (float(layout.deck(seat).centerx), float(layout.deck(seat).centery)), scale
        return slots[max(0, min(index, len(slots) - 1))].centre, scale

    def _fly(
        self,
        beat: Beat,
        card: int | None,
        start: tuple[Point, float],
        end: tuple[Point, float],
        land: Callable[[], None],
        delay: float = 0.0,
        sound: str = "card_slide",
        look: str = "",
    ) -> None:
        """A card (face up if known) flying between two places, changing scale on the way."""
        (p0, s0), (p1, s1) = start, end

        def landed() -> None:
            land()
            self._sound(sound)

        image = card_image(card, s0, look=look)
        beat.add(CardFlight(image, p0, p1, on_done=landed, end_scale=s1 / s0), delay)

    def _to_hand(self, seat: int, card: int | None) -> tuple[Point, float]:
        """Put ``card`` into ``seat``'s displayed hand (arriving); returns where it lands."""
        if seat == self.shown.viewer and card is not None:
            self.shown.hand.append(card)
        else:
            self.shown.hand_counts[seat] += 1
        self.shown.expect("hand", seat)
        return self._hand_point(seat, self.shown.count_in("hand", seat) - 1)

    def _take(self, seat: int, card: int) -> tuple[Point, float]:
        """Remove a public ``card`` from wherever the display has it; returns where it was."""
        shown, layout = self.shown, self.scene.layout
        for s in (seat, 1 - seat):
            if card in shown.lanes[s]:
                i = shown.lanes[s].index(card)
                shown.hidden.add(("lane", s, i))
                return _centre(layout.lane_slot(s, i)), LANE_SCALE
        if card in shown.paying:
            i = shown.paying.index(card)
            shown.paying.pop(i)
            return _centre(self.scene.pay_card_rect(i)), LANE_SCALE
        if shown.drawn_seat == seat and shown.drawn:
            i = shown.drawn.index(card) if card in shown.drawn else shown.drawn.index(None)
            count = len(shown.drawn)
            shown.drawn.pop(i)
            return _centre(layout.drawn_slot(seat, i, count)), LANE_SCALE
        if card in shown.rests[seat]:
            i = shown.rests[seat].index(card)
            slot = layout.rest_slot(seat, i, len(shown.rests[seat]))
            shown.rests[seat].pop(i)
            return slot.centre, LANE_SCALE * 0.75
        return self._take_from_hand(seat, card)

    def _take_from_hand(self, seat: int, card: int | None) -> tuple[Point, float]:
        shown = self.shown
        if seat == shown.viewer and card is not None and card in shown.hand:
            i = shown.hand.index(card)
            point = self._hand_point(seat, i)
            shown.hand.pop(i)
            return point
        point = self._hand_point(seat, shown.count_in("hand", seat) - 1)
        if seat != shown.viewer:
            shown.hand_counts[seat] = max(0, shown.hand_counts[seat] - 1)
        return point

    # -- the batch ------------------------------------------------------------------------------------
    def play(self, events: list[Event]) -> None:
        """Queue the beats of one applied action's events, in order."""
        self._to_drawn = False
        names = [seat.name for seat in self.scene.match.seats]
        i = 0
        while i < len(events):
            self._caption = events[i].text_for(self.scene.viewer_seat, names)
            if events[i].kind in ("roll", "roll_tie"):
                j = i
                while j < len(events) and events[j].kind in ("roll", "roll_tie"):
                    j += 1
                self._rolls(events[i:j])
                i = j
                continue
            handler = getattr(self, f"_on_{events[i].kind}", None)
            if handler is not None:
                handler(events[i])
            i += 1

    # -- dice (TC-R2, TC-R16) ---------------------------------------------------------------------------
    def _rolls(self, events: list[Event]) -> None:
        rolls = [e for e in events if e.kind == "roll"]
        if rolls and rolls[0].data.get("purpose") == "destiny":
            self._destiny(rolls[0])
            return
        pairs = [rolls[k : k + 2] for k in range(0, len(rolls), 2)]
        for n, pair in enumerate(pairs):
            values = [int(e.data["value"]) for e in pair]
            tied = n < len(pairs) - 1
            title = f"A tie at {values[0]}: roll again" if tied else "Who attacks first?"
            labels = tuple(self._name(int(e.data["seat"])) for e in pair)
            self._beat(self._dice_start(values, title, labels, lambda: None))

    def _destiny(self, ev: Event) -> None:
        seat, value = int(ev.data["seat"]), int(ev.data["value"])

        def apply() -> None:
            self.shown.castles[seat] = value

        self._beat(self._dice_start([value], "Dice of Destiny", (self._name(seat),), apply))

    def _dice_start(
        self, values: list[int], title: str, labels: tuple[str, ...], then: Callable[[], None]
    ) -> Callable[[Beat], None]:
        def start(beat: Beat) -> None:
            app = self.scene.app
            if beat.factor <= 0 or beat.skipped:
                then()
                return
            rolled = {"done": False}

            def finished() -> None:
                rolled["done"] = True
                then()

            beat.until = lambda: rolled["done"]
            app.push(DiceTrayScene(app, values, title=title, labels=labels, on_done=finished))

        return start

    # -- drawing and keeping (TC-R7, TC-R8) -----------------------------------------------------------
    def _on_draw(self, ev: Event) -> None:
        seat, count = int(self._data(ev, "seat")), int(self._data(ev, "count"))
        cards = self._data(ev, "cards")
        to_drawn, self._to_drawn = self._to_drawn, False

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            shown.decks[seat] = max(0, shown.decks[seat] - count)
            deck = (_centre(layout.deck(seat)), PILE_SCALE)
            for k in range(count):
                card = cards[k] if cards else None
                if to_drawn:
                    shown.drawn_seat = seat
                    shown.drawn.append(card)
                    shown.expect("drawn", seat)
                    end = (_centre(layout.drawn_slot(seat, k, count)), LANE_SCALE)
                    zone = "drawn"
                else:
                    end = self._to_hand(seat, card)
                    zone = "hand"
                self._fly(beat, card, deck, end, _landing(shown, zone, seat), k * STAGGER)

        self._beat(start)

    def _on_keep(self, ev: Event) -> None:
        seat, card = int(self._data(ev, "seat")), self._data(ev, "card")

        def start(beat: Beat) -> None:
            shown = self.shown
            if not shown.drawn:
                return
            i = shown.drawn.index(card) if card in shown.drawn else 0
            origin = (_centre(self.scene.layout.drawn_slot(seat, i, len(shown.drawn))), LANE_SCALE)
            shown.drawn.pop(i)
            end = self._to_hand(seat, card)
            self._fly(beat, card, origin, end, _landing(shown, "hand", seat))

        self._beat(start)

    def _on_discard(self, ev: Event) -> None:
        seat, cards, reason = int(ev.data["seat"]), list(ev.data["cards"]), str(ev.data["reason"])
        if reason == "precise draw" and self.shown.drawn_seat is None:
            self._to_drawn = True

        def start(beat: Beat) -> None:
            shown = self.shown
            pile = (_centre(self.scene.layout.discard(seat)), PILE_SCALE)
            for k, card in enumerate(cards):
                origin = self._take(seat, card)
                shown.discards[seat].append(card)
                shown.expect("discard", seat)
                self._fly(
                    beat, card, origin, pile, _landing(shown, "discard", seat), k * STAGGER, "card_place"
                )
            if not shown.drawn:
                shown.drawn_seat = None
            if reason.startswith("paid for"):
                shown.special = shown.paying_seat = None

        self._beat(start)

    # -- laying cards (TC-R9) ------------------------------------------------------------------------------
    def _on_place_facedown(self, ev: Event) -> None:
        seat, card = int(self._data(ev, "seat")), self._data(ev, "card")

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            dropped = self.scene.take_drop_point(card)
            origin = self._take_from_hand(seat, card)
            if dropped is not None:
                origin = (dropped, origin[1])
            if shown.lanes[seat] and all(
                ("lane", seat, i) in shown.hidden for i in range(len(shown.lanes[seat]))
            ):
                shown.lanes[seat] = []
            shown.lanes[seat].append(card)
            shown.face_down[seat] = True
            shown.expect("lane", seat)
            end = (_centre(layout.lane_slot(seat, len(shown.lanes[seat]) - 1)), LANE_SCALE)
            look = "hidden" if card is not None else ""
            self._fly(beat, card, origin, end, _landing(shown, "lane", seat), sound="card_place", look=look)

        self._beat(start)

    def _on_undo_selection(self, ev: Event) -> None:
        seat = int(self._data(ev, "seat"))

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            group, shown.lanes[seat] = shown.lanes[seat], []
            for i, card in enumerate(group):
                origin = (_centre(layout.lane_slot(seat, i)), LANE_SCALE)
                self._fly(
                    beat, card, origin, self._to_hand(seat, card), _landing(shown, "hand", seat), i * STAGGER
                )

        self._beat(start)

    def _on_commit_attack(self, ev: Event) -> None:
        self._beat(lambda beat: self._sound("card_place"), hold=0.2)

    def _on_commit_defence(self, ev: Event) -> None:
        self._beat(lambda beat: None, hold=0.2)

    # -- the battle (TC-R10..R15) ----------------------------------------------------------------------------
    def _on_reveal(self, ev: Event) -> None:
        seat, cards = int(ev.data["seat"]), list(ev.data["cards"])

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            shown.lanes[seat] = list(cards)
            shown.face_down[seat] = False
            self._sound("card_flip")
            for i, card in enumerate(cards):
                key = ("lane", seat, i)
                shown.hidden.add(key)
                flip = Flip(
                    card_image(None, LANE_SCALE),
                    card_image(card, LANE_SCALE),
                    _centre(layout.lane_slot(seat, i)),
                    on_done=_unhide(shown, key),
                )
                beat.add(flip, i * 0.05)

        self._beat(start, hold=0.35)

    def _on_cancel_special(self, ev: Event) -> None:
        card = int(self._data(ev, "card"))

        def start(beat: Beat) -> None:
            shown = self.shown
            shown.cancelled.add(card)
            if shown.special == card:
                shown.special = shown.paying_seat = None

        self._beat(start, hold=0.45)

    def _on_pay(self, ev: Event) -> None:
        seat, special, gold = int(ev.data["seat"]), int(ev.data["special"]), int(ev.data["gold"])

        def start(beat: Beat) -> None:
            shown = self.shown
            shown.special, shown.paying_seat = special, seat
            origin = self._take_from_hand(seat, gold)
            shown.paying.append(gold)
            shown.expect("pay", 0)
            end = (_centre(self.scene.pay_card_rect(len(shown.paying) - 1, seat)), LANE_SCALE)
            self._fly(beat, gold, origin, end, _landing(shown, "pay", 0), sound="coin_clink")

        self._beat(start)

    def _on_catapult(self, ev: Event) -> None:
        seat, target = int(ev.data["seat"]), int(ev.data["target"])

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            lane = shown.lanes[seat]
            index = next((i for i, c in enumerate(lane) if c is not None and KIND[c] == CATAPULT), 0)
            origin = _centre(layout.lane_slot(seat, index))
            beat.add(Projectile(origin, _centre(layout.castle(target))))

        self._beat(start)

    def _on_damage(self, ev: Event) -> None:
        seat, amount, castle = int(ev.data["seat"]), int(ev.data["amount"]), int(ev.data["castle"])

        def start(beat: Beat) -> None:
            shown = self.shown

            def tick(value: int) -> None:
                shown.castles[seat] = value

            def done() -> None:
                shown.castles[seat] = castle

            beat.add(Countdown(shown.castles[seat], castle, on_tick=tick, on_done=done))
            beat.add(FloatText(f"-{amount}", _centre(self.scene.layout.castle(seat))))
            self._sound("card_place")

        self._beat(start)

    def _on_bishop_take(self, ev: Event) -> None:
        seat, card, victim = int(ev.data["seat"]), int(ev.data["card"]), int(ev.data["from_seat"])

        def start(beat: Beat) -> None:
            origin = self._take(victim, card)
            self._fly(beat, card, origin, self._to_hand(seat, card), _landing(self.shown, "hand", seat))

        self._beat(start, hold=0.2)

    def _on_feint(self, ev: Event) -> None:
        self._beat(lambda beat: self._sound("card_slide"), hold=0.3)

    def _on_vassal(self, ev: Event) -> None:
        seat = int(ev.data["seat"])

        def start(beat: Beat) -> None:
            self.shown.vassal[seat] = True

        self._beat(start, hold=0.35)

    def _on_rest(self, ev: Event) -> None:
        seat, cards = int(ev.data["seat"]), list(ev.data["cards"])

        def start(beat: Beat) -> None:
            shown, layout = self.shown, self.scene.layout
            for k, card in enumerate(cards):
                origin = self._take(seat, card)
                shown.rests[seat].append(card)
                shown.expect("rest", seat)
                slot = layout.rest_slot(seat, len(shown.rests[seat]) - 1, len(shown.rests[seat]))
                self._fly(
                    beat,
                    card,
                    origin,
                    (slot.centre, LANE_SCALE * 0.75),
                    _landing(shown, "rest", seat),
                    k * STAGGER,
                )

        self._beat(start)

    def _on_battle_result(self, ev: Event) -> None:
        data = ev.data
        attacker, defender, winner = int(data["attacker"]), int(data["defender"]), int(data["winner"])

        def start(beat: Beat) -> None:
            shown = self.shown
            shown.totals = {attacker: int(data["attack"]), defender: int(data["defence"])}
            shown.banner = f"{self._name(winner)} wins the battle"

        self._beat(start, hold=1.3)

    def _on_return_to_hand(self, ev: Event) -> None:
        self._back_to_hand(int(ev.data["seat"]), list(ev.data["cards"]))

    def _on_unrest(self, ev: Event) -> None:
        self._back_to_hand(int(ev.data["seat"]), list(ev.data["cards"]))

    def _back_to_hand(self, seat: int, cards: list[int]) -> None:
        def start(beat: Beat) -> None:
            for k, card in enumerate(cards):
                origin = self._take(seat, card)
                end = self._to_hand(seat, card)
                self._fly(beat, card, origin, end, _landing(self.shown, "hand", seat), k * STAGGER)

        self._beat(start)

    # -- turns and games (TC-R3, TC-R5, TC-R17) ----------------------------------------------------------------
    def _on_turn(self, ev: Event) -> None:
        seat = int(ev.data["seat"])

        def start(beat: Beat) -> None:
            shown = self.shown
            shown.clear_battle()
            shown.lanes = [[], []]
            shown.hidden = {k for k in shown.hidden if k[0] != "lane"}
            shown.attacker = seat
            shown.phase = "turn"

        self._beat(start)

    def _on_game_over(self, ev: Event) -> None:
        winner, game = int(ev.data["winner"]), int(ev.data["game"])

        def start(beat: Beat) -> None:
            self.shown.banner = f"{self._name(winner)} wins game {game}"
            self._sound("victory_sting")

        self._beat(start, hold=1.6)

    def _on_new_game(self, ev: Event) -> None:
        game, first = int(ev.data["game"]), int(ev.data["first_player"])

        def start(beat: Beat) -> None:
            fresh = Shown(viewer=self.shown.viewer, phase="turn", attacker=first)
            fresh.decks = [DECK_SIZE, DECK_SIZE]
            fresh.castles = [START_CASTLE, START_CASTLE]
            fresh.banner = f"Game {game}: {self._name(first)} starts"
            self.scene.shown = fresh

        self._beat(start, hold=1.0)


def _centre(rect: pygame.Rect) -> Point:
    return (float(rect.centerx), float(rect.centery))


def _landing(shown: Shown, zone: str, seat: int) -> Callable[[], None]:
    return lambda: shown.landed(zone, seat)


def _unhide(shown: Shown, key: tuple[Any, ...]) -> Callable[[], None]:
    return lambda: shown.hidden.discard(key)
