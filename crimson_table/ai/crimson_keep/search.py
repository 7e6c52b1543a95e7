"""The "Master" level of Crimson Keep: ISMCTS settings (see :mod:`crimson_table.ai.ismcts`).

Rollouts stop at once (or at the next quiet decision) and are scored by the heuristic's
evaluation (:func:`crimson_table.ai.crimson_keep.heuristic.evaluate`) squashed to a win
share; the evaluator reads only the sampled state the search made with ``ctx.determinize``.
Figures: ``bench/crimson_keep_bots.py`` (Master against Captain).
"""

from __future__ import annotations

import math
from typing import Any

from crimson_table.ai.crimson_keep.heuristic import evaluate
from crimson_table.ai.ismcts import SearchConfig
from crimson_table.engine.core import GameRules

SCALE = 15.0  # evaluation points per logit
QUIET = frozenset({"main", "dragon", "over", "keep", "meeting", "kd_buy", "kd_play"})


def crimson_keep_value(rules: GameRules[Any], state: Any) -> list[float] | None:
    """Win shares from the evaluation; None in the middle of a battle, a draw or a choice."""
    if state.phase not in QUIET:
        return None
    p0 = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, evaluate(state, 0) / SCALE))))
    return [p0] if rules.num_players(state) == 1 else [p0, 1.0 - p0]


def master_config() -> SearchConfig:
    """A shallow search: every expanded action is judged by the evaluation, averaged over samples."""
    return SearchConfig(
        iterations=400,
        exploration=0.3,
        rollout_depth=0,
        evaluate=crimson_keep_value,
        quiet_limit=30,
    )
