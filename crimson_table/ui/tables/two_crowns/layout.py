"""Two Crowns table: what the cards look like, where everything sits, and which sprites show.

* Card art: one :class:`CardSpec` per card kind (TC-R1), rendered by the art package and cached
  per scale, angle and look (rotated for rest, desaturated when cancelled).
* :class:`TableLayout`: every rect of the 1600x900 table for the seat looking at it (own side at
  the bottom), recomputed when the log panel opens or closes.
* :func:`place_point`: where a card of the shown table (``shown.py``) is, for flights.
* :class:`Sprite`: one card on screen, face up only when the viewer may know it;
  :func:`build_sprites` lays out every card of the shown table, leaving out those in the air.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from crimson_table.engine.two_crowns.cards import BISHOP, CATAPULT, FEINT, GOLD, KIND, KNIGHT, VALUE, VASSAL
from crimson_table.ui.art.cards import CardSpec, card_size, desaturate, render_back, render_card
from crimson_table.ui.art.surface_cache import MB, surface_cache
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.tables.two_crowns.shown import Place, TwoCrownsShown
from crimson_table.ui.widgets import fonts

GAME_ID = "two_crowns"
MARGIN = 24
SIDE_W = 232
HAND_SCALE = 1.0
OPP_SCALE = 0.6
LANE_SCALE = 0.9
PILE_SCALE = 0.7
REST_SCALE = 0.6
ZOOM_SCALE = 2.5
CASTLE_SIZE = 150
DIE_SIZE = 64
MAX_SLOTS = 4  # TC-R9

Point = tuple[float, float]

# -- card art -------------------------------------------------------------------------------------

_EFFECTS: dict[str, tuple[str, str, str, str]] = {
    # kind: (emblem, effect icon, subtitle, effect text)  -- rule IDs from the supplement
    KNIGHT: ("knight", "battle", "", "Adds **{v}** to its group's attack total."),  # TC-R9/R15
    FEINT: (
        "feint",
        "battle",
        "Free",
        "If the other group has at least as many cards, its strongest Knight goes to rest.",  # TC-R13
    ),
    GOLD: ("coin", "cost", "", "Pays **{v}** gold for a Vassal, Bishop or Catapult at the reveal."),  # TC-R10
    VASSAL: ("vassal", "battle", "Cost 2", "Doubles your Knight total (needs a Knight)."),  # TC-R14
    BISHOP: (
        "bishop",
        "special",
        "Cost 3",
        "Takes the strongest opposing Knight into your hand.",  # TC-R12
    ),
    CATAPULT: (
        "catapult",
        "destruction",
        "Cost 4",
        "**10** damage to the opposing castle, win or lose.",  # TC-R11
    ),
}


@lru_cache(maxsize=32)
def spec_for(kind: str, value: int) -> CardSpec:
    """The face of a Two Crowns card kind (Knights show strength, Gold shows coins)."""
    emblem, icon, subtitle, text = _EFFECTS[kind]
    value_kind = "strength" if kind == KNIGHT else "gold" if kind == GOLD else None
    return CardSpec(
        GAME_ID,
        kind.capitalize(),
        value if value_kind else None,
        value_kind,
        emblem,
        icon,
        text.format(v=value),
        subtitle=subtitle,
    )


def card_spec(card: int) -> CardSpec:
    """The face of card ``card`` (a global card id)."""
    return spec_for(KIND[card], VALUE[card])


# A miss is a rotation of a cached face (about 1 ms): 4 MB keeps a table's cards at their fan
# angles (a trace of this cache over 20,000 monkey events: 183 renders at 4 MB, 107 unbounded; 8.3 MB for all).
@surface_cache(max_bytes=4 * MB)
def _image(spec: CardSpec | None, scale: float, angle: float, look: str) -> pygame.Surface:
    base = render_back(GAME_ID, scale) if spec is None else render_card(spec, scale)
    if look == "cancelled":
        base = _cancelled(desaturate(base))
    elif look == "hidden":
        base = _veiled(base)
    return pygame.transform.rotozoom(base, angle, 1.0) if angle else base


def card_image(card: int | None, scale: float, angle: float = 0.0, look: str = "") -> pygame.Surface:
    """A card face (or the back when ``card`` is None) at ``scale``, rotated by ``angle`` degrees."""
    spec = None if card is None else card_spec(card)
    return _image(spec, round(scale, 3), round(angle * 2) / 2, look)


def _cancelled(surface: pygame.Surface) -> pygame.Surface:
    out = surface.copy()
    w, h = out.get_size()
    width = max(3, w // 18)
    pygame.draw.line(out, (0xB0, 0x1E, 0x2E), (w * 0.18, h * 0.3), (w * 0.82, h * 0.7), width)
    pygame.draw.line(out, (0xB0, 0x1E, 0x2E), (w * 0.82, h * 0.3), (w * 0.18, h * 0.7), width)
    return out


def _veiled(surface: pygame.Surface) -> pygame.Surface:
    """Own cards laid face down: shown to their owner with a dark "face down" band."""
    out = surface.copy()
    w, h = out.get_size()
    band = pygame.Rect(0, h - 30, w, 24)
    veil = pygame.Surface(band.size, pygame.SRCALPHA)
    veil.fill((0x22, 0x20, 0x1C, 215))
    out.blit(veil, band)
    fonts.blit_text(out, "face down", 14, (0xEF, 0xE3, 0xC4), band.center, anchor="center", italic=True)
    return out


def card_px(scale: float) -> tuple[int, int]:
    """Pixel size of an upright card at ``scale``."""
    return card_size(scale)


# -- geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """Where one card sits: its centre and rotation."""

    centre: Point
    angle: float = 0.0


def fan(
    count: int, centre_x: float, top: float, width: float, scale: float, max_step: float, flip: bool = False
) -> list[Slot]:
    """A held hand: cards overlapping when many, tilted along a gentle arc (upside down if ``flip``)."""
    if count <= 0:
        return []
    w, h = card_px(scale)
    step = max_step if count == 1 else min(max_step, (width - w) / (count - 1))
    left = centre_x - (w + step * (count - 1)) / 2
    mid = (count - 1) / 2
    tilt = min(3.0, 18.0 / max(1, count))
    drop = 0.0 if count < 3 else min(2.5, 16.0 / max(1.0, mid * mid))
    slots = []
    for i in range(count):
        off = i - mid
        angle = -off * tilt
        dy = off * off * drop
        cy = top + h / 2 + (-dy if flip else dy)
        slots.append(Slot((left + w / 2 + i * step, cy), -angle if flip else angle))
    return slots


def rotated_contains(centre: Point, size: tuple[int, int], angle: float, pos: tuple[int, int]) -> bool:
    """True if ``pos`` falls on a ``size`` card centred at ``centre`` and rotated ``angle`` degrees."""
    dx, dy = pos[0] - centre[0], pos[1] - centre[1]
    rad = math.radians(angle)
    lx = dx * math.cos(rad) - dy * math.sin(rad)
    ly = dx * math.sin(rad) + dy * math.cos(rad)
    return abs(lx) <= size[0] / 2 and abs(ly) <= size[1] / 2


class TableLayout:
    """Every place on the table, for a table ``width`` wide, seen from seat ``viewer``."""

    def __init__(self, width: int, viewer: int) -> None:
        self.width = width
        self.viewer = viewer
        self.centre_x = width / 2
        right = width - MARGIN - SIDE_W
        self.left_col = pygame.Rect(MARGIN, 0, SIDE_W, 900)
        self.right_col = pygame.Rect(right, 0, SIDE_W, 900)
        self.battle = pygame.Rect(MARGIN + SIDE_W + 16, 180, right - 16 - (MARGIN + SIDE_W + 16), 460)
        self.hand_box = pygame.Rect(self.battle.x, 900 - MARGIN - 176, self.battle.width, 168)
        self.prompt = pygame.Rect(right, 180, SIDE_W, 176)
        self.buttons_top = self.prompt.bottom + 18

    def side(self, seat: int) -> int:
        """0 for the viewer's own side (bottom), 1 for the opponent (top)."""
        return 0 if seat == self.viewer else 1

    # castles, piles, rests --------------------------------------------------------------------
    def castle(self, seat: int) -> pygame.Rect:
        """The castle picture of ``seat``."""
        y = 900 - 10 - CASTLE_SIZE if self.side(seat) == 0 else 10
        return pygame.Rect(MARGIN - 6, y, CASTLE_SIZE, CASTLE_SIZE)

    def die(self, seat: int) -> pygame.Rect:
        """The castle d20 of ``seat``, beside its castle."""
        castle = self.castle(seat)
        return pygame.Rect(castle.right + 6, castle.y + 46, DIE_SIZE, DIE_SIZE)

    def name_pos(self, seat: int) -> tuple[int, int]:
        """Top-left of the seat's name tag."""
        castle = self.castle(seat)
        if self.side(seat) == 0:
            return (MARGIN, castle.y - 30)
        return (castle.right + 4, castle.y + 8)

    def deck(self, seat: int) -> pygame.Rect:
        """The seat's draw pile."""
        w, h = card_px(PILE_SCALE)
        y = self.hand_box.y if self.side(seat) == 0 else 12  # clear of the collapsed log's Menu button
        return pygame.Rect(self.right_col.x + 18, y, w, h)

    def discard(self, seat: int) -> pygame.Rect:
        """The seat's discard pile (click to browse)."""
        deck = self.deck(seat)
        return deck.move(deck.width + 28, 0)

    def rest_area(self, seat: int) -> pygame.Rect:
        """The seat's rest area (resting Knights lie rotated 90 degrees, TC-R4/R5)."""
        top = self.battle.y if self.side(seat) == 1 else self.battle.centery + 8
        return pygame.Rect(MARGIN, top, SIDE_W, self.battle.height // 2 - 8)

    def rest_slot(self, seat: int, index: int, count: int) -> Slot:
        """Resting card ``index`` of ``count``: a cascade inside the rest area."""
        area = self.rest_area(seat)
        w, h = card_px(REST_SCALE)  # upright size; drawn rotated (h wide, w tall)
        room_x, room_y = area.width - h - 16, area.height - 34 - w - 10
        step_x = min(34.0, room_x / max(1, count - 1))
        step_y = min(22.0, room_y / max(1, count - 1))
        x = area.x + 8 + h / 2 + index * step_x
        y = area.y + 34 + w / 2 + index * step_y
        return Slot((x, y), 90.0)

    def keep_clear(self) -> list[pygame.Rect]:
        """What a floating caption must not cover: each castle with its name and d20, the piles
        with their counts, the rest areas, both battle lanes and the prompt panel."""
        rects = [self.prompt]
        for seat in (0, 1):
            castle = self.castle(seat)
            name_y = self.name_pos(seat)[1]
            rects.append(
                pygame.Rect(MARGIN, min(castle.y, name_y), SIDE_W, castle.bottom - min(castle.y, name_y))
            )
            rects.append(self.deck(seat).union(self.discard(seat)).inflate(0, 4).move(0, 14))  # and counts
            rects += [self.rest_area(seat), self.lane(seat)]
        return rects

    # battle -------------------------------------------------------------------------------------
    def lane(self, seat: int) -> pygame.Rect:
        """The row of four battle slots of ``seat`` (opponent above, viewer below)."""
        w, h = card_px(LANE_SCALE)
        width = MAX_SLOTS * w + (MAX_SLOTS - 1) * 14
        y = self.battle.y + 14 if self.side(seat) == 1 else self.battle.bottom - 14 - h
        return pygame.Rect(round(self.battle.centerx - width / 2), y, width, h)

    def lane_slot(self, seat: int, index: int) -> pygame.Rect:
        """Battle slot ``index`` (0-3) of ``seat``."""
        w, h = card_px(LANE_SCALE)
        lane = self.lane(seat)
        return pygame.Rect(lane.x + index * (w + 14), lane.y, w, h)

    def strip(self) -> pygame.Rect:
        """The band between the two lanes: battle result, payments, prompts."""
        top = self.lane(1 - self.viewer).bottom
        return pygame.Rect(
            self.battle.x + 10, top + 6, self.battle.width - 20, self.lane(self.viewer).y - top - 12
        )

    def lane_label(self, seat: int) -> pygame.Rect:
        """Left of the lane: whose group it is and what it does."""
        lane = self.lane(seat)
        return pygame.Rect(self.battle.x + 14, lane.y, lane.x - self.battle.x - 28, lane.height)

    def pay_slot(self, seat: int) -> pygame.Rect:
        """Right of the paying seat's lane: where Gold is laid to pay for a special (TC-R10)."""
        lane = self.lane(seat)
        w, h = card_px(LANE_SCALE)
        return pygame.Rect(lane.right + (self.battle.right - lane.right - w) // 2, lane.y, w, h)

    def drawn_slot(self, seat: int, index: int, count: int) -> pygame.Rect:
        """A card of a precise draw (TC-R8), shown in the drawer's lane while they choose."""
        first = 1 if count <= 2 else 0
        return self.lane_slot(seat, first + index)

    # hands ----------------------------------------------------------------------------------------
    def hand(self, count: int) -> list[Slot]:
        """The viewer's hand, fanned along the bottom."""
        box = self.hand_box
        return fan(count, box.centerx, box.y, box.width, HAND_SCALE, 128.0)

    def opp_hand(self, count: int, face_up: bool = False) -> list[Slot]:
        """The opponent's hand, face down along the top (all hands open: face up, spread to read)."""
        box_w = self.battle.width - 120
        step = card_px(OPP_SCALE)[0] + 6.0 if face_up else 44.0
        return fan(count, self.centre_x, 64, box_w, OPP_SCALE, step, flip=True)

    def hand_zone(self) -> pygame.Rect:
        """Drop target for keeping a drawn card (TC-R8): the hand area."""
        return self.hand_box.inflate(0, 8)


# -- places of the shown table ---------------------------------------------------------------------


def centre(rect: pygame.Rect) -> Point:
    """The centre of ``rect`` as a float point."""
    return (float(rect.centerx), float(rect.centery))


def hand_point(layout: TableLayout, shown: TwoCrownsShown, seat: int, index: int) -> tuple[Point, float]:
    """Centre and scale of hand card ``index`` of ``seat`` in its current fan (the deck if empty)."""
    count = shown.count_in("hand", seat)
    mine = seat == layout.viewer
    slots = layout.hand(count) if mine else layout.opp_hand(count, shown.open_hand is not None)
    scale = HAND_SCALE if mine else OPP_SCALE
    if not slots:
        return centre(layout.deck(seat)), scale
    return slots[max(0, min(index, len(slots) - 1))].centre, scale


def pay_card_rect(
    layout: TableLayout, shown: TwoCrownsShown, index: int, seat: int | None = None
) -> pygame.Rect:
    """Where Gold card ``index`` offered for the special being paid lies (TC-R10)."""
    payer = seat if seat is not None else shown.paying_seat
    payer = payer if payer is not None else layout.viewer
    return layout.pay_slot(payer).move(index * 6, index * 4)


def place_point(layout: TableLayout, shown: TwoCrownsShown, place: Place) -> tuple[Point, float]:
    """Centre and scale of a card at ``place`` of the shown table."""
    zone, seat, index = place
    if zone == "hand":
        return hand_point(layout, shown, seat, index)
    if zone == "lane":
        return centre(layout.lane_slot(seat, index)), LANE_SCALE
    if zone == "pay":
        return centre(pay_card_rect(layout, shown, index)), LANE_SCALE
    if zone == "drawn":
        count = max(shown.count_in("drawn", seat), index + 1)
        return centre(layout.drawn_slot(seat, index, count)), LANE_SCALE
    if zone == "rest":
        count = max(len(shown.rests[seat]), index + 1)
        return layout.rest_slot(seat, index, count).centre, LANE_SCALE * 0.75
    if zone == "discard":
        return centre(layout.discard(seat)), PILE_SCALE
    return centre(layout.deck(seat)), PILE_SCALE


# -- sprites --------------------------------------------------------------------------------------


@dataclass
class Sprite:
    """One card on screen.  ``card`` is None (and ``face_up`` False) when the viewer may not know it."""

    key: tuple[Any, ...]
    card: int | None
    face_up: bool
    centre: Point
    scale: float
    angle: float = 0.0
    look: str = ""
    draggable: bool = False

    @property
    def image(self) -> pygame.Surface:
        """The picture to blit (cached by the art package and here)."""
        return card_image(self.card if self.face_up else None, self.scale, self.angle, self.look)

    @property
    def rect(self) -> pygame.Rect:
        """Bounding rect of the (possibly rotated) picture."""
        return self.image.get_rect(center=(round(self.centre[0]), round(self.centre[1])))

    @property
    def upright_rect(self) -> pygame.Rect:
        """The card's own rect before rotation (its home when dragged)."""
        w, h = card_px(self.scale)
        return pygame.Rect(round(self.centre[0] - w / 2), round(self.centre[1] - h / 2), w, h)

    def contains(self, pos: tuple[int, int]) -> bool:
        """Hit test that follows the card's rotation."""
        return rotated_contains(self.centre, card_px(self.scale), self.angle, pos)

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the card."""
        surface.blit(self.image, self.rect)


def build_sprites(
    layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, lifted: Callable[[tuple[Any, ...]], bool]
) -> list[Sprite]:
    """Every card the table draws, bottom first; cards in the air or ``lifted`` (dragged) are left out."""
    return list(_sprites(layout, shown, flights, lifted))


def _sprites(
    layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, lifted: Callable[[tuple[Any, ...]], bool]
) -> Iterator[Sprite]:
    me = layout.viewer
    other = 1 - me
    for seat in (other, me):
        yield from _pile_sprites(layout, shown, flights, seat)
        yield from _rest_sprites(layout, shown, flights, seat)
        yield from _lane_sprites(layout, shown, flights, seat)
    yield from _middle_sprites(layout, shown, flights, lifted)
    opened = shown.open_hand if shown.open_hand and len(shown.open_hand) == shown.hand_counts[other] else None
    for i, slot in enumerate(layout.opp_hand(shown.hand_counts[other], opened is not None)):
        if not flights.arriving(("hand", other), i, shown.hand_counts[other]):
            card = opened[i] if opened else None  # all hands open: face up where the backs lie
            yield Sprite(("opp_hand", i), card, card is not None, slot.centre, OPP_SCALE, slot.angle)
    if shown.blind:  # a spectator: the seat at the bottom holds its hand face down
        count = shown.hand_counts[me]
        for i, slot in enumerate(layout.hand(count)):
            if not flights.arriving(("hand", me), i, count):
                yield Sprite(("hand_back", i), None, False, slot.centre, HAND_SCALE, slot.angle)
    for i, slot in enumerate(layout.hand(len(shown.hand))):
        key = ("hand", shown.hand[i])
        if not flights.arriving(("hand", me), i, len(shown.hand)) and not lifted(key):
            yield Sprite(key, shown.hand[i], True, slot.centre, HAND_SCALE, slot.angle, draggable=True)


def _pile_sprites(
    layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, seat: int
) -> Iterator[Sprite]:
    pile = shown.discards[seat]
    visible = len(pile) - flights.incoming(("discard", seat))
    if visible > 0:
        yield Sprite(("discard", seat), pile[visible - 1], True, centre(layout.discard(seat)), PILE_SCALE)


def _rest_sprites(
    layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, seat: int
) -> Iterator[Sprite]:
    rest = shown.rests[seat]
    for i, card in enumerate(rest):
        if not flights.arriving(("rest", seat), i, len(rest)):
            slot = layout.rest_slot(seat, i, len(rest))
            yield Sprite(("rest", seat, card), card, True, slot.centre, REST_SCALE, slot.angle)


def _lane_sprites(
    layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, seat: int
) -> Iterator[Sprite]:
    lane = shown.lanes[seat]
    for i, card in enumerate(lane):
        gone = (seat, i) in shown.left or ("lane", seat, i) in flights.hidden
        if gone or flights.arriving(("lane", seat), i, len(lane)):
            continue
        look = "cancelled" if card in shown.cancelled else ""
        if card is not None and seat == layout.viewer and shown.face_down[seat] and not shown.revealed:
            look = "hidden"
        rect = layout.lane_slot(seat, i)
        yield Sprite(("lane", seat, i), card, card is not None, centre(rect), LANE_SCALE, look=look)


def _middle_sprites(
    layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, lifted: Callable[[tuple[Any, ...]], bool]
) -> Iterator[Sprite]:
    for i, card in enumerate(shown.paying):
        if not flights.arriving(("pay", 0), i, len(shown.paying)):
            yield Sprite(("pay", card), card, True, centre(pay_card_rect(layout, shown, i)), LANE_SCALE)
    seat = shown.drawn_seat
    if seat is None:
        return
    for i, drawn in enumerate(shown.drawn):
        known = drawn is not None and seat == layout.viewer
        key = ("drawn", drawn) if known else ("opp_drawn", i)
        if not flights.arriving(("drawn", seat), i, len(shown.drawn)) and not lifted(key):
            rect = layout.drawn_slot(seat, i, len(shown.drawn))
            yield Sprite(key, drawn if known else None, known, centre(rect), LANE_SCALE, draggable=known)
