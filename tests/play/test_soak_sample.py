"""A small sample of bench/soak.py in the suite: one random game per game and player count,
every invariant checked at every step (the full run and its figures: bench/RESULTS.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

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
