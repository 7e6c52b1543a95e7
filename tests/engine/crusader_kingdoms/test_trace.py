"""Crusader Kingdoms plays exactly as it did when ``trace_steps.json`` was recorded.

Every step of seeded random games of every mode (solitaire and 2-player co-op against the Muslim
Bot at each difficulty, 3 and 4 players) is reduced to a short digest of what
``bench/trace_harness.py`` hashes: the position (``to_dict``), the legal actions and their labels,
and every event of the action taken (kind, data, texts, privacy, reveals), the Muslim Bot's moves
included.  Work on the engine's speed must leave every digest as it was; a failure names the game
and its first step that differs.  A change of the rules on purpose records the file again:

    python -m tests.engine.crusader_kingdoms.test_trace --write
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crimson_table.engine.crusader_kingdoms.rules import RULES

from ..traces import digests, first_difference, harness

GOLDEN = Path(__file__).with_name("trace_steps.json")
FINGERPRINT = harness.Fingerprint(
    module="",
    game="crusader_kingdoms",
    first_seed=9000,
    salt=0xC4,
    max_steps=5000,
    default_games=0,
    sets=(),
)

# (name, players, options, seed): six games of each mode, the co-op modes twice at every difficulty.
GAMES: tuple[tuple[str, int, dict[str, Any], int], ...] = tuple(
    (f"{mode} {seed}", players, options, seed)
    for mode, players, difficulties in (
        ("solo", 1, ("standard", "challenging", "greatest") * 2),
        ("coop", 2, ("standard", "challenging", "greatest") * 2),
        ("3p", 3, ("standard",) * 6),
        ("4p", 4, ("standard",) * 6),
    )
    for seed, options in (
        (9000 + i, {"difficulty": difficulty} if players <= 2 else {})
        for i, difficulty in enumerate(difficulties)
    )
)
"""Random play only: the bots' choices belong to the bots (``bench/crusader_kingdoms_trace.py`` also
plays Captain against Captain)."""


def step_digests(players: int, options: dict[str, Any], seed: int) -> Iterator[str]:
    """A short digest of each step of one game (the last one: the final position and outcome)."""
    return digests(harness.step_records(FINGERPRINT, players, options, seed, False))


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
    name, players, options, seed = GAMES[0]
    assert first_difference(recorded()[name], list(step_digests(players, options, seed))) == 4


def _write() -> None:
    games = {name: list(step_digests(players, options, seed)) for name, players, options, seed in GAMES}
    GOLDEN.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n")
    print(f"{GOLDEN}: {len(games)} games, {sum(len(v) for v in games.values())} steps")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    _write()
