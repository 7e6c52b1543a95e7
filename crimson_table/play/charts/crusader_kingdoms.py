"""Crusader Kingdoms on the statistics page (``play/stats.py`` finds this module by the game's id)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.engine.crusader_kingdoms.view import CrusaderKingdomsView, crusader_kingdoms_view
from crimson_table.play.stats import Chart, Series, View, flip, moves, per_seat, sampled


def charts(views: Sequence[View], names: Sequence[str]) -> list[Chart]:
    """Regions held by each seat (and the Muslim Bot when it plays), move by move, and the Card
    Bonus of each seat (3-4 players) or the shared victory points (1-2 players, CK-R56)."""
    typed = [crusader_kingdoms_view(v) for v in views]
    bot = -2
    owners = list(range(len(names)))
    labels = list(names)
    if typed and typed[0]["mode"] in ("solo", "coop"):  # the Bot plays in both (CK-R42)
        owners.append(bot)
        labels.append("Muslim Bot")

    def held(view: CrusaderKingdomsView, owner: int) -> float:
        return float(sum(1 for o in view["owner"].values() if o == owner))

    regions = tuple(
        Series(
            label,
            owner if owner >= 0 else len(names),
            sampled(typed, moves, functools.partial(flip, held, owner)),
        )
        for owner, label in zip(owners, labels, strict=True)
    )
    if len(owners) > len(names):  # CK-R56: the 1-2 player game is scored in shared victory points
        board = board_for(len(names))
        vp = {name: board.vp[i] for i, name in enumerate(board.names)}

        def points(view: CrusaderKingdomsView) -> float:
            held = sum(vp[r] for r, o in view["owner"].items() if o >= 0)
            return float(held + sum(view["bonus"]) - view["bot_bonus"])

        shared = (Series("Christians", 0, sampled(typed, moves, points)),)
        return [
            Chart("Regions held", "line", regions, "move"),
            Chart("Victory points", "line", shared, "move"),
        ]
    bonus = per_seat(typed, names, moves, lambda v, s: float(v["bonus"][s]))
    return [Chart("Regions held", "line", regions, "move"), Chart("Card Bonus", "line", bonus, "move")]
