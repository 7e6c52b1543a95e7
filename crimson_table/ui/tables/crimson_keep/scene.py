"""The Crimson Keep table: the Tiled board between two clan boards, on dark walnut.

Everything shown comes from the viewer's ``player_view`` through the shown model (``shown.py``),
advanced by the redacted events as their beats play (``anim.py``).  Gestures become candidate
actions and the engine decides:

* drag a hand card (or a Summoning card from the clan board) onto a glowing space — keep spaces
  for buildings, the Barracks for combat cards, the Caverns for cavern cards, or onto one of your
  cards to replace it; a drop on a plain space is refused with the rule in a red toast;
* click a card on the board to flip it, use its ability, battle with it, send it to the gate —
  one choice plays at once, several open a small menu; click an enemy card to battle it;
* click a card of a draw to keep it; the buttons at the bottom right play everything else;
* keys: Left/Right select a hand card, Enter plays it to its first glowing space (or presses the
  first button), 1-9 press the buttons, Page Down shows more buttons, Esc cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.core import Action, Event, IllegalAction
from crimson_table.engine.crimson_keep.actions import (
    ExcludeTactic,
    KeepCard,
    Place,
    Replace,
    Tactic,
    shown_label,
)
from crimson_table.engine.crimson_keep.view import CrimsonKeepView, crimson_keep_view
from crimson_table.play.match import Match
from crimson_table.ui.tables.base import BaseGameScene
from crimson_table.ui.tables.crimson_keep import gestures, paint, panels
from crimson_table.ui.tables.crimson_keep.anim import CHOREOGRAPHY, Stage
from crimson_table.ui.tables.crimson_keep.layout import (
    BUTTONS,
    HAND_SCALE,
    Point,
    TableLayout,
    card_image,
    tactic_effect,
)
from crimson_table.ui.tables.crimson_keep.paint import Frame
from crimson_table.ui.tables.crimson_keep.shown import CrimsonKeepShown
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.dice_tray import DiceTrayScene
from crimson_table.ui.widgets.drag import DragController, DragItem
from crimson_table.ui.widgets.drop_zone import DropZone, draw_glow, draw_plain
from crimson_table.ui.widgets.theme import GOLD_LIGHT

if TYPE_CHECKING:
    from crimson_table.ui.app import App

BUTTON_W, BUTTON_H, BUTTON_GAP = 226, 38, 8
PER_PAGE = 6
RAISE_HOVER, RAISE_SELECTED = 14, 26
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
Key = tuple[Any, ...]


class CrimsonKeepScene(BaseGameScene):
    """The illustrated Crimson Keep table."""

    choreography = CHOREOGRAPHY
    TABLE_KEYS = (
        ("Left / Right", "Select a card of your hand or Summoning area"),
        ("Enter", "Play the selected card to its first glowing space, or press the first button"),
        ("1 - 9", "Press a button by its number"),
        ("Page Down", "More buttons"),
    )

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.shown = CrimsonKeepShown.from_view(self.game_view, self.viewer_seat)
        self.drag = DragController(self._pick, self._zones_for_item, self._drop, click=self._click,
                                   animator=self.ui_anim)  # fmt: skip
        self.buttons: list[Button] = []
        self.button_actions: list[Action] = []
        self.page = 0
        self._button_key: tuple[Any, ...] = ()
        self.menu: list[tuple[Button, Action]] = []
        self.selected: Key | None = None
        self.selection_zones: list[DropZone] = []
        self.hover: tuple[Key, pygame.Rect, int] | None = None
        self._drop_point: tuple[int, Point] | None = None
        self._legal: tuple[tuple[int, int], list[Action]] = ((-1, -1), [])
        self._layout: TableLayout | None = None
        self.last_kinds: set[str] = set()
        self._panels: tuple[CrimsonKeepView, tuple[Any, ...], pygame.Surface] | None = None
        self._refresh()

    # -- names, geometry, legality -------------------------------------------------------------------------
    @property
    def game_view(self) -> CrimsonKeepView:
        """``self.view``, as the Crimson Keep rules build it (the base holds the generic mapping)."""
        return crimson_keep_view(self.view)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Seat names; in solo the automaton's seat is Kai."""
        names = tuple(seat.name for seat in self.match.seats)
        return names + ("Kai",) if len(names) == 1 else names

    @property
    def solo(self) -> bool:
        """True against Kai."""
        return len(self.match.seats) == 1

    def result_headline(self) -> str | None:
        """Against Kai a game without a winner is her win, never a draw (CK2-R47: the guard's end
        is a defeat too)."""
        outcome = self.match.outcome()
        if self.solo and outcome is not None and not outcome.winners:
            return "Kai wins"
        return None

    def caption_avoid(self) -> list[pygame.Rect]:
        """Besides the kept result and the buttons, a hint's caption keeps off the player's hand."""
        hands = self.game_view.get("hands") or []
        mine = hands[self.viewer_seat] if self.viewer_seat < len(hands) else None
        cards = self.layout.hand_rects(max(1, len(mine) if isinstance(mine, list) else 1))
        return [*super().caption_avoid(), cards[0].unionall(cards)]

    @property
    def layout(self) -> TableLayout:
        """The table's places (one per table width)."""
        width, mirrored = self.table_rect.width, bool(self.game_view.get("mirrored"))
        if self._layout is None or self._layout.width != width or self._layout.mirrored != mirrored:
            self._layout = TableLayout(width, mirrored)
        return self._layout

    def legal_actions(self) -> list[Action]:
        """The engine's legal actions now (cached per step)."""
        key = (self.match.step, self.viewer_seat)
        if self._legal[0] != key:
            self._legal = (key, self.match.legal_actions())
        return self._legal[1]

    def legal_now(self) -> list[Action]:
        """The legal actions when the viewer may act on a settled table, else none."""
        return self.legal_actions() if self.interactive else []

    def take_drop_point(self, card: int) -> Point | None:
        """Where the viewer just dropped ``card`` (its flight starts there), once."""
        if self._drop_point is None or self._drop_point[0] != card:
            return None
        point, self._drop_point = self._drop_point[1], None
        return point

    # -- base hooks -----------------------------------------------------------------------------------------
    def stage(self) -> Stage:
        """What this batch's beats draw on."""
        return Stage(self.shown, self.layout, self.flights, self.seat_names, self.app.sound.play,
                     self._roll_dice, self.take_drop_point)  # fmt: skip

    def _roll_dice(
        self, values: list[int], title: str, labels: tuple[str, ...], done: Callable[[], None]
    ) -> None:
        self.app.push(DiceTrayScene(self.app, values, title=title, labels=labels, on_done=done, sides=6))

    def draw_table(self, surface: pygame.Surface) -> None:
        """Walnut, the board and everything on it, the hand, the buttons."""
        layout, shown, frame = self.layout, self.shown, self.frame()
        key = (
            frame.caption,
            frame.awaiting,
            frame.current,
            frame.viewer,
            tuple(shown.hand_count),
            layout.width,
        )
        if self._panels is None or self._panels[0] is not frame.view or self._panels[1] != key:
            self._panels = (frame.view, key, paint.composite(layout, shown, frame))
        surface.blit(self._panels[2], (0, 0), self.table_rect)  # the log panel covers the rest
        paint.cards(surface, layout, shown, self.flights, frame)
        panels.duel(surface, layout, frame, shown.duel)
        self._draw_hand(surface)
        offer = self.offered()
        if offer:
            panels.offer(surface, layout, offer, int(self.game_view["ctx"]["left"]))  # CK2-R12, CK2-R96
        for button in self.buttons:
            button.draw(surface)
        if len(self.button_actions) > PER_PAGE:
            pages = (len(self.button_actions) + PER_PAGE - 1) // PER_PAGE
            fonts.blit_text(surface, f"Page {self.page + 1}/{pages} (PgDn)", 13, GOLD_LIGHT,
                            (BUTTONS.right, BUTTONS.y - 4), anchor="bottomright")  # fmt: skip

    def action_label(self, action: Action) -> str:
        """Button and hint text naming board spaces as this table shows them (turned round when the
        player sits on the Right, CK2-R72)."""
        return self.with_names(shown_label(action, bool(self.game_view.get("mirrored"))))

    def on_resync(self) -> None:
        """The present again: the shown table from the view."""
        self.shown = CrimsonKeepShown.from_view(self.game_view, self.viewer_seat)
        self.selected = None
        self.menu = []
        self.drag.item = None
        self._refresh()

    def toast_anchor(self) -> tuple[int, int]:
        """Notices sit above the viewer's hand, over the foot of the board."""
        return (self.table_rect.centerx, self.layout.hand_rects(1)[0].y - 12)

    def on_settled(self) -> None:
        """After :meth:`settle`: nothing selected, buttons for the present."""
        self.selected = None
        self._refresh()

    def stats(self) -> list[tuple[str, str]]:
        """Battles won, runes found and cards built per seat (from the viewer's redacted events)."""
        battles, runes, built = [0, 0], [0, 0], [0, 0]
        for ev in self.match.events_for(self.viewer_seat, self.match.events):
            if ev.kind == "battle_result":
                battles[int(ev.data["winner"])] += 1
            elif ev.kind == "rune":
                runes[int(ev.data["seat"])] += 1
            elif ev.kind == "place":
                built[int(ev.data["seat"])] += 1
        names = self.seat_names
        rows: list[tuple[str, str]] = []
        for label, values in (
            ("Battles won by", battles),
            ("Runes found by", runes),
            ("Cards placed by", built),
        ):
            rows += [(f"{label} {names[s]}", str(values[s])) for s in (0, 1)]
        return rows

    # -- frame ------------------------------------------------------------------------------------------------
    def frame(self) -> Frame:
        """What the painter is told besides the layout and the shown model."""
        view = self.shown.view if self.anim.busy or self.pending_events else self.game_view
        return Frame(view, self.seat_names, self.viewer_seat, self.match.current_seat(), self.awaiting_human,
                     self.current_caption(), self.solo)  # fmt: skip

    def update(self, dt: float) -> None:
        """Base update, then the drag, hover and buttons."""
        super().update(dt)
        self.drag.update(dt)
        self._refresh()

    def _refresh(self) -> None:
        self._refresh_buttons()
        if not self.interactive:
            self.selected = None
            self.menu = []
        self.hover = self._hit(self.app.mouse_pos) if not self.drag.dragging else None
        self.selection_zones = self._zones_for_key(self.selected) if self.selected else []

    # -- what is where --------------------------------------------------------------------------------------
    def hand_cards(self) -> list[tuple[Key, pygame.Rect, int]]:
        """The viewer's hand: (key, rect, card) left to right, hovered/selected ones raised."""
        hand = self.shown.hand
        out = []
        for n, rect in zip(hand, self.layout.hand_rects(len(hand)), strict=False):
            key = ("hand", n)
            lift = RAISE_SELECTED if key == self.selected else 0
            out.append((key, rect.move(0, -lift), n))
        return out

    def pickables(self) -> list[tuple[Key, pygame.Rect, int]]:
        """Everything the viewer can grab: hand cards and own Summoning cards on the clan board."""
        seat = self.viewer_seat
        slots = [(("slot", n), self.layout.clan(seat, "summoning", i + 1).inflate(-2, -2), n)
                 for i, n in enumerate(self.shown.slots[seat])]  # fmt: skip
        return self.hand_cards() + slots

    def board_cards(self) -> list[tuple[Key, pygame.Rect, int]]:
        """Cards on the grid and in the Barracks / Caverns: (("board", owner, n), rect, n)."""
        out = []
        for cell in self.layout.cells():
            ref = self.shown.board[cell]
            if ref:
                out.append(
                    (("board", ref // 100, ref % 100), self.layout.cell(cell).inflate(-6, -6), ref % 100)
                )
        for seat in (0, 1):
            for where, area in ((-1, self.shown.barracks[seat]), (-2, self.shown.caverns[seat])):
                for i, n in enumerate(area):
                    out.append((("board", seat, n), paint.tile_rect(self.layout, seat, where, i), n))
        return out

    def _hit(self, pos: tuple[int, int]) -> tuple[Key, pygame.Rect, int] | None:
        for item in reversed(self.pickables()):
            if item[1].collidepoint(pos):
                return item
        for item in self.board_cards():
            if item[1].collidepoint(pos):
                return item
        return None

    def offered(self) -> list[int]:
        """The cards of a draw the viewer is keeping from (public to the viewer only)."""
        if not self.interactive:
            return []
        return [a.card for a in gestures.keep_choices(self.legal_actions())]

    # -- buttons ------------------------------------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        actions = gestures.button_actions(self.legal_now())
        key = (tuple(actions), self.page)
        if key == self._button_key:
            return
        if tuple(actions) != (self._button_key[0] if self._button_key else ()):
            self.page = 0
        self._button_key = (tuple(actions), self.page)
        self.button_actions = actions
        shown = actions[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        self.buttons = []
        for i, action in enumerate(shown):
            x = BUTTONS.x + (i % 2) * (BUTTON_W + BUTTON_GAP)
            y = BUTTONS.y + (i // 2) * (BUTTON_H + BUTTON_GAP)
            label = self.action_label(action)
            self.buttons.append(Button((x, y, BUTTON_W, BUTTON_H), _fit(label), self._presser(action),
                                       kind=gestures.kind_of(action), size=fonts.SMALL - 2))  # fmt: skip

    def button_tip(self, pos: tuple[int, int]) -> str:
        """What the button under ``pos`` does when its label cannot say it: a Battle Tactics card's
        effect on "Leave out ..." (CK2-R96) and "Play ..." (CK2-R19) buttons; "" for any other."""
        shown = self.button_actions[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        for button, action in zip(self.buttons, shown, strict=False):
            if button.rect.collidepoint(pos) and isinstance(action, (ExcludeTactic, Tactic)):
                return tactic_effect(action.tactic)
        return ""

    def _presser(self, action: Action) -> Callable[[], None]:
        def press() -> None:
            self.selected = None
            self.menu = []
            self.try_action(action)

        return press

    def next_page(self) -> None:
        """Show the next page of buttons."""
        pages = max(1, (len(self.button_actions) + PER_PAGE - 1) // PER_PAGE)
        self.page = (self.page + 1) % pages
        self._button_key = ()
        self._refresh_buttons()

    def button_for(self, action: Action) -> Button | None:
        """The button that plays ``action``, turning pages until it shows (None if it has none)."""
        if action not in self.button_actions:
            return None
        index = self.button_actions.index(action)
        while self.page != index // PER_PAGE:
            self.next_page()
        return self.buttons[index % PER_PAGE]

    # -- targets (ui/tables/highlight.py) -------------------------------------------------------------------
    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """The card an action plays and its space, a kept card, the board card(s) it is played on,
        or its button (a button on another page: the page indicator, until ``reveal_action``)."""
        if action in self.button_actions:
            index = self.button_actions.index(action)
            if index // PER_PAGE == self.page and index % PER_PAGE < len(self.buttons):
                return [self.buttons[index % PER_PAGE].rect.copy()]
            return [pygame.Rect(BUTTONS.right - 130, BUTTONS.y - 22, 130, 20)]
        if isinstance(action, KeepCard) and action.card in self.offered():
            return [panels.offer_rects(self.layout, len(self.offered()))[self.offered().index(action.card)]]
        if isinstance(action, (Place, Replace)):
            key = next((k for k, _r, n in self.pickables() if n == action.card), None)
            rects = [r.copy() for k, r, _n in self.pickables() if k == key]
            zone = next((z for z in self._zones_for_key(key) if z.data["actions"][0] == action), None)
            return rects + ([zone.rect.copy()] if zone is not None else [])
        return [r.copy() for k, r, n in self.board_cards() if self._card_is_for(action, int(k[1]), n)]

    def _card_is_for(self, action: Action, owner: int, card: int) -> bool:
        return action in gestures.card_choices(self.legal_now(), self.viewer_seat, owner, card)

    def reveal_action(self, action: Action) -> None:
        """Turn the button pages until ``action``'s button shows (the keyboard focus, a hint)."""
        self.button_for(action)

    # -- drop zones ---------------------------------------------------------------------------------------------
    def _zones_for_item(self, item: DragItem) -> list[DropZone]:
        return self._zones_for_key(item.key)

    def _zones_for_key(self, key: Key | None) -> list[DropZone]:
        if key is None or key[0] not in ("hand", "slot") or not self.interactive:
            return []
        return gestures.drop_zones(
            self.layout, self.shown, self.legal_actions(), self.viewer_seat, int(key[1])
        )

    def _play(self, action: Action) -> bool:
        refusal = self.match.refusal(action)
        if refusal is not None:
            self._refused(refusal)
            return False
        self.selected = None
        self.menu = []
        return self.try_action(action)

    def _refused(self, exc: IllegalAction) -> None:
        self.app.toast(f"{self.with_names(exc.reason)} ({exc.rule_id})")
        self.app.sound.play("error_buzz")

    # -- drag and drop, clicks ----------------------------------------------------------------------------------
    def _pick(self, pos: tuple[int, int]) -> DragItem | None:
        if not self.interactive:
            return None
        for key, rect, n in reversed(self.pickables()):
            if rect.collidepoint(pos):
                image = card_image(n, HAND_SCALE)
                return DragItem(key, image, image.get_rect(center=rect.center))
        return None

    def _drop(self, item: DragItem, zone: DropZone | None) -> bool:
        if zone is None:
            return False
        x = self.drag.pos[0] - self.drag.grab_offset[0] + item.home.width / 2
        y = self.drag.pos[1] - self.drag.grab_offset[1] + item.home.height / 2
        self._drop_point = (int(item.key[1]), (x, y))
        played = self._play(zone.data["actions"][0])
        if not played:
            self._drop_point = None
        return played

    def _click(self, item: DragItem) -> None:
        self.menu = []
        self.selected = None if self.selected == item.key else item.key
        self._refresh()

    def click_board_card(self, owner: int, card: int, rect: pygame.Rect) -> bool:
        """A click on a board card: its one choice plays, several open a menu beside it."""
        choices = gestures.card_choices(self.legal_now(), self.viewer_seat, owner, card)
        if not choices:
            return False
        if len(choices) == 1:
            self._play(choices[0])
            return True
        self.menu = []
        labels = menu_labels([self.action_label(action) for action in choices[:8]])
        for i, (action, label) in enumerate(zip(choices[:8], labels, strict=True)):
            r = pygame.Rect(rect.right + 6, rect.y + i * 36, MENU_W, 32)
            if r.right > self.table_rect.right - 6:
                r.x = rect.x - MENU_W - 6
            r.clamp_ip(self.table_rect)
            self.menu.append((Button(r, label, self._presser(action), size=fonts.SMALL - 3), action))
        return True

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc first closes a menu or drops a selection."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.selected or self.menu):
            self.selected, self.menu = None, []
            self.drag.item = None
            return None
        return super().handle_event(event)

    def handle_game_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Menu, buttons, offers, selection targets, drag and drop, board clicks, keys."""
        for button, _action in list(self.menu):
            if button.handle_event(event) is None:
                return None
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
        self.menu = []
        for n, rect in zip(
            self.offered(), panels.offer_rects(self.layout, len(self.offered())), strict=False
        ):
            if rect.collidepoint(pos):
                self._play(KeepCard(n))
                return None
        zone = next((z for z in self.selection_zones if z.contains(pos)), None)
        if zone is not None:
            self._play(zone.data["actions"][0])
            return None
        if self.drag.handle_event(event) is None:
            return None
        for key, rect, n in self.board_cards():
            if rect.collidepoint(pos) and self.click_board_card(int(key[1]), n, rect):
                return None
        self.selected = None
        return event

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_selection(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in ENTER_KEYS:
            self.press_enter()
        elif event.key == pygame.K_PAGEDOWN:
            self.next_page()
        elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.buttons):
            self.buttons[event.key - pygame.K_1].on_click()
        else:
            return event
        return None

    def move_selection(self, step: int) -> None:
        """Select the next (or previous) hand card."""
        keys = [k for k, _r, _n in self.pickables()] if self.interactive else []
        if not keys:
            return
        if self.selected not in keys:
            self.selected = keys[0] if step > 0 else keys[-1]
        else:
            self.selected = keys[(keys.index(self.selected) + step) % len(keys)]
        self._refresh()

    def press_enter(self) -> None:
        """Play the selected card to its first glowing space, or press the first button."""
        if self.selected is not None:
            target = next((z for z in self._zones_for_key(self.selected) if z.legal), None)
            if target is None:
                self.app.toast("That card has nowhere to go right now.", "info")
                return
            self._play(target.data["actions"][0])
            return
        if self.buttons:
            self.buttons[0].on_click()

    # -- the smoke run's hook --------------------------------------------------------------------------------
    def smoke_human_move(self) -> bool:
        """Play one legal move of the human seat to act, entirely through injected pygame events."""
        seat = self.match.current_seat()
        if seat is None or not self.match.seats[seat].is_human:
            return False
        self.settle()
        if not self.interactive:
            return False
        before = self.match.step
        self.play_by_events(self.match.bot_choose())
        return self.match.step > before

    def smoke_hold_drag(self) -> bool:
        """Lift a hand card that has legal places and hold it over the board (for a screenshot)."""
        self.settle()
        if not self.interactive:
            return False
        legal = self.legal_actions()
        for _key, rect, n in self.pickables():
            if any(isinstance(a, Place) and a.card == n and a.dest >= 0 for a in legal):
                self.inject(pygame.MOUSEMOTION, rect.center, rel=(0, 0), buttons=(0, 0, 0))
                self.inject(pygame.MOUSEBUTTONDOWN, rect.center, button=1)
                self.inject(
                    pygame.MOUSEMOTION, (rect.centerx + 40, rect.y - 200), rel=(0, 0), buttons=(1, 0, 0)
                )
                return self.drag.dragging
        return False

    def cancel_drag(self) -> None:
        """Put a held card back (nothing is played)."""
        self.selected, self.menu = None, []
        self.drag.item = None
        self.drag.live_zones = []

    def smoke_moment(self) -> str | None:
        """The notable moment on the table now, if any: a battle, the summon, the final battle, Kai."""
        if not self.settled:
            return None
        view = self.game_view
        if self.shown.duel:
            return "battle"
        if int(view.get("dragon", -1)) >= 0:
            return "final_battle"
        if any(int(c["summon"]) >= 6 for c in view["clans"]):
            return "summon_board"
        if self.solo and self.last_kinds & {"solo_card"}:
            return "kai_turn"
        return None

    def on_events(self, events: list[Event]) -> None:
        """Remember the kinds of the latest batch (Kai's turn shows as her Solo Deck cards)."""
        self.last_kinds = {e.kind for e in events}

    def play_by_events(self, action: Action) -> None:
        """Play ``action`` the way a person would: drag, click a card, a draw's card, or a button."""
        self._refresh()
        if isinstance(action, (Place, Replace)):
            key = next((k for k, _r, n in self.pickables() if n == action.card), None)
            zone = next((z for z in self._zones_for_key(key) if z.data["actions"][0] == action), None)
            grab = next((r.center for k, r, _n in self.pickables() if k == key), None)
            if zone is not None and grab is not None:
                self.inject_drag(grab, zone.rect.center)
            return
        if isinstance(action, KeepCard):
            rects = panels.offer_rects(self.layout, len(self.offered()))
            self.inject_click(rects[self.offered().index(action.card)].center)
            return
        button = self.button_for(action)
        if button is not None:
            self.inject_click(button.rect.center)
            return
        self._click_card_for(action)

    def _click_card_for(self, action: Action) -> None:
        card = getattr(action, "card", None)
        target = getattr(action, "target", None)
        for key, rect, n in self.board_cards():
            owner = int(key[1])
            mine = owner == self.viewer_seat and n == card
            theirs = owner != self.viewer_seat and n == target
            if (mine or theirs) and action in gestures.card_choices(
                self.legal_now(), self.viewer_seat, owner, n
            ):
                self.inject_click(rect.center)
                for button, chosen in self.menu:
                    if chosen == action:
                        self.inject_click(button.rect.center)
                        return
                return

    # -- drawing ---------------------------------------------------------------------------------------------
    def _draw_hand(self, surface: pygame.Surface) -> None:
        shown = self.shown
        if self.game_view.get("seat") is None:  # a spectator or all hands open: say whose hands these are
            self._hand_label(surface, self.viewer_seat, self.layout.hand_rects(1)[0].centerx)
        if shown.open_hand is not None:  # all hands open: the other clan's too, face up
            rects = self.layout.open_hand_rects(len(shown.open_hand))
            for n, rect in zip(shown.open_hand, rects, strict=True):
                surface.blit(card_image(n, HAND_SCALE), rect)
            middle = (rects[0].x + rects[-1].right) // 2 if rects else BUTTONS.x + 60
            self._hand_label(surface, 1 - self.viewer_seat, middle)
        if shown.blind:  # a spectator: the viewer seat's hand face down
            for rect in self.layout.hand_rects(shown.hand_count[self.viewer_seat]):
                surface.blit(card_image(None, HAND_SCALE), rect)
            return
        hover_key = self.hover[0] if self.hover else None
        for key, rect, n in self.hand_cards():
            if self.drag.is_lifted(key):
                continue
            lift = RAISE_HOVER if key == hover_key and key != self.selected else 0
            surface.blit(card_image(n, HAND_SCALE), rect.move(0, -lift))
        if not self.shown.hand and self.game_view.get("seat") is not None:
            fonts.blit_text(surface, "Your hand is empty", fonts.SMALL, (0xB8, 0xB0, 0x9C),
                            (400, 820), anchor="center", italic=True)  # fmt: skip

    def _hand_label(self, surface: pygame.Surface, seat: int, x: int) -> None:
        """A replay's caption under a hand it shows without a seat at the screen: "Ben's hand"."""
        if seat >= len(self.match.seats):
            return  # Kai's hand is not held by a seat (solo)
        count = self.shown.hand_count[seat]
        text = f"{self.seat_names[seat]}'s hand" + ("" if count else " is empty")
        fonts.blit_text(
            surface, text, fonts.SMALL - 2, (0xB8, 0xB0, 0x9C), (x, 891), anchor="center", italic=True
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Table, base overlays, targets, the dragged card, the menu and the zoom."""
        super().draw(surface)
        now = self.app.clock_time
        if not self.drag.dragging:
            for zone in self.selection_zones:
                (draw_glow(surface, zone, now) if zone.legal else draw_plain(surface, zone))
        if self.selected is not None:
            rect = next((r for k, r, _n in self.pickables() if k == self.selected), None)
            if rect is not None:
                pygame.draw.rect(surface, GOLD_LIGHT, rect.inflate(6, 6), 3, border_radius=10)
        self.drag.draw(surface, now)
        self.ui_anim.draw(surface)
        for button, _action in self.menu:
            button.draw(surface)
        tip = self.button_tip(self.app.mouse_pos)
        if tip:
            block = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
            panels.button_tip(surface, tip, block, self.table_rect)
        elif self.hover is not None and not self.menu:
            _key, rect, n = self.hover
            panels.zoom(surface, n, rect, self.table_rect)
        elif not self.drag.dragging and self.table_rect.collidepoint(self.app.mouse_pos):
            hint = panels.hint_at(self.layout, self.frame(), self.app.mouse_pos)
            if hint:
                panels.tooltip(surface, hint, self.app.mouse_pos, self.table_rect)


def _fit(label: str, limit: int = 30) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


MENU_W, MENU_CHARS = 440, 58  # a board card's menu of choices: wide enough for a space's full name


def menu_labels(labels: list[str], limit: int = MENU_CHARS) -> list[str]:
    """The choices of one card's menu, each at most ``limit`` characters.  Long choices that start
    alike ("Kragars: build Crimson Arch on level 1 of …", "… on level 2 of …") lose the words they
    share (all but the last) before anything else, then a long one loses its middle, never its end.

    >>> menu_labels(["Kragars: build Crimson Arch on level 1 of the Left keep's front column",
    ...              "Kragars: build Crimson Arch on level 2 of the Left keep's front column"])
    ["… level 1 of the Left keep's front column", "… level 2 of the Left keep's front column"]
    >>> menu_labels(["Flip Kragars", "Kragars: build Firelancer III on level 2 of the Right keep's rear column",
    ...              "Kragars: build Firelancer III on level 1 of the Right keep's middle column"])[1:]
    ["… level 2 of the Right keep's rear column", "… level 1 of the Right keep's middle column"]
    """
    long = [label.split() for label in labels if len(label) > limit]
    shared = 0
    while len(long) > 1 and all(len(words) > shared + 1 for words in long):
        if len({words[shared] for words in long}) != 1:
            break
        shared += 1
    fitted = []
    for label in labels:
        words = label.split()
        if len(label) > limit and shared > 1:
            words = ["…", *words[shared - 1 :]]
        fitted.append(_cut_middle(" ".join(words), limit))
    return fitted


def _cut_middle(label: str, limit: int) -> str:
    """``label`` with words taken from its middle until it fits ``limit`` (its end is kept)."""
    words = label.split()
    if len(label) <= limit or len(words) < 3:
        return label if len(label) <= limit else label[: limit - 1] + "…"
    head, tail = words[:1], words[-1:]
    for word in reversed(words[1:-1]):
        if len(" ".join([*head, "…", word, *tail])) > limit:
            break
        tail.insert(0, word)
    for word in words[1 : len(words) - len(tail)]:
        if len(" ".join([*head, word, "…", *tail])) > limit:
            break
        head.append(word)
    return " ".join([*head, "…", *tail])
