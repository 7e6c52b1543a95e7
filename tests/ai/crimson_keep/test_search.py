"""Crimson Keep's Master: the search for the turn's actions, Captain's rules for the smaller decisions."""

from __future__ import annotations

from dataclasses import replace

from crimson_table.ai.base import make_context
from crimson_table.ai.crimson_keep.heuristic import HeuristicBot
from crimson_table.ai.crimson_keep.search import KeepMaster, master_config
from crimson_table.engine.crimson_keep.rules import RULES


def _small() -> KeepMaster:
    return KeepMaster(replace(master_config(), iterations=8))


def _positions(count: int):  # type: ignore[no-untyped-def]
    s = RULES.new_game(2, 31, {})
    captain = HeuristicBot()
    out, seed = [], 0
    while not RULES.is_over(s) and len(out) < count:
        seed += 1
        ctx = make_context(RULES, s, seed)
        if len(ctx.legal) > 1:
            out.append((s, seed))
        s, _ = RULES.apply_action(s, captain.choose(ctx))
    return out


def test_smaller_decisions_are_captains_and_turn_actions_are_legal_and_repeatable() -> None:
    master, captain = _small(), HeuristicBot()
    phases = set()
    for s, seed in _positions(40):
        ctx = make_context(RULES, s, seed)
        choice = master.choose(ctx)
        assert choice in ctx.legal
        phases.add(s.phase)
        if s.phase != "main":
            assert choice == captain.choose(ctx)
        else:
            assert _small().choose(make_context(RULES, s, seed)) == choice
    assert "main" in phases and len(phases) > 1


def test_master_is_the_search_named_master() -> None:
    assert KeepMaster().name == "master" and KeepMaster().config.iterations == master_config().iterations
