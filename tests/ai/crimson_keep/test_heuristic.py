"""The Crimson Keep heuristic bot: legal to the end, deterministic, far stronger than random (200-game figure: bench)."""

from __future__ import annotations

from crimson_table.ai.base import make_context
from crimson_table.ai.crimson_keep.heuristic import HeuristicBot, evaluate
from crimson_table.ai.registry import bot_for, levels_for
from crimson_table.engine.crimson_keep.notation import parse
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.play.simulate import play_one


def test_the_heuristic_beats_random_in_at_least_5_of_6_games() -> None:
    wins = 0
    for seed in range(6):
        levels = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        outcome, _actions = play_one("crimson_keep", levels, 500 + seed)
        wins += levels.index("heuristic") in outcome.winners
    assert wins >= 5, f"only {wins}/6"


def test_the_heuristic_plays_solo_against_kai_to_the_end() -> None:
    outcome, actions = play_one("crimson_keep", ["heuristic"], 7)
    assert actions > 0 and outcome is not None


def test_registered_as_captain() -> None:
    assert "heuristic" in levels_for("crimson_keep")
    assert isinstance(bot_for("crimson_keep", "heuristic"), HeuristicBot)


def test_the_bot_is_deterministic() -> None:
    state = RULES.new_game(2, 12, {})
    while state.phase != "main":
        state, _ = RULES.apply_action(state, RULES.legal_actions(state)[0])
    a = HeuristicBot().choose(make_context(RULES, state, 5))
    assert a == HeuristicBot().choose(make_context(RULES, state, 5))


def test_evaluation_prefers_active_summoning_cards_high() -> None:
    low = parse("turn=L L:0,1=37+ L:0,2=1-")
    high = parse("turn=L L:0,1=1- L:0,2=37+")
    assert evaluate(high, 0) > evaluate(low, 0)
