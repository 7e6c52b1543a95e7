"""No engine module keeps state that play writes: rules without residue.

A module-level list, dict, set or bytearray (or an object holding one) that a game writes while it is
played ties positions together behind the engine's back: a memo filled by one game is read by the next,
two tables in one process share it, and a position's behaviour may depend on what was played before.
A memo lives on the state (outside ``to_dict``), or is built once at import and never written again, or
is a cache of read-only values made from their whole key (``functools.lru_cache`` over an action's frozen
class, or over a function that makes an event from a few small values): the same arguments give an equal
value whatever was played before, so nothing ties positions together; a cache of events is bounded.

In a fresh interpreter (so no other test has filled a lazy table yet), every engine module of every
game is imported, every module-level container reachable from a module's names (and from its classes'
attributes) is fingerprinted (identity, length, contents), a few random games of every game are played
(with saves, views and determinization along the way), and the fingerprints are compared.  A container
emptied again before a call returns is not seen: only what outlives a call is.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import crimson_table.engine as engine

ROOT = Path(__file__).resolve().parents[2]

_CHILD = r'''
import importlib, json, pkgutil, sys, types
import crimson_table.engine as engine

MUTABLE = (list, dict, set, bytearray)
SKIP = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, type)


def signature(value, seen):
    """Identity, length and contents of every mutable container reachable from ``value``."""
    if isinstance(value, (str, bytes, int, float, complex, bool, type(None))):
        return repr(value)
    if id(value) in seen:
        return ("seen", id(value))
    seen.add(id(value))
    if isinstance(value, SKIP) or callable(value) and not isinstance(value, MUTABLE):
        return ("opaque", id(value))
    if isinstance(value, dict):
        items = [(signature(k, seen), signature(v, seen)) for k, v in value.items()]
        return ("dict", id(value), len(value), items)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, id(value), len(value), [signature(v, seen) for v in value])
    if isinstance(value, (set, frozenset)):
        return (type(value).__name__, id(value), len(value), sorted(map(repr, value)))
    if isinstance(value, bytearray):
        return ("bytearray", id(value), bytes(value))
    fields = getattr(value, "__dict__", None)
    slots = [n for k in type(value).__mro__ for n in getattr(k, "__slots__", ()) if hasattr(value, n)]
    inner = dict(fields or {})
    inner.update({n: getattr(value, n) for n in slots if isinstance(n, str)})
    return (type(value).__name__, id(value), [(k, signature(inner[k], seen)) for k in sorted(inner)])


def snapshot():
    """Per engine module and name: the fingerprint of what the name holds."""
    out = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("crimson_table.engine") or module is None:
            continue
        for attr, value in vars(module).items():
            if attr.startswith("__"):
                continue
            if isinstance(value, type) and value.__module__ == name:
                for cattr, cvalue in vars(value).items():
                    if not cattr.startswith("__") and isinstance(cvalue, MUTABLE):
                        out[f"{name}.{attr}.{cattr}"] = repr(signature(cvalue, set()))
            elif not isinstance(value, SKIP):
                out[f"{name}.{attr}"] = repr(signature(value, set()))
    return out


for info in pkgutil.walk_packages(engine.__path__, "crimson_table.engine."):
    importlib.import_module(info.name)
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng

for game_id in GAMES:  # the registry loads each game's rules on first use: that is the registry's job
    GAMES[game_id]
before = snapshot()
for game_id, rules in sorted(GAMES.items()):
    for players in sorted({rules.INFO.min_players, rules.INFO.max_players}):
        for seed in range(int(sys.argv[1])):
            state = rules.new_game(players, seed, {})
            pick = Rng.from_seed(seed)
            for step in range(600):
                if rules.is_over(state):
                    break
                if step % 50 == 0:
                    state = rules.from_dict(json.loads(json.dumps(rules.to_dict(state))))
                    seat = rules.current_player(state)
                    rules.player_view(state, seat)
                    if seat is not None:
                        rules.determinize(state, seat, seed)
                legal = rules.legal_actions(state)
                state, _ = rules.apply_action(state, legal[pick.below(len(legal))])
after = snapshot()
print(json.dumps(sorted(k for k in before if after.get(k) != before[k])))
'''


def changed_after_play(games: int) -> list[str]:
    """The module-level names whose containers random play changed, from a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    changed: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return changed


def test_playing_every_game_writes_no_module_level_container() -> None:
    changed = changed_after_play(2)
    assert changed == [], f"module-level state written by play (move it onto the state): {changed}"


def _module_level_caches() -> list[tuple[str, Any]]:
    """Every ``functools.lru_cache`` an engine module holds by name: (module.name, the cache)."""
    found = []
    for info in pkgutil.walk_packages(engine.__path__, "crimson_table.engine."):
        module = importlib.import_module(info.name)
        for attr, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper):
                found.append((f"{info.name}.{attr}", value))
    return found


def test_every_module_level_cache_holds_read_only_values_and_events_are_bounded() -> None:
    caches = _module_level_caches()
    assert len(caches) > 20, "the engine's action and event caches were not found"
    for name, cache in caches:
        made = cache.__wrapped__
        if isinstance(made, type):  # an action's constructor: one object per value, a finite domain
            params = getattr(made, "__dataclass_params__", None)
            assert params is not None and params.frozen, f"{name} caches objects of a class that can change"
        else:  # a function making events (or a table once): bounded, however long the process plays
            assert cache.cache_parameters()["maxsize"] is not None, f"{name} is an unbounded cache"
