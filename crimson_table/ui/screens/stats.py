"""The statistics page of a match: the game's own charts and what each seat did.

Reached from the game-over screen and from a replay.  The charts come from
``play.stats.game_charts`` (the log replayed through the viewer's ``player_view``), drawn by
``widgets.chart``; the left panel lists each seat's decisions, hints and time thinking.  The
page is drawn once onto a cached background (charts do not move), so it stays idle-cool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from crimson_table.engine.core import counted
from crimson_table.play import stats
from crimson_table.play.match import Match
from crimson_table.ui import artwork
from crimson_table.ui.gui_scene import GuiScene
from crimson_table.ui.tables import walnut_for
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.buttons import draw_panel
from crimson_table.ui.widgets.chart import draw_chart
from crimson_table.ui.widgets.theme import CRIMSON, GOLD, GOLD_LIGHT, INK, SHADOW

if TYPE_CHECKING:
    from crimson_table.ui.app import App

SEATS_PANEL = pygame.Rect(24, 110, 430, 700)
CHARTS = pygame.Rect(474, 110, 1102, 700)
GAP = 16


def format_seconds(seconds: float) -> str:
    """ "42 s", "3 min 05 s", or "—" for no timed decision.

    >>> format_seconds(0), format_seconds(42.4), format_seconds(185)
    ('—', '42 s', '3 min 05 s')
    """
    if seconds <= 0:
        return "—"
    whole = round(seconds)
    return f"{whole} s" if whole < 60 else f"{whole // 60} min {whole % 60:02d} s"


def chart_rects(count: int, area: pygame.Rect = CHARTS) -> list[pygame.Rect]:
    """Where ``count`` charts go: one fills the area, two stack, three or four make a 2x2 grid."""
    if count <= 0:
        return []
    if count <= 2:
        height = (area.height - GAP * (count - 1)) // count
        return [pygame.Rect(area.x, area.y + i * (height + GAP), area.width, height) for i in range(count)]
    rows = (count + 1) // 2
    width, height = (area.width - GAP) // 2, (area.height - GAP * (rows - 1)) // rows
    return [
        pygame.Rect(area.x + (i % 2) * (width + GAP), area.y + (i // 2) * (height + GAP), width, height)
        for i in range(count)
    ]


class StatsScene(GuiScene):
    """The charts of a finished (or replayed) match, as ``viewer`` saw it."""

    help_title = "Statistics"
    HELP_KEYS = (("Esc", "Back"),)

    def __init__(
        self, app: App, match: Match, viewer: int | None, palette_of: Callable[[int], int] = lambda seat: seat
    ) -> None:
        super().__init__(app)
        self.match, self.viewer, self.seat_palette = match, viewer, palette_of
        self.charts = stats.game_charts(match, viewer)[:4]
        self.figures = stats.seat_figures(match)
        self.time_chart = stats.figures_charts(self.figures)[1]
        self._background: pygame.Surface | None = None
        self.button((24, 826, 240, 56), "Back", self.close, object_id="secondary")

    def palette_of(self, seat: int) -> int:
        """A series' palette colour: a seat's own (the table's mapping), else (the Muslim Bot, Kai)
        one no seat uses."""
        seats = len(self.match.seats)
        if seat < seats:
            return self.seat_palette(seat)
        used = {self.seat_palette(s) for s in range(seats)}
        free = [i for i in range(6) if i not in used] or [seat]
        return free[(seat - seats) % len(free)]

    def close(self) -> None:
        """Back to where the page was opened from."""
        self.app.pop(self)

    def handle_scene_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Esc goes back."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        return event

    def draw_background(self, surface: pygame.Surface) -> None:
        """Felt, title, the seats panel and the charts (painted once, then blitted)."""
        if self._background is None or self._background.get_size() != surface.get_size():
            self._background = pygame.Surface(surface.get_size()).convert()
            self._paint(self._background)
        surface.blit(self._background, (0, 0))

    def _paint(self, surface: pygame.Surface) -> None:
        surface.blit(artwork.felt(surface.get_size(), walnut=walnut_for(self.match.game_id)), (0, 0))
        title = f"Statistics — {self.match.rules.INFO.title}"
        fonts.blit_text(surface, title, 48, GOLD_LIGHT, (800, 24), anchor="midtop", bold=True, shadow=SHADOW)
        who = "a spectator" if self.viewer is None else self.match.seats[self.viewer].name
        seen = f"as {who} saw it · {counted(self.match.step, 'move')}"
        fonts.blit_text(surface, seen, fonts.SMALL + 2, GOLD_LIGHT, (800, 80), anchor="midtop", italic=True)
        self._draw_seats(surface)
        for rect, chart in zip(chart_rects(len(self.charts)), self.charts, strict=True):
            draw_chart(surface, rect, chart, self.palette_of)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        panel = SEATS_PANEL
        draw_panel(surface, panel)
        x, y = panel.x + 24, panel.y + 22
        fonts.blit_text(surface, "Players", fonts.HEADING - 2, CRIMSON, (x, y), bold=True)
        y += 46
        columns = (("Moves", 226), ("Hints", 286), ("Time", panel.width - 24))
        for label, cx in columns:
            fonts.blit_text(surface, label, fonts.SMALL, INK, (panel.x + cx, y), anchor="topright", bold=True)
        y += 28
        figures = self.figures
        rows_bottom = y + 40 * len(figures.names)
        for seat, name in enumerate(figures.names):
            surface.blit(player_badge(self.palette_of(seat), 28), (x, y))
            fonts.blit_text(surface, _fit(name, 14), fonts.SMALL + 1, INK, (x + 36, y + 4), bold=True)
            values = (
                str(figures.decisions[seat]),
                str(figures.hints[seat]),
                format_seconds(figures.seconds[seat]),
            )
            for value, (_, cx) in zip(values, columns, strict=True):
                fonts.blit_text(
                    surface, value, fonts.SMALL + 1, INK, (panel.x + cx, y + 4), anchor="topright"
                )
            y += 40
        pygame.draw.line(surface, GOLD, (x, rows_bottom + 4), (panel.right - 24, rows_bottom + 4), 1)
        chart_rect = pygame.Rect(
            panel.x + 16, rows_bottom + 20, panel.width - 32, panel.bottom - rows_bottom - 36
        )
        if not any(figures.seconds):
            note = "No decision of this match was timed (saves from before time was kept)."
            for i, line in enumerate(
                fonts.wrap(note, fonts.font(fonts.SMALL, italic=True), panel.width - 48)
            ):
                fonts.blit_text(surface, line, fonts.SMALL, INK, (x, rows_bottom + 20 + i * 24), italic=True)
        elif chart_rect.height > 160:
            draw_chart(surface, chart_rect, self.time_chart, self.palette_of)


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
