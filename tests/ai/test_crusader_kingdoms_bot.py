"""The Crusader Kingdoms heuristic bot: always legal, follows the AI hints, clearly stronger than random."""

from __future__ import annotations

from crimson_table.ai.base import make_context
from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot, win_probability
from crimson_table.ai.registry import bot_for, levels_for
from crimson_table.engine.crusader_kingdoms.actions import Attack, Discard, PlayEvent, TakeBonus
from crimson_table.engine.crusader_kingdoms.notation import position
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.play.simulate import play_one
from tests.engine.crusader_kingdoms.helpers import attack


def _decide(text_or_state, seed: int = 1):  # type: ignore[no-untyped-def]
    state = position(text_or_state) if isinstance(text_or_state, str) else text_or_state
    return HeuristicBot().choose(make_context(RULES, state, seed))


def test_win_probabilities_match_the_supplement_table() -> None:
    assert round(win_probability(5, 6), 2) == 0.30
    assert round(win_probability(1, 0), 2) == 0.33
    assert round(win_probability(10, 7), 2) == 0.60
    assert win_probability(0, 0) == 0.0


def test_the_heuristic_is_registered_for_crusader_kingdoms() -> None:
    assert "heuristic" in levels_for("crusader_kingdoms")
    assert isinstance(bot_for("crusader_kingdoms", "heuristic"), HeuristicBot)


def test_it_attacks_a_weak_independent_with_strong_troops() -> None:
    choice = _decide("mode=comp4 actor=1 h1=c_knights_templar,c_frankish_knights,c_militia")
    assert isinstance(choice, Attack)


def test_it_plays_a_card_bonus_event_early() -> None:
    assert _decide("mode=comp4 actor=3 h3=m_commerce,m_bedouin_raiders") == PlayEvent("m_commerce")


def test_it_takes_the_bonus_as_reward_in_turn_1() -> None:
    s = position("mode=comp4 actor=1 h1=c_knights_templar dice=1,1,1,1,5,5")
    s, _ = attack(s, "gaza", "c_knights_templar")
    assert _decide(s) == TakeBonus()


def test_an_attack_event_carries_its_attack() -> None:
    # Every region red can reach holds a green castle: Siege Towers makes the attack, at RDV - 2.
    s = position(
        "mode=comp4 actor=2 own=marash:3,harim:3,shaizar:3,tortosa:3 h2=c_siege_towers,c_frankish_knights"
    )
    assert _decide(s) == PlayEvent("c_siege_towers")
    while s.phase != "commit":
        s, _ = RULES.apply_action(s, _decide(s))
    assert s.attack is not None and s.attack.kind == "siege" and s.attack.event == "c_siege_towers"


def test_an_attack_event_with_no_troop_to_carry_is_discarded_before_passing() -> None:
    # Carried, it would cost a fresh card next turn (CK-H6).
    assert _decide("mode=comp4 actor=1 h1=c_forced_march") == Discard("c_forced_march")


def test_it_wins_far_more_than_its_share_against_random_bots() -> None:
    wins = 0
    for i in range(32):
        hero = i % 4
        levels = ["random"] * 4
        levels[hero] = "heuristic"
        outcome, _ = play_one("crusader_kingdoms", levels, 300 + i)
        wins += hero in outcome.winners
    assert wins >= 16, f"only {wins}/32 wins (a random seat wins about 8)"


def test_it_scores_more_victory_points_than_random_against_the_muslim_bot() -> None:
    mine = sum(play_one("crusader_kingdoms", ["heuristic"], 50 + i)[0].scores[0] for i in range(12))
    theirs = sum(play_one("crusader_kingdoms", ["random"], 50 + i)[0].scores[0] for i in range(12))
    assert mine > theirs + 24
