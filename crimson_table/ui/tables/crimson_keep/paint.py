"""Drawing the Crimson Keep table: board, clan boards, tracks, summon boards, the duel, the Dragon.

Every function takes what it draws (the layout, the shown model, the in-flight marks, a
:class:`Frame` of names and view), never the scene.  The static board (spaces, frames, labels) is
drawn once per layout into a cached surface; cards, tokens and markers are drawn over it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from crimson_table.engine.core import counted
from crimson_table.engine.crimson_keep.cards import (
    CARDS,
    DRAGON_NAMES,
    OBJECTIVES,
    RUNE_NAMES,
    RUNIC_OBJECTIVES,
    SOLO_DECK,
    TRACK_NAMES,
)
from crimson_table.engine.crimson_keep.view import ClanView, CrimsonKeepView
from crimson_table.ui import artwork
from crimson_table.ui.art.emblems import emblem
from crimson_table.ui.art.palette import darken, mix
from crimson_table.ui.art.surface_cache import MB, surface_cache
from crimson_table.ui.tables.crimson_keep.layout import TableLayout, card_image
from crimson_table.ui.tables.crimson_keep.shown import BARRACKS, CAVERNS, CrimsonKeepShown
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    GOLD,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
    SHADOW,
    STONE,
    WALNUT,
    seat_colour,
)

ATTACK_RED = (0xC0, 0x39, 0x2B)
DEFENCE_BLUE = (0x2E, 0x6F, 0xB5)
MUTED = (0xB8, 0xB0, 0x9C)
SPLITS = {
    "Sorceress": ("Sorce-", "ress"),
    "Blacksmith": ("Black-", "smith"),
    "Black Armoury": ("Black", "Armoury"),
}
COLUMN_NAMES = ("Build", "Battle", "Rune", "Clan")


@dataclass(frozen=True)
class Frame:
    """What the painter needs besides the layout and the shown model."""

    view: CrimsonKeepView
    names: tuple[str, ...]
    viewer: int
    current: int | None
    awaiting: bool
    caption: str
    solo: bool


# -- small pieces ---------------------------------------------------------------------------------------


def short_name(n: int) -> list[str]:
    """A card's name in at most two short lines for a board tile."""
    c = CARDS[n]
    if c.rune:
        return ["Arch" if c.arch else "Stair", RUNE_NAMES[c.rune]]
    words = c.name.split()
    if c.name in SPLITS:
        return list(SPLITS[c.name])
    if len(words) == 1:
        return words
    if c.name.startswith("Firelancer"):
        return ["Fire-", "lancer " + words[1]]
    return [words[0], " ".join(words[1:])]


# 4 MB: every card the board can show at once, active and inactive (45 cells of ~20 KB), twice
# over; 16 MB let a long session keep every card of both clans at every size.
@surface_cache(max_bytes=4 * MB)
def tile_image(seat: int, n: int, active: bool, size: tuple[int, int]) -> pygame.Surface:
    """A card on the board: ACTIVE in crimson and gold, INACTIVE in stone with the clan's border."""
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    rect = out.get_rect()
    colour = seat_colour(seat)
    if active:
        pygame.draw.rect(out, CRIMSON, rect, border_radius=8)
        pygame.draw.rect(out, GOLD_LIGHT, rect, 2, border_radius=8)
        ink, sub = PARCHMENT, GOLD_LIGHT
    else:
        pygame.draw.rect(out, mix(PARCHMENT_DARK, STONE, 0.55), rect, border_radius=8)
        pygame.draw.rect(out, darken(colour, 0.1), rect, 3, border_radius=8)
        ink, sub = INK, darken(colour, 0.45)
    pygame.draw.rect(out, colour, (6, 6, 9, 9), border_radius=2)
    pygame.draw.rect(out, INK, (6, 6, 9, 9), 1, border_radius=2)
    fonts.blit_text(out, str(n), 13, sub, (w - 6, 2), anchor="topright", bold=True)
    lines = short_name(n)
    y = 15
    for line in lines:
        image = _fitted(line, w - 6, ink)
        out.blit(image, image.get_rect(midtop=(w // 2, y)))
        y += 15
    if active:
        pts = [(8, h - 14), (13, h - 19), (18, h - 14), (13, h - 9)]
        pygame.draw.polygon(out, GOLD_LIGHT, pts)
    return _ready(out)


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format once a window exists (much faster to blit)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _fitted(text: str, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` at 13 px, bold if it fits, else regular, else cut short."""
    image = fonts.render(text, 13, colour, bold=True)
    if image.get_width() <= width:
        return image
    image = fonts.render(text, 13, colour)
    while image.get_width() > width and len(text) > 3:
        text = text[:-2] + "."
        image = fonts.render(text, 13, colour)
    return image


@lru_cache(maxsize=64)
def token_image(value: int, size: int = 24) -> pygame.Surface:
    """A battle token: red Attack, blue Defence, with its value."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = ATTACK_RED if value > 0 else DEFENCE_BLUE
    pygame.draw.circle(out, colour, (size // 2, size // 2), size // 2)
    pygame.draw.circle(out, PARCHMENT, (size // 2, size // 2), size // 2, 2)
    label = f"{'A' if value > 0 else 'D'}{abs(value)}"
    fonts.blit_text(out, label, 13, PARCHMENT, (size // 2, size // 2), anchor="center", bold=True)
    return _ready(out)


def shadow_text(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int], anchor: str = "topleft",
          colour: tuple[int, int, int] = PARCHMENT, bold: bool = False) -> pygame.Rect:  # fmt: skip
    return fonts.blit_text(surface, text, size, colour, pos, anchor=anchor, bold=bold, shadow=SHADOW)


# -- the static board ------------------------------------------------------------------------------------


# One orientation at a time (5.5 MB each): the board turns only when the seat in front of it
# changes, and drawing it again then takes ~25 ms, under the hand-over curtain.
@lru_cache(maxsize=1)
def _background(width: int, mirrored: bool = False) -> pygame.Surface:
    layout = TableLayout(width, mirrored)
    out = pygame.Surface((1600, 900))
    out.blit(artwork.felt((1600, 900), walnut=True), (0, 0))
    frame = layout.map_rect.inflate(16, 16)
    pygame.draw.rect(out, (*darken(WALNUT, 0.4), 160), frame, border_radius=16)
    pygame.draw.rect(out, (*GOLD, 120), frame, 2, border_radius=16)
    _spaces(out, layout)
    for seat in (0, 1):
        _clan_board(out, layout, seat)
        _track_spaces(out, layout, seat)
        _summon_frame(out, layout, seat)
    _monolith(out, layout)
    return out.convert() if pygame.display.get_surface() is not None else out


def _spaces(out: pygame.Surface, layout: TableLayout) -> None:
    b = layout.board
    for name, obj in layout.map.named("spaces").items():
        rect = layout.obj("spaces", name).inflate(-4, -4)
        zone = str(obj.properties.get("zone", ""))
        if zone.startswith("keep_"):
            seat = layout.side(0 if zone == "keep_left" else 1)  # the seat whose keep is drawn there
            fill = mix((0x3A, 0x30, 0x2A), seat_colour(seat), 0.22)
            border = darken(seat_colour(seat), 0.35)
        else:
            fill, border = (0x4A, 0x3A, 0x2C), (0x6E, 0x58, 0x40)
        pygame.draw.rect(out, fill, rect, border_radius=6)
        pygame.draw.rect(out, border, rect, 1, border_radius=6)
        gate = obj.properties.get("gate")
        if gate in ("left", "right"):
            seat = layout.side(0 if gate == "left" else 1)
            pygame.draw.arc(out, seat_colour(seat), rect.inflate(-18, 0).move(0, 16), 0, 3.1416, 3)
            shadow_text(out, "Gate", 13, (rect.centerx, rect.bottom - 2), "midbottom", MUTED)
    for seat in (0, 1):
        for letter, column in b.keep_columns[seat].items():
            top = layout.cell(b.cell(column, b.levels))
            shadow_text(out, letter, 13, (top.centerx, top.y - 1), "midbottom", MUTED, bold=True)
    for level in range(1, b.levels + 1):
        r = layout.cell(b.cell(b.columns - 1 if layout.mirrored else 0, level))  # the left edge as shown
        shadow_text(out, str(level), 13, (r.x - 4, r.centery), "midright", MUTED)


def _slot(out: pygame.Surface, rect: pygame.Rect, label: str = "") -> None:
    pygame.draw.rect(out, (0x33, 0x26, 0x1C), rect.inflate(-4, -4), border_radius=6)
    pygame.draw.rect(out, (0x6E, 0x58, 0x40), rect.inflate(-4, -4), 1, border_radius=6)
    if label:
        shadow_text(out, label, 13, (rect.centerx, rect.bottom - 5), "midbottom", MUTED)


def _clan_board(out: pygame.Surface, layout: TableLayout, seat: int) -> None:
    first, last = layout.clan(seat, "summoning", 1), layout.clan(seat, "destroyed")
    panel = pygame.Rect(first.x - 2, first.y - 4, layout.clan(seat, "summoning", 3).right - first.x + 4,
                        last.bottom - first.y + 8)  # fmt: skip
    pygame.draw.rect(out, (*darken(seat_colour(seat), 0.7), 200), panel, border_radius=10)
    pygame.draw.rect(out, darken(seat_colour(seat), 0.3), panel, 2, border_radius=10)
    for kind, label in (("summoning", "Summon"), ("barracks", "Barracks"), ("caverns", "Caverns")):
        for i in (1, 2, 3):
            _slot(out, layout.clan(seat, kind, i), label if i == 2 else "")
    for kind, label in (("pool", "Pool"), ("tactics", "Tactics"), ("deck", "Deck"), ("discard", "Discard"),
                        ("destroyed", "Destroyed")):  # fmt: skip
        _slot(out, layout.clan(seat, kind), label)


def _track_spaces(out: pygame.Surface, layout: TableLayout, seat: int) -> None:
    for t in range(4):
        length = layout.track_length(t)
        for k in range(length):
            r = layout.track(seat, t, k)
            last = k == length - 1
            pygame.draw.rect(out, (0x5A, 0x46, 0x30) if last else (0x3E, 0x30, 0x24), r, border_radius=5)
            pygame.draw.rect(out, GOLD if last else (0x7A, 0x62, 0x44), r, 1, border_radius=5)
        first = layout.track(seat, t, 0)
        lastr = layout.track(seat, t, length - 1)
        if layout.side(seat) == 0:
            shadow_text(out, TRACK_NAMES[t], 13, (first.x, first.y - 1), "bottomleft", MUTED)
        else:
            shadow_text(out, TRACK_NAMES[t], 13, (lastr.right, lastr.y - 1), "bottomright", MUTED)


def _summon_frame(out: pygame.Surface, layout: TableLayout, seat: int) -> None:
    rect = layout.summon_board(seat).inflate(-8, -8)
    pygame.draw.rect(out, (*darken(seat_colour(seat), 0.75), 220), rect, border_radius=10)
    pygame.draw.rect(out, GOLD, rect, 1, border_radius=10)


def _monolith(out: pygame.Surface, layout: TableLayout) -> None:
    m = layout.monolith
    pygame.draw.rect(out, (0x1C, 0x16, 0x20), m, border_radius=10)
    pygame.draw.rect(out, CRIMSON, m, 2, border_radius=10)
    supply = layout.supply.inflate(-10, -10)
    pygame.draw.rect(out, (0x3A, 0x2C, 0x20), supply, border_radius=10)
    pygame.draw.rect(out, (0x7A, 0x62, 0x44), supply, 1, border_radius=10)
    shadow_text(out, "Supply", 13, (supply.centerx, supply.bottom - 4), "midbottom", MUTED)
    for i, value in enumerate((1, 2, 3, -1, -2, -3)):
        out.blit(token_image(value, 26), (supply.centerx - 13, supply.y + 8 + i * 30))


def composite(layout: TableLayout, shown: CrimsonKeepShown, frame: Frame) -> pygame.Surface:
    """The table under the cards for one position: walnut, board, clan boards, summon boards,
    Kai's board and the prompt, drawn once into an opaque surface (the scene keeps it until the
    position, the caption or the viewer changes)."""
    out = _background(layout.width, layout.mirrored).copy()
    clan_panels(out, layout, shown, frame)
    summon_boards(out, layout, frame)
    monolith(out, layout, frame)
    solo_panel(out, layout, frame)
    prompt(out, layout, frame)
    ruins(out, layout, frame)
    return out


def ruins(surface: pygame.Surface, layout: TableLayout, frame: Frame) -> None:
    """Keep columns the Dragon destroyed: scorched, with a label."""
    b = layout.board
    for seat in (0, 1):
        for k, ruined in enumerate(frame.view["clans"][seat].get("ruined", [])):
            if not ruined:
                continue
            column = b.keep_columns[seat]["ABC"[k]]
            rect = layout.cell(b.cell(column, b.levels)).union(layout.cell(b.cell(column, 1))).inflate(-4, -4)
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0x2A, 0x08, 0x06, 170))
            for y in range(0, rect.height, 14):
                pygame.draw.line(veil, (0xC0, 0x39, 0x2B, 140), (0, y), (rect.width, y + 10), 2)
            surface.blit(veil, rect)
            shadow_text(surface, "RUINED", 13, rect.center, "center", ATTACK_RED, bold=True)


def background(surface: pygame.Surface, layout: TableLayout) -> None:
    """The walnut table with the board's spaces, frames and labels (one cached opaque surface)."""
    surface.blit(_background(layout.width, layout.mirrored), (0, 0))


# -- cards on the board ------------------------------------------------------------------------------------


def tile_rect(layout: TableLayout, seat: int, where: int, index: int) -> pygame.Rect:
    """Where a card sits: a grid space, or slot ``index`` of the Barracks / Caverns."""
    return layout.area_rect(seat, where, index).inflate(-6 if where >= 0 else -2, -6 if where >= 0 else -2)


def cards(surface: pygame.Surface, layout: TableLayout, shown: CrimsonKeepShown, flights: InFlight,
          frame: Frame) -> None:  # fmt: skip
    """Every card on the main board and the clan boards, with its tokens."""
    clans = frame.view["clans"]
    for cell in layout.cells():
        ref = shown.board[cell]
        if ref and ("cell", cell) not in flights.hidden and not flights.incoming(("cell", cell)):
            _tile(surface, layout.cell(cell).inflate(-6, -6), ref // 100, ref % 100, shown, clans)
    for seat in (0, 1):
        for where, area in ((BARRACKS, shown.barracks[seat]), (CAVERNS, shown.caverns[seat])):
            for i, n in enumerate(area):
                if not flights.arriving(("area", seat, where), i, len(area)):
                    _tile(surface, tile_rect(layout, seat, where, i), seat, n, shown, clans)
        for i, n in enumerate(shown.slots[seat]):
            _tile(
                surface, layout.clan(seat, "summoning", min(3, i + 1)).inflate(-6, -6), seat, n, shown, clans
            )


def _tile(surface: pygame.Surface, rect: pygame.Rect, seat: int, n: int, shown: CrimsonKeepShown,
          clans: Sequence[ClanView]) -> None:  # fmt: skip
    surface.blit(tile_image(seat, n, shown.is_active(seat, n), rect.size), rect)
    token = int(clans[seat]["tokens"][n]) if n < len(clans[seat]["tokens"]) else 0
    if token and shown.is_active(seat, n):
        surface.blit(token_image(token, 20), (rect.right - 20, rect.bottom - 20))
    if int(clans[seat]["protection"]) == n:
        pygame.draw.circle(surface, GOLD_LIGHT, (rect.x + 9, rect.bottom - 9), 7)
        shadow_text(surface, "P", 13, (rect.x + 9, rect.bottom - 9), "center", INK, bold=True)


# -- clan boards, piles, tracks ------------------------------------------------------------------------------


def clan_panels(surface: pygame.Surface, layout: TableLayout, shown: CrimsonKeepShown, frame: Frame) -> None:
    """Name plates, pile counts, tactics, token pools and the action-track markers."""
    for seat in (0, 1):
        clan = frame.view["clans"][seat]
        _banner(surface, layout, shown, frame, seat)
        _pile(surface, layout.clan(seat, "deck"), str(clan["deck"]), back=True)
        _pile(surface, layout.clan(seat, "discard"), str(len(clan["discard"])))
        _pile(surface, layout.clan(seat, "destroyed"), str(len(clan["destroyed"])))
        tactics = clan["tactics"]
        count = len(tactics) if isinstance(tactics, list) else int(tactics)
        _pile(surface, layout.clan(seat, "tactics"), f"{count} left")
        pool = layout.clan(seat, "pool")
        for i, t in enumerate(clan["pool"][:4]):
            surface.blit(token_image(int(t), 19), (pool.x + 9 + (i % 2) * 22, pool.y + 5 + (i // 2) * 20))
        _track_markers(surface, layout, clan, seat)


def _banner(
    surface: pygame.Surface, layout: TableLayout, shown: CrimsonKeepShown, frame: Frame, seat: int
) -> None:
    rect = layout.banner(seat).inflate(-4, -6)
    turn = frame.current == seat or (frame.solo and seat == 1 and frame.current is None and False)
    pygame.draw.rect(surface, darken(seat_colour(seat), 0.6), rect, border_radius=10)
    pygame.draw.rect(surface, GOLD_LIGHT if turn else darken(seat_colour(seat), 0.2), rect, 3 if turn else 2,
                     border_radius=10)  # fmt: skip
    surface.blit(player_badge(seat, 26), (rect.x + 8, rect.y + 8))
    side = "Left clan" if layout.side(seat) == 0 else "Right clan"
    name = frame.names[seat] if seat < len(frame.names) else "Kai"
    shadow_text(surface, name, 20, (rect.x + 40, rect.y + 6), bold=True)
    count = shown.hand_count[seat]
    if frame.solo and seat == 1:
        side = "the automaton"
    shadow_text(surface, f"{side} · {count} in hand", 13, (rect.x + 40, rect.y + 34), colour=MUTED)
    if frame.view.get("dragon") == seat:
        shadow_text(surface, "DRAGON", 13, (rect.right - 8, rect.y + 8), "topright", GOLD_LIGHT, bold=True)


def _pile(surface: pygame.Surface, rect: pygame.Rect, label: str, back: bool = False) -> None:
    inner = rect.inflate(-10, -22).move(0, -6)
    if back:
        image = pygame.transform.smoothscale(card_image(None, 0.4), (inner.height * 5 // 7, inner.height))
        surface.blit(image, image.get_rect(center=inner.center))
    shadow_text(surface, label, 13, (rect.centerx, rect.y + 4), "midtop", PARCHMENT, bold=True)


def _track_markers(surface: pygame.Surface, layout: TableLayout, clan: ClanView, seat: int) -> None:
    for t in range(4):
        pos = max(0, min(int(clan["tracks"][t]), layout.track_length(t) - 1))
        r = layout.track(seat, t, pos)
        pygame.draw.circle(surface, seat_colour(seat), r.center, r.width // 2 - 3)
        pygame.draw.circle(surface, PARCHMENT, r.center, r.width // 2 - 3, 2)
        if clan["advanced"][t]:
            pygame.draw.circle(surface, GOLD_LIGHT, r.center, 4)


# -- summon boards -------------------------------------------------------------------------------------------


def summon_boards(surface: pygame.Surface, layout: TableLayout, frame: Frame) -> None:
    """Four rune columns with their value tiles, the objectives found, the summon track and Dragons."""
    for seat in (0,) if frame.solo else (0, 1):
        _summon_board(surface, layout, frame.view["clans"][seat], seat)


def _summon_board(surface: pygame.Surface, layout: TableLayout, clan: ClanView, seat: int) -> None:
    rect = layout.summon_board(seat).inflate(-16, -16)
    shadow_text(surface, "Summon board", 13, (rect.centerx, rect.y), "midtop", GOLD_LIGHT, bold=True)
    col_w = rect.width // 4
    for k in range(4):
        x = rect.x + k * col_w
        shadow_text(surface, COLUMN_NAMES[k], 13, (x + col_w // 2, rect.y + 18), "midtop", MUTED)
        tile = pygame.Rect(x + 6, rect.y + 36, col_w - 12, 22)
        pygame.draw.rect(surface, PARCHMENT_DARK, tile, border_radius=5)
        fonts.blit_text(surface, f"+{clan['tiles'][k]}", 14, INK, tile.center, anchor="center", bold=True)
        for j in range(3):
            idx = k * 3 + j
            found = int(clan["found"][idx])
            cell = objective_rect(layout, seat, idx)
            fill = CRIMSON if found else (0x2C, 0x22, 0x1A)
            pygame.draw.rect(surface, fill, cell, border_radius=5)
            pygame.draw.rect(surface, GOLD if found else (0x6E, 0x58, 0x40), cell, 1, border_radius=5)
            label = rune_of(layout, seat, idx) or OBJECTIVES[idx]
            label += "×" + str(found) if found > 1 else ""
            fonts.blit_text(surface, label, 13, PARCHMENT if found else MUTED, cell.center, anchor="center",
                            bold=bool(found))  # fmt: skip
    _summon_track(surface, pygame.Rect(rect.x, rect.bottom - 56, rect.width, 56), clan, seat)


def rune_of(layout: TableLayout, seat: int, idx: int) -> str:
    """The rune of a runic objective (A1..A3) on the summon board of the seat's clan side, else ""."""
    if not 6 <= idx <= 8:
        return ""
    return RUNE_NAMES[RUNIC_OBJECTIVES[layout.side(seat)][idx - 6]]


def objective_rect(layout: TableLayout, seat: int, idx: int) -> pygame.Rect:
    """Where objective ``idx`` (cards.OBJECTIVES order) sits on a clan's summon board."""
    rect = layout.summon_board(seat).inflate(-16, -16)
    col_w = rect.width // 4
    k, j = divmod(idx, 3)
    return pygame.Rect(rect.x + k * col_w + 4, rect.y + 64 + j * 34, col_w - 8, 30)


def _summon_track(surface: pygame.Surface, rect: pygame.Rect, clan: ClanView, seat: int) -> None:
    bar = pygame.Rect(rect.x + 4, rect.y + 22, rect.width - 8, 10)
    pygame.draw.rect(surface, (0x2C, 0x22, 0x1A), bar, border_radius=5)

    def x_of(v: int) -> int:
        return bar.x + round(bar.width * min(30, max(0, v)) / 30)

    filled = pygame.Rect(bar.x, bar.y, x_of(int(clan["summon"])) - bar.x, bar.height)
    pygame.draw.rect(surface, seat_colour(seat), filled, border_radius=5)
    for v in range(0, 31, 5):
        pygame.draw.line(surface, MUTED, (x_of(v), bar.bottom), (x_of(v), bar.bottom + 3))
    for d, pos in enumerate(clan["dragons"]):
        if int(pos) < 0:
            continue
        cx = x_of(int(pos))
        pygame.draw.polygon(surface, CRIMSON, [(cx, bar.y - 2), (cx - 7, bar.y - 14), (cx + 7, bar.y - 14)])
        pygame.draw.polygon(surface, GOLD, [(cx, bar.y - 2), (cx - 7, bar.y - 14), (cx + 7, bar.y - 14)], 1)
        fonts.blit_text(
            surface, DRAGON_NAMES[d][0], 13, GOLD_LIGHT, (cx, bar.y - 14), anchor="midbottom", bold=True
        )
    shadow_text(
        surface,
        f"Summon {clan['summon']}",
        13,
        (rect.centerx, bar.bottom + 4),
        "midtop",
        PARCHMENT,
        bold=True,
    )


# -- the Monolith and the Dragon -----------------------------------------------------------------------------


def monolith(surface: pygame.Surface, layout: TableLayout, frame: Frame) -> None:
    """The four Dragon cards (injured ones crossed), the dice left, the Obliterate cards."""
    view = frame.view
    dragon = int(view.get("dragon", -1))
    injuries = int(view.get("injuries", 0))
    for k in range(4):
        slot = layout.dragon_slot(k)
        injured = dragon >= 0 and k < injuries
        fill = CRIMSON if dragon >= 0 and not injured else (0x3A, 0x30, 0x3C)
        pygame.draw.rect(surface, fill, slot, border_radius=5)
        pygame.draw.rect(surface, GOLD if dragon >= 0 else STONE, slot, 1, border_radius=5)
        if dragon >= 0 and not injured:
            icon = emblem("dragon", slot.width - 6)
            surface.blit(icon, icon.get_rect(center=slot.center))
        if injured:
            pygame.draw.line(surface, PARCHMENT, slot.topleft, slot.bottomright, 3)
            pygame.draw.line(surface, PARCHMENT, slot.topright, slot.bottomleft, 3)
    m = layout.monolith
    label = "The Dragon" if dragon >= 0 else "The Monolith"
    shadow_text(surface, label, 13, (m.centerx, m.bottom + 2), "midtop", GOLD_LIGHT if dragon >= 0 else MUTED)


# -- the top strip: whose turn, what to do -----------------------------------------------------------------------

PHASE_PROMPTS = {
    "setup": "choose the Battle Tactics card to leave out",
    "keep": "keep cards from the draw",
    "main": "take an action",
    "store": "choose the stored token's type",
    "sorceress": "flip cards with the Sorceress",
    "tactic": "choose a Battle Tactics card",
    "tokens": "add battle tokens",
    "reroll": "Second Wind: reroll a die?",
    "meeting": "Summon the Dragon, or pass",
    "kd_buy": "buy Keep Defence cards",
    "dragon": "the Dragon acts",
    "kd_play": "play a Keep Defence card?",
}


def prompt(surface: pygame.Surface, layout: TableLayout, frame: Frame) -> None:
    """Whose move it is and what they decide, or the line being animated."""
    strip = layout.top_strip
    pygame.draw.rect(surface, (*INK, 210), strip, border_radius=12)
    pygame.draw.rect(surface, GOLD, strip, 1, border_radius=12)
    view = frame.view
    if frame.caption:
        line, colour = frame.caption, PARCHMENT
    elif view["phase"] == "over":
        line, colour = "The game is over", GOLD_LIGHT
    else:
        actor = int(view["actor"])
        who = "You" if frame.awaiting and actor == frame.viewer else (
            frame.names[actor] if actor < len(frame.names) else "Kai")  # fmt: skip
        line = f"{who}: {PHASE_PROMPTS.get(str(view['phase']), str(view['phase']))}"
        colour = GOLD_LIGHT if frame.awaiting else PARCHMENT
    lines = fonts.wrap(line, fonts.font(16, bold=True), strip.width - 24)[:2]
    y = strip.centery - 10 * len(lines)
    for text in lines:
        shadow_text(surface, text, 16, (strip.centerx, y), "midtop", colour, bold=True)
        y += 20
    subs = []
    if view["phase"] == "main" and not frame.caption:
        subs.append(f"Turn {view['turn']} · {view['actions_left']} action(s) left")
    if int(view.get("dragon", -1)) >= 0:
        subs.append(f"Dragon: {view.get('dice', 4)} dice, {view.get('injuries', 0)}/4 injuries, "
                    f"{view.get('obliterate', 0)} Obliterate")  # fmt: skip
    if subs:
        shadow_text(surface, " · ".join(subs), 13, (strip.centerx, strip.bottom - 4), "midbottom", MUTED)


# -- Kai ------------------------------------------------------------------------------------------------------


def solo_panel(surface: pygame.Surface, layout: TableLayout, frame: Frame) -> None:
    """Kai's board instead of a summon board: her goal, her toss, her Solo Deck and its last card."""
    if not frame.solo:
        return
    view = frame.view
    rect = layout.summon_board(1).inflate(-8, -8)
    pygame.draw.rect(surface, (0x26, 0x1C, 0x30), rect, border_radius=10)
    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=10)
    x, y = rect.centerx, rect.y + 8
    shadow_text(surface, "Kai, the automaton", 16, (x, y), "midtop", GOLD_LIGHT, bold=True)
    keep = [r % 100 for r in view["board"] if r and r // 100 == 1 and CARDS[r % 100].set == "building"]
    active = sum(1 for n in keep if view["clans"][1]["active"][n])
    lines = ["She wins by filling her keep", f"(15 spaces): {len(keep)} built, {active} ACTIVE"]
    mode = view.get("mode", "")
    lines.append(f"Toss: {'HIGH' if mode == 'H' else 'LOW'} cards" if mode else "Toss: not yet")
    lines.append(f"Solo Deck: {counted(int(view.get('solo_deck', 0) or 0), 'card')}")
    for i, line in enumerate(lines):
        shadow_text(surface, line, 13, (x, y + 28 + i * 18), "midtop", PARCHMENT)
    up = view.get("solo_up") or []
    card = pygame.Rect(0, 0, rect.width - 40, 84)
    card.midbottom = (x, rect.bottom - 12)
    pygame.draw.rect(surface, (0x3A, 0x2A, 0x4A), card, border_radius=10)
    pygame.draw.rect(surface, GOLD, card, 2, border_radius=10)
    if up:
        number = int(up[-1])
        shadow_text(surface, f"Last card: SD{number}", 13, (x, card.y + 8), "midtop", GOLD_LIGHT, bold=True)
        for i, line in enumerate(
            fonts.wrap(SOLO_DECK.get(number, ""), fonts.font(16, bold=True), card.width - 16)[:2]
        ):
            shadow_text(surface, line, 16, (x, card.y + 30 + i * 20), "midtop", PARCHMENT, bold=True)
    else:
        shadow_text(surface, "No Solo card turned yet", 13, (x, card.centery), "center", MUTED)
