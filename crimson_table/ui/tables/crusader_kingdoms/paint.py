"""Drawing the Crusader Kingdoms table: the map with castles and garrisons, the board's card areas,
the attack under way, the hand, the prompt, the zoomed card and the region card.

Every function takes what it draws (a :class:`Frame`: shown model, layout, board, in-flight marks,
names, fonts) and never the scene.  Numbers the rules compute come from the view or the board data.
Where things go is ``layout.py``'s (the gestures and the animations hit-test and aim at the same
places); this module only draws there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from crimson_table.engine.core import counted
from crimson_table.engine.crusader_kingdoms.board import Board
from crimson_table.engine.crusader_kingdoms.ops import bonus_text
from crimson_table.engine.crusader_kingdoms.view import CrusaderKingdomsView
from crimson_table.ui.art.palette import darken, seat_colour
from crimson_table.ui.art.patterns import pattern_tile
from crimson_table.ui.tables.crusader_kingdoms.layout import (
    BONUS_LABEL,
    BOT,
    BOT_COLOUR,
    CAPTION_H,
    CASTLE_SIZE,
    DETAIL_SIZE,
    GARRISON_SIZE,
    HAND_SCALE,
    INDEP,
    PILE_SCALE,
    SMALL_SCALE,
    SUPPLY_PIP,
    ZOOM_SCALE,
    Layout,
    attack_card_slots,
    attack_halves,
    bonus_badges,
    bonus_cells,
    card_image,
    card_px,
    detail_line,
    kingdom,
    seat_colour_index,
    seat_religion,
    seat_rows,
    supply_towers,
    zoom_rect,
)
from crimson_table.ui.tables.crusader_kingdoms.shown import AttackCard, CrusaderShown, ShownAttack
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.drop_zone import pulse
from crimson_table.ui.widgets.open_hands import HandLine, draw_open_hands, grouped
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    GOLD,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    SHADOW,
    STONE,
)
from crimson_table.ui.widgets.tiled_map import TiledBoard


@dataclass
class Frame:
    """What the painter draws this frame (never the scene)."""

    shown: CrusaderShown
    layout: Layout
    board: TiledBoard
    rules_board: Board
    flights: InFlight
    view: CrusaderKingdomsView | None  # None: a frame for the geometry helpers alone (the choreography's)
    names: tuple[str, ...]
    humans: tuple[bool, ...]
    viewer: int
    interactive: bool
    glow: set[str] = field(default_factory=set)
    hover_region: str | None = None
    focus_region: str | None = None
    selected: int | None = None
    hovered: int | None = None
    lifted: Callable[[Any], bool] = lambda key: False
    prompt: str = ""
    zones: dict[str, bool] = field(default_factory=dict)  # drop zones glowing while dragging
    pick: list[str] = field(default_factory=list)  # another hand shown for a pick
    time: float = 0.0
    at_rest: bool = False  # no animation plays: the card areas may come from the map's cached layer

    def castle_spot(self, key: str) -> tuple[float, float]:
        """Where region ``key``'s castle stands (above its name)."""
        return self.layout.castle_spot(self.board.anchors[key])

    def garrison_spot(self, key: str) -> tuple[float, float]:
        """Where region ``key``'s garrison stands (right of its castle)."""
        return self.layout.garrison_spot(self.board.anchors[key])

    def attack_panel(self) -> pygame.Rect | None:
        """Where the attack under way is laid out, away from its region (None when there is none)."""
        a = self.shown.attack
        if a is None:
            return None
        y = self.board.anchors[a.region][1] if a.region in self.board.anchors else 0
        return self.layout.attack_panel(y)


def who(frame: Frame, seat: int) -> str:
    """A seat's name (or the Bot's)."""
    if seat == BOT:
        return "the Bot"
    if seat == INDEP:
        return "the independents"
    return frame.names[seat] if 0 <= seat < len(frame.names) else "?"


# -- tokens --------------------------------------------------------------------------------------------


def _towers(size: int, count: int) -> list[list[tuple[float, float]]]:
    """Crenellated towers as polygons in a ``size`` box (one tower for a garrison, three for a castle)."""
    s = size
    if count == 1:
        return [[(0.22 * s, s), (0.22 * s, 0.18 * s), (0.34 * s, 0.18 * s), (0.34 * s, 0.3 * s), (0.44 * s, 0.3 * s),
                 (0.44 * s, 0.18 * s), (0.56 * s, 0.18 * s), (0.56 * s, 0.3 * s), (0.66 * s, 0.3 * s),
                 (0.66 * s, 0.18 * s), (0.78 * s, 0.18 * s), (0.78 * s, s)]]  # fmt: skip
    wall = [(0.06 * s, s), (0.06 * s, 0.22 * s), (0.2 * s, 0.22 * s), (0.2 * s, 0.34 * s), (0.32 * s, 0.34 * s),
            (0.32 * s, 0.08 * s), (0.42 * s, 0.08 * s), (0.42 * s, 0.18 * s), (0.58 * s, 0.18 * s),
            (0.58 * s, 0.08 * s), (0.68 * s, 0.08 * s), (0.68 * s, 0.34 * s), (0.8 * s, 0.34 * s),
            (0.8 * s, 0.22 * s), (0.94 * s, 0.22 * s), (0.94 * s, s)]  # fmt: skip
    return [wall]


@lru_cache(maxsize=64)
def tower_token(colour: int, size: int, count: int, patterned: bool) -> pygame.Surface:
    """A castle (three towers) or a garrison (one) in a player colour, with its pattern."""
    out = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    for poly in _towers(size, count):
        pts = [(x + 2, y + 1) for x, y in poly]
        pygame.draw.polygon(out, (0, 0, 0, 110), [(x + 2, y + 2) for x, y in pts])
        body = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        body.fill(seat_colour(colour))
        if patterned:
            tile = pattern_tile(colour, (16, 16))
            for y in range(0, out.get_height(), 16):
                for x in range(0, out.get_width(), 16):
                    body.blit(tile, (x, y))
        mask = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
        body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        out.blit(body, (0, 0))
        pygame.draw.polygon(out, INK, pts, 2)
        if count > 1:
            door = pygame.Rect(0, 0, round(size * 0.2), round(size * 0.3))
            door.midbottom = (round(size * 0.5) + 2, size + 1)
            pygame.draw.rect(out, INK, door, border_top_left_radius=6, border_top_right_radius=6)
    return out


def _centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[float, float]) -> pygame.Rect:
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=128)
def _label(text: str, strong: bool, size: int) -> pygame.Surface:
    image = fonts.render(text, size, INK, bold=True)
    plate = pygame.Surface((image.get_width() + 12, image.get_height() + 2), pygame.SRCALPHA)
    rect = plate.get_rect()
    pygame.draw.rect(plate, (*(PARCHMENT_LIGHT if strong else PARCHMENT), 225), rect, border_radius=7)
    pygame.draw.rect(
        plate, GOLD if strong else (*darken(STONE, 0.3), 190), rect, 2 if strong else 1, border_radius=7
    )
    plate.blit(image, (6, 1))
    return plate


def region_title(board: Board, key: str) -> str:
    """``Jerusalem (4)`` or, on the numbered map, ``1. Jerusalem (4)``: name and defence value."""
    r = board.index[key]
    number = f"{board.numbers[r]}. " if board.numbers[r] else ""
    return f"{number}{board.labels[r]} ({board.defense[r]})"


# -- the map ---------------------------------------------------------------------------------------------


def map_layer(frame: Frame) -> tuple[pygame.Surface, bool]:
    """The map's cached layer for this position: tiles, region tints, castles, garrisons and labels,
    and while the card areas stand still (:func:`areas_key`) the areas too; True says they are in it."""
    board, shown = frame.board, frame.shown
    patterned = badge.patterned()
    hidden = tuple(sorted(k for k in frame.flights.hidden if isinstance(k, tuple)))
    key = (tuple(sorted(shown.owner.items())), tuple(sorted(shown.garrisons)), hidden, patterned)
    still = areas_key(frame)

    def build(layer: pygame.Surface) -> None:
        _draw_pieces(frame, layer, patterned)
        if still is not None:  # the areas are drawn in table pixels: through a table-sized canvas
            canvas = pygame.Surface(board.rect.bottomright)
            canvas.blit(layer, board.rect)
            draw_areas(frame, canvas)
            layer.blit(canvas, (0, 0), board.rect)

    return board.cached_layer((key, still), build), still is not None


def draw_marks(frame: Frame, surface: pygame.Surface) -> None:
    """Over the map's layer: the highlights (legal targets, the battle, the hovered region) and the
    labels and castles of the regions they light."""
    board, shown = frame.board, frame.shown
    patterned = badge.patterned()
    battle = shown.attack.region if shown.attack is not None and shown.attack.region else None
    board.draw_marks(surface, frame.time, frame.glow, frame.hover_region, frame.focus_region, battle)
    for key_ in sorted(k for k in set(frame.glow) | {frame.hover_region, battle} if k):
        if key_ in board.anchors:
            ax, ay = board.anchors[key_]
            _centred(
                surface, _label(region_title(frame.rules_board, key_), True, _label_size(frame)), (ax, ay + 8)
            )
            _draw_castle(frame, surface, key_, patterned)


def areas_key(frame: Frame) -> tuple[object, ...] | None:
    """Everything the card areas (:func:`draw_areas`) are drawn from, or None while they change by
    themselves (an animation plays: the counts move event by event; a discard pile glows under a
    dragged card), when they are drawn every frame instead."""
    if not frame.at_rest or any(k.startswith("discard_") for k in frame.zones):
        return None
    shown, view = frame.shown, frame.view
    return (
        frame.layout.width, shown.turn, tuple(sorted(shown.draw_sizes.items())), tuple(shown.discard_c),
        tuple(shown.discard_m), tuple(shown.bonus), shown.bot_bonus, tuple(sorted(shown.owner.items())),
        tuple(sorted(shown.garrisons)), tuple(shown.hand_sizes), shown.bot_hand_size, tuple(shown.passed),
        tuple(map(tuple, shown.kept)), tuple(shown.bot_stack), tuple(shown.bot_army), shown.seats,
        None if view is None else (view["current_player"], view["bot_army_strength"]), frame.names, frame.humans,
    )  # fmt: skip


def _label_size(frame: Frame) -> int:
    return 14 if frame.layout.scale > 0.7 else 13


def _draw_pieces(frame: Frame, layer: pygame.Surface, patterned: bool) -> None:
    """The board layer: tiles, tints, labels, castles and garrisons, drawn at the layer's origin."""
    board, shown = frame.board, frame.shown
    origin = (0, 0)
    board.draw_base(layer, origin)
    for key, owner in shown.owner.items():
        if owner != INDEP:
            board.fill(layer, key, seat_colour_index(shown.seats, owner), patterned, 96, origin)
    shift = (-board.rect.x, -board.rect.y)
    for key in board.keys:
        ax, ay = board.anchors[key]
        _centred(layer, _label(region_title(frame.rules_board, key), False, _label_size(frame)),
                 (ax + shift[0], ay + 8 + shift[1]))  # fmt: skip
    for key in board.keys:
        _draw_castle(frame, layer, key, patterned, shift)


def _draw_castle(
    frame: Frame, surface: pygame.Surface, key: str, patterned: bool, shift: tuple[int, int] = (0, 0)
) -> None:
    shown = frame.shown
    owner = shown.owner.get(key, INDEP)
    if owner != INDEP and ("castle", key) not in frame.flights.hidden:
        x, y = frame.castle_spot(key)
        colour = seat_colour_index(shown.seats, owner)
        _centred(surface, tower_token(colour, CASTLE_SIZE, 3, patterned), (x + shift[0], y + shift[1]))
    if key in shown.garrisons and ("garrison", key) not in frame.flights.hidden:
        x, y = frame.garrison_spot(key)
        colour = seat_colour_index(shown.seats, owner) if owner != INDEP else 4
        _centred(surface, tower_token(colour, GARRISON_SIZE, 1, patterned), (x + shift[0], y + shift[1]))


def draw_region_card(frame: Frame, surface: pygame.Surface, pos: tuple[int, int]) -> None:
    """The hovered region: name, defence value, holder, neighbours (and number and VP on the small map)."""
    key = frame.hover_region
    if key is None:
        return
    board = frame.rules_board
    r = board.index[key]
    owner = frame.shown.owner.get(key, INDEP)
    holder = "Independent" if owner == INDEP else f"Held by {who(frame, owner)}"
    if key in frame.shown.garrisons:
        holder += " · garrison"
    lines = [f"Defence value {board.defense[r]}" + (" · coastal" if board.coastal[r] else "")]
    if board.numbers[r]:
        lines.append(f"Region number {board.numbers[r]} · {board.vp[r]} VP")
    names = ", ".join(board.labels[n] for n in board.neighbours[r])
    wrapped = fonts.wrap(f"Neighbours: {names}", fonts.font(15), 260)
    width, height = 284, 64 + 20 * (len(lines) + len(wrapped))
    box = pygame.Rect(pos[0] + 18, pos[1] + 18, width, height)
    bounds = frame.layout.board
    if box.right > bounds.right - 6:
        box.right = pos[0] - 18
    if box.bottom > bounds.bottom - 6:
        box.bottom = pos[1] - 18
    box.clamp_ip(bounds.inflate(-8, -8))
    _veil(surface, box, 228)
    pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
    fonts.blit_text(surface, board.labels[r], fonts.BODY, GOLD_LIGHT, (box.x + 12, box.y + 6), bold=True)
    fonts.blit_text(surface, holder, 15, PARCHMENT, (box.x + 12, box.y + 34), italic=True)
    for i, line in enumerate(lines + wrapped):
        fonts.blit_text(surface, line, 15, PARCHMENT, (box.x + 12, box.y + 56 + 20 * i))


def _veil(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 200, radius: int = 10) -> None:
    surface.blit(_veil_image(rect.width, rect.height, alpha, radius), rect)


@lru_cache(maxsize=64)
def _veil_image(width: int, height: int, alpha: int, radius: int) -> pygame.Surface:
    """A rounded ink veil (the same few sizes are drawn every frame)."""
    veil = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(veil, (*INK, alpha), veil.get_rect(), border_radius=radius)
    return veil


# -- the board's card areas --------------------------------------------------------------------------------


def _caption(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    fonts.blit_text(surface, text, 14, PARCHMENT, (rect.x + 8, rect.y + 5), bold=True, shadow=SHADOW)


def _pill(surface: pygame.Surface, text: str, midtop: tuple[int, int]) -> None:
    image = fonts.render(text, 15, PARCHMENT, bold=True)
    rect = image.get_rect(midtop=midtop).inflate(16, 4)
    _veil(surface, rect, 220, 9)
    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=9)
    surface.blit(image, image.get_rect(center=rect.center))


def draw_areas(frame: Frame, surface: pygame.Surface) -> None:
    """Turn track, piles, bonus tracks, the seats, kept events and the Bot's areas."""
    draw_turn_track(frame, surface)
    for deck in ("C", "M"):
        _draw_pile(frame, surface, deck)
        draw_bonus_track(frame, surface, deck)
        draw_seats(frame, surface, deck)
        _draw_kept(frame, surface, deck)
    if frame.shown.coop:
        draw_bot_areas(frame, surface)


def draw_turn_track(frame: Frame, surface: pygame.Surface) -> None:
    """Turns 1-3, the current one lit."""
    rect = frame.layout.area("turn_track")
    _caption(surface, rect, "Turn")
    cell_w = (rect.width - 70) // 3
    for i in range(3):
        cell = pygame.Rect(rect.x + 60 + i * cell_w, rect.y + 8, cell_w - 8, rect.height - 16)
        current = i + 1 == frame.shown.turn
        done = i + 1 < frame.shown.turn
        pygame.draw.rect(
            surface, CRIMSON if current else darken(STONE, 0.5 if done else 0.3), cell, border_radius=8
        )
        pygame.draw.rect(surface, GOLD if current else STONE, cell, 2, border_radius=8)
        fonts.blit_text(surface, str(i + 1), 20, PARCHMENT_LIGHT if current else PARCHMENT, cell.center,
                        anchor="center", bold=True, shadow=SHADOW)  # fmt: skip


def _draw_pile(frame: Frame, surface: pygame.Surface, deck: str) -> None:
    layout, shown = frame.layout, frame.shown
    draw = layout.pile(deck, "draw")
    name = "Christian" if deck == "C" else "Muslim"
    if draw.width:
        _caption(surface, draw, f"{name} draw")
        count = shown.draw_sizes.get(deck, 0)
        if count:
            _centred(surface, card_image(None, PILE_SCALE, deck), (draw.centerx, draw.centery + 8))
        _pill(surface, counted(count, "card"), (draw.centerx, draw.bottom - 26))
    pile = layout.pile(deck, "discard")
    if pile.width:
        _caption(surface, pile, f"{name} discard")
        cards = shown.discard_c if deck == "C" else shown.discard_m
        if cards and not frame.flights.incoming(("discard", deck)):
            _centred(surface, card_image(cards[-1], PILE_SCALE, deck), (pile.centerx, pile.centery + 8))
        _pill(surface, counted(len(cards), "card"), (pile.centerx, pile.bottom - 26))
        if frame.zones.get(f"discard_{deck}"):
            _glow_rect(surface, pile, frame.time)


def _glow_rect(surface: pygame.Surface, rect: pygame.Rect, time_s: float) -> None:
    strength = pulse(time_s)
    fill = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(fill, (*GOLD, int(30 + 50 * strength)), fill.get_rect(), border_radius=10)
    surface.blit(fill, rect)
    pygame.draw.rect(surface, GOLD_LIGHT, rect, 3, border_radius=10)


def _seats_of(shown: CrusaderShown, religion: str) -> list[int]:
    seats = [p for p in range(shown.players) if seat_religion(shown.seats, p) == religion]
    if religion == "M" and shown.coop:
        seats.append(BOT)
    return seats


def draw_bonus_track(frame: Frame, surface: pygame.Surface, deck: str) -> None:
    """The Card Bonus track of a side, -2 to +2, with each seat's badge beside its value (CK-R3)."""
    rect = frame.layout.area(f"{frame.layout.side(deck)}_bonus_track")
    if not rect.width:
        return
    shown = frame.shown
    _caption(surface, rect, "Card Bonus")
    cells = bonus_cells(rect)
    seats = _seats_of(shown, deck)
    values = [shown.bot_bonus if seat == BOT else shown.bonus[seat] for seat in seats]
    for value, cell in zip(range(-2, 3), cells, strict=True):
        pygame.draw.rect(surface, darken(STONE, 0.45), cell, border_radius=6)
        pygame.draw.rect(surface, STONE, cell, 1, border_radius=6)
        fonts.blit_text(
            surface, bonus_text(value), BONUS_LABEL, PARCHMENT, (cell.x + 4, cell.centery), anchor="midleft"
        )
        here = [seat for seat, v in zip(seats, values, strict=True) if v == value]
        size, centres = bonus_badges(cell, len(here))
        for seat, centre in zip(here, centres, strict=True):
            _centred(surface, badge.player_badge(seat_colour_index(shown.seats, seat), size), centre)


def draw_seats(frame: Frame, surface: pygame.Surface, religion: str) -> None:
    """The seats of a religion: badge, name, castles (against the supply where it is limited),
    garrisons, hand size, passed."""
    rect = frame.layout.seats_panel(religion)
    if not rect.width:
        return
    shown = frame.shown
    seats = _seats_of(shown, religion)
    if not seats:
        return
    _veil(surface, rect.inflate(4, 4), 255, 10)  # opaque: the board's pool frames stay under it
    pygame.draw.rect(surface, STONE, rect.inflate(4, 4), 1, border_radius=10)
    current = None if frame.view is None else frame.view["current_player"]
    for seat, row in zip(seats, seat_rows(rect, len(seats)), strict=True):
        active = seat == current and seat >= 0
        pygame.draw.rect(surface, (*darken(STONE, 0.55),), row, border_radius=8)
        pygame.draw.rect(surface, GOLD_LIGHT if active else STONE, row, 3 if active else 1, border_radius=8)
        colour = seat_colour_index(shown.seats, seat)
        size = min(30, row.height - 10)
        _centred(surface, badge.player_badge(colour, size), (row.x + 6 + size / 2, row.centery))
        name = "The Muslim Bot" if seat == BOT else who(frame, seat)
        x = row.x + size + 14
        fonts.blit_text(surface, _fit(name, 16, row.right - x - 6, True), 16, PARCHMENT_LIGHT, (x, row.y + 3),
                        bold=True, shadow=SHADOW)  # fmt: skip
        _seat_detail(frame, surface, seat, detail_line(row, size))
        if seat >= 0 and shown.passed[seat]:
            _tag(surface, "passed", (row.right - 6, row.y + 4))
        elif seat >= 0 and active and not frame.humans[seat]:
            _tag(surface, "thinking", (row.right - 6, row.y + 4))


def _seat_detail(frame: Frame, surface: pygame.Surface, seat: int, line: pygame.Rect) -> None:
    """A seat's castles, garrisons and cards on one line.  Where the supply is limited (3-4 players)
    the castles show as the supply itself, CK-R1: so how near a seat is to sudden victory (CK-R33,
    CK-H8) reads at a glance."""
    shown = frame.shown
    held = shown.castles(seat)
    garrisons = sum(1 for g in shown.garrisons if shown.owner.get(g) == seat)
    cards = shown.bot_hand_size if seat == BOT else shown.hand_sizes[seat]
    rest = f"{garrisons} garr. · {counted(cards, 'card')}"
    supply = shown.seats[seat].supply if 0 <= seat < len(shown.seats) else 0
    towers = supply_towers(line, supply, held, f"· {rest}")
    if towers:
        colour = seat_colour_index(shown.seats, seat)
        for rect, filled in towers:  # a token's walls start 2 px right of and 1 px below its image's corner
            image = tower_token(colour, SUPPLY_PIP, 3, False) if filled else empty_tower(SUPPLY_PIP)
            surface.blit(image, (rect.x - 2, rect.y - 1))
        fonts.blit_text(surface, f"· {rest}", DETAIL_SIZE, PARCHMENT, (towers[-1][0].right + 6, line.y))
        return
    text = f"{held} of {supply} castles · {rest}" if supply else f"{counted(held, 'castle')} · {rest}"
    fonts.blit_text(surface, _fit(text, DETAIL_SIZE, line.width), DETAIL_SIZE, PARCHMENT, (line.x, line.y))


@lru_cache(maxsize=8)
def empty_tower(size: int) -> pygame.Surface:
    """A castle still in the supply: the outline of :func:`tower_token`'s walls."""
    out = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    for poly in _towers(size, 3):
        pygame.draw.polygon(out, (*STONE, 255), [(x + 2, y + 1) for x, y in poly], 1)
    return out


def _tag(surface: pygame.Surface, text: str, topright: tuple[int, int]) -> None:
    image = fonts.render(text, 13, INK, bold=True)
    rect = image.get_rect(topright=topright).inflate(10, 2)
    pygame.draw.rect(surface, GOLD, rect, border_radius=7)
    surface.blit(image, image.get_rect(center=rect.center))


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    face = fonts.font(size, bold=bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _draw_kept(frame: Frame, surface: pygame.Surface, religion: str) -> None:
    """Events that stay in play this turn (Watchtowers, Truce), in front of their players."""
    rect = frame.layout.area(f"{frame.layout.side(religion)}_kept_events")
    if not rect.width:
        return
    shown = frame.shown
    _caption(surface, rect, "In play this turn")
    x = rect.x + 10
    w, h = card_px(SMALL_SCALE)
    for seat in _seats_of(shown, religion):
        if seat < 0:
            continue
        for cid in shown.kept[seat]:
            if x + w > rect.right:
                break
            surface.blit(card_image(cid, SMALL_SCALE), (x, rect.bottom - h - 6))
            colour = seat_colour_index(shown.seats, seat)
            _centred(surface, badge.player_badge(colour, 20), (x + w - 8, rect.bottom - h))
            x += w + 8


def draw_bot_areas(frame: Frame, surface: pygame.Surface) -> None:
    """The Bot's hand (backs, order hidden), response stack and army on the small map (CK-R42)."""
    layout, shown = frame.layout, frame.shown
    hand = layout.area("bot_hand")
    _caption(surface, hand, "Bot hand")
    if shown.bot_hand_size:
        back = card_image(None, PILE_SCALE * 0.9, "M")
        stacked = min(3, shown.bot_hand_size)
        for k in range(stacked):  # the top card's top edge stays clear of the caption
            centre_y = hand.y + CAPTION_H + back.get_height() / 2 + (stacked - 1 - k) * 4
            _centred(surface, back, (hand.centerx - 6 + k * 6, centre_y))
    _pill(surface, counted(shown.bot_hand_size, "card"), (hand.centerx, hand.bottom - 26))
    stack = layout.area("bot_response")
    _caption(surface, stack, "Bot responses")
    if shown.bot_stack and not frame.flights.incoming("bot_stack"):
        _centred(
            surface, card_image(shown.bot_stack[-1], PILE_SCALE * 0.9), (stack.centerx, stack.centery + 4)
        )
    _pill(surface, counted(len(shown.bot_stack), "card"), (stack.centerx, stack.bottom - 26))
    army = layout.area("bot_army")
    strength = frame.view["bot_army_strength"] if frame.view else 0
    _caption(surface, army, "Bot army" + (f" · strength {strength}" if strength else ""))
    cards = shown.bot_army
    shown_count = len(cards) - frame.flights.incoming("bot_army")
    for i, cid in enumerate(cards[: max(0, shown_count)]):
        x, y = layout.army_card_at(len(cards), i)
        surface.blit(card_image(cid, SMALL_SCALE * 1.3), (round(x), y))


# -- the attack ----------------------------------------------------------------------------------------------


def draw_attack(frame: Frame, surface: pygame.Surface) -> None:
    """The attack under way: who attacks where, the cards on each side (face down until revealed),
    the garrisons used and, after the roll, the hits."""
    a = frame.shown.attack
    panel = frame.attack_panel()
    if a is None or panel is None:
        return
    board = frame.rules_board
    _veil(surface, panel, 215, 14)
    pygame.draw.rect(surface, CRIMSON, panel, 3, border_radius=14)
    region = board.labels[board.index[a.region]] if a.region in board.index else "…"
    title = f"{who(frame, a.attacker)} attacks {region}".replace("the Bot", "The Bot", 1)
    if a.event:
        from crimson_table.engine.crusader_kingdoms.cards import title as card_title  # noqa: PLC0415

        title += f" ({card_title(a.event)})"
    if a.won is not None:
        title += ": it succeeds" if a.won else ": it fails"
    fonts.blit_text(surface, _fit(title, 19, panel.width - 24, True), 19, GOLD_LIGHT, (panel.centerx, panel.y + 6),
                    anchor="midtop", bold=True, shadow=SHADOW)  # fmt: skip
    att, dfn = attack_halves(panel)
    defender = frame.shown.owner.get(a.region, INDEP)
    rdv = board.defense[board.index[a.region]] if a.region in board.index else 0
    for half, side, name in ((att, "ATT", "Attack"), (dfn, "DEF", f"Defence · value {rdv}")):
        hot = frame.zones.get(side)
        pygame.draw.rect(surface, (*darken(STONE, 0.6),), half, border_radius=10)
        if hot:
            _glow_rect(surface, half, frame.time)
        pygame.draw.rect(surface, GOLD if hot else STONE, half, 2 if hot else 1, border_radius=10)
        label = _attack_label(a) if side == "ATT" else f"{name} · {who(frame, defender)}"
        fonts.blit_text(
            surface,
            _fit(label, 14, half.width - 16, True),
            14,
            PARCHMENT,
            (half.x + 8, half.y + 4),
            bold=True,
        )
        cards = [c for c in a.cards if c.side == side]
        incoming = frame.flights.incoming(("attack", side))
        slots = attack_card_slots(half, len(cards))
        for i, (c, slot) in enumerate(zip(cards, slots, strict=True)):
            if i >= len(cards) - incoming:
                break
            _attack_card(frame, surface, c, slot)
        if side == "DEF":
            for k, g in enumerate(a.garrisons):
                colour = seat_colour_index(frame.shown.seats, frame.shown.owner.get(g, defender))
                spot = (half.right - 20 - k * 26, half.y + 34)
                _centred(surface, tower_token(colour, GARRISON_SIZE, 1, badge.patterned()), spot)
        if a.dice is not None:
            hits = a.dice[2] if side == "ATT" else a.dice[3]
            dice = len(a.dice[0] if side == "ATT" else a.dice[1])
            fonts.blit_text(
                surface, f"{dice} dice · {hits} hits", 14, GOLD, (half.x + 8, half.y + 22), bold=True
            )


def _attack_label(a: ShownAttack) -> str:
    """The attack side's heading: the Bot's attack says what it attacks with, its army's strength,
    which is its number of dice (CK-R49); a player's says it once its cards are revealed."""
    if a.strength is None:
        return "Attack"
    return f"Attack · army strength {a.strength}: {counted(a.strength, 'die', 'dice')}"


def _attack_card(frame: Frame, surface: pygame.Surface, c: AttackCard, slot: pygame.Rect) -> None:
    surface.blit(card_image(c.card, SMALL_SCALE, c.deck), slot)
    if c.seat >= 0 or c.seat == BOT:
        colour = seat_colour_index(frame.shown.seats, c.seat)
        _centred(surface, badge.player_badge(colour, 18), (slot.right - 6, slot.y + 6))


# -- hand, pick, prompt, zoom -----------------------------------------------------------------------------------


def draw_hand(frame: Frame, surface: pygame.Surface) -> None:
    """The viewer's hand along the bottom; the selected card raised with a gold edge (a spectator:
    the viewer seat's hand face down; all hands open: every hand, one line each)."""
    shown, layout = frame.shown, frame.layout
    if (frame.view is None or frame.view["seat"] is None) and all(h is not None for h in shown.hands):
        draw_open_hands(surface, layout.hand_rect, open_hand_lines(frame))
        return
    if shown.blind:
        decks = shown.hand_decks[frame.viewer]
        backs = ["C"] * decks[0] + ["M"] * decks[1]  # the backs are public (CK-R5)
        for i in layout.hand_order(len(backs)):
            surface.blit(
                card_image(None, HAND_SCALE, backs[i]), layout.hand_card_rect(len(backs), i, None, None)
            )
        return
    hand = shown.hand
    if not hand:
        text = "No cards in hand" if frame.humans[frame.viewer] else ""
        fonts.blit_text(surface, text, 18, STONE, layout.hand_rect.center, anchor="center", italic=True)
        return
    incoming = frame.flights.incoming(("hand", frame.viewer))
    for i in layout.hand_order(len(hand)):
        cid = hand[i]
        if frame.lifted(("hand", i, cid)) or i >= len(hand) - incoming:
            continue
        rect = layout.hand_card_rect(len(hand), i, frame.selected, frame.hovered)
        surface.blit(card_image(cid, HAND_SCALE), rect)
        if i == frame.selected:
            pygame.draw.rect(surface, GOLD_LIGHT, rect.inflate(4, 4), 3, border_radius=10)


def open_hand_lines(frame: Frame) -> list[HandLine]:
    """All hands open: each seat's hand in words, and the Muslim Bot's when it holds one."""
    from crimson_table.engine.crusader_kingdoms.cards import title as card_title  # noqa: PLC0415

    shown = frame.shown
    lines = [
        HandLine(seat_colour_index(shown.seats, seat), who(frame, seat), grouped(map(card_title, hand or [])))
        for seat, hand in enumerate(shown.hands)
    ]
    if shown.bot_cards:
        lines.append(HandLine(BOT_COLOUR, "The Muslim Bot", grouped(map(card_title, shown.bot_cards))))
    return lines


def draw_pick(frame: Frame, surface: pygame.Surface) -> None:
    """The hand the viewer picks from, face up, on a veil."""
    if not frame.pick:
        return
    slots = frame.layout.pick_slots(len(frame.pick))
    area = slots[0].unionall(slots).inflate(40, 70)
    _veil(surface, area, 225, 14)
    pygame.draw.rect(surface, GOLD, area, 2, border_radius=14)
    owner = frame.view["pick_from"] if frame.view else -9
    fonts.blit_text(surface, f"Choose a card from {who(frame, owner)}'s hand", 18, GOLD_LIGHT,
                    (area.centerx, area.y + 8), anchor="midtop", bold=True)  # fmt: skip
    for cid, slot in zip(frame.pick, slots, strict=True):
        surface.blit(card_image(cid, 0.6), slot.move(0, 14))


def draw_prompt(frame: Frame, surface: pygame.Surface, right: int) -> None:
    """What the viewer is asked to do (or who is deciding), above the buttons."""
    if not frame.prompt:
        return
    footer = frame.layout.footer
    width = right - (frame.layout.hand_rect.right + 12)
    lines = fonts.wrap(
        frame.prompt,
        fonts.font(16, italic=True),
        max(160, frame.layout.width - frame.layout.hand_rect.right - 30),
    )
    for i, line in enumerate(lines[:3]):
        fonts.blit_text(surface, line, 16, PARCHMENT, (frame.layout.width - 16, footer.y + 8 + 20 * i),
                        anchor="topright", italic=True, shadow=SHADOW)  # fmt: skip
    del width


def draw_zoom(surface: pygame.Surface, cid: str, anchor: pygame.Rect, bounds: pygame.Rect) -> None:
    """A card at 2.5x next to where it lies."""
    rect = zoom_rect(anchor, bounds)
    shadow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=24)
    surface.blit(shadow, rect.inflate(16, 16).move(4, 6))
    surface.blit(card_image(cid, ZOOM_SCALE), rect)


def kingdom_line(frame: Frame, seat: int) -> str:
    """``Anna · Kingdom of Jerusalem``."""
    return f"{who(frame, seat)} · {kingdom(frame.shown.seats, seat)}"
