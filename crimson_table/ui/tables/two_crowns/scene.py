"""The Two Crowns table: two castles, two hands, a battlefield in the middle.

The viewer's side is at the bottom: hand fanned along the bottom edge, castle and its d20 at the
left, deck and discard pile at the right, resting Knights rotated in the rest area, the
viewer's battle lane under the opponent's.  Everything shown comes from ``self.view`` (the
viewer's player_view) through the shown model ``self.shown`` (``shown.py``), which the
choreography (``anim.py``) advances event by event as the animations play.

Gestures become candidate actions and the engine decides: drag a hand card onto a glowing slot
(lane, pay slot, discard pile), or click it and click the slot, or select it with the arrow keys
and press Enter.  Buttons appear only for legal actions.  A refused gesture shows the engine's
reason and rule ID in the red toast, and the card slides home.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Action, IllegalAction, fill_seat_names
from crimson_table.engine.two_crowns.actions import KeepDrawn, PayWith, UseDiceOfDestiny
from crimson_table.engine.two_crowns.cards import GOLD_VALUE
from crimson_table.engine.two_crowns.view import TwoCrownsView, two_crowns_view
from crimson_table.play.match import Match
from crimson_table.ui.screens.dialog import ConfirmDialog
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.two_crowns import gestures as moves
from crimson_table.ui.tables.two_crowns import paint
from crimson_table.ui.tables.two_crowns.anim import CHOREOGRAPHY, Stage
from crimson_table.ui.tables.two_crowns.gestures import ButtonSpec
from crimson_table.ui.tables.two_crowns.layout import Point, Sprite, TableLayout, build_sprites, card_image
from crimson_table.ui.tables.two_crowns.paint import DiscardBrowser, Frame, draw_zoom
from crimson_table.ui.tables.two_crowns.shown import TwoCrownsShown
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from crimson_table.ui.widgets.drag import DragController, DragItem
from crimson_table.ui.widgets.drop_zone import DropZone, draw_glow, draw_plain

if TYPE_CHECKING:
    from crimson_table.ui.app import App

BUTTON_H, BUTTON_GAP = 46, 10
RAISE_HOVER, RAISE_SELECTED = 18, 32
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
MUTED = (0xB8, 0xB0, 0x9C)


class TwoCrownsScene(BaseGameScene):
    """The illustrated Two Crowns table."""

    choreography = CHOREOGRAPHY
    TABLE_KEYS = (
        ("Left / Right", "Select a card of your hand (or of a precise draw)"),
        ("Enter", "Play the selected card to its place, or press the first button"),
    )

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.shown = TwoCrownsShown.from_view(self.game_view, self.viewer_seat)
        self.drag = DragController(
            self._pick, self._zones_for_item, self._drop, click=self._click, animator=self.ui_anim
        )
        self.sprites: list[Sprite] = []
        self.buttons: list[Button] = []
        self._button_key: tuple[Any, ...] = ()
        self.selected: tuple[Any, ...] | None = None
        self.selection_zones: list[DropZone] = []
        self.hover: Sprite | None = None
        self._drop_point: tuple[int, Point] | None = None
        self._legal: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        self._layout: TableLayout | None = None
        self._refresh()

    # -- geometry and state ---------------------------------------------------------------------------
    @property
    def game_view(self) -> TwoCrownsView:
        """``self.view`` as the Two Crowns rules build it (the base holds the generic mapping)."""
        return two_crowns_view(self.view)

    @property
    def layout(self) -> TableLayout:
        """The table's places for the current width (log open or closed) and viewer."""
        width = self.table_rect.width
        if self._layout is None or (self._layout.width, self._layout.viewer) != (width, self.viewer_seat):
            self._layout = TableLayout(width, self.viewer_seat)
        return self._layout

    def legal_actions(self) -> list[Action]:
        """The engine's legal actions now (cached per step)."""
        key = (self.match.step, self.viewer_seat)
        if self._legal[0] != key:
            self._legal = (key, self.match.legal_actions())
        return self._legal[1]

    def take_drop_point(self, card: int | None) -> Point | None:
        """Where the viewer just dropped ``card`` (its flight starts there), once."""
        if self._drop_point is None or self._drop_point[0] != card:
            return None
        point, self._drop_point = self._drop_point[1], None
        return point

    # -- base hooks ------------------------------------------------------------------------------------
    def stage(self) -> Stage:
        """What this batch's beats draw on: the shown model, the layout, the marks, sounds, dice."""
        return Stage(
            self.shown,
            self.layout,
            self.flights,
            self.seat_names,
            self.app.sound.play,
            self._roll_dice,
            self.take_drop_point,
        )

    def _roll_dice(
        self, values: list[int], title: str, labels: tuple[str, ...], done: Callable[[], None]
    ) -> None:
        self.app.push(DiceTrayScene(self.app, values, title=title, labels=labels, on_done=done))

    def on_resync(self) -> None:
        """The present again (settled, undo, another viewer): the shown table from the view."""
        self.shown = TwoCrownsShown.from_view(self.game_view, self.viewer_seat)
        self.selected = None
        self.drag.item = None
        self._refresh()

    def toast_anchor(self) -> tuple[int, int]:
        """Notices sit in the band between the lanes, clear of the slots and the viewer's hand."""
        band = self.layout.strip()
        return (band.centerx, band.bottom - 8)

    def result_anchor(self) -> tuple[int, int]:
        """The kept battle result sits in the band between the lanes."""
        return self.layout.strip().center

    def caption_avoid(self) -> list[pygame.Rect]:
        """Besides the kept result and the buttons, a hint's caption keeps off both hands and what
        stands on the table for good (castles, piles, rests, lanes, prompt)."""
        hands = [s.rect for s in self.sprites if s.key[0] in ("hand", "opp_hand", "hand_back")]
        return super().caption_avoid() + self.layout.keep_clear() + hands

    def on_settled(self) -> None:
        """After :meth:`settle`: no selection, sprites and buttons for the present."""
        self.selected = None
        self._refresh()

    def stats(self) -> list[tuple[str, str]]:
        """Damage dealt, battles won and cards drawn per seat (from the viewer's redacted events)."""
        damage, battles, drawn = [0, 0], [0, 0], [0, 0]
        for ev in self.match.events_for(self.viewer_seat, self.match.events):
            if ev.kind == "damage":
                damage[1 - int(ev.data["seat"])] += int(ev.data["amount"])
            elif ev.kind == "battle_result":
                battles[int(ev.data["winner"])] += 1
            elif ev.kind == "draw":
                drawn[int(ev.data["seat"])] += int(ev.data["count"])
        rows: list[tuple[str, str]] = []
        for label, values in (
            ("Damage dealt by", damage),
            ("Battles won by", battles),
            ("Cards drawn by", drawn),
        ):
            rows += [
                (f"{label} {player.name}", str(values[seat])) for seat, player in enumerate(self.match.seats)
            ]
        return rows

    # -- frame -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Base update (events, bots, slide-backs, resync when settled), then the drag, sprites, buttons."""
        super().update(dt)
        self.drag.update(dt)
        self._refresh()

    def _refresh(self) -> None:
        self._refresh_buttons()
        if self.selected is not None and (not self.interactive or not self._sprite(self.selected)):
            self.selected = None
        self.sprites = self._build_sprites()
        self.hover = self._sprite_at(self.app.mouse_pos) if not self.drag.dragging else None
        self._raise_hand()
        self.selection_zones = self._zones_for_key(self.selected) if self.selected else []

    def _sprite(self, key: tuple[Any, ...]) -> Sprite | None:
        return next((s for s in self.sprites if s.key == key), None)

    def _sprite_at(self, pos: tuple[int, int]) -> Sprite | None:
        for sprite in reversed(self.sprites):
            if sprite.contains(pos):
                return sprite
        return None

    def _raise_hand(self) -> None:
        for sprite in self.sprites:
            if sprite.key[0] != "hand":
                continue
            lift = RAISE_SELECTED if sprite.key == self.selected else 0
            if self.hover is sprite:
                lift = max(lift, RAISE_HOVER)
            sprite.centre = (sprite.centre[0], sprite.centre[1] - lift)

    # -- sprites: what the viewer sees -------------------------------------------------------------------
    def _build_sprites(self) -> list[Sprite]:
        return build_sprites(self.layout, self.shown, self.flights, self.drag.is_lifted)

    # -- buttons: one per legal button action ---------------------------------------------------------------
    def button_specs(self) -> list[ButtonSpec]:
        """The buttons to show now: none unless the viewer must decide and the table has settled."""
        if not self.interactive:
            return []
        return moves.button_specs(self.legal_actions(), not self.shown.lane_cards(self.viewer_seat))

    def _refresh_buttons(self) -> None:
        specs = self.button_specs()
        key = (tuple((spec.label, spec.action) for spec in specs), self.table_rect.width)
        if key == self._button_key:
            return
        self._button_key = key
        column, top = self.layout.right_col, self.layout.buttons_top
        self.buttons = []
        for i, spec in enumerate(specs):
            rect = (column.x, top + i * (BUTTON_H + BUTTON_GAP), column.width, BUTTON_H)
            press = self._presser(spec.action)
            self.buttons.append(Button(rect, spec.label, press, kind=spec.kind, size=fonts.SMALL + 2))

    def _presser(self, action: Action) -> Callable[[], None]:
        def press() -> None:
            self.selected = None
            if isinstance(action, UseDiceOfDestiny):
                self._confirm_destiny(action)
                return
            self.try_action(action)

        return press

    def play_focused(self, action: Action) -> None:
        """A keyboard choice goes the way of its button (the Dice of Destiny asks first)."""
        self._presser(action)()

    def _confirm_destiny(self, action: UseDiceOfDestiny) -> None:
        """TC-R16 cannot be taken back and may cost points: say what it does and ask first."""
        castle = int(self.game_view["castles"][self.viewer_seat])
        message = (
            f"The number you roll, 1 to 20, becomes your castle's value in place of its {castle}, "
            "higher or lower. Once a game; it cannot be taken back."
        )
        self.app.push(
            ConfirmDialog(
                self.app, "Dice of Destiny", message, "Roll the die", lambda: self.try_action(action)
            )
        )

    def button_for(self, action: Action) -> Button | None:
        """The button that plays ``action``, if one is showing."""
        for spec, button in zip(self.button_specs(), self.buttons, strict=False):
            if spec.action == action:
                return button
        return None

    # -- targets (ui/tables/highlight.py) -------------------------------------------------------------------
    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """The card an action plays and the place it goes, or the button that makes it."""
        rects: list[pygame.Rect] = []
        button = self.button_for(action) or self._pay_button(action)
        if button is not None:
            rects.append(button.rect.copy())
        card = getattr(action, "card", None)
        if card is None or not self.interactive:
            return rects
        key = ("drawn", card) if isinstance(action, KeepDrawn) else ("hand", card)
        sprite = self._sprite(key)
        if sprite is not None:
            rects.append(sprite.upright_rect.copy())
        zone = next((z for z in self._zones_for_key(key) if z.data["actions"][-1] == action), None)
        if zone is not None and not isinstance(action, PayWith):
            rects.append(zone.rect.copy())
        return rects

    def _pay_button(self, action: Action) -> Button | None:
        """The "Pay N gold" button that pays with a card of ``action``'s value (TC-R10)."""
        if not isinstance(action, PayWith):
            return None
        label = f"Pay {GOLD_VALUE[action.card]} gold"
        return next((b for b in self.buttons if b.text == label), None)

    # -- drop zones: candidate actions, legality from the engine -------------------------------------------
    def _zones_for_item(self, item: DragItem) -> list[DropZone]:
        return self._zones_for_key(item.key)

    def _zones_for_key(self, key: tuple[Any, ...] | None) -> list[DropZone]:
        """Where the card ``key`` may go now; each zone carries its candidate actions."""
        if key is None or not self.interactive:
            return []
        return moves.zones_for(self.match, self.layout, self.shown, self.game_view, key)

    def _play(self, actions: list[Action]) -> bool:
        """Play a candidate chain; a refusal (from the engine) is toasted and nothing changes."""
        refusal = moves.chain_refusal(self.match, actions)
        if refusal is not None:
            self._refused(refusal)
            return False
        for action in actions:
            if not self.try_action(action):
                self.app.sound.play("error_buzz")
                return False
        self.selected = None
        return True

    def _refused(self, exc: IllegalAction) -> None:
        names = [s.name for s in self.match.seats]
        self.app.toast(f"{fill_seat_names(exc.reason, names)} ({exc.rule_id})")
        self.app.sound.play("error_buzz")

    # -- drag and drop, click to select ------------------------------------------------------------------
    def _pick(self, pos: tuple[int, int]) -> DragItem | None:
        if not self.interactive:
            return None
        sprite = self._sprite_at(pos)
        if sprite is None or not sprite.draggable:
            return None
        return DragItem(sprite.key, card_image(sprite.card, sprite.scale), sprite.upright_rect)

    def _drop(self, item: DragItem, zone: DropZone | None) -> bool:
        if zone is None:
            return False
        x = self.drag.pos[0] - self.drag.grab_offset[0] + item.home.width / 2
        y = self.drag.pos[1] - self.drag.grab_offset[1] + item.home.height / 2
        self._drop_point = (int(item.key[1]), (x, y))
        played = self._play(zone.data["actions"])
        if not played:
            self._drop_point = None
        return played

    def _click(self, item: DragItem) -> None:
        self.selected = None if self.selected == item.key else item.key
        self._refresh()

    # -- input ---------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc first cancels a drag or a selection; otherwise the base (pause, undo, save) and the table."""
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and (self.selected or self.drag.item)
        ):
            self.cancel_selection()
            return None
        return super().handle_event(event)

    def cancel_selection(self) -> None:
        """Drop the selection and any card in hand (it returns to its place)."""
        self.selected = None
        self.drag.item = None
        self.drag.live_zones = []
        self._refresh()

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Buttons, then selection targets, drag and drop, pile browsing and keys."""
        for button in list(self.buttons):
            if button.handle_event(event) is None:
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.drag.item is None:
            return self._press(event)
        if self.drag.handle_event(event) is None:
            self._refresh()
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return event

    def _press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        pos = (int(event.pos[0]), int(event.pos[1]))
        zone = next((z for z in self.selection_zones if z.contains(pos)), None)
        if zone is not None:
            self._play(zone.data["actions"])
            return None
        if self.drag.handle_event(event) is None:
            return None
        for seat in (0, 1):
            if self.layout.discard(seat).collidepoint(pos):
                self.open_discards(seat)
                return None
        self.selected = None
        return event

    def open_discards(self, seat: int) -> DiscardBrowser:
        """Browse ``seat``'s discard pile (public, TC-R18) in an overlay."""
        pile = list(self.game_view["seats"][seat]["discard"])
        name = self.match.seats[seat].name
        browser = DiscardBrowser(self.app, f"{name}'s discard pile", pile)
        self.app.push(browser)
        return browser

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_selection(-1 if event.key == pygame.K_LEFT else 1)
            return None
        if event.key in ENTER_KEYS:
            self.press_enter()
            return None
        return event

    def selectable(self) -> list[tuple[Any, ...]]:
        """The cards the arrow keys move across: the drawn pair while keeping one, else the hand."""
        if not self.interactive:
            return []
        drawn = [s.key for s in self.sprites if s.key[0] == "drawn" and s.draggable]
        return drawn or [s.key for s in self.sprites if s.key[0] == "hand"]

    def move_selection(self, step: int) -> None:
        """Select the next (or previous) card; the first press selects the first card."""
        keys = self.selectable()
        if not keys:
            return
        if self.selected not in keys:
            self.selected = keys[0] if step > 0 else keys[-1]
        else:
            self.selected = keys[(keys.index(self.selected) + step) % len(keys)]
        self._refresh()

    def press_enter(self) -> None:
        """Play the selected card to its obvious place, or press the default (first) button."""
        if self.selected is not None:
            zones = self._zones_for_key(self.selected)
            target = next((z for z in zones if z.legal), zones[0] if zones else None)
            if target is None:
                self.app.toast("That card has nowhere to go right now.", "info")
                return
            self._play(target.data["actions"])
            return
        if self.buttons:
            self.buttons[0].on_click()

    # -- the smoke run's hook ---------------------------------------------------------------------------
    def smoke_human_move(self) -> bool:
        """Play one legal move of the human seat to act, entirely through injected pygame events."""
        seat = self.match.current_seat()
        if seat is None or not self.match.seats[seat].is_human:
            return False
        self.settle()
        if not self.interactive:
            return False
        before = self.match.step
        action = self.match.bot_choose()
        card = getattr(action, "card", None)
        if card is not None:
            self._drag_card(card, action)
        else:
            button = self.button_for(action)
            if button is not None:
                self.inject_click(button.rect.center)
            if isinstance(self.app.top, ConfirmDialog):  # the Dice of Destiny asks first
                keys = {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 0}
                self.app.dispatch(pygame.event.Event(pygame.KEYDOWN, keys))
        return self.match.step > before

    def _drag_card(self, card: int, action: Action) -> None:
        key = ("drawn", card) if isinstance(action, KeepDrawn) else ("hand", card)
        zone = next((z for z in self._zones_for_key(key) if z.data["actions"][-1] == action), None)
        grab = self.visible_point(key)
        if zone is not None and grab is not None:
            self.inject_drag(grab, zone.rect.center)

    def visible_point(self, key: tuple[Any, ...]) -> tuple[int, int] | None:
        """A point where the card ``key`` is on top (overlapping hand cards hide most of each other)."""
        sprite = self._sprite(key)
        if sprite is None:
            return None
        rect = sprite.upright_rect
        for fy in (0.5, 0.3, 0.7):
            for fx in (0.5, 0.3, 0.15, 0.08, 0.7, 0.9):
                point = (int(rect.x + rect.width * fx), int(rect.y + rect.height * fy))
                top = self._sprite_at(point)
                if top is not None and top.key == key:
                    return point
        return None

    # -- drawing ---------------------------------------------------------------------------------------------
    def frame(self) -> Frame:
        """What the painter is told this frame besides the layout and the shown model."""
        return Frame(
            self.game_view,
            self.seat_names,
            self.viewer_seat,
            self.match.current_seat(),
            self.awaiting_human,
            self.current_caption(),
            frozenset(a.KIND for a in self.legal_actions()) if self.awaiting_human else frozenset(),
        )

    def draw_table(self, surface: pygame.Surface) -> None:
        """Felt, battlefield, castles, piles, rest areas, cards, prompt and buttons."""
        layout, shown, frame = self.layout, self.shown, self.frame()
        self.draw_backdrop(surface, paint.battlefield_frame(layout))
        paint.battlefield(surface, layout, shown, frame)
        for seat in (0, 1):
            paint.castle(surface, layout, shown, frame, seat)
            paint.piles(surface, layout, shown, self.flights, seat)
            paint.rest_area(surface, layout, frame, seat)
        for sprite in self.sprites:
            sprite.draw(surface)
        paint.strip(surface, layout, shown, frame)
        paint.prompt(surface, layout, frame)
        for button in self.buttons:
            button.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """The table (and the base's log, HUD, flights), then targets, the dragged card and the zoom."""
        super().draw(surface)
        now = self.app.clock_time
        if not self.drag.dragging:
            for zone in self.selection_zones:
                (draw_glow(surface, zone, now) if zone.legal else draw_plain(surface, zone))
        selected = None if self.drag.dragging else self.selected
        paint.selection(surface, self.sprites, selected, self.shown.special)
        self.drag.draw(surface, now)
        self.ui_anim.draw(surface)
        if self.hover is not None and self.hover.face_up and self.hover.card is not None:
            above = self.hover.key[0] == "hand"
            draw_zoom(surface, self.hover.card, self.hover.rect, self.table_rect, above)


def _centre(rect: pygame.Rect) -> Point:
    return (float(rect.centerx), float(rect.centery))
