"""Each game's view ``TypedDict`` says exactly what its ``player_view`` and ``open_view`` build.

mypy checks every ``view["..."]`` read in the bots and the tables against the game's ``TypedDict``;
that is worth something only while the declaration matches the dict the engine really builds.  These
tests walk views of random positions (each seat's, the spectator's, the open view once the game is
over) and compare every dict with fixed keys to its declaration, recursively: the keys (the required
ones, plus optional ones only where present) and the kind of every value.
"""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.condottiere.view import CondottiereView
from crimson_table.engine.crimson_company.view import CrimsonCompanyView
from crimson_table.engine.crimson_keep.view import CrimsonKeepView
from crimson_table.engine.crusader_kingdoms.view import CrusaderKingdomsView
from crimson_table.engine.two_crowns.view import TwoCrownsView
from tests.engine.playouts import GAME_CASES, random_positions

VIEW_TYPES: dict[str, Any] = {
    "two_crowns": TwoCrownsView,
    "crimson_company": CrimsonCompanyView,
    "condottiere": CondottiereView,
    "crusader_kingdoms": CrusaderKingdomsView,
    "crimson_keep": CrimsonKeepView,
}
SAMPLES = 40  # positions per playout checked, spread over the game


def _is_typed_dict(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, dict) and hasattr(kind, "__required_keys__")


def _mismatches(value: Any, kind: Any, path: str) -> list[str]:
    """Where ``value`` is not of the declared ``kind`` (empty: it is), each naming the path."""
    if kind is Any:
        return []
    if _is_typed_dict(kind):
        return _typed_dict_mismatches(value, kind, path)
    origin, args = get_origin(kind), get_args(kind)
    if origin in (typing.Union, types.UnionType):
        tries = [_mismatches(value, option, path) for option in args]
        return [] if any(not t for t in tries) else [f"{path}: {value!r} is none of {kind}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [m for i, item in enumerate(value) for m in _mismatches(item, args[0], f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a dict"]
        return [m for key, item in value.items() for m in _mismatches(item, args[1], f"{path}[{key!r}]")]
    if kind is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    return [] if type(value) is kind else [f"{path}: {value!r} is not a {kind.__name__}"]


def _typed_dict_mismatches(value: Any, kind: Any, path: str) -> list[str]:
    """The keys ``value`` lacks or has beyond its ``TypedDict``, then each declared value's mismatches."""
    if not isinstance(value, dict):
        return [f"{path}: {value!r} is not a dict ({kind.__name__})"]
    required, optional = set(kind.__required_keys__), set(kind.__optional_keys__)
    out = [
        f"{path}: {kind.__name__} lacks the view's key {k!r}"
        for k in sorted(set(value) - required - optional)
    ]
    out += [f"{path}: the view lacks {kind.__name__}'s key {k!r}" for k in sorted(required - set(value))]
    hints = get_type_hints(kind)
    for key in sorted(set(value) & set(hints)):
        out += _mismatches(value[key], hints[key], f"{path}[{key!r}]")
    return out


def _playout(game_id: str, players: int, seed: int) -> list[Any]:
    """The positions of one game of random legal moves."""
    return random_positions(game_id, players, seed, mover_seed=seed * 17)


def test_every_registered_game_declares_its_view() -> None:
    assert set(VIEW_TYPES) == set(GAMES), "a game without a view TypedDict (or a TypedDict without a game)"


@pytest.mark.parametrize(("game_id", "players"), GAME_CASES)
def test_the_views_of_random_positions_match_the_declared_type(game_id: str, players: int) -> None:
    rules, kind = GAMES[game_id], VIEW_TYPES[game_id]
    for seed in (11, 12):
        states = _playout(game_id, players, seed)
        stride = max(1, len(states) // SAMPLES)
        for step in [*range(0, len(states), stride), len(states) - 1]:
            for seat in [*range(players), None]:
                where = f"{game_id} {players}p seed {seed} step {step} seat {seat}"
                assert _mismatches(rules.player_view(states[step], seat), kind, where) == []
        assert rules.is_over(states[-1])
        assert _mismatches(rules.open_view(states[-1]), kind, f"{game_id} seed {seed} open view") == []


def test_a_key_the_type_does_not_declare_is_found() -> None:
    rules = GAMES["condottiere"]
    view = dict(rules.player_view(rules.new_game(3, 1, {}), 0))
    view["surprise"] = 1
    del view["draw_size"]
    view["last_result"] = {"region": "Roma", "strengths": [3], "winner": None, "extra": 0}
    assert _mismatches(view, CondottiereView, "v") == [
        "v: CondottiereView lacks the view's key 'surprise'",
        "v: the view lacks CondottiereView's key 'draw_size'",
        "v['last_result']: {'region': 'Roma', 'strengths': [3], 'winner': None, 'extra': 0} is none of "
        "crimson_table.engine.condottiere.view.BattleResult | None",
    ]


def test_a_value_of_the_wrong_kind_is_found() -> None:
    rules = GAMES["two_crowns"]
    view = dict(rules.player_view(rules.new_game(2, 1, {}), 0))
    view["turn"] = "3"
    view["seats"] = [dict(view["seats"][0], castle=True), view["seats"][1]]
    assert _mismatches(view, TwoCrownsView, "v") == [
        "v['seats'][0]['castle']: True is not a int",
        "v['turn']: '3' is not a int",
    ]
