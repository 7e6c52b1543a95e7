"""Condottiere in the chronicle: regions held over the best rival's: 3+ more is 3 stars, 2 more is 2,
else 1."""

from __future__ import annotations

from typing import Any

from crimson_table.campaign.renown import by
from crimson_table.engine.core import Outcome

IN_WORDS = "Stars by regions over the best rival's: 3 for three more, 2 for two more."


def stars(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    """The stars of a won match and its margin in words."""
    mine = int(outcome.scores[seat])
    best = max(int(s) for i, s in enumerate(outcome.scores) if i != seat)
    return by(mine - best, 3, 2), f"{mine} regions against the best rival's {best}"
