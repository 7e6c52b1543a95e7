"""The registry of games: ``GAMES[game_id] -> rules object``, in menu order.

Each game lives in ``crimson_table/engine/<game_id>/`` with a light ``info.py``
(``INFO``: title, players, options) and its ``rules.py`` (``RULES``).  The rules are
imported on first use, so the menu can list the games without loading them.
Add a game by adding its id to ``BUILTIN_GAMES`` (and its bots to ``ai/registry.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Any

from crimson_table.engine.core import GameInfo, GameRules

BUILTIN_GAMES = ("two_crowns", "crimson_company", "condottiere", "crusader_kingdoms", "crimson_keep")


class GameRegistry(MutableMapping[str, GameRules[Any]]):
    """Game id -> rules object; built-in games load lazily, others may be set directly."""

    def __init__(self, builtin: tuple[str, ...]) -> None:
        self._order: list[str] = list(builtin)
        self._loaded: dict[str, GameRules[Any]] = {}

    def __getitem__(self, game_id: str) -> GameRules[Any]:
        if game_id not in self._order:
            raise KeyError(game_id)
        if game_id not in self._loaded:
            module = importlib.import_module(f"crimson_table.engine.{game_id}.rules")
            self._loaded[game_id] = module.RULES
        return self._loaded[game_id]

    def __setitem__(self, game_id: str, rules: GameRules[Any]) -> None:
        if game_id not in self._order:
            self._order.append(game_id)
        self._loaded[game_id] = rules

    def __delitem__(self, game_id: str) -> None:
        self._order.remove(game_id)
        self._loaded.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._order))

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._order

    def info(self, game_id: str) -> GameInfo:
        """A game's INFO without importing its rules (unless they are loaded already)."""
        if game_id in self._loaded:
            return self._loaded[game_id].INFO
        if game_id not in self._order:
            raise KeyError(game_id)
        info: GameInfo = importlib.import_module(f"crimson_table.engine.{game_id}.info").INFO
        return info


GAMES = GameRegistry(BUILTIN_GAMES)


def register(rules: GameRules[Any]) -> GameRules[Any]:
    """Add (or replace) a rules object under its ``INFO.id``."""
    GAMES[rules.INFO.id] = rules
    return rules
