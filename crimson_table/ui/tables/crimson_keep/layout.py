"""Where everything sits on the Crimson Keep table, read from the Tiled map through the engine.

The main board, the clan boards, the action tracks, the Monolith and the summon boards are the
rectangles of ``maps/crimson_keep_board.tmx`` (``engine/crimson_keep/board.py`` loads it: one
source for the geometry), scaled by :data:`SCALE` and placed at :data:`ORIGIN`.  Below the board:
the viewer's hand at the left and the action buttons at the right.  Card images and the small
board tiles are built here too (cached).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from crimson_table.engine.crimson_keep.board import SIDES, Board, board
from crimson_table.engine.crimson_keep.cards import BUILDING, CARDS, CAVERN, COMBAT, RUNE_NAMES, TACTICS
from crimson_table.ui.art.cards import CardSpec, render_back, render_card

Point = tuple[float, float]
SCALE = 1.1
ORIGIN = (112, 36)
HAND_TOP = 752
HAND_SCALE = 0.72
HAND_LEFT, HAND_RIGHT = 24, 780
BUTTONS = pygame.Rect(800, 758, 460, 134)
TRACKS = ("build", "craft", "power", "march")
EMBLEMS = {BUILDING: "tower", COMBAT: "sword", CAVERN: "ogre"}
SPECIAL_EMBLEMS = {30: "crown", 31: "potion", 37: "fairy", 35: "monk", 36: "castle", 29: "scroll",
                   28: "banner", 7: "ogre", 8: "dragon", 9: "knight", 10: "griffin", 11: "dragon",
                   17: "ogre", 18: "catapult", 19: "undead", 20: "catapult", 21: "demon", 12: "potion",
                   13: "knight", 14: "axe", 15: "shield", 16: "undead"}  # fmt: skip


class TableLayout:
    """The table's rectangles in logical pixels (the map's, scaled and placed)."""

    def __init__(self, width: int, mirrored: bool = False) -> None:
        self.width = width
        self.mirrored = mirrored  # solo with the player on the Right (CK2-R72): the grid turned round
        self.board: Board = board()
        self.map = self.board.layout

    def side(self, seat: int) -> int:
        """The side of the table a seat's clan sits on: 0 = left, 1 = right."""
        return seat ^ 1 if self.mirrored else seat

    def to_screen(self, x: float, y: float, w: float = 0.0, h: float = 0.0) -> pygame.Rect:
        """A map rectangle on the screen."""
        return pygame.Rect(
            round(ORIGIN[0] + x * SCALE), round(ORIGIN[1] + y * SCALE), round(w * SCALE), round(h * SCALE)
        )

    @lru_cache(maxsize=512)  # noqa: B019 - one layout per table width, kept for the table's life
    def obj(self, layer: str, name: str) -> pygame.Rect:
        """The screen rectangle of one named map object."""
        o = self.map.named(layer)[name]
        return self.to_screen(o.x, o.y, o.width, o.height)

    @property
    def map_rect(self) -> pygame.Rect:
        """The whole board."""
        return self.to_screen(0, 0, self.map.width_px, self.map.height_px)

    def cell(self, cell: int) -> pygame.Rect:
        """A grid space (``cell = c * 5 + l - 1``)."""
        c, level = self.board.coords(cell)
        if self.mirrored:  # the engine's grid keeps seat 0 on the left; the table shows it on the right
            c = self.board.columns - 1 - c
        return self.obj("spaces", f"cell_{c}_{level}")

    def cells(self) -> range:
        """Every grid space code."""
        return range(self.board.columns * self.board.levels)

    def clan(self, seat: int, kind: str, index: int = 0) -> pygame.Rect:
        """A clan-board space: ``summoning``/``barracks``/``caverns`` with index 1..3, or a pile."""
        suffix = f"_{index}" if index else ""
        return self.obj("clan_boards", f"{SIDES[self.side(seat)]}_{kind}{suffix}")

    def track(self, seat: int, track: int, space: int) -> pygame.Rect:
        """One space of an action track."""
        return self.obj("tracks", f"track_{SIDES[self.side(seat)]}_{TRACKS[track]}_{space}")

    @lru_cache(maxsize=8)  # noqa: B019 - one layout per table width
    def track_length(self, track: int) -> int:
        """How many spaces the map gives an action track."""
        names = self.map.named("tracks")
        return sum(1 for n in names if n.startswith(f"track_left_{TRACKS[track]}_"))

    @property
    def monolith(self) -> pygame.Rect:
        """The Monolith, where the Dragon sleeps."""
        return self.obj("monolith", "monolith")

    def dragon_slot(self, k: int) -> pygame.Rect:
        """One of the Monolith's four Dragon card slots (injuries)."""
        return self.obj("monolith", f"dragon_slot_{k + 1}")

    @property
    def supply(self) -> pygame.Rect:
        """The token supply."""
        return self.obj("tracks", "token_supply")

    def summon_board(self, seat: int) -> pygame.Rect:
        """A clan's summon board."""
        return self.clan(seat, "summon_board")

    def banner(self, seat: int) -> pygame.Rect:
        """The clan's name plate (the map's hand area above its clan board)."""
        return self.clan(seat, "hand")

    @property
    def top_strip(self) -> pygame.Rect:
        """The dark strip above the battlefield: whose turn it is, what to do."""
        left, right = self.banner(self.side(0)), self.banner(self.side(1))
        return pygame.Rect(left.right + 6, left.y, right.x - left.right - 12, left.height)

    # -- the viewer's hand ---------------------------------------------------------------------------------
    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The viewer's hand cards, fanned flat along the bottom, overlapping when many."""
        w, h = card_size(HAND_SCALE)
        span = HAND_RIGHT - HAND_LEFT
        step = min(w + 10, (span - w) / max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        left = HAND_LEFT + (span - total) / 2
        return [pygame.Rect(round(left + i * step), HAND_TOP + 10, w, h) for i in range(count)]

    def open_hand_rects(self, count: int) -> list[pygame.Rect]:
        """All hands open (a replay): the other clan's hand, flat in the buttons' place (no buttons)."""
        w, h = card_size(HAND_SCALE)
        span = BUTTONS.width
        step = min(w + 10, (span - w) / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(round(BUTTONS.x + i * step), HAND_TOP + 10, w, h) for i in range(count)]

    def hand_point(self, count: int, index: int) -> Point:
        """The centre of hand card ``index`` of ``count``."""
        rects = self.hand_rects(max(count, index + 1))
        return (float(rects[index].centerx), float(rects[index].centery))

    def deck_point(self, seat: int) -> Point:
        """The centre of a clan's deck."""
        r = self.clan(seat, "deck")
        return (float(r.centerx), float(r.centery))

    def discard_point(self, seat: int) -> Point:
        """The centre of a clan's discard pile."""
        r = self.clan(seat, "discard")
        return (float(r.centerx), float(r.centery))

    def area_rect(self, seat: int, where: int, index: int) -> pygame.Rect:
        """A card's rectangle: a grid space, or slot ``index`` of the Barracks (-1) / Caverns (-2)."""
        if where >= 0:
            return self.cell(where)
        return self.clan(seat, "barracks" if where == -1 else "caverns", min(3, index + 1))


def card_size(scale: float) -> tuple[int, int]:
    """A full card's size at ``scale``."""
    return round(120 * scale), round(168 * scale)


def card_text(n: int) -> str:
    """The short rules line on a card face."""
    c = CARDS[n]
    bits = []
    if c.rune:
        bits.append(f"{'Arch' if c.arch else 'Stair'} of the {RUNE_NAMES[c.rune]} rune")
    icons = [w for w, on in (("Attack", c.attack_icon), ("Defence", c.defence_icon)) if on]
    if icons:
        bits.append(" & ".join(icons) + f", {c.defence_dice} {'dice' if c.defence_dice > 1 else 'die'}")
    if c.summoning:
        bits.append("Summoning card")
    return ". ".join(bits) or {"cavern": "Cavern card", "combat": "Combat card"}.get(c.set, "Building")


@lru_cache(maxsize=256)
def card_spec(n: int) -> CardSpec:
    """The face of card number ``n``."""
    c = CARDS[n]
    return CardSpec(
        game_id="crimson_keep",
        title=c.name.replace(" (", " ").replace(")", "") if c.rune else c.name,
        value=n,
        value_kind=None,
        emblem=SPECIAL_EMBLEMS.get(n, EMBLEMS[c.set]),
        effect_icon=None,
        text=card_text(n),
        subtitle=c.set.title(),
    )


def card_image(n: int | None, scale: float = HAND_SCALE) -> pygame.Surface:
    """A card face (or the clan back when ``n`` is None) at ``scale``: ``render_card``'s, so the faces
    are kept once, within its budget (a cache here too kept faces it had let go: 2.8 MB more)."""
    if n is None:
        return render_back("crimson_keep", scale)
    return render_card(card_spec(n), scale)


def tactic_name(t: int) -> str:
    """A Battle Tactics card's name."""
    return TACTICS.get(t, "?")


# What each Battle Tactics card does in a battle (CK2 s.4.1, BT1-BT5), in our words: a player choosing
# which one to leave out, or which one to play, reads it on the button's hover.
TACTIC_EFFECTS = {
    1: "+1 for each card in your Barracks and your Caverns",
    2: "roll one extra die and add it to your total",
    3: "+3 while your card defends, +1 while it attacks",
    4: "roll one of your battle dice again; the new number counts",
    5: "+1 for each ACTIVE Summoning card in your Keep (at least +1, at most +3)",
}


def tactic_effect(t: int) -> str:
    """One line saying what a Battle Tactics card does: "Shield Wall (BT3): +3 while ..."."""
    return f"{tactic_name(t)} (BT{t}): {TACTIC_EFFECTS.get(t, 'no such card')}"
