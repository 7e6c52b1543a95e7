"""The Crimson Company heuristic bot: always legal, sensible in key spots, far stronger than random."""

from __future__ import annotations

from crimson_table.ai.base import make_context
from crimson_table.ai.crimson_company.heuristic import HeuristicBot
from crimson_table.engine.core import Action
from crimson_table.engine.crimson_company.actions import Bid, Deploy, Match, Pass
from crimson_table.engine.crimson_company.notation import position
from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.engine.crimson_company.state import CCState
from crimson_table.play.simulate import play_one


def _decide(state: CCState, seed: int = 1) -> Action:
    return HeuristicBot().choose(make_context(RULES, state, seed))


def _heuristic_wins(seed: int, hero: int) -> bool:
    """One game through ``simulate.play_one``: the heuristic bot at seat ``hero``, the random bot opposite."""
    levels = ["random", "random"]
    levels[hero] = "heuristic"
    outcome, _ = play_one("crimson_company", levels, seed)
    return bool(outcome.winners == (hero,))


def test_the_heuristic_bot_beats_the_random_bot_in_at_least_85_percent_of_40_games() -> None:
    wins = sum(_heuristic_wins(seed, seed % 2) for seed in range(40))
    assert wins >= 34, f"only {wins}/40 wins"


def test_the_bot_is_deterministic_for_a_given_seed() -> None:
    state = RULES.new_game(2, 12)
    assert _decide(state, 5) == _decide(state, 5)


def test_the_bot_completes_a_lane_it_is_winning() -> None:
    """Tempo (section 5): ahead 13 to 6 with three cards, the fourth card goes there and scores."""
    s, _ = position(
        {0: ("pikeman griffin_rider slinger", "monk demon")}, phase="deploy", waiting=(["fairy"], [])
    )
    assert _decide(s) == Deploy("fairy", 0)


def test_the_bot_does_not_add_the_fourth_card_to_a_lane_it_would_lose() -> None:
    """Tempo (section 5): behind 10 to 14 in a lane still open, a fourth card there would lose it now."""
    lanes = {0: ("pikeman slinger monk", "stone_giant griffin_rider")}
    s, _ = position(lanes, phase="deploy", waiting=(["haggler"], []))
    assert _decide(s) in (Deploy("haggler", 1), Deploy("haggler", 2))


def test_the_bot_buys_with_the_cheapest_bid_the_opponent_cannot_match() -> None:
    """Coins (section 5): with 9 coins against 3, a bid of 3 + 1 is a sure purchase."""
    lanes = {0: ("pikeman griffin_rider slinger", "stone_giant ironclad_knight")}
    s, _ = position(lanes, coins=(9, 3), offer="fairy monk martyr haggler")
    choice = _decide(s)
    assert isinstance(choice, Bid) and choice.amount == 4


def test_the_bot_matches_a_cheap_bid_on_a_strong_card() -> None:
    lanes = {1: ("pikeman monk", "griffin_rider slinger")}
    s, _ = position(lanes, coins=(6, 10), offer="stone_giant fairy demon haggler")
    s = RULES.apply_action(s, Bid("stone_giant", 1))[0]
    assert _decide(s) == Match()


def test_the_bot_passes_on_an_expensive_bid_for_a_weak_card() -> None:
    s, _ = position({}, coins=(12, 12), offer="martyr fairy monk haggler")
    s = RULES.apply_action(s, Bid("martyr", 10))[0]
    assert _decide(s) == Pass()
