"""Two Crowns on the statistics page (``play/stats.py`` finds this module by the game's id)."""

from __future__ import annotations

from collections.abc import Sequence

from crimson_table.engine.two_crowns.view import TwoCrownsView, two_crowns_view
from crimson_table.play.stats import Chart, View, per_seat


def charts(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Castle points of each lord, turn by turn (a best of three counts its turns on)."""
    turns: dict[tuple[int, int], int] = {}

    def x_of(_index: int, view: TwoCrownsView) -> float:
        return float(turns.setdefault((int(view["game_number"]), int(view["turn"])), len(turns)))

    series = per_seat([two_crowns_view(v) for v in views], names, x_of, lambda v, s: float(v["castles"][s]))
    return [Chart("Castle points", "line", series, "turn")]
