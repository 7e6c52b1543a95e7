"""Master's fast Two Crowns rollouts play the engine's game: same plans, same winners, any phase."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from crimson_table.ai.two_crowns.heuristic import plan_attack
from crimson_table.ai.two_crowns.playout import finish, plan, race
from crimson_table.ai.two_crowns.search import two_crowns_playout
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.state import NOBODY, OVER

RULES = GAMES["two_crowns"]


def _states(games: int, every: int = 3, best_of: int = 1) -> list[Any]:
    """States of every phase from random play."""
    out = []
    for seed in range(1, games + 1):
        state = RULES.new_game(2, seed, {"best_of": best_of})
        picker = Rng.from_seed(seed)
        for step in range(240):
            if RULES.is_over(state):
                break
            if step % every == 1:
                out.append(state)
            legal = RULES.legal_actions(state)
            state, _ = RULES.apply_action(state, legal[picker.below(len(legal))])
    return out


def _engine_winner(state: Any) -> int:
    """Who wins the game in progress when the engine plays the rollout player to its end."""
    game = state.game_number
    rng = Rng.from_seed(5)
    while not RULES.is_over(state) and state.game_number == game:
        state, _ = RULES.apply_action(state, two_crowns_playout(RULES, state, rng))
    return state.winner if RULES.is_over(state) else state.game_winners[-1]


def test_the_one_pass_plan_is_the_heuristics_attack_plan() -> None:
    rng = Rng.from_seed(9)
    for _ in range(400):
        cards = [rng.below(106) for _ in range(rng.below(9))]
        cards = list(dict.fromkeys(cards))
        want = plan_attack(cards)
        assert plan(cards) == (list(want.cards), want.total, want.catapult)


def test_the_fast_rollout_and_the_engine_agree_on_who_wins() -> None:
    same = total = 0
    for state in _states(12):
        if state.phase == "roll":
            continue
        sample = state.clone()
        if sample.destiny_used_by == NOBODY:
            sample.destiny_used_by = 0  # no Dice of Destiny: the two would roll different numbers
        winner = _engine_winner(sample)
        rewards = finish(RULES, sample, Rng.from_seed(5))
        same += rewards[winner] == 1.0
        total += 1
    assert total > 300 and same >= 0.98 * total


def test_a_rollout_leaves_its_state_alone_and_shares_one_win() -> None:
    for state in _states(6, every=2):
        before = json.dumps(RULES.to_dict(state), sort_keys=True)
        rewards = finish(RULES, state, Rng.from_seed(1))
        assert json.dumps(RULES.to_dict(state), sort_keys=True) == before
        assert abs(sum(rewards) - 1.0) < 1e-9 and all(0.0 <= r <= 1.0 for r in rewards)


def test_in_a_best_of_three_a_first_game_won_scores_the_chance_to_take_the_match() -> None:
    assert race(1, 2) == 0.75 and race(2, 1) == 0.25
    for state in _states(4, best_of=3):
        rewards = finish(RULES, state, Rng.from_seed(2))
        if state.crowns == [0, 0] and state.phase != OVER:
            assert sorted(rewards) == [0.25, 0.75]


def test_copies_of_a_card_are_one_edge_of_masters_tree() -> None:
    from crimson_table.ai.base import make_context
    from crimson_table.ai.ismcts import IsmctsBot
    from crimson_table.ai.registry import master_config
    from crimson_table.ai.two_crowns.search import card_class_key
    from crimson_table.engine.two_crowns.actions import AddToAttack, ChooseAttack

    assert card_class_key(AddToAttack(0)) == card_class_key(AddToAttack(1)) == "add_to_attack:K1"
    assert card_class_key(AddToAttack(30)) != card_class_key(AddToAttack(0))
    assert card_class_key(ChooseAttack()) == "choose_attack"
    state = next(s for s in _states(3) if s.phase == "attack" and not s.groups[s.current])
    ctx = make_context(RULES, state, 3)
    bot = IsmctsBot(replace(master_config("two_crowns"), iterations=60))
    root = bot.search(ctx)
    classes = {card_class_key(a) for a in ctx.legal if a.KIND != "undo_selection"}
    assert set(root.children) <= classes and len(root.children) == len(set(root.children))
    assert bot.choose(ctx) in ctx.legal
