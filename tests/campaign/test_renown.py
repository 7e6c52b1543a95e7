"""Renown and each game's part in the chronicle (``campaign/games/<game_id>.py``), found by its id."""

from __future__ import annotations

from crimson_table.campaign.encounters import automaton_name, harder_options
from crimson_table.campaign.renown import GAMES_PACKAGE, by, generic, rules_in_words
from crimson_table.engine.core import Outcome
from crimson_table.engine.registry import BUILTIN_GAMES, game_part, games_with_part


def test_every_built_in_game_has_its_part_in_the_chronicle_with_words_and_stars() -> None:
    assert games_with_part(GAMES_PACKAGE) == BUILTIN_GAMES
    for game_id in BUILTIN_GAMES:
        assert rules_in_words(game_id).startswith("Stars by")
        assert callable(getattr(game_part(GAMES_PACKAGE, game_id), "stars", None))


def test_a_game_without_a_part_has_no_words_no_harder_options_and_a_plain_automaton_name() -> None:
    assert rules_in_words("a_game_of_a_test") == ""
    assert harder_options("a_game_of_a_test") == {}
    assert automaton_name("a_game_of_a_test") == "the solo rival"


def test_the_solo_games_name_their_rulebook_opponent_and_step_their_own_difficulty() -> None:
    assert automaton_name("crusader_kingdoms") == "the Muslim Bot"
    assert automaton_name("crimson_keep") == "Kai, the solo rival"
    assert harder_options("crimson_keep") == {"hard_mode": {False: True}}
    assert harder_options("crusader_kingdoms")["difficulty"]["standard"] == "challenging"
    assert harder_options("two_crowns") == {}


def test_two_crowns_stars_follow_the_castle_left_standing() -> None:
    stars = game_part(GAMES_PACKAGE, "two_crowns").stars  # type: ignore[union-attr]
    win = Outcome((0,), (1.0, 0.0), "castle")
    assert stars({"castles": [12, 0], "crowns": [1, 0], "best_of": 1}, win, 0) == (
        3,
        "Your castle stood at 12 of 20",
    )
    assert stars({"castles": [5, 0], "crowns": [1, 0], "best_of": 1}, win, 0)[0] == 1
    assert stars({"castles": [11, 0], "crowns": [2, 0], "best_of": 3}, win, 0)[0] == 3


def test_a_game_judged_by_its_score_gets_stars_by_its_lead() -> None:
    assert by(2, 2, 1) == 3 and by(1, 2, 1) == 2 and by(0, 2, 1) == 1
    assert generic({}, Outcome((0,), (7.0, 5.0), "score"), 0) == (3, "Score 7 against 5")
