"""A table's own buttons and keys: Undo, Hint and Menu by the log, and the shortcuts.

:class:`TableHud` is mixed into :class:`~crimson_table.ui.tables.base.BaseGameScene`.  Input goes
first to an online table's chat (a line being typed keeps every key), then to the log panel and
these buttons, then to a tutorial's coach, then to the shortcuts (Tab
and Enter of the keyboard focus, Esc, H, Ctrl+Z, Ctrl+S), and what is left to the table's own
gestures (``handle_game_event``).  The buttons sit in the log panel's footer, or one above another
in its collapsed strip; collapsing the log is kept in the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from crimson_table.ui.tables.table_chat import HELP_KEYS as CHAT_KEYS
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.theme import GOLD

if TYPE_CHECKING:
    from crimson_table.ui.tables.table_protocol import Table

LOG_FOOTER = 72  # the height of the log panel's footer, where the buttons sit


class TableHud:
    """The Undo, Hint and Menu buttons, the keys' help, and the order input goes through."""

    HELP_KEYS: tuple[tuple[str, str], ...] = (
        ("Tab / Shift+Tab", "Walk through the moves you may make now (the move glows)"),
        ("Enter or Space", "Play the move in focus (after Tab)"),
        ("Esc", "Clear the focus; else the pause menu"),
        ("H", "Hint: the suggested move glows, with its chance to win"),
        ("Ctrl+Z", "Undo your last decision (when the rules allow)"),
        ("Ctrl+S", "Save the game"),
    )
    TABLE_KEYS: tuple[tuple[str, str], ...] = ()  # a table's own keys, listed after the base's
    # An online spectator plays no seat: no move to walk through, nothing to undo, hint or save.
    WATCHING_KEYS: tuple[tuple[str, str], ...] = (("Esc", "The pause menu: leave the table"),)
    menu_button: Button
    undo_button: Button
    hint_button: Button

    def _make_hud(self: Table) -> None:
        self.menu_button = Button(
            (0, 0, 136, 44), "Menu", self.open_pause, kind="secondary", size=fonts.SMALL + 1
        )
        self.undo_button = Button((0, 0, 136, 44), "Undo", self.undo, kind="secondary", size=fonts.SMALL + 1)
        self.hint_button = Button(
            (0, 0, 96, 44), "Hint", self.hinter.ask, kind="secondary", size=fonts.SMALL + 1
        )
        self._place_hud()

    def help_keys(self: Table) -> list[tuple[str, str]]:
        """The tutorial's keys (in a tutorial), the base table's, then the table's own (``TABLE_KEYS``)."""
        coach = self.tutorial.HELP_KEYS if self.tutorial is not None else ()
        chat = CHAT_KEYS if self.chat is not None else ()
        if self.watching:
            return [*self.WATCHING_KEYS, *chat]
        return [*coach, *self.HELP_KEYS, *self.TABLE_KEYS, *chat]

    def hud_buttons(self: Table) -> tuple[Button, ...]:
        """The buttons under the log: Undo, Hint and Menu; a spectator's table only Menu."""
        if self.watching:
            return (self.menu_button,)
        return (self.undo_button, self.hint_button, self.menu_button)

    def typing(self: Table) -> bool:
        """True while a line of the table chat is typed: keys are letters then, not shortcuts."""
        return self.chat is not None and self.chat.typing

    def open_pause(self: Table) -> None:
        """The pause menu."""
        self.app.open("pause", game=self)

    def handle_event(self: Table, event: pygame.event.Event) -> pygame.event.Event | None:
        """The chat (a line being typed keeps every key), log panel, HUD buttons and shortcuts first,
        then the table."""
        if self.chat is not None and self.chat.handle_event(event) is None:
            self._place_hud()
            return None
        was_collapsed = self.log_panel.collapsed
        if self._hud_event(event) is None or self.log_panel.handle_event(event) is None:
            self._place_hud()
            if self.log_panel.collapsed != was_collapsed:
                self.app.apply_settings(
                    self.app.settings.with_changes(log_collapsed=self.log_panel.collapsed)
                )
            return None
        if self.tutorial is not None and self.tutorial.handle_event(event) is None:
            return None
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return None
        return self.handle_game_event(event)

    def _hud_event(self: Table, event: pygame.event.Event) -> pygame.event.Event | None:
        for button in self.hud_buttons():
            if button.handle_event(event) is None:
                return None
        return event

    def _place_hud(self: Table) -> None:
        panel = self.log_panel.rect
        hud = self.hud_buttons()
        if self.log_panel.collapsed:  # all stay, inside the collapsed strip, one above the other
            for i, button in enumerate(hud, start=3 - len(hud)):
                button.rect = pygame.Rect(panel.x + 6, 900 - 160 + 52 * i, panel.width - 10, 44)
        else:
            for i, button in enumerate(hud, start=3 - len(hud)):  # Menu keeps its place
                button.rect = pygame.Rect(panel.x + 14 + 100 * i, 900 - 58, 92, 44)
        self.undo_button.enabled = self.match.can_undo() and self.tutorial is None
        self.hint_button.enabled = self.hinter.available() and self.tutorial is None

    def _shortcut(self: Table, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if self.key_focus.handle_key(event):
            pass
        elif event.key == pygame.K_ESCAPE:
            self.open_pause()
        elif event.key == pygame.K_h and not ctrl:
            self.hinter.ask()
        elif ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_s:
            self.save_game()
        else:
            return False
        return True

    def _draw_hud(self: Table, surface: pygame.Surface) -> None:
        if not self.log_panel.collapsed:
            pygame.draw.line(
                surface,
                GOLD,
                (self.log_panel.rect.x + 14, 900 - LOG_FOOTER),
                (1600 - 14, 900 - LOG_FOOTER),
                1,
            )
        for button in self.hud_buttons():
            button.draw(surface)
