"""Two Crowns in the chronicle: the strength left in the player's castle (of 20, TC-R2) when the
match was won, and in a best of three whether a game was lost: 3 stars at 12+ (a clean 2-0 with
10+ in a best of three), 2 at 6+ (or 2-0), else 1."""

from __future__ import annotations

from typing import Any

from crimson_table.campaign.renown import by
from crimson_table.engine.core import Outcome

IN_WORDS = "Stars by your castle's strength at the end: 3 at 12 or more, 2 at 6 or more."


def stars(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    """The stars of a won match and its margin in words."""
    castle = int(d["castles"][seat])
    lost = int(d["crowns"][1 - seat])
    if int(d["best_of"]) > 1:
        won = 3 if lost == 0 and castle >= 10 else 2 if lost == 0 else 1
        return won, f"Won {d['crowns'][seat]}-{lost}, castle at {castle} of 20"
    return by(castle, 12, 6), f"Your castle stood at {castle} of 20"
