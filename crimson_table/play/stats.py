"""A finished (or saved) match in figures: the series the statistics page plots.

Every series comes from replaying the match's log through the game's ``player_view`` for one
seat (``Match.state_at`` then ``rules.player_view``), so a chart never shows what that seat
could not see.  Each game's module in ``play/charts/`` turns the views into :class:`Chart`\\ s; the per-seat
figures (decisions, hints, time thinking) come from the match itself.  Pure: no pygame.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from crimson_table.engine.registry import game_part
from crimson_table.play.match import Match

View = Mapping[str, Any]
V = TypeVar("V", bound=View)  # a game's own view type (its charts read it by key, checked)
MAX_POINTS = 120  # a line chart keeps at most this many points per series


@dataclass(frozen=True)
class Series:
    """One line (or one bar group member): a label, the seat whose colour it takes, its points."""

    label: str
    seat: int | None
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Chart:
    """A small chart: ``kind`` "line" (x, y points) or "bar" (one value per category)."""

    title: str
    kind: str
    series: tuple[Series, ...]
    x_label: str = ""
    categories: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeatFigures:
    """What each seat did: decisions taken, hints asked for, seconds spent deciding."""

    names: tuple[str, ...]
    decisions: tuple[int, ...]
    hints: tuple[int, ...]
    seconds: tuple[float, ...]


def views_of(match: Match, viewer: int | None) -> list[View]:
    """The viewer's view after every step, from the deal (step 0) to the last action (None: a
    spectator's)."""
    rules = match.rules
    return [rules.player_view(match.state_at(step), viewer) for step in range(match.step + 1)]


def seat_figures(match: Match) -> SeatFigures:
    """Decisions, hints (:func:`hints_of`) and time."""
    seats = range(len(match.seats))
    actors = [match.actor_of(i) for i in range(match.step)]
    return SeatFigures(
        names=tuple(s.name for s in match.seats),
        decisions=tuple(actors.count(seat) for seat in seats),
        hints=tuple(hints_of(match, seat) for seat in seats),
        seconds=tuple(round(t, 1) for t in match.thinking()),
    )


def hints_of(match: Match, seat: int) -> int:
    """Hints ``seat`` asked for: ``Match.hints_used`` (a list per seat, or a dict) when the hints
    count them, else 0."""
    hints: Any = getattr(match, "hints_used", None)
    if isinstance(hints, dict):
        return int(hints.get(seat, 0))
    if isinstance(hints, (list, tuple)) and seat < len(hints):
        return int(hints[seat])
    return 0


def figures_charts(figures: SeatFigures) -> list[Chart]:
    """Bar charts of the per-seat figures (hints only when any was asked for)."""
    names = figures.names

    def bars(title: str, values: Sequence[float]) -> Chart:
        series = tuple(
            Series(name, seat, ((seat, float(v)),))
            for seat, (name, v) in enumerate(zip(names, values, strict=True))
        )
        return Chart(title, "bar", series, categories=names)

    charts = [bars("Decisions", figures.decisions), bars("Seconds thinking", figures.seconds)]
    if any(figures.hints):
        charts.append(bars("Hints asked for", figures.hints))
    return charts


# -- sampling ---------------------------------------------------------------------------------------
def sampled(
    views: Sequence[V], x_of: Callable[[int, V], float], value_of: Callable[[V], float]
) -> tuple[tuple[float, float], ...]:
    """One point per distinct x (the value at the last view with that x), at most MAX_POINTS.

    >>> sampled([{"t": 1, "v": 5}, {"t": 1, "v": 6}, {"t": 2, "v": 4}], lambda i, v: v["t"], lambda v: v["v"])
    ((1, 6), (2, 4))
    """
    last: dict[float, float] = {}
    for index, view in enumerate(views):
        last[x_of(index, view)] = value_of(view)
    points = tuple(last.items())
    if len(points) <= MAX_POINTS:
        return points
    stride = len(points) / MAX_POINTS
    picked = [points[int(i * stride)] for i in range(MAX_POINTS - 1)]
    return (*picked, points[-1])


def key(name: str) -> Callable[[int, View], float]:
    """The x of a point: the view's own counter ``name`` (its turn, its battle)."""
    return lambda _index, view: float(view[name])


def moves(index: int, _view: View) -> float:
    """The x of a point: the number of moves made."""
    return float(index)


def per_seat(
    views: Sequence[V],
    names: Sequence[str],
    x_of: Callable[[int, V], float],
    value_of: Callable[[V, int], float],
) -> tuple[Series, ...]:
    """One series per seat, named after it: ``value_of(view, seat)`` against ``x_of``."""
    return tuple(
        Series(name, seat, sampled(views, x_of, functools.partial(flip, value_of, seat)))
        for seat, name in enumerate(names)
    )


def flip(value_of: Callable[[V, int], float], seat: int, view: V) -> float:
    """``value_of(view, seat)`` with the seat bound first (``functools.partial``)."""
    return value_of(view, seat)


def game_charts(match: Match, viewer: int | None) -> list[Chart]:
    """The game's own charts as ``viewer`` saw the match (``play/charts/<game_id>.py``; none for a
    game without that module)."""
    module = game_part("crimson_table.play.charts", match.game_id)
    if module is None:
        return []
    charts: list[Chart] = module.charts(views_of(match, viewer), [s.name for s in match.seats])
    return charts
