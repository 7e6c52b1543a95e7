"""The Crimson Company table: three castle lanes, the market, two purses, bids and deployments.

Gestures become candidate actions that go through ``try_action`` (the engine decides legality):

* Recruitment: drag a coin from your purse onto a card on offer (each drag adds one coin; a click
  on a card picks it), adjust with − / +, then press Bid.  The opponent answers with the Match
  and Pass buttons, which spell out who pays what (CC-R10 - CC-R12).
* Deployment: drag a recruited card into a lane (legal lanes glow gold) or click it, then a lane
  (CC-R16).  The engine always plays a card face-up, so there is no face-down choice to offer.
* Effect choices: click a glowing card, lane, pair or set; the effect's text shows in the ribbon.
* Keyboard: arrows move a selection over the legal targets (up/down change the bid), Enter
  chooses, Esc cancels; M / P answer a bid.

Everything is open information (CC-R3): no curtain; face-down cards show their face on hover.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Action, Event, fill_seat_names
from crimson_table.engine.crimson_company.actions import (
    Bid,
    Deploy,
    Match,
    Pass,
    PickCard,
    PickCards,
    PickLane,
    PickPair,
)
from crimson_table.play.match import Match as GameMatch
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.crimson_company.anim import EventAnimator, TableStep
from crimson_table.ui.tables.crimson_company.gestures import TableInput
from crimson_table.ui.tables.crimson_company.layout import (
    BASE_WIDTH,
    CardSlot,
    Geometry,
    card_name,
    card_text,
    haggler_up,
    shown_copy,
    slot_at,
)
from crimson_table.ui.tables.crimson_company.paint import (
    ScoreShow,
    draw_bid_coins,
    draw_castle_row,
    draw_lane_beds,
    draw_market,
    draw_player,
    draw_result,
    draw_scoreboard,
    draw_scoring,
    draw_slots,
    draw_zoom,
    outline,
    ribbon,
)
from crimson_table.ui.tables.crimson_company.panel import (
    HOVER_DELAY,
    PanelText,
    draw_action_panel,
    layout_panel,
)
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Animator
from crimson_table.ui.widgets.theme import GOLD, PARCHMENT_LIGHT

if TYPE_CHECKING:
    from crimson_table.ui.app import App

CONTROL_HEIGHTS = {"bid": 196, "respond": 210}
PICK_KINDS = {PickCard: "pick_card", PickLane: "pick_lane", PickPair: "pick_pair", PickCards: "pick_cards"}


class CrimsonCompanyScene(BaseGameScene):
    """The Crimson Company table for the seat at the screen."""

    def __init__(self, app: App, match: GameMatch) -> None:
        super().__init__(app, match)
        self.shown: dict[str, Any] = shown_copy(self.view)
        self.hidden: set[str] = set()
        self.score_show: ScoreShow | None = None
        self.banner: str | None = None
        self.now_showing: str | None = None
        self.events_anim = EventAnimator(self)
        self.mouse = (-1, -1)
        self.hover_card: str | None = None
        self.hover_time = 0.0
        self._legal_key: tuple[int, int] | None = None
        self._legal: list[Action] = []
        self.ui_anim = Animator(lambda: self.app.duration_factor)
        self.input = TableInput(self)

    # -- names and geometry -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """One seat's name."""
        return self.match.seats[seat].name

    def geometry(self) -> Geometry:
        """The table for the seat at the screen, centred in the space left of the log panel."""
        ox = max(0, (self.table_rect.width - BASE_WIDTH) // 2)
        return Geometry(self.viewer_seat, int(self.shown["first"]), ox)

    def slots(self) -> list[CardSlot]:
        """Every card on the shown board in draw order."""
        return self.geometry().slots(self.shown)

    # -- what may be done now ---------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        """The engine's legal actions (cached per step)."""
        key = (self.match.step, self.viewer_seat)
        if key != self._legal_key:
            self._legal_key, self._legal = key, self.match.legal_actions()
        return self._legal

    @property
    def mode(self) -> str:
        """bid, respond, deploy, pick_card, pick_lane, pick_pair, pick_cards, or idle."""
        if not self.interactive:
            return "idle"
        legal = self.legal()
        if not legal:
            return "idle"
        first = legal[0]
        if isinstance(first, Bid):
            return "bid"
        if isinstance(first, (Match, Pass)):
            return "respond"
        if isinstance(first, Deploy):
            return "deploy"
        return PICK_KINDS.get(type(first), "idle")

    def try_action(self, action: Action) -> bool:
        """The base's try_action; a success also clears a half-made choice."""
        ok = super().try_action(action)
        if ok:
            self.input.reset()
        return ok

    # -- base hooks ----------------------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        """Animate one applied action event by event; with animations off show the result at once."""
        if self.app.duration_factor <= 0:
            self._resync()
            return
        self.events_anim.queue(events)
        self.anim.then(TableStep(0.0, lambda step: None, on_done=self._resync))

    def _resync(self) -> None:
        self.shown = shown_copy(self.view)
        self.hidden.clear()
        self.score_show = None
        self.banner = None
        self.now_showing = None

    def on_reset(self) -> None:
        """After undo: show the engine's position and forget half-made choices."""
        self._resync()
        self.input.reset()

    def on_viewer_changed(self) -> None:
        """Another human sits at the screen: the table turns to their side."""
        self.input.reset()
        if not self.anim.busy and not self.pending_events:
            self._resync()

    def stats(self) -> list[tuple[str, str]]:
        """Coins earned, castles won and cards recruited per seat."""
        earned, recruited, bids = [0, 0], [0, 0], [0, 0]
        for event in self.match.events:
            data = dict(event.data)
            if event.kind == "bid":
                bids[int(data["seat"])] = int(data["amount"])
            elif event.kind == "recruit":
                recruited[int(data["seat"])] += 1
            elif event.kind == "coins" and isinstance(data["to"], int):
                seat, amount = int(data["to"]), int(data["amount"])
                earned[seat] += amount - bids[seat] if data["from"] == "bid" else amount
        castles = self.view["castles"]
        names = self.seat_names
        rows = [(f"Coins earned by {names[seat]}", str(earned[seat])) for seat in (0, 1)]
        rows += [(f"Castles won by {names[seat]}", str(castles[seat])) for seat in (0, 1)]
        rows += [(f"Cards recruited by {names[seat]}", str(recruited[seat])) for seat in (0, 1)]
        return rows

    # -- input ---------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc first cancels a half-made choice; otherwise the base (pause menu) gets it."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.input.cancel():
            return None
        return super().handle_event(event)

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Hover tracking, then the table's gestures."""
        if hasattr(event, "pos"):
            pos = (int(event.pos[0]), int(event.pos[1]))
            if pos != self.mouse:
                self.mouse = pos
                self.hover_time = 0.0
        return self.input.handle(event)

    def update(self, dt: float) -> None:
        """Base update, the drag's slide-backs and the hover timer."""
        super().update(dt)
        self.ui_anim.update(dt)
        self.input.update(dt)
        slot = None if self.input.drag.dragging else slot_at(self.slots(), self.mouse)
        card = slot.card if slot is not None else None
        if card != self.hover_card:
            self.hover_card, self.hover_time = card, 0.0
        else:
            self.hover_time += dt

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        """Felt, lanes and castles, market, players, the cards, scoring, the action panel."""
        super().draw_table(surface)
        geo = self.geometry()
        names = self.seat_names
        model = self.shown
        draw_lane_beds(surface, geo, model, names)
        draw_castle_row(surface, geo, model, names, self.score_show)
        draw_scoreboard(surface, geo, model, names, self.phase_text())
        draw_market(surface, geo, model)
        current = self.match.current_seat()
        mode = self.mode
        drafted = self.input.bid_amount if mode == "bid" and self.input.bid_card else 0
        for seat in (0, 1):
            glow = seat == self.viewer_seat and mode == "bid"
            draw_player(surface, geo, model, seat, names[seat], seat == current, glow, drafted)
        slots = geo.slots(model)
        draw_slots(surface, slots, self.hidden | self.input.lifted_cards())
        self._draw_bids(surface, geo)
        if self.score_show is not None:
            draw_scoring(surface, geo, slots, self.score_show)
            draw_result(surface, geo, self.score_show, names)
        self._draw_decision_marks(surface, geo, slots)
        self.input.draw_targets(surface, geo, slots)
        self._draw_panel(surface, geo)

    def draw(self, surface: pygame.Surface) -> None:
        """The base frame, then the banner, the lifted piece and the hover zoom on top."""
        super().draw(surface)
        geo = self.geometry()
        if self.banner:
            lanes = geo.lane_rect(geo.lane_order[1])
            ribbon(surface, self.banner, (lanes.centerx, lanes.centery), 360, fonts.BODY + 2)
        self.ui_anim.draw(surface)
        self.input.drag.draw(surface, self.app.clock_time)
        self._draw_zoom(surface, geo)

    def _draw_bids(self, surface: pygame.Surface, geo: Geometry) -> None:
        bid = self.shown.get("bid")
        if bid:
            rect = geo.card_rect(self.shown, bid["card"])
            if rect is not None and bid["amount"] > 0:
                outline(surface, rect, GOLD)
                draw_bid_coins(surface, rect, int(bid["amount"]), draft=False)
        draft = self.input.bid_card
        if draft is not None and self.mode == "bid":
            rect = geo.card_rect(self.shown, draft)
            if rect is not None:
                outline(surface, rect, GOLD)
                draw_bid_coins(surface, rect, self.input.bid_amount, draft=True)

    def _draw_decision_marks(self, surface: pygame.Surface, geo: Geometry, slots: list[CardSlot]) -> None:
        """The card an effect choice is about wears a crimson-and-gold ring."""
        decision = self.view.get("decision")
        if not decision or not decision.get("card") or self.anim.busy:
            return
        for slot in slots:
            if slot.card == decision["card"] and slot.card not in self.hidden:
                outline(surface, slot.visible, PARCHMENT_LIGHT, 2)
                pygame.draw.rect(
                    surface, (0x9E, 0x1B, 0x32), slot.visible.inflate(12, 12), 3, border_radius=14
                )

    def _draw_zoom(self, surface: pygame.Surface, geo: Geometry) -> None:
        if self.hover_card is None or self.hover_time < HOVER_DELAY or self.input.drag.dragging:
            return
        slot = slot_at(geo.slots(self.shown), self.mouse)
        if slot is not None and slot.card not in self.hidden:
            draw_zoom(surface, slot, self.table_rect)

    def _draw_panel(self, surface: pygame.Surface, geo: Geometry) -> None:
        rect, text, controls_top = self.action_layout()
        draw_action_panel(surface, rect, text)
        self.input.draw_controls(surface, rect, controls_top)

    def action_layout(self) -> tuple[pygame.Rect, PanelText, int]:
        """The action panel's rect, its text and where its buttons start."""
        text = self.panel_text()
        controls = CONTROL_HEIGHTS.get(self.mode, 0)
        rect, top = layout_panel(text, self.geometry().action_rect, controls)
        return rect, text, top

    # -- texts -------------------------------------------------------------------------------------------------
    def phase_text(self) -> str:
        """The phase of the decision being waited for."""
        decision = self.view.get("decision")
        if self.score_show is not None:
            return "Score phase"
        if self.anim.busy:
            return ""
        if self.match.is_over():
            return "Game over"
        if not decision:
            return ""
        kind = decision["kind"]
        if kind in ("bid", "respond"):
            return "Recruitment"
        if kind == "deploy":
            return "Deployment"
        return f"Effect: {card_name(decision['card'])}" if decision.get("card") else "Effect"

    def panel_text(self) -> PanelText:
        """What the action panel says now."""
        decision = self.view.get("decision")
        if self.anim.busy and (self.now_showing or self.score_show):
            return self._showing_text()
        if self.match.is_over() or not decision:
            reason = fill_seat_names(str(self.view.get("reason", "")), self.seat_names)
            return PanelText("Game over", [(reason, "plain")])
        chooser = int(decision["chooser"])
        mode = self.mode
        if mode == "idle":
            return self._waiting_text(chooser, decision)
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
            return PanelText(
                "Match or pass?", [(self._bid_line(), "plain")], "Keys: M match · P pass · arrows"
            )
        if mode == "deploy":
            waiting = len(self.view["waiting"][chooser])
            return PanelText(
                "Deploy your sellswords",
                [
                    (
                        f"{waiting} recruited card{'s' if waiting != 1 else ''} to play. Drag one into a "
                        "glowing lane, or click it and then a lane. It joins the far end of your side.",
                        "plain",
                    )
                ],
                keys,
            )
        return self._effect_text(decision, mode, keys)

    def _showing_text(self) -> PanelText:
        """While the table catches up: the lane being scored, or the event being shown."""
        score = self.score_show
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
                names = self.seat_names
                paragraphs.append((f"{names[0]} {score.totals[0]} · {names[1]} {score.totals[1]}", "bold"))
            return PanelText(f"Lane {score.lane + 1} is scored", paragraphs, ribbon=True)
        return PanelText("On the table", [(self.now_showing or "", "plain")])

    def _waiting_text(self, chooser: int, decision: dict[str, Any]) -> PanelText:
        name = self.seat_name(chooser)
        verbs = {"bid": "is bidding", "respond": "decides: Match or Pass", "deploy": "is deploying"}
        verb = verbs.get(decision["kind"], "is choosing")
        paragraphs = [(f"{name} {verb}…", "bold")]
        if decision["kind"] == "respond":
            paragraphs.append((self._bid_line(), "plain"))
        elif decision.get("card"):
            paragraphs += [(decision["prompt"], "plain"), (card_text(decision["card"]), "italic")]
        return PanelText("Please wait", paragraphs)

    def _bid_line(self) -> str:
        bid = self.view.get("bid")
        if not bid:
            return ""
        bidder = self.seat_name(int(bid["bidder"]))
        return f"{bidder} bids {bid['amount']} coin{'s' if bid['amount'] != 1 else ''} on {card_name(bid['card'])}."

    def _effect_text(self, decision: dict[str, Any], mode: str, keys: str) -> PanelText:
        card = decision.get("card")
        paragraphs: list[tuple[str, str]] = []
        if card:
            paragraphs.append((card_text(card), "italic"))
        hint = {
            "pick_card": "Click a glowing card.",
            "pick_lane": "Click a glowing lane.",
            "pick_pair": "Click two glowing cards.",
            "pick_cards": f"Click {self.input.set_size()} glowing cards.",
        }[mode]
        picked = self.input.picked
        if picked:
            hint += " Picked: " + ", ".join(card_name(c) for c in picked) + "."
        paragraphs.append((hint, "bold"))
        return PanelText(decision["prompt"], paragraphs, keys, ribbon=True)

    def match_price(self) -> int:
        """What a Match costs now: the bid, plus 1 against a face-up Haggler (CC-R10)."""
        bid = self.view.get("bid") or {"amount": 0, "bidder": 0}
        return int(bid["amount"]) + (1 if haggler_up(self.view, int(bid["bidder"])) else 0)

    # -- smoke hook ----------------------------------------------------------------------------------------------
    def smoke_human_move(self) -> bool:
        """One legal move of the seat to act, made only through injected mouse events."""
        self._settle()
        before = self.match.step
        if not self.interactive:
            return False
        self.input.scripted_move()
        return self.match.step > before

    def _settle(self) -> None:
        """Finish running animations and show every pending event batch."""
        for _ in range(100):
            self.anim.finish_all()
            if not self.pending_events:
                break
            self.play_next_batch()
        self.anim.finish_all()
