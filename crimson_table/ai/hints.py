"""Hints that explain: the move a strong bot would make for one seat, and why, in numbers.

``hint_for(game_id, ctx)`` works on a :class:`~crimson_table.ai.base.BotContext` only (the seat's
view, its legal actions and ``determinize``), so a hint can never use what that seat cannot see:
two states with the same view give the same hint (``tests/ai/test_hints.py``).

* Where the game offers Master (``ai/registry.py``), the hint is Master's own choice: its search
  runs with the game's settings and reports every root action (``IsmctsBot.analyse``); the
  suggested move is the one Master would play, with its estimated chance to win, and the next
  best action by the same ranking with its chance.
* Where Master is not offered, the suggestion is Captain's (the heuristic bot's) choice; the
  chances come from the game's search settings (``ai/<game>/search.py``: a short look-ahead
  scored by the game's evaluation), run on the same context.  When Captain's move was not among
  the moves the search tried, the hint gives no number for it (it never invents one).

A chance is the mean reward of the seat after the move: 1 for a win, 0 for a loss, a share for a
shared win (or the evaluation's win share where a game stops its look-ahead early).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from crimson_table.ai.base import BotContext
from crimson_table.ai.ismcts import IsmctsBot, RootStat, SearchConfig
from crimson_table.ai.registry import LEVELS, bot_for, master_bot, master_config
from crimson_table.engine.core import JSON, Action, GameRules


@dataclass(frozen=True)
class Hint:
    """The suggested action, its estimated chance to win, and the next best with its chance."""

    action: Action
    win: float | None
    alternative: Action | None
    alternative_win: float | None
    method: str  # "master" (Master's search) or "captain" (Captain's choice, search numbers)
    samples: int  # search iterations behind the numbers

    def to_json(self) -> dict[str, JSON]:
        """Plain data (what the bot process sends back)."""
        return {
            "action": self.action.to_dict(),
            "win": self.win,
            "alternative": self.alternative.to_dict() if self.alternative is not None else None,
            "alternative_win": self.alternative_win,
            "method": self.method,
            "samples": self.samples,
        }

    @classmethod
    def from_json(cls, rules: GameRules[Any], data: dict[str, Any]) -> Hint:
        """The inverse of :meth:`to_json` (actions rebuilt by the game's codec)."""
        alternative = data.get("alternative")
        return cls(
            action=rules.action_from_dict(data["action"]),
            win=_rate(data.get("win")),
            alternative=rules.action_from_dict(alternative) if alternative is not None else None,
            alternative_win=_rate(data.get("alternative_win")),
            method=str(data.get("method", "master")),
            samples=int(data.get("samples", 0)),
        )


def _rate(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def hint_method(game_id: str) -> str:
    """``master`` where the game offers Master, else ``captain``."""
    return "master" if "master" in LEVELS.get(game_id, ()) else "captain"


def search_config(game_id: str) -> SearchConfig:
    """Master's settings where offered, else the game's own search settings (``ai/<game>/search.py``)."""
    if hint_method(game_id) == "master":
        return master_config(game_id)
    config: SearchConfig = importlib.import_module(f"crimson_table.ai.{game_id}.search").master_config()
    return config


def hint_for(game_id: str, ctx: BotContext) -> Hint:
    """The hint for the decision in ``ctx`` (a function of the seat's view and ``ctx.seed`` alone)."""
    method = hint_method(game_id)
    config = search_config(game_id)
    stats = IsmctsBot(config).analyse(ctx)
    if method == "master":
        master = master_bot(game_id)
        if type(master) is IsmctsBot:  # plain Master: its choice is the search's top action
            best = stats[0].action if stats else ctx.legal[0]
        else:  # a game's own Master (Crimson Keep's leaves small decisions to Captain's rules)
            best = master.choose(ctx)
    else:
        best = bot_for(game_id, "heuristic").choose(ctx)
    return _explained(best, stats, method, config.iterations)


def _explained(best: Action, stats: list[RootStat], method: str, samples: int) -> Hint:
    mine = next((s for s in stats if s.action == best), None)
    if mine is None and method == "master":  # the chosen key's first action stands for its equivalents
        mine = stats[0] if stats else None
    others = [s for s in stats if s is not mine]
    other = others[0] if others else None
    return Hint(
        action=best,
        win=mine.win_rate if mine is not None else None,
        alternative=other.action if other is not None else None,
        alternative_win=other.win_rate if other is not None else None,
        method=method,
        samples=samples,
    )


def percent(rate: float) -> int:
    """A chance as a whole percentage (0..100)."""
    return max(0, min(100, round(rate * 100)))


def explain(hint: Hint, label_of: Any = None) -> str:
    """One line in player words: "Attack: about 64% to win; next best: Large draw, about 51%".

    ``label_of(action) -> str`` names an action for players (default: its ``label``).
    """
    name = label_of or (lambda a: a.label)
    lead = name(hint.action) + ("" if hint.method == "master" else " (Captain's choice)")
    if hint.win is None:
        return f"{lead}: the look-ahead did not try it, so there is no estimate"
    line = f"{lead}: about {percent(hint.win)}% to win"
    if hint.alternative is None or hint.alternative_win is None:
        return f"{line} (no other move to compare)"
    other = name(hint.alternative)  # a move's label is a command ("Play Scarecrow"): kept whole
    if hint.method != "master" and percent(hint.alternative_win) > percent(hint.win):
        # Captain's rules and the short look-ahead disagree: say so rather than hide it
        return f"{line}; a short look-ahead gives {other} about {percent(hint.alternative_win)}%"
    return f"{line}; next best: {other}, about {percent(hint.alternative_win)}%"
