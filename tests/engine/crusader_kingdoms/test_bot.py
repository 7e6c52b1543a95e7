"""One test per branch of the Muslim Bot algorithm (CK-R42 to CK-R54)."""

from __future__ import annotations

from collections import Counter

import pytest

from crimson_table.engine.crusader_kingdoms import dice
from crimson_table.engine.crusader_kingdoms.actions import Discard, Incursion, PickCard, Respond, UseGarrison
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.state import ALL, BOT, GARRISON, PICK, RESPOND
from crimson_table.engine.rng import Rng
from tests.engine.crusader_kingdoms.helpers import (
    LEOPOLD,
    NO_GARRISON,
    NO_MORE,
    PASS,
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
    assert s.bot_army == ["m_bedouin_raiders", "m_leader"] and dice.army_strength(s) == 3


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
    """CK-R53: in a round against the Crusader, the Bot's Raid hits him."""
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
    """CK-R49: S attack dice, DEF responses and garrisons only."""
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
    """CK-R49: Christian cards of the army go to the Christian discard pile."""
    s = pos(
        "mode=solo own=latakia:0 h0=c_pilgrims,c_pilgrims army=m_halqa_guard,c_frankish_knights dice=1,3,3,3,3,3,3,3,5,5"
    )
    s, ev = run(s, Discard("c_pilgrims"))
    # CK-R48: Latakia (13) before Marah (14), the Crusader's lowest-numbered region on the front
    assert first(ev, "bot_activation").data["region"] == "latakia"
    assert s.owner[s.board.index["latakia"]] == BOT and s.owner[s.board.index["marah"]] == 0
    assert "c_frankish_knights" in s.discard_c and s.bot_army == []


def test_the_bot_never_uses_its_stack_when_it_attacks() -> None:
    """CK-R49, CK-R43."""
    s = pos(f"{SOLO} army=m_halqa_guard stack=m_ahdath dice=1,5,5,5,5,5,5")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.bot_stack == ["m_ahdath"]


def test_a_stack_card_without_defensive_use_is_discarded_without_effect() -> None:
    """CK-R52."""
    s = pos("mode=solo own=hama:0 h0=c_frankish_knights stack=c_siege_engines dice=5,5,5,5,5")
    s, ev = attack(s, "homs", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 2 and "c_siege_engines" in s.discard_c


def test_a_seized_italian_fleet_helps_only_on_the_coast() -> None:
    """CK-R52, CK-R60 (coastal)."""
    s = pos("mode=solo own=hama:0 h0=c_frankish_knights stack=c_italian_fleet dice=5,5,5,5,5,5")
    s, ev = attack(s, "homs", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 2
    s = pos("mode=solo h0=c_frankish_knights stack=c_italian_fleet dice=5,5,5,5,5,5,5")
    s, ev = attack(s, "latakia", "c_frankish_knights")
    assert len(first(ev, "combat").data["defence_dice"]) == 4


def test_adjacent_garrisons_join_while_the_bot_is_outnumbered() -> None:
    """CK-R52: neighbours in increasing Region Number while outnumbered."""
    s = pos("mode=solo own=hama:0 h0=c_knights_templar,c_frankish_knights own=hama:0,aleppo:Bg,tortosa:Bg,damascus:Bg "
            "dice=5,5,5,5,5,5,5,5,5,5,5,5")  # fmt: skip
    s, ev = attack(s, "homs", "c_knights_templar", "c_frankish_knights")
    assert first(ev, "bot_garrisons").data["regions"] == ["damascus", "tortosa"]


@pytest.mark.parametrize(
    ("owners", "hit"),
    [
        ("", LEOPOLD),  # Leopold's Antioch (5) is the target before Richard's Tripoli (6)
        ("own=antioch:B,latakia:1 ", RICHARD),  # Antioch is the Bot's: Tripoli (6) before Latakia (13)
        ("own=tripoli:B,antioch:B ", RICHARD),  # no Christian region left to target: the first Christian
    ],
)
def test_ck_r53_against_all_a_bot_event_hits_the_owner_of_its_target(owners: str, hit: int) -> None:
    """CK-R53: in a round against ALL, the Bot's event hits the owner of the region CK-R48 would pick,
    and the first Christian in seat order when there is none."""
    s = pos(f"mode=coop passed=0,1 {owners}h0=c_pilgrims h1=c_pilgrims bothand=m_raid")
    s.bot_vs, s.bot_step = ALL, 0
    s, ev = advance_from_idle(s)
    assert first(ev, "random_discard").data["seat"] == hit


def test_rounds_against_all_continue_until_the_bot_hand_is_empty_then_the_turn_ends() -> None:
    """CK-R43 (no voluntary pass), CK-R44 (the hand is empty at the end of the turn)."""
    s = pos("mode=coop passed=0,1 bothand=m_mamluks,m_ahdath,m_commerce dice=6,6,6")
    s.bot_vs, s.bot_step = ALL, 0
    s, ev = advance_from_idle(s)
    assert kinds(ev).count("bot_card") == 3 and s.turn == 2


# ---------------------------------------------------------------------------------------------
# Bot rules beyond the single branches


@pytest.mark.parametrize("players", [1, 2])
def test_ck_r43_the_bot_never_takes_a_players_decision(players: int) -> None:
    """CK-R43: in random games the Bot is never the seat to decide, never makes an Incursion, a
    Discard, a Pass or a player's attack, and plays a stack card only in defence (CK-R52)."""
    player_moves = ("incursion", "discard", "pass", "respond", "commit", "announce", "event", "use_garrison")
    seen: Counter[str] = Counter()
    for game in range(5):
        s = RULES.new_game(players, 600 + game)
        pick = Rng.from_seed(game)
        attacker = ""
        while not RULES.is_over(s):
            seat = RULES.current_player(s)
            assert seat is not None and 0 <= seat < players
            legal = RULES.legal_actions(s)
            s, events = RULES.apply_action(s, legal[pick.below(len(legal))])
            for e in events:
                seen[e.kind] += 1
                if e.kind in player_moves:
                    assert e.data.get("seat") != BOT, e.kind
                if e.kind == "announce" or (e.kind == "bot_activation" and e.data["attacks"]):
                    attacker = "bot" if e.kind == "bot_activation" else "christian"
                if e.kind == "bot_response":
                    assert attacker == "christian"
    assert seen["bot_card"] > 50 and seen["bot_response"] > 0 and seen["bot_activation"] > 0


def test_ck_r49_a_won_bot_attack_removes_the_castle_and_an_unused_garrison() -> None:
    """CK-R49: attack dice = S; the Bot wins marah: green castle, no garrison left, army discarded."""
    s = pos("mode=solo own=marah:0g h0=c_pilgrims,c_pilgrims army=m_halqa_guard dice=1,3,3,3,3,5")
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.phase == GARRISON and s.actor == 0
    s, ev = run(s, NO_GARRISON)
    c = first(ev, "combat")
    assert len(c.data["attack_dice"]) == 4 and len(c.data["defence_dice"]) == 1 and c.data["won"] is True
    marah = s.board.index["marah"]
    assert s.owner[marah] == BOT and not s.garrison[marah]
    assert s.bot_army == [] and s.discard_m == ["m_halqa_guard"]


def test_ck_r49_a_lost_bot_attack_still_discards_the_whole_army() -> None:
    """CK-R49: a Leader adds 2 to the attack dice; win or lose the army (Leader included) is discarded."""
    s = pos("mode=solo h0=c_pilgrims,c_pilgrims army=m_halqa_guard,m_leader dice=1,5,5,5,5,5,5,1")
    s, ev = run(s, Discard("c_pilgrims"))
    c = first(ev, "combat")
    assert len(c.data["attack_dice"]) == 4 + 2 and c.data["won"] is False
    assert s.owner[s.board.index["marah"]] == 0
    assert s.bot_army == [] and sorted(s.discard_m) == ["m_halqa_guard", "m_leader"]


def test_ck_r49_the_defender_then_his_active_ally_place_def_cards_only() -> None:
    """CK-R49, CK-R26: against a Bot attack the owner places first, then the partner who has not
    passed; neither may place a card on the attack side (Italian Fleet would fit there)."""
    s = pos(
        "mode=coop actor=0 h0=c_pilgrims,c_militia h1=c_militia,c_italian_fleet army=m_halqa_guard dice=1"
    )
    s, _ = run(s, Discard("c_pilgrims"))
    assert s.attack is not None and s.board.names[s.attack.region] == "tripoli"
    assert s.phase == RESPOND and s.actor == RICHARD and s.attack.window == [RICHARD, LEOPOLD]
    s, _ = run(s, NO_MORE)
    assert s.actor == LEOPOLD
    assert set(RULES.legal_actions(s)) == {
        Respond("c_militia", "DEF"),
        Respond("c_italian_fleet", "DEF"),
        NO_MORE,
    }


def test_ck_r50_army_attachments_and_stack_carry_over_to_the_next_turn() -> None:
    """CK-R50, CK-R13: at the end of the turn the army with its Leader and Regrouping, and the stack in
    its order, stay on the table; the new draw is not reduced by them (CK-R44)."""
    army, stack = "m_bedouin_raiders,m_leader,m_regrouping", "m_ahdath,m_naphtha_throwers"
    s = pos(f"mode=solo actor=0 army={army} stack={stack} dice=6")
    s, ev = run(s, PASS)
    assert first(ev, "bot_activation").data["attacks"] is False and s.turn == 2
    assert s.bot_army == army.split(",") and s.bot_stack == stack.split(",")
    assert len(s.bot_hand) == 8 and not {"m_leader", "m_regrouping"} & set(s.bot_hand)


def test_ck_r51_an_incursion_hit_takes_the_bots_top_card() -> None:
    """CK-R51: the random card of the Bot is the top card of its hand, discarded face down."""
    s = pos("mode=solo h0=c_pilgrims,c_pilgrims bothand=m_mamluks,m_ahdath dice=1")
    s, ev = run(s, Incursion(BOT, "c_pilgrims"))
    assert first(ev, "incursion_roll").data["hit"] is True
    assert s.discard_m == ["m_mamluks"] and s.down_m == [True]
    assert s.bot_stack == ["m_ahdath"] and s.bot_hand == []  # the next card was the Bot's round


def test_ck_r51_with_an_empty_hand_nothing_happens() -> None:
    """CK-R51: a hit against the Bot's empty hand does nothing."""
    s = pos("mode=solo h0=c_pilgrims,c_pilgrims dice=1")
    s, ev = run(s, Incursion(BOT, "c_pilgrims"))
    assert first(ev, "incursion_roll").data["hit"] is True and "bot_discard" not in kinds(ev)
    assert s.discard_m == [] and s.bot_hand == [] and s.phase == "act"


def test_ck_r52_att_responses_count_towards_the_three_dice() -> None:
    """CK-R52: Pilgrims (1) + Siege Engines (+2) make 3 attack dice: the Bot plays its top stack card."""
    s = pos("mode=solo own=hama:0 h0=c_pilgrims,c_siege_engines stack=m_ahdath dice=5,5,5,5,5,5,5")
    s, ev = attack(s, "homs", "c_pilgrims", "c_siege_engines")
    c = first(ev, "combat")
    assert "bot_response" in kinds(ev) and s.bot_stack == []
    assert first(ev, "bot_response").data["card"] == "m_ahdath"
    assert len(c.data["attack_dice"]) == 3 and len(c.data["defence_dice"]) == 2 + 2


def test_ck_r53_a_bot_event_in_a_round_against_leopold_hits_leopold() -> None:
    """CK-R53: during a round against one Christian, the Bot's event affects that Christian."""
    s = pos("mode=coop actor=1 h0=c_pilgrims h1=c_pilgrims,c_pilgrims bothand=m_raid")
    s, ev = run(s, Discard("c_pilgrims"))
    assert first(ev, "random_discard").data["seat"] == LEOPOLD
    assert s.hands == [["c_pilgrims"], []]


def test_ck_r58_the_activation_die_is_a_plain_d6() -> None:
    """CK-R58, CK-R47: over many games the green die shows 1 to 6 about equally often, and with
    S = 3 the Bot attacks exactly on 1 and 2."""
    faces: Counter[int] = Counter()
    for seed in range(300):
        s = pos(f"mode=solo seed={seed} h0=c_pilgrims,c_pilgrims army=m_ghulams")
        _s, ev = run(s, Discard("c_pilgrims"))
        roll = first(ev, "bot_activation")
        assert roll.data["strength"] == 3 and roll.data["attacks"] is (roll.data["roll"] < 3)
        faces[roll.data["roll"]] += 1
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(30 <= n <= 70 for n in faces.values()), faces
