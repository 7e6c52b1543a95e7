"""Small charts drawn by our own code: line and bar charts on parchment, in the ART.md palette.

``draw_chart(surface, rect, chart, palette_of)`` paints one :class:`crimson_table.play.stats.Chart`
inside ``rect``: a title, axes with round-number ticks, light grid lines, one line (or bar) per
series in its seat's colour, each line with its own marker shape so no one relies on hue alone,
and a legend of the seats' badges (``palette_of`` maps a series' seat to its palette colour,
as ``BaseGameScene.seat_colour`` does).  Nothing is cached between frames but the text (``fonts``);
the statistics page draws its charts once onto its background.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from crimson_table.play.stats import Chart, Series
from crimson_table.ui.art.palette import darken
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.badge import player_badge
from crimson_table.ui.widgets.theme import (
    CRIMSON,
    GOLD,
    INK,
    PARCHMENT_DARK,
    PARCHMENT_LIGHT,
    STONE,
    Colour,
    seat_colour,
)

TITLE_SIZE = 20
TICK_SIZE = 14
LEGEND_SIZE = 15
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross")


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round-number ticks covering ``low``..``high`` (1, 2 or 5 times a power of ten apart).

    >>> nice_ticks(0, 20)
    [0.0, 5.0, 10.0, 15.0, 20.0]
    >>> nice_ticks(3, 3)
    [2.0, 3.0, 4.0]
    """
    if high <= low:
        return [low - 1.0, float(low), low + 1.0]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step * 0.999:
        ticks.append(float(round(value, 6)))
        value += step
    return ticks


def tick_label(value: float) -> str:
    """A tick's text: whole numbers without a decimal point."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def draw_chart(
    surface: pygame.Surface, rect: pygame.Rect, chart: Chart, palette_of: Callable[[int], int]
) -> None:
    """Paint ``chart`` inside ``rect`` (a parchment card with title, axes, data and legend)."""
    pygame.draw.rect(surface, PARCHMENT_LIGHT, rect, border_radius=10)
    pygame.draw.rect(surface, GOLD, rect, 2, border_radius=10)
    fonts.blit_text(surface, chart.title, TITLE_SIZE, CRIMSON, (rect.x + 16, rect.y + 10), bold=True)
    legend_h = 0 if chart.kind == "bar" else _draw_legend(surface, rect, chart.series, palette_of)
    plot = pygame.Rect(rect.x + 58, rect.y + 44, rect.width - 78, rect.height - 44 - 34 - legend_h)
    if chart.kind == "bar":
        _draw_bars(surface, plot, chart, palette_of)
    else:
        _draw_lines(surface, plot, chart, palette_of)


def _y_axis(surface: pygame.Surface, plot: pygame.Rect, values: Sequence[float]) -> Callable[[float], int]:
    low = min([0.0, *values])
    ticks = nice_ticks(low, max([1.0, *values]), 5)
    bottom, top = ticks[0], ticks[-1]

    def to_y(value: float) -> int:
        return round(plot.bottom - (value - bottom) / (top - bottom) * plot.height)

    for tick in ticks:
        y = to_y(tick)
        pygame.draw.line(surface, PARCHMENT_DARK, (plot.x, y), (plot.right, y), 1)
        fonts.blit_text(surface, tick_label(tick), TICK_SIZE, INK, (plot.x - 8, y), anchor="midright")
    pygame.draw.line(surface, INK, plot.bottomleft, plot.topleft, 2)
    pygame.draw.line(surface, INK, (plot.x, to_y(max(bottom, 0.0))), (plot.right, to_y(max(bottom, 0.0))), 2)
    return to_y


def _draw_lines(
    surface: pygame.Surface, plot: pygame.Rect, chart: Chart, palette_of: Callable[[int], int]
) -> None:
    points = [p for s in chart.series for p in s.points]
    if not points:
        fonts.blit_text(
            surface, "Nothing to show yet", TICK_SIZE, STONE, plot.center, anchor="center", italic=True
        )
        return
    to_y = _y_axis(surface, plot, [y for _, y in points])
    xs = [x for x, _ in points]
    x_low, x_high = min(xs), max(xs)
    span = max(1e-9, x_high - x_low)

    def to_x(value: float) -> int:
        return round(plot.x + (value - x_low) / span * plot.width)

    for tick in nice_ticks(x_low, x_high, 5):
        if x_low <= tick <= x_high:
            fonts.blit_text(
                surface, tick_label(tick), TICK_SIZE, INK, (to_x(tick), plot.bottom + 4), anchor="midtop"
            )
    if chart.x_label:
        fonts.blit_text(
            surface,
            chart.x_label,
            TICK_SIZE,
            STONE,
            (plot.right, plot.bottom + 20),
            anchor="topright",
            italic=True,
        )
    for index, series in enumerate(chart.series):
        colour = _colour(palette_of, series, index)
        line = [(to_x(x), to_y(y) - index % 3) for x, y in series.points]  # ties stay visible
        if len(line) > 1:
            pygame.draw.lines(surface, darken(colour, 0.35), False, [(x, y + 1) for x, y in line], 4)
            pygame.draw.lines(surface, colour, False, line, 3)
        every = max(1, len(line) // 8)
        for x, y in line[::every] + line[-1:]:
            _marker(surface, MARKERS[index % len(MARKERS)], (x, y), colour)


def _draw_bars(
    surface: pygame.Surface, plot: pygame.Rect, chart: Chart, palette_of: Callable[[int], int]
) -> None:
    values = [y for s in chart.series for _, y in s.points]
    to_y = _y_axis(surface, plot, values)
    count = max(1, len(chart.series))
    slot = plot.width / count
    width = min(56, int(slot * 0.6))
    for index, series in enumerate(chart.series):
        value = series.points[0][1] if series.points else 0.0
        centre = round(plot.x + slot * (index + 0.5))
        top, base = to_y(value), to_y(0.0)
        bar = pygame.Rect(centre - width // 2, min(top, base), width, abs(base - top))
        colour = _colour(palette_of, series, index)
        round_top = 4 if bar.height >= 10 else 0  # pygame spills a radius taller than the bar
        if bar.height >= 2:
            pygame.draw.rect(
                surface, colour, bar, border_top_left_radius=round_top, border_top_right_radius=round_top
            )
            pygame.draw.rect(
                surface,
                darken(colour, 0.4),
                bar,
                2,
                border_top_left_radius=round_top,
                border_top_right_radius=round_top,
            )
        fonts.blit_text(
            surface, tick_label(value), TICK_SIZE, INK, (centre, bar.y - 2), anchor="midbottom", bold=True
        )
        name = fonts.render(series.label, TICK_SIZE, INK)
        if name.get_width() > slot - 6:
            name = name.subsurface((0, 0, max(1, int(slot) - 6), name.get_height()))
        surface.blit(name, name.get_rect(midtop=(centre, plot.bottom + 6)))


def _draw_legend(
    surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series], palette_of: Callable[[int], int]
) -> int:
    """The seats' badges and names along the card's bottom, wrapping; returns its height."""
    x, y = rect.x + 16, rect.bottom - 28
    rows: list[list[tuple[pygame.Surface, pygame.Surface, int]]] = [[]]
    width = 0
    for index, item in enumerate(series):
        label = fonts.render(item.label, LEGEND_SIZE, INK)
        need = 22 + label.get_width() + 18
        if rows[-1] and width + need > rect.width - 32:
            rows.append([])
            width = 0
        badge = player_badge(_palette(palette_of, item, index), 18)
        rows[-1].append((badge, label, index))
        width += need
    y -= (len(rows) - 1) * 24
    for row in rows:
        x = rect.x + 16
        for badge, label, index in row:
            surface.blit(badge, (x, y))
            _marker(
                surface,
                MARKERS[index % len(MARKERS)],
                (x + 9, y + 9),
                _colour(palette_of, series[index], index),
                3,
            )
            surface.blit(label, (x + 22, y))
            x += 22 + label.get_width() + 18
        y += 24
    return len(rows) * 24


def _palette(palette_of: Callable[[int], int], series: Series, index: int) -> int:
    return palette_of(series.seat if series.seat is not None else index)


def _colour(palette_of: Callable[[int], int], series: Series, index: int) -> Colour:
    return seat_colour(_palette(palette_of, series, index))


def _marker(surface: pygame.Surface, shape: str, centre: tuple[int, int], colour: Colour, r: int = 5) -> None:
    """A small filled shape with an ink outline (one shape per series)."""
    x, y = centre
    polygons = {
        "square": [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)],
        "triangle": [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
        "diamond": [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)],
        "down": [(x - r - 1, y - r), (x + r + 1, y - r), (x, y + r + 1)],
        "cross": [(x - r, y - 2), (x - 2, y - 2), (x - 2, y - r), (x + 2, y - r), (x + 2, y - 2), (x + r, y - 2),
                  (x + r, y + 2), (x + 2, y + 2), (x + 2, y + r), (x - 2, y + r), (x - 2, y + 2), (x - r, y + 2)],
    }  # fmt: skip
    if shape in polygons:
        pygame.draw.polygon(surface, colour, polygons[shape])
        pygame.draw.polygon(surface, INK, polygons[shape], 1)
    else:
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, INK, centre, r, 1)
