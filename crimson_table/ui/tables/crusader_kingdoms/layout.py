"""Where everything sits on the Crusader Kingdoms table, and the card faces.

The board is the Tiled map of the player count (``maps/crusader_saladin_2nd.tmx`` for 3-4 players,
``maps/crusader_1st_3rd.tmx`` for 1-2) scaled to the table's width; its named card areas (draw and
discard piles, bonus tracks, castle and garrison pools, kept events, the turn track and, on the small
map, the Bot's hand, response stack and army) are read from the map through the engine's board
loader and placed in logical pixels.  The viewer's hand fans along the bottom, the decision buttons
sit at its right.

All the table's geometry is here, apart from the drawing (``paint.py``) that uses it and the
gestures (``scene.py``) that hit-test it: where a region's pieces stand, the cells of a Card Bonus
track, the rows of the seats' panels, the attack panel's halves and cards, the hand, a pick, the
zoomed card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from crimson_table.engine.crusader_kingdoms.board import CRUSADES_MAP, SALADIN_MAP, card_areas
from crimson_table.engine.crusader_kingdoms.cards import EVENT, RESPONSE, card
from crimson_table.engine.crusader_kingdoms.view import seat_table
from crimson_table.resources import map_path
from crimson_table.ui.art.cards import CardSpec, card_size, render_back, render_card
from crimson_table.ui.art.palette import CRUSADER_COLOUR_SEATS
from crimson_table.ui.tables.crusader_kingdoms.shown import SeatInfo
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.clearance import zoom_place

GAME_ID = "crusader_kingdoms"
BOT = -2
INDEP = -1
HAND_SCALE = 0.74
HAND_STAGGER = 24  # how much higher every other card of an overlapping hand sits: its name bar's height
PILE_SCALE = 0.8
SMALL_SCALE = 0.46
ZOOM_SCALE = 2.5
FOOTER_H = 164
CHRISTIAN_BACK = (0x8E, 0x1F, 0x24)
MUSLIM_BACK = (0x1E, 0x6B, 0x45)
CHRISTIAN_ACCENT = (0xA8, 0x2A, 0x2A)
MUSLIM_ACCENT = (0x23, 0x7A, 0x4E)
BOT_COLOUR = CRUSADER_COLOUR_SEATS["green"]
CASTLE_SIZE = 27  # a castle token on the map
GARRISON_SIZE = 18  # a garrison token (on the map, in the attack panel)
CAPTION_H = 26  # an area's caption, from the area's top edge
BONUS_LABEL = 13  # the point size of a Card Bonus cell's value
SUPPLY_PIP = 11  # the size of a castle in a seat's supply row
SUPPLY_STEP = 14  # a gap between castles, so they count
DETAIL_SIZE = 13  # the point size of a seat's detail line

Point = tuple[float, float]

_EMBLEMS = {
    "c_pilgrims": "monk", "c_foot_sergeants": "shield", "c_crossbowmen": "sword", "c_turcopoles": "mercenary",
    "c_italian_marines": "banner", "c_frankish_knights": "knight", "c_knights_templar": "cross",
    "c_knights_hospitaller": "cross", "c_militia": "tower", "c_siege_engines": "catapult", "c_true_cross": "cross",
    "c_knightly_charge": "knight", "c_sally_out": "castle", "c_italian_fleet": "banner", "c_raid": "crossed_swords",
    "c_venetian_merchants": "coin", "c_castle_builders": "castle", "c_siege_towers": "tower",
    "c_forced_march": "banner", "c_byzantine_alliance": "twin_crowns", "c_concerted_attack": "crossed_swords",
    "c_assassins": "skull", "c_troubadours": "scroll", "c_spies": "scroll",
    "m_bedouin_raiders": "mercenary", "m_town_levies": "shield", "m_turkmen_horse_archers": "feint",
    "m_kurdish_cavalry": "knight", "m_ghulams": "sword", "m_mamluks": "axe", "m_halqa_guard": "lion",
    "m_leader": "crown", "m_regrouping": "banner", "m_ahdath": "tower", "m_feigned_retreat": "feint",
    "m_naphtha_throwers": "skull", "m_raid": "crossed_swords", "m_add_troops": "castle", "m_commerce": "coin",
    "m_seduction": "potion", "m_scorched_earth": "skull", "m_mercenaries": "mercenary",
    "m_independent_attack": "crossed_swords", "m_jews": "coin", "m_succession": "crown", "m_watchtowers": "tower",
    "m_truce": "scroll",
}  # fmt: skip


@lru_cache(maxsize=64)
def card_spec(cid: str) -> CardSpec:
    """The face of one Crusader Kingdoms card."""
    c = card(cid)
    accent = CHRISTIAN_ACCENT if c.deck == "C" else MUSLIM_ACCENT
    if c.type == RESPONSE:
        sides = " or ".join("attack" if s == "ATT" else "defence" for s in c.sides)
        return CardSpec(GAME_ID, c.title, None, None, _EMBLEMS.get(cid, "generic"), "response", c.text,
                        accent=accent, subtitle=f"Response · {sides}")  # fmt: skip
    if c.type == EVENT:
        subtitle = "Event · stays in play" if c.stays else "Event"
        return CardSpec(GAME_ID, c.title, None, None, _EMBLEMS.get(cid, "generic"), "special", c.text,
                        accent=accent, subtitle=subtitle)  # fmt: skip
    return CardSpec(GAME_ID, c.title, c.strength, "strength", _EMBLEMS.get(cid, "generic"), None, "",
                    accent=accent, subtitle=f"Troop · strength {c.strength}")  # fmt: skip


def card_image(cid: str | None, scale: float, deck: str = "C") -> pygame.Surface:
    """A card face, or the back of ``deck`` (red Christian, green Muslim) when ``cid`` is None."""
    scale = round(scale, 3)
    if cid is None:
        return (
            render_back(GAME_ID, scale, CHRISTIAN_BACK, None)
            if deck == "C"
            else render_back(GAME_ID, scale, MUSLIM_BACK, "crescent_shield")
        )
    return render_card(card_spec(cid), scale)


def card_px(scale: float) -> tuple[int, int]:
    """Pixel size of a card at ``scale``."""
    return card_size(round(scale, 3))


Seats = Sequence[SeatInfo]  # the view's seat table (``view["seats"]``), in seat order


def seat_colour_index(seats: Seats, seat: int) -> int:
    """The palette colour of a seat: the rulebook colour (red, blue, green, yellow) on its Okabe-Ito hue."""
    if seat == BOT or not 0 <= seat < len(seats):
        return BOT_COLOUR
    return CRUSADER_COLOUR_SEATS[seats[seat].colour]


def seat_colours(players: int) -> tuple[int, ...]:
    """The palette colours of the seats of a game of ``players`` (the setup screen's badges)."""
    return tuple(CRUSADER_COLOUR_SEATS[str(row["colour"])] for row in seat_table(players))


def seat_religion(seats: Seats, seat: int) -> str:
    """``C`` or ``M`` (the Bot is Muslim)."""
    return "M" if seat == BOT or not 0 <= seat < len(seats) else seats[seat].religion


def kingdom(seats: Seats, seat: int) -> str:
    """The seat's kingdom as the rulebook names it."""
    return "The Muslim Bot" if seat == BOT or not 0 <= seat < len(seats) else seats[seat].kingdom


class Layout:
    """Geometry for one table width and player count (logical pixels)."""

    def __init__(self, width: int, players: int, viewer: int) -> None:
        self.width, self.players, self.viewer = width, players, viewer
        self.map_file = map_path(SALADIN_MAP if players >= 3 else CRUSADES_MAP)
        self.small = players <= 2
        scale = min(width / 1536, (900 - FOOTER_H) / 896)
        size = (round(1536 * scale), round(896 * scale))
        self.board = pygame.Rect((width - size[0]) // 2, 0, *size)
        self.scale = scale
        self.areas = {
            name: self._area(a.x, a.y, a.width, a.height) for name, a in card_areas(players).items()
        }
        self.footer = pygame.Rect(0, self.board.bottom, width, 900 - self.board.bottom)
        self.buttons_right = width - 16
        self.hand_rect = pygame.Rect(24, self.footer.y + 10, width - 24 - 360, self.footer.height - 14)

    def _area(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        s = self.scale
        return pygame.Rect(
            self.board.x + round(x * s), self.board.y + round(y * s), round(w * s), round(h * s)
        )

    def area(self, name: str) -> pygame.Rect:
        """A named card area of the board (an empty rect if this map has none of that name)."""
        return self.areas.get(name, pygame.Rect(0, 0, 0, 0))

    def side(self, religion: str) -> str:
        """The area-name prefix of a religion's side of the board."""
        return "christian" if religion == "C" else "muslim"

    def middle(self) -> pygame.Rect:
        """The open map between the two sides' card columns (the kept results stay inside it)."""
        left = max(r.right for n, r in self.areas.items() if n.startswith(("christian_", "turn_track")))
        right = min(r.left for n, r in self.areas.items() if n.startswith(("muslim_", "bot_")))
        return pygame.Rect(left + 8, self.board.y, right - left - 16, self.board.height)

    def seats_panel(self, religion: str) -> pygame.Rect:
        """The castle and garrison pools of a side, together: the seats of that religion."""
        side = self.side(religion)
        return self.area(f"{side}_castle_pool").union(self.area(f"{side}_garrison_pool"))

    def pile(self, deck: str, kind: str) -> pygame.Rect:
        """The draw (``draw``) or discard (``discard``) area of a deck."""
        return self.area(f"{self.side(deck)}_{kind}")

    def attack_panel(self, target_y: float) -> pygame.Rect:
        """Where the attack under way is laid out: across the board, away from its target region."""
        s = self.scale
        width, height = round(700 * s), round(214 * s)
        rect = pygame.Rect(0, 0, width, height)
        rect.centerx = self.board.x + round(772 * s)
        if target_y > self.board.y + self.board.height * 0.5:
            rect.top = self.board.y + round(14 * s)
        else:
            rect.bottom = self.board.bottom - round(14 * s)
        return rect

    def hand_slots(self, count: int) -> list[pygame.Rect]:
        """The viewer's hand, fanned (overlapping when many) along the bottom.  Overlapping cards
        alternate high and low, so the card laid over another starts below its name bar: every name
        stays whole (11 or more cards; "Frankish Knights" was cut to "Frankish Knigh")."""
        w, h = card_px(HAND_SCALE)
        if count <= 0:
            return []
        step = min(w + 8, (self.hand_rect.width - w) / max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        left = self.hand_rect.x + (self.hand_rect.width - total) / 2
        y = self.footer.bottom - h - 8
        rise = HAND_STAGGER if step < w else 0
        return [
            pygame.Rect(round(left + i * step), y - (rise if i % 2 == 0 else 0), w, h) for i in range(count)
        ]

    def hand_order(self, count: int) -> list[int]:
        """The hand's cards in drawing order, bottom first: left to right, but when the cards overlap,
        the high ones (even places) under the low ones, whose tops then clear the names beneath."""
        w, _h = card_px(HAND_SCALE)
        slots = self.hand_slots(count)
        if count < 2 or slots[1].x - slots[0].x >= w:
            return list(range(count))
        return list(range(0, count, 2)) + list(range(1, count, 2))

    def hand_spot(self, seat: int, seats: Seats) -> Point:
        """Where another seat's cards come from and go to (its row in the seats panel)."""
        panel = self.seats_panel(seat_religion(seats, seat))
        return (panel.centerx, panel.centery)

    def castle_spot(self, anchor: Point) -> Point:
        """Where a region's castle stands: above its name (the region's ``anchor`` on the map)."""
        ax, ay = anchor
        return (ax, ay - 17 * self.scale * 1.2)

    def garrison_spot(self, anchor: Point) -> Point:
        """Where a region's garrison stands: right of its castle."""
        x, y = self.castle_spot(anchor)
        return (x + CASTLE_SIZE * 0.78, y + 4)

    def hand_card_rect(
        self, count: int, index: int, selected: int | None, hovered: int | None
    ) -> pygame.Rect:
        """Hand card ``index`` of ``count``, lifted when selected (18 px) or hovered (10 px)."""
        rect = self.hand_slots(count)[index]
        lift = 18 if index == selected else 10 if index == hovered else 0
        return rect.move(0, -lift)

    def pick_slots(self, count: int) -> list[pygame.Rect]:
        """Another player's hand shown for a pick (Assassins, Spies...), across the board's middle."""
        w, h = card_px(0.6)
        step = min(w + 8, (self.board.width - 200) / max(1, count))
        total = step * (count - 1) + w if count else 0
        left = self.board.centerx - total / 2
        y = self.board.centery - h // 2
        return [pygame.Rect(round(left + i * step), y, w, h) for i in range(count)]

    def army_card_at(self, count: int, index: int) -> tuple[float, int]:
        """The top left of the Bot's army card ``index`` of ``count``, in a row along the area's
        bottom (overlapping when many)."""
        army = self.area("bot_army")
        w, h = card_px(SMALL_SCALE * 1.3)
        step = min(w + 6, (army.width - 20 - w) / max(1, count - 1)) if count > 1 else 0
        return (army.x + 10 + index * step, army.bottom - h - 8)

    def army_slot(self, count: int, index: int) -> Point:
        """The centre of army card ``index`` of ``count`` (where a revealed troop flies to)."""
        x, y = self.army_card_at(count, index)
        w, h = card_px(SMALL_SCALE * 1.3)
        return (x + w / 2, y + h / 2)


# -- the Card Bonus tracks and the seats' panels ---------------------------------------------------------


def bonus_cells(track: pygame.Rect) -> list[pygame.Rect]:
    """The five cells of a Card Bonus track, -2 to +2, below its caption."""
    cells = pygame.Rect(track.x + 8, track.y + 24, track.width - 16, track.height - 30)
    cell_w = cells.width / 5
    return [
        pygame.Rect(round(cells.x + i * cell_w) + 2, cells.y, round(cell_w) - 4, cells.height)
        for i in range(5)
    ]


def bonus_badges(cell: pygame.Rect, count: int) -> tuple[int, list[tuple[float, float]]]:
    """The badge size and centres of ``count`` seats on one cell: right of the cell's value (which
    stays readable), side by side, smaller when two share the cell."""
    left = cell.x + 4 + fonts.font(BONUS_LABEL).size("+2")[0] + 3
    room = cell.right - 3 - left
    size = max(12, min(26, cell.height - 6))
    if count <= 1:
        return size, [(left + room / 2, cell.centery)] * count
    size = max(12, min(size, (room + 3 * (count - 1)) // count))  # neighbours overlap by 3 px at most
    step = min(size + 2, (room - size) / (count - 1))
    first = left + (room - size - step * (count - 1)) / 2 + size / 2
    return size, [(first + j * step, cell.centery) for j in range(count)]


def seat_rows(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    """The rows of ``count`` seats in their panel; a lone seat (Saladin, the solitaire's Christian,
    the Bot) sits in the middle of it."""
    row_h = min(56, (panel.height - 8) // max(1, count))
    top = panel.y + 4 + (panel.height - 8 - row_h * count) // 2
    return [pygame.Rect(panel.x + 4, top + i * row_h, panel.width - 8, row_h - 4) for i in range(count)]


def detail_line(row: pygame.Rect, badge_size: int) -> pygame.Rect:
    """The second line of a seat's row, right of its badge."""
    x = row.x + badge_size + 14
    return pygame.Rect(x, row.y + 23, row.right - x - 4, 16)


def supply_towers(line: pygame.Rect, supply: int, held: int, tail: str) -> list[tuple[pygame.Rect, bool]]:
    """Where a seat's castle supply is drawn on its detail line (each tower's walls): one tower per
    castle, filled while on the map, followed by ``tail``.  None when the supply is unlimited (0) or
    the line is too narrow for towers and tail (the row then says it in words)."""
    if supply <= 0:
        return []
    width = SUPPLY_STEP * (supply - 1) + SUPPLY_PIP
    if width + 6 + fonts.font(DETAIL_SIZE).size(tail)[0] > line.width:
        return []
    return [
        (pygame.Rect(line.x + k * SUPPLY_STEP, line.y + 2, SUPPLY_PIP, SUPPLY_PIP), k < held)
        for k in range(supply)
    ]


# -- the attack -------------------------------------------------------------------------------------------


def attack_halves(panel: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The attack side (left) and the defence side (right) of the panel."""
    body = pygame.Rect(panel.x + 10, panel.y + 34, panel.width - 20, panel.height - 42)
    half = body.width // 2
    return pygame.Rect(body.x, body.y, half - 5, body.height), pygame.Rect(
        body.x + half + 5, body.y, half - 5, body.height
    )


def attack_card_slots(half: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Card positions on one side of the attack (overlapping when many)."""
    w, h = card_px(SMALL_SCALE)
    if count <= 0:
        return []
    room = half.width - 16 - w
    step = min(w + 6, room / max(1, count - 1)) if count > 1 else 0
    return [pygame.Rect(round(half.x + 8 + i * step), half.bottom - h - 6, w, h) for i in range(count)]


# -- the zoomed card ---------------------------------------------------------------------------------------


def zoom_rect(anchor: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    """Where the 2.5x card goes: above the card if there is room, else beside it."""
    return zoom_place(card_px(ZOOM_SCALE), anchor, bounds)
