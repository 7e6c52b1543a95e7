"""The "Master" level of Crusader Kingdoms: ISMCTS settings (the search is :mod:`crimson_table.ai.ismcts`).

Rollouts are short playouts by the heuristic, stopped at the next quiet moment (a round start)
and scored by :func:`crusader_value`: castles on the map and the Card Bonus (CK-R34) in the
competitive game, victory points against the Bot (CK-R56).  The heuristic ("Captain") is
the prior: its choice is expanded first at every node.  Evaluators read the *sampled* state
the search made with ``ctx.determinize``, never the real one.
"""

from __future__ import annotations

import math
from typing import Any

from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot
from crimson_table.ai.ismcts import BotPolicy, IsmctsBot, PhaseMaster, SearchConfig
from crimson_table.engine.core import GameRules

CASTLE_WEIGHT = 1.2  # reward logit per castle on the map
BONUS_WEIGHT = 0.35  # per point of Card Bonus (more cards next turn, and the tie-break)
CARD_WEIGHT = 0.12  # per card in hand (carried cards are still worth something)
VP_SCALE = 3.0  # victory points per logit unit against the Bot; 13 VP is the midpoint


def crusader_value(rules: GameRules[Any], state: Any) -> list[float] | None:
    """Shares of a win at a round start; None in the middle of an attack or an event."""
    if state.phase != "act":
        return None
    players = int(state.players)
    if state.mode in ("solo", "coop"):
        from crimson_table.engine.crusader_kingdoms.flow import victory_points  # noqa: PLC0415

        share = 1.0 / (1.0 + math.exp(-(victory_points(state) - 13) / VP_SCALE))
        return [share] * players
    logits = [
        CASTLE_WEIGHT * state.owner.count(p)
        + BONUS_WEIGHT * state.bonus[p]
        + CARD_WEIGHT * len(state.hands[p])
        for p in range(players)
    ]
    top = max(logits)
    weights = [math.exp(x - top) for x in logits]
    total = sum(weights)
    return [w / total for w in weights]


def master_config() -> SearchConfig:
    """The heuristic as prior and as the rollout policy (8 actions), the board judged at the next
    round start.  (Random 6-action rollouts with 160 iterations scored 0.167 against Captains.)"""
    return SearchConfig(
        iterations=48,
        exploration=0.7,
        rollout=BotPolicy(HeuristicBot()),
        rollout_depth=8,
        evaluate=crusader_value,
        quiet_limit=60,
        prior=BotPolicy(HeuristicBot()),
        prior_weight=3.0,
    )


class CrusaderMaster(PhaseMaster):
    """Master searching the round's action (attack, event, incursion, discard, pass) only; the
    decisions inside an attack or an event (cards to commit, responses, garrisons, rewards,
    targets) are Captain's, as in the rollouts."""

    searched_phase = "act"

    def __init__(self, config: SearchConfig | None = None) -> None:
        super().__init__(config or master_config(), HeuristicBot())


def master_bot() -> IsmctsBot:
    """The Master bot of Crusader Kingdoms (``ai/registry.py`` asks for it once it is offered)."""
    return CrusaderMaster(master_config())
