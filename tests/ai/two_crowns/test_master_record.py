"""Two Crowns Master beats Captain: the recorded 200-game measurement, checked in CI (issue 10).

Playing 200 games takes most of an hour on a quiet machine, so ``bench/two_crowns_master.py --record`` records
them (seeds, seats alternated, scores, whole logs of the first games) in ``bench/records/``.  The
measurement was played in runs on consecutive seeds by the same code (:data:`RECORDS`, in seed
order).  Here, in seconds: together they hold at least 200 games, Master scores at least 75% with
the 95% Wilson interval's lower bound above 65%, and every record is today's Master's: a recorded
game of each replays legally to its recorded end, with Captain's every choice and a few of Master's
recomputed exactly as recorded.  A change to Master that changes its play fails here until it is
measured again.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from crimson_table.ai.base import make_context
from crimson_table.ai.registry import bot_for
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng

RECORD_DIR = Path(__file__).resolve().parents[3] / "bench" / "records"
# One measurement in three runs on consecutive seeds (3000-3199), the same code throughout.
RECORDS = ("two_crowns_master.json", "two_crowns_master_3105.json", "two_crowns_master_3139.json")
MASTER_CHECKS = 3  # Master decisions recomputed per replayed game (about 0.4 s each)
MIN_GAMES = 200  # issue 10: over 200 games, seats rotated
MIN_RATE = 0.75  # issue 10: Master scores at least 75% against Captain
MIN_LOW = 0.65  # issue 10: the 95% interval's lower bound above 65%


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORD_DIR / name).read_text())
    return data


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return [_load(name) for name in RECORDS]


def wilson_low(score: float, games: int, z: float = 1.96) -> float:
    """The lower bound of the 95% Wilson score interval."""
    p = score / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - half) / (1 + z * z / games)


def test_each_run_alternates_seats_on_consecutive_seeds_and_adds_up(records: list[dict[str, Any]]) -> None:
    for record in records:
        results = record["results"]
        assert record["level"] == "master" and record["against"] == "heuristic"
        assert record["options"] == records[0]["options"] == {}
        assert [r["hero"] for r in results] == [i % 2 for i in range(len(results))], "seats alternate"
        assert [r["seed"] for r in results] == [record["first_seed"] + i for i in range(len(results))]
        assert sum(r["score"] for r in results) == record["score"]
        assert len(results) == record["games"]


def test_the_runs_follow_one_another_on_the_seeds(records: list[dict[str, Any]]) -> None:
    for before, after in zip(records[:-1], records[1:], strict=True):
        assert after["first_seed"] == before["first_seed"] + len(before["results"])
        assert after["iterations"] == before["iterations"]


def test_master_scores_75_percent_over_200_games_with_the_lower_bound_above_65_percent(
    records: list[dict[str, Any]],
) -> None:
    results = [r for record in records for r in record["results"]]
    score = sum(r["score"] for r in results)
    heroes = [r["hero"] for r in results]
    assert len(results) >= MIN_GAMES
    assert abs(heroes.count(0) - heroes.count(1)) <= len(records), "seats rotated"
    assert score / len(results) >= MIN_RATE, f"{score}/{len(results)}"
    assert wilson_low(score, len(results)) > MIN_LOW, f"{score}/{len(results)}"


@pytest.mark.parametrize("name", RECORDS)
def test_a_recorded_game_replays_with_todays_bots_making_the_recorded_choices(name: str) -> None:
    record = _load(name)
    game = next(r for r in record["results"] if "log" in r)
    rules = GAMES["two_crowns"]
    state = rules.new_game(2, game["seed"], record["options"])
    seeds = Rng.from_seed(game["seed"] ^ 0x5EED)  # as bench/two_crowns_master.py deals them
    master, captain = bot_for("two_crowns", "master"), bot_for("two_crowns", "heuristic")
    steps: list[tuple[Any, int, bool]] = []
    for raw in game["log"]:
        ctx = make_context(rules, state, seeds.next64())
        action = rules.action_from_dict(raw)
        assert action in ctx.legal
        steps.append((ctx, len(steps), ctx.seat == game["hero"] and len(ctx.legal) > 1))
        if ctx.seat != game["hero"]:
            assert captain.choose(ctx) == action, f"Captain's choice at step {len(steps) - 1}"
        state, _events = rules.apply_action(state, action)
    outcome = rules.outcome(state)
    assert outcome is not None
    assert (1.0 if game["hero"] in outcome.winners else 0.0) == game["score"]
    choices = [step for step in steps if step[2]]
    for ctx, index, _ in choices[:: max(1, len(choices) // MASTER_CHECKS)][:MASTER_CHECKS]:
        assert master.choose(ctx).to_dict() == game["log"][index], f"Master's choice at step {index}"
