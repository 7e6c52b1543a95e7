"""What a bot sees and the protocol every bot implements.

A bot never holds the full game state: it gets the acting seat's
``player_view``, the legal actions, and a ``determinize`` callable that samples a
full state consistent with that view (for search bots).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from crimson_table.engine.core import JSON, Action, GameRules


@dataclass(frozen=True)
class BotContext:
    """Everything a bot may use to pick an action."""

    rules: GameRules[Any]
    seat: int
    view: Mapping[str, JSON]
    legal: list[Action]
    determinize: Callable[[int], Any]
    seed: int


class Bot(Protocol):
    """A computer player."""

    name: str

    def choose(self, ctx: BotContext) -> Action:
        """Return one of ``ctx.legal``."""
        ...


ViewOf = Callable[[Any, int], Mapping[str, JSON]]
"""A seat's view of a state: ``rules.player_view`` or a lighter one a search gives its bots."""


def make_context(rules: GameRules[Any], state: Any, seed: int, view_of: ViewOf | None = None) -> BotContext:
    """Build the context for whoever acts in ``state`` (the only place bots meet a state).

    ``view_of`` replaces ``rules.player_view`` where a search plays bots on sampled states and a
    game offers a cheaper view holding every key its bots read (the seat still sees only its own).
    """
    seat = rules.current_player(state)
    if seat is None:
        raise ValueError("the game is over: nobody acts")
    return BotContext(
        rules=rules,
        seat=seat,
        view=(view_of or rules.player_view)(state, seat),
        legal=rules.legal_actions(state),
        determinize=lambda s: rules.determinize(state, seat, s),
        seed=seed,
    )
