"""A small sample of bench/soak.py in the suite: one random game per game and player count,
every invariant checked at every step (the full run: ``bench/soak.py``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "soak.py"
spec = importlib.util.spec_from_file_location("bench_soak", BENCH)
assert spec is not None and spec.loader is not None
soak = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak)


@pytest.mark.parametrize(("game_id", "players"), soak.setups())
def test_a_random_game_keeps_every_invariant_at_every_step(game_id: str, players: int) -> None:
    assert soak.soak_game(game_id, players, seed=1000 + players) > 0


def test_a_broken_invariant_is_reported_with_game_seed_and_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(soak.CARDS, "condottiere", lambda s: [len(s.draw)])  # "cards" change every deal
    with pytest.raises(soak.SoakFailure, match=r"condottiere players=2 seed=5 step=\d+: cards conserved"):
        soak.soak_game("condottiere", 2, 5)


def test_a_failure_is_counted_and_the_setup_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []

    def fake_game(game_id: str, players: int, seed: int) -> int:
        seeds.append(seed)
        if seed == 1:
            raise soak.SoakFailure(f"{game_id} players={players} seed={seed} step=3: round trip")
        return 10

    monkeypatch.setattr(soak, "soak_game", fake_game)
    row = soak.soak("two_crowns", 2, seconds=60.0, max_games=3)
    assert seeds == [0, 1, 2]
    assert (row["games"], row["steps"]) == (3, 20)
    assert row["failures"] == ["two_crowns players=2 seed=1 step=3: round trip"]


def test_only_names_setups_and_refuses_unknown_ones() -> None:
    assert soak.chosen_setups(["condottiere:5", "two_crowns:2"]) == [("condottiere", 5), ("two_crowns", 2)]
    assert soak.chosen_setups(None) == soak.setups()
    for bad in ("condottiere:7", "chess:2", "two_crowns"):
        with pytest.raises(SystemExit, match="no setup"):
            soak.chosen_setups([bad])


def test_a_mutated_input_state_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = soak.GAMES["crimson_keep"]
    apply = rules.apply_action

    def mutating_apply(state: Any, action: Any) -> Any:
        after = apply(state, action)
        state.rounds += 1  # the engine contract: the input state is never changed
        return after

    monkeypatch.setattr(rules, "apply_action", mutating_apply)
    with pytest.raises(
        soak.SoakFailure, match=r"crimson_keep players=2 seed=3 step=0: input state never mutated"
    ):
        soak.soak_game("crimson_keep", 2, 3)


def test_a_round_trip_that_loses_a_field_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = soak.GAMES["two_crowns"]
    from_dict = rules.from_dict

    def lossy(data: Any) -> Any:
        state = from_dict(data)
        state.rng ^= 1  # what a save that forgets the PRNG would do
        return state

    monkeypatch.setattr(rules, "from_dict", lossy)
    with pytest.raises(soak.SoakFailure, match=r"two_crowns players=2 seed=4 step=0: round trip"):
        soak.soak_game("two_crowns", 2, 4)
