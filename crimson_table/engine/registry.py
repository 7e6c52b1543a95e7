"""The registry of games: ``GAMES[game_id] -> rules object``.

Add a game by importing its rules object here.  Order is the order of the menu.
"""

from __future__ import annotations

from crimson_table.engine.core import GameRules

GAMES: dict[str, GameRules] = {}


def register(rules: GameRules) -> GameRules:
    """Add a rules object under its ``INFO.id``."""
    GAMES[rules.INFO.id] = rules
    return rules


def _load_builtin_games() -> None:
    from crimson_table.engine.condottiere.rules import RULES as condottiere
    from crimson_table.engine.crimson_company.rules import RULES as crimson_company
    from crimson_table.engine.two_crowns.rules import RULES as two_crowns

    register(two_crowns)
    register(crimson_company)
    register(condottiere)


_load_builtin_games()
