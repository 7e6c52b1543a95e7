"""Which bots exist for which game, by level.

``bot_for(game_id, level)`` returns a fresh bot.  Every game has ``random`` (Novice); a game
adds ``heuristic`` (Captain) with ``ai/<game>/heuristic.py`` and ``master`` (Master, the generic
ISMCTS with the game's settings) with ``ai/<game>/search.py``, each listed once in its ``LEVELS``;
``grandmaster`` (Master thinking about 3 s) where it was measured to beat Master.  A game lists
its levels as ``LEVELS`` in ``ai/<game>/__init__.py``.
Modules are imported on first use, so the menu can list levels without loading any bot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace

from crimson_table.ai.base import Bot
from crimson_table.ai.ismcts import IsmctsBot, SearchConfig, TimeBudget
from crimson_table.ai.random_bot import RandomBot
from crimson_table.engine.registry import game_part, games_with_part


def _declared_levels(game_id: str) -> tuple[str, ...]:
    """The ``LEVELS`` a game's bot package declares in its ``__init__.py`` (light: no bot imported)."""
    levels: tuple[str, ...] = getattr(game_part("crimson_table.ai", game_id), "LEVELS", ())
    return levels


# game id -> the levels it offers beyond "random", weakest first: each built-in game's own
# ``ai/<game>/__init__.py`` declares them (``BUILTIN_GAMES`` is the one list of games).
LEVELS: dict[str, tuple[str, ...]] = {
    game_id: _declared_levels(game_id) for game_id in games_with_part("crimson_table.ai")
}

# What players read in every setup screen: levels are named for players, not for algorithms.
LEVEL_NAMES = {"random": "Novice", "heuristic": "Captain", "master": "Master", "grandmaster": "Grandmaster"}
# Grandmaster: Master's search with about this long a decision, counted in iterations.
GRANDMASTER_SECONDS = 3.0


# The app's wall-clock cap on one decision of a searching level (``ismcts.TimeBudget``): a player
# waits at most about this long, whatever the seat count or the machine's load; tests, benches and
# hints keep the iteration budget alone.  Grandmaster is meant to think about its seconds.
WALL_CAP_SECONDS = {"master": 0.8, "grandmaster": 1.5 * GRANDMASTER_SECONDS}


def with_wall_cap(bot: Bot, level: str, clock: Callable[[], float]) -> Bot:
    """``bot`` with its level's wall-clock cap read from ``clock``, if it searches and has one.

    Only the app's bot process calls this (with ``time.monotonic``): a capped decision depends on
    the machine's speed, so nothing that must be reproducible may.
    """
    seconds = WALL_CAP_SECONDS.get(level)
    if seconds is not None and isinstance(bot, IsmctsBot):
        bot.budget = TimeBudget(seconds, clock)
    return bot


def levels_for(game_id: str) -> list[str]:
    """Bot levels offered for a game, weakest first."""
    return ["random", *LEVELS.get(game_id, ())]


def bot_for(game_id: str, level: str) -> Bot:
    """A new bot of ``level`` for ``game_id``; unknown levels raise ValueError."""
    if level == "random":
        return RandomBot()
    if level not in LEVELS.get(game_id, ()):
        raise ValueError(f"no bot level {level!r} for {game_id}")
    if level == "heuristic":
        bot: Bot = importlib.import_module(f"crimson_table.ai.{game_id}.heuristic").HeuristicBot()
        return bot
    return grandmaster_bot(game_id) if level == "grandmaster" else master_bot(game_id)


def master_config(game_id: str) -> SearchConfig:
    """The tuned Master settings of ``game_id``; ValueError for a game without a Master level."""
    if "master" not in LEVELS.get(game_id, ()):
        raise ValueError(f"no Master level for {game_id}")
    config: SearchConfig = importlib.import_module(f"crimson_table.ai.{game_id}.search").master_config()
    return config


def master_bot(game_id: str) -> IsmctsBot:
    """A new Master bot for ``game_id`` (its ``search.master_bot()`` where the game builds its own)."""
    own = getattr(importlib.import_module(f"crimson_table.ai.{game_id}.search"), "master_bot", None)
    return (
        own()
        if own is not None and "master" in LEVELS.get(game_id, ())
        else IsmctsBot(master_config(game_id))
    )


def grandmaster_bot(game_id: str) -> IsmctsBot:
    """Master with ``GRANDMASTER_SECONDS`` a decision: iterations from the game's measured rate.

    The rate is ``ITERATIONS_PER_SECOND`` in ``ai/<game>/search.py`` (this machine, unloaded), so
    the budget stays an iteration count and the bot stays deterministic.  Offered in the menu
    only where ``LEVELS`` lists it (where it was measured to beat Master).
    """
    config = master_config(game_id)
    module = importlib.import_module(f"crimson_table.ai.{game_id}.search")
    rate = float(getattr(module, "ITERATIONS_PER_SECOND", 2000))
    return IsmctsBot(replace(config, iterations=max(config.iterations, round(rate * GRANDMASTER_SECONDS))))
