"""Master's belief about a face-down attack: the heuristic's plan, from the sample's own cards."""

from __future__ import annotations

from crimson_table.ai.base import make_context
from crimson_table.ai.two_crowns.playout import plan
from crimson_table.ai.two_crowns.search import sensible_attack
from crimson_table.engine import GAMES
from crimson_table.engine.two_crowns.actions import AddToAttack, ChooseAttack, CommitAttack
from crimson_table.engine.two_crowns.cards import IS_GOLD, IS_KNIGHT, KNIGHT_VALUE, SHORT_NAME
from crimson_table.engine.two_crowns.notation import from_notation
from crimson_table.engine.two_crowns.state import TwoCrownsState

RULES = GAMES["two_crowns"]


def _defending() -> TwoCrownsState:
    """Seat 0 attacked with one Knight 1 face down; seat 1 is to defend."""
    s = from_notation(
        "turn 5 seat 0 castles 20 20 destiny - | hand K3 K2 K1 K1 C G2 G2 deck 20 | hand K2 K1 F deck 20"
    )
    weakest = next(c for c in s.hands[0] if KNIGHT_VALUE[c] == 1)  # a one-card attack, weak
    for action in (ChooseAttack(), AddToAttack(weakest), CommitAttack()):
        s, _ = RULES.apply_action(s, action)
    return s


def test_a_hidden_attack_is_re_made_from_the_sampled_cards_as_a_sensible_attacker_lays_it() -> None:
    state = _defending()
    ctx = make_context(RULES, state, 1)
    assert ctx.seat == 1
    for seed in range(20):
        sample = ctx.determinize(seed)
        cards = sorted(sample.groups[0] + sample.hands[0])
        refined = sensible_attack(sample, 1)
        assert sorted(refined.groups[0] + refined.hands[0]) == cards, "the same cards, re-dealt"
        assert len(refined.groups[0]) == len(state.groups[0]) == 1
        assert any(IS_KNIGHT[c] for c in refined.groups[0]) and not any(IS_GOLD[c] for c in refined.groups[0])
        strongest = max(KNIGHT_VALUE[c] for c in cards)
        assert KNIGHT_VALUE[refined.groups[0][0]] == strongest, "one card laid: the best Knight"
        planned = [SHORT_NAME[c] for c in plan(sample.groups[0] + sample.hands[0])[0]]
        assert all(SHORT_NAME[c] in planned for c in refined.groups[0])
        assert refined.hands[1] == sample.hands[1] and refined.decks == sample.decks


def test_the_belief_leaves_every_other_position_alone() -> None:
    s = from_notation("turn 3 seat 0 castles 20 20 destiny - | hand K1 K2 deck 10 | hand K3 deck 10")
    sample = make_context(RULES, s, 1).determinize(4)
    before = RULES.to_dict(sample)
    assert RULES.to_dict(sensible_attack(sample, 0)) == before
