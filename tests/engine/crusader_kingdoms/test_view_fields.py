"""What the table needs from the engine instead of re-deriving it: the Bot's target in its
activation event, its army strength and every seat's rulebook colour and kingdom in the view."""

from __future__ import annotations

from crimson_table.engine.crusader_kingdoms.actions import Discard
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.crusader_kingdoms.view import seat_table

from .helpers import first, pos, run


def test_the_bot_activation_names_the_region_it_rolls_for_ck_r48() -> None:
    s = pos("mode=solo actor=0 own=hama:0 h0=c_pilgrims,c_pilgrims army=m_ghulams dice=6")
    _s, ev = run(s, Discard("c_pilgrims"))
    activation = first(ev, "bot_activation")
    assert activation.data["region"] == "hama" and activation.data["attacks"] is False  # lowest number first
    assert activation.for_seat(0).data["region"] == "hama"  # public: every seat sees the target


def test_the_view_holds_the_bot_army_strength_ck_r47() -> None:
    s = pos("mode=solo army=m_turkmen_horse_archers,m_ghulams,m_leader")
    assert RULES.player_view(s, 0)["bot_army_strength"] == 2 + 3 + 2
    assert RULES.player_view(pos("mode=comp4"), 1)["bot_army_strength"] == 0


def test_the_view_holds_every_seats_rulebook_colour_and_kingdom_ck_r9() -> None:
    seats = RULES.player_view(pos("mode=comp4"), 2)["seats"]
    assert [row["colour"] for row in seats] == ["yellow", "blue", "red", "green"]
    assert seats[1]["kingdom"] == "Kingdom of Jerusalem" and seats[0]["religion"] == "M"
    assert [row["colour"] for row in seat_table(3)] == ["green", "blue", "red"]
    assert seat_table(3)[0]["kingdom"] == "Saladin" and seat_table(3)[0]["castles"] == 9
    assert [row["colour"] for row in seat_table(1)] == ["red"]
