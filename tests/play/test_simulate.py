"""``crimson-table simulate``: bot-vs-bot games without a window."""

from __future__ import annotations

import json

import pytest

from crimson_table.play import simulate


def test_simulate_reports_wins_and_throughput_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate.main(
        ["--game", "two_crowns", "--games", "4", "--seed", "1", "--bots", "heuristic,random", "--json"]
    )
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["games"] == 4
    assert sum(result["wins_by_seat"].values()) == 4
    assert result["actions"] > 0 and result["actions_per_second"] > 0


def test_the_same_seed_gives_the_same_games() -> None:
    first = simulate.simulate("crimson_company", 3, 7, ["heuristic", "random"])
    second = simulate.simulate("crimson_company", 3, 7, ["heuristic", "random"])
    assert first["wins_by_seat"] == second["wins_by_seat"] and first["actions"] == second["actions"]


def test_rotating_seats_credits_wins_to_the_bot_not_the_seat() -> None:
    result = simulate.simulate("condottiere", 6, 0, ["heuristic", "random", "random"], rotate=True)
    assert sum(result["wins_by_bot"].values()) >= 6
    assert set(result["wins_by_bot"]) <= {"heuristic", "random"}


def test_a_wrong_number_of_bots_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--game", "two_crowns", "--bots", "random"]) == 2
    assert "takes 2-2 bots" in capsys.readouterr().err


def test_an_unknown_bot_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.main(["--game", "two_crowns", "--bots", "random,grandmaster"]) == 2
    assert "unknown bot level" in capsys.readouterr().err
