"""The Muslim Bot's attack says what it attacks with (CK-R49: its army, S dice) and never logs an
empty reveal ("The attack's cards are revealed: none."); the Bot's revealed card says where it went
(CK-R46, CK-R54), so a table can show the army before the attack."""

from __future__ import annotations

from crimson_table.engine.crusader_kingdoms.actions import Discard, Respond
from tests.engine.crusader_kingdoms.helpers import NO_GARRISON, first, pos, run

SOLO = "mode=solo actor=0 h0=c_pilgrims,c_pilgrims"


def test_ck_r49_a_bot_attack_without_cards_logs_its_army_strength_and_dice_not_none() -> None:
    s = pos(f"{SOLO} army=m_halqa_guard,m_leader dice=1,5,5,5,5,5,5,1")
    _s, ev = run(s, Discard("c_pilgrims"))
    reveal = first(ev, "reveal")
    assert reveal.text == "The Bot attacks with its army (Halqa Guard, Leader): strength 6, so 6 dice."
    assert reveal.data["army"] == ["m_halqa_guard", "m_leader"] and reveal.data["strength"] == 6
    assert not any("revealed: none" in e.text for e in ev)
    assert ev.index(reveal) < ev.index(first(ev, "combat"))


def test_ck_r49_a_bot_attack_names_the_defences_cards_after_its_army() -> None:
    s = pos("mode=solo actor=0 own=marah:0g h0=c_pilgrims,c_pilgrims,c_militia army=m_halqa_guard dice=1")
    s, _ = run(s, Discard("c_pilgrims"), Respond("c_militia", "DEF"))
    _s, ev = run(s, NO_GARRISON)
    assert first(ev, "reveal").text == (
        "The Bot attacks with its army (Halqa Guard): strength 4, so 4 dice. "
        "The cards played are revealed: Militia."
    )


def test_ck_r46_the_bots_revealed_card_says_where_it_went() -> None:
    for card, extra, to in (
        ("m_mamluks", "", "army"),
        ("m_ahdath", "", "stack"),
        ("m_leader", "army=m_mamluks", "army"),
        ("m_leader", "", "stack"),
        ("m_regrouping", "", "discard"),
        ("m_commerce", "", "event"),
    ):
        s = pos(f"{SOLO} bothand={card} {extra} dice=6")
        s, ev = run(s, Discard("c_pilgrims"))
        assert first(ev, "bot_card").data == {"card": card, "to": to}, card
        assert (card in s.bot_army) == (to == "army") and (card in s.bot_stack) == (to == "stack")
