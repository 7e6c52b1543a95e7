"""The statistics series (issue 14): each game's extractor, from its views, and seat figures."""

from __future__ import annotations

import random

import pytest

from crimson_table.play import stats
from crimson_table.play.charts.two_crowns import charts as two_crowns_charts
from crimson_table.play.match import Match, Seat


def played(game_id: str, seats: int, seed: int = 3, cap: int = 400) -> Match:
    match = Match.new(game_id, [Seat(f"P{i}", "bot") for i in range(seats)], seed)
    rnd = random.Random(seed)
    while not match.is_over() and match.step < cap:
        match.apply(rnd.choice(match.legal_actions()), seconds=0.5)
    return match


@pytest.mark.parametrize(
    ("game_id", "seats", "titles"),
    [
        ("two_crowns", 2, ["Castle points"]),
        ("crimson_company", 2, ["Strength in lane 1", "Strength in lane 2", "Strength in lane 3", "Coins"]),
        ("condottiere", 4, ["Regions held"]),
        ("crusader_kingdoms", 1, ["Regions held", "Victory points"]),
        ("crusader_kingdoms", 2, ["Regions held", "Victory points"]),
        ("crusader_kingdoms", 3, ["Regions held", "Card Bonus"]),
        ("crimson_keep", 2, ["Summon track", "Rune objectives completed", "Clan-board tracks"]),
    ],
)
def test_every_game_has_its_charts_with_one_series_per_seat(
    game_id: str, seats: int, titles: list[str]
) -> None:
    match = played(game_id, seats)
    charts = stats.game_charts(match, 0)
    assert [c.title for c in charts] == titles
    for chart in charts:
        assert len(chart.series) >= (1 if chart.title == "Victory points" else seats) and chart.kind == "line"
        for series in chart.series:
            xs = [x for x, _ in series.points]
            assert xs == sorted(xs) and 1 <= len(xs) <= stats.MAX_POINTS


def test_two_crowns_castle_points_follow_the_views_turn_by_turn() -> None:
    match = played("two_crowns", 2)
    (chart,) = two_crowns_charts(stats.views_of(match, 1), ["A", "B"])
    final = match.view(1)["castles"]
    assert [s.points[-1][1] for s in chart.series] == final
    assert [x for x, _ in chart.series[0].points] == [float(i) for i in range(len(chart.series[0].points))]


def test_condottiere_regions_held_end_on_the_final_control() -> None:
    match = played("condottiere", 3)
    (chart,) = stats.game_charts(match, 2)
    control = list(match.view(2)["control"].values())
    assert [s.points[-1][1] for s in chart.series] == [control.count(seat) for seat in range(3)]
    assert all(s.points[0][1] == 0 for s in chart.series)


@pytest.mark.parametrize("seats", [1, 2])
def test_crusader_kingdoms_counts_the_muslim_bot_in_the_solitaire_and_two_player_games(seats: int) -> None:
    match = played("crusader_kingdoms", seats)
    regions = stats.game_charts(match, 0)[0]
    assert [s.label for s in regions.series] == [f"P{i}" for i in range(seats)] + ["Muslim Bot"]
    owners = list(match.view(0)["owner"].values())
    assert regions.series[seats].points[-1][1] == owners.count(-2)
    (shared,) = stats.game_charts(match, 0)[1].series
    assert shared.points[-1][1] == match.outcome().scores[0]  # type: ignore[union-attr]


def test_crimson_keep_solo_names_kai() -> None:
    match = played("crimson_keep", 1, cap=60)
    summon = stats.game_charts(match, 0)[0]
    assert [s.label for s in summon.series] == ["P0", "Kai"]


def test_long_series_are_thinned_to_at_most_max_points_keeping_the_last() -> None:
    views = [{"t": i, "v": i * 2} for i in range(1000)]
    points = stats.sampled(views, lambda _i, v: float(v["t"]), lambda v: float(v["v"]))
    assert len(points) == stats.MAX_POINTS and points[0] == (0, 0) and points[-1] == (999, 1998)


def test_seat_figures_count_decisions_time_and_hints_with_a_default_of_zero() -> None:
    match = played("two_crowns", 2, cap=30)
    figures = stats.seat_figures(match)
    assert sum(figures.decisions) == match.step and figures.hints == (0, 0)
    assert figures.seconds == tuple(round(0.5 * d, 1) for d in figures.decisions)
    match.hints_used = [0, 3]  # type: ignore[attr-defined]  # counted by the hints (issue 14)
    figures = stats.seat_figures(match)
    assert figures.hints == (0, 3)
    match.hints_used = {1: 2}  # type: ignore[attr-defined]
    assert stats.seat_figures(match).hints == (0, 2)
    match.hints_used = [0, 3]  # type: ignore[attr-defined]
    branch = match.prefix(4)
    branch.hints_used[0] += 1  # type: ignore[attr-defined]
    assert match.hints_used == [0, 3]  # type: ignore[attr-defined]  # the branch counts its own
    assert [c.title for c in stats.figures_charts(figures)] == [
        "Decisions",
        "Seconds thinking",
        "Hints asked for",
    ]


def test_crimson_company_lanes_and_coins_end_on_the_final_view() -> None:
    from crimson_table.engine.crimson_company.view import side_strength

    match = played("crimson_company", 2)
    *lanes, coins = stats.game_charts(match, 0)
    final = match.view(0)
    for lane, chart in enumerate(lanes):
        sides = final["lanes"][lane]["sides"]
        assert [s.points[-1][1] for s in chart.series] == [side_strength(sides[seat]) for seat in (0, 1)]
    assert [s.points[-1][1] for s in coins.series] == final["coins"]
    assert [x for x, _ in coins.series[0].points] == sorted(
        {float(v["turn"]) for v in stats.views_of(match, 0)}
    )


def test_every_built_in_game_has_its_charts_module_found_by_its_id() -> None:
    """The statistics find a game's charts by name (``play/charts/<game_id>.py``), no list of games."""
    from crimson_table.engine.registry import BUILTIN_GAMES, games_with_part

    assert games_with_part("crimson_table.play.charts") == BUILTIN_GAMES


def test_a_game_without_a_charts_module_shows_no_charts_of_its_own() -> None:
    match = played("two_crowns", 2, cap=6)
    assert stats.game_charts(match, 0)
    match.game_id = "a_game_with_no_charts_module"
    assert stats.game_charts(match, 0) == []
