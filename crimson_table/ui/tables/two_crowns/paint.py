"""Painting the Two Crowns table's fixed parts, the hover zoom and the discard browser.

The battlefield (two lanes of four slots, whose group is which, totals after the battle), the
band between the lanes (battle result, payments, precise draws), the prompt panel that says what
to do now, the 2.5x hover zoom, and the overlay that lays out a discard pile face up.

Every function takes what it draws: the surface, the layout, the shown model and a :class:`Frame`
(the view, the seat names and who is to act), never the scene.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import fill_seat_names
from crimson_table.engine.two_crowns.cards import (
    BISHOP,
    CATAPULT,
    COST,
    FEINT,
    GOLD_VALUE,
    KIND,
    KNIGHT,
    VALUE,
    VASSAL,
    card_name,
)
from crimson_table.engine.two_crowns.cards import GOLD as GOLD_KIND
from crimson_table.engine.two_crowns.view import TwoCrownsView
from crimson_table.ui.art import table as table_art
from crimson_table.ui.art.cards import lifted_card, shadow_pad
from crimson_table.ui.artwork import d20_face
from crimson_table.ui.scene import Scene
from crimson_table.ui.tables.backdrop import Layer
from crimson_table.ui.tables.shown import InFlight
from crimson_table.ui.tables.two_crowns.layout import (
    CASTLE_SIZE,
    MAX_SLOTS,
    PILE_SCALE,
    ZOOM_SCALE,
    Sprite,
    TableLayout,
    card_image,
    card_px,
    card_spec,
)
from crimson_table.ui.tables.two_crowns.shown import TwoCrownsShown
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import Button, dim, draw_banner, draw_panel
from crimson_table.ui.widgets.clearance import zoom_place
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, PARCHMENT, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

MUTED = (0xB8, 0xB0, 0x9C)
HINT_INK = (0x5C, 0x55, 0x4A)
PROMPT_TEXT = 16


@dataclass(frozen=True)
class Frame:
    """What the painter needs besides the layout and the shown model, for one frame."""

    view: TwoCrownsView  # the viewer's player_view
    names: tuple[str, ...]  # seat names
    viewer: int
    actor: int | None  # the seat to act (None once the match is over)
    awaiting: bool  # the viewer must decide now
    caption: str  # the log line of the event being animated ("" when settled)
    legal: frozenset[str] = frozenset()  # the KINDs of the viewer's legal actions now

    def mine(self, seat: int) -> bool:
        """True for the viewer's own seat ("You"); a spectator's or all-hands view has none."""
        return seat == self.viewer and self.view.get("seat") is not None


# -- the battlefield ----------------------------------------------------------------------------------


def battlefield_frame(layout: TableLayout) -> tuple[Layer, ...]:
    """The dark inset of both lanes, its gold edge and the empty slots, as layers made once per size:
    the table's backdrop holds them while nothing moves (``tables/backdrop.py``)."""
    panel = layout.battle
    slots = [layout.lane_slot(seat, i) for seat in (0, 1) for i in range(MAX_SLOTS)]
    return (
        (_inset(panel.size), panel.topleft),
        *((_frame_image(slot.size, 14, 55), slot.topleft) for slot in slots),
    )


@lru_cache(maxsize=2)
def _inset(size: tuple[int, int]) -> pygame.Surface:
    """The battlefield's translucent inset and its opaque gold edge (the slots are layers of their own:
    one translucent image blended into another would not look as the two blended onto the felt)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (6, 18, 12, 110), layer.get_rect(), border_radius=18)
    pygame.draw.rect(layer, (0x8A, 0x6A, 0x12), layer.get_rect(), 2, border_radius=18)
    return layer


def battlefield(surface: pygame.Surface, layout: TableLayout, shown: TwoCrownsShown, frame: Frame) -> None:
    """Over the battlefield's frame (:func:`battlefield_frame`): the lanes' labels and the pay slot."""
    for seat in (0, 1):
        _lane_label(surface, layout, shown, frame, seat)
    _pay_slot(surface, layout, shown)


def _slot_outline(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 55) -> None:
    surface.blit(_frame_image(rect.size, 14, alpha), rect.topleft)


@lru_cache(maxsize=16)
def _frame_image(size: tuple[int, int], fill_alpha: int, edge_alpha: int) -> pygame.Surface:
    """A faint rounded frame (a parchment wash ``fill_alpha``, its 2 px edge ``edge_alpha``)."""
    frame = pygame.Surface(size, pygame.SRCALPHA)
    if fill_alpha:
        pygame.draw.rect(frame, (*PARCHMENT, fill_alpha), frame.get_rect(), border_radius=10)
    pygame.draw.rect(frame, (*PARCHMENT, edge_alpha), frame.get_rect(), 2, border_radius=10)
    return frame


def _lane_label(
    surface: pygame.Surface, layout: TableLayout, shown: TwoCrownsShown, frame: Frame, seat: int
) -> None:
    """Attack or defence, whose group, and after the battle its total (TC-R15)."""
    rect = layout.lane_label(seat)
    role = "Attack" if seat == shown.attacker else "Defence"
    name = "You" if frame.mine(seat) else frame.names[seat]
    fonts.blit_text(surface, role, 20, GOLD_LIGHT, (rect.x, rect.y + 2), bold=True, shadow=SHADOW)
    surface.blit(player_badge(seat, 20), (rect.x, rect.y + 36))
    fonts.blit_text(
        surface, _fit(name, 16, rect.width - 26), 16, PARCHMENT, (rect.x + 26, rect.y + 35), shadow=SHADOW
    )
    if seat in shown.totals:
        fonts.blit_text(surface, "Total", 16, MUTED, (rect.x, rect.y + 78), italic=True, shadow=SHADOW)
        pos = (rect.x + 46, rect.y + 64)
        fonts.blit_text(surface, str(shown.totals[seat]), 40, GOLD_LIGHT, pos, bold=True, shadow=SHADOW)
    if shown.vassal[seat]:
        fonts.blit_text(surface, "Vassal x2", 16, GOLD, (rect.x, rect.bottom - 22), bold=True, shadow=SHADOW)


def _pay_slot(surface: pygame.Surface, layout: TableLayout, shown: TwoCrownsShown) -> None:
    """While a special is being paid for: the slot where its owner lays Gold (TC-R10)."""
    if shown.special is None or shown.paying_seat is None:
        return
    rect = layout.pay_slot(shown.paying_seat)
    _slot_outline(surface, rect, alpha=120)
    cost = COST[KIND[shown.special]]
    paid = sum(GOLD_VALUE[c] for c in shown.paying)
    fonts.blit_text(
        surface,
        f"{paid}/{cost} gold",
        16,
        GOLD_LIGHT,
        (rect.centerx, rect.y - 4),
        anchor="midbottom",
        bold=True,
        shadow=SHADOW,
    )
    if not shown.paying:
        fonts.blit_text(surface, "Pay here", 16, MUTED, rect.center, anchor="center", italic=True)


@lru_cache(maxsize=64)  # names on the table, fitted every frame: measured once
def _fit(text: str, size: int, width: int) -> str:
    face = fonts.font(size)
    while len(text) > 1 and face.size(text)[0] > width:
        text = text[:-2] + "…"
    return text


# -- castles, piles, rest areas -------------------------------------------------------------------------


def castle(
    surface: pygame.Surface, layout: TableLayout, shown: TwoCrownsShown, frame: Frame, seat: int
) -> None:
    """The castle with its value on the plaque, its d20 showing the same value, the name tag."""
    value = max(0, shown.castles[seat])
    surface.blit(table_art.castle(CASTLE_SIZE, value, seat), layout.castle(seat))
    die = layout.die(seat)
    surface.blit(d20_face(value, die.width), die)
    _name_tag(surface, layout, frame, seat)
    notes = []
    view = frame.view
    if int(view["best_of"]) > 1:
        notes.append(f"Crowns {view['crowns'][seat]}")
    if view["destiny_used_by"] == seat:
        notes.append("Destiny used")  # TC-R16
    for i, note in enumerate(notes):
        pos = (die.centerx, die.bottom + 2 + i * 18)
        fonts.blit_text(surface, note, 14, MUTED, pos, anchor="midtop", italic=True, shadow=SHADOW)


def _name_tag(surface: pygame.Surface, layout: TableLayout, frame: Frame, seat: int) -> None:
    x, y = layout.name_pos(seat)
    acting = frame.actor == seat
    name = _fit(frame.names[seat], fonts.BODY, 200)
    text = fonts.render(name, fonts.BODY, GOLD_LIGHT if acting else PARCHMENT, bold=True, shadow=SHADOW)
    surface.blit(player_badge(seat, 28), (x, y))
    surface.blit(text, (x + 34, y + 1))
    if acting:
        pygame.draw.line(surface, GOLD, (x + 34, y + 30), (x + 34 + text.get_width(), y + 30), 2)


def piles(
    surface: pygame.Surface, layout: TableLayout, shown: TwoCrownsShown, flights: InFlight, seat: int
) -> None:
    """The deck (a small stack of backs) and the discard pile's frame, with their counts."""
    deck, pile = layout.deck(seat), layout.discard(seat)
    count = shown.decks[seat]
    for i in range(min(3, (count + 9) // 10)):
        surface.blit(card_image(None, PILE_SCALE), deck.move(-2 * i, -2 * i))
    if count == 0:
        outline(surface, deck)
    visible = len(shown.discards[seat]) - flights.incoming(("discard", seat))
    if visible <= 0:
        outline(surface, pile)
    for rect, text in ((deck, f"Deck {count}"), (pile, f"Discard {visible}")):
        pos = (rect.centerx, rect.bottom + 4)
        fonts.blit_text(surface, text, 14, PARCHMENT, pos, anchor="midtop", shadow=SHADOW)


def rest_area(surface: pygame.Surface, layout: TableLayout, frame: Frame, seat: int) -> None:
    """The frame where a seat's resting Knights lie (TC-R4, TC-R5)."""
    area = layout.rest_area(seat)
    outline(surface, area, alpha=50)
    owner = "Your" if frame.mine(seat) else f"{_fit(frame.names[seat], 14, 120)}'s"
    pos = (area.x + 10, area.y + 8)
    fonts.blit_text(surface, f"{owner} resting Knights", 14, MUTED, pos, italic=True, shadow=SHADOW)


def outline(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 70) -> None:
    """A faint rounded frame on the felt (an empty pile or area)."""
    surface.blit(_frame_image(rect.size, 0, alpha), rect.topleft)


# -- the band between the lanes ------------------------------------------------------------------------


def strip(surface: pygame.Surface, layout: TableLayout, shown: TwoCrownsShown, frame: Frame) -> None:
    """Battle result, payment or precise-draw caption, or a quiet hint."""
    rect = layout.strip()
    if shown.banner:
        banner = fill_seat_names(shown.banner, frame.names)
        face = fonts.font(fonts.HEADING - 2, bold=True)
        width = min(rect.width - 20, face.size(banner)[0] + 80)
        ribbon = pygame.Rect(0, 0, width, 54)
        ribbon.center = rect.center
        draw_banner(surface, ribbon, banner, fonts.HEADING - 2)
        return
    text = _strip_text(shown, frame)
    if text:
        fonts.blit_text(surface, text, 18, MUTED, rect.center, anchor="center", italic=True, shadow=SHADOW)


def _strip_text(shown: TwoCrownsShown, frame: Frame) -> str:
    if shown.drawn_seat is not None and shown.drawn:
        if frame.mine(shown.drawn_seat):
            return "Precise draw: keep one of these two cards"
        return f"{frame.names[shown.drawn_seat]} keeps one of two drawn cards"
    if shown.special is not None and shown.paying_seat is not None:
        who = "Your" if frame.mine(shown.paying_seat) else f"{frame.names[shown.paying_seat]}'s"
        return f"{who} {card_name(shown.special)} costs {COST[KIND[shown.special]]} gold"
    lanes = [shown.lane_cards(0), shown.lane_cards(1)]
    if any(lanes) and any(shown.face_down) and not shown.revealed:
        return "Face down until both sides have committed"
    if not any(lanes):
        return "The field of battle"
    return ""


# -- the prompt ------------------------------------------------------------------------------------------


def prompt(surface: pygame.Surface, layout: TableLayout, frame: Frame) -> None:
    """What to do now, on a parchment panel above the buttons."""
    rect = layout.prompt
    title, body = prompt_text(frame)
    draw_panel(surface, rect)
    fonts.blit_text(surface, title, 22, CRIMSON, (rect.x + 16, rect.y + 12), bold=True)
    face = fonts.font(PROMPT_TEXT)
    y = rect.y + 48
    for line in fonts.wrap(body, face, rect.width - 32):
        if y + face.get_linesize() > rect.bottom - 8:
            break
        surface.blit(face.render_cached(line, INK), (rect.x + 16, y))
        y += face.get_linesize()


def prompt_text(frame: Frame) -> tuple[str, str]:
    """(title, text) for the prompt panel, from the viewer's side of the table."""
    view, actor = frame.view, frame.actor
    if actor is None:
        return "Game over", "The war is decided. The results follow."
    if frame.caption:
        return "Playing out", frame.caption
    if not frame.awaiting:
        name = frame.names[actor]
        return f"{name}'s move", _waiting_text(str(view["phase"]), name)
    return "Your move", _doing_text(frame, str(view["phase"]))


def _waiting_text(phase: str, name: str) -> str:
    doing = {
        "roll": "rolls for the first turn.",
        "turn": "attacks or draws.",  # TC-R6, as the log says
        "attack": "lays an attack face down.",
        "defend": "chooses a defence.",
        "pay": "decides whether to pay for a special card.",
        "precise_discard": "discards a card for a precise draw.",
        "precise_keep": "keeps one of two drawn cards.",
    }
    return f"{name} {doing.get(phase, 'is deciding.')}"


def _turn_hint(legal: frozenset[str]) -> str:
    """The start of a turn: only the moves the rules allow now (TC-R7, TC-R8, TC-R9)."""
    parts = ["Attack: drag a Knight into your battle row."] if "choose_attack" in legal else []
    draws = []
    if "large_draw" in legal:
        draws.append("Large draw")
    if "precise_draw" in legal:
        draws.append("drop a card on your discard pile for a Precise draw")
    if draws:
        parts.append("Draw: " + ", or ".join(draws) + ".")
    return " ".join(parts) or "Choose your move."


def _doing_text(frame: Frame, phase: str) -> str:
    view = frame.view
    if phase == "defend":
        attacker = frame.names[int(view["attacker"])]
        count = int(view["seats"][int(view["attacker"])]["group_count"])
        return f"{attacker} attacks with {count} card{'s' if count != 1 else ''}. Drag up to 4 cards into your row to defend, then commit."
    if phase == "pay" and view["queue"]:
        special = int(view["queue"][0][1])
        return f"Pay {COST[KIND[special]]} gold for your {card_name(special)}: drag Gold onto the pay slot, or decline."
    texts = {
        "roll": "Roll the castle dice: the higher roll attacks first.",
        "turn": _turn_hint(frame.legal),
        "attack": "Drag up to 4 cards into your row, at least one Knight. Gold stays in hand. Then commit.",
        "precise_discard": "Precise draw: drop one card from your hand on your discard pile.",
        "precise_keep": "Keep one of the two drawn cards: click it, or drag it to your hand.",
    }
    return texts.get(phase, "Choose your move.")


# -- selection -------------------------------------------------------------------------------------------


def selection(
    surface: pygame.Surface, sprites: list[Sprite], selected: tuple[Any, ...] | None, special: int | None
) -> None:
    """Gold outlines hugging the selected card and the special being paid for (TC-R10)."""
    for sprite in sprites:
        chosen = sprite.key == selected
        paying = special is not None and sprite.card == special and sprite.key[0] == "lane"
        if chosen or paying:
            rect = sprite.rect
            points = [(x + rect.x, y + rect.y) for x, y in pygame.mask.from_surface(sprite.image).outline(4)]
            if len(points) > 2:
                pygame.draw.lines(surface, GOLD_LIGHT, True, points, 4)


# -- hover zoom -------------------------------------------------------------------------------------------


def zoom_rect(anchor: pygame.Rect, bounds: pygame.Rect, above: bool = True) -> pygame.Rect:
    """Where a 2.5x card goes for a card at ``anchor``: above it (hand cards) if there is room, else
    beside it, right or left, so the rest of the table stays in view."""
    return zoom_place(card_px(ZOOM_SCALE), anchor, bounds, above, right_first=True)


def draw_zoom(
    surface: pygame.Surface, card: int, anchor: pygame.Rect, bounds: pygame.Rect, above: bool = True
) -> pygame.Rect:
    """The hover zoom: the card at 2.5x with its full effect text, lifted off the table."""
    rect = zoom_rect(anchor, bounds, above)
    pad = shadow_pad()
    surface.blit(lifted_card(card_spec(card), ZOOM_SCALE), (rect.x - pad, rect.y - pad))
    return rect


# -- the discard browser ------------------------------------------------------------------------------

BROWSE_SCALE = 0.55


def pile_summary(cards: list[int]) -> str:
    """ "3 Knights (1, 1, 3) · 2 Gold · 1 Feint" — what a pile holds, by kind."""
    if not cards:
        return ""
    parts = []
    for kind in (KNIGHT, GOLD_KIND, FEINT, VASSAL, BISHOP, CATAPULT):
        of_kind = sorted(VALUE[c] for c in cards if KIND[c] == kind)
        if not of_kind:
            continue
        name = kind.capitalize() + ("s" if len(of_kind) > 1 and kind != GOLD_KIND else "")
        values = f" ({', '.join(str(v) for v in of_kind)})" if kind == KNIGHT else ""
        parts.append(f"{len(of_kind)} {name}{values}")
    return f"{len(cards)} cards: " + " · ".join(parts)


class DiscardBrowser(Scene):
    """A seat's discard pile, every card face up (discards are public), over the dimmed table.

    The pile is laid out oldest first; the pane at the right shows the card under the mouse at
    2.5x (the top card when the mouse is elsewhere).  Esc, Close or a click outside closes it.
    """

    transparent = True
    COLUMNS = 10
    GAP = 8

    def __init__(self, app: App, title: str, cards: list[int]) -> None:
        super().__init__(app)
        self.title = title
        self.cards = list(cards)
        rows = max(1, math.ceil(len(self.cards) / self.COLUMNS))
        w, h = card_px(BROWSE_SCALE)
        zoom_w, zoom_h = card_px(ZOOM_SCALE)
        grid_w = self.COLUMNS * (w + self.GAP)
        height = max(120 + rows * (h + self.GAP), zoom_h) + 170
        self.panel = pygame.Rect(0, 0, 36 + grid_w + 28 + zoom_w + 36, min(880, height))
        self.panel.center = (800, 450)
        self.detail = pygame.Rect(self.panel.right - 36 - zoom_w, self.panel.y + 100, zoom_w, zoom_h)
        self.close_button = Button(
            (self.panel.centerx - 90, self.panel.bottom - 66, 180, 46), "Close", self.close, kind="secondary"
        )
        self.hover: int | None = None

    def card_rect(self, index: int) -> pygame.Rect:
        """Where card ``index`` of the pile sits in the grid (oldest first)."""
        w, h = card_px(BROWSE_SCALE)
        row, col = divmod(index, self.COLUMNS)
        return pygame.Rect(
            self.panel.x + 36 + col * (w + self.GAP), self.panel.y + 110 + row * (h + self.GAP), w, h
        )

    def close(self) -> None:
        """Back to the table."""
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Close on Esc, Enter or a press outside the panel; hover picks the card to show large."""
        if self.close_button.handle_event(event) is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (i for i in range(len(self.cards)) if self.card_rect(i).collidepoint(event.pos)), None
            )
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.panel.collidepoint(event.pos):
                self.close()
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.close()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the table, then the panel: title, summary, the pile, the large card."""
        dim(surface, 160)
        draw_panel(surface, self.panel)
        left = self.panel.x + 36
        fonts.blit_text(surface, self.title, fonts.HEADING, INK, (left, self.panel.y + 24), bold=True)
        summary = pile_summary(self.cards) or "No cards yet."
        fonts.blit_text(surface, summary, fonts.SMALL, HINT_INK, (left, self.panel.y + 68))
        for i, card in enumerate(self.cards):
            surface.blit(card_image(card, BROWSE_SCALE), self.card_rect(i))
        if self.hover is not None:
            pygame.draw.rect(surface, GOLD, self.card_rect(self.hover).inflate(6, 6), 3, border_radius=8)
        self._draw_detail(surface)
        self.close_button.draw(surface)

    def _draw_detail(self, surface: pygame.Surface) -> None:
        shown = self.hover if self.hover is not None else len(self.cards) - 1
        if shown < 0:
            return
        caption = "Top of the pile" if self.hover is None else f"Card {shown + 1} of {len(self.cards)}"
        fonts.blit_text(
            surface,
            caption,
            fonts.SMALL,
            HINT_INK,
            (self.detail.centerx, self.detail.y - 26),
            anchor="midtop",
            italic=True,
        )
        pad = shadow_pad()
        surface.blit(
            lifted_card(card_spec(self.cards[shown]), ZOOM_SCALE), (self.detail.x - pad, self.detail.y - pad)
        )
