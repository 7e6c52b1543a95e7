"""Renown: 1-3 stars for a won encounter, by the margin of victory, defined per game.

Each game judges its own margin in ``campaign/games/<game_id>.py`` (``stars`` and ``IN_WORDS``),
found by its id; a game without that module is judged by its score (:func:`generic`).
A loss or a draw gives 0 stars.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.core import GameRules, Outcome
from crimson_table.engine.registry import game_part

PLAYER = 0  # the chronicle's player always sits in seat 0
GAMES_PACKAGE = "crimson_table.campaign.games"  # each game's part in the chronicle, by its id


def rules_in_words(game_id: str) -> str:
    """How ``game_id``'s stars are earned, in a line the introduction shows ("" if it has no words)."""
    part = game_part(GAMES_PACKAGE, game_id)
    return str(getattr(part, "IN_WORDS", ""))


@dataclass(frozen=True)
class Renown:
    """The stars of one result and the margin in words."""

    stars: int
    margin: str
    won: bool


def renown(rules: GameRules[Any], state: Any, seat: int = PLAYER) -> Renown:
    """The stars ``seat`` earned in the finished game ``state``."""
    outcome = rules.outcome(state)
    if outcome is None:
        raise ValueError("the game is not over")
    if seat not in outcome.winners:
        draw = not outcome.winners and rules.num_players(state) > 1
        return Renown(0, "A draw" if draw else "Defeated", False)
    part = game_part(GAMES_PACKAGE, rules.INFO.id)
    judge: Callable[[dict[str, Any], Outcome, int], tuple[int, str]] = part.stars if part else generic
    stars, margin = judge(rules.to_dict(state), outcome, seat)
    return Renown(max(1, min(3, stars)), margin, True)


def by(value: float, three: float, two: float) -> int:
    """3 stars at ``three`` or more, 2 at ``two`` or more, else 1."""
    return 3 if value >= three else 2 if value >= two else 1


def generic(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    """A game judged by its score: 3 stars two points over the best rival, 2 at one over."""
    if not outcome.scores:
        return 1, "Won"
    mine = outcome.scores[seat]
    best = max((s for i, s in enumerate(outcome.scores) if i != seat), default=0.0)
    return by(mine - best, 2, 1), f"Score {mine:g} against {best:g}"
