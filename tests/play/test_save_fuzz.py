"""A damaged save never crashes the loader: it loads, or it raises SaveError naming the file.

Saves of every game are mutated at random (values swapped for other types, keys dropped,
log entries corrupted) and fed to ``Match.from_json``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crimson_table.engine import GAMES
from crimson_table.play.match import Match, Seat
from crimson_table.play.saves import SaveError

JUNK = [None, True, -1, 0, 10**12, 3.5, "", "x" * 50, [], {}, [1, 2], {"kind": "pass"}, {"kind": 7}]


def _save(game_id: str) -> dict[str, Any]:
    info = GAMES[game_id].INFO
    seats = [Seat(f"P{i}", "bot", "random") for i in range(info.min_players)]
    match = Match.new(game_id, seats, seed=11)
    for _ in range(40):
        if match.is_over():
            break
        match.apply(match.bot_choose())
    return match.to_json()


SAVES = {game_id: _save(game_id) for game_id in GAMES}


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


def _mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(data) if p]
        path = rng.choice(paths)
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.3 and isinstance(parent, dict):
            del parent[path[-1]]
        elif rng.random() < 0.2 and isinstance(parent, list):
            parent.pop(path[-1])
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))  # a fresh value: never one shared object twice
    return data


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_mutated_save_loads_or_is_refused_with_a_save_error(game_id: str, seed: int) -> None:
    damaged = _mutate(SAVES[game_id], random.Random(seed))
    json.dumps(damaged)
    try:
        Match.from_json(damaged, source="damaged.ctsave.json")
    except SaveError as exc:
        assert "damaged.ctsave.json" in str(exc) and exc.problem


@pytest.mark.parametrize("game_id", list(GAMES))
def test_an_untouched_save_still_loads(game_id: str) -> None:
    assert Match.from_json(copy.deepcopy(SAVES[game_id])).step == len(SAVES[game_id]["log"])
