"""The Two Crowns heuristic bot: registered, always legal, and much stronger than random play."""

from __future__ import annotations

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.registry import bot_for, levels_for
from crimson_table.ai.two_crowns.heuristic import HeuristicBot
from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DeclinePayment,
    PayWith,
)
from crimson_table.engine.two_crowns.notation import from_notation
from crimson_table.engine.two_crowns.rules import RULES
from crimson_table.engine.two_crowns.state import TwoCrownsState
from crimson_table.play.simulate import play_one


def _decide(bot: Bot, state: TwoCrownsState, seed: int = 1) -> object:
    return bot.choose(make_context(RULES, state, seed))


def _heuristic_wins(seed: int, hero: int) -> bool:
    """One game through ``simulate.play_one``: the heuristic bot at seat ``hero``, the random bot opposite."""
    levels = ["random", "random"]
    levels[hero] = "heuristic"
    outcome, _ = play_one("two_crowns", levels, seed)
    return bool(outcome.winners == (hero,))


def test_the_heuristic_level_is_registered_for_two_crowns() -> None:
    assert "heuristic" in levels_for("two_crowns")
    assert bot_for("two_crowns", "heuristic").name == "heuristic"


def test_the_heuristic_bot_beats_the_random_bot_in_at_least_85_percent_of_60_games() -> None:
    wins = sum(_heuristic_wins(seed, seed % 2) for seed in range(60))
    assert wins >= 51, f"only {wins}/60 wins"


def test_the_bot_attacks_when_it_can_pay_a_catapult() -> None:
    s = from_notation(
        "turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 F deck 10 | hand K3 K3 K3 deck 10"
    )
    assert _decide(HeuristicBot(), s).label == "Attack"  # type: ignore[attr-defined]


def test_the_bot_draws_rather_than_attack_with_a_single_weak_knight() -> None:
    s = from_notation(
        "turn 3 seat 0 castles 20 20 destiny - | hand K1 F deck 10 | hand K3 K3 K2 K2 K1 deck 10"
    )
    assert _decide(HeuristicBot(), s).label == "Large draw"  # type: ignore[attr-defined]


def test_the_bot_rolls_the_dice_of_destiny_when_its_castle_is_low() -> None:
    s = from_notation("turn 9 seat 0 castles 3 20 destiny - | hand K1 deck 10 | hand K1 deck 10")
    assert _decide(HeuristicBot(), s).label == "Roll the Dice of Destiny"  # type: ignore[attr-defined]


def test_the_bot_pays_for_its_catapult() -> None:
    s = from_notation("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 deck 10 | hand K3 deck 10")
    knight, catapult = s.hands[0][0], s.hands[0][1]
    for action in (
        ChooseAttack(),
        AddToAttack(knight),
        AddToAttack(catapult),
        CommitAttack(),
        CommitDefence(),
    ):
        s, _ = RULES.apply_action(s, action)
    assert isinstance(_decide(HeuristicBot(), s), PayWith)


def test_the_bot_declines_a_vassal_that_cannot_change_a_lost_defence() -> None:
    s = from_notation(
        "turn 3 seat 0 castles 20 20 destiny - | hand K3 K3 K3 K3 deck 10 | hand K1 V G2 deck 10"
    )
    attackers = s.hands[0][:4]
    knight, vassal = s.hands[1][0], s.hands[1][1]
    actions = [ChooseAttack(), *(AddToAttack(c) for c in attackers), CommitAttack()]
    for action in [*actions, AddToDefence(knight), AddToDefence(vassal), CommitDefence()]:
        s, _ = RULES.apply_action(s, action)
    assert _decide(HeuristicBot(), s) == DeclinePayment()


def test_the_bot_lays_its_planned_attack_and_launches_it() -> None:
    s = from_notation(
        "turn 3 seat 0 castles 20 20 destiny - | hand K3 K2 K2 K1 K1 G1 deck 10 | hand K1 deck 10"
    )
    s, _ = RULES.apply_action(s, RULES.legal_actions(s)[1])
    for _ in range(5):
        action = _decide(HeuristicBot(), s)
        if action == CommitAttack():
            break
        s, _ = RULES.apply_action(s, action)  # type: ignore[arg-type]
    assert sorted(s.groups[0]) == sorted([28, 20, 21, 0])
