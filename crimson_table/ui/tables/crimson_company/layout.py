"""Crimson Company table: geometry and card faces.

The table is laid out for a 1280 x 900 area (the 1600 x 900 screen less the log panel), shifted
right by ``ox`` when the log is collapsed.  The viewer's side of every lane is at the bottom and
the opponent's at the top; lanes run 1-2-3 left to right for both seats, so the numbers do not
reverse when two players share the screen (the supplement's section 0 seats P2 across the table,
seeing L2 L1 L0; on one screen we keep one order and label every lane).  A side is a column ordered from the castle
outwards, cascading when it holds more cards than fit.

Every rectangle is computed from the table as shown (:class:`~.shown.CCShown`), never from the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from crimson_table.engine.crimson_company.cards import CARDS, INDEX, NONE
from crimson_table.ui.art.cards import CARD_H, CARD_W, CardSpec
from crimson_table.ui.tables.crimson_company.shown import CCShown, ShownCard

GAME_ID = "crimson_company"
BASE_WIDTH = 1280

# Lanes (three columns in the middle) and the castle row between the two sides.
LANE_X0, LANE_W, LANE_GAP = 424, 150, 16
CASTLE_TOP, CASTLE_BOTTOM = 412, 488
TOP_AREA = (8, 404)  # the opponent's sides: y range
BOTTOM_AREA = (496, 892)  # the viewer's sides
CARD_STEP = CARD_H + 8  # spacing when a side has room for whole cards

# Market (left column).
OFFER_SLOTS = ((24, 272), (156, 272), (24, 452), (156, 452))
DECK_POS = (288, 272)
SUPPLY_RECT = (288, 478, 120, 142)
DISCARD_POS = (24, 664)
SCOREBOARD_RECT = (24, 16, 384, 206)

# Players (right column): opponent at the top, viewer at the bottom, the action panel between.
RIGHT_X = 922
RIGHT_W = 334
WAITING_TOP_Y, WAITING_BOTTOM_Y = 60, 672
PURSE_X, PURSE_W = 1186, 70
NAME_TOP_Y, NAME_BOTTOM_Y = 12, 848
ACTION_RECT = (922, 240, 334, 420)

ZOOM = 2.5

EMBLEMS: dict[str, str] = {
    "alchemist": "potion",
    "banshee": "undead",
    "berserker": "axe",
    "blood_priest": "bishop",
    "bully": "mercenary",
    "changeling": "feint",
    "clumsy_ogre": "ogre",
    "demon": "demon",
    "dodgy_dealer": "coin",
    "fairy": "fairy",
    "fanatic": "cross",
    "fortune_teller": "generic",
    "griffin_rider": "griffin",
    "haggler": "scroll",
    "illusionist": "twin_crowns",
    "ironclad_knight": "knight",
    "martyr": "heroine",
    "monk": "monk",
    "outrider": "vassal",
    "pikeman": "sword",
    "plague_doctor": "scarecrow",
    "quartermaster": "shield",
    "sellsword": "crossed_swords",
    "siren": "courtesan",
    "slinger": "catapult",
    "standard_bearer": "banner",
    "stone_giant": "tower",
    "summoner": "winter",
    "undead": "skull",
    "war_drummer": "drummer",
}


def card_spec(card_id: str) -> CardSpec:
    """The face of a sellsword: name, strength shield, emblem, effect-type icon and text."""
    card = CARDS[INDEX[card_id]]
    has_effect = card.kind != NONE
    return CardSpec(
        game_id=GAME_ID,
        title=card.name,
        value=card.strength,
        value_kind="strength",
        emblem=EMBLEMS.get(card_id, "generic"),
        effect_icon=card.kind if has_effect else None,
        text=card.text if has_effect else "",
    )


def card_name(card_id: str) -> str:
    """Display name of a card id."""
    return CARDS[INDEX[card_id]].name


def card_text(card_id: str) -> str:
    """Effect text of a card id ("" for the plain soldiers)."""
    card = CARDS[INDEX[card_id]]
    return card.text if card.kind != NONE else ""


@dataclass
class CardSlot:
    """Where one card is drawn: its full rect, the part not covered by other cards, and its zone."""

    card: str
    rect: pygame.Rect
    visible: pygame.Rect
    face_up: bool
    where: str  # "lane", "offer", "deck", "waiting", "discard"
    seat: int = -1
    lane: int = -1
    index: int = -1


class Geometry:
    """Every rectangle of the table for one viewer, shifted right by ``ox``."""

    def __init__(self, viewer: int, first: int, ox: int = 0) -> None:
        self.viewer = viewer
        self.first = first
        self.ox = ox

    def r(self, x: int, y: int, w: int, h: int) -> pygame.Rect:
        """A rect of the 1280-wide design, shifted by ``ox``."""
        return pygame.Rect(x + self.ox, y, w, h)

    # -- lanes ---------------------------------------------------------------------------------
    @property
    def lane_order(self) -> tuple[int, int, int]:
        """Lanes left to right: 1-2-3 for every seat, so the numbers stay put when the screen passes
        between two players (the engine still scores them in each seat's own order, CC-R17)."""
        return (0, 1, 2)

    def lane_x(self, lane: int) -> int:
        """Left edge of a lane's column."""
        return self.ox + LANE_X0 + self.lane_order.index(lane) * (LANE_W + LANE_GAP)

    def lane_rect(self, lane: int) -> pygame.Rect:
        """The whole column of a lane (both sides and the castle): the drop zone of a lane."""
        return pygame.Rect(self.lane_x(lane), TOP_AREA[0], LANE_W, BOTTOM_AREA[1] - TOP_AREA[0])

    def side_rect(self, lane: int, seat: int) -> pygame.Rect:
        """One side of a lane: the viewer's below the castle, the opponent's above."""
        top, bottom = BOTTOM_AREA if seat == self.viewer else TOP_AREA
        return pygame.Rect(self.lane_x(lane), top, LANE_W, bottom - top)

    def castle_rect(self, lane: int) -> pygame.Rect:
        """The castle row cell of a lane."""
        return pygame.Rect(self.lane_x(lane), CASTLE_TOP, LANE_W, CASTLE_BOTTOM - CASTLE_TOP)

    def lane_cards(self, lane: int, seat: int, cards: list[ShownCard]) -> list[CardSlot]:
        """Slots of one side in draw order (covered cards first)."""
        side = self.side_rect(lane, seat)
        count = len(cards)
        step = CARD_STEP if count < 2 else min(CARD_STEP, (side.height - CARD_H) / (count - 1))
        x = side.x + (LANE_W - CARD_W) // 2
        slots = []
        for i, entry in enumerate(cards):
            if seat == self.viewer:
                y = side.y + round(i * step)
            else:
                y = side.bottom - CARD_H - round(i * step)
            rect = pygame.Rect(x, y, CARD_W, CARD_H)
            covered = i < count - 1 if seat == self.viewer else i > 0
            visible = pygame.Rect(x, y, CARD_W, max(12, round(step))) if covered else rect.copy()
            slots.append(CardSlot(entry.card, rect, visible, entry.face_up, "lane", seat, lane, i))
        # The viewer's side draws outwards (later cards over earlier ones); the opponent's side
        # draws from the far end inwards, so each covered card still shows its name bar.
        return slots if seat == self.viewer else slots[::-1]

    # -- market ----------------------------------------------------------------------------------
    def offer_rect(self, slot: int) -> pygame.Rect:
        """Offer position ``slot`` (0-3)."""
        x, y = OFFER_SLOTS[min(slot, len(OFFER_SLOTS) - 1)]
        return self.r(x, y, CARD_W, CARD_H)

    @property
    def deck_rect(self) -> pygame.Rect:
        """The face-up deck."""
        return self.r(DECK_POS[0], DECK_POS[1], CARD_W, CARD_H)

    @property
    def supply_rect(self) -> pygame.Rect:
        """The coin supply."""
        return self.r(*SUPPLY_RECT)

    @property
    def discard_rect(self) -> pygame.Rect:
        """The discard pile (click to browse)."""
        return self.r(DISCARD_POS[0], DISCARD_POS[1], CARD_W, CARD_H)

    @property
    def discard_hit_rect(self) -> pygame.Rect:
        """The pile and its label."""
        return self.r(DISCARD_POS[0], DISCARD_POS[1], 384, CARD_H)

    @property
    def scoreboard_rect(self) -> pygame.Rect:
        """Turn, phase and castles, top left."""
        return self.r(*SCOREBOARD_RECT)

    # -- players -----------------------------------------------------------------------------------
    def waiting_rect(self, seat: int, index: int) -> pygame.Rect:
        """A recruited card waiting in front of ``seat``."""
        y = WAITING_BOTTOM_Y if seat == self.viewer else WAITING_TOP_Y
        return self.r(RIGHT_X + index * (CARD_W + 12), y, CARD_W, CARD_H)

    def purse_rect(self, seat: int) -> pygame.Rect:
        """``seat``'s coins."""
        y = WAITING_BOTTOM_Y if seat == self.viewer else WAITING_TOP_Y
        return self.r(PURSE_X, y, PURSE_W, CARD_H)

    def name_rect(self, seat: int) -> pygame.Rect:
        """``seat``'s name row."""
        return self.r(RIGHT_X, NAME_BOTTOM_Y if seat == self.viewer else NAME_TOP_Y, RIGHT_W, 40)

    @property
    def action_rect(self) -> pygame.Rect:
        """The prompt and buttons, between the two players."""
        return self.r(*ACTION_RECT)

    def coin_place_rect(self, model: CCShown, place: Any) -> pygame.Rect:
        """Where coins of a place (a seat, "supply" or "bid") sit."""
        if isinstance(place, int) and not isinstance(place, bool):
            return self.purse_rect(place)
        if place == "bid" and model.bid is not None:
            rect = self.card_rect(model, model.bid.card)
            if rect is not None:
                return rect
        return self.supply_rect

    # -- every card ------------------------------------------------------------------------------------
    def slots(self, model: CCShown) -> list[CardSlot]:
        """Every face-up or face-down card on the table in draw order."""
        out: list[CardSlot] = []
        for i, card in enumerate(model.offer):
            out.append(CardSlot(card, self.offer_rect(i), self.offer_rect(i), True, "offer", index=i))
        if model.deck_top:
            rect = self.deck_rect
            out.append(CardSlot(model.deck_top, rect, rect.copy(), True, "deck"))
        if model.discard:
            rect = self.discard_rect
            out.append(CardSlot(model.discard[-1], rect, rect.copy(), True, "discard"))
        for seat in (0, 1):
            for i, card in enumerate(model.waiting[seat]):
                rect = self.waiting_rect(seat, i)
                out.append(CardSlot(card, rect, rect.copy(), True, "waiting", seat=seat, index=i))
        for lane in self.lane_order:
            for seat in (0, 1):
                out.extend(self.lane_cards(lane, seat, model.side(lane, seat)))
        return out

    def card_rect(self, model: CCShown, card: str) -> pygame.Rect | None:
        """The full rect a card is drawn at now, or None if it is not on the table."""
        for slot in self.slots(model):
            if slot.card == card:
                return slot.rect
        return None


def slot_at(slots: list[CardSlot], pos: tuple[int, int]) -> CardSlot | None:
    """The topmost slot under ``pos`` (slots are in draw order)."""
    for slot in reversed(slots):
        if slot.visible.collidepoint(pos):
            return slot
    return None
