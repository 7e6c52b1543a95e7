"""Crimson Company rules object: legality and the engine contract over the phase table.

The turn is a stack of small tasks (``state.tasks``); ``flow.settle`` executes them until a
decision is needed (``state.pending``) or the game ends.  A decision is answered by one action:
its task's phase in ``flow.PHASES`` applies it, and for an action that is not among the
options, the action's class picks the reason it is refused (:data:`REFUSALS`).  Rule IDs are
those of ``crimson_company_supplement.md``.

>>> s = RULES.new_game(2, seed=1)
>>> s.coins[s.first], s.supply          # CC-R6 check: P1 has 6 coins after Income
(6, 30)
>>> RULES.current_player(s) == s.first  # P1 must bid (CC-R8)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import repeat
from operator import is_
from typing import Any

from crimson_table.engine.core import JSON, Action, Event, IllegalAction, Outcome, playable, require_over
from crimson_table.engine.crimson_company import phases, view
from crimson_table.engine.crimson_company.actions import (
    CODEC,
    Bid,
    Deploy,
    Match,
    Pass,
    PickCard,
    PickCards,
    PickLane,
    PickPair,
)
from crimson_table.engine.crimson_company.cards import IDS, NAME, NUM_LANES
from crimson_table.engine.crimson_company.flow import PHASES, TASK_KINDS, settle, setup
from crimson_table.engine.crimson_company.info import INFO
from crimson_table.engine.crimson_company.invariants import check_rules
from crimson_table.engine.crimson_company.ops import Ctx, who
from crimson_table.engine.crimson_company.state import (
    SHARED_BY_FORK,
    CCState,
    Pending,
    biddable,
    castles,
    from_dict,
    is_active_lane,
    to_dict,
)

ANSWERS: dict[str, tuple[type[Action], ...]] = {
    "bid": (Bid,),
    "respond": (Match, Pass),
    "deploy": (Deploy,),
}
"""The action classes that answer each phase decision; effect choices take the Pick actions."""
PICKS: tuple[type[Action], ...] = (PickCard, PickLane, PickPair, PickCards)


# --------------------------------------------------------------------------- refusals


def refusal(state: CCState, action: Action) -> IllegalAction:
    """The IllegalAction for an action that is not among the legal ones, citing its rule."""
    pending = state.pending
    if state.winners is not None or pending is None:
        return IllegalAction("CC-R42", "the game is over")
    answers = ANSWERS.get(pending.kind, PICKS)
    if not isinstance(action, answers):
        return _wrong_decision(pending)
    return REFUSALS[type(action)](state, pending, action)


def _wrong_decision(pending: Pending) -> IllegalAction:
    seat = pending.chooser
    if pending.kind == "bid":
        return IllegalAction("CC-R8", f"{who(seat)} must bid now")
    if pending.kind == "respond":
        return IllegalAction("CC-R10", f"{who(seat)} must Match or Pass now")
    if pending.kind == "deploy":
        return IllegalAction("CC-R16", f"{who(seat)} must play their waiting cards now")
    return _not_a_choice(pending)


def _refuse_bid(state: CCState, pending: Pending, action: Bid) -> IllegalAction:
    if action.card not in [IDS[c] for c in biddable(state, pending.chooser)]:
        return IllegalAction(
            "CC-R8", "only cards on offer (and the deck's top with a Fortune Teller) take bids"
        )
    return IllegalAction("CC-R9", f"a bid must be between 1 and {state.coins[pending.chooser]} coins")


def _refuse_match(state: CCState, pending: Pending, action: Match) -> IllegalAction:
    price = phases.match_price(state)
    return IllegalAction(
        "CC-R10", f"{who(pending.chooser)} needs {price} coins and fewer than 2 waiting cards to Match"
    )


def _refuse_pass(state: CCState, pending: Pending, action: Pass) -> IllegalAction:
    return IllegalAction("CC-R10", f"{who(pending.chooser)} must Match or Pass now")


def _refuse_deploy(state: CCState, pending: Pending, action: Deploy) -> IllegalAction:
    seat = pending.chooser
    if action.card not in [IDS[c] for c in state.waiting[seat]]:
        return IllegalAction("CC-R16", f"{action.card} is not one of {who(seat)}'s waiting cards")
    if not 0 <= action.lane < NUM_LANES or not is_active_lane(state, action.lane):
        return IllegalAction("CC-R18", f"lane {action.lane + 1} is not an active lane")
    return IllegalAction("CC-R16", "that card cannot be played there")


def _refuse_pick(state: CCState, pending: Pending, action: Action) -> IllegalAction:
    return _not_a_choice(pending)


def _not_a_choice(pending: Pending) -> IllegalAction:
    rule = PHASES[pending.task[0]].legal.rule
    return IllegalAction(rule, f"not a legal choice now ({pending.prompt})")


REFUSALS: dict[type[Action], Callable[[CCState, Pending, Any], IllegalAction]] = {
    Bid: _refuse_bid,
    Match: _refuse_match,
    Pass: _refuse_pass,
    Deploy: _refuse_deploy,
    PickCard: _refuse_pick,
    PickLane: _refuse_pick,
    PickPair: _refuse_pick,
    PickCards: _refuse_pick,
}
"""Why an action of each class that answers the pending decision is not one of its options."""


def _canonical(pending: Pending, action: Action) -> Action:
    """Accept a pair or set of cards listed in any order (the options list them in board order)."""
    if isinstance(action, PickPair):
        flipped = PickPair(action.second, action.first)
        return flipped if flipped in pending.options and action not in pending.options else action
    if isinstance(action, PickCards):
        for option in pending.options:
            if isinstance(option, PickCards) and sorted(option.cards) == sorted(action.cards):
                return option
    return action


class CrimsonCompanyRules:
    """The Crimson Company engine (two players, three lanes, 30 unique cards)."""

    INFO = INFO

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CCState:
        """CC-R2 setup; the returned state waits for P1's first bid."""
        return self.new_game_with_events(players, seed, options)[0]

    def new_game_with_events(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> tuple[CCState, list[Event]]:
        """:meth:`new_game` and the events of the setup: turn 1 and P1's Income (CC-R2 step 5,
        CC-R6) happen before any decision, and the log shows them like every later turn's."""
        INFO.validate_options(players, options)
        return setup(seed)

    def current_player(self, state: CCState) -> int | None:
        """Whoever must decide next (bid, respond, deploy or an effect choice), None when over."""
        return None if state.pending is None else state.pending.chooser

    def legal_actions(self, state: CCState) -> list[Action]:
        """The options of the pending decision in section-4 order; empty when the game is over."""
        return [] if state.pending is None else list(state.pending.options)

    def refusal(self, state: CCState, action: Action) -> IllegalAction | None:
        """Why ``action`` is not allowed now (rule ID and reason), or None if it is."""
        pending = state.pending
        if pending is not None and state.winners is None and _canonical(pending, action) in pending.options:
            return None
        return refusal(state, action)

    def apply_action(self, state: CCState, action: Action) -> tuple[CCState, list[Event]]:
        """Apply one decision and run the game on to the next one.  ``state`` is not changed."""
        pending = state.pending
        if pending is None or state.winners is not None:
            raise refusal(state, action)
        # An option itself (what a bot or a playout passes back) is found by identity alone, without
        # a dataclass __eq__ per option before it; an equal copy is looked for the long way.
        if not any(map(is_, pending.options, repeat(action))):
            action = _canonical(pending, action)
            if action not in pending.options:
                raise refusal(state, action)
        new = state.fork()
        new.pending = None
        ctx = Ctx(new, SHARED_BY_FORK)
        task = pending.task
        PHASES[task[0]].apply(ctx, task, action)
        settle(ctx)
        return new, ctx.events

    def is_over(self, state: CCState) -> bool:
        """True once someone holds two castles or the cards ran out (CC-R42, CC-R43)."""
        return state.winners is not None

    def outcome(self, state: CCState) -> Outcome | None:
        """Winners (empty for a draw), castles as scores, and the reason."""
        if state.winners is None:
            return None
        return Outcome(state.winners, (float(castles(state, 0)), float(castles(state, 1))), state.reason)

    def player_view(self, state: CCState, seat: int | None) -> view.CrimsonCompanyView:
        """Everything public (CC-R3); the deck below its top card only as an unordered set.  None: a spectator at no seat."""
        return view.player_view(state, seat)

    def open_view(self, state: CCState, final: CCState | None = None) -> view.CrimsonCompanyView:
        """``state`` with every hand and face-down card face up, once the game is over: ``state``
        itself or ``final``, the end of the game ``state`` is a position of (GameNotOver before)."""
        require_over(self.is_over(state if final is None else final))
        return view.open_view(state)

    def determinize(self, state: CCState, seat: int, seed: int) -> CCState:
        """The state with the hidden part of the deck reshuffled (CC-R3)."""
        return view.determinize(state, seat, seed)

    def to_dict(self, state: CCState) -> dict[str, JSON]:
        """JSON-able form with ``"game"`` and ``"rng"``."""
        return to_dict(state)

    def from_dict(self, data: Mapping[str, JSON]) -> CCState:
        """Validated inverse of :meth:`to_dict` (raises StateError)."""
        state = from_dict(data, TASK_KINDS)  # types, ranges, every card in one zone
        check_rules(state)  # then the rules' invariants, naming the rule
        return playable(self, state)

    def action_from_dict(self, data: Mapping[str, JSON]) -> Action:
        """Rebuild an action (raises StateError)."""
        return CODEC.from_dict(data)

    def num_players(self, state: CCState) -> int:
        """Always 2."""
        return 2

    def card_name(self, card_id: str) -> str:
        """Display name of a card id (for the UI)."""
        return NAME[IDS.index(card_id)]


RULES = CrimsonCompanyRules()
