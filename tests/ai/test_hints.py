"""Hints (issue 14): Master's (or Captain's) move for the seat to act, explained with chances.

A hint is computed from a BotContext only, so two states a seat cannot tell apart (another
determinization, hidden zones reordered: ``test_blindness.twins``) give the same hint, for every
game, at the real settings.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from crimson_table.ai import hints
from crimson_table.ai.base import make_context
from crimson_table.ai.hints import Hint, explain, hint_for, hint_method
from crimson_table.ai.ismcts import IsmctsBot
from crimson_table.ai.registry import master_bot
from crimson_table.engine import GAMES
from crimson_table.engine.two_crowns.actions import ChooseAttack, LargeDraw
from tests.ai.test_blindness import positions, twins

GAME_IDS = list(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hint_is_the_same_for_states_with_the_same_view(game_id: str) -> None:
    rules = GAMES[game_id]
    players = max(2, GAMES.info(game_id).min_players)
    state = positions(game_id, players, 2, seed=9)[-1]
    seat, others = twins(rules, state)
    expected = hint_for(game_id, make_context(rules, state, 77))
    assert expected.action in rules.legal_actions(state)
    for other in others:
        assert rules.player_view(other, seat) == rules.player_view(state, seat)
        assert hint_for(game_id, make_context(rules, other, 77)) == expected


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_many_positions_give_equal_hints_for_equal_views_with_a_short_search(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = hints.search_config
    monkeypatch.setattr(hints, "search_config", lambda g: replace(real(g), iterations=40))
    rules = GAMES[game_id]
    for players in sorted({max(2, GAMES.info(game_id).min_players), GAMES.info(game_id).max_players})[-1:]:
        for index, state in enumerate(positions(game_id, players, 3, seed=21 + players)):
            seat, others = twins(rules, state)
            expected = hint_for(game_id, make_context(rules, state, 500 + index))
            for other in others:
                assert hint_for(game_id, make_context(rules, other, 500 + index)) == expected, (
                    f"{game_id}: the hint for seat {seat} changed with what it cannot see"
                )


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if hint_method(g) == "master"])
def test_where_master_is_offered_the_hint_is_masters_move(game_id: str) -> None:
    rules = GAMES[game_id]
    state = positions(game_id, max(2, GAMES.info(game_id).min_players), 1, seed=4)[0]
    ctx = make_context(rules, state, 5)
    hint = hint_for(game_id, ctx)
    assert hint.method == "master" and hint.win is not None
    assert hint.action == master_bot(game_id).choose(ctx)
    assert hint.samples > 0


def test_analyse_ranks_root_actions_as_choose_does() -> None:
    rules = GAMES["two_crowns"]
    state = positions("two_crowns", 2, 1, seed=3)[0]
    ctx = make_context(rules, state, 11)
    bot = IsmctsBot(master_bot("two_crowns").config)
    stats = bot.analyse(ctx)
    assert stats and all(0.0 <= s.win_rate <= 1.0 and s.visits > 0 for s in stats)
    assert [s.visits for s in stats] == sorted((s.visits for s in stats), reverse=True)
    assert stats[0].action == bot.choose(ctx)
    assert sum(s.visits for s in stats) <= bot.config.iterations


def test_the_line_says_the_move_its_chance_and_the_next_best() -> None:
    hint = Hint(ChooseAttack(), 0.642, LargeDraw(), 0.51, "master", 700)
    assert explain(hint) == "Attack: about 64% to win; next best: Large draw, about 51%"
    captain = Hint(ChooseAttack(), None, None, None, "captain", 200)
    assert "no estimate" in explain(captain) and "%" not in explain(captain)
    alone = Hint(ChooseAttack(), 1.0, None, None, "master", 700)
    assert explain(alone) == "Attack: about 100% to win (no other move to compare)"
    disagree = Hint(ChooseAttack(), 0.25, LargeDraw(), 0.29, "captain", 200)
    assert explain(disagree) == (
        "Attack (Captain's choice): about 25% to win; a short look-ahead gives Large draw about 29%"
    )


def test_a_hint_survives_the_trip_through_json() -> None:
    rules = GAMES["two_crowns"]
    hint = Hint(ChooseAttack(), 0.6, LargeDraw(), 0.4, "master", 700)
    assert Hint.from_json(rules, hint.to_json()) == hint
