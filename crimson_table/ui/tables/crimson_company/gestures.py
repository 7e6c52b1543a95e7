"""Crimson Company table: turning drags, clicks and keys into candidate actions.

Every gesture ends in ``table.try_action(candidate)``; the engine decides whether it is legal and
a refusal shows its rule ID in a toast (a refused drop slides back).  The gestures see the table
only through the narrow :class:`Table` protocol (the scene implements it), never the scene class.
A bid is drafted first (coins dragged onto a card, − / +) and placed with the Bid button; pairs
and sets for effects are collected click by click.  ``scripted_move`` plays one legal move through injected mouse events.
"""

from __future__ import annotations

from typing import Any, Protocol

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
from crimson_table.engine.crimson_company.view import CrimsonCompanyView
from crimson_table.ui.tables.crimson_company.layout import CardSlot, Geometry, card_name, slot_at
from crimson_table.ui.tables.crimson_company.paint import coin_face, face, outline
from crimson_table.ui.tables.crimson_company.panel import ChoiceButton, PanelText
from crimson_table.ui.tables.crimson_company.shown import CCShown
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.anim import Animator
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.drag import DragController, DragItem
from crimson_table.ui.widgets.drop_zone import DropZone, draw_glow
from crimson_table.ui.widgets.theme import CRIMSON, GOLD_LIGHT, INK, PARCHMENT_LIGHT

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PREV_KEYS = (pygame.K_LEFT, pygame.K_UP)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)


class Table(Protocol):
    """What the gestures need of the table: what is shown, what is legal, and a way to act."""

    @property
    def viewer_seat(self) -> int:
        """The seat at the screen."""
        ...

    @property
    def shown(self) -> CCShown:
        """The table as shown."""
        ...

    @property
    def game_view(self) -> CrimsonCompanyView:
        """The viewer's ``player_view``."""
        ...

    @property
    def mode(self) -> str:
        """bid, respond, deploy, pick_card, pick_lane, pick_pair, pick_cards, or idle."""
        ...

    @property
    def clock_time(self) -> float:
        """Seconds since the app started (glows pulse with it)."""
        ...

    def legal(self) -> list[Action]:
        """The engine's legal actions now."""
        ...

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why the engine would refuse ``action`` now, or None (nothing is applied)."""
        ...

    def try_action(self, action: Action) -> bool:
        """Ask the engine to apply ``action``; a refusal shows its reason."""
        ...

    def geometry(self) -> Geometry:
        """The table's rectangles now."""
        ...

    def action_layout(self) -> tuple[pygame.Rect, PanelText, int]:
        """The action panel's rect, its text and where its buttons start."""
        ...

    def seat_name(self, seat: int) -> str:
        """One seat's name."""
        ...

    def toast(self, text: str) -> None:
        """A short hint."""
        ...

    def open_discard(self, cards: list[str]) -> None:
        """Browse the discard pile."""
        ...

    def inject_click(self, pos: tuple[int, int]) -> None:
        """A left click at ``pos`` through the app, as if the player made it (smoke run)."""
        ...

    def inject_drag(self, grab: tuple[int, int], target: tuple[int, int]) -> None:
        """A left-button drag from ``grab`` to ``target`` through the app (smoke run)."""
        ...


class TableInput:
    """Drafts, picks, keyboard selection and the panel's buttons for one table."""

    def __init__(self, table: Table, animator: Animator) -> None:
        self.table = table
        self.drag = DragController(
            self._pick, self._zones, self._drop, click=self._click_item, animator=animator
        )
        self.bid_card: str | None = None
        self.bid_amount = 0
        self.picked: list[str] = []
        self.selected_waiting: str | None = None
        self.kb: int | None = None
        self.minus = Button((0, 0, 56, 48), "-", self.minus_coin, kind="secondary")
        self.plus = Button((0, 0, 56, 48), "+", self.plus_coin, kind="secondary")
        self.bid_button = Button((0, 0, 290, 56), "Bid", self.place_bid, kind="primary")
        self.clear = Button((0, 0, 290, 40), "Clear", self.reset, kind="secondary", size=fonts.SMALL)
        self.match = ChoiceButton((0, 0, 290, 92), "Match", "", self.do_match, hotkey=pygame.K_m)
        self.pass_ = ChoiceButton(
            (0, 0, 290, 92), "Pass", "", self.do_pass, kind="secondary", hotkey=pygame.K_p
        )

    # -- state -------------------------------------------------------------------------------------
    def reset(self) -> None:
        """Forget drafts, picks and the keyboard selection."""
        self.bid_card, self.bid_amount = None, 0
        self.picked = []
        self.selected_waiting = None
        self.kb = None

    def cancel(self) -> bool:
        """Esc: drop a half-made choice (or the piece in hand); False when there was nothing to cancel."""
        if self.drag.item is not None:
            self.drag.item, self.drag.live_zones = None, []
            return True
        if self.bid_card is None and not self.picked and self.selected_waiting is None and self.kb is None:
            return False
        self.reset()
        return True

    def update(self, dt: float) -> None:
        """Forget finished slide-backs."""
        self.drag.update(dt)

    def lifted_cards(self) -> set[str]:
        """Cards in the hand or sliding home (not drawn in their slot)."""
        return {
            c for c in self.table.shown.waiting[self.table.viewer_seat] if self.drag.is_lifted(("waiting", c))
        }

    def legal(self) -> list[Action]:
        """The engine's legal actions."""
        return self.table.legal()

    def allowed(self, candidate: Action) -> bool:
        """True if the engine would take ``candidate`` now (``match.refusal``, nothing applied)."""
        return self.table.refusal(candidate) is None

    def set_size(self) -> int:
        """How many cards a set choice takes (the Siren's two)."""
        for action in self.legal():
            if isinstance(action, PickCards):
                return len(action.cards)
        return 0

    # -- buttons ----------------------------------------------------------------------------------
    def buttons(self, mode: str) -> list[Button]:
        """The panel buttons of a mode."""
        if mode == "bid":
            return [self.minus, self.plus, self.bid_button, self.clear]
        if mode == "respond":
            return [b for b, kind in ((self.match, Match), (self.pass_, Pass)) if kind() in self.legal()]
        return []

    def place_buttons(self, rect: pygame.Rect, top: int) -> None:
        """Lay the buttons out in the action panel from ``top`` down and refresh their labels."""
        x, width = rect.x + 22, rect.width - 44
        self.minus.rect.topleft = (x, top)
        self.plus.rect.topleft = (rect.right - 22 - 56, top)
        self.bid_button.rect = pygame.Rect(x, top + 84, width, 56)
        self.clear.rect = pygame.Rect(x, top + 150, width, 40)
        self.match.rect = pygame.Rect(x, top, width, 96)
        self.pass_.rect = pygame.Rect(x, top + 108, width, 96)
        card = self.bid_card
        self.bid_button.text = f"Bid {self.bid_amount} on {card_name(card)}" if card else "Bid"
        self.bid_button.enabled = card is not None
        self.bid_button.size = (
            fonts.BODY if card is None or len(self.bid_button.text) < 22 else fonts.SMALL + 1
        )
        self.clear.enabled = card is not None
        self._label_response()

    def _label_response(self) -> None:
        bid = self.table.game_view.get("bid")
        if not bid:
            return
        bidder = self.table.seat_name(int(bid["bidder"]))
        price, amount, card = int(bid["price"]), int(bid["amount"]), card_name(bid["card"])  # CC-R10
        self.match.text = f"Match: pay {price}, {bidder} gains {price}"
        self.match.sub = f"You recruit {card}."
        self.pass_.text = f"Pass: {bidder}'s {amount} coin{'s' if amount != 1 else ''} go to the supply"
        self.pass_.sub = f"{bidder} recruits {card}."
        targets = self.targets("respond")
        chosen = targets[self.kb] if self.kb is not None and self.kb < len(targets) else None
        self.match.selected, self.pass_.selected = chosen == "match", chosen == "pass"

    def draw_controls(self, surface: pygame.Surface, rect: pygame.Rect, top: int) -> None:
        """The mode's buttons, and the bid amount between - and +."""
        mode = self.table.mode
        self.place_buttons(rect, top)
        for button in self.buttons(mode):
            button.draw(surface)
        if mode == "bid":
            centre = (rect.centerx, self.minus.rect.centery)
            fonts.blit_text(
                surface,
                f"{self.bid_amount}",
                34,
                INK,
                (centre[0] - 30, centre[1]),
                anchor="center",
                bold=True,
            )
            surface.blit(coin_face(30), (centre[0] + 4, centre[1] - 15))
            what = f"on {card_name(self.bid_card)}" if self.bid_card else "no card chosen yet"
            fonts.blit_text(
                surface,
                what,
                fonts.SMALL,
                CRIMSON,
                (rect.centerx, self.minus.rect.bottom + 6),
                anchor="midtop",
                italic=self.bid_card is None,
            )

    # -- drafting a bid ------------------------------------------------------------------------------
    def biddable(self) -> list[str]:
        """Cards that take a bid now (the offer, and the deck top with a Fortune Teller), in table order."""
        cards = {a.card for a in self.legal() if isinstance(a, Bid)}
        order = list(self.table.shown.offer) + [self.table.shown.deck_top]
        return [c for c in order if c in cards]

    def add_coin(self, card: str) -> bool:
        """A coin dropped on ``card``: the draft moves there with one coin more (CC-R9)."""
        amount = self.bid_amount + 1 if self.bid_card is not None else 1
        candidate = Bid(card, amount)
        if self.allowed(candidate):
            self.bid_card, self.bid_amount = card, amount
            return True
        self.table.try_action(candidate)  # refused: the toast names the rule
        return False

    def choose_bid_card(self, card: str) -> None:
        """Click on a card on offer: the draft goes there (at least one coin)."""
        for amount in (max(1, self.bid_amount), 1):
            if self.allowed(Bid(card, amount)):
                self.bid_card, self.bid_amount = card, amount
                return
        self.table.try_action(Bid(card, 1))

    def plus_coin(self) -> None:
        """One more coin on the draft."""
        cards = [self.bid_card] if self.bid_card else self.biddable()
        if not cards:
            return
        card = cards[0]
        candidate = Bid(card, self.bid_amount + 1)
        if self.allowed(candidate):
            self.bid_card, self.bid_amount = card, candidate.amount
        else:
            self.table.try_action(candidate)

    def minus_coin(self) -> None:
        """One coin less (never below one)."""
        self.bid_amount = max(1, self.bid_amount - 1)

    def place_bid(self) -> None:
        """Bid the draft."""
        if self.bid_card is None:
            self.table.toast("Drag a coin onto a card on offer first.")
            return
        self.table.try_action(Bid(self.bid_card, self.bid_amount))

    def do_match(self) -> None:
        """Match the bid."""
        self.table.try_action(Match())

    def do_pass(self) -> None:
        """Pass."""
        self.table.try_action(Pass())

    # -- drag and drop ----------------------------------------------------------------------------------
    def _pick(self, pos: tuple[int, int]) -> DragItem | None:
        table, mode = self.table, self.table.mode
        geo = table.geometry()
        if mode == "bid" and geo.purse_rect(table.viewer_seat).collidepoint(pos):
            home = coin_face(36).get_rect(center=pos)
            return DragItem(("coin",), coin_face(36), home)
        if mode == "deploy":
            slot = slot_at(geo.slots(table.shown), pos)
            if slot is not None and slot.where == "waiting" and slot.seat == table.viewer_seat:
                return DragItem(("waiting", slot.card), face(slot.card), slot.rect.copy())
        return None

    def _zones(self, item: DragItem) -> list[DropZone]:
        geo, model = self.table.geometry(), self.table.shown
        legal = self.legal()
        if item.key[0] == "coin":
            cards = list(model.offer) + ([model.deck_top] if model.deck_top else [])
            bids = {a.card for a in legal if isinstance(a, Bid)}
            return [
                DropZone(("bid", c), r, c in bids)
                for c in cards
                if (r := geo.card_rect(model, c)) is not None
            ]
        card = item.key[1]
        return [
            DropZone(("lane", lane), geo.lane_rect(lane), self.allowed(Deploy(card, lane)), radius=14)
            for lane in geo.lane_order
        ]

    def _drop(self, item: DragItem, zone: DropZone | None) -> bool:
        if zone is None:
            return False
        if item.key[0] == "coin":
            return self.add_coin(zone.key[1])
        return self.table.try_action(Deploy(item.key[1], zone.key[1]))

    def _click_item(self, item: DragItem) -> None:
        if item.key[0] == "coin":
            if self.bid_card is None:
                self.table.toast("Drag the coin onto a card on offer, or click a card.")
            else:
                self.add_coin(self.bid_card)
        else:
            self.selected_waiting = None if self.selected_waiting == item.key[1] else item.key[1]

    # -- events -------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, the drag, clicks, then keys."""
        mode = self.table.mode
        if mode != "idle":
            rect, _, top = self.table.action_layout()
            self.place_buttons(rect, top)
            for button in self.buttons(mode):
                if button.handle_event(event) is None:
                    return None
            if self.drag.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return None if self._click((int(event.pos[0]), int(event.pos[1])), mode) else event
        if event.type == pygame.KEYDOWN and mode != "idle":
            return None if self._key(event.key, mode) else event
        return event

    def _click(self, pos: tuple[int, int], mode: str) -> bool:
        """A click on the table; False when it hit nothing that matters now."""
        table = self.table
        geo = table.geometry()
        if geo.discard_hit_rect.collidepoint(pos) and table.shown.discard:
            table.open_discard(list(table.shown.discard))
            return True
        slot = slot_at(geo.slots(table.shown), pos)
        lane = next((ln for ln in geo.lane_order if geo.lane_rect(ln).collidepoint(pos)), None)
        if mode == "bid" and slot is not None and slot.where in ("offer", "deck"):
            self.choose_bid_card(slot.card)
        elif mode == "deploy" and self.selected_waiting is not None and lane is not None:
            table.try_action(Deploy(self.selected_waiting, lane))
        elif mode == "pick_card" and slot is not None:
            table.try_action(PickCard(slot.card))
        elif mode == "pick_lane" and lane is not None:
            table.try_action(PickLane(lane))
        elif mode in ("pick_pair", "pick_cards") and slot is not None:
            self.toggle_pick(slot.card, mode)
        else:
            return False
        return True

    def toggle_pick(self, card: str, mode: str) -> None:
        """Add or remove one card of a pair or set; the last one needed makes the choice."""
        if card in self.picked:
            self.picked.remove(card)
            return
        need = 2 if mode == "pick_pair" else self.set_size()
        usable = {c for a in self.legal() for c in _cards_of(a)}
        if card not in usable:
            self.table.try_action(PickPair(card, card) if mode == "pick_pair" else PickCards((card,) * need))
            return
        self.picked.append(card)
        if len(self.picked) < need:
            return
        candidate: Action = PickPair(*self.picked) if mode == "pick_pair" else PickCards(tuple(self.picked))
        if not self.table.try_action(candidate):
            self.picked.pop()

    # -- keyboard -------------------------------------------------------------------------------------------
    def targets(self, mode: str) -> list[Any]:
        """The legal targets the arrow keys walk over, in table order."""
        legal, geo = self.legal(), self.table.geometry()
        if mode == "bid":
            return self.biddable()
        if mode == "respond":
            return [k for k, a in (("match", Match()), ("pass", Pass())) if a in legal]
        if mode == "deploy":
            waiting = self.table.shown.waiting[self.table.viewer_seat]
            return [(c, ln) for c in waiting for ln in geo.lane_order if Deploy(c, ln) in legal]
        if mode == "pick_lane":
            return [ln for ln in geo.lane_order if PickLane(ln) in legal]
        cards = {c for a in legal for c in _cards_of(a)}
        return [s.card for s in _table_order(geo.slots(self.table.shown)) if s.card in cards]

    def _key(self, key: int, mode: str) -> bool:
        """Arrows, Enter; False for keys the table does not use."""
        targets = self.targets(mode)
        if key not in PREV_KEYS + NEXT_KEYS + ENTER_KEYS or not targets:
            return False
        if mode == "bid" and key in (pygame.K_UP, pygame.K_DOWN):
            if key == pygame.K_UP:
                self.plus_coin()
            else:
                self.minus_coin()
        elif key in PREV_KEYS + NEXT_KEYS:
            step = -1 if key in PREV_KEYS else 1
            self.kb = 0 if self.kb is None else (self.kb + step) % len(targets)
            self._follow(targets[self.kb], mode)
        elif mode == "bid" and self.bid_card is not None:
            self.place_bid()
        elif self.kb is None or self.kb >= len(targets):
            self.kb = 0
            self._follow(targets[0], mode)
        else:
            self._choose(targets[self.kb], mode)
        return True

    def _follow(self, target: Any, mode: str) -> None:
        if mode == "bid":
            self.choose_bid_card(target)
        elif mode == "deploy":
            self.selected_waiting = target[0]

    def _choose(self, target: Any, mode: str) -> None:
        table = self.table
        if mode == "bid":
            self.place_bid()
        elif mode == "respond":
            table.try_action(Match() if target == "match" else Pass())
        elif mode == "deploy":
            table.try_action(Deploy(target[0], target[1]))
        elif mode == "pick_card":
            table.try_action(PickCard(target))
        elif mode == "pick_lane":
            table.try_action(PickLane(target))
        else:
            self.toggle_pick(target, mode)

    # -- drawing -------------------------------------------------------------------------------------------
    def draw_targets(self, surface: pygame.Surface, geo: Geometry, slots: list[CardSlot]) -> None:
        """Glowing legal targets, picked cards, and the keyboard selection."""
        mode = self.table.mode
        time_s = self.table.clock_time
        dragging = self.drag.dragging
        targets = self.targets(mode) if mode != "idle" else []
        by_card = {s.card: s for s in slots}
        if mode in ("pick_card", "pick_pair", "pick_cards") or (
            mode == "bid" and not dragging and not self.bid_card
        ):
            for card in targets:
                if card in by_card:
                    draw_glow(surface, DropZone(card, by_card[card].visible.inflate(6, 6)), time_s)
        if mode == "pick_lane" or (mode == "deploy" and self.selected_waiting and not dragging):
            lanes = (
                targets if mode == "pick_lane" else [ln for c, ln in targets if c == self.selected_waiting]
            )
            for lane in lanes:
                draw_glow(surface, DropZone(lane, geo.lane_rect(lane), radius=14), time_s)
        for card in self.picked + ([self.selected_waiting] if self.selected_waiting else []):
            if card in by_card:
                outline(surface, by_card[card].visible, GOLD_LIGHT, 5)
        for number, card in enumerate(self.picked, start=1):
            if card in by_card:
                _picked_badge(surface, by_card[card].visible.topright, number)
        self._draw_keyboard(surface, geo, targets, by_card, mode)

    def _draw_keyboard(
        self,
        surface: pygame.Surface,
        geo: Geometry,
        targets: list[Any],
        by_card: dict[str, CardSlot],
        mode: str,
    ) -> None:
        if self.kb is None or self.kb >= len(targets) or mode in ("respond", "bid"):
            return
        target = targets[self.kb]
        if mode == "deploy":
            rect = geo.lane_rect(target[1])
        elif mode == "pick_lane":
            rect = geo.lane_rect(target)
        elif target in by_card:
            rect = by_card[target].visible
        else:
            return
        pygame.draw.rect(surface, PARCHMENT_LIGHT, rect.inflate(14, 14), 4, border_radius=16)
        tip = (rect.centerx, rect.y - 10)
        pygame.draw.polygon(
            surface, PARCHMENT_LIGHT, [(tip[0] - 9, tip[1] - 12), (tip[0] + 9, tip[1] - 12), tip]
        )

    # -- smoke ----------------------------------------------------------------------------------------------
    def scripted_move(self) -> None:
        """One legal move of the seat to act, entirely through injected mouse events."""
        table = self.table
        mode, legal, geo = table.mode, self.legal(), table.geometry()
        slots = {s.card: s for s in geo.slots(table.shown)}
        if mode == "bid":
            card = self.biddable()[0]
            _drag(table, geo.purse_rect(table.viewer_seat).center, slots[card].rect.center)
            self.place_buttons(*_panel(table))
            _click(table, self.bid_button.rect.center)
        elif mode == "respond":
            self.place_buttons(*_panel(table))
            _click(table, self.buttons(mode)[0].rect.center)
        elif mode == "deploy":
            action = next(a for a in legal if isinstance(a, Deploy))
            _drag(table, slots[action.card].rect.center, geo.lane_rect(action.lane).center)
        elif mode == "pick_lane":
            lane = next(a.lane for a in legal if isinstance(a, PickLane))
            _click(table, geo.lane_rect(lane).center)
        else:
            for card in _cards_of(legal[0]):
                _click(table, slots[card].visible.center)


def _picked_badge(surface: pygame.Surface, corner: tuple[int, int], number: int) -> None:
    """A numbered gold seal on a card picked for a pair or a set."""
    centre = (corner[0] - 6, corner[1] + 6)
    pygame.draw.circle(surface, INK, centre, 15)
    pygame.draw.circle(surface, GOLD_LIGHT, centre, 13)
    fonts.blit_text(surface, str(number), 17, INK, centre, anchor="center", bold=True)


def _panel(table: Table) -> tuple[pygame.Rect, int]:
    rect, _, top = table.action_layout()
    return rect, top


def _cards_of(action: Action) -> tuple[str, ...]:
    if isinstance(action, PickCard):
        return (action.card,)
    if isinstance(action, PickPair):
        return (action.first, action.second)
    if isinstance(action, PickCards):
        return action.cards
    return ()


def _table_order(slots: list[CardSlot]) -> list[CardSlot]:
    return sorted(slots, key=lambda s: (s.visible.x, s.visible.y))


def _click(table: Table, pos: tuple[int, int]) -> None:
    table.inject_click(pos)


def _drag(table: Table, start: tuple[int, int], end: tuple[int, int]) -> None:
    table.inject_drag(start, end)
