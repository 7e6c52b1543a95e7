"""Crimson Company plays exactly as it did when ``trace_steps.json`` was recorded.

Every step of 40 seeded random games is reduced to a short digest
of what ``bench/trace_harness.py`` hashes: the position (``to_dict``), the legal actions and their
labels, and every event of the action taken (kind, data, texts, privacy, reveals).  Work on the
engine's speed must leave every digest as it was; a failure names the game and its first step
that differs.  A change of the rules on purpose records the file again:

    python -m tests.engine.crimson_company.test_trace --write
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crimson_table.engine.crimson_company.rules import RULES

from ..traces import digests, first_difference, harness

GOLDEN = Path(__file__).with_name("trace_steps.json")
FINGERPRINT = harness.Fingerprint(
    module="",
    game="crimson_company",
    first_seed=8000,
    salt=0xCC,
    max_steps=2000,
    default_games=0,
    sets=(),
)
GAMES: tuple[tuple[str, int, bool], ...] = tuple(
    (f"random {seed}", seed, False) for seed in range(8000, 8040)
)
"""Random play only: the bots' choices belong to the bots (``bench/crimson_company_trace.py`` also
plays Captain against Captain)."""


def step_digests(seed: int, captain: bool) -> Iterator[str]:
    """A short digest of each step of one game (the last one: the final position and outcome)."""
    yield from digests(harness.step_records(FINGERPRINT, 2, {}, seed, captain))


def recorded() -> dict[str, list[str]]:
    """The digests of every game as the file holds them."""
    games: dict[str, list[str]] = json.loads(GOLDEN.read_text())["games"]
    return games


@pytest.mark.parametrize(("name", "seed", "captain"), GAMES, ids=[g[0] for g in GAMES])
def test_every_step_of_the_game_is_as_recorded(name: str, seed: int, captain: bool) -> None:
    expected = recorded()[name]
    step = first_difference(expected, list(step_digests(seed, captain)))
    assert step is None, f"{name}: step {step} of {len(expected) - 1} plays differently from trace_steps.json"


def test_a_changed_event_text_is_found_at_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The digests see an event's text: one word changed in the fifth action's events is caught there."""
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
    expected = recorded()["random 8000"]
    assert first_difference(expected, list(step_digests(8000, False))) == 4


def _write() -> None:
    games = {name: list(step_digests(seed, captain)) for name, seed, captain in GAMES}
    GOLDEN.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n")
    print(f"{GOLDEN}: {len(games)} games, {sum(len(v) for v in games.values())} steps")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    _write()
