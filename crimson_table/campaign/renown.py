"""Renown: 1-3 stars for a won encounter, by the margin of victory, defined per game.

Each game's margin is read from its final position (``rules.to_dict`` of the last state and
``rules.outcome``), in terms the game itself keeps score in:

* Two Crowns: the strength left in the player's castle (of 20, TC-R2) when the match was won,
  and in a best of three whether a game was lost: 3 stars at 12+ (a clean 2-0 with 10+ in a best
  of three), 2 at 6+ (or 2-0), else 1;
* Crimson Company: castles taken against castles lost (CC scores): 2-0 is 3 stars, 2-1 is 2;
* Condottiere: regions held over the best rival's: 3+ more is 3 stars, 2 more is 2, else 1;
* Crusader Kingdoms (solitaire, CK-R56): the victory points: 18+ is 3 stars, 15+ (the rulebook's
  "Victory") 2, 11+ ("Marginal victory") 1; in a 3-4 player game castles over the best rival's;
* Crimson Keep: the Final Battle: as the defender, the keep columns still standing (3, 2, 1);
  as the Dragon, the injuries it took (0-1: 3 stars, 2: 2, more: 1).

A loss or a draw gives 0 stars.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.core import GameRules, Outcome

PLAYER = 0  # the chronicle's player always sits in seat 0


# How each game's stars are earned, in a line the introduction shows.
RULES_IN_WORDS = {
    "two_crowns": "Stars by your castle's strength at the end: 3 at 12 or more, 2 at 6 or more.",
    "crimson_company": "Stars by castles: 3 for taking two without losing one, 2 for 2-1.",
    "condottiere": "Stars by regions over the best rival's: 3 for three more, 2 for two more.",
    "crusader_kingdoms": "Stars by victory points: 3 at 18 or more, 2 at 15 (Victory), 1 at 11.",
    "crimson_keep": "Stars by the Final Battle: keep columns left standing, or the Dragon's few injuries.",
}


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
    judge = _JUDGES.get(rules.INFO.id, _generic)
    stars, margin = judge(rules.to_dict(state), outcome, seat)
    return Renown(max(1, min(3, stars)), margin, True)


def _by(value: float, three: float, two: float) -> int:
    return 3 if value >= three else 2 if value >= two else 1


def _two_crowns(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    castle = int(d["castles"][seat])
    lost = int(d["crowns"][1 - seat])
    if int(d["best_of"]) > 1:
        stars = 3 if lost == 0 and castle >= 10 else 2 if lost == 0 else 1
        return stars, f"Won {d['crowns'][seat]}-{lost}, castle at {castle} of 20"
    return _by(castle, 12, 6), f"Your castle stood at {castle} of 20"


def _crimson_company(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    mine, theirs = int(outcome.scores[seat]), int(outcome.scores[1 - seat])
    stars = 3 if theirs == 0 else 2 if mine > theirs else 1
    return stars, f"Castles {mine}-{theirs}"


def _condottiere(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    mine = int(outcome.scores[seat])
    best = max(int(s) for i, s in enumerate(outcome.scores) if i != seat)
    return _by(mine - best, 3, 2), f"{mine} regions against the best rival's {best}"


def _crusader(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    if int(d["players"]) <= 2:
        vp = int(outcome.scores[seat])
        level = "Victory" if vp >= 15 else "Marginal victory"
        return _by(vp, 18, 15), f"{level}: {vp} victory points"
    return _generic(d, outcome, seat)


def _crimson_keep(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    dragon = int(d.get("dragon", -1))
    if dragon == seat:
        injuries = int(d.get("injuries", 0))
        return (3 if injuries <= 1 else 2 if injuries == 2 else 1), f"The Dragon won with {injuries} injuries"
    if dragon >= 0:
        standing = 3 - sum(1 for r in d["clans"][seat]["ruined"] if r)
        return standing, f"{standing} of 3 keep columns still standing"
    return 1, "Won before the Final Battle"


def _generic(d: dict[str, Any], outcome: Outcome, seat: int) -> tuple[int, str]:
    if not outcome.scores:
        return 1, "Won"
    mine = outcome.scores[seat]
    best = max((s for i, s in enumerate(outcome.scores) if i != seat), default=0.0)
    return _by(mine - best, 2, 1), f"Score {mine:g} against {best:g}"


_JUDGES: dict[str, Callable[[dict[str, Any], Outcome, int], tuple[int, str]]] = {
    "two_crowns": _two_crowns,
    "crimson_company": _crimson_company,
    "condottiere": _condottiere,
    "crusader_kingdoms": _crusader,
    "crimson_keep": _crimson_keep,
}
