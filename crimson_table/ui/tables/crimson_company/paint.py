"""Crimson Company table: painting the lanes, castles, market, coins and players.

Pure drawing: every function reads the table as shown (:class:`~.shown.CCShown`) and a
:class:`Geometry` and paints; nothing here changes state.  Cards come from the shared art package
(``render_card`` / ``render_back``), coins are drawn as stacks with their count beside them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import Any

import pygame

from crimson_table.engine.crimson_company.cards import CASTLES_TO_WIN, OFFER_SIZE, SCORE_AT, WAITING_CAP
from crimson_table.engine.crimson_company.view import shown_strength
from crimson_table.ui.art.cards import CARD_W, render_back, render_card
from crimson_table.ui.art.icons import ui_icon
from crimson_table.ui.art.palette import darken, lighten, seat_colour
from crimson_table.ui.art.surface_cache import MB, surface_cache
from crimson_table.ui.art.table import castle
from crimson_table.ui.tables.backdrop import Layer
from crimson_table.ui.tables.crimson_company.layout import (
    CASTLE_BOTTOM,
    CASTLE_TOP,
    GAME_ID,
    ZOOM,
    CardSlot,
    Geometry,
    card_name,
    card_spec,
)
from crimson_table.ui.tables.crimson_company.shown import CCShown, ScoreShow
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_LIGHT,
    SHADOW,
    STONE,
)

FELT_SLOT = (10, 24, 17)
WIN_TINT = 46


# --------------------------------------------------------------------------- cards


def face(card: str, scale: float = 1.0) -> pygame.Surface:
    """A card face at ``scale``."""
    return render_card(card_spec(card), scale)


# 1 MB: a dozen face-down cards (80 KB each), more than the lanes show at once; 64 entries could
# hold every sellsword's back, 2.3 MB.
@surface_cache(max_bytes=1 * MB)
def face_down(card: str) -> pygame.Surface:
    """The card back with a name tag on top (face-down cards are open information, CC-R3)."""
    image = render_back(GAME_ID).copy()
    text = fonts.render(card_name(card), 13, INK, italic=True)
    tag = pygame.Rect(0, 0, min(CARD_W - 12, text.get_width() + 12), 20)
    tag.midtop = (CARD_W // 2, 8)  # at the top, so it shows when other cards cover the rest
    pygame.draw.rect(image, PARCHMENT_LIGHT, tag, border_radius=6)
    pygame.draw.rect(image, GOLD_DARK, tag, 1, border_radius=6)
    clip = image.get_clip()
    image.set_clip(tag.inflate(-4, 0))
    image.blit(text, text.get_rect(center=tag.center))
    image.set_clip(clip)
    return image


# The translucent plates drawn every frame (the scoreboard's veil, the acting player's pill, the
# shade between stacked lane cards, the zoom's shadow) and the castles not yet won: made once, not
# once a frame.
@lru_cache(maxsize=8)
def _rounded_veil(size: tuple[int, int], colour: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    """A rounded rectangle of ``colour`` (with its alpha) filling a transparent surface of ``size``."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, colour, veil.get_rect(), border_radius=radius)
    return veil


@lru_cache(maxsize=4)
def _faded_icon(name: str, size: int, alpha: int) -> pygame.Surface:
    """A copy of the UI icon at ``alpha`` (a castle still to win)."""
    ghost = ui_icon(name, size).copy()
    ghost.set_alpha(alpha)
    return ghost


def slot_image(slot: CardSlot) -> pygame.Surface:
    """What a slot shows: the face, or the back for a face-down card in a lane."""
    return face(slot.card) if slot.face_up else face_down(slot.card)


def draw_slots(surface: pygame.Surface, slots: list[CardSlot], hidden: AbstractSet[Hashable]) -> None:
    """Every card in draw order, skipping the ones an animation is carrying."""
    for slot in slots:
        if slot.card in hidden:
            continue
        if slot.where == "lane" and slot.visible.height < slot.rect.height:
            _shadow_line(surface, slot)
        surface.blit(slot_image(slot), slot.rect)


def _shadow_line(surface: pygame.Surface, slot: CardSlot) -> None:
    surface.blit(
        _rounded_veil((slot.rect.width - 8, 6), (0, 0, 0, 60), 0), (slot.rect.x + 4, slot.rect.y + 3)
    )


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 3) -> None:
    """A rounded outline just outside a card rect."""
    pygame.draw.rect(surface, colour, rect.inflate(6, 6), width, border_radius=12)


def draw_zoom(surface: pygame.Surface, slot: CardSlot, bounds: pygame.Rect) -> pygame.Rect:
    """The hovered card at 2.5x beside it (the real face, also for a face-down card); returns its rect."""
    image = face(slot.card, ZOOM)
    rect = image.get_rect()
    if slot.rect.centerx < bounds.centerx:
        rect.left = slot.rect.right + 14
    else:
        rect.right = slot.rect.left - 14
    rect.centery = slot.visible.centery
    rect.clamp_ip(bounds.inflate(-12, -12))
    surface.blit(_rounded_veil(rect.size, (0, 0, 0, 110), 24), rect.move(10, 14))
    surface.blit(image, rect)
    if not slot.face_up:
        above = rect.y - 22 >= bounds.y + 4
        centre = (rect.centerx, rect.y - 20 if above else rect.bottom + 20)
        _ribbon(surface, "Face-down: strength 0, no effect", centre, rect.width - 30)
    return rect


def _ribbon(
    surface: pygame.Surface, text: str, centre: tuple[int, int], width: int, size: int = fonts.SMALL
) -> None:
    image = fonts.render(text, size, PARCHMENT, bold=True, shadow=SHADOW)
    box = pygame.Rect(0, 0, max(width, image.get_width() + 24), image.get_height() + 10 + size // 2)
    box.center = centre
    pygame.draw.rect(surface, CRIMSON_DARK, box.move(0, 3), border_radius=8)
    pygame.draw.rect(surface, CRIMSON, box, border_radius=8)
    pygame.draw.rect(surface, GOLD, box, 2, border_radius=8)
    surface.blit(image, image.get_rect(center=box.center))


def ribbon(
    surface: pygame.Surface, text: str, centre: tuple[int, int], width: int = 0, size: int = fonts.SMALL
) -> None:
    """A crimson ribbon with bold parchment text (turn banners, scoring results)."""
    _ribbon(surface, text, centre, width, size)


# --------------------------------------------------------------------------- coins


@lru_cache(maxsize=8)
def coin_side(width: int = 40) -> pygame.Surface:
    """One coin seen from the side, for stacks."""
    face_h, rim = width * 2 // 5, max(3, width // 8)
    image = pygame.Surface((width + 2, face_h + rim + 2), pygame.SRCALPHA)
    pygame.draw.ellipse(image, INK, (0, rim, width + 2, face_h + 2))
    pygame.draw.rect(image, INK, (0, face_h // 2, width + 2, rim + 1))
    pygame.draw.ellipse(image, GOLD_DARK, (1, rim, width, face_h))
    pygame.draw.rect(image, GOLD_DARK, (1, face_h // 2, width, rim))
    pygame.draw.ellipse(image, INK, (0, 0, width + 2, face_h + 2))
    pygame.draw.ellipse(image, GOLD, (1, 1, width, face_h))
    pygame.draw.ellipse(image, GOLD_LIGHT, (6, 3, width - 10, face_h - 4), 1)
    return image


def coin_face(size: int = 28) -> pygame.Surface:
    """A coin seen from above (flying coins, buttons)."""
    return ui_icon("coin", size)


def draw_coin_stacks(surface: pygame.Surface, base: tuple[int, int], count: int, stacks: int = 1) -> None:
    """Up to ``stacks`` piles of at most 10 coins, centred on ``base`` (their bottom centre)."""
    coin = coin_side()
    step = max(3, coin.get_height() - coin_side().get_height() // 2 - 4)
    shown = min(count, 10 * stacks)
    piles = [min(10, shown - i * 10) for i in range(stacks) if shown - i * 10 > 0] or [0]
    width = coin.get_width() + 6
    left = base[0] - (len(piles) * width - 6) // 2
    for p, height in enumerate(piles):
        for k in range(height):
            surface.blit(coin, (left + p * width, base[1] - coin.get_height() - k * step))


def draw_purse(
    surface: pygame.Surface, rect: pygame.Rect, count: int, caption: str, stacks: int = 1, glow: bool = False
) -> None:
    """A coin stack with its number and a caption under it."""
    if glow:
        pygame.draw.rect(surface, GOLD_LIGHT, rect.inflate(4, 4), 2, border_radius=12)
    draw_coin_stacks(surface, (rect.centerx, rect.bottom - 52), count, stacks)
    fonts.blit_text(
        surface,
        str(count),
        26,
        GOLD_LIGHT,
        (rect.centerx, rect.bottom - 50),
        anchor="midtop",
        bold=True,
        shadow=SHADOW,
    )
    fonts.blit_text(
        surface, caption, 14, PARCHMENT, (rect.centerx, rect.bottom - 16), anchor="midtop", shadow=SHADOW
    )


def draw_bid_coins(surface: pygame.Surface, rect: pygame.Rect, amount: int, draft: bool) -> None:
    """Coins lying on a card: a small stack and a chip with the amount (a draft bid is outlined)."""
    draw_coin_stacks(surface, (rect.right - 28, rect.y + 96), min(amount, 6))
    chip = pygame.Rect(0, 0, 44, 30)
    chip.midleft = (rect.x + 6, rect.y + 76)
    pygame.draw.rect(surface, INK, chip, border_radius=15)
    pygame.draw.rect(surface, GOLD_LIGHT if draft else GOLD, chip, 2, border_radius=15)
    fonts.blit_text(surface, str(amount), 20, GOLD_LIGHT, chip.center, anchor="center", bold=True)


# --------------------------------------------------------------------------- lanes and castles


def lane_beds(geo: Geometry, model: CCShown) -> Layer:
    """The slots of each lane's two sides (a won lane tinted in the winner's colour) as one layer: the
    table's backdrop holds it while nothing moves (``tables/backdrop.py``)."""
    beds = []
    for lane in geo.lane_order:
        won = model.lanes[lane].won_by
        colour = FELT_SLOT if won is None else darken(seat_colour(won), 0.55)
        for seat in (0, 1):
            beds.append((tuple(geo.side_rect(lane, seat)), (*colour, 120 if won is None else WIN_TINT + 40)))
    area = pygame.Rect(beds[0][0]).unionall([pygame.Rect(r) for r, _ in beds])
    return _beds(tuple(area), tuple(beds)), area.topleft


@lru_cache(maxsize=2)  # about 1.4 MB each: the beds before and after a lane is won
def _beds(
    area: tuple[int, int, int, int], beds: tuple[tuple[tuple[int, int, int, int], tuple[int, ...]], ...]
) -> pygame.Surface:
    x, y = area[:2]
    layer = pygame.Surface(area[2:], pygame.SRCALPHA)
    for rect, colour in beds:
        bed = pygame.Rect(rect).move(-x, -y)
        layer.fill(colour, bed)
        pygame.draw.rect(layer, darken(GOLD, 0.35), bed, 1, border_radius=10)
    return layer


def draw_lane_beds(
    surface: pygame.Surface, geo: Geometry, model: CCShown, names: Sequence[str], own: bool
) -> None:
    """Over the beds (:func:`lane_beds`): whose side an empty side is, and who won a lane.  ``own``:
    the seat at the bottom is played at this screen ("Your side"); a spectator's reads "Anna's side"."""
    for lane in geo.lane_order:
        won = model.lanes[lane].won_by
        for seat in (0, 1):
            rect = geo.side_rect(lane, seat)
            if won is None and seat == geo.viewer and own:
                _side_hint(surface, rect, model.side(lane, seat), "Your side")
            elif won is None:
                _side_hint(surface, rect, model.side(lane, seat), f"{names[seat]}'s side")
        if won is not None:
            text = f"Won by {names[won]}"
            fonts.blit_text(
                surface,
                text,
                fonts.SMALL,
                PARCHMENT,
                geo.side_rect(lane, geo.viewer).center,
                anchor="center",
                italic=True,
                shadow=SHADOW,
            )


def _side_hint(surface: pygame.Surface, rect: pygame.Rect, cards: list[Any], text: str) -> None:
    if cards:
        return
    fonts.blit_text(surface, text, 14, darken(PARCHMENT, 0.35), rect.center, anchor="center", italic=True)


@lru_cache(maxsize=8)
def _neutral_castle(size: int) -> pygame.Surface:
    from crimson_table.ui.art.emblems import emblem

    return emblem("castle", size)


def draw_castle_row(
    surface: pygame.Surface,
    geo: Geometry,
    model: CCShown,
    names: Sequence[str],
    score: ScoreShow | None,
) -> None:
    """Each lane's castle (flying the winner's banner once won), its number and both strength totals."""
    for lane in geo.lane_order:
        cell = geo.castle_rect(lane)
        won = model.lanes[lane].won_by
        if won is None:
            image = _neutral_castle(62)
            surface.blit(image, image.get_rect(center=(cell.centerx, cell.y + 30)))
        else:
            image = castle((70, 70), lane + 1, won)
            surface.blit(image, image.get_rect(center=(cell.centerx, cell.y + 32)))
        fonts.blit_text(
            surface,
            f"LANE {lane + 1}",
            13,
            GOLD_LIGHT,
            (cell.centerx, cell.bottom - 14),
            anchor="midtop",
            bold=True,
            shadow=SHADOW,
        )
        if won is None:
            _lane_totals(surface, geo, model, lane, score if score and score.lane == lane else None)


def _lane_totals(
    surface: pygame.Surface, geo: Geometry, model: CCShown, lane: int, score: ScoreShow | None
) -> None:
    """Strength and card count of both sides left and right of the castle (scoring: live totals)."""
    cell = geo.castle_rect(lane)
    other = 1 - geo.viewer
    for seat, y in ((other, cell.y + 4), (geo.viewer, cell.bottom - 34)):
        sides = model.side(lane, seat)
        if score is not None:
            value = sum(score.strengths.get(e.card, 0) for e in sides)
            if score.totals is not None:
                value = score.totals[seat]
        else:
            value = model.side_total(lane, seat)
        _total_chip(surface, pygame.Rect(cell.x + 2, y, 38, 30), value, seat, scoring=score is not None)
        _count_pips(surface, pygame.Rect(cell.right - 40, y + 8, 38, 14), len(sides), seat)


def _total_chip(surface: pygame.Surface, rect: pygame.Rect, value: int, seat: int, scoring: bool) -> None:
    fill = GOLD_LIGHT if scoring else PARCHMENT
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    pygame.draw.rect(surface, seat_colour(seat), rect, 3, border_radius=8)
    fonts.blit_text(surface, str(value), 18, INK, rect.center, anchor="center", bold=True)


def _count_pips(surface: pygame.Surface, rect: pygame.Rect, count: int, seat: int) -> None:
    """One pip per card up to SCORE_AT: how close the side is to forcing a scoring (CC-R35); +n beyond."""
    for i in range(SCORE_AT):
        centre = (rect.x + 4 + i * 10, rect.centery)
        if i < count:
            pygame.draw.circle(surface, seat_colour(seat), centre, 5)
        pygame.draw.circle(surface, PARCHMENT, centre, 5, 1)
    if count > SCORE_AT:
        fonts.blit_text(
            surface, f"+{count - SCORE_AT}", 13, PARCHMENT, (rect.right, rect.bottom + 2), anchor="topright"
        )


def draw_scoring(surface: pygame.Surface, geo: Geometry, slots: list[CardSlot], score: ScoreShow) -> None:
    """The scored lane framed in gold, each card's scoring strength, the effect resolving, the result."""
    frame = geo.lane_rect(score.lane).inflate(8, 8)
    pygame.draw.rect(surface, GOLD_LIGHT, frame, 3, border_radius=14)
    for slot in slots:
        if slot.where != "lane" or slot.lane != score.lane or slot.card not in score.strengths:
            continue
        value = score.strengths[slot.card]
        base = shown_strength(slot.card, slot.face_up)
        colour = (0x2F, 0x7A, 0x3A) if value > base else CRIMSON if value < base else INK
        chip = pygame.Rect(slot.visible.right - 40, slot.visible.y + 30, 36, 26)
        pygame.draw.rect(surface, PARCHMENT_LIGHT, chip, border_radius=13)
        pygame.draw.rect(surface, colour, chip, 2, border_radius=13)
        fonts.blit_text(surface, str(value), 17, colour, chip.center, anchor="center", bold=True)
        if slot.card == score.effect:
            outline(surface, slot.visible, GOLD_LIGHT, 4)


def draw_result(surface: pygame.Surface, geo: Geometry, score: ScoreShow, names: Sequence[str]) -> None:
    """The scoring result as a wide ribbon across the castle row."""
    if score.totals is None:
        return
    left = geo.lane_rect(geo.lane_order[0])
    right = geo.lane_rect(geo.lane_order[-1])
    centre = ((left.x + right.right) // 2, (CASTLE_TOP + CASTLE_BOTTOM) // 2)
    if score.winner is None:
        a, b = score.totals
        text = f"Lane {score.lane + 1}: a tie, {a} to {b}. The lane stays."
    else:
        won, lost = score.totals[score.winner], score.totals[1 - score.winner]
        text = f"Lane {score.lane + 1}: {names[score.winner]} wins {won} to {lost}"
    ribbon(surface, text, centre, right.right - left.x + 16, fonts.BODY + 4)


# --------------------------------------------------------------------------- market and players


def label_on_felt(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = fonts.SMALL,
    anchor: str = "topleft",
    bold: bool = False,
    colour: tuple[int, int, int] = PARCHMENT,
) -> None:
    """Parchment text with a 1 px shadow."""
    fonts.blit_text(surface, text, size, colour, pos, anchor=anchor, bold=bold, shadow=SHADOW)


def draw_market(surface: pygame.Surface, geo: Geometry, model: CCShown) -> None:
    """Headings, empty offer slots, the deck's edge and count, the supply and the discard label."""
    x = geo.offer_rect(0).x
    label_on_felt(surface, "On offer", (x, 240), fonts.BODY, bold=True, colour=GOLD_LIGHT)
    for i in range(OFFER_SIZE):
        if i >= len(model.offer):
            _empty_slot(surface, geo.offer_rect(i), "empty")
    deck = geo.deck_rect
    count = model.deck_count
    label_on_felt(surface, "Deck", (deck.x, 240), fonts.BODY, bold=True, colour=GOLD_LIGHT)
    for k in range(min(3, max(0, count - 1)), 0, -1):
        edge = deck.move(3 * k, 3 * k)
        pygame.draw.rect(surface, darken(PARCHMENT, 0.25), edge, border_radius=10)
        pygame.draw.rect(surface, CRIMSON_DARK, edge, 2, border_radius=10)
    if not count:
        _empty_slot(surface, deck, "empty")
    label_on_felt(
        surface,
        f"{count} card{'s' if count != 1 else ''} left",
        (deck.centerx, deck.bottom + 12),
        14,
        anchor="midtop",
    )
    draw_purse(surface, geo.supply_rect, model.supply, "supply", stacks=2)
    pile = geo.discard_rect
    if not model.discard:
        _empty_slot(surface, pile, "no cards")
    label_on_felt(
        surface, "Discard pile", (pile.right + 16, pile.y + 40), fonts.BODY, bold=True, colour=GOLD_LIGHT
    )
    n = len(model.discard)
    label_on_felt(surface, f"{n} card{'s' if n != 1 else ''}", (pile.right + 16, pile.y + 72))
    if n:
        label_on_felt(surface, "Click to browse", (pile.right + 16, pile.y + 96), 14, colour=STONE)


def _empty_slot(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    pygame.draw.rect(surface, darken(GOLD, 0.4), rect, 2, border_radius=10)
    fonts.blit_text(surface, text, 14, darken(PARCHMENT, 0.4), rect.center, anchor="center", italic=True)


def draw_player(
    surface: pygame.Surface,
    geo: Geometry,
    model: CCShown,
    seat: int,
    name: str,
    acting: bool,
    purse_glow: bool,
    drafted: int = 0,
) -> None:
    """Name row (badge, name, castles), waiting-card slots and the purse of one player."""
    row = geo.name_rect(seat)
    if acting:
        surface.blit(_rounded_veil(row.size, (*GOLD, 60), 20), row)
        pygame.draw.rect(surface, GOLD, row, 2, border_radius=20)
    surface.blit(player_badge(seat, 30), (row.x + 6, row.y + 5))
    label_on_felt(surface, name, (row.x + 44, row.centery), fonts.BODY, anchor="midleft", bold=True)
    for k in range(CASTLES_TO_WIN):
        spot = pygame.Rect(row.right - 40 - k * 36, row.y + 4, 32, 32)
        icon = ui_icon("castle", 30) if k < model.castles[seat] else _faded_icon("castle", 30, 60)
        surface.blit(icon, spot)
    for i in range(WAITING_CAP):
        if i >= len(model.waiting[seat]):
            _empty_slot(surface, geo.waiting_rect(seat, i), "recruit slot")
    coins = model.coins[seat] - (drafted if seat == geo.viewer else 0)
    draw_purse(surface, geo.purse_rect(seat), coins, "coin" if coins == 1 else "coins", glow=purse_glow)


def draw_scoreboard(
    surface: pygame.Surface,
    geo: Geometry,
    model: CCShown,
    names: Sequence[str],
    phase: str,
    deciding: int | None = None,
) -> None:
    """Turn, who decides now (the responder during a bid) and phase, and the castle race, top left."""
    rect = geo.scoreboard_rect
    surface.blit(_rounded_veil(rect.size, (*INK, 150), 14), rect)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=14)
    label_on_felt(
        surface,
        "Crimson Company",
        (rect.x + 18, rect.y + 12),
        fonts.HEADING - 2,
        bold=True,
        colour=GOLD_LIGHT,
    )
    who = f"{names[deciding]} decides" if deciding is not None else names[model.active]
    label_on_felt(surface, f"Turn {model.turn} · {who}", (rect.x + 18, rect.y + 56), fonts.BODY)
    label_on_felt(surface, phase, (rect.x + 18, rect.y + 84), fonts.SMALL, colour=lighten(GOLD, 0.3))
    label_on_felt(surface, "First to two castles wins", (rect.x + 18, rect.y + 116), 14, colour=STONE)
    for i, seat in enumerate((1 - geo.viewer, geo.viewer)):
        y = rect.y + 142 + i * 30
        surface.blit(player_badge(seat, 22), (rect.x + 18, y))
        label_on_felt(surface, names[seat], (rect.x + 48, y + 11), fonts.SMALL, anchor="midleft")
        for k in range(CASTLES_TO_WIN):
            spot = (rect.right - 40 - k * 32, y - 3)
            icon = ui_icon("castle", 28) if k < model.castles[seat] else _faded_icon("castle", 28, 55)
            surface.blit(icon, spot)
