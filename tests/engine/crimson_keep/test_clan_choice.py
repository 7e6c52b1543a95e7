"""CK2-R72: in solo the player chooses a clan side and Kai takes the other (default: Kai Right)."""

from __future__ import annotations

import pytest

from crimson_table.engine.core import StateError
from crimson_table.engine.crimson_keep.actions import Flip
from crimson_table.engine.crimson_keep.cards import TILE_SETS
from crimson_table.engine.crimson_keep.info import INFO
from crimson_table.engine.crimson_keep.notation import parse, write
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.rng import Rng

from .conftest import play, pos


def test_ck2_r72_the_option_is_the_players_side_kai_right_by_default() -> None:
    spec = next(o for o in INFO.options if o.name == "your_clan")
    assert spec.choices == ("left", "right") and spec.default == "left"
    assert not RULES.new_game(1, 4, {}).mirrored
    assert RULES.new_game(1, 4, {"your_clan": "right"}).mirrored
    assert not RULES.new_game(2, 4, {"your_clan": "right"}).mirrored  # two players: seat 0 is Left


def test_ck2_r72_the_player_on_the_right_gets_the_right_clans_tiles() -> None:
    s = RULES.new_game(1, 4, {"your_clan": "right", "tiles_left": "epic", "tiles_right": "quickest"})
    assert sorted(s.clans[0].tiles) == sorted(TILE_SETS["quickest"])
    s = RULES.new_game(1, 4, {"your_clan": "left", "tiles_left": "epic", "tiles_right": "quickest"})
    assert sorted(s.clans[0].tiles) == sorted(TILE_SETS["epic"])


def test_ck2_r72_the_player_on_the_right_finds_the_right_boards_runes() -> None:
    """Fang (#2 Arch, #23 Stair) is on the Right Summon Board, Ember (#1, #22) on the Left (CK2 s.3.2)."""
    fang = "turn=L solo=1 L:2,1=2+ L:2,2=23- L.hand=5"
    ember = "turn=L solo=1 L:2,1=1+ L:2,2=22- L.hand=5"
    for text, mirrored, found in ((fang, False, 0), (fang, True, 1), (ember, False, 1), (ember, True, 0)):
        s = pos(text + (" mirrored=1" if mirrored else ""))
        s = play(s, Flip(23 if text is fang else 22))
        assert s.clans[0].found[6:9].count(1) == found, (text, mirrored)


def test_ck2_r72_the_view_says_which_side_each_clan_plays() -> None:
    s = RULES.new_game(1, 4, {"your_clan": "right"})
    assert RULES.player_view(s, 0)["mirrored"] is True
    assert RULES.determinize(s, 0, 3).mirrored


def test_ck2_r72_notation_round_trip_and_only_solo_swaps_sides() -> None:
    text = "turn=L solo=1 mirrored=1 L:0,1=36-"
    assert write(parse(text)) == text
    with pytest.raises(StateError, match="CK2-R72"):
        parse("turn=L mirrored=1")


def test_ck2_r72_a_game_with_the_player_on_the_right_plays_through() -> None:
    s = RULES.new_game(1, 8, {"your_clan": "right", "round_limit": 50})
    pick = Rng.from_seed(8)
    while not RULES.is_over(s):
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[pick.below(len(legal))])
        assert RULES.from_dict(RULES.to_dict(s)) == s


def test_saves_from_before_the_clan_choice_load_with_kai_right() -> None:
    data = RULES.to_dict(RULES.new_game(1, 4, {}))
    del data["mirrored"]
    assert not RULES.from_dict(data).mirrored
