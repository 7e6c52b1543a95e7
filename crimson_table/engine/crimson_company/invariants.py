"""The rules' invariants of a Crimson Company position, checked when a state is loaded.

:func:`state.check_state` checks that every card is in one zone and the coins add up; this
module checks that the position could arise under the rules, naming the rule it breaks.
"""

from __future__ import annotations

from crimson_table.engine.core import InvariantError, StateError
from crimson_table.engine.crimson_company.cards import NUM_CARDS, NUM_LANES
from crimson_table.engine.crimson_company.flow import PHASES, is_decision
from crimson_table.engine.crimson_company.state import CCState

# What each argument of a task is (S seat, C card, L lane, N a count), after its kind.  A kind
# not listed is checked by state.py only (ints >= -1).
TASK_ARGS: dict[str, str] = {
    **dict.fromkeys(("end_turn", "income_base", "recruit_fx", "score_phase"), ""),
    **dict.fromkeys(("bid", "deploy", "deploy_step", "respond"), "S"),
    **dict.fromkeys(("income_entry", "recruit_entry"), "C"),
    **dict.fromkeys(("monk_opp", "monk_own", "banshee", "outrider", "quartermaster"), "SC"),
    **dict.fromkeys(
        ("alchemist", "blood_priest", "bully", "changeling", "demon", "fanatic", "illusionist"), "SCL"
    ),
    **dict.fromkeys(("siren_dest", "siren_pick", "summoner", "undead", "war_drummer"), "SCL"),
    "score_total": "L",
    "score_entry": "CL",
    "pass": "NN",
    "destroyed": "CSL",
    "gain": "SNC",
    "fairy": "SCLS",
}
_ROLE_LIMIT = {"S": 2, "C": NUM_CARDS, "L": NUM_LANES}

OFFER_SIZE = 4  # CC-R2, CC-R13
TURN_LIMIT = 200  # CC-R44 safety net
_ACTIVE = -1


def _rule(cond: bool, rule: str, message: str) -> None:
    if not cond:
        raise StateError(f"crimson_company state breaks {rule}: {message}")


def check_rules(s: CCState) -> None:
    """Raise StateError naming the rule if ``s`` could not arise in a legal game."""
    _rule(len(s.tied) == NUM_LANES, "CC-R1", "'tied' needs one flag per lane")
    over = s.winners is not None
    _rule(over != (s.pending is not None), "CC-R44", "a running game must wait for exactly one decision")
    _rule(not over or not s.tasks, "CC-R42", "work is left to do in a finished game")
    _rule(s.turn <= TURN_LIMIT + 1, "CC-R44", f"turn {s.turn} is past the limit of {TURN_LIMIT}")
    castles = [sum(1 for owner in s.won_by if owner == seat) for seat in (0, 1)]
    _rule(over or max(castles) < 2, "CC-R42", "a player holds 2 castles, yet the game goes on")
    _rule(len(set(s.winners or ())) == len(s.winners or ()), "CC-R43", "a winner is listed twice")
    _rule(
        len(s.offer) <= OFFER_SIZE, "CC-R13", f"the offer holds {len(s.offer)} cards (at most {OFFER_SIZE})"
    )
    _rule(
        len(s.offer) == OFFER_SIZE or not s.deck,
        "CC-R13",
        "the offer is short while the deck still holds cards",
    )
    in_play = {card for pair in s.sides for side in pair for card in side}
    down = [card for card in range(NUM_CARDS) if s.down[card]]
    _rule(all(card in in_play for card in down), "CC-R22", "a card out of play lies face down")
    _rule(
        all(not s.tied[lane] or s.won_by[lane] == _ACTIVE for lane in range(NUM_LANES)),
        "CC-R39",
        "a won lane is marked tied",
    )
    _check_bid(s)
    turn_ends = [i for i, task in enumerate(s.tasks) if task[:1] == ("end_turn",)]
    # CC-R5: the turn's steps are stacked on its end; work without it would never reach the next turn
    _rule(over or turn_ends == [0], "CC-R5", "the work of a turn is not stacked on the turn's end")
    for task in [*s.tasks, *(() if s.pending is None else (s.pending.task,))]:
        _check_task(task)
        _check_turn_step(s, task)
    if s.pending is not None:
        _check_pending(s)


def _check_bid(s: CCState) -> None:
    bid = s.bid
    if bid is None:
        return
    _rule(bid.bidder == s.active, "CC-R9", "the bidder is not the active player")
    if bid.from_deck:
        _rule(
            bool(s.deck) and s.deck[0] == bid.card,
            "CC-R8",
            "a bid from the deck is not on the deck's top card",
        )
    else:
        _rule(bid.card in s.offer, "CC-R9", "the bid card is not in the offer")


def _check_task(task: tuple[object, ...]) -> None:
    roles = TASK_ARGS.get(str(task[0]))
    if roles is None:
        return
    _rule(len(task) == len(roles) + 1, "CC-R32", f"task {task[0]!r} needs {len(roles)} argument(s)")
    for role, value in zip(roles, task[1:], strict=True):
        limit = _ROLE_LIMIT.get(role)
        ok = isinstance(value, int) and value >= 0 and (limit is None or value < limit)
        _rule(ok, "CC-R32", f"task {task[0]!r} has a bad argument {value!r}")


def _check_turn_step(s: CCState, task: tuple[object, ...]) -> None:
    """The turn's own steps are the active player's (CC-R5, CC-R9, CC-R16); the opponent answers a bid (CC-R10)."""
    kind = task[0]
    if kind in ("bid", "deploy", "deploy_step"):
        _rule(task[1] == s.active, "CC-R5", f"the {kind} step of a player whose turn it is not")
    elif kind == "respond":
        _rule(task[1] == 1 - s.active, "CC-R10", "the active player answers his own bid")


def _check_pending(s: CCState) -> None:
    """The decision waited for must be exactly the one its task asks (section 4)."""
    pending = s.pending
    if pending is None:
        return
    _check_task(pending.task)
    kind = str(pending.task[0])
    _rule(is_decision(kind), "CC-R26", f"task {pending.task[0]!r} asks no decision")
    choice = PHASES[kind].legal
    try:
        options = tuple(choice.options(s, pending.task))
    except (IndexError, KeyError, TypeError, ValueError, AttributeError, InvariantError) as exc:
        raise StateError(
            f"crimson_company state breaks CC-R26: the decision cannot be rebuilt ({exc!r})"
        ) from None
    same = (pending.kind, pending.prompt, pending.chooser, pending.options) == (
        choice.kind,
        choice.prompt,
        pending.task[1],
        options,
    )
    _rule(same, "CC-R26", "the pending decision does not match its task's legal options")
