"""The Condottiere table: the map of Italy on the left, the battle lines beside it, the hand below.

Gestures become candidate actions and the engine decides (DESIGN.md): a click on a region is a
``ChooseRegion`` (or ``PlacePope`` after a Bishop), a hand card dropped on the own line is a
``PlayCard``, a click on an own Mercenary after a Scarecrow is a ``TakeBack``, buttons cover Pass,
Surrender, dismissing the hand, leaving the Favor off the board and the end of keeping.  What is
legal comes from ``match.legal_actions()``; a refusal shows the engine's reason and rule ID.

Everything drawn comes from the viewer's ``player_view`` (``self.view``) through the shown table
(``shown.py``), which the choreography (``anim.py``) advances by the viewer's REDACTED events while
they are animated.  The helpers never receive the scene: the choreography gets a
:class:`~.anim.Stage`, the painter a :class:`~.paint.Frame`, the gestures the layout and the shown
table.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from crimson_table.engine.condottiere.actions import ChooseRegion, PlacePope, PlayCard, TakeBack
from crimson_table.engine.condottiere.view import CondottiereView, condottiere_view
from crimson_table.engine.core import Action
from crimson_table.play.match import Match
from crimson_table.ui.tables import overlays
from crimson_table.ui.tables.condottiere import gestures, paint
from crimson_table.ui.tables.condottiere.anim import CHOREOGRAPHY, POPE, TOKEN, Stage
from crimson_table.ui.tables.condottiere.gestures import BUTTON_LABELS, HOTKEYS, HandHover, button_kind
from crimson_table.ui.tables.condottiere.layout import HAND_SCALE, Layout, card_image, card_name
from crimson_table.ui.tables.condottiere.map_view import MapView
from crimson_table.ui.tables.condottiere.shown import CondottiereShown
from crimson_table.ui.tables.condottiere.stats import match_rows, seat_rows
from crimson_table.ui.tables.highlight import spot_rect
from crimson_table.ui.tables.map_table import MapTableScene
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.drag import DragController, DragItem
from crimson_table.ui.widgets.drop_zone import DropZone

if TYPE_CHECKING:
    from crimson_table.ui.app import App


class CondottiereScene(MapTableScene):
    """A Condottiere match on the table."""

    choreography = CHOREOGRAPHY
    TABLE_KEYS = (
        ("Left / Right", "Select a card of your hand"),
        ("Enter or Space", "Play the selected card, or press the first button"),
        ("P / D", "Pass, or dismiss your hand (when offered)"),
    )

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.shown = CondottiereShown.from_view(self.game_view, self.viewer_seat)
        self.layout = self._new_layout()
        self.map_view = MapView(self.layout.map_rect)
        self.drag = DragController(
            self._pick, self._zones, self._drop, click=self._click_card, animator=self.ui_anim
        )
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover_region: str | None = None
        self.hover_hand: int | None = None
        self.hover_line: tuple[int, int] | None = None
        self.selected: int | None = None
        self.drop_origin: tuple[str, tuple[int, int]] | None = None  # where a played card was let go
        self.buttons: list[Button] = []
        self._buttons_key: tuple[Any, ...] = ()
        self._refresh()

    # -- geometry and sync ------------------------------------------------------------------------------
    @property
    def game_view(self) -> CondottiereView:
        """``self.view``, as the Condottiere rules build it (the base holds the generic mapping)."""
        return condottiere_view(self.view)

    def _new_layout(self) -> Layout:
        return Layout(self.table_rect.width, len(self.match.seats), self.viewer_seat)

    def stage(self) -> Stage:
        """What the choreography's beats draw on (a played card's drop point is handed over once)."""
        origin, self.drop_origin = self.drop_origin, None
        return Stage(
            shown=self.shown,
            layout=self.layout,
            map_view=self.map_view,
            flights=self.flights,
            names=self.seat_names,
            table_area=self.table_rect,
            sound=self.app.sound.play,
            drop_origin=origin,
        )

    def on_resync(self) -> None:
        """The present again (settled, undo, another viewer): the shown table from the view."""
        self.shown = CondottiereShown.from_view(self.game_view, self.viewer_seat)
        if self.layout.width != self.table_rect.width or self.layout.viewer != self.viewer_seat:
            self.layout = self._new_layout()
        if self.selected is not None and self.selected >= len(self.shown.hand):
            self.selected = None
        self._refresh()

    def on_settled(self) -> None:
        """After :meth:`settle`: buttons for the present."""
        self._refresh()

    def on_reset(self) -> None:
        """Undo: the base has shown the position as it now is; no selection."""
        self.selected = None
        self._refresh()

    def on_viewer_changed(self) -> None:
        """Another seat at the screen: its hand, its side of the table."""
        self.selected = None
        self._refresh()

    def stats(self) -> list[tuple[str, str]]:
        """Regions held per seat (who held which), battles won, and the game's counts."""
        return seat_rows(self.match, self.map_view.title) + match_rows(self.match)

    def match_stats(self) -> list[tuple[str, str]]:
        """The results panel shows twelve rows: Condottiere's own first, then the general counts."""
        return self.stats() + super().match_stats()[:2]

    # -- frame --------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Base frame (bots, events, curtain, resync), then the drag and the layout's width."""
        super().update(dt)
        self.drag.update(dt)
        if self.layout.width != self.table_rect.width:
            self.layout = self._new_layout()
        self._refresh()

    def _refresh(self) -> None:
        """Rebuild the decision buttons when the position or the seat at the screen changed."""
        key = (self.match.step, self.viewer_seat, self.interactive, self.layout.width)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.buttons = []
        if not self.interactive:
            return
        decisions = gestures.button_decisions(self.match.legal_actions())
        right = self.layout.footer.right - 10
        for action in reversed(decisions):
            label = BUTTON_LABELS.get(action, action.label)
            width = fonts.font(fonts.SMALL + 1, bold=True).size(label)[0] + 44
            rect = pygame.Rect(right - width, self.layout.footer.y + 10, width, 44)
            kind = "primary" if button_kind(action) == "pass" else "secondary"
            hotkey = HOTKEYS.get(button_kind(action))
            self.buttons.insert(
                0,
                Button(
                    rect,
                    label,
                    functools.partial(self.try_action, action),
                    kind=kind,
                    hotkey=hotkey,
                    size=fonts.SMALL + 1,
                ),
            )
            right = rect.x - 10

    # -- gestures -------------------------------------------------------------------------------------------
    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_region = self.map_view.region_at(pos)
        self.hover_hand = None if self.drag.dragging else self.hand_index_at(pos)
        self.hover_line = (
            None if self.drag.dragging or self.hover_hand is not None else self.line_card_at(pos)
        )

    @property
    def hand_hover(self) -> HandHover:
        """The selected and the hovered hand card."""
        return HandHover(self.selected, self.hover_hand)

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        """The own hand card under ``pos`` (the topmost where they overlap)."""
        return gestures.hand_index_at(self.layout, self.shown, pos, self.hand_hover)

    def line_card_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(seat, index) of the battle-line card under ``pos``."""
        return gestures.line_card_at(self.layout, self.shown, pos)

    def _hand_rect(self, index: int) -> pygame.Rect:
        return gestures.hand_card_rect(self.layout, len(self.shown.hand), index, self.hand_hover)

    def _click(self, pos: tuple[int, int]) -> pygame.event.Event | None:
        if not self.settled:
            return None
        region = self.map_view.region_at(pos)
        if region is not None:
            self.click_region(region)
            return None
        own = self.viewer_seat
        card = self.line_card_at(pos)
        if card is not None and card[0] == own and self.game_view["phase"] == "scarecrow":
            self.try_action(TakeBack(self.shown.lines[own][card[1]]))  # CO-R29
            return None
        if self.layout.line_area(own).collidepoint(pos) and self.selected is not None:
            self.play_selected()
            return None
        return None

    def click_region(self, key: str) -> None:
        """A click on a region: the candidate action of the current decision, judged by the engine."""
        action = gestures.region_action(self.game_view["phase"], key)
        if action is not None:
            self.try_action(action)

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.move_selection(1 if event.key == pygame.K_RIGHT else -1)
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is not None:
                self.play_selected()
            elif self.buttons:
                self.buttons[0].on_click()
            return None
        return event

    def move_selection(self, step: int) -> None:
        """Select the next (or previous) hand card with the arrow keys."""
        count = len(self.shown.hand)
        if not count:
            return
        self.selected = (
            (0 if step > 0 else count - 1) if self.selected is None else (self.selected + step) % count
        )

    def play_selected(self) -> None:
        """Play (or, at a round end, keep) the selected hand card."""
        if self.selected is None or self.selected >= len(self.shown.hand):
            return
        card = self.shown.hand[self.selected]
        if self._hand_action(card) and self.selected is not None:
            self.selected = None

    def _hand_action(self, card: str) -> bool:
        return self.try_action(gestures.hand_action(self.game_view["phase"], card))

    # -- drag and drop --------------------------------------------------------------------------------------
    def _pick(self, pos: tuple[int, int]) -> DragItem | None:
        index = self.hand_index_at(pos)
        if index is None:
            return None
        card = self.shown.hand[index]
        return DragItem(("hand", index, card), card_image(card, HAND_SCALE), self._hand_rect(index))

    def _zones(self, item: DragItem) -> list[DropZone]:
        card = str(item.key[2])
        legal = self.match.legal_actions() if self.interactive else []
        zones = []
        for seat in self.layout.order:
            mine = seat == self.viewer_seat
            zones.append(
                DropZone(
                    ("line", seat),
                    self.layout.line_area(seat),
                    legal=mine and PlayCard(card) in legal,
                    label=card_name(card),
                )
            )
        return zones

    def _drop(self, item: DragItem, zone: DropZone | None) -> bool:
        """A hand card let go over a line: a ``PlayCard`` for the own line, which the engine judges."""
        if zone is None:
            return False
        card = str(item.key[2])
        if zone.key[1] != self.viewer_seat:
            self.app.toast("A card is always played into your own battle line (CO-R20)")
            return False
        self.drop_origin = (card, self.drag.pos)
        played = self.try_action(PlayCard(card))
        if played:
            self.selected = None
        else:
            self.drop_origin = None
        return played

    def _click_card(self, item: DragItem) -> None:
        index = int(item.key[1])
        if index >= len(self.shown.hand):
            return
        if self.game_view["phase"] == "keep" or (index == self.selected and self.interactive):
            self.selected = index
            self.play_selected()
            return
        self.selected = None if index == self.selected else index

    # -- targets (ui/tables/highlight.py) -------------------------------------------------------------------------
    def action_rects(self, action: Action) -> list[pygame.Rect]:
        """The region (around its name), the hand or line card, or the button an action is about."""
        rects: list[pygame.Rect] = []
        button = self.button_for(action)
        if button is not None:
            rects.append(button.rect.copy())
        region = getattr(action, "region", None)
        if isinstance(action, (ChooseRegion, PlacePope)) and region:
            rects.append(spot_rect(self.map_view.inside_point(region)))
        card = getattr(action, "card", None)
        if isinstance(action, TakeBack) and card:
            line = self.shown.lines[self.viewer_seat]
            if card in line:
                index = len(line) - 1 - line[::-1].index(card)
                rects.append(self.layout.line_slots(self.viewer_seat, len(line))[index].copy())
        elif card and card in self.shown.hand and not button:
            rects.append(self._hand_rect(self.shown.hand.index(card)))
            if isinstance(action, PlayCard):
                rects.append(self.layout.line_area(self.viewer_seat).copy())
        return rects

    # -- the smoke run's hook ------------------------------------------------------------------------------------
    def smoke_human_move(self) -> bool:
        """One legal move of the seat to act, made only through injected pygame events."""
        self.settle()
        if not self.interactive:
            return False
        before = self.match.step
        legal = self.match.legal_actions()
        phase = self.game_view["phase"]
        regions = [a.region for a in legal if isinstance(a, (ChooseRegion, PlacePope)) and a.region]
        mercenaries = [a.card for a in legal if isinstance(a, TakeBack) and a.card]
        if regions:
            self.inject_click(self.map_view.inside_point(regions[0]))
        elif mercenaries:
            line = self.shown.lines[self.viewer_seat]
            index = len(line) - 1 - line[::-1].index(mercenaries[0])
            self.inject_click(self.layout.line_slots(self.viewer_seat, len(line))[index].center)
        elif phase == "battle" and any(isinstance(a, PlayCard) for a in legal):
            self.inject_drag(self.visible_point(0), self.layout.line_area(self.viewer_seat).center)
        elif self.buttons:
            self.inject_click(self.buttons[-1].rect.center)
        return self.match.step > before

    def visible_point(self, index: int) -> tuple[int, int]:
        """A point where hand card ``index`` is on top (overlapping cards hide most of each other)."""
        return gestures.visible_point(self.layout, self.shown, index, self.hand_hover)

    # -- drawing ---------------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        """Felt, map, battle panel with the lines, piles, hand, prompt and buttons."""
        self.draw_backdrop(surface, (self.map_view.base_layer(),))  # the map's tiles: right on the felt
        now = self.app.clock_time
        frame = self.frame()
        self.map_view.draw(surface, self.map_marks(), now, based=True)
        paint.draw_map_info(frame, surface)
        paint.draw_panel(frame, surface, now)
        paint.draw_piles(frame, surface)
        paint.draw_hand(frame, surface)
        for button in self.buttons:
            button.draw(surface)

    def frame(self) -> paint.Frame:
        """What the painter draws this frame."""
        legal = self.match.legal_actions() if self.interactive else []
        return paint.Frame(
            shown=self.shown,
            layout=self.layout,
            map_view=self.map_view,
            flights=self.flights,
            view=self.game_view,
            names=tuple(seat.name for seat in self.match.seats),
            humans=tuple(seat.is_human for seat in self.match.seats),
            viewer=self.viewer_seat,
            own=self.speaks_to(self.viewer_seat),
            table_rect=self.table_rect,
            interactive=self.interactive,
            settled=self.settled,
            hover=self.hand_hover,
            hover_line=self.hover_line,
            dragging=self.drag.dragging,
            lifted=self.drag.is_lifted,
            scarecrow_targets=gestures.scarecrow_targets(self.game_view["phase"], legal),
            buttons_left=self.buttons[0].rect.x if self.buttons else None,
            caption=self.hover_caption(),
        )

    def waiting_anchor(self) -> tuple[int, int]:
        """The "… is thinking" pill hangs at the top of the map, clear of the battle's header."""
        return (self.layout.map_rect.centerx, overlays.THINKING_TOP)

    def caption_avoid(self) -> list[pygame.Rect]:
        """Besides the kept result and the buttons, a hint's caption keeps off the player's hand."""
        return [*super().caption_avoid(), self.layout.hand_rect]

    def toast_anchor(self) -> tuple[int, int]:
        """Notices sit over the sea at the foot of the map, above the hand and clear of the battle."""
        rect = self.layout.map_rect
        return (rect.centerx, rect.bottom - 44)

    def result_anchor(self) -> tuple[int, int]:
        """The kept battle result sits over the lower part of the map, clear of the seats' lines."""
        rect = self.layout.map_rect
        return (rect.centerx, rect.bottom - 140)

    def result_bounds(self) -> pygame.Rect:
        """The kept battle results wrap to the map and stay on it: a long one (six seats' totals)
        would otherwise run over the seats' rows beside the map, the viewer's name and count too."""
        return self.layout.map_rect.inflate(-24, -24)

    def map_marks(self) -> dict[str, Any]:
        """What the map shows now: control, tokens, hover and the glowing legal regions."""
        shown = self.shown
        glow = gestures.glowing_regions(self.match.legal_actions()) if self.interactive else set()
        return {
            "control": shown.control,
            "glow": glow,
            "hover": self.hover_region,
            "battle": shown.region,
            "pope": shown.pope,
            "hide_token": TOKEN in self.flights.hidden,
            "hide_pope": POPE in self.flights.hidden,
        }

    def draw(self, surface: pygame.Surface) -> None:
        """The base frame (table, flights, log, HUD), then the dragged card, the zoom and the region card."""
        super().draw(surface)
        self.drag.draw(surface, self.app.clock_time)
        self.ui_anim.draw(surface)
        frame = self.frame()
        paint.draw_zoom(frame, surface)
        if self.hover_region is not None and not self.drag.dragging:
            paint.draw_region_card(frame, surface)

    def hover_caption(self) -> list[str]:
        """The lines of the hovered region's card (name, holder, neighbours); empty when none."""
        key = self.hover_region
        if key is None:
            return []
        owner = self.shown.control.get(key)
        holder = f"Held by {self.match.seats[owner].name}" if owner is not None else "Uncontrolled"
        if key == self.shown.pope:
            holder += " · Favor of the Pope"
        names = ", ".join(self.map_view.title(n) for n in self.map_view.neighbours(key))
        return [self.map_view.title(key), holder, f"Neighbours: {names}"]
