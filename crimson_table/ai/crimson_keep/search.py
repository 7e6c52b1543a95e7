"""The "Master" level of Crimson Keep: ISMCTS settings (see :mod:`crimson_table.ai.ismcts`).

The tree never tries ending a turn early, is biased towards the heuristic's own one-step
choice on each sampled state (``greedy_prior``), and every rollout stops at once (or at the
next quiet decision) and is scored by the heuristic's
evaluation (:func:`crimson_table.ai.crimson_keep.heuristic.evaluate`) squashed to a win
share; the evaluator reads only the sampled state the search made with ``ctx.determinize``.

:class:`KeepMaster` searches only the turn's actions (MAIN decisions): the smaller decisions
(cards kept, tactics, tokens, stores, Summon or Pass, Keep Defence, the Dragon's attacks) follow
Captain's rules, which know the summoning and battle maths (AI hints 5-9) the evaluation only
approximates; a Summon Captain would make is made at once and never searched.
Figures: ``bench/ismcts_strength.py --game crimson_keep`` (Master against Captain).
"""

from __future__ import annotations

import math
from typing import Any

from crimson_table.ai.base import BotContext
from crimson_table.ai.crimson_keep.heuristic import HeuristicBot, battle_score, evaluate, should_summon
from crimson_table.ai.ismcts import PhaseMaster, SearchConfig
from crimson_table.engine.core import Action, GameRules
from crimson_table.engine.crimson_keep.actions import Ability, Battle, EndTurn, Summon, TakeDrawBonus
from crimson_table.engine.rng import Rng

SCALE = 15.0  # evaluation points per logit
QUIET = frozenset({"main", "dragon", "over", "keep", "meeting", "kd_buy", "kd_play"})


def crimson_keep_value(rules: GameRules[Any], state: Any) -> list[float] | None:
    """Win shares from the evaluation; None in the middle of a battle, a draw or a choice."""
    if state.phase not in QUIET:
        return None
    p0 = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, evaluate(state, 0) / SCALE))))
    return [p0] if rules.num_players(state) == 1 else [p0, 1.0 - p0]


def greedy_prior(rules: GameRules[Any], state: Any, rng: Rng) -> Action:
    """The heuristic's one-step lookahead on the sampled state itself (no further sampling): cheap bias."""
    legal = rules.legal_actions(state)
    seat = rules.current_player(state)
    if seat is None or len(legal) == 1:
        return legal[0]
    base = evaluate(state, seat)
    best, best_score = legal[0], -1e18
    for a in legal:
        if isinstance(a, Summon):
            if should_summon(state, seat, a.dragon):
                return a
            continue
        if isinstance(a, Battle):
            score = battle_score(state, seat, a.card, a.target, base)
        elif isinstance(a, Ability) and a.mode in ("blitz", "horn_dash"):
            score = battle_score(state, seat, a.card, a.target, base, 2 if a.mode == "blitz" else 1)
        else:
            score = evaluate(rules.apply_action(state, a)[0], seat) - (0.5 if isinstance(a, EndTurn) else 0.0)
        if score > best_score:
            best, best_score = a, score
    return best


def master_config() -> SearchConfig:
    """A shallow search: every expanded action is judged by the evaluation, averaged over samples."""
    return SearchConfig(
        iterations=500,
        exploration=0.3,
        rollout_depth=0,
        evaluate=crimson_keep_value,
        quiet_limit=30,
        skip_kinds=frozenset({"end_turn", "summon"}),
        prior=greedy_prior,
        prior_weight=2.0,
    )


class KeepMaster(PhaseMaster):
    """Master: the search for the turn's actions, Captain's rules for every smaller decision."""

    searched_phase = "main"

    def __init__(self, config: SearchConfig | None = None) -> None:
        super().__init__(config or master_config(), HeuristicBot())

    def captain_first(self, ctx: BotContext) -> Action | None:
        """Captain's Summon or draw bonus when it takes one."""
        if any(isinstance(a, (Summon, TakeDrawBonus)) for a in ctx.legal):
            choice = self.captain.choose(ctx)
            if isinstance(choice, (Summon, TakeDrawBonus)):
                return choice
        return None


def master_bot() -> KeepMaster:
    """The Master bot of Crimson Keep (``ai/registry.py`` asks for it)."""
    return KeepMaster()
