"""The "Master" level of Crimson Company: the ISMCTS settings measured to beat "Captain".

The search itself is generic (:mod:`crimson_table.ai.ismcts`); this module adds how rollouts are
played, where they stop and how a stopped rollout is scored.  Evaluators read the *sampled*
state the search made with ``ctx.determinize``, never the real one.  Figures: ``bench/master_speed.py`` and ``bench/ismcts_strength.py``.
"""

from __future__ import annotations

from typing import Any

from crimson_table.ai.crimson_company.heuristic import evaluate as crimson_company_lanes
from crimson_table.ai.ismcts import SearchConfig
from crimson_table.engine.core import GameRules

# -- Crimson Company ------------------------------------------------------------------------------------

# Master's iterations per second of CPU time (bench/master_speed.py): sizes Grandmaster.
ITERATIONS_PER_SECOND = 3150


def crimson_company_value(rules: GameRules[Any], state: Any) -> list[float]:
    """Both seats' chances from the heuristic's lane model (win chance plus a coin term, clipped)."""
    first = min(1.0, max(0.0, crimson_company_lanes(state, 0)))
    return [first, 1.0 - first]


def master_config() -> SearchConfig:
    """Leaves scored at once by the lane model (no rollout): the tree sees about 3 plies deep."""
    return SearchConfig(iterations=800, exploration=0.7, rollout_depth=0, evaluate=crimson_company_value)
