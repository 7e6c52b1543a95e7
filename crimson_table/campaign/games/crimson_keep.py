"""Crimson Keep in the chronicle: the Final Battle: as the defender, the keep columns still standing
(3, 2, 1); as the Dragon, the injuries it took (0-1: 3 stars, 2: 2, more: 1).  A Veteran plays the
hard mode; the solo opponent is Kai."""

from __future__ import annotations

from typing import Any

from crimson_table.engine.core import Outcome

IN_WORDS = "Stars by the Final Battle: keep columns left standing, or the Dragon's few injuries."
HARDER: dict[str, dict[Any, Any]] = {"hard_mode": {False: True}}
AUTOMATON = "Kai, the solo rival"


def stars(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    """The stars of a won match and its margin in words."""
    dragon = int(d.get("dragon", -1))
    if dragon == seat:
        injuries = int(d.get("injuries", 0))
        return (3 if injuries <= 1 else 2 if injuries == 2 else 1), f"The Dragon won with {injuries} injuries"
    if dragon >= 0:
        standing = 3 - sum(1 for r in d["clans"][seat]["ruined"] if r)
        return standing, f"{standing} of 3 keep columns still standing"
    return 1, "Won before the Final Battle"
