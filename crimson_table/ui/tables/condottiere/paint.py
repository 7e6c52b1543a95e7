"""Painting the Condottiere table: the battle panel with one line per seat, piles, hand, zoom, prompts.

Pure drawing: every function takes what it draws, a :class:`Frame` (the shown table, the layout,
the map, the in-flight marks and what the seat at the screen is doing) built by the scene once per
frame, and paints; nothing here changes state.  Card values and line totals are the engine's
(through the shown model), never computed here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from crimson_table.engine.condottiere.cards import DRUMMER, MERCENARY, thresholds, title
from crimson_table.engine.condottiere.view import CondottiereView
from crimson_table.ui.art.emblems import emblem
from crimson_table.ui.art.palette import ICE, darken
from crimson_table.ui.art.patterns import fill_pattern
from crimson_table.ui.tables.condottiere.anim import DISCARD, TOKEN
from crimson_table.ui.tables.condottiere.gestures import HandHover, hand_card_rect
from crimson_table.ui.tables.condottiere.layout import (
    HAND_SCALE,
    PILE_SCALE,
    ZOOM_SCALE,
    Layout,
    card_image,
    card_name,
    card_px,
    lifted_image,
)
from crimson_table.ui.tables.condottiere.map_view import MapView, condottiere_token
from crimson_table.ui.tables.condottiere.shown import CondottiereShown
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import badge, fonts
from crimson_table.ui.widgets.clearance import zoom_place
from crimson_table.ui.widgets.drop_zone import pulse
from crimson_table.ui.widgets.open_hands import HandLine, draw_open_hands, grouped
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    SHADOW,
    STONE,
)

Colour = tuple[int, int, int]


@dataclass
class Frame:
    """What one frame of the table draws (the scene builds it; nothing here reads the scene)."""

    shown: CondottiereShown
    layout: Layout
    map_view: MapView
    flights: InFlight
    view: CondottiereView  # the seat at the screen's player_view (phase, who acts, ties, kept)
    names: tuple[str, ...]
    humans: tuple[bool, ...]  # a person plays the seat (here or elsewhere), not the computer
    viewer: int
    own: (
        bool  # the viewer seat is played at this screen: the prompt says "Your turn" (a spectator's names it)
    )
    table_rect: pygame.Rect
    interactive: bool = False
    settled: bool = True
    hover: HandHover = field(default_factory=HandHover)
    hover_line: tuple[int, int] | None = None
    dragging: bool = False
    lifted: Callable[[Hashable], bool] = lambda key: False
    scarecrow_targets: set[str] = field(default_factory=set)
    buttons_left: int | None = None  # x of the leftmost decision button (the prompt ends there)
    caption: list[str] = field(default_factory=list)  # the hovered region's card

    @property
    def token_hidden(self) -> bool:
        """True while the Condottiere token is in the air (drawn by its flight)."""
        return TOKEN in self.flights.hidden

    def visible_discard(self) -> list[str]:
        """The discard pile without the cards still flying to it."""
        pile = self.shown.discard
        return pile[: max(0, len(pile) - self.flights.incoming(DISCARD))]


def _veil(
    surface: pygame.Surface, rect: pygame.Rect, alpha: int, radius: int = 12, colour: Colour = INK
) -> None:
    surface.blit(_veil_image(rect.size, alpha, radius, colour), rect)


@lru_cache(maxsize=16)  # the panel, the rows as passed or not, the boxes: a handful per table
def _veil_image(size: tuple[int, int], alpha: int, radius: int, colour: Colour) -> pygame.Surface:
    """A translucent rounded panel (made once per size and shade, not every frame)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    return layer


@lru_cache(maxsize=64)  # names and labels fitted every frame: measured once
def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    face = fonts.font(size, bold=bold)
    if face.size(text)[0] <= width:
        return text
    while len(text) > 1 and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


# -- the battle panel ---------------------------------------------------------------------------------


def draw_panel(frame: Frame, surface: pygame.Surface, now: float) -> None:
    """Header (battle, round, season), one row per seat, and the prompt in the footer."""
    layout = frame.layout
    _veil(surface, layout.panel, 120, 14)
    pygame.draw.rect(surface, GOLD_DARK, layout.panel, 1, border_radius=14)
    _draw_header(frame, surface)
    values = frame.shown.card_values()  # CO-R33, the engine's
    totals = frame.shown.totals()  # CO-R34 / the battle's result, the engine's
    for seat in layout.order:
        _draw_row(frame, surface, seat, values[seat], totals[seat], now)
    _draw_prompt(frame, surface)


def _draw_header(frame: Frame, surface: pygame.Surface) -> None:
    shown, header = frame.shown, frame.layout.header
    title = f"Battle for {frame.map_view.title(shown.region)}" if shown.region else "Between battles"
    fonts.blit_text(surface, title, 26, GOLD_LIGHT, (header.x + 18, header.y + 9), bold=True, shadow=SHADOW)
    fought = f"{shown.battle} battle{'' if shown.battle == 1 else 's'} fought"
    counter = f"Battle {shown.battle}" if shown.region else fought
    fonts.blit_text(
        surface,
        f"Round {shown.round} · {counter}",
        15,
        PARCHMENT,
        (header.right - 16, header.y + 6),
        anchor="topright",
    )
    chip = _season_chip(shown.season(), shown.top_mercenary())
    if chip is not None:
        surface.blit(chip, chip.get_rect(topright=(header.right - 12, header.y + 26)))
    elif not shown.region and not frame.token_hidden:
        holder = frame.names[shown.holder]
        fonts.blit_text(
            surface, f"{holder} holds the Condottiere", 15, GOLD_LIGHT, (header.right - 16, header.y + 26),
            anchor="topright", italic=True,
        )  # fmt: skip
    pygame.draw.line(
        surface, GOLD_DARK, (header.x + 14, header.bottom), (header.right - 14, header.bottom), 1
    )


def _season_chip(kind: str, top: int) -> pygame.Surface | None:
    """The season in play as a chip: "Winter: Mercenaries count 1" or "Spring: every 10 gets +3"."""
    if not kind:
        return None
    text = "Winter: Mercenaries count 1" if kind == "winter" else f"Spring: every {top} gets +3"
    if kind == "spring" and not top:
        text = "Spring: no Mercenary in play"
    return _chip(kind, text, ICE if kind == "winter" else (0xF6, 0xD6, 0xE0))


@lru_cache(maxsize=32)
def _chip(kind: str, text: str, fill: Colour) -> pygame.Surface:
    label = fonts.render(text, 14, INK, bold=True)
    chip = pygame.Surface((label.get_width() + 40, 22), pygame.SRCALPHA)
    pygame.draw.rect(chip, fill, chip.get_rect(), border_radius=11)
    pygame.draw.rect(chip, INK, chip.get_rect(), 1, border_radius=11)
    chip.blit(emblem(kind, 20), (6, 1))
    chip.blit(label, (30, 1))
    return chip


def _draw_row(
    frame: Frame,
    surface: pygame.Surface,
    seat: int,
    values: list[int | None],
    total: int,
    now: float,
) -> None:
    shown, row = frame.shown, frame.layout.rows[seat]
    result = shown.result
    winner = result is not None and result.get("winner") == seat
    _veil(surface, row, 95 if shown.passed[seat] else 165, 12)
    fill_pattern(surface, pygame.Rect(row.x + 3, row.y + 6, 6, row.height - 12), seat)
    acting = frame.settled and frame.view.get("current_player") == seat and frame.view["phase"] != "region"
    if winner:
        pygame.draw.rect(surface, GOLD_LIGHT, row, 3, border_radius=12)
    elif acting:
        strength = pulse(now)
        colour = tuple(round(GOLD[i] + (GOLD_LIGHT[i] - GOLD[i]) * strength) for i in range(3))
        pygame.draw.rect(surface, colour, row, 3, border_radius=12)
    else:
        pygame.draw.rect(surface, darken(GOLD_DARK, 0.2), row, 1, border_radius=12)
    _draw_head(frame, surface, seat)
    _draw_line(frame, surface, seat, values, now)
    _draw_strength(frame, surface, seat, total, winner)


def _draw_head(frame: Frame, surface: pygame.Surface, seat: int) -> None:
    shown, layout = frame.shown, frame.layout
    head, compact = layout.head(seat), layout.compact
    size = 24 if compact else 28
    surface.blit(badge.player_badge(seat, size), (head.x + 14, head.y + 7))
    holds_token = shown.holder == seat and not shown.region and not frame.token_hidden
    name = _fit(frame.names[seat], 17, head.width - size - 30, bold=True)
    fonts.blit_text(surface, name, 17, PARCHMENT, (head.x + 20 + size, head.y + 8), bold=True, shadow=SHADOW)
    y = head.y + (33 if compact else 42)
    back = card_image(None, 0.14)
    surface.blit(back, (head.x + 16, y))
    fonts.blit_text(
        surface, str(shown.hand_sizes[seat]), 16, PARCHMENT, (head.x + 38, y + 1), bold=True, shadow=SHADOW
    )
    held = sum(1 for owner in shown.control.values() if owner == seat)
    surface.blit(badge.player_badge(seat, 18), (head.x + 64, y + 3))
    fonts.blit_text(surface, str(held), 16, PARCHMENT, (head.x + 86, y + 1), bold=True, shadow=SHADOW)
    if not frame.humans[seat] and not compact:
        fonts.blit_text(surface, "computer", 14, STONE, (head.x + 16, y + 28), italic=True)
    if holds_token:
        token = condottiere_token(30 if not compact else 26)
        home = layout.token_home(seat)
        surface.blit(token, token.get_rect(center=(round(home[0]), round(home[1]))))
    if shown.passed[seat]:
        _passed_tag(surface, (head.right - 6, head.bottom - 6))


def _passed_tag(surface: pygame.Surface, bottomright: tuple[int, int]) -> None:
    text = fonts.render("PASSED", 13, PARCHMENT_LIGHT, bold=True)
    rect = text.get_rect().inflate(14, 4)
    rect.bottomright = bottomright
    pygame.draw.rect(surface, darken(STONE, 0.25), rect, border_radius=6)
    pygame.draw.rect(surface, PARCHMENT, rect, 1, border_radius=6)
    surface.blit(text, text.get_rect(center=rect.center))


def _draw_line(
    frame: Frame, surface: pygame.Surface, seat: int, values: list[int | None], now: float
) -> None:
    shown, layout = frame.shown, frame.layout
    line = shown.lines[seat]
    slots = layout.line_slots(seat, len(line))
    targets = frame.scarecrow_targets if seat == frame.viewer else set()
    for i, (card, rect) in enumerate(zip(line, slots, strict=True)):
        surface.blit(card_image(card, layout.line_scale), rect)
        if card in targets:
            alpha = 120 + round(135 * pulse(now))
            glow = pygame.Surface(rect.inflate(10, 10).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*GOLD_LIGHT, alpha), glow.get_rect(), 4, border_radius=10)
            surface.blit(glow, rect.inflate(10, 10))
        value = values[i] if i < len(values) else None
        printed = MERCENARY.get(card, value)
        if value is not None and printed is not None and (value != printed or layout.compact):
            _value_badge(surface, rect, value, value < printed, value == printed)
    if not line and seat == frame.viewer and frame.interactive and frame.view["phase"] == "battle":
        area = layout.line_area(seat)
        fonts.blit_text(surface, "Drag a card here", 16, STONE, area.center, anchor="center", italic=True)


def _value_badge(
    surface: pygame.Surface, card: pygame.Rect, value: int, lowered: bool, plain: bool = False
) -> None:
    """A card's value in its line now: ice when Winter lowers it, gold when a Drummer or Spring raises
    it (CO-R33), parchment when unchanged (small cards in compact rows show every value)."""
    text = fonts.render(str(value), 15, INK, bold=True)
    rect = text.get_rect().inflate(12, 2)
    rect.width = max(rect.width, 26)
    rect.topleft = (card.x - 3, card.y + round(card.height * 0.34))
    pygame.draw.rect(surface, SHADOW, rect.move(1, 2), border_radius=8)
    pygame.draw.rect(surface, PARCHMENT if plain else ICE if lowered else GOLD_LIGHT, rect, border_radius=8)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=8)
    surface.blit(text, text.get_rect(center=rect.center))


def _draw_strength(frame: Frame, surface: pygame.Surface, seat: int, total: int, winner: bool) -> None:
    box = frame.layout.strength_box(seat)
    compact = frame.layout.compact
    w, h = (44, 48) if compact else (52, 58)
    cx, top = box.centerx - 4, box.centery - h // 2 - (6 if not compact else 2)
    shield = [
        (cx - w / 2, top),
        (cx + w / 2, top),
        (cx + w / 2, top + h * 0.55),
        (cx, top + h),
        (cx - w / 2, top + h * 0.55),
    ]
    pygame.draw.polygon(surface, SHADOW, [(x + 2, y + 3) for x, y in shield])
    pygame.draw.polygon(surface, GOLD if winner else PARCHMENT, shield)
    pygame.draw.polygon(surface, CRIMSON if winner else GOLD_DARK, shield, 2)
    fonts.blit_text(
        surface,
        str(total),
        22 if compact else 24,
        INK,
        (cx, round(top + h * 0.42)),
        anchor="center",
        bold=True,
    )
    if DRUMMER in frame.shown.lines[seat]:
        tag = fonts.render("×2", 14, INK, bold=True)
        rect = tag.get_rect().inflate(10, 2)
        rect.midtop = (cx, round(top + h) - 2)
        pygame.draw.rect(surface, GOLD_LIGHT, rect, border_radius=7)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=7)
        surface.blit(tag, tag.get_rect(center=rect.center))


def _draw_prompt(frame: Frame, surface: pygame.Surface) -> None:
    footer = frame.layout.footer
    left = frame.buttons_left if frame.buttons_left is not None else footer.right
    width = left - footer.x - 28
    face = fonts.font(17)
    lines = fonts.wrap(prompt_text(frame), face, width)[:2]
    y = footer.centery - len(lines) * face.get_linesize() // 2
    for line in lines:
        surface.blit(fonts.render(line, 17, PARCHMENT, shadow=SHADOW), (footer.x + 16, y))
        y += face.get_linesize()


def prompt_text(frame: Frame) -> str:
    """What the seat at the screen should do now, or whom the table waits for."""
    view = frame.view
    seat = view.get("current_player")
    if seat is None:
        return "The game is over."
    name = frame.names[seat]
    if seat != frame.viewer or not frame.own:
        waits = {"region": f"{name} chooses where to fight.", "pope": f"{name} places the Favor of the Pope.",
                 "scarecrow": f"{name} may take a Mercenary back.", "keep": f"{name} chooses cards to keep."}  # fmt: skip
        return waits.get(view["phase"], f"{name}'s turn.")
    kept = ", ".join(card_name(c) for c in view.get("kept", []))
    if not frame.interactive:  # nothing glows until the table has caught up: say so only then
        waiting = {"region": "Choose where to fight next.", "pope": "Bishop: place the Pope's Favor next.",
                   "scarecrow": "Scarecrow: take back a Mercenary next."}  # fmt: skip
        if view["phase"] in waiting:
            return waiting[view["phase"]]
    texts = {
        "region": "Choose where to fight: click a glowing region.",
        "battle": "Your turn: drag a card onto your line, or pass.",
        "pope": "Bishop: click a glowing region to place the Pope's Favor.",
        "scarecrow": "Scarecrow: click a glowing Mercenary of your line.",
        "keep": "Round over: click up to 2 cards to keep" + (f" (kept {kept})" if kept else "") + ".",
    }
    return texts.get(view["phase"], "Your move.")


# -- map extras, piles, hand, zoom ------------------------------------------------------------------------


def draw_map_info(frame: Frame, surface: pygame.Surface) -> None:
    """The victory thresholds in the sea at the bottom left of the map (CO-R48)."""
    total, connected = thresholds(frame.shown.players)
    rect = pygame.Rect(frame.layout.map_rect.x + 12, frame.layout.map_rect.bottom - 40, 292, 28)
    _veil(surface, rect, 200, 10)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=10)
    text = f"Victory: {total} regions, or {connected} connected"
    fonts.blit_text(surface, text, 15, PARCHMENT, rect.center, anchor="center", bold=True)
    ties = int(frame.view.get("ties", 0))
    if ties:
        fonts.blit_text(
            surface, f"Battles in a row without a winner: {ties}/30", 14, PARCHMENT,
            (rect.x + 4, rect.y - 22), shadow=SHADOW,
        )  # fmt: skip


def draw_region_card(frame: Frame, surface: pygame.Surface) -> None:
    """The hovered region's name, holder and neighbours, above the victory note."""
    lines = frame.caption
    if not lines:
        return
    face = fonts.font(15)
    body = fonts.wrap(lines[2], face, 268)
    box = pygame.Rect(0, 0, 292, 62 + 20 * len(body))
    box.bottomleft = (frame.layout.map_rect.x + 12, frame.layout.map_rect.bottom - 48)
    _veil(surface, box, 232, 10)
    pygame.draw.rect(surface, GOLD, box, 2, border_radius=10)
    fonts.blit_text(surface, lines[0], fonts.BODY, GOLD_LIGHT, (box.x + 12, box.y + 6), bold=True)
    fonts.blit_text(surface, lines[1], 15, PARCHMENT, (box.x + 12, box.y + 34), italic=True)
    for i, line in enumerate(body):
        fonts.blit_text(surface, line, 15, PARCHMENT, (box.x + 12, box.y + 54 + 20 * i))


def draw_piles(frame: Frame, surface: pygame.Surface) -> None:
    """The draw pile (face down) and the discard pile (top card up), with their sizes."""
    shown, layout = frame.shown, frame.layout
    discard = frame.visible_discard()
    for rect, label, count, top in (
        (layout.draw_pile, "Draw", shown.draw_size, None),
        (layout.discard_pile, "Discard", len(discard), discard[-1] if discard else "—"),
    ):
        fonts.blit_text(
            surface, label, 15, PARCHMENT, (rect.centerx, rect.y - 20), anchor="midtop", shadow=SHADOW
        )
        if count and top != "—":
            for k in range(min(3, count // 12)):
                pygame.draw.rect(
                    surface, darken(STONE, 0.5), rect.move(3 + 2 * k, 3 + 2 * k), border_radius=7
                )
            surface.blit(card_image(top, PILE_SCALE), rect)
        else:
            pygame.draw.rect(surface, darken(STONE, 0.35), rect, 2, border_radius=7)
        _count_pill(surface, str(count), (rect.centerx, rect.bottom + 2))


def _count_pill(surface: pygame.Surface, text: str, midtop: tuple[int, int]) -> None:
    image = fonts.render(text, 15, INK, bold=True)
    rect = image.get_rect().inflate(14, 2)
    rect.midtop = midtop
    pygame.draw.rect(surface, PARCHMENT, rect, border_radius=8)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=8)
    surface.blit(image, image.get_rect(center=rect.center))


def draw_hand(frame: Frame, surface: pygame.Surface) -> None:
    """The viewer's hand along the bottom; the selected card raised with a gold edge (a spectator:
    the viewer seat's hand face down; all hands open: every seat's hand, one line each)."""
    shown = frame.shown
    if shown.open_hands and all(h is not None for h in shown.open_hands):
        _draw_open_hands(frame, surface)
        return
    if shown.blind:
        count = shown.hand_sizes[frame.viewer]
        for i in range(count):
            surface.blit(card_image(None, HAND_SCALE), hand_card_rect(frame.layout, count, i, HandHover()))
        return
    hand = shown.hand
    if not hand:
        text = "No cards in hand: you sit out until the round ends." if frame.own else ""
        fonts.blit_text(surface, text, 18, STONE, frame.layout.hand_rect.center, anchor="center", italic=True)
        return
    for i, card in enumerate(hand):
        if frame.lifted(("hand", i, card)):
            continue
        rect = hand_card_rect(frame.layout, len(hand), i, frame.hover)
        surface.blit(card_image(card, HAND_SCALE), rect)
        if i == frame.hover.selected:
            pygame.draw.rect(surface, GOLD_LIGHT, rect.inflate(4, 4), 3, border_radius=11)


def _draw_open_hands(frame: Frame, surface: pygame.Surface) -> None:
    """All hands open (the game is over): each seat's badge, name and hand, cards grouped by name."""
    lines = [
        HandLine(seat, frame.names[seat], hand_summary(hand or []))
        for seat, hand in enumerate(frame.shown.open_hands)
    ]
    draw_open_hands(surface, frame.layout.hand_rect, lines)


def hand_summary(cards: list[str]) -> str:
    """A hand in words, equal cards together: "Mercenary 1, 6 ×2 · Winter · Scarecrow ×3".

    >>> hand_summary(["1", "6", "6", "Wi", "Sc", "Sc"])
    'Mercenary 1, 6 ×2 · Winter · Scarecrow ×2'
    """
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    mercenaries = [c for c in counts if c in MERCENARY]
    others = grouped(title(c) for c in cards if c not in MERCENARY)
    if not mercenaries:
        return others
    values = ", ".join(f"{MERCENARY[c]}" + (f" ×{counts[c]}" if counts[c] > 1 else "") for c in mercenaries)
    return f"Mercenary {values}" + ("" if others == "no cards" else f" · {others}")


def zoom_rect(anchor: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    """Where the 2.5x card goes: above the card if there is room, else beside it (left first)."""
    return zoom_place(card_px(ZOOM_SCALE), anchor, bounds)


def draw_zoom(frame: Frame, surface: pygame.Surface) -> None:
    """The hovered card (own hand or any line) at 2.5x with its full text."""
    if frame.dragging:
        return
    shown, hovered = frame.shown, frame.hover.hovered
    card, anchor = None, None
    if hovered is not None and hovered < len(shown.hand):
        card, anchor = (
            shown.hand[hovered],
            hand_card_rect(frame.layout, len(shown.hand), hovered, frame.hover),
        )
    elif frame.hover_line is not None:
        seat, index = frame.hover_line
        line = shown.lines[seat]
        if index < len(line):
            card, anchor = line[index], frame.layout.line_slots(seat, len(line))[index]
    if card is None or anchor is None:
        return
    if frame.hover_line is not None:  # line cards zoom over the map, never over the other lines
        rect = pygame.Rect((0, 0), card_px(ZOOM_SCALE))
        rect.midright = (frame.layout.panel.x - 12, anchor.centery)
        rect.clamp_ip(frame.table_rect.inflate(-16, -16))
    else:
        rect = zoom_rect(anchor, frame.table_rect)
    image, pad = lifted_image(card, ZOOM_SCALE)
    surface.blit(image, (rect.x - pad, rect.y - pad))
