"""An online table's chat, in the log column: open under the log, or hidden to a small tab.

The chat never covers the table: open, it takes the lower part of the log column (the log's lines
stop above it); hidden, it is a bar there showing how many lines came meanwhile.  When the log
column itself is folded to its strip, the chat is a tab in the strip; opening it unfolds the column
for as long as the chat stays open (the table lays itself out for the wider column, as when the log
opens), and hiding it folds the column again.

Keys (free on every table, see each table's ``TABLE_KEYS``): C shows or hides the chat, T opens it
to type; while a line is typed every key is the line's (Enter sends it, Esc gives the keyboard back
to the table), so no table shortcut fires from a word.  New lines come with the frame's reading of
the network (``RemoteMatch.take_chat``, after ``RemoteFeed.update``); the frame never waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import Button
from crimson_table.ui.widgets.chat_panel import ChatLine, ChatPanel
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, PARCHMENT

if TYPE_CHECKING:  # the network's client is loaded by an online table's screens, not by every table
    from crimson_table.net.client import RemoteMatch
    from crimson_table.ui.tables.base import BaseGameScene

CHAT_HEIGHT = 300  # the open chat, in the log column
BAR_HEIGHT = 36  # the hidden chat's bar, in the open log column
MARGIN = 6
TAB_TOP, TAB_HEIGHT = 156, 120  # the hidden chat's tab in the folded log column (under the log's tab)
HELP_KEYS = (
    ("C", "Online: show or hide the table chat"),
    ("T", "Online: type a chat line (Enter sends it, Esc goes back to the table)"),
)
BARE = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META  # C and T alone, not as shortcuts


class TableChat:
    """The chat panel of one online table, placed in its log column."""

    def __init__(self, table: BaseGameScene) -> None:
        self.table = table
        self.match = cast("RemoteMatch", table.match)  # a remote table's match (``match.remote``)
        self.panel = ChatPanel(
            self.match.say, table.seat_colour, self.match.seat, can_talk=self.match.seat is not None
        )
        self.tab = Button((0, 0, 0, 0), "Chat", self.toggle, kind="secondary", size=15)
        self.log_footer = table.log_panel.footer  # the log's own footer (the HUD), under the chat
        self.widened = False  # the chat unfolded the log column itself (and folds it again)
        self.panel.hear((ChatLine.from_message(m) for m in self.match.chat), replace=True)
        self.match.take_chat()  # the lines heard in the lobby are in ``match.chat`` already
        self.panel.set_open(not table.log_panel.collapsed)
        self.place()

    @property
    def typing(self) -> bool:
        """True while a chat line is being typed (the table's keys wait)."""
        return self.panel.typing

    # -- the frame ---------------------------------------------------------------------------------
    def update(self) -> None:
        """Show the lines heard this frame and the server's refusals of ours (as notices)."""
        self.panel.follow(self.match, self.table.app.toast)
        self.place()

    def place(self) -> None:
        """Lay the chat out for the log column as it is now (open, hidden, or the column folded)."""
        log = self.table.log_panel
        column = log.rect
        if log.collapsed:
            if self.panel.open:  # the player folded the column: the chat folds with it
                self.panel.set_open(False)
                self.widened = False
            log.footer = self.log_footer
            self.tab.rect = pygame.Rect(column.x + MARGIN, TAB_TOP, column.width - 2 * MARGIN, TAB_HEIGHT)
        else:
            height = CHAT_HEIGHT if self.panel.open else BAR_HEIGHT
            rect = pygame.Rect(
                column.x + MARGIN,
                column.bottom - self.log_footer - MARGIN - height,
                column.width - 2 * MARGIN,
                height,
            )
            log.footer = self.log_footer + height + 2 * MARGIN
            self.tab.rect = rect
            if self.panel.open:
                self.panel.place(rect)
        self.tab.enabled = not self.panel.open

    # -- input -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The typed line first, then C and T, the tab and the panel; None when the chat used it."""
        panel = self.panel
        if panel.typing and event.type == pygame.MOUSEBUTTONDOWN and not panel.rect.collidepoint(event.pos):
            panel.entry.focused = False  # a click on the table gives it the keyboard back, and goes on
            return event
        if not panel.typing and event.type == pygame.KEYDOWN and not event.mod & BARE:
            if event.key == pygame.K_c:
                self.toggle()
                return None
            if event.key == pygame.K_t and panel.can_talk:
                self.show()
                panel.start_typing(getattr(event, "unicode", "") or "t")
                self.place()
                return None
        if self.tab.enabled and self.tab.handle_event(event) is None:
            self.place()
            return None
        used = panel.handle_event(event)
        self.place()
        return used

    def toggle(self) -> None:
        """Show the chat, or hide it."""
        if self.panel.open:
            self.hide()
        else:
            self.show()

    def show(self) -> None:
        """Open the chat (unfolding the log column if it was folded)."""
        log = self.table.log_panel
        if log.collapsed:
            log.collapsed = False
            self.widened = True
        self.panel.set_open(True)
        self.place()

    def hide(self) -> None:
        """Hide the chat to its bar (folding the column again if the chat unfolded it)."""
        self.panel.set_open(False)
        if self.widened:
            self.table.log_panel.collapsed = True
            self.widened = False
        self.place()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The open panel, or the hidden chat's bar or tab with the count of unread lines."""
        if self.panel.open:
            self.panel.draw(surface, self.table.app.clock_time)
            return
        rect = self.tab.rect
        hovered = self.tab.hovered
        pygame.draw.rect(surface, (0x3A, 0x33, 0x2B), rect, border_radius=8)
        pygame.draw.rect(surface, GOLD_LIGHT if hovered else GOLD, rect, 1, border_radius=8)
        if self.table.log_panel.collapsed:
            label = pygame.transform.rotate(fonts.render("CHAT", 16, PARCHMENT, bold=True), 90)
            surface.blit(label, label.get_rect(center=(rect.centerx, rect.y + 70)))
            badge_at = (rect.centerx, rect.y + 22)
        else:
            fonts.blit_text(
                surface, "Table chat", 17, PARCHMENT, (rect.x + 12, rect.centery), anchor="midleft", bold=True
            )
            cx, cy = rect.right - 20, rect.centery
            pygame.draw.lines(
                surface, PARCHMENT, False, [(cx - 6, cy + 3), (cx, cy - 3), (cx + 6, cy + 3)], 2
            )
            badge_at = (rect.right - 58, rect.centery)
        if self.panel.unread:
            _unread_badge(surface, self.panel.unread, badge_at)


def _unread_badge(surface: pygame.Surface, count: int, centre: tuple[int, int]) -> None:
    """A crimson disc with the number of lines not yet read."""
    text = str(count) if count < 100 else "99+"
    image = fonts.render(text, 14, PARCHMENT, bold=True)
    rect = pygame.Rect(0, 0, max(24, image.get_width() + 12), 24)
    rect.center = centre
    pygame.draw.rect(surface, CRIMSON, rect, border_radius=12)
    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=12)
    surface.blit(image, image.get_rect(center=rect.center))
