"""Crusader Kingdoms' choreography (``tables/choreography.py``): event kind -> handler -> beats.

Cards fly from hands into the attack (face down for everyone but their owner), to the discard piles
and from the draw piles; the custom dice tumble on a tray and land on the engine's faces with the
scoring shields ringed; castles and garrisons drop onto the map; the Bot's revealed cards come up one
at a time from its hand and go to its army, its response stack or the discard pile; banners announce
turns, attacks and the end.  Handlers get the :class:`Stage` and REDACTED events: what a seat may not
see is simply absent from the event (the engine's ``public`` data), so nothing here decides it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from crimson_table.engine.core import Event
from crimson_table.engine.crusader_kingdoms.board import Board
from crimson_table.engine.crusader_kingdoms.cards import title as card_title
from crimson_table.engine.crusader_kingdoms.ops import bonus_text
from crimson_table.ui.art.dice import d6_face, shield_die_face, shield_kind
from crimson_table.ui.tables.choreography import Choreography, fly
from crimson_table.ui.tables.crusader_kingdoms import paint
from crimson_table.ui.tables.crusader_kingdoms.layout import (
    BOT,
    CASTLE_SIZE,
    GARRISON_SIZE,
    HAND_SCALE,
    INDEP,
    PILE_SCALE,
    SMALL_SCALE,
    Layout,
    attack_card_slots,
    attack_halves,
    card_image,
    seat_colour_index,
    seat_religion,
)
from crimson_table.ui.tables.crusader_kingdoms.shown import CrusaderShown
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import badge
from crimson_table.ui.widgets.anim import Anim, Beat, ease_out_cubic, lerp
from crimson_table.ui.widgets.callouts import Banner, Callout
from crimson_table.ui.widgets.dice_tray import DiceRollAnim
from crimson_table.ui.widgets.theme import GOLD
from crimson_table.ui.widgets.tiled_map import TiledBoard

Point = tuple[float, float]
HOLD = 0.5
STAGGER = 0.07


@dataclass
class Stage:
    """What the beats draw on: never the scene."""

    shown: CrusaderShown
    layout: Layout
    board: TiledBoard
    rules_board: Board
    flights: InFlight
    names: tuple[str, ...]
    table_area: pygame.Rect
    sound: Callable[[str], object] = lambda name: None
    drop_origin: tuple[str, tuple[int, int]] | None = None

    def frame(self) -> paint.Frame:
        """A painter's frame for the geometry helpers."""
        return paint.Frame(self.shown, self.layout, self.board, self.rules_board, self.flights, None, self.names,
                           (), self.shown.viewer, False)  # fmt: skip

    def who(self, seat: int) -> str:
        """A seat's name (or the Bot's)."""
        return "The Bot" if seat == BOT else "The independents" if seat == INDEP else self.names[seat]


class Still(Anim):
    """An image resting at a point for a moment, outlined in gold (a card being resolved)."""

    def __init__(self, image: pygame.Surface, centre: Point, duration: float = HOLD) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The image with a gold edge."""
        rect = self.image.get_rect(center=(round(self.centre[0]), round(self.centre[1])))
        surface.blit(self.image, rect)
        pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 3, border_radius=8)


class Drop(Anim):
    """A piece falling onto the map from above, shrinking as it lands (a castle, a garrison)."""

    def __init__(self, image: pygame.Surface, centre: Point, duration: float = 0.45) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The piece on its way down and its shadow growing."""
        t = ease_out_cubic(self.progress)
        factor = lerp(2.4, 1.0, t)
        w, h = self.image.get_size()
        image = pygame.transform.smoothscale(
            self.image, (max(2, round(w * factor)), max(2, round(h * factor)))
        )
        x, y = self.centre[0], self.centre[1] - lerp(80, 0, t)
        shadow = pygame.Surface((image.get_width(), max(2, image.get_height() // 3)), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, round(40 + 80 * t)), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(round(self.centre[0]), round(self.centre[1] + h // 2))))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


def _showing(make: Callable[[], Anim], hold: float = 0.0) -> Beat:
    def start(beat: Beat) -> None:
        beat.add(make())

    return Beat(start, hold)


def _applying(stage: Stage, event: Event, hold: float = 0.0) -> Beat:
    return Beat(lambda beat: stage.shown.apply([event]), hold)


# -- where things are -------------------------------------------------------------------------------------


def _hand_source(stage: Stage, seat: int, card: str | None) -> tuple[Point, float]:
    """Where a card leaves a hand from, and its scale there."""
    shown, layout = stage.shown, stage.layout
    if seat == shown.viewer and card is not None and card in shown.hand:
        slots = layout.hand_slots(len(shown.hand))
        return slots[shown.hand.index(card)].center, HAND_SCALE
    return layout.hand_spot(seat, shown.seats), SMALL_SCALE


def _attack_slot(stage: Stage, side: str) -> Point:
    """The centre of the last card slot of a side of the attack (where a placed card lands)."""
    frame = stage.frame()
    panel = frame.attack_panel()
    a = stage.shown.attack
    if panel is None or a is None:
        return stage.layout.board.center
    att, dfn = attack_halves(panel)
    half = att if side == "ATT" else dfn
    count = sum(1 for c in a.cards if c.side == side)
    slots = attack_card_slots(half, count)
    return slots[-1].center if slots else half.center


def _pile_centre(stage: Stage, deck: str, kind: str) -> Point:
    rect = stage.layout.pile(deck, kind)
    return (rect.centerx, rect.centery + 8)


def _deck_of(stage: Stage, seat: int, card: str | None, event: Event) -> str:
    if card:
        return card[:1].upper()
    deck = event.data.get("deck")
    return str(deck) if deck else seat_religion(stage.shown.seats, seat)


# -- handlers ------------------------------------------------------------------------------------------------


def on_turn(stage: Stage, event: Event) -> Beat:
    """CK-R11: a new turn."""
    turn = int(event.data["turn"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        beat.add(Banner(stage.layout.board, f"Turn {turn} of 3", "Cards are drawn; bonuses return to 0"))

    return Beat(start)


def on_announce(stage: Stage, event: Event) -> Beat:
    """CK-R15: an attack is announced: the panel opens, a banner names the target."""

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        region = str(event.data["region"])
        label = stage.rules_board.labels[stage.rules_board.index[region]]
        sub = card_title(str(event.data["event"])) if event.data.get("event") else ""
        beat.add(
            Banner(stage.layout.board, f"{stage.who(int(event.data['seat']))} attacks {label}", sub, 1.0)
        )
        stage.sound("card_slide")

    return Beat(start)


def on_placed(stage: Stage, event: Event) -> Beat:
    """CK-R19 / CK-R26: a card flies from its owner's hand into the attack, face down for the others."""
    seat = int(event.data["seat"])
    side = str(event.data.get("side", "ATT"))
    card = event.data.get("card")

    def start(beat: Beat) -> None:
        origin, scale = _hand_source(stage, seat, None if card is None else str(card))
        dropped = stage.drop_origin
        if seat == stage.shown.viewer and dropped is not None and dropped[0] == card:
            origin = dropped[1]
        stage.drop_origin = None
        deck = _deck_of(stage, seat, None if card is None else str(card), event)
        stage.shown.apply([event])
        image = card_image(None if card is None else str(card), scale, deck)
        fly(beat, stage.flights, ("attack", side), image, origin, _attack_slot(stage, side),
            end_scale=SMALL_SCALE / scale)  # fmt: skip
        stage.sound("card_place")

    return Beat(start)


def on_reveal(stage: Stage, event: Event) -> Beat:
    """CK-R19 step 5: every card of the attack turns face up."""

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        panel = stage.frame().attack_panel()
        if panel is not None:
            beat.add(Callout((panel.centerx, panel.y - 16), "The cards are revealed"))

    return Beat(start, 0.35)


def on_garrisons(stage: Stage, event: Event) -> Beat:
    """CK-R28 / CK-R52: garrisons join the defence."""

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        regions = event.data.get("regions") or [event.data.get("region")]
        for i, key in enumerate(r for r in regions if r):
            beat.add(Callout(stage.frame().garrison_spot(str(key)), "+1 defence die"), i * 0.15)

    return Beat(start)


def _shield_of(stage: Stage, seat: int, against: int, independent: bool) -> str:
    """CK-R21: the shield a side scores on."""
    seats = stage.shown.seats
    if seat == INDEP:
        return "M" if seat_religion(seats, against) == "C" else "C"
    return seat_religion(seats, seat)


def on_combat(stage: Stage, event: Event) -> list[Beat]:
    """CK-R20/21: the custom dice tumble on a tray and land on the engine's faces; the shields that
    score are ringed in gold and the hits counted."""
    d = event.data
    att_faces = [int(v) for v in d["attack_dice"]]
    def_faces = [int(v) for v in d["defence_dice"]]

    def start(beat: Beat) -> None:
        shown = stage.shown
        a = shown.attack
        attacker = a.attacker if a is not None else BOT
        defender = shown.owner.get(str(d["region"]), INDEP)
        independent = a is not None and a.kind == "independent"
        att_shield = _shield_of(stage, INDEP if independent else attacker, defender, independent)
        def_shield = _shield_of(stage, defender, attacker, independent)
        shown.apply([event])
        won = bool(d["won"])
        rows = [
            ("Attack", att_faces, lambda v, s=att_shield: shield_kind(v) == s),
            ("Defence", def_faces, lambda v, s=def_shield: shield_kind(v) == s),
        ]
        results = [f"{d['attack_hits']} hits", f"{d['defence_hits']} hits"]
        title = f"Attack {len(att_faces)} dice against defence {len(def_faces)} dice"
        verdict = "The attack succeeds!" if won else "The attack fails: a tie or less goes to the defender"
        centre = stage.layout.board.center
        beat.add(
            DiceRollAnim(
                rows, centre, shield_die_face, title=title, verdict=verdict, results=results, size=50
            )
        )
        stage.sound("die_roll")

    def clear(beat: Beat) -> None:
        stage.shown.attack = None  # CK-R25: the attack's cards leave the table

    return [Beat(start), Beat(clear, 0.15)]


def on_capture(stage: Stage, event: Event) -> Beat:
    """CK-R22: the castle of the new holder drops onto the region."""
    key, seat = str(event.data["region"]), int(event.data["seat"])

    def start(beat: Beat) -> None:
        show = stage.flights.hide(("castle", key))

        def land() -> None:
            stage.shown.apply([event])
            show()
            stage.sound("card_place")

        if seat == INDEP:
            land()
            return
        colour = seat_colour_index(stage.shown.seats, seat)
        drop = beat.add(Drop(paint.tower_token(colour, CASTLE_SIZE, 3, badge.patterned()),
                             stage.frame().castle_spot(key)))  # fmt: skip
        drop.on_done = land
        label = stage.rules_board.labels[stage.rules_board.index[key]]
        beat.add(Callout(stage.frame().castle_spot(key), f"{stage.who(seat)} takes {label}", 1.0), 0.3)

    return Beat(start)


def on_garrison(stage: Stage, event: Event) -> Beat:
    """A garrison is placed (reward, overflow, Castle Builders, the Bot)."""
    key, seat = str(event.data["region"]), int(event.data["seat"])

    def start(beat: Beat) -> None:
        show = stage.flights.hide(("garrison", key))

        def land() -> None:
            stage.shown.apply([event])
            show()

        colour = seat_colour_index(stage.shown.seats, seat)
        drop = beat.add(Drop(paint.tower_token(colour, GARRISON_SIZE, 1, badge.patterned()),
                             stage.frame().garrison_spot(key)))  # fmt: skip
        drop.on_done = land

    return Beat(start)


def on_bonus(stage: Stage, event: Event) -> Beat:
    """CK-R10: a Card Bonus moves on its track."""
    seat, value = int(event.data["seat"]), int(event.data["bonus"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        religion = seat_religion(stage.shown.seats, seat)
        rect = stage.layout.area(f"{stage.layout.side(religion)}_bonus_track")
        beat.add(Callout((rect.centerx, rect.y - 6), f"{stage.who(seat)}: Card Bonus {bonus_text(value)}"))

    return Beat(start)


def on_pass(stage: Stage, event: Event) -> Beat:
    """CK-R18 / CK-R36: a pass."""
    seat = int(event.data["seat"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        beat.add(Callout(stage.layout.hand_spot(seat, stage.shown.seats), f"{stage.who(seat)} passes"))

    return Beat(start)


def on_draws(stage: Stage, events: Sequence[Event]) -> Beat:
    """CK-R11: the cards of the turn fly face down from the draw piles to every hand."""

    def start(beat: Beat) -> None:
        shown = stage.shown
        for i, event in enumerate(events):
            seat = int(event.data["seat"])
            deck = seat_religion(shown.seats, seat)
            mine = seat == shown.viewer
            before = len(shown.hand)
            shown.apply([event])
            origin = _pile_centre(stage, deck, "draw")
            if mine and len(shown.hand) > before:
                slots = stage.layout.hand_slots(len(shown.hand))
                for k in range(before, len(shown.hand)):
                    image = card_image(shown.hand[k], HAND_SCALE)
                    fly(beat, stage.flights, ("hand", seat), image, origin, slots[k].center,
                        delay=i * 0.2 + (k - before) * STAGGER)  # fmt: skip
            else:
                count = min(3, int(event.data.get("count", 0) or len(event.data.get("cards") or [])))
                back = card_image(None, SMALL_SCALE, deck)
                for k in range(count):
                    beat.add(
                        _flight(back, origin, stage.layout.hand_spot(seat, shown.seats)),
                        i * 0.2 + k * STAGGER,
                    )
        stage.sound("card_slide")

    return Beat(start)


def _flight(image: pygame.Surface, start: Point, end: Point, end_scale: float = 1.0) -> Anim:
    from crimson_table.ui.widgets.anim import FLIGHT_SECONDS, CardFlight  # noqa: PLC0415

    return CardFlight(image, start, end, FLIGHT_SECONDS, end_scale=end_scale)


def on_hand_discard(stage: Stage, event: Event) -> Beat:
    """A card leaves a hand for its discard pile (face down unless the viewer may see it)."""
    seat = int(event.data["seat"])
    card = event.data.get("card")

    def start(beat: Beat) -> None:
        cid = None if card is None else str(card)
        origin, scale = _hand_source(stage, seat, cid)
        dropped = stage.drop_origin
        if seat == stage.shown.viewer and dropped is not None and dropped[0] == card:
            origin = dropped[1]
        stage.drop_origin = None
        deck = _deck_of(stage, seat, cid, event)
        stage.shown.apply([event])
        shown_face = cid if event.kind in ("incursion", "forced_discard") else None
        image = card_image(shown_face if shown_face else None, scale, deck)
        beat.add(_flight(image, origin, _pile_centre(stage, deck, "discard"), PILE_SCALE / scale))
        stage.sound("card_slide")

    return Beat(start)


def on_event_card(stage: Stage, event: Event) -> Beat:
    """CK-R17: the event card flies to the middle of the board, rests there a moment, then resolves."""
    seat, cid = int(event.data["seat"]), str(event.data["card"])

    def start(beat: Beat) -> None:
        origin, scale = _hand_source(stage, seat, cid)
        dropped = stage.drop_origin
        if seat == stage.shown.viewer and dropped is not None and dropped[0] == cid:
            origin = dropped[1]
        stage.drop_origin = None
        stage.shown.apply([event])
        centre = stage.layout.board.center
        beat.add(_flight(card_image(cid, scale), origin, centre, 1.0 / scale))
        beat.add(Still(card_image(cid, 1.0), centre, 0.8), 0.28)
        stage.sound("card_place")

    return Beat(start)


def on_bot_card(stage: Stage, event: Event) -> Beat:
    """CK-R46: the Bot's top card comes up from its hand, face up, and goes where the engine put it:
    its army or its response stack (shown there once it lands), or the discard pile."""
    cid = str(event.data["card"])
    to = event.data.get("to")

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        shown.apply([event])
        hand = layout.area("bot_hand").center
        centre = (layout.board.centerx, layout.board.centery)
        beat.add(_flight(card_image(cid, 0.6), hand, centre, 1.0 / 0.6))
        beat.add(Still(card_image(cid, 1.0), centre, 0.7), 0.28)
        image, scale = card_image(cid, 1.0), SMALL_SCALE * 1.3
        if to == "army":  # the shown army holds the card already: its slot is the last one
            target = layout.army_slot(len(shown.bot_army), len(shown.bot_army) - 1)
            fly(beat, stage.flights, "bot_army", image, centre, target, delay=1.0, end_scale=scale)
        elif to == "stack":
            target = layout.area("bot_response").center
            fly(beat, stage.flights, "bot_stack", image, centre, target, delay=1.0, end_scale=scale)
        else:
            beat.add(_flight(image, centre, _pile_centre(stage, "M", "discard"), scale), 1.0)
        stage.sound("card_slide")

    return Beat(start)


def on_bot_activation(stage: Stage, event: Event) -> Beat:
    """CK-R47/48: the Bot rolls a d6 against its army's strength."""
    face, strength = int(event.data["roll"]), int(event.data["strength"])
    attacks = bool(event.data["attacks"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        verdict = f"Army strength {strength}: " + ("the Bot attacks!" if attacks else "no attack")
        rows = [("Activation", [face], lambda v: v < strength)]
        beat.add(DiceRollAnim(rows, stage.layout.board.center, d6_face, title="The Bot's army rolls", verdict=verdict,
                              results=[f"{face} < {strength}" if attacks else f"{face} ≥ {strength}"]))  # fmt: skip
        stage.sound("die_roll")

    return Beat(start)


def on_bot_response(stage: Stage, event: Event) -> Beat:
    """CK-R52: the top card of the Bot's response stack joins the defence."""

    def start(beat: Beat) -> None:
        origin = stage.layout.area("bot_response").center
        stage.shown.apply([event])
        image = card_image(str(event.data["card"]), PILE_SCALE * 0.9)
        fly(beat, stage.flights, ("attack", "DEF"), image, origin, _attack_slot(stage, "DEF"),
            end_scale=SMALL_SCALE / (PILE_SCALE * 0.9))  # fmt: skip

    return Beat(start)


def on_incursion_roll(stage: Stage, event: Event) -> Beat:
    """CK-R16: one custom die for an Incursion."""
    face, hit = int(event.data["face"]), bool(event.data["hit"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        rows = [("Incursion", [face], lambda v: hit)]
        beat.add(DiceRollAnim(rows, stage.layout.board.center, shield_die_face,
                              title="A hit: a random card is lost" if hit else "No effect",
                              results=["hit" if hit else "no hit"]))  # fmt: skip
        stage.sound("die_roll")

    return Beat(start)


def on_callout(stage: Stage, event: Event) -> Beat:
    """A short line over the board for events that move nothing (window, truce, show hand...)."""

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        text = event.text_for(stage.shown.viewer, stage.names) if hasattr(event, "text_for") else event.text
        if len(text) > 70:
            text = text[:68] + "…"
        beat.add(Callout((stage.layout.board.centerx, stage.layout.board.y + 40), text, 1.0))

    return Beat(start)


def on_game_over(stage: Stage, event: Event) -> Beat:
    """The end: the winners, or the victory level in the games against the Bot (CK-R56)."""
    winners = [int(w) for w in event.data.get("winners", [])]
    reason = str(event.data.get("reason", ""))

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        if stage.shown.coop:
            title = reason.split(":")[0] if reason else "Game over"
        elif winners:
            title = " and ".join(stage.names[w] for w in winners) + (
                " wins!" if len(winners) == 1 else " share the win"
            )
        else:
            title = "Game over"
        beat.add(Banner(stage.layout.board, title, reason, 2.2))
        stage.sound("victory")

    return Beat(start)


HANDLERS: dict[str, Callable[[Stage, Event], Beat | list[Beat] | None]] = {
    "turn": on_turn,
    "announce": on_announce,
    "commit": on_placed,
    "respond": on_placed,
    "reveal": on_reveal,
    "use_garrison": on_garrisons,
    "bot_garrisons": on_garrisons,
    "combat": on_combat,
    "capture": on_capture,
    "garrison": on_garrison,
    "bonus": on_bonus,
    "pass": on_pass,
    "discard": on_hand_discard,
    "random_discard": on_hand_discard,
    "forced_discard": on_hand_discard,
    "incursion": on_hand_discard,
    "event": on_event_card,
    "bot_card": on_bot_card,
    "bot_activation": on_bot_activation,
    "bot_response": on_bot_response,
    "incursion_roll": on_incursion_roll,
    "truce": on_callout,
    "show_hand": on_callout,
    "seduction": on_callout,
    "mercenaries": on_callout,
    "bot_eliminated": on_callout,
    "overflow_lost": on_callout,
    "bot_idle": on_callout,
    "game_over": on_game_over,
}
RUNS: dict[tuple[str, ...], Callable[[Stage, Sequence[Event]], Beat | list[Beat] | None]] = {
    ("draw",): on_draws
}

CHOREOGRAPHY = Choreography[Stage](
    HANDLERS, runs=RUNS, unhandled=lambda stage, events: stage.shown.apply(events)
)
