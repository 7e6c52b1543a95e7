"""The "Master" level of Condottiere: the ISMCTS settings measured to beat "Captain".

The search itself is generic (:mod:`crimson_table.ai.ismcts`); this module adds how rollouts are
played, where they stop and how a stopped rollout is scored.  Evaluators read the *sampled*
state the search made with ``ctx.determinize``, never the real one.  Figures: ``bench/master_speed.py`` and ``bench/ismcts_strength.py``.
"""

from __future__ import annotations

import math
from typing import Any

from crimson_table.ai.condottiere.heuristic import WORTH
from crimson_table.ai.condottiere.heuristic import HeuristicBot as CondottiereBot
from crimson_table.ai.ismcts import BotPolicy, SearchConfig
from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import thresholds
from crimson_table.engine.condottiere.state import REGION
from crimson_table.engine.condottiere.strength import largest_group, owned_by
from crimson_table.engine.condottiere.view import search_view
from crimson_table.engine.core import GameRules

# -- Condottiere -----------------------------------------------------------------------------------------

# Master's iterations per second of CPU time (bench/master_speed.py): sizes Grandmaster.
ITERATIONS_PER_SECOND = 1300

CARD_WEIGHT = 0.12  # reward logit per point of card worth above the table's mean (cards are the currency)
PROGRESS_WEIGHT = 5.0  # reward logit per unit of progress towards the CO-R48 goal


def condottiere_value(rules: GameRules[Any], state: Any) -> list[float] | None:
    """Shares of a win between battles: progress towards CO-R48 and hand worth; None mid-battle."""
    if state.phase != REGION:
        return None
    players = int(state.players)
    total, connected = thresholds(players)
    neighbours = italy().neighbours
    worth = [sum(WORTH[c] for c in hand) for hand in state.hands]
    mean = sum(worth) / players
    logits = []
    for seat in range(players):
        owned = owned_by(state.control, seat)
        progress = max(len(owned) / total, largest_group(owned, neighbours) / connected)
        logits.append(PROGRESS_WEIGHT * progress + CARD_WEIGHT * (worth[seat] - mean))
    return _softmax(logits)


def master_config() -> SearchConfig:
    """The heuristic plays the current battle out; the board is judged when it is over.  It reads
    the search view (no line strengths or discard pile, which it never reads): the same choices
    for less work per seat."""
    heuristic = BotPolicy(CondottiereBot(), search_view)
    return SearchConfig(
        iterations=500,
        exploration=0.7,
        rollout=heuristic,
        rollout_depth=1,
        evaluate=condottiere_value,
        prior=heuristic,
        prior_weight=1.0,
    )


def _softmax(logits: list[float]) -> list[float]:
    top = max(logits)
    weights = [math.exp(x - top) for x in logits]
    total = sum(weights)
    return [w / total for w in weights]
