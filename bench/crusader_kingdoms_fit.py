"""Fit Crusader Kingdoms Master's round-start evaluation (``FITTED_W``/``FITTED_V`` in
``ai/crusader_kingdoms/search.py``) to who won four-player games of Captains.

Run from the repository root: ``python bench/crusader_kingdoms_fit.py [--games 2500] [--seed 100000]``.
Needs numpy, which the app does not: ``pip install -e ".[bench]"`` brings it.  Plays the games (bot seeds from ``seed ^ 77``), records every round start's
features per seat (``search._features``) and the final shares of the win, and fits one
conditional-logit model per turn on the first 80% of the games (features and features times
``h``, the cards left in all hands / 30); prints the weights and the held-out log-loss beside the
hand-set ``crusader_value`` and a uniform guess (ln 4).
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import numpy as np

from crimson_table.ai.base import make_context
from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot
from crimson_table.ai.crusader_kingdoms.search import BONUS_WEIGHT, CARD_WEIGHT, CASTLE_WEIGHT, _features
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng


def play(seed: int) -> tuple[list[tuple[int, list[tuple[float, ...]]]], list[float]]:
    """The round starts (turn, features per seat) of one Captains' game and its shares of the win."""
    state = RULES.new_game(4, seed)
    seeds, bot, starts = Rng.from_seed(seed ^ 77), HeuristicBot(), []
    while not RULES.is_over(state):
        if state.phase == "act":
            starts.append((state.turn, [_features(state, p) for p in range(4)]))
        state, _ = RULES.apply_action(state, bot.choose(make_context(RULES, state, seeds.next64())))
    winners = RULES.outcome(state).winners
    return starts, [1 / len(winners) if p in winners else 0.0 for p in range(4)]


def design(games: list[Any], turn: int) -> tuple[Any, Any]:
    """Features (with the ``h`` interactions) and targets of one turn's round starts."""
    xs, ys = [], []
    for starts, shares in games:
        for t, rows in starts:
            if t == turn:
                f = np.array(rows, float)
                xs.append(np.concatenate([f, f * (f[:, 2].sum() / 30.0)], axis=1))
                ys.append(shares)
    return np.array(xs), np.array(ys)


def fit(x: Any, y: Any, l2: float = 1e-3, steps: int = 3000, rate: float = 0.5) -> Any:
    """Gradient ascent on the conditional-logit likelihood (standardised features)."""
    flat = x.reshape(-1, x.shape[2])
    mu, sd = flat.mean(0), flat.std(0) + 1e-9
    z, w = (x - mu) / sd, np.zeros(x.shape[2])
    for _ in range(steps):
        p = np.exp(z @ w - (z @ w).max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        w += rate * (np.einsum("np,npk->k", y - p, z) / len(z) - l2 * w)
    return w / sd


def log_loss(x: Any, y: Any, w: Any) -> float:
    """Mean cross-entropy of the shares against the model's."""
    logits = x @ w
    p = np.exp(logits - logits.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    return float(-(y * np.log(p + 1e-12)).sum(1).mean())


def main() -> None:
    """Play, fit, print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=100_000)
    args = parser.parse_args()
    games = [play(args.seed + g) for g in range(args.games)]
    cut = int(0.8 * len(games))
    hand_set = np.zeros(16)
    hand_set[:3] = CASTLE_WEIGHT, BONUS_WEIGHT, CARD_WEIGHT
    for turn in (1, 2, 3):
        w = fit(*design(games[:cut], turn))
        held = design(games[cut:], turn)
        print(f"turn {turn}: W {np.round(w[:8], 3).tolist()} V {np.round(w[8:], 3).tolist()}; held-out log-loss "
              f"{log_loss(*held, w):.4f}, hand-set {log_loss(*held, hand_set):.4f}, uniform {math.log(4):.4f}")  # fmt: skip


if __name__ == "__main__":
    main()
