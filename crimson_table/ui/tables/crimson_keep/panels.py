"""Crimson Keep overlays: the duel panel, a draw to keep from, the card zoom and pointer hints.

Like ``paint``, every function takes what it draws (layout, frame, the shown duel), never the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from crimson_table.engine.crimson_keep.cards import OBJECTIVE_NAMES, OBJECTIVES, TRACK_NAMES
from crimson_table.ui.tables.crimson_keep.layout import TableLayout, card_image, tactic_name
from crimson_table.ui.tables.crimson_keep.paint import (
    MUTED,
    Frame,
    objective_rect,
    rune_of,
    shadow_text,
    token_image,
)
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.theme import GOLD, GOLD_LIGHT, INK, PARCHMENT, seat_colour


def tooltip(surface: pygame.Surface, text: str, near: tuple[int, int], bounds: pygame.Rect) -> None:
    """A small dark label beside the pointer."""
    image = fonts.render(text, 16, PARCHMENT)
    rect = image.get_rect().inflate(16, 10)
    rect.bottomleft = (near[0] + 12, near[1] - 8)
    _label(surface, image, rect.clamp(bounds))


def tip_rect(text: str, block: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    """Where a button's tip goes: just above the whole ``block`` of buttons, right-aligned with it,
    so it hides none of the buttons the player is choosing among."""
    rect = fonts.font(16).size(text)
    box = pygame.Rect(0, 0, rect[0] + 16, rect[1] + 10)
    box.bottomright = (block.right, block.y - 8)
    return box.clamp(bounds)


def button_tip(surface: pygame.Surface, text: str, block: pygame.Rect, bounds: pygame.Rect) -> None:
    """A hovered button's tip (what a Battle Tactics card does), above the buttons."""
    _label(surface, fonts.render(text, 16, PARCHMENT), tip_rect(text, block, bounds))


def _label(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, INK, rect, border_radius=8)
    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=8)
    surface.blit(image, image.get_rect(center=rect.center))


def hint_at(layout: TableLayout, frame: Frame, pos: tuple[int, int]) -> str:
    """What the thing under the pointer is (summon objectives, tracks, piles), or ""."""
    for seat in (0,) if frame.solo else (0, 1):
        clan = frame.view["clans"][seat]
        for idx in range(len(OBJECTIVES)):
            if objective_rect(layout, seat, idx).collidepoint(pos):
                found = int(clan["found"][idx])
                column = idx // 3
                value = clan["tiles"][column]
                done = f"found {found}×" if found else "not yet found"
                title = OBJECTIVE_NAMES[OBJECTIVES[idx]]
                rune = rune_of(layout, seat, idx)
                title = f"{rune} {title.lower()}" if rune else title
                return f"{OBJECTIVES[idx]} {title}: +{value} per rune, {done}"
    for seat in (0, 1):
        clan = frame.view["clans"][seat]
        for t in range(4):
            length = layout.track_length(t)
            for k in range(length):
                if layout.track(seat, t, k).collidepoint(pos):
                    free = " — its last space gives a free action" if k == length - 1 else ""
                    return f"{TRACK_NAMES[t]} track: at {clan['tracks'][t]} of {length - 1}{free}"
        for kind, what in (("deck", "cards in the deck"), ("discard", "cards discarded"),
                           ("destroyed", "cards destroyed"), ("tactics", "Battle Tactics left")):  # fmt: skip
            if layout.clan(seat, kind).collidepoint(pos):
                return f"{frame.names[seat] if seat < len(frame.names) else 'Kai'}: {what}"
    return ""


# -- the duel --------------------------------------------------------------------------------------------------


def duel_rect(layout: TableLayout) -> pygame.Rect:
    """The duel panel: over the upper levels of the battlefield, leaving level 1 in view."""
    top = layout.cell(layout.board.cell(4, layout.board.levels))
    rect = pygame.Rect(0, 0, 500, 196)
    rect.midtop = (top.centerx, top.y - 2)
    return rect


def duel(
    surface: pygame.Surface, layout: TableLayout, frame: Frame, shown_battle: dict[str, Any] | None
) -> None:
    """A battle: both cards face to face, their tactics, tokens and dice, then the totals."""
    ctx = shown_battle
    if ctx is None:
        return
    att = int(ctx["att"])
    area = duel_rect(layout)
    draw_panel(surface, area, fill=(0x24, 0x1A, 0x14), border=GOLD, radius=14)
    shadow_text(surface, "Battle", 20, (area.centerx, area.y + 6), "midtop", GOLD_LIGHT, bold=True)
    tac = ctx.get("tac") or [0, 0]
    tok = ctx.get("tok") or [[], []]
    dice = ctx.get("dice") or [[], []]
    for side in (0, 1):
        seat = att if side == 0 else 1 - att
        n = int(ctx["a"] if side == 0 else ctx["d"])
        x = area.x + 34 if side == 0 else area.right - 34 - 72
        surface.blit(card_image(n, 0.6), (x, area.y + 10))
        role = "Attacker" if side == 0 else "Defender"
        name = frame.names[seat] if seat < len(frame.names) else "Kai"
        shadow_text(
            surface, f"{role}: {name}", 13, (x + 36, area.y + 116), "midtop", seat_colour(seat), bold=True
        )
        t = tac[side] if side < len(tac) else 0
        label = "tactic face down" if t == "?" else (tactic_name(int(t)) if t else "no tactic yet")
        shadow_text(surface, label, 13, (x + 36, area.y + 134), "midtop", MUTED)
        inner = area.x + 100 if side == 0 else area.right - 100
        toks = tok[side] if side < len(tok) and isinstance(tok[side], list) else []
        for i, v in enumerate(toks[:6]):
            tx = inner + (i % 3) * 26 if side == 0 else inner - 24 - (i % 3) * 26
            surface.blit(token_image(int(v), 24), (tx, area.y + 40 + (i // 3) * 26))
        rolled = dice[side] if side < len(dice) and isinstance(dice[side], list) else []
        if rolled:
            anchor = "midleft" if side == 0 else "midright"
            shadow_text(
                surface,
                "Dice " + " ".join(str(v) for v in rolled),
                16,
                (inner, area.y + 104),
                anchor,
                PARCHMENT,
                True,
            )
    shadow_text(surface, "vs", 28, (area.centerx, area.y + 74), "center", GOLD, bold=True)
    totals = ctx.get("totals")
    if totals:
        shadow_text(
            surface,
            f"{totals[0]} : {totals[1]}",
            28,
            (area.centerx, area.y + 150),
            "center",
            GOLD_LIGHT,
            True,
        )


# -- a draw to keep from --------------------------------------------------------------------------------------


def offer_rects(layout: TableLayout, count: int) -> list[pygame.Rect]:
    """Where the offered cards lie (over the battlefield) while the viewer keeps some."""
    w, h = 103, 144
    gap = 14
    total = count * w + (count - 1) * gap
    left = layout.cell(22).centerx - total // 2
    return [pygame.Rect(left + i * (w + gap), layout.cell(23).y + 10, w, h) for i in range(count)]


def offer(surface: pygame.Surface, layout: TableLayout, cards_offered: Sequence[int], keep_left: int) -> None:
    """The draw on offer: click a card to keep it."""
    rects = offer_rects(layout, len(cards_offered))
    if not rects:
        return
    panel = rects[0].union(rects[-1]).inflate(40, 70).move(0, 10)
    draw_panel(surface, panel, fill=(0x24, 0x1A, 0x14), border=GOLD, radius=14)
    shadow_text(
        surface,
        f"Keep {keep_left} more: click a card",
        16,
        (panel.centerx, panel.y + 6),
        "midtop",
        GOLD_LIGHT,
        True,
    )
    for n, rect in zip(cards_offered, rects, strict=False):
        surface.blit(card_image(n, 0.86), rect)


def zoom(surface: pygame.Surface, n: int, near: pygame.Rect, bounds: pygame.Rect) -> None:
    """A card at reading size beside ``near``."""
    image = card_image(n, 1.5)
    rect = image.get_rect()
    rect.midleft = (near.right + 12, near.centery)
    if rect.right > bounds.right:
        rect.midright = (near.x - 12, near.centery)
    rect.clamp_ip(bounds)
    surface.blit(image, rect)
