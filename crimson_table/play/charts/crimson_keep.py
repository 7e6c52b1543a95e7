"""Crimson Keep on the statistics page (``play/stats.py`` finds this module by the game's id)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from crimson_table.play.stats import Chart, View, key, per_seat


def charts(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Each clan's Summon track, rune objectives completed and clan-board tracks, turn by turn."""
    clans = len(views[0]["clans"]) if views else len(names)
    labels = [names[i] if i < len(names) else "Kai" for i in range(clans)]
    x_of = key("turn")

    def chart(title: str, value: Callable[[dict[str, Any]], float]) -> Chart:
        return Chart(title, "line", per_seat(views, labels, x_of, lambda v, s: value(v["clans"][s])), "turn")

    return [
        chart("Summon track", lambda c: float(c["summon"])),
        chart("Rune objectives completed", lambda c: float(sum(c["found"]))),
        chart("Clan-board tracks", lambda c: float(sum(c["tracks"]))),
    ]
