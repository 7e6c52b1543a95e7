"""The Crusader Kingdoms table: the Levant map is the table, the viewer's hand fans along the bottom.

Gestures become candidate actions and the engine decides (DESIGN.md): a click on a glowing region is
an ``Attack`` (or the region an event, a garrison or a truce asks for); a hand card dragged onto the
attack panel's attack or defence side is a ``Commit`` or a ``Respond``, onto a discard pile a
``Discard``, onto an opponent's region an ``Incursion`` and onto the board an event played; a click
selects a card and shows its actions as buttons; the keyboard moves the selection (Left/Right),
cycles the glowing regions (Tab) and confirms (Enter), Space takes the first button.  The board, the
piles and the attack are drawn from the shown model (``shown.py``), which the choreography
(``anim.py``) advances by the viewer's REDACTED events as they are animated.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Action, Event, counted
from crimson_table.engine.crusader_kingdoms.actions import Attack, Commit, Discard, PickCard, Respond
from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.engine.crusader_kingdoms.ops import bonus_text
from crimson_table.engine.crusader_kingdoms.scoring import score_parts, victory_breakdown, victory_level
from crimson_table.engine.crusader_kingdoms.view import CrusaderKingdomsView, crusader_kingdoms_view
from crimson_table.play.match import Match
from crimson_table.ui.tables import overlays
from crimson_table.ui.tables.crusader_kingdoms import gestures, paint
from crimson_table.ui.tables.crusader_kingdoms.anim import CHOREOGRAPHY, Stage
from crimson_table.ui.tables.crusader_kingdoms.layout import (
    BOT,
    HAND_SCALE,
    INDEP,
    Layout,
    attack_halves,
    card_image,
    seat_colour_index,
)
from crimson_table.ui.tables.crusader_kingdoms.shown import CrusaderShown
from crimson_table.ui.tables.highlight import spot_rect
from crimson_table.ui.tables.map_table import MapTableScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.drag import DragController, DragItem
from crimson_table.ui.widgets.drop_zone import DropZone
from crimson_table.ui.widgets.tiled_map import TiledBoard

PILL_CLEARANCE = overlays.THINKING_TOP + overlays.THINKING_H + 12  # the kept result stays below the pill

if TYPE_CHECKING:
    from crimson_table.ui.app import App


class CrusaderScene(MapTableScene):
    """A Crusader Kingdoms match on the table."""

    choreography = CHOREOGRAPHY
    # An attack's result on the table: the cards revealed, the dice (hits, success or failure) and
    # the region taken (CK-R19 steps 5-9).
    result_kinds = frozenset({"reveal", "combat", "capture"})
    TABLE_KEYS = (
        ("Left / Right", "Select a card of your hand"),
        ("Enter", "Press the first button"),
        ("1 - 9", "Press a button by its number"),
    )

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.shown = CrusaderShown.from_view(self.game_view, self.viewer_seat)
        self.rules_board = board_for(len(match.seats))
        self.layout = self._new_layout()
        self.board = TiledBoard(str(self.layout.map_file), self.layout.board)
        self.drag = DragController(
            self._pick, self._zones, self._drop, click=self._click_card, animator=self.ui_anim
        )
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover_region: str | None = None
        self.hover_hand: int | None = None
        self.focus_region: str | None = None
        self.selected: int | None = None
        self.drop_origin: tuple[str, tuple[int, int]] | None = None
        self.buttons: list[Button] = []
        self._buttons_key: tuple[Any, ...] = ()
        self._refresh()

    # -- geometry and sync -----------------------------------------------------------------------------
    @property
    def game_view(self) -> CrusaderKingdomsView:
        """``self.view``, as the Crusader Kingdoms rules build it (the base holds the generic mapping)."""
        return crusader_kingdoms_view(self.view)

    def _new_layout(self) -> Layout:
        return Layout(self.table_rect.width, len(self.match.seats), self.viewer_seat)

    def _relayout(self) -> None:
        self.layout = self._new_layout()
        self.board = TiledBoard(str(self.layout.map_file), self.layout.board)

    def stage(self) -> Stage:
        """What the choreography's beats draw on."""
        origin, self.drop_origin = self.drop_origin, None
        return Stage(
            shown=self.shown,
            layout=self.layout,
            board=self.board,
            rules_board=self.rules_board,
            flights=self.flights,
            names=self.seat_names,
            table_area=self.table_rect,
            sound=self.app.sound.play,
            drop_origin=origin,
        )

    def on_resync(self) -> None:
        """The present again: the shown table from the view."""
        self.shown = CrusaderShown.from_view(self.game_view, self.viewer_seat)
        if self.layout.width != self.table_rect.width:
            self._relayout()
        if self.selected is not None and self.selected >= len(self.shown.hand):
            self.selected = None
        self._refresh()

    def clears_results(self, event: Event) -> bool:
        """A new attack (announced, or the Bot's army marching, CK-R47) takes the last one's result off
        the map: its own panel is about to open there."""
        return event.kind == "announce" or (
            event.kind == "bot_activation" and bool(event.data.get("attacks"))
        )

    def caption_avoid(self) -> list[pygame.Rect]:
        """Besides the kept result and the buttons, a hint's caption keeps off the player's hand."""
        return [*super().caption_avoid(), self.layout.hand_rect]

    def toast_anchor(self) -> tuple[int, int]:
        """Notices sit above the footer (the viewer's hand and the decision buttons), over the map."""
        return (self.table_rect.centerx, self.layout.hand_rect.y - 12)

    def result_bounds(self) -> pygame.Rect:
        """The kept results stay on the open map, clear of both sides' piles and seats, and below the
        "… is thinking" pill at the top of the table."""
        middle = self.layout.middle()
        return pygame.Rect(
            middle.x, middle.y + PILL_CLEARANCE, middle.width, middle.height - PILL_CLEARANCE - 12
        )

    def waiting_anchor(self) -> tuple[int, int]:
        """The "… is thinking" / "Waiting for …" pill hangs at the top of the table, or under the
        attack's panel when the panel is laid out there: the pill covered its heading ("Anna attacks
        Beirut"), a spectator's whole view of whose attack it is."""
        x, top = super().waiting_anchor()
        panel = self.frame().attack_panel()
        if panel is not None and panel.top < top + overlays.THINKING_H:
            return (panel.centerx, panel.bottom + 8)
        return (x, top)

    def result_anchor(self) -> tuple[int, int]:
        """The kept result goes to the half of the map away from the region fought over (as the
        attack's panel does), so that region stays in sight: often the next choice is there (a
        garrison for the conquest, CK-R22, or the next target)."""
        middle = self.result_bounds()
        fought = next((str(e.data.get("region")) for e in reversed(self.results) if e.kind == "combat"), "")
        if fought not in self.board.anchors:
            return middle.center
        south = self.board.anchors[fought][1] > self.layout.board.y + self.layout.board.height * 0.5
        return (middle.centerx, middle.top if south else middle.bottom)  # the plate is clamped inside

    def on_settled(self) -> None:
        """After :meth:`settle`: buttons for the present."""
        self._refresh()

    def on_reset(self) -> None:
        """Undo: no selection."""
        self.selected = None
        self._refresh()

    def on_viewer_changed(self) -> None:
        """Another seat at the screen."""
        self.selected = None
        self.focus_region = None
        self._refresh()

    def seat_colour(self, seat: int) -> int:
        """The rulebook colour of a seat (red, blue, green, yellow) on its Okabe-Ito hue."""
        return seat_colour_index(self.shown.seats, seat)

    def result_headline(self) -> str | None:
        """Against the Bot (CK-R56): who held the Holy Land, the victory level and the victory points."""
        outcome = self.match.outcome()
        if outcome is None or not self.shown.coop or not outcome.scores:
            return None
        vp = int(outcome.scores[0])
        level = victory_level(vp)
        if level == "Defeat":
            return f"The Muslim Bot prevailed: {vp} VP"
        who = "You" if self.humans else "The Crusaders"  # seats played at this screen (a spectator's: none)
        return f"{who} held the Holy Land: {level}, {vp} VP"

    def result_detail(self) -> str:
        """Against the Bot, how the victory points add up (CK-R56) and what the next level takes."""
        outcome = self.match.outcome()
        if outcome is None or not self.shown.coop or not outcome.scores:
            return super().result_detail()
        board, shown = self.rules_board, self.shown
        regions = sum(board.vp[board.index[key]] for key, owner in shown.owner.items() if owner >= 0)
        return victory_breakdown(
            int(outcome.scores[0]), regions, sum(shown.bonus), shown.bot_bonus, shown.players
        )

    def score_text(self, seat: int, score: float) -> str:
        """ "5 castles · Card Bonus -2" in the competitive game, whose score packs both as castles + bonus/10
        (CK-R34's order: "4.8" read as fewer castles); victory points against the Bot."""
        if self.shown.coop:
            return super().score_text(seat, score)
        castles, bonus = score_parts(score)
        return f"{counted(castles, 'castle')} · Card Bonus {bonus_text(bonus)}"

    def match_stats(self) -> list[tuple[str, str]]:
        """The base statistics, with "Turns" the game's turns (CK-R10: 3) rather than changes of seat."""
        rows = super().match_stats()
        return [("Turns", str(self.shown.turn)) if key == "Turns" else (key, value) for key, value in rows]

    def stats(self) -> list[tuple[str, str]]:
        """Castles per seat (and the victory points against the Bot)."""
        rows = [(f"Castles of {s.name}", str(self.shown.castles(i))) for i, s in enumerate(self.match.seats)]
        if self.shown.coop:
            rows.append(("Castles of the Bot", str(self.shown.castles(BOT))))
        return rows

    # -- frame ----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Base frame (bots, events, curtain, resync), then the drag, the layout and the buttons."""
        super().update(dt)
        self.drag.update(dt)
        if self.layout.width != self.table_rect.width:
            self._relayout()
        self._refresh()

    @property
    def legal(self) -> list[Action]:
        """The viewer's legal actions when it must decide now (else none)."""
        return self.match.legal_actions() if self.interactive else []

    def selected_card(self) -> str | None:
        """The selected hand card, if any."""
        if self.selected is None or self.selected >= len(self.shown.hand):
            return None
        return self.shown.hand[self.selected]

    def _refresh(self) -> None:
        """Rebuild the decision buttons when the position, the viewer or the selection changed."""
        key = (self.match.step, self.viewer_seat, self.interactive, self.layout.width, self.selected_card())
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.buttons = []
        legal = self.legal
        if not legal:
            return
        card = self.selected_card()
        actions = (gestures.card_actions(legal, card) if card else []) + gestures.button_actions(legal)
        if (
            not card
            and self.game_view.get("phase") == "pick"
            and self.game_view.get("pick_from") == self.viewer_seat
        ):
            actions += [a for a in legal if isinstance(a, PickCard)]  # a card of one's own hand to give up
        right, y = self.layout.width - 16, self.layout.footer.bottom - 54
        face = fonts.font(fonts.SMALL + 1, bold=True)
        for i, action in enumerate(actions[:8]):
            label = gestures.button_label(action, self.seat_names)
            width = face.size(label)[0] + 40
            if right - width < self.layout.hand_rect.right + 10 and i:
                right, y = self.layout.width - 16, y - 52
            rect = pygame.Rect(right - width, y, width, 44)
            kind = "primary" if i == 0 else "secondary"
            self.buttons.append(Button(rect, label, functools.partial(self.try_action, action), kind=kind,
                                       size=fonts.SMALL + 1))  # fmt: skip
            right = rect.x - 8

    # -- targets (ui/tables/highlight.py) -------------------------------------------------------------------
    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """The region (around its name), the card (in hand or offered for a pick), the attack side or
        the button an action is about."""
        rects: list[pygame.Rect] = []
        button = self.button_for(action)
        if button is not None:
            rects.append(button.rect.copy())
        region = gestures.action_region(action)
        if region is not None and region in self.board.anchors:
            rects.append(spot_rect(self.board.inside_point(region)))
        card = getattr(action, "card", None)
        picks = self.pick_cards()
        if isinstance(action, PickCard) and card in picks:
            rects.append(self.layout.pick_slots(len(picks))[picks.index(card)].copy())
        elif isinstance(card, str) and card in self.shown.hand:
            rects.append(self.hand_rect(self.shown.hand.index(card)))
        panel = self.frame().attack_panel() if isinstance(action, (Commit, Respond)) else None
        if panel is not None:
            att, dfn = attack_halves(panel)
            rects.append(dfn if isinstance(action, Respond) and action.side == "DEF" else att)
        return rects

    def on_key_focus(self, action: Action | None) -> None:
        """A region decision in the keyboard's focus gets the map's focus ring too."""
        self.focus_region = gestures.action_region(action) if action is not None else None

    # -- gestures ------------------------------------------------------------------------------------------
    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_region = self.board.region_at(pos)
        self.hover_hand = None if self.drag.dragging else self.hand_index_at(pos)

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        """The own hand card under ``pos`` (the topmost where they overlap)."""
        count = len(self.shown.hand)
        for i in reversed(self.layout.hand_order(count)):
            if self.layout.hand_card_rect(count, i, self.selected, self.hover_hand).collidepoint(pos):
                return i
        return None

    def hand_rect(self, index: int) -> pygame.Rect:
        """Where hand card ``index`` is drawn now."""
        return self.layout.hand_card_rect(len(self.shown.hand), index, self.selected, self.hover_hand)

    def visible_point(self, index: int) -> tuple[int, int]:
        """A point where hand card ``index`` is on top (overlapping cards hide most of each other)."""
        rect = self.hand_rect(index)
        for fx in (0.5, 0.3, 0.15, 0.08):
            point = (int(rect.x + rect.width * fx), int(rect.y + rect.height * 0.6))
            if self.hand_index_at(point) == index:
                return point
        return rect.center

    def pick_cards(self) -> list[str]:
        """Another seat's hand the viewer picks a card from now (Assassins, Scorched Earth...)."""
        owner = self.game_view.get("pick_from", -9)
        if not self.interactive or self.game_view.get("phase") != "pick" or owner == self.viewer_seat:
            return []
        hands = self.game_view.get("hands") or []
        hand = hands[owner] if 0 <= owner < len(hands) else None
        return [str(c) for c in hand] if hand else []

    def _click(self, pos: tuple[int, int]) -> pygame.event.Event | None:
        if not self.settled:
            return None
        picks = self.pick_cards()
        for cid, slot in zip(picks, self.layout.pick_slots(len(picks)), strict=True):
            if slot.move(0, 14).collidepoint(pos):
                self.try_action(PickCard(cid))
                return None
        card = self.selected_card()
        panel = self.frame().attack_panel()
        if card is not None and panel is not None and panel.collidepoint(pos):
            att, _dfn = attack_halves(panel)
            self._card_to(card, ("attack", "ATT" if pos[0] < att.right + 5 else "DEF"))
            return None
        region = self.board.region_at(pos)
        if region is not None:
            self.click_region(region)
            return None
        return None

    def click_region(self, key: str) -> bool:
        """A click on a region: the decision it makes now (an Attack by default, so the engine can say why not)."""
        legal = self.legal
        card = self.selected_card()
        if card is not None and any(gestures.card_actions(legal, card)):
            return self._card_to(card, ("region", key))
        action = gestures.region_action(legal, key)
        if action is None and self.game_view.get("phase") == "act" and self.interactive:
            action = Attack(key)
        return action is not None and self.try_action(action)

    def _card_to(self, card: str, zone: tuple[str, str]) -> bool:
        owner = self.shown.owner.get(zone[1]) if zone[0] == "region" else None
        action = gestures.drop_action(self.legal, card, zone, owner)
        if action is None:
            if zone[0] == "region" and owner in (None, INDEP, self.viewer_seat):
                return False
            action = gestures.fallback_action(zone[0], card)
        done = self.try_action(action)
        if done:
            self.selected = None
        return done

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_selection(1 if event.key == pygame.K_RIGHT else -1)
            return None
        if event.key == pygame.K_TAB:
            self.cycle_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus_region is not None and self.selected_card() is None:
                self.click_region(self.focus_region)
            elif self.buttons:
                self.buttons[0].on_click()
            return None
        if event.key == pygame.K_SPACE and self.buttons:
            self.buttons[-1].on_click() if self.selected_card() is None else self.buttons[0].on_click()
            return None
        if pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.buttons):
                self.buttons[index].on_click()
            return None
        return event

    def move_selection(self, step: int) -> None:
        """Select the next (or previous) hand card with the arrow keys."""
        count = len(self.shown.hand)
        if count:
            self.selected = (
                (0 if step > 0 else count - 1) if self.selected is None else (self.selected + step) % count
            )
        self._refresh()

    def cycle_focus(self, step: int) -> None:
        """Move the keyboard focus over the glowing regions (Tab)."""
        glow = sorted(gestures.glowing_regions(self.legal), key=self.rules_board.index.__getitem__)
        if not glow:
            self.focus_region = None
            return
        if self.focus_region not in glow:
            self.focus_region = glow[0 if step > 0 else -1]
        else:
            self.focus_region = glow[(glow.index(self.focus_region) + step) % len(glow)]

    # -- drag and drop -----------------------------------------------------------------------------------------
    def _pick(self, pos: tuple[int, int]) -> DragItem | None:
        index = self.hand_index_at(pos)
        if index is None:
            return None
        card = self.shown.hand[index]
        return DragItem(("hand", index, card), card_image(card, HAND_SCALE), self.hand_rect(index))

    def _zones(self, item: DragItem) -> list[DropZone]:
        """The board (regions: an Incursion or an event), the discard pile, the attack's two sides
        (topmost last: ``DragController.zone_at`` takes the last zone under the cursor)."""
        card = str(item.key[2])
        legal = self.legal
        ok = any(gestures.drop_action(legal, card, ("region", k), o) for k, o in self.shown.owner.items())
        zones = [DropZone(("board", ""), self.layout.board, legal=ok)]
        deck = card[:1].upper()
        ok = gestures.drop_action(legal, card, ("discard", deck)) is not None
        zones.append(DropZone(("discard", deck), self.layout.pile(deck, "discard"), legal=ok))
        panel = self.frame().attack_panel()
        if panel is not None:
            att, dfn = attack_halves(panel)
            for side, rect in (("ATT", att), ("DEF", dfn)):
                ok = gestures.drop_action(legal, card, ("attack", side)) is not None
                zones.append(DropZone(("attack", side), rect, legal=ok))
        return zones

    def _drop(self, item: DragItem, zone: DropZone | None) -> bool:
        """A hand card let go over a zone: the candidate action, which the engine judges."""
        if zone is None:
            return False
        card = str(item.key[2])
        kind, what = zone.key
        target: tuple[str, str] = (kind, what)
        if kind == "board":
            region = self.board.region_at(self.drag.pos)
            target = ("region", region) if region else ("board", "")
        self.drop_origin = (card, self.drag.pos)
        done = self._card_to(card, target)
        if not done:
            self.drop_origin = None
        return done

    def _click_card(self, item: DragItem) -> None:
        index = int(item.key[1])
        if index >= len(self.shown.hand):
            return
        self.selected = None if index == self.selected else index
        self._refresh()

    # -- the smoke run's hook ---------------------------------------------------------------------------------
    def smoke_human_move(self) -> bool:
        """One legal move of the seat to act, made only through injected pygame events."""
        self.settle()
        if not self.interactive:
            return False
        before = self.match.step
        legal = self.match.legal_actions()
        regions = sorted(gestures.glowing_regions(legal))
        placing = [a for a in legal if isinstance(a, (Commit, Respond))]
        discards = [a for a in legal if isinstance(a, Discard)]
        if placing:
            action = placing[0]
            side = action.side if isinstance(action, Respond) else "ATT"
            index = self.shown.hand.index(action.card)
            panel = self.frame().attack_panel()
            if panel is not None:
                att, dfn = attack_halves(panel)
                self.inject_drag(self.visible_point(index), (att if side == "ATT" else dfn).center)
        elif regions and not any(isinstance(a, Discard) for a in legal[:1]):
            self.inject_click(self.board.inside_point(regions[0]))
        elif discards:
            index = self.shown.hand.index(discards[0].card)
            self.inject_drag(
                self.visible_point(index), self.layout.pile(discards[0].card[:1].upper(), "discard").center
            )
        elif self.buttons:
            self.inject_click(self.buttons[0].rect.center)
        return self.match.step > before

    def smoke_hold_drag(self) -> bool:
        """Lift a hand card that goes into the attack (or a pile) and hold it there (for a screenshot)."""
        self.settle()
        if not self.interactive:
            return False
        legal = self.match.legal_actions()
        panel = self.frame().attack_panel()
        for action in legal:
            if isinstance(action, (Commit, Respond)) and panel is not None:
                att, dfn = attack_halves(panel)
                target = (dfn if isinstance(action, Respond) and action.side == "DEF" else att).center
            elif isinstance(action, Discard):
                target = self.layout.pile(action.card[:1].upper(), "discard").center
            else:
                continue
            grab = self.visible_point(self.shown.hand.index(action.card))
            self.inject(pygame.MOUSEMOTION, grab, rel=(0, 0), buttons=(0, 0, 0))
            self.inject(pygame.MOUSEBUTTONDOWN, grab, button=1)
            self.inject(pygame.MOUSEMOTION, target, rel=(0, 0), buttons=(1, 0, 0))
            return self.drag.dragging
        return False

    def cancel_drag(self) -> None:
        """Put a held card back (nothing is played)."""
        self.drag.item = None
        self.drag.live_zones = []

    def smoke_moment(self) -> str | None:
        """The notable moment on the table now, if any (the smoke run takes a screenshot of each)."""
        if not self.settled:
            return None
        a = self.game_view.get("attack")
        if a and any(r[1] is None for r in a["responses"]):
            return "responses_face_down"
        if a and a["attacker"] == BOT:
            return "bot_attack"
        if a and a["garrisons"]:
            return "garrisons"
        if self.shown.coop and self.shown.bot_army:
            return "bot_army"
        if any(self.shown.kept):
            return "kept_event"
        return None

    # -- drawing -------------------------------------------------------------------------------------------------
    def frame(self) -> paint.Frame:
        """What the painter draws this frame."""
        legal = self.legal
        zones: dict[str, bool] = {}
        if self.drag.dragging:
            for z in self.drag.live_zones:
                if z.legal and z.key[0] != "board":
                    zones[z.key[1] if z.key[0] == "attack" else f"discard_{z.key[1]}"] = True
        return paint.Frame(
            shown=self.shown,
            layout=self.layout,
            board=self.board,
            rules_board=self.rules_board,
            flights=self.flights,
            view=self.game_view,
            names=self.seat_names,
            humans=tuple(
                seat.is_human or self.replay is not None for seat in self.match.seats
            ),  # no "thinking" in a replay
            viewer=self.viewer_seat,
            interactive=self.interactive,
            glow=gestures.glowing_regions(legal) if self.settled else set(),
            hover_region=self.hover_region,
            focus_region=self.focus_region,
            selected=self.selected,
            hovered=self.hover_hand,
            lifted=self.drag.is_lifted,
            prompt=self.prompt_text(),
            zones=zones,
            pick=self.pick_cards(),
            time=self.app.clock_time,
            at_rest=self.settled and not self.animating(),
        )

    def draw_table(self, surface: pygame.Surface) -> None:
        """Felt, map, card areas, the attack, the hand, the pick, the prompt and the buttons."""
        frame = self.frame()
        layer, areas_drawn = paint.map_layer(frame)  # the areas are in the map's layer while they stand still
        if frame.at_rest:  # the map stands still: composed into the backdrop once
            self.draw_backdrop(surface, ((layer, self.board.rect.topleft),))
        else:
            self.draw_backdrop(surface)
            surface.blit(layer, self.board.rect)
        paint.draw_marks(frame, surface)
        if not areas_drawn:
            paint.draw_areas(frame, surface)
        paint.draw_attack(frame, surface)
        paint.draw_hand(frame, surface)
        paint.draw_pick(frame, surface)
        paint.draw_prompt(frame, surface, self.buttons[0].rect.x if self.buttons else self.layout.width)
        for button in self.buttons:
            button.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """The base frame, then the dragged card, the zoom and the region card."""
        super().draw(surface)
        self.drag.draw(surface, self.app.clock_time)
        self.ui_anim.draw(surface)
        if self.drag.dragging:
            return
        if self.hover_hand is not None and self.hover_hand < len(self.shown.hand):
            paint.draw_zoom(
                surface, self.shown.hand[self.hover_hand], self.hand_rect(self.hover_hand), self.table_rect
            )
        elif self.hover_region is not None:
            paint.draw_region_card(self.frame(), surface, self.mouse)

    def prompt_text(self) -> str:
        """What the viewer is asked to do now, or who is deciding."""
        seat = self.match.current_seat()
        if seat is None:
            return ""
        if not self.interactive:
            return f"{self.match.seats[seat].name} is deciding…" if self.settled else ""
        return _PROMPTS.get(str(self.game_view.get("phase")), "Your decision")


_PROMPTS = {
    "act": "Your round: click a glowing region to attack, drag a card to a pile to discard or onto the map "
    "to play it, or pass.",
    "commit": "Drag troops (and attack responses) into the attack, then press Done.",
    "help": "Add troops to your fellow believer's attack, then press Done.",
    "respond": "Drag responses face down onto the attack or the defence side, or place none.",
    "garrison": "Click a glowing region to add its garrison (+1 defence die each), then No more garrisons.",
    "reward": "Conquest: take +1 Card Bonus, or click a glowing region to place a garrison there.",
    "place": "Place a garrison in a glowing region.",
    "target_region": "Click a glowing region to attack it.",
    "target_seat": "Choose the player the event targets.",
    "truce": "Truce: choose the attacker's penalty.",
    "pick": "Choose a card.",
    "spies": "Spies: attack one of his regions, or not.",
}
