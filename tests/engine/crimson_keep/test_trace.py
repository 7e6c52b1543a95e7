"""Crimson Keep plays exactly as it did when ``trace_steps.json`` was recorded.

Every step of seeded random games -- 2 players, solo against Kai on both clan sides, hard mode, and
2-player Final Battles (from a position just before a Summon: random play does not reach one) -- is
reduced to a short digest of what ``bench/trace_harness.py`` hashes: the position (``to_dict``), the
legal actions and their labels, and every event of the action taken (kind, data, texts, privacy,
reveals); Kai's moves are steps too.  Work on the engine's speed must leave every digest as it was; a
failure names the game and its first step that differs.  A change of the rules on purpose records the
file again:

    python -m tests.engine.crimson_keep.test_trace --write
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import CKState

from ..traces import digests, first_difference, harness
from .conftest import pos
from .test_shared_lists import BEFORE_SUMMON

GOLDEN = Path(__file__).with_name("trace_steps.json")
FINGERPRINT = harness.Fingerprint(
    module="",
    game="crimson_keep",
    first_seed=9000,
    salt=0xACE,
    max_steps=3000,
    default_games=0,
    sets=(),
)

# (name, players, options, seed); players 0 = a Final Battle from BEFORE_SUMMON (hard on odd seeds)
Game = tuple[str, int, dict[str, Any], int]
GAMES: tuple[Game, ...] = (
    *((f"2p {seed}", 2, {}, seed) for seed in range(9000, 9008)),
    *((f"2p hard {seed}", 2, {"hard_mode": True}, seed) for seed in range(9010, 9012)),
    *((f"solo {seed}", 1, {}, seed) for seed in range(9020, 9030)),
    *((f"solo right {seed}", 1, {"your_clan": "right"}, seed) for seed in range(9030, 9040)),
    *((f"solo hard {seed}", 1, {"hard_mode": True}, seed) for seed in range(9040, 9044)),
    *((f"final battle {seed}", 0, {}, seed) for seed in range(9050, 9062)),
)
"""Random play only: the bots' choices belong to the bots (``bench/crimson_keep_trace.py`` also plays
Captain against Captain)."""


def final_battle(seed: int) -> CKState:
    """The Left clan's Summon of the Strong Dragon has just set up the Final Battle (CK2-R36)."""
    s = pos(BEFORE_SUMMON)
    s.hard = seed % 2 == 1
    summon = next(a for a in RULES.legal_actions(s) if a.KIND == "summon")
    s, _ = RULES.apply_action(s, summon)
    return s


def step_digests(players: int, options: dict[str, Any], seed: int) -> Iterator[str]:
    """A short digest of each step of one game (the last one: the final position and outcome)."""
    start = final_battle(seed) if players == 0 else None
    yield from digests(harness.step_records(FINGERPRINT, players or 2, options, seed, False, start))


def recorded() -> dict[str, list[str]]:
    """The digests of every game as the file holds them."""
    games: dict[str, list[str]] = json.loads(GOLDEN.read_text())["games"]
    return games


@pytest.mark.parametrize(("name", "players", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_every_step_of_the_game_is_as_recorded(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    expected = recorded()[name]
    step = first_difference(expected, list(step_digests(players, options, seed)))
    assert step is None, f"{name}: step {step} of {len(expected) - 1} plays differently from trace_steps.json"


def test_the_final_battles_reach_the_dragon_and_keep_defence() -> None:
    """The recorded Final Battles are played through the Dragon Clan's turns and Keep Defence (CK2-R39,
    CK2-R41), not just set up."""
    phases: set[str] = set()
    for _name, players, options, seed in GAMES:
        if players == 0:
            records = harness.step_records(FINGERPRINT, 2, options, seed, False, final_battle(seed))
            phases |= {phase for _, phase in records}
    assert {"dragon", "kd_buy", "kd_play"} <= phases


def test_a_changed_event_text_is_found_at_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The digests see an event's text: one word changed in Kai's fifth action's events is caught there."""
    real_apply = RULES.apply_action
    calls = 0

    def apply_with_a_typo(state: Any, action: Any) -> Any:
        nonlocal calls
        new, events = real_apply(state, action)
        calls += 1
        if calls == 5:
            events = [dataclasses.replace(events[0], text=events[0].text + "!"), *events[1:]]
        return new, events

    monkeypatch.setattr(RULES, "apply_action", apply_with_a_typo)
    expected = recorded()["solo 9020"]
    assert first_difference(expected, list(step_digests(1, {}, 9020))) == 4


def _write() -> None:
    games = {name: list(step_digests(players, options, seed)) for name, players, options, seed in GAMES}
    GOLDEN.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n")
    print(f"{GOLDEN}: {len(games)} games, {sum(len(v) for v in games.values())} steps")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    _write()
