"""Which bots exist for which game, by level.

``bot_for(game_id, level)`` returns a fresh bot.  Every game has ``random``;
games add stronger levels in ``_LEVELS``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from crimson_table.ai.base import Bot
from crimson_table.ai.random_bot import RandomBot

BotFactory = Callable[[], Bot]


def _levels() -> dict[str, dict[str, BotFactory]]:
    from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot as CrusaderKingdomsBot
    from crimson_table.engine.condottiere.bots import HeuristicBot as CondottiereBot
    from crimson_table.engine.crimson_company.bots import HeuristicBot as CrimsonCompanyBot
    from crimson_table.engine.two_crowns.bots import HeuristicBot as TwoCrownsBot

    levels: dict[str, dict[str, BotFactory]] = {
        "two_crowns": {"heuristic": TwoCrownsBot},
        "crimson_company": {"heuristic": CrimsonCompanyBot},
        "condottiere": {"heuristic": CondottiereBot},
        "crusader_kingdoms": {"heuristic": CrusaderKingdomsBot},
    }
    _add_master(levels)
    return levels


def _add_master(levels: dict[str, dict[str, BotFactory]]) -> None:
    """ISMCTS ("master") only where it was measured to beat the heuristic (see ai/master.py)."""
    from crimson_table.ai.master import MASTER_GAMES, master_bot

    for game_id in MASTER_GAMES:
        levels.setdefault(game_id, {})["master"] = partial(master_bot, game_id)


LEVEL_NAMES = {"random": "Novice (random)", "heuristic": "Captain (heuristic)"}
LEVEL_NAMES["master"] = "Master (search)"


def levels_for(game_id: str) -> list[str]:
    """Bot levels offered for a game, weakest first."""
    return ["random", *_levels().get(game_id, {})]


def bot_for(game_id: str, level: str) -> Bot:
    """A new bot of ``level`` for ``game_id``; unknown levels raise ValueError."""
    if level == "random":
        return RandomBot()
    factory = _levels().get(game_id, {}).get(level)
    if factory is None:
        raise ValueError(f"no bot level {level!r} for {game_id}")
    return factory()
