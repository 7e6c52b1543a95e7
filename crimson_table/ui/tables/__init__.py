"""Game tables: the shared toolkit (``base``, ``choreography``, ``shown``) and one package per game.

A game's table is one package ``crimson_table/ui/tables/<game_id>/``:

* ``__init__.py`` — light, imports nothing of the game: ``TABLE = TableSpec(game_id, scene=
  "crimson_table.ui.tables.<game_id>.scene:<Game>Scene", shown="...<game_id>.shown:<Game>Shown")``;
* ``scene.py`` — the :class:`~crimson_table.ui.tables.base.BaseGameScene` subclass: sets
  ``choreography``, returns its ``stage()``, rebuilds ``self.shown`` in ``on_resync``, draws and
  turns gestures into actions (see ``base``);
* ``shown.py`` — the shown model (:class:`~crimson_table.ui.tables.shown.ShownModel`: ``from_view``,
  ``apply(events)``, ``mirror``), plain data; ``tests/ui/tables/test_shown_models.py`` replays
  games through it once ``TABLE.shown`` names it;
* ``anim.py`` — the game's :class:`~crimson_table.ui.tables.choreography.Choreography` (event kind ->
  handler building beats) and its stage type; ``layout.py`` (where things are), ``paint.py``
  (drawing functions taking what they draw), ``gestures.py`` (candidate actions, checked with
  ``match.refusal``).

``TABLE_GAMES`` lists the games with a table package, found by name from ``BUILTIN_GAMES`` (the one
list of games, ``engine/registry.py``): a game's table is registered by its package existing.
Tables never import one another, and nothing in ``screens/``, ``widgets/`` or ``art/`` imports a
table (import-linter checks both); the app opens a table through :func:`scene_class_for`, which
imports its scene on first use so the menu stays light.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crimson_table.engine.registry import games_with_part
from crimson_table.ui import memory

if TYPE_CHECKING:
    from crimson_table.ui.tables.base import BaseGameScene

TABLE_GAMES = games_with_part(__name__)  # the built-in games with a package here, in menu order


@dataclass(frozen=True)
class TableSpec:
    """What the app needs to know of a game's table before importing it."""

    game_id: str
    scene: str  # "module:ClassName" of the table scene, imported on first use
    walnut: bool = False  # the table surface: dark walnut instead of green felt (ART.md; ``walnut_for``)
    shown: str = ""  # "module:ClassName" of the game's ShownModel (tables/shown.py), if it has one
    seat_colours: str = ""  # "module:function": players -> the seats' palette colours (default: seat order)
    # Player counts that lay another board or rules on this table: ``--smoke`` plays each once more
    # after its default run (two humans and bots).
    other_modes: tuple[int, ...] = ()

    @property
    def scene_module(self) -> str:
        """The module that defines the scene class."""
        return self.scene.partition(":")[0]


SCENES: dict[str, type[BaseGameScene]] = {}


def has_table(game_id: str) -> bool:
    """True if the app can seat players at ``game_id`` (its table is registered)."""
    return game_id in TABLE_GAMES or game_id in SCENES


def table_spec(game_id: str) -> TableSpec:
    """The ``TABLE`` declared by a game's table package; LookupError if it has none."""
    if game_id not in TABLE_GAMES:
        raise LookupError(f"no table for {game_id!r}: it has no package crimson_table.ui.tables.{game_id}")
    spec: TableSpec = importlib.import_module(f"crimson_table.ui.tables.{game_id}").TABLE
    return spec


def walnut_for(game_id: str) -> bool:
    """True if ``game_id`` is played on dark walnut (its ``TableSpec.walnut``); felt for a game
    without a registered table (a test's)."""
    return game_id in TABLE_GAMES and table_spec(game_id).walnut


def scene_class_for(game_id: str) -> type[BaseGameScene]:
    """The table scene of a game, imported on first use; an unknown game raises LookupError."""
    if game_id not in SCENES:
        module_name, _, class_name = table_spec(game_id).scene.partition(":")
        SCENES[game_id] = getattr(importlib.import_module(module_name), class_name)
    return SCENES[game_id]


def load_game_scenes() -> dict[str, type[BaseGameScene]]:
    """Import every game's table scene (tests and the smoke run use this)."""
    for game_id in TABLE_GAMES:
        scene_class_for(game_id)
    return SCENES


def release_closed_tables(open_games: Collection[str]) -> None:
    """Let go of the art of every game with no table open: the caches of its table package, its card
    faces in the shared card caches, and the drawn maps no board shows any more.

    The app calls this after a collection, once a screen has closed, so a table leaving for a new
    match of the same game keeps its art for the next one.  No game's module is imported here: a game
    whose table never opened has nothing cached.  (A session visiting every table otherwise kept each
    one's art to the end: the monkey's Crimson Company table held Two Crowns' fan cards and the
    Condottiere map, 2.5 MB of another game's art on every table at rest.)
    """
    closed = tuple(
        f"crimson_table.ui.tables.{game_id}." for game_id in TABLE_GAMES if game_id not in open_games
    )
    if closed:
        memory.clear_caches(closed)
    cards = sys.modules.get("crimson_table.ui.art.cards")
    if cards is not None:
        for faces in (cards.render_card, cards.lifted_card):
            faces.forget(lambda args: getattr(args[0], "game_id", None) not in open_games)
    tiled_map = sys.modules.get("crimson_table.ui.widgets.tiled_map")
    if tiled_map is not None:
        tiled_map.forget_unused_maps()


@functools.cache
def seat_colours_for(game_id: str, players: int) -> tuple[int, ...]:
    """The palette colour of each seat before a match exists (setup badges): the game's own
    (``TableSpec.seat_colours``, e.g. Crusader Kingdoms' rulebook colours) or the seat order."""
    spec = table_spec(game_id) if game_id in TABLE_GAMES else None
    if spec is None or not spec.seat_colours:
        return tuple(range(players))
    module_name, _, function = spec.seat_colours.partition(":")
    colours: tuple[int, ...] = getattr(importlib.import_module(module_name), function)(players)
    return colours


def shown_model_for(game_id: str) -> Any:
    """The ShownModel class a game's table registers (``TableSpec.shown``); LookupError if none."""
    spec = table_spec(game_id)
    if not spec.shown:
        raise LookupError(f"the {game_id!r} table registers no shown model")
    module_name, _, class_name = spec.shown.partition(":")
    return getattr(importlib.import_module(module_name), class_name)
