"""A finished (or saved) match in figures: the series the statistics page plots (issue 14).

Every series comes from replaying the match's log through the game's ``player_view`` for one
seat (``Match.state_at`` then ``rules.player_view``), so a chart never shows what that seat
could not see.  One extractor per game turns the views into :class:`Chart`\\ s; the per-seat
figures (decisions, hints, time thinking) come from the match itself.  Pure: no pygame.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.crimson_company.view import side_strength
from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.play.match import Match

View = dict[str, Any]
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
    views: Sequence[View], x_of: Callable[[int, View], float], value_of: Callable[[View], float]
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


def _key(name: str) -> Callable[[int, View], float]:
    return lambda _index, view: float(view[name])


def _moves(index: int, _view: View) -> float:
    return float(index)


def _per_seat(
    views: Sequence[View],
    names: Sequence[str],
    x_of: Callable[[int, View], float],
    value_of: Callable[[View, int], float],
) -> tuple[Series, ...]:
    return tuple(
        Series(name, seat, sampled(views, x_of, functools.partial(_flip, value_of, seat)))
        for seat, name in enumerate(names)
    )


def _flip(value_of: Callable[[View, int], float], seat: int, view: View) -> float:
    return value_of(view, seat)


# -- one extractor per game ------------------------------------------------------------------------
def two_crowns(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Castle points of each lord, turn by turn (a best of three counts its turns on)."""
    turns: dict[tuple[int, int], int] = {}

    def x_of(_index: int, view: View) -> float:
        return float(turns.setdefault((int(view["game_number"]), int(view["turn"])), len(turns)))

    series = _per_seat(views, names, x_of, lambda v, s: float(v["castles"][s]))
    return [Chart("Castle points", "line", series, "turn")]


def crimson_company(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Each lane's shown strength for both companies, and their coins, turn by turn."""
    x_of = _key("turn")
    charts = []
    for lane in range(3):

        def strength(view: View, seat: int, lane: int = lane) -> float:
            return float(side_strength(view["lanes"][lane]["sides"][seat]))

        charts.append(
            Chart(f"Strength in lane {lane + 1}", "line", _per_seat(views, names, x_of, strength), "turn")
        )
    coins = _per_seat(views, names, x_of, lambda v, s: float(v["coins"][s]))
    return [*charts, Chart("Coins", "line", coins, "turn")]


def condottiere(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Regions each condottiere holds, battle by battle."""

    def held(view: View, seat: int) -> float:
        return float(sum(1 for owner in view["control"].values() if owner == seat))

    return [Chart("Regions held", "line", _per_seat(views, names, _key("battle"), held), "battle")]


def crusader_kingdoms(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Regions held by each seat (and the Muslim Bot when it plays), move by move, and the Card
    Bonus of each seat (3-4 players) or the shared victory points (1-2 players, CK-R56)."""
    bot = -2
    owners = list(range(len(names)))
    labels = list(names)
    if views and views[0].get("mode") == "coop":
        owners.append(bot)
        labels.append("Muslim Bot")

    def held(view: View, owner: int) -> float:
        return float(sum(1 for o in view["owner"].values() if o == owner))

    regions = tuple(
        Series(
            label,
            owner if owner >= 0 else len(names),
            sampled(views, _moves, functools.partial(_flip, held, owner)),
        )
        for owner, label in zip(owners, labels, strict=True)
    )
    if len(owners) > len(names):  # CK-R56: the 1-2 player game is scored in shared victory points
        board = board_for(len(names))
        vp = {name: board.vp[i] for i, name in enumerate(board.names)}

        def points(view: View) -> float:
            held = sum(vp[r] for r, o in view["owner"].items() if o >= 0)
            return float(held + sum(view["bonus"]) - view["bot_bonus"])

        shared = (Series("Christians", 0, sampled(views, _moves, points)),)
        return [
            Chart("Regions held", "line", regions, "move"),
            Chart("Victory points", "line", shared, "move"),
        ]
    bonus = _per_seat(views, names, _moves, lambda v, s: float(v["bonus"][s]))
    return [Chart("Regions held", "line", regions, "move"), Chart("Card Bonus", "line", bonus, "move")]


def crimson_keep(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Each clan's Summon track, rune objectives completed and clan-board tracks, turn by turn."""
    clans = len(views[0]["clans"]) if views else len(names)
    labels = [names[i] if i < len(names) else "Kai" for i in range(clans)]
    x_of = _key("turn")

    def chart(title: str, value: Callable[[dict[str, Any]], float]) -> Chart:
        return Chart(title, "line", _per_seat(views, labels, x_of, lambda v, s: value(v["clans"][s])), "turn")

    return [
        chart("Summon track", lambda c: float(c["summon"])),
        chart("Rune objectives completed", lambda c: float(sum(c["found"]))),
        chart("Clan-board tracks", lambda c: float(sum(c["tracks"]))),
    ]


EXTRACTORS: dict[str, Callable[[Sequence[View], Sequence[str]], list[Chart]]] = {
    "two_crowns": two_crowns,
    "crimson_company": crimson_company,
    "condottiere": condottiere,
    "crusader_kingdoms": crusader_kingdoms,
    "crimson_keep": crimson_keep,
}


def game_charts(match: Match, viewer: int | None) -> list[Chart]:
    """The game's own charts as ``viewer`` saw the match (empty for a game without an extractor)."""
    extractor = EXTRACTORS.get(match.game_id)
    if extractor is None:
        return []
    return extractor(views_of(match, viewer), [s.name for s in match.seats])
