"""The Join screen's list of tables found on the local network (``net/lan.py``).

A :class:`LanPanel` starts a :class:`~crimson_table.net.lan.LanBrowser` when zeroconf is installed;
the browser hears of tables on zeroconf's threads and wakes the app (``App.wake``), and the panel
rebuilds its rows on the next frame, only when the listing changed.  Each row is a button that
fills the form's address (a seat still needs its invite code) and, when the host allows
spectators, a Watch button.  Without zeroconf the panel says in one line how to turn LAN discovery
on; everything else on the screen works as before.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame_gui.elements import UIButton

from crimson_table.engine import GAMES
from crimson_table.net import lan
from crimson_table.ui.screen_report import name_for_report
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.theme import INK

if TYPE_CHECKING:
    from crimson_table.ui.gui_scene import GuiScene

MUTED = (0x5C, 0x55, 0x4A)
ROW_PITCH, ROW_HEIGHT, WATCH_W, GAP = 84, 44, 120, 12
MAX_LABEL = 34  # characters of a row's "host · game" (a long name is cut)


class Browser(Protocol):
    """What the panel needs of a browser: its listing, why it stopped (if it did), and close."""

    listing: lan.LanListing
    error: str | None

    def close(self) -> None: ...


def open_browser(on_change: Callable[[], None]) -> Browser | None:
    """A browser of the network's tables, or None when zeroconf (the ``lan`` extra) is missing."""
    if lan.missing():
        return None
    return lan.LanBrowser(on_change)


def row_label(table: lan.LanTable) -> str:
    """A row's button: the host and the game, cut to fit.

    >>> row_label(lan.LanTable("s", "Anna", "two_crowns", "t", "10.0.0.2:8765", 1, False))
    'Anna · Two Crowns'
    """
    game = GAMES.info(table.game).title if table.game in GAMES else table.game
    label = f"{table.host} · {game}"
    return label if len(label) <= MAX_LABEL else label[: MAX_LABEL - 1] + "…"


def row_note(table: lan.LanTable) -> str:
    """The line under a row: where, the open seats, and whether spectators may watch."""
    seats = {0: "no open seat", 1: "1 open seat"}.get(table.open_seats, f"{table.open_seats} open seats")
    watch = " · spectators welcome" if table.spectators else ""
    return f"{table.address} · {seats}{watch}"


class LanPanel:
    """The tables on the network, as rows of buttons inside ``rect`` of ``scene``."""

    def __init__(
        self,
        scene: GuiScene,
        rect: pygame.Rect,
        on_pick: Callable[[lan.LanTable], None],
        on_watch: Callable[[lan.LanTable], None],
    ) -> None:
        self.scene, self.rect = scene, rect
        self.on_pick, self.on_watch = on_pick, on_watch
        self.browser = open_browser(scene.app.wake)
        # each table listed, its button and its Watch button (None: the host allows no spectators)
        self.rows: list[tuple[lan.LanTable, UIButton, UIButton | None]] = []
        self.listed: list[lan.LanTable] = []
        self._version = -1

    @property
    def max_rows(self) -> int:
        """How many rows fit under the heading."""
        return (self.rect.height - 110) // ROW_PITCH

    def update(self) -> None:
        """Rebuild the rows once the listing changed (never waits: the listing is a snapshot)."""
        if self.browser is None or self.browser.listing.version == self._version:
            return
        self._version = self.browser.listing.version
        self.listed = self.browser.listing.tables()
        self._build_rows()

    def _build_rows(self) -> None:
        for _table, pick, old_watch in self.rows:
            pick.kill()
            if old_watch is not None:
                old_watch.kill()
        self.rows = []
        x, width = self.rect.x + 32, self.rect.width - 64
        for index, table in enumerate(self.listed[: self.max_rows]):
            y = self.rect.y + 90 + index * ROW_PITCH
            pick_w = width - WATCH_W - GAP
            pick = self.scene.button(
                (x, y, pick_w, ROW_HEIGHT),
                row_label(table),
                functools.partial(self.on_pick, table),
                object_id="secondary",
                tooltip="Fill in this table's address (a seat still needs the code the host sent you)",
            )
            watch: UIButton | None = None
            if table.spectators:
                watch = self.scene.button(
                    (x + pick_w + GAP, y, WATCH_W, ROW_HEIGHT),
                    "Watch",
                    functools.partial(self.on_watch, table),
                    tooltip="Watch this table: no code needed, no hand",
                )
                name_for_report(watch, f"Watch {table.host}'s table")
            self.rows.append((table, pick, watch))

    def close(self) -> None:
        """Stop browsing (returns at once)."""
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def status(self) -> str:
        """The panel's line when it lists nothing: why, or what it waits for."""
        if self.browser is None:
            return lan.EXTRA_HINT
        if self.browser.error is not None:
            return f"LAN discovery stopped: {self.browser.error}"
        return "Looking for tables on your network…"

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, its heading, each row's note, or the status line."""
        draw_panel(surface, self.rect)
        x = self.rect.x + 32
        fonts.blit_text(surface, "On your network", fonts.HEADING, INK, (x, self.rect.y + 32), bold=True)
        if not self.rows:
            lines = fonts.wrap(self.status(), fonts.font(fonts.SMALL, italic=True), self.rect.width - 64)
            for i, line in enumerate(lines):
                fonts.blit_text(
                    surface, line, fonts.SMALL, MUTED, (x, self.rect.y + 92 + 24 * i), italic=True
                )
            if self.browser is not None:
                hint = "A table shows here when its host lets players on the network join."
                for j, line in enumerate(fonts.wrap(hint, fonts.font(14, italic=True), self.rect.width - 64)):
                    fonts.blit_text(surface, line, 14, MUTED, (x, self.rect.y + 140 + 20 * j), italic=True)
            return
        for table, pick, _watch in self.rows:
            top = pick.rect.bottom + 6
            fonts.blit_text(surface, row_note(table), 14, MUTED, (x + 4, top), italic=True)
        hidden = len(self.listed) - len(self.rows)
        if hidden > 0:
            more = f"and {hidden} more: ask the host for the address"
            fonts.blit_text(surface, more, 14, MUTED, (x, self.rect.bottom - 34), italic=True)
