"""The Crusader Kingdoms Master settings: a legal, quick choice and a sane evaluator."""

from __future__ import annotations

from dataclasses import replace

from crimson_table.ai.base import make_context
from crimson_table.ai.crusader_kingdoms.search import crusader_value, master_config
from crimson_table.ai.ismcts import IsmctsBot
from crimson_table.engine.crusader_kingdoms.actions import Attack
from crimson_table.engine.crusader_kingdoms.notation import position
from crimson_table.engine.crusader_kingdoms.rules import RULES


def test_the_evaluator_favours_castles_and_is_silent_mid_attack() -> None:
    s = position("mode=comp4 own=gaza:1,nablus:1")
    shares = crusader_value(RULES, s)
    assert shares is not None and abs(sum(shares) - 1) < 1e-9 and max(shares) == shares[1]
    s = position("mode=comp4 actor=1 h1=c_pilgrims")
    s, _ = RULES.apply_action(s, Attack("gaza"))
    assert crusader_value(RULES, s) is None


def test_the_evaluator_shares_victory_points_in_the_coop_game() -> None:
    shares = crusader_value(RULES, position("mode=coop own=homs:0,hama:1"))
    assert shares is not None and shares[0] == shares[1] and 0 < shares[0] < 1


def test_a_small_master_chooses_a_legal_action() -> None:
    bot = IsmctsBot(replace(master_config(), iterations=5))
    for players in (4,):
        state = RULES.new_game(players, 5)
        ctx = make_context(RULES, state, 9)
        assert bot.choose(ctx) in ctx.legal


def test_master_searches_the_round_action_and_leaves_the_rest_to_captain() -> None:
    from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot  # noqa: PLC0415
    from crimson_table.ai.crusader_kingdoms.search import CrusaderMaster, master_bot  # noqa: PLC0415

    bot = master_bot()
    assert isinstance(bot, CrusaderMaster)
    small = CrusaderMaster(replace(master_config(), iterations=5))
    s = position("mode=comp4 actor=1 h1=c_pilgrims,c_knights_templar,c_militia")
    ctx = make_context(RULES, s, 3)
    assert small.choose(ctx) in ctx.legal
    s, _ = RULES.apply_action(s, Attack("gaza"))  # the commitment is Captain's
    ctx = make_context(RULES, s, 3)
    assert small.choose(ctx) == HeuristicBot().choose(ctx)


def test_master_is_offered_and_the_registry_builds_the_round_action_search() -> None:
    # Master offered once measured (0.247 against three Captains, docs/bench-history.md)
    from crimson_table.ai.crusader_kingdoms.search import CrusaderMaster  # noqa: PLC0415
    from crimson_table.ai.registry import bot_for, levels_for  # noqa: PLC0415

    assert levels_for("crusader_kingdoms") == ["random", "heuristic", "master"]
    bot = bot_for("crusader_kingdoms", "master")
    assert isinstance(bot, CrusaderMaster) and bot.config.iterations == master_config().iterations


def test_the_fitted_evaluator_favours_castles_more_as_the_game_goes_on() -> None:
    from crimson_table.ai.crusader_kingdoms.search import fitted_value  # noqa: PLC0415

    early = fitted_value(RULES, position("mode=comp4 turn=1 own=gaza:1,nablus:1"))
    late = fitted_value(RULES, position("mode=comp4 turn=3 own=gaza:1,nablus:1"))
    assert early is not None and late is not None
    assert abs(sum(early) - 1) < 1e-9 and abs(sum(late) - 1) < 1e-9
    assert max(early) == early[1] and late[1] > early[1]
    s = position("mode=comp4 actor=1 h1=c_pilgrims")
    s, _ = RULES.apply_action(s, Attack("gaza"))
    assert fitted_value(RULES, s) is None
    coop = position("mode=coop own=homs:0,hama:1")
    assert fitted_value(RULES, coop) == crusader_value(RULES, coop)
