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
from crimson_table.engine.crusader_kingdoms.cards import is_response, is_troop, strength

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
        from crimson_table.engine.crusader_kingdoms.scoring import victory_points  # noqa: PLC0415

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


# Conditional-logit weights per turn (index turn - 1), fitted to who won 2,500 four-player games of
# Captains from the round starts of each (seeds 100,000-102,499; docs/bench-history.md).  A
# seat's logit is ``w . x + v . x * h`` over the features of :func:`_features`, where ``h`` is the
# cards left in all hands / 30 (how much of the turn is still to be played).
FITTED_W = (
    (0.364, 0.189, 0.281, -0.03, -0.165, 0.282, 0.351, 0.016),
    (0.69, 0.298, 0.216, 0.004, -0.103, 0.231, 0.205, 0.029),
    (2.387, 0.62, 0.297, 0.213, -0.194, 0.077, 0.17, 0.067),
)
FITTED_V = (
    (-0.019, -0.543, -0.074, 0.037, 0.178, -0.481, -0.235, -0.302),
    (-0.332, -0.391, -0.024, 0.031, 0.136, -0.079, -0.075, -0.186),
    (-1.627, -0.798, -0.064, -0.134, 0.247, 0.106, -0.079, -0.226),
)


def _features(state: Any, seat: int) -> tuple[float, ...]:
    """Castles, Card Bonus, cards in hand, troop strength in hand, responses in hand, garrisons,
    events kept in play, and 1 for the seat about to act."""
    hand = state.hands[seat]
    owner, garrison = state.owner, state.garrison
    return (
        owner.count(seat),
        state.bonus[seat],
        len(hand),
        sum(strength(c) for c in hand if is_troop(c)),
        sum(1 for c in hand if is_response(c)),
        sum(1 for r, o in enumerate(owner) if o == seat and garrison[r]),
        len(state.kept[seat]),
        1.0 if state.actor == seat else 0.0,
    )


def fitted_value(rules: GameRules[Any], state: Any) -> list[float] | None:
    """Shares of a win at a round start from the fitted weights (:data:`FITTED_W`); the victory
    points against the Bot as :func:`crusader_value`; None in the middle of an attack or an event."""
    if state.phase != "act":
        return None
    if state.mode in ("solo", "coop"):
        return crusader_value(rules, state)
    players = int(state.players)
    turn = min(max(int(state.turn), 1), 3) - 1
    w, v = FITTED_W[turn], FITTED_V[turn]
    h = sum(len(hand) for hand in state.hands) / 30.0
    logits = []
    for p in range(players):
        x = _features(state, p)
        logits.append(sum((wi + vi * h) * xi for wi, vi, xi in zip(w, v, x, strict=True)))
    top = max(logits)
    weights = [math.exp(x - top) for x in logits]
    total = sum(weights)
    return [x / total for x in weights]


def master_config() -> SearchConfig:
    """The heuristic as prior and as the rollout policy (8 actions), the board judged at the next
    round start by :func:`fitted_value`, 768 iterations.  The dice decide much here, and a rollout
    samples them once: more iterations average more of them.  Against three Captains over 400
    games (seeds 9000-9399): 96 iterations 22.7 %, 384 iterations 28.5 % (95 %: 24.3-33.1 %),
    768 iterations 31.3 % (26.9-36.0 %); decision p95 0.08, 0.33 and about 0.65 s (the app's
    0.8 s wall cap still bounds a slower machine).  Knowing every hidden card adds nothing measurable (23.6 % at 96,
    ``bench/ismcts_strength.py --level cheat-cards``).  (Random 6-action rollouts with 160
    iterations scored 0.167; the hand-set :func:`crusader_value` 0.20 over 100 games with 96.)"""
    return SearchConfig(
        iterations=768,
        exploration=0.7,
        rollout=BotPolicy(HeuristicBot()),
        rollout_depth=8,
        evaluate=fitted_value,
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
    """The Master bot of Crusader Kingdoms (``ai/registry.py`` builds it for the "master" level)."""
    return CrusaderMaster(master_config())
