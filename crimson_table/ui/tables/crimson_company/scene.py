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

from typing import TYPE_CHECKING

import pygame

from crimson_table.engine.core import Action, IllegalAction
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
from crimson_table.engine.crimson_company.view import CrimsonCompanyView, crimson_company_view
from crimson_table.play.match import Match as GameMatch
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.crimson_company.anim import CHOREOGRAPHY, Stage
from crimson_table.ui.tables.crimson_company.gestures import TableInput
from crimson_table.ui.tables.crimson_company.layout import (
    BASE_WIDTH,
    CardSlot,
    Geometry,
    slot_at,
)
from crimson_table.ui.tables.crimson_company.paint import (
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
    lane_beds,
    outline,
    ribbon,
)
from crimson_table.ui.tables.crimson_company.panel import (
    HOVER_DELAY,
    DiscardOverlay,
    Moment,
    PanelText,
    draw_action_panel,
    layout_panel,
    panel_text,
    phase_text,
)
from crimson_table.ui.tables.crimson_company.shown import CCShown
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.theme import GOLD, PARCHMENT_LIGHT

if TYPE_CHECKING:
    from crimson_table.ui.app import App

CONTROL_HEIGHTS = {"bid": 196, "respond": 210}
MODES: dict[type[Action], str] = {
    Bid: "bid",
    Match: "respond",
    Pass: "respond",
    Deploy: "deploy",
    PickCard: "pick_card",
    PickLane: "pick_lane",
    PickPair: "pick_pair",
    PickCards: "pick_cards",
}
"""What the table asks for, by the class of the decision's legal actions."""


class CrimsonCompanyScene(BaseGameScene):
    """The Crimson Company table for the seat at the screen."""

    choreography = CHOREOGRAPHY
    TABLE_KEYS = (
        ("Left / Right", "Walk over the cards, lanes or answers you may choose"),
        ("Up / Down", "While bidding: one coin more or less"),
        ("Enter", "Choose the selected target (or place the bid)"),
        ("M / P", "Match or pass a bid"),
    )

    def __init__(self, app: App, match: GameMatch) -> None:
        super().__init__(app, match)
        self.shown = CCShown.from_view(self.game_view, self.viewer_seat)
        self.mouse = (-1, -1)
        self.hover_card: str | None = None
        self.hover_time = 0.0
        self._legal_key: tuple[int, int] | None = None
        self._legal: list[Action] = []
        self.input = TableInput(self, self.ui_anim)

    # -- names and geometry -------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """One seat's name."""
        return self.match.seats[seat].name

    def geometry(self) -> Geometry:
        """The table for the seat at the screen, centred in the space left of the log panel."""
        ox = max(0, (self.table_rect.width - BASE_WIDTH) // 2)
        return Geometry(self.viewer_seat, self.shown.first, ox)

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
        return MODES.get(type(legal[0]), "idle") if legal else "idle"

    def try_action(self, action: Action) -> bool:
        """The base's try_action; a success also clears a half-made choice."""
        ok = super().try_action(action)
        if ok:
            self.input.reset()
        return ok

    # -- what the gestures use of the table (gestures.Table) -----------------------------------------
    def refusal(self, action: Action) -> IllegalAction | None:
        """Why the engine would refuse ``action`` now (asked through the match; nothing applied)."""
        return self.match.refusal(action)

    @property
    def game_view(self) -> CrimsonCompanyView:
        """``self.view``, as the Crimson Company rules build it (the base holds the generic mapping)."""
        return crimson_company_view(self.view)

    @property
    def clock_time(self) -> float:
        """Seconds since the app started."""
        return self.app.clock_time

    def toast(self, text: str) -> None:
        """A short hint."""
        self.app.toast(text, "info")

    def open_discard(self, cards: list[str]) -> None:
        """Browse the discard pile."""
        self.app.push(DiscardOverlay(self.app, cards))

    # -- base hooks ----------------------------------------------------------------------------------
    def stage(self) -> Stage:
        """What the choreography's beats work on (never the scene itself)."""
        return Stage(self.shown, self.geometry, self.flights, self.app.sound.play, self.seat_names)

    def on_resync(self) -> None:
        """The table has caught up (or jumped): show the viewer's view, nothing in the air."""
        self.shown = CCShown.from_view(self.game_view, self.viewer_seat)

    def on_reset(self) -> None:
        """After undo: forget half-made choices (the base has resynced the shown table)."""
        self.input.reset()

    def on_viewer_changed(self) -> None:
        """Another human sits at the screen: the table turns to their side."""
        self.input.reset()

    def stats(self) -> list[tuple[str, str]]:
        """Coins earned, castles won and cards recruited per seat."""
        earned, recruited, bids = [0, 0], [0, 0], [0, 0]
        for event in self.match.events_for(self.viewer_seat, self.match.events):
            data = dict(event.data)
            if event.kind == "bid":
                bids[int(data["seat"])] = int(data["amount"])
            elif event.kind == "recruit":
                recruited[int(data["seat"])] += 1
            elif event.kind == "coins" and isinstance(data["to"], int):
                seat, amount = int(data["to"]), int(data["amount"])
                earned[seat] += amount - bids[seat] if data["from"] == "bid" else amount
        castles = self.game_view["castles"]
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
        geo = self.geometry()
        names = self.seat_names
        model = self.shown
        self.draw_backdrop(surface, (lane_beds(geo, model),))
        draw_lane_beds(surface, geo, model, names, own=self.speaks_to(geo.viewer))
        draw_castle_row(surface, geo, model, names, model.score)
        draw_scoreboard(surface, geo, model, names, self.phase_text(), self.match.current_seat())
        draw_market(surface, geo, model)
        current = self.match.current_seat()
        mode = self.mode
        drafted = self.input.bid_amount if mode == "bid" and self.input.bid_card else 0
        for seat in (0, 1):
            glow = seat == self.viewer_seat and mode == "bid"
            draw_player(surface, geo, model, seat, names[seat], seat == current, glow, drafted)
        slots = geo.slots(model)
        draw_slots(surface, slots, self.flights.hidden | self.input.lifted_cards())
        self._draw_bids(surface, geo)
        if model.score is not None:
            draw_scoring(surface, geo, slots, model.score)
            draw_result(surface, geo, model.score, names)
        self._draw_decision_marks(surface, geo, slots)
        self.input.draw_targets(surface, geo, slots)
        self._draw_panel(surface, geo)

    def draw(self, surface: pygame.Surface) -> None:
        """The base frame, then the banner, the lifted piece and the hover zoom on top."""
        super().draw(surface)
        geo = self.geometry()
        if self.shown.banner:
            lanes = geo.lane_rect(geo.lane_order[1])
            ribbon(surface, self.shown.banner, (lanes.centerx, lanes.centery), 360, fonts.BODY + 2)
        self.ui_anim.draw(surface)
        self.input.drag.draw(surface, self.app.clock_time)
        self._draw_zoom(surface, geo)

    def _draw_bids(self, surface: pygame.Surface, geo: Geometry) -> None:
        bid = self.shown.bid
        if bid is not None:
            rect = geo.card_rect(self.shown, bid.card)
            if rect is not None and bid.amount > 0:
                outline(surface, rect, GOLD)
                draw_bid_coins(surface, rect, bid.amount, draft=False)
        draft = self.input.bid_card
        if draft is not None and self.mode == "bid":
            rect = geo.card_rect(self.shown, draft)
            if rect is not None:
                outline(surface, rect, GOLD)
                draw_bid_coins(surface, rect, self.input.bid_amount, draft=True)

    def _draw_decision_marks(self, surface: pygame.Surface, geo: Geometry, slots: list[CardSlot]) -> None:
        """The card an effect choice is about wears a crimson-and-gold ring."""
        decision = self.game_view.get("decision")
        if not decision or not decision.get("card") or self.anim.busy:
            return
        for slot in slots:
            if slot.card == decision["card"] and slot.card not in self.flights.hidden:
                outline(surface, slot.visible, PARCHMENT_LIGHT, 2)
                pygame.draw.rect(
                    surface, (0x9E, 0x1B, 0x32), slot.visible.inflate(12, 12), 3, border_radius=14
                )

    def _draw_zoom(self, surface: pygame.Surface, geo: Geometry) -> None:
        if self.hover_card is None or self.hover_time < HOVER_DELAY or self.input.drag.dragging:
            return
        slot = slot_at(geo.slots(self.shown), self.mouse)
        if slot is not None and slot.card not in self.flights.hidden:
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
    def moment(self) -> Moment:
        """What the panel and the scoreboard describe now."""
        return Moment(
            view=self.game_view,
            mode=self.mode,
            names=self.seat_names,
            busy=self.anim.busy,
            over=self.match.is_over(),
            caption=self.current_caption(),
            score=self.shown.score,
            picked=tuple(self.input.picked),
            set_size=self.input.set_size(),
        )

    def phase_text(self) -> str:
        """The phase of the decision being waited for."""
        return phase_text(self.moment())

    def panel_text(self) -> PanelText:
        """What the action panel says now."""
        return panel_text(self.moment())

    def caption_avoid(self) -> list[pygame.Rect]:
        """Besides the kept result, a hint's caption keeps off every card, the castle row with its
        strengths, the coins, the names, the scoreboard and the action panel."""
        geo = self.geometry()
        fixed = [geo.scoreboard_rect, geo.supply_rect, geo.action_rect, geo.discard_hit_rect]
        for seat in (0, 1):
            fixed += [geo.purse_rect(seat), geo.name_rect(seat)]
        castles = [geo.castle_rect(lane) for lane in geo.lane_order]
        cards = [slot.rect for slot in geo.slots(self.shown)]
        return super().caption_avoid() + fixed + castles + cards

    # -- targets (ui/tables/highlight.py) -----------------------------------------------------------------------
    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """The cards, lane or panel button an action is about, where they are drawn now."""
        geo = self.geometry()
        slots = {s.card: s.visible for s in geo.slots(self.shown)}
        if isinstance(action, (Match, Pass)):
            self.input.place_buttons(*self.action_layout()[::2])
            return [(self.input.match if isinstance(action, Match) else self.input.pass_).rect.copy()]
        rects: list[pygame.Rect] = []
        if isinstance(action, Bid):
            rects.append(geo.purse_rect(self.viewer_seat))
        for card in _action_cards(action):
            if card in slots:
                rects.append(slots[card].copy())
        lane = getattr(action, "lane", None)
        if isinstance(lane, int):
            rects.append(geo.lane_rect(lane))
        return rects

    # -- smoke hook ----------------------------------------------------------------------------------------------
    def smoke_human_move(self) -> bool:
        """One legal move of the seat to act, made only through injected mouse events."""
        self.settle()
        before = self.match.step
        if not self.interactive:
            return False
        self.input.scripted_move()
        return self.match.step > before


def _action_cards(action: Action) -> tuple[str, ...]:
    """The cards an action names (a bid's card, a deployed card, the cards picked)."""
    if isinstance(action, PickPair):
        return (action.first, action.second)
    if isinstance(action, PickCards):
        return tuple(action.cards)
    card = getattr(action, "card", None)
    return (card,) if isinstance(card, str) else ()
