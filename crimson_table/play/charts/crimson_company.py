"""Crimson Company on the statistics page (``play/stats.py`` finds this module by the game's id)."""

from __future__ import annotations

from collections.abc import Sequence

from crimson_table.engine.crimson_company.view import CrimsonCompanyView, crimson_company_view, side_strength
from crimson_table.play.stats import Chart, View, key, per_seat


def charts(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Each lane's shown strength for both companies, and their coins, turn by turn."""
    x_of = key("turn")
    typed = [crimson_company_view(v) for v in views]
    charts = []
    for lane in range(3):

        def strength(view: CrimsonCompanyView, seat: int, lane: int = lane) -> float:
            return float(side_strength(view["lanes"][lane]["sides"][seat]))

        charts.append(
            Chart(f"Strength in lane {lane + 1}", "line", per_seat(typed, names, x_of, strength), "turn")
        )
    coins = per_seat(typed, names, x_of, lambda v, s: float(v["coins"][s]))
    return [*charts, Chart("Coins", "line", coins, "turn")]
