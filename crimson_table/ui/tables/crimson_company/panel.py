"""Crimson Company table: the action panel, its two-line choice buttons, and the discard browser.

The action panel sits between the two players on the right.  It says what the seat at the screen
must do (bid, Match or Pass, deploy, or an effect choice with the card's text in a ribbon) or
who is deciding now: :func:`panel_text` composes that from a :class:`Moment` (the view, the
table's mode and what the animations are showing), never from the scene.  The discard pile opens
as an overlay listing every destroyed card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine.core import fill_seat_names
from crimson_table.engine.crimson_company.view import CrimsonCompanyView, DecisionView
from crimson_table.ui.art.cards import CARD_H, CARD_W
from crimson_table.ui.scene import Scene
from crimson_table.ui.tables.crimson_company.layout import CardSlot, card_name, card_text
from crimson_table.ui.tables.crimson_company.paint import draw_zoom, face
from crimson_table.ui.tables.crimson_company.shown import ScoreShow
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button, dim, draw_banner, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD_DARK, INK, PARCHMENT, SHADOW, STONE

if TYPE_CHECKING:
    from crimson_table.ui.app import App

BODY_SIZE = 17
HINT_SIZE = 14
HOVER_DELAY = 0.25


@dataclass
class PanelText:
    """What the action panel says: a title (a ribbon for effect choices), paragraphs and a key hint."""

    title: str
    paragraphs: list[tuple[str, str]] = field(default_factory=list)  # (text, "plain" | "bold" | "italic")
    hint: str = ""
    ribbon: bool = False


RIBBON_SIZES = (18, 16, 15)
PAD_X = 22


def _ribbon_lines(title: str, width: int) -> tuple[int, list[str]]:
    """The largest ribbon font size that fits the title on one line, else two lines at the smallest."""
    for size in RIBBON_SIZES:
        if fonts.font(size, bold=True).size(title)[0] <= width:
            return size, [title]
    size = RIBBON_SIZES[-1]
    return size, fonts.wrap(title, fonts.font(size, bold=True), width)


def _title_height(text: PanelText, width: int) -> int:
    if not text.ribbon:
        return 56
    size, lines = _ribbon_lines(text.title, width - 48)
    return 14 + len(lines) * fonts.font(size, bold=True).get_linesize() + 16 + 12


def _paragraph_lines(text: PanelText, width: int) -> list[tuple[str, fonts.SizedFont]]:
    out: list[tuple[str, fonts.SizedFont]] = []
    for paragraph, style in text.paragraphs:
        face_ = fonts.font(BODY_SIZE, bold=style == "bold", italic=style == "italic")
        out += [(line, face_) for line in fonts.wrap(paragraph, face_, width)]
        out.append(("", face_))
    return out


def _hint_height(text: PanelText, width: int) -> int:
    if not text.hint:
        return 0
    hint = fonts.font(HINT_SIZE, italic=True)
    return len(fonts.wrap(text.hint, hint, width)) * hint.get_linesize() + 14


def layout_panel(text: PanelText, area: pygame.Rect, controls_height: int) -> tuple[pygame.Rect, int]:
    """The panel rect (just tall enough, centred in ``area``) and the y where controls go."""
    width = area.width - 2 * PAD_X
    body = sum(6 if not line else f.get_linesize() for line, f in _paragraph_lines(text, width))
    height = _title_height(text, area.width) + body + controls_height + _hint_height(text, width) + 24
    rect = pygame.Rect(area.x, 0, area.width, min(area.height, max(150, height)))
    rect.centery = area.centery
    return rect, rect.y + _title_height(text, area.width) + body + 4


def draw_action_panel(surface: pygame.Surface, rect: pygame.Rect, text: PanelText) -> None:
    """The parchment panel with its title (a ribbon for effect choices), paragraphs and key hint."""
    draw_panel(surface, rect)
    width = rect.width - 2 * PAD_X
    if text.ribbon:
        size, lines = _ribbon_lines(text.title, rect.width - 48)
        step = fonts.font(size, bold=True).get_linesize()
        band = pygame.Rect(rect.x + 12, rect.y + 14, rect.width - 24, len(lines) * step + 16)
        draw_banner(surface, band, "", size=16)
        y = band.y + 8
        for line in lines:
            fonts.blit_text(
                surface, line, size, PARCHMENT, (band.centerx, y), anchor="midtop", bold=True, shadow=SHADOW
            )
            y += step
    else:
        fonts.blit_text(surface, text.title, 22, CRIMSON, (rect.x + PAD_X, rect.y + 18), bold=True)
    y = rect.y + _title_height(text, rect.width)
    for line, face_ in _paragraph_lines(text, width):
        if line:
            surface.blit(face_.render_cached(line, INK), (rect.x + PAD_X, y))
        y += face_.get_linesize() if line else 6
    if text.hint:
        hint = fonts.font(HINT_SIZE, italic=True)
        lines = fonts.wrap(text.hint, hint, width)
        hy = rect.bottom - 16 - len(lines) * hint.get_linesize()
        pygame.draw.line(surface, GOLD_DARK, (rect.x + PAD_X, hy - 6), (rect.right - PAD_X, hy - 6), 1)
        for line in lines:
            surface.blit(hint.render_cached(line, STONE), (rect.x + PAD_X, hy))
            hy += hint.get_linesize()


# --------------------------------------------------------------------------- what the panel says


@dataclass(frozen=True)
class Moment:
    """What the panel and the scoreboard describe: the view, the table's mode, what is playing."""

    view: CrimsonCompanyView
    mode: str  # bid, respond, deploy, pick_card, pick_lane, pick_pair, pick_cards or idle
    names: Sequence[str]
    busy: bool  # animations are still showing the last moves
    over: bool
    caption: str = ""  # the log line of the event being shown
    score: ScoreShow | None = None
    picked: Sequence[str] = ()  # cards picked so far for a pair or set
    set_size: int = 0  # how many cards a set choice takes


def phase_text(m: Moment) -> str:
    """The phase of the decision being waited for (for the scoreboard)."""
    decision = m.view.get("decision")
    if m.score is not None:
        return "Score phase"
    if m.busy:
        return ""
    if m.over:
        return "Game over"
    if not decision:
        return ""
    kind = decision["kind"]
    if kind in ("bid", "respond"):
        return "Recruitment"
    if kind == "deploy":
        return "Deployment"
    card = decision["card"]
    return f"Effect: {card_name(card)}" if card else "Effect"


def panel_text(m: Moment) -> PanelText:
    """What the action panel says now."""
    decision = m.view.get("decision")
    if m.busy and (m.caption or m.score):
        return _showing_text(m)
    if m.over or not decision:
        reason = fill_seat_names(str(m.view.get("reason", "")), m.names)
        return PanelText("Game over", [(reason, "plain")])
    chooser = int(decision["chooser"])
    mode = m.mode
    if mode == "idle":
        return _waiting_text(m, chooser, decision)
    keys = "Arrows: choose · Enter: confirm · Esc: cancel"
    if mode == "bid":
        return PanelText(
            "Your bid",
            [
                (
                    "Drag coins from your purse onto a card on offer, or click a card and use − / +. "
                    "Then press Bid.",
                    "plain",
                )
            ],
            "Arrows: card and coins · Enter: bid",
        )
    if mode == "respond":
        return PanelText("Match or pass?", [(_bid_line(m), "plain")], "Keys: M match · P pass · arrows")
    if mode == "deploy":
        return PanelText(
            "Deploy your sellswords", [(_deploy_line(len(m.view["waiting"][chooser])), "plain")], keys
        )
    return _effect_text(m, decision, keys)


def _deploy_line(waiting: int) -> str:
    """How to deploy: the lanes glow only once a card is picked up or clicked (CC-R18 decides which)."""
    cards, one = ("1 recruited card", "it") if waiting == 1 else (f"{waiting} recruited cards", "one")
    return (
        f"{cards} to play. Drag {one} into a lane, or click it and then a lane (the lanes it may join "
        "glow). It joins the far end of your side."
    )


def _showing_text(m: Moment) -> PanelText:
    """While the table catches up: the lane being scored, or the event being shown."""
    score = m.score
    if score is not None:
        paragraphs: list[tuple[str, str]] = []
        if score.effect:
            paragraphs.append((f"{card_name(score.effect)}: {card_text(score.effect)}", "italic"))
        if len(score.applied) > 1 or (score.applied and score.totals is not None):
            done = ", ".join(dict.fromkeys(card_name(c) for c in score.applied))
            paragraphs.append((f"Score effects applied: {done}", "plain"))
        elif score.totals is None:
            paragraphs.append(("Every card starts at its strength; Score effects apply next.", "plain"))
        if score.totals is not None:
            names = m.names
            paragraphs.append((f"{names[0]} {score.totals[0]} · {names[1]} {score.totals[1]}", "bold"))
        return PanelText(f"Lane {score.lane + 1} is scored", paragraphs, ribbon=True)
    return PanelText("On the table", [(m.caption, "plain")])


def _waiting_text(m: Moment, chooser: int, decision: DecisionView) -> PanelText:
    name = m.names[chooser]
    verbs = {"bid": "is bidding", "respond": "decides: Match or Pass", "deploy": "is deploying"}
    verb = verbs.get(decision["kind"], "is choosing")
    paragraphs = [(f"{name} {verb}…", "bold")]
    if decision["kind"] == "respond":
        paragraphs.append((_bid_line(m), "plain"))
    elif card := decision["card"]:
        prompt = onlookers_prompt(str(decision["prompt"]), name, m.names[1 - chooser])
        paragraphs += [(prompt, "plain"), (card_text(card), "italic")]
    return PanelText("Please wait", paragraphs)


def onlookers_prompt(prompt: str, chooser: str, other: str) -> str:
    """An effect's prompt (the engine words it for the seat choosing) as the others read it: the
    opponent waiting, or a spectator, is not the "you" it speaks to.

    >>> onlookers_prompt("Monk: flip one of your opponent's cards", "Anna", "Ben")
    "Monk: flip one of Ben's cards"
    >>> onlookers_prompt("Siren: choose your cards to be moved", "Anna", "Ben")
    "Siren: choose Anna's cards to be moved"
    """
    return prompt.replace("your opponent's", f"{other}'s").replace("your ", f"{chooser}'s ")


def _bid_line(m: Moment) -> str:
    bid = m.view.get("bid")
    if not bid:
        return ""
    bidder = m.names[int(bid["bidder"])]
    return (
        f"{bidder} bids {bid['amount']} coin{'s' if bid['amount'] != 1 else ''} on {card_name(bid['card'])}."
    )


def _effect_text(m: Moment, decision: DecisionView, keys: str) -> PanelText:
    card = decision.get("card")
    paragraphs: list[tuple[str, str]] = []
    if card:
        paragraphs.append((card_text(card), "italic"))
    hint = {
        "pick_card": "Click a glowing card.",
        "pick_lane": "Click a glowing lane.",
        "pick_pair": "Click two glowing cards.",
        "pick_cards": f"Click {m.set_size} glowing cards.",
    }[m.mode]
    picked = m.picked
    if picked:
        hint += " Picked: " + ", ".join(card_name(c) for c in picked) + "."
    paragraphs.append((hint, "bold"))
    return PanelText(decision["prompt"], paragraphs, keys, ribbon=True)


class ChoiceButton(Button):
    """A tall button with a bold headline and a smaller line under it (Match / Pass)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        title: str,
        sub: str,
        on_click: Callable[[], object],
        *,
        kind: str = "primary",
        hotkey: int | None = None,
    ) -> None:
        super().__init__(rect, title, on_click, kind=kind, hotkey=hotkey)
        self.sub = sub
        self.selected = False

    def draw(self, surface: pygame.Surface) -> None:
        """The body from :class:`Button`, then the two wrapped labels."""
        title, self.text = self.text, ""
        super().draw(surface)
        self.text = title
        rect = self.rect.move(0, -2) if self.hovered and self.enabled and not self.pressed else self.rect
        if self.selected:
            pygame.draw.rect(surface, PARCHMENT, rect.inflate(8, 8), 3, border_radius=12)
        colour = INK if self.kind == "gold" else PARCHMENT
        head = fonts.font(18, bold=True)
        small = fonts.font(15)
        lines = [(line, head) for line in fonts.wrap(self.text, head, rect.width - 24)]
        lines += [(line, small) for line in fonts.wrap(self.sub, small, rect.width - 24)]
        total = sum(f.get_linesize() for _, f in lines)
        y = rect.centery - total // 2
        for line, face_ in lines:
            image = face_.render_cached(line, colour)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += face_.get_linesize()


class DiscardOverlay(Scene):
    """Every destroyed card, in the order they were destroyed; hover zooms, a click or Esc closes."""

    transparent = True

    def __init__(self, app: App, cards: list[str], title: str = "Discard pile") -> None:
        super().__init__(app)
        self.cards = list(cards)
        self.title = title
        columns = 8
        rows = max(1, (len(self.cards) + columns - 1) // columns)
        self.scale = 1.0 if rows <= 4 else 0.8
        cw, ch = round(CARD_W * self.scale), round(CARD_H * self.scale)
        width = columns * (cw + 12) + 60
        height = rows * (ch + 12) + 130
        self.panel = pygame.Rect(0, 0, width, min(880, height))
        self.panel.center = (800, 450)
        self.slots = [
            CardSlot(card, rect, rect, True, "discard", index=i)
            for i, card in enumerate(self.cards)
            for rect in [
                pygame.Rect(
                    self.panel.x + 30 + (i % columns) * (cw + 12),
                    self.panel.y + 80 + (i // columns) * (ch + 12),
                    cw,
                    ch,
                )
            ]
        ]
        self.mouse = (-1, -1)
        self.hover_time = 0.0
        self.pressed = False  # the release of the click that opened the overlay must not close it

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc, Enter or any click closes the overlay."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            self.hover_time = 0.0
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = True
        elif _closes(event) and (self.pressed or event.type == pygame.KEYDOWN):
            self.app.pop(self)
        return None

    def update(self, dt: float) -> None:
        """Time the hover zoom."""
        self.hover_time += dt

    def hovered(self) -> CardSlot | None:
        """The card under the mouse."""
        for slot in self.slots:
            if slot.rect.collidepoint(self.mouse):
                return slot
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Dimmed table, the panel with the cards, the zoom."""
        dim(surface, 170)
        draw_panel(surface, self.panel)
        draw_banner(
            surface,
            pygame.Rect(self.panel.x + 24, self.panel.y + 16, self.panel.width - 48, 46),
            f"{self.title} · {len(self.cards)} card{'s' if len(self.cards) != 1 else ''}",
            size=22,
        )
        if not self.cards:
            fonts.blit_text(
                surface,
                "No card has been destroyed yet.",
                fonts.BODY,
                INK,
                (self.panel.centerx, self.panel.y + 100),
                anchor="midtop",
                italic=True,
            )
        for slot in self.slots:
            image = face(slot.card, self.scale) if self.scale != 1.0 else face(slot.card)
            surface.blit(image, slot.rect)
        fonts.blit_text(
            surface,
            "Click anywhere or press Esc to close",
            fonts.SMALL,
            STONE,
            (self.panel.centerx, self.panel.bottom - 30),
            anchor="midtop",
            italic=True,
        )
        hovered = self.hovered()
        if hovered is not None and self.hover_time >= HOVER_DELAY:
            draw_zoom(surface, hovered, pygame.Rect(0, 0, 1600, 900))


def _closes(event: pygame.event.Event) -> bool:
    """A left click, Esc, Enter or Space closes an overlay."""
    if event.type == pygame.MOUSEBUTTONUP:
        return bool(event.button == 1)
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE)
