"""Condottiere on the statistics page (``play/stats.py`` finds this module by the game's id)."""

from __future__ import annotations

from collections.abc import Sequence

from crimson_table.engine.condottiere.view import CondottiereView, condottiere_view
from crimson_table.play.stats import Chart, View, key, per_seat


def charts(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Regions each condottiere holds, battle by battle."""

    def held(view: CondottiereView, seat: int) -> float:
        return float(sum(1 for owner in view["control"].values() if owner == seat))

    return [
        Chart(
            "Regions held",
            "line",
            per_seat([condottiere_view(v) for v in views], names, key("battle"), held),
            "battle",
        )
    ]
