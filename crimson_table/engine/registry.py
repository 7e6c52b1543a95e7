"""The registry of games: ``GAMES[game_id] -> rules object``, in menu order.

Each game lives in ``crimson_table/engine/<game_id>/`` with a light ``info.py``
(``INFO``: title, players, options) and its ``rules.py`` (``RULES``).  The rules are
imported on first use, so the menu can list the games without loading them.

A game drawn on a Tiled map (``engine/<game>/board.py`` with ``check_maps()``) has its maps
loaded with its rules.  A broken map sets that game alone aside: ``GAMES[game_id]`` raises the
map's :class:`~crimson_table.engine.tiled_files.MapError` (naming the file, the object and the
problem) every time it is asked for, and the other games, their bots and their saves are
untouched.  Callers catch ``MapError`` at this boundary.
Add a game by adding its id to ``BUILTIN_GAMES``: it is the only list of games.  The game's parts
in the other layers are found from it by name (:func:`games_with_part`, :func:`game_part`).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, MutableMapping
from types import ModuleType
from typing import Any

from crimson_table.engine.core import GameInfo, GameRules
from crimson_table.engine.tiled_files import MapError

BUILTIN_GAMES = ("two_crowns", "crimson_company", "condottiere", "crusader_kingdoms", "crimson_keep")


class GameRegistry(MutableMapping[str, GameRules[Any]]):
    """Game id -> rules object; built-in games load lazily, others may be set directly."""

    def __init__(self, builtin: tuple[str, ...]) -> None:
        self._order: list[str] = list(builtin)
        self._loaded: dict[str, GameRules[Any]] = {}
        self._broken: dict[str, MapError] = {}

    def __getitem__(self, game_id: str) -> GameRules[Any]:
        if game_id not in self._order:
            raise KeyError(game_id)
        broken = self._broken.get(game_id)
        if broken is not None:
            raise type(broken)(broken.path, broken.obj, broken.problem)  # a fresh one: no growing traceback
        if game_id not in self._loaded:
            try:
                self._loaded[game_id] = _load(game_id)
            except MapError as exc:
                self._broken[game_id] = exc
                raise
        return self._loaded[game_id]

    def map_problem(self, game_id: str) -> MapError | None:
        """Why ``game_id`` cannot be played (its map's MapError), or None; loads the game if needed."""
        try:
            self[game_id]
        except MapError as exc:
            return exc
        return None

    def known_map_problem(self, game_id: str) -> MapError | None:
        """The map problem already found for ``game_id``, without loading anything (the menu asks)."""
        return self._broken.get(game_id)

    def __setitem__(self, game_id: str, rules: GameRules[Any]) -> None:
        if game_id not in self._order:
            self._order.append(game_id)
        self._loaded[game_id] = rules
        self._broken.pop(game_id, None)

    def __delitem__(self, game_id: str) -> None:
        self._order.remove(game_id)
        self._loaded.pop(game_id, None)
        self._broken.pop(game_id, None)

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


def _load(game_id: str) -> GameRules[Any]:
    """A built-in game's rules, its maps loaded and checked (MapError if one is broken)."""
    module = importlib.import_module(f"crimson_table.engine.{game_id}.rules")
    board = f"crimson_table.engine.{game_id}.board"
    if importlib.util.find_spec(board) is not None:
        check = getattr(importlib.import_module(board), "check_maps", None)
        if check is not None:
            check()
    rules: GameRules[Any] = module.RULES
    return rules


GAMES = GameRegistry(BUILTIN_GAMES)


def games_with_part(package: str) -> tuple[str, ...]:
    """The built-in games, in menu order, that have a module (or package) ``<package>.<game_id>``.

    A game's parts in the other layers (its table, tutorial, statistics, campaign scoring, art) are
    found by this naming convention, so :data:`BUILTIN_GAMES` stays the one hand-written list of
    games and no shared module names a game.  Only ``package`` itself is imported.

    >>> games_with_part("crimson_table.engine") == BUILTIN_GAMES
    True
    """
    return tuple(game for game in BUILTIN_GAMES if importlib.util.find_spec(f"{package}.{game}") is not None)


def game_part(package: str, game_id: str) -> ModuleType | None:
    """A game's module ``<package>.<game_id>`` imported, or None when the game has none there."""
    name = f"{package}.{game_id}"
    try:
        return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None
    except ModuleNotFoundError as exc:  # an id that is no module name at all, e.g. with a dot
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def register(rules: GameRules[Any]) -> GameRules[Any]:
    """Add (or replace) a rules object under its ``INFO.id``."""
    GAMES[rules.INFO.id] = rules
    return rules
