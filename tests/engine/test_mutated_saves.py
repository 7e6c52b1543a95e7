"""A save that loads is a position the game can finish.

``from_dict`` is the one gate between a file and the engine: it checks types, ranges and the rules'
invariants (DESIGN.md).  A position it accepts is played on by the table and the bots, so it must be
one the rules can carry to the end: at every step the game is over or has a legal action, every
action applies, and the state round-trips.  This test takes reachable positions of every game (random
playouts from fixed seeds), changes one field of ``to_dict`` at a time to another value of its type
and near its range (an int moved a little, a bool flipped, a string swapped for another string of the
position, a list item dropped, doubled or swapped), and whenever ``from_dict`` accepts the result,
plays it out with random moves.  Seeded: the same mutations run every time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from crimson_table.engine import GAMES, StateError
from crimson_table.engine.rng import Rng

Path = tuple[Any, ...]

POSITIONS = 6  # reachable positions per game and seat count
MUTATIONS = 40  # one-field changes per position
PLAY_STEPS = 150  # moves played from an accepted mutant


def _leaves(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every scalar and every list of ``data`` with its path (dict keys and list indices)."""
    if isinstance(data, dict):
        for key in sorted(data):
            yield from _leaves(data[key], (*path, key))
    elif isinstance(data, list):
        yield path, data
        for i, item in enumerate(data):
            yield from _leaves(item, (*path, i))
    else:
        yield path, data


def _strings(data: Any) -> list[str]:
    return sorted({v for _p, v in _leaves(data) if isinstance(v, str)})


def _other_value(value: Any, strings: list[str], pick: Rng) -> Any:
    """Another value of ``value``'s type, near its range."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):  # a step either way, or a sentinel the engine uses (none, no seat)
        return [value + pick.randint(1, 3), value - pick.randint(1, 3), 0, -1][pick.below(4)]
    if isinstance(value, str):
        others = [t for t in strings if t != value]
        return others[pick.below(len(others))] if others else value + "x"
    if isinstance(value, list):
        out = value[:]
        if not out:
            return out
        move = pick.below(3)
        i, j = pick.below(len(out)), pick.below(len(out))
        if move == 0:
            del out[i]
        elif move == 1:
            out.insert(j, out[i])
        else:
            out[i], out[j] = out[j], out[i]
        return out
    return value


def _set(data: Any, path: Path, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def mutants(data: dict[str, Any], pick: Rng, count: int) -> Iterator[tuple[Path, Any, dict[str, Any]]]:
    """``count`` copies of ``data``, each with one field changed (never ``game``)."""
    leaves = [(p, v) for p, v in _leaves(data) if p and p[0] != "game"]
    strings = _strings(data)
    for _ in range(count):
        path, value = leaves[pick.below(len(leaves))]
        new = _other_value(value, strings, pick)
        if new == value:
            continue
        copy = json.loads(json.dumps(data))
        _set(copy, path, new)
        yield path, new, copy


def _final_battle() -> Any:
    """A 2-player Crimson Keep Final Battle, which random play does not reach (no Summon in 100 rounds):
    the defender's one-action turn with Keep Defence in hand (CK2-R36 step 5)."""
    from crimson_table.engine.crimson_keep.notation import parse  # noqa: PLC0415
    from crimson_table.engine.crimson_keep.rules import settle  # noqa: PLC0415

    s = parse("turn=R dragon=L stage=2 injuries=1 dice=4 obliterate=1 actions=1 L:2,1=1+ L:1,1=2+ "
              "R:8,1=1+ R:7,1=2- R:6,1=3+ R:4,1=7+ R.kd=1,3 R.hand=5,6")  # fmt: skip
    settle(s, [])
    return s


def _positions(game_id: str, players: int, seed: int, start: Any = None) -> list[Any]:
    """Positions of one random playout (from a new game, or ``start``), spread over the game."""
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {}) if start is None else start
    pick = Rng.from_seed(seed)
    seen = [state]
    for _ in range(2000):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        state, _ = rules.apply_action(state, legal[pick.below(len(legal))])
        seen.append(state)
    step = max(1, len(seen) // POSITIONS)
    return seen[::step][:POSITIONS]


def play_out(game_id: str, state: Any, pick: Rng) -> None:
    """Random moves to the end or ``PLAY_STEPS``; the contract holds at every step."""
    rules = GAMES[game_id]
    for step in range(PLAY_STEPS):
        data = rules.to_dict(state)
        assert rules.to_dict(rules.from_dict(json.loads(json.dumps(data)))) == data, (
            f"step {step}: no round trip"
        )
        if rules.is_over(state):
            assert rules.outcome(state) is not None
            return
        legal = rules.legal_actions(state)
        assert legal, f"step {step}: the game is not over but has no legal action"
        state, _ = rules.apply_action(state, legal[pick.below(len(legal))])


CASES = [(g, n) for g in GAMES for n in sorted({GAMES[g].INFO.min_players, GAMES[g].INFO.max_players})]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_mutated_save_that_loads_can_be_played_to_the_end(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    pick = Rng.from_seed(hash_of(game_id) + players)
    positions = _positions(game_id, players, 40 + players)
    if (game_id, players) == ("crimson_keep", 2):
        positions += _positions(game_id, players, 0, _final_battle())[:3]
    for k, position in enumerate(positions):
        for path, new, data in mutants(rules.to_dict(position), pick, MUTATIONS):
            try:
                state = rules.from_dict(data)
            except StateError:
                continue
            try:
                play_out(game_id, state, Rng.from_seed(k))
            except Exception as exc:  # noqa: BLE001 - any failure of an accepted save is the finding
                pytest.fail(f"position {k}: {'/'.join(map(str, path))} = {new!r} loads, then: {exc!r}")


def hash_of(text: str) -> int:
    """A stable number for a name (``hash`` of a str changes between runs)."""
    return sum(ord(c) * 31**i for i, c in enumerate(text)) % 1_000_003
