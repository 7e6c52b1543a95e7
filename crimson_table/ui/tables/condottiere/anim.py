"""Condottiere's choreography (``tables/choreography.py``): event kind -> handler -> the beats showing it.

A beat's start moves the shown table (``shown.py``) and launches the pieces that move: cards fly
from hands into lines and from lines to the discard pile, the Condottiere token and the Favor of
the Pope travel between the map and the seats, control markers drop onto regions, and banners
announce battles, results, round ends, redeals and the victory.  A piece that is still flying is
not drawn at its destination until it lands (the stage's in-flight marks).  With animations off
every beat ends the moment it is added, so the shown table is updated at once.

Handlers receive the :class:`Stage` (shown model, layout, map, in-flight marks, seat names, sound)
and REDACTED events: a seat that may not see a card was given only the event's ``public`` data
(who, how many), so nothing here decides what is hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from crimson_table.engine.condottiere.cards import BISHOP, STAYING, thresholds
from crimson_table.engine.core import Event
from crimson_table.ui.tables.choreography import Choreography
from crimson_table.ui.tables.condottiere.layout import HAND_SCALE, PILE_SCALE, Layout, Point, card_image
from crimson_table.ui.tables.condottiere.map_view import (
    MARKER_SIZE,
    TOKEN_SIZE,
    MapView,
    condottiere_token,
    pope_token,
)
from crimson_table.ui.tables.condottiere.shown import CondottiereShown
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import badge
from crimson_table.ui.widgets.anim import Anim, Beat, CardFlight, ease_out_cubic, lerp
from crimson_table.ui.widgets.callouts import Banner, Callout
from crimson_table.ui.widgets.theme import GOLD

HOLD = 0.35
STAGGER = 0.06
BANNER_SECONDS = 1.3
SHORT_BANNER = 0.8
TOKEN = "token"  # in-flight key: the Condottiere token is in the air
POPE = "pope"  # in-flight key: the Favor of the Pope is in the air
DISCARD = "discard"  # in-flight zone: cards on their way to the discard pile


class Still(Anim):
    """An image resting at a point for a moment (a one-shot card shown before it is discarded)."""

    def __init__(self, image: pygame.Surface, centre: Point, duration: float = HOLD) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The image, with a gold outline so it reads as 'resolving'."""
        rect = self.image.get_rect(center=(round(self.centre[0]), round(self.centre[1])))
        surface.blit(self.image, rect)
        pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 3, border_radius=8)


class Drop(Anim):
    """A piece falling onto the map from above, shrinking as it lands (a control marker)."""

    def __init__(self, image: pygame.Surface, centre: Point, duration: float = 0.45) -> None:
        super().__init__(duration)
        self.image, self.centre = image, centre

    def draw(self, surface: pygame.Surface) -> None:
        """The piece on its way down, with its shadow growing on the ground."""
        t = ease_out_cubic(self.progress)
        factor = lerp(2.6, 1.0, t)
        size = max(4, round(self.image.get_width() * factor))
        image = pygame.transform.smoothscale(self.image, (size, size))
        x, y = self.centre[0], self.centre[1] - lerp(90, 0, t)
        shadow = pygame.Surface((size, size // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, round(40 + 80 * t)), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(round(self.centre[0]), round(self.centre[1] + 10))))
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


@dataclass
class Stage:
    """What the beats draw on: never the scene."""

    shown: CondottiereShown
    layout: Layout
    map_view: MapView
    flights: InFlight
    names: tuple[str, ...]
    table_area: pygame.Rect
    sound: Callable[[str], object] = lambda name: None
    drop_origin: tuple[str, tuple[int, int]] | None = None  # where the viewer let a played card go
    resolving: list[tuple[str, Point]] = field(default_factory=list)  # a Bishop waiting for its effect


Beats = Beat | list[Beat] | None


# -- helpers ----------------------------------------------------------------------------------------------


def _fly(
    beat: Beat, image: pygame.Surface, start: Point, end: Point, land: Callable[[], None] | None = None,
    delay: float = 0.0, end_scale: float = 1.0,
) -> None:  # fmt: skip
    beat.add(CardFlight(image, start, end, on_done=land, end_scale=end_scale), delay)


def _line_centre(stage: Stage, seat: int, index: int) -> Point:
    slots = stage.layout.line_slots(seat, len(stage.shown.lines[seat]))
    return slots[index].center if 0 <= index < len(slots) else stage.layout.line_area(seat).center


def _latest(line: list[str], card: str) -> int:
    return len(line) - 1 - line[::-1].index(card) if card in line else -1


def _hand_source(stage: Stage, seat: int, card: str | None) -> tuple[Point, float]:
    """Where a card leaves a hand from, and its scale there."""
    layout, shown = stage.layout, stage.shown
    if seat == shown.viewer and card is not None and card in shown.hand:
        slots = layout.hand_slots(len(shown.hand))
        return slots[shown.hand.index(card)].center, HAND_SCALE
    return layout.hand_spot(seat), 0.3


def _to_discard(
    stage: Stage, beat: Beat, card: str, start: Point, scale: float, delay: float = 0.0,
    land: Callable[[], None] | None = None,
) -> None:  # fmt: skip
    """A card flies to the discard pile; ``land`` (default: one expected arrival there) when it lands."""
    arrive = land or (lambda: stage.flights.landed(DISCARD))
    _fly(
        beat,
        card_image(card, scale),
        start,
        stage.layout.discard_pile.center,
        arrive,
        delay,
        PILE_SCALE / scale,
    )


def _callout_anchor(stage: Stage) -> Point:
    return (stage.layout.panel.centerx, stage.layout.header.bottom + 24)


def _showing(make: Callable[[], Anim]) -> Beat:
    """A beat that only shows one piece (a banner, a callout) made when it starts."""

    def start(beat: Beat) -> None:
        beat.add(make())

    return Beat(start)


# -- the handlers -------------------------------------------------------------------------------------------


def on_choose_region(stage: Stage, event: Event) -> Beat:
    """The Condottiere token flies from its holder to the region; a banner names the battle (CO-R11)."""
    seat, key = int(event.data["seat"]), str(event.data["region"])

    def start(beat: Beat) -> None:
        show = stage.flights.hide(TOKEN)

        def land() -> None:
            stage.shown.apply([event])
            show()

        _fly(
            beat,
            condottiere_token(TOKEN_SIZE),
            stage.layout.token_home(seat),
            stage.map_view.token_spot(key),
            land,
        )
        title = f"Battle for {stage.map_view.title(key)}"
        beat.add(
            Banner(stage.layout.panel, title, f"{stage.names[seat]} sends the Condottiere", SHORT_BANNER), 0.2
        )

    return Beat(start)


def on_play_card(stage: Stage, event: Event) -> Beat:
    """The card flies from the hand into the line; a one-shot card rests there, then is discarded."""
    seat, card = int(event.data["seat"]), str(event.data["card"])

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origin, scale = _hand_source(stage, seat, card)
        dropped = stage.drop_origin
        if seat == shown.viewer and dropped is not None and dropped[0] == card:
            origin = (dropped[1][0], dropped[1][1])  # the card flies on from where it was let go
        stage.drop_origin = None
        shown.take_from_hand(seat, card)
        target = layout.next_slot(seat, len(shown.lines[seat])).center
        image = card_image(card, scale)
        end_scale = layout.line_scale / scale
        stage.sound("card_slide")
        if card in STAYING:  # CO-R6

            def land() -> None:
                shown.land_in_line(seat, card)
                stage.sound("card_place")

            _fly(beat, image, origin, target, land, end_scale=end_scale)
            return
        _fly(beat, image, origin, target, end_scale=end_scale)
        beat.add(Still(card_image(card, layout.line_scale), target), 0.26)
        if card == BISHOP:  # CO-R27: it goes to the pile with the Mercenaries it discards
            stage.resolving.append((card, target))
            return
        _to_discard(
            stage, beat, card, target, layout.line_scale, 0.26 + HOLD, lambda: shown.land_in_line(seat, card)
        )

    return Beat(start)


def on_effect(stage: Stage, event: Event) -> list[Beat]:
    """A card's effect on the table, then a short line saying what it did."""
    effect = str(event.data.get("effect", ""))
    beats: list[Beat] = []
    show = _EFFECT_BEATS.get(effect)
    if show is not None:
        beats.append(show(stage, event))
    else:  # a Drummer's announcement, a Surrender, a reshuffle: only the model moves
        beats.append(Beat(lambda beat: stage.shown.apply([event])))
    text = _callout_text(stage, event)
    if text:
        beats.append(_showing(lambda: Callout(_callout_anchor(stage), text)))
    return beats


def _callout_text(stage: Stage, event: Event) -> str:
    data, effect = event.data, str(event.data.get("effect", ""))
    if effect == "bishop":
        top = int(data.get("top") or 0)
        return (
            f"Bishop: every {top} is discarded" if data.get("discarded") else "Bishop: no Mercenary in play"
        )
    if effect == "surrender":
        return f"{stage.names[int(data['seat'])]} surrenders the battle: it ends now"
    if effect == "drummer":
        return f"Drummer: {stage.names[int(data['seat'])]}'s Mercenaries count double"
    return {"winter": "Winter discards every Spring", "spring": "Spring discards every Winter"}.get(
        effect, ""
    )


def _discard_from_lines(stage: Stage, event: Event) -> Beat:
    """Winter, Spring, Bishop: the cards they discard fly from the lines to the pile (CO-R24/25/27)."""
    gone = [(int(owner), str(card)) for owner, card in event.data.get("discarded", [])]

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origins = []
        lines = [line[:] for line in shown.lines]
        for owner, card in gone:
            slots = layout.line_slots(owner, len(lines[owner]))
            index = _latest(lines[owner], card)
            origins.append(slots[index].center if index >= 0 else layout.line_area(owner).center)
            if index >= 0:
                del lines[owner][index]
        shown.apply([event])
        stage.flights.expect(DISCARD, len(gone))
        for i, ((_, card), origin) in enumerate(zip(gone, origins, strict=True)):
            _to_discard(stage, beat, card, origin, layout.line_scale, i * STAGGER)
        for card, point in stage.resolving:  # the Bishop itself, last onto the pile
            stage.flights.expect(DISCARD)
            _to_discard(stage, beat, card, point, layout.line_scale, len(gone) * STAGGER)
        stage.resolving.clear()

    return Beat(start)


def _scarecrow(stage: Stage, event: Event) -> Beat:
    """CO-R29: the Mercenary taken back flies from the line to its owner's hand."""
    seat, card = int(event.data["seat"]), event.data.get("card")

    def start(beat: Beat) -> None:
        if card is None:
            return
        shown, layout = stage.shown, stage.layout
        origin = _line_centre(stage, seat, _latest(shown.lines[seat], str(card)))
        shown.take_from_line(seat, str(card))
        mine = seat == shown.viewer
        target = layout.hand_rect.center if mine else layout.hand_spot(seat)
        scale = layout.line_scale

        def land() -> None:
            shown.give_to_hand(seat, [str(card)], 1)

        end_scale = (HAND_SCALE if mine else 0.3) / scale
        _fly(beat, card_image(str(card), scale), origin, target, land, end_scale=end_scale)

    return Beat(start)


def _hand_to_discard(stage: Stage, event: Event) -> Beat:
    """A dismissed hand (CO-R17) or the cards not kept (CO-R42) fly to the pile, face up."""
    seat = int(event.data["seat"])
    cards = [str(c) for c in event.data.get("cards", event.data.get("discarded", []))]

    def start(beat: Beat) -> None:
        origins = [_hand_source(stage, seat, card) for card in cards]
        stage.shown.apply([event])
        stage.flights.expect(DISCARD, len(cards))
        for i, (card, (origin, scale)) in enumerate(zip(cards, origins, strict=True)):
            _to_discard(stage, beat, card, origin, scale, i * STAGGER)

    return Beat(start)


_EFFECT_BEATS: dict[str, Callable[[Stage, Event], Beat]] = {
    "winter": _discard_from_lines,
    "spring": _discard_from_lines,
    "bishop": _discard_from_lines,
    "scarecrow": _scarecrow,
    "dismiss": _hand_to_discard,
    "keep": _hand_to_discard,
}


def on_keep(stage: Stage, event: Event) -> Beat:
    """CO-R42: a card set aside (its face only for the keeper)."""
    return Beat(lambda beat: stage.shown.apply([event]), 0.15)


def on_pass(stage: Stage, event: Event) -> Beat:
    """CO-R14: the seat's row greys out."""
    seat = int(event.data["seat"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        head = stage.layout.head(seat)
        beat.add(Callout((head.centerx, head.centery), "Passes", 0.5))

    return Beat(start)


def on_pope_favor(stage: Stage, event: Event) -> Beat:
    """CO-R28/CO-R52: the Favor of the Pope flies to its region (or off the board)."""
    seat, origin_key, target_key = event.data.get("seat"), event.data.get("from"), event.data.get("region")

    def start(beat: Beat) -> None:
        layout, map_view = stage.layout, stage.map_view
        origin = map_view.pope_spot(str(origin_key)) if origin_key else layout.token_home(int(seat or 0))
        target = map_view.pope_spot(str(target_key)) if target_key else layout.pope_off_spot()
        show = stage.flights.hide(POPE)

        def land() -> None:
            stage.shown.apply([event])
            show()

        _fly(beat, pope_token(TOKEN_SIZE), origin, target, land)

    return Beat(start, 0.1)


def on_battle_result(stage: Stage, event: Event) -> Beat:
    """CO-R35/CO-R36: the engine's strengths stay up and a banner names the winner."""
    winner, key = event.data.get("winner"), str(event.data["region"])

    def start(beat: Beat) -> None:
        stage.shown.apply([event])
        title = stage.map_view.title(key)
        values = sorted((int(v) for v in event.data["strengths"]), reverse=True)
        if winner is None:
            text, sub = f"{title}: a tie", f"Nobody takes {title} ({values[0]} all)"
        else:
            text = f"{stage.names[int(winner)]} wins {title}"
            sub = f"{values[0]} against {values[1]}" if len(values) > 1 else ""
        beat.add(Banner(stage.table_area, text, sub))

    return Beat(start)


def on_region_won(stage: Stage, event: Event) -> Beat:
    """The winner's control marker drops onto the region."""
    seat, key = int(event.data["seat"]), str(event.data["region"])

    def start(beat: Beat) -> None:
        def land() -> None:
            stage.shown.apply([event])
            stage.sound("card_place")

        beat.add(Drop(badge.player_badge(seat, MARKER_SIZE), stage.map_view.marker_spot(key)))
        beat.children[-1][1].on_done = land

    return Beat(start)


def on_token(stage: Stage, event: Event) -> Beat:
    """CO-R37: the token flies to its new holder; CO-R35 step 5: every line goes to the pile."""
    seat = int(event.data["seat"])

    def start(beat: Beat) -> None:
        shown, layout = stage.shown, stage.layout
        origin = stage.map_view.token_spot(shown.region) if shown.region else layout.token_home(shown.holder)
        flights = [
            (card, _line_centre(stage, owner, index), 0.3 + index * 0.03)
            for owner, line in enumerate(shown.lines)
            for index, card in enumerate(line)
        ]
        shown.apply([event])
        _fly(beat, condottiere_token(TOKEN_SIZE), origin, layout.token_home(seat), stage.flights.hide(TOKEN))
        stage.flights.expect(DISCARD, len(flights))
        for card, point, delay in flights:
            _to_discard(stage, beat, card, point, layout.line_scale, delay)

    return Beat(start)


def on_round_end(stage: Stage, event: Event) -> Beat:
    """CO-R41: a banner says who may keep cards."""
    keeper, count = event.data.get("keeper"), int(event.data.get("cards", 0))
    if keeper is None:
        sub = "Nobody has cards left"
    elif count == 1:
        sub = f"{stage.names[int(keeper)]} may keep the last card"
    else:
        sub = f"{stage.names[int(keeper)]} may keep 2 of {count} cards"  # CO-R42
    return _showing(lambda: Banner(stage.table_area, f"Round {stage.shown.round} ends", sub))


def on_deals(stage: Stage, deals: Sequence[Event]) -> Beat:
    """CO-R43/CO-R44: the new round's cards fly face down from the draw pile to every seat."""
    counts = [int(e.data["count"]) for e in deals]
    same = len(set(counts)) == 1
    sub = f"{counts[0]} cards each" if same else "10 cards each, +1 per region held"

    def start(beat: Beat) -> None:
        stage.shown.start_round(int(deals[0].data.get("round", stage.shown.round + 1)))
        beat.add(Banner(stage.table_area, f"New round: {sub}" if same else "New round", "" if same else sub))
        back = card_image(None, 0.5)
        for i, event in enumerate(deals):
            _deal_one(stage, beat, event, back, 0.3 + i * 0.12)

    return Beat(start)


def _deal_one(stage: Stage, beat: Beat, event: Event, back: pygame.Surface, delay: float) -> None:
    shown, layout = stage.shown, stage.layout
    seat, count = int(event.data["seat"]), int(event.data["count"])
    target = layout.hand_rect.center if seat == shown.viewer else layout.hand_spot(seat)
    flights = min(count, 3)

    def land() -> None:
        shown.apply([event])

    for k in range(flights):
        done = land if k == flights - 1 else None
        _fly(beat, back, layout.draw_pile.center, target, done, delay + k * STAGGER, 0.6)
    if not flights:
        land()


def victory_reason(reason: str, players: int) -> str:
    """A short subtitle for the victory banner (CO-R48, CO-R52, CO-R53)."""
    total, connected = thresholds(players)
    if "total" in reason:
        return f"{total} regions held"
    if "connected" in reason:
        return f"{connected} connected regions"
    return "most regions held" if reason else ""


def on_game_over(stage: Stage, event: Event) -> Beat:
    """The victory banner."""
    winners = [int(w) for w in event.data.get("winners", [])]
    names = " and ".join(stage.names[w] for w in winners)
    title = f"{names} wins the game!" if len(winners) == 1 else f"{names} share the win"
    reason = victory_reason(str(event.data.get("reason", "")), stage.shown.players)
    return _showing(lambda: Banner(stage.table_area, title, reason, 2.2))


HANDLERS: dict[str, Callable[[Stage, Event], Beats]] = {
    "choose_region": on_choose_region,
    "play_card": on_play_card,
    "effect": on_effect,
    "keep": on_keep,
    "pass": on_pass,
    "pope_favor": on_pope_favor,
    "battle_result": on_battle_result,
    "region_won": on_region_won,
    "token": on_token,
    "round_end": on_round_end,
    "game_over": on_game_over,
}
RUNS: dict[tuple[str, ...], Callable[[Stage, Sequence[Event]], Beats]] = {("deal",): on_deals}


CHOREOGRAPHY = Choreography[Stage](
    HANDLERS, runs=RUNS, unhandled=lambda stage, events: stage.shown.apply(events)
)
