"""One test per branch of the Muslim Bot algorithm (CK-R42 to CK-R54)."""

from __future__ import annotations

from crimson_table.engine.crusader_kingdoms import automaton
from crimson_table.engine.crusader_kingdoms.actions import Discard, PickCard, Respond, UseGarrison
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import ALL, BOT, GARRISON, PICK, RESPOND
from tests.engine.crusader_kingdoms.helpers import (
    RICHARD,
    advance_from_idle,
    attack,
    first,
    kinds,
    pos,
    run,
)

SOLO = "mode=solo actor=0 h0=c_pilgrims,c_pilgrims"


def _bot_round(extra: str) -> tuple:  # type: ignore[type-arg]
    """The Crusader discards a Pilgrims; the Bot round against him follows."""
    s = pos(f"{SOLO} {extra}")
    return run(s, Discard("c_pilgrims"))


def test_a_troop_joins_the_army() -> None:
    s, _ = _bot_round("bothand=m_mamluks dice=6")
    assert s.bot_army == ["m_mamluks"] and s.bot_hand == []


def test_a_response_goes_on_top_of_the_stack() -> None:
    s, _ = _bot_round("bothand=m_ahdath stack=m_naphtha_throwers")
    assert s.bot_stack == ["m_naphtha_throwers", "m_ahdath"]


def test_leader_attaches_to_an_existing_army() -> None:
    s, _ = _bot_round("bothand=m_leader army=m_bedouin_raiders dice=6")
    assert s.bot_army == ["m_bedouin_raiders", "m_leader"] and automaton.army_strength(s) == 3


def test_leader_without_an_army_goes_on_the_stack() -> None:
    s, _ = _bot_round("bothand=m_leader")
    assert s.bot_stack == ["m_leader"] and s.bot_army == []


def test_regrouping_attaches_to_an_army() -> None:
    s, _ = _bot_round("bothand=m_regrouping army=m_bedouin_raiders dice=6")
    assert s.bot_army == ["m_bedouin_raiders", "m_regrouping"]


def test_regrouping_without_an_army_is_discarded() -> None:
    s, _ = _bot_round("bothand=m_regrouping")
    assert s.bot_army == [] and s.discard_m == ["m_regrouping"]


def test_raid_makes_the_target_christian_discard_at_random() -> None:
    s, _ = _bot_round("bothand=m_raid")
    assert s.hands[0] == [] and s.discard_c.count("c_pilgrims") == 2


def test_add_troops_with_every_muslim_region_garrisoned_does_nothing() -> None:
    own = ",".join(f"{k}:Bg" for k in ("jerusalem", "damascus", "aleppo", "acre", "antioch", "tripoli", "ascalon",
                                        "homs", "jaffa", "hama", "beirut", "tortosa", "latakia"))  # fmt: skip
    s, ev = _bot_round(f"own={own} bothand=m_add_troops")
    assert "garrison" not in kinds(ev) and "m_add_troops" in s.discard_m


def test_commerce_raises_the_bot_bonus() -> None:
    s, _ = _bot_round("bothand=m_commerce")
    assert s.bot_bonus == 1


def test_seduction_of_an_empty_hand_does_nothing() -> None:
    s = pos("mode=solo actor=0 h0=c_pilgrims bothand=m_seduction")
    s, ev = run(s, Discard("c_pilgrims"))
    assert "seduction" not in kinds(ev) and "m_seduction" in s.discard_m


def test_seduction_plays_a_seized_raid_against_the_christian() -> None:
    s = pos("mode=solo actor=0 h0=c_pilgrims,c_raid bothand=m_seduction")
    s, _ = run(s, Discard("c_pilgrims"))  # c_raid is seized and played: nothing left to lose
    assert s.hands[0] == [] and "c_raid" in s.discard_c


def test_seduction_plays_seized_merchants_and_castle_builders() -> None:
    s = pos("mode=solo actor=0 h0=c_pilgrims,c_venetian_merchants bothand=m_seduction")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.bot_bonus == 1
    s = pos("mode=solo actor=0 h0=c_pilgrims,c_castle_builders bothand=m_seduction")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.garrison[s.board.index["jerusalem"]]


def test_scorched_earth_asks_the_christian_for_a_troop() -> None:
    s = pos("mode=solo actor=0 h0=c_pilgrims,c_pilgrims,c_crossbowmen,c_raid bothand=m_scorched_earth")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.phase == PICK and s.actor == 0
    assert set(RULES.legal_actions(s)) == {PickCard("c_pilgrims"), PickCard("c_crossbowmen")}
    s, _ = run(s, PickCard("c_crossbowmen"))
    assert s.hands[0] == ["c_pilgrims", "c_raid"] and s.actor == 0


def test_scorched_earth_without_troops_is_discarded() -> None:
    s = pos("mode=solo actor=0 h0=c_pilgrims,c_raid bothand=m_scorched_earth")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.hands[0] == ["c_raid"] and "m_scorched_earth" in s.discard_m


def test_no_army_means_no_roll() -> None:
    s, ev = _bot_round("dice=1")
    assert "bot_activation" not in kinds(ev) and s.dice == [1]


def test_a_bot_attack_lets_the_defender_place_def_responses_and_use_garrisons() -> None:
    s, ev = _bot_round("own=marah:0g h0=c_pilgrims,c_pilgrims,c_militia army=m_halqa_guard dice=1")
    assert s.phase == RESPOND and s.actor == 0
    assert Respond("c_militia", "DEF") in RULES.legal_actions(s)
    assert not any(isinstance(a, Respond) and a.side == "ATT" for a in RULES.legal_actions(s))
    s, _ = run(s, Respond("c_militia", "DEF"))
    assert s.phase == GARRISON
    s, ev = run(s, UseGarrison("marah"))
    c = first(ev, "combat")
    assert len(c.data["attack_dice"]) == 4 and len(c.data["defence_dice"]) == 1 + 1 + 2


def test_a_won_bot_attack_puts_a_green_castle_and_discards_christian_cards_to_their_deck() -> None:
    s = pos(
        "mode=solo own=latakia:0 h0=c_pilgrims,c_pilgrims army=m_halqa_guard,c_frankish_knights dice=1,3,3,3,3,3,3,3,5,5"
    )
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.owner[s.board.index["latakia"]] == BOT or s.owner[s.board.index["marah"]] == BOT
    assert "c_frankish_knights" in s.discard_c and s.bot_army == []


def test_the_bot_never_uses_its_stack_when_it_attacks() -> None:
    s = pos(f"{SOLO} army=m_halqa_guard stack=m_ahdath dice=1,5,5,5,5,5,5")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.bot_stack == ["m_ahdath"]


def test_a_stack_card_without_defensive_use_is_discarded_without_effect() -> None:
    s = pos("mode=solo own=hama:0 h0=c_frankish_knights stack=c_siege_engines dice=5,5,5,5,5")
    s, ev = attack(s, "homs", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 2 and "c_siege_engines" in s.discard_c


def test_a_seized_italian_fleet_helps_only_on_the_coast() -> None:
    s = pos("mode=solo own=hama:0 h0=c_frankish_knights stack=c_italian_fleet dice=5,5,5,5,5,5")
    s, ev = attack(s, "homs", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 2
    s = pos("mode=solo h0=c_frankish_knights stack=c_italian_fleet dice=5,5,5,5,5,5,5")
    s, ev = attack(s, "latakia", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 4


def test_adjacent_garrisons_join_while_the_bot_is_outnumbered() -> None:
    s = pos("mode=solo own=hama:0 h0=c_knights_templar,c_frankish_knights own=hama:0,aleppo:Bg,tortosa:Bg,damascus:Bg "
            "dice=5,5,5,5,5,5,5,5,5,5,5,5")  # fmt: skip
    s, ev = attack(s, "homs", "c_knights_templar", "c_frankish_knights")
    assert first(ev, "bot_garrisons").data["regions"] == ["damascus", "tortosa"]


def test_events_in_a_round_against_all_hit_the_owner_of_the_bot_target() -> None:
    s = pos("mode=coop passed=0,1 own=antioch:B,latakia:1 h0=c_pilgrims h1=c_pilgrims bothand=m_raid")
    s.bot_vs, s.bot_step = ALL, 0
    s, ev = advance_from_idle(s)
    assert first(ev, "random_discard").data["seat"] == RICHARD


def test_rounds_against_all_continue_until_the_bot_hand_is_empty_then_the_turn_ends() -> None:
    s = pos("mode=coop passed=0,1 bothand=m_mamluks,m_ahdath,m_commerce dice=6,6,6")
    s.bot_vs, s.bot_step = ALL, 0
    s, ev = advance_from_idle(s)
    assert kinds(ev).count("bot_card") == 3 and s.turn == 2
