"""The flow of a game: setup, the phase table and the settle loop.

A turn is a stack of small tasks (``state.tasks``), each named by its kind; the stack is the
game's pending continuation.  ``PHASES`` maps every kind to its :class:`Phase`: a *step* runs at
once (``enter``: Income, the Score phase, a Deployment effect...); a *decision* lists its options
(``legal``, an :class:`ops.Choice` with its prompt and rule) and applies the one chosen
(``apply``).  :func:`settle` pops the tasks and runs them until a decision with a choice is
needed or the game is over.  The phase modules (:mod:`phases`: the turn; :mod:`effects`: the
cards) never import each other nor this one; their primitives (:mod:`ops`) change the state and
push the next task, never call onward.
"""

from __future__ import annotations

from dataclasses import dataclass

from crimson_table.engine.core import Action, Event, InvariantError
from crimson_table.engine.crimson_company import effects, phases
from crimson_table.engine.crimson_company.cards import NUM_CARDS, NUM_LANES, TOTAL_COINS
from crimson_table.engine.crimson_company.ops import Choice, Ctx, Handler, RunFn, refill_offer
from crimson_table.engine.crimson_company.state import ACTIVE, CCState, Task, new_pending
from crimson_table.engine.rng import Rng


@dataclass(frozen=True, slots=True)
class Phase:
    """One task kind: a decision (``legal`` and ``apply``) or a step (``enter``)."""

    legal: Choice
    apply: Handler
    enter: RunFn | None = None


def _no_options(s: CCState, task: Task) -> list[Action]:
    return []


def _no_decision(ctx: Ctx, task: Task, action: Action) -> None:
    raise InvariantError(f"crimson_company: task {task[0]!r} takes no decision")


_STEP = Choice("", "", _no_options)


def _step(run: RunFn) -> Phase:
    return Phase(_STEP, _no_decision, run)


PHASES: dict[str, Phase] = {
    **{kind: _step(run) for kind, run in {**effects.RUN, **phases.RUN}.items()},
    **{kind: Phase(choice, phases.APPLY[kind]) for kind, choice in phases.CHOICES.items()},
    **{kind: Phase(choice, effects.RESOLVE[kind]) for kind, choice in effects.CHOICES.items()},
}
TASK_KINDS = frozenset(PHASES)


def is_decision(kind: str) -> bool:
    """True if a task of ``kind`` asks a decision (its Phase has no ``enter``)."""
    phase = PHASES.get(kind)
    return phase is not None and phase.enter is None


def settle(ctx: Ctx) -> None:
    """Execute tasks until a decision with a choice is needed or the game is over (CC-R26).

    Only this loop sets ``pending`` (and stops there); the game's end empties the stack.
    """
    s = ctx.s
    tasks = s.tasks
    if s.pending is not None:
        return
    table = PHASES
    while tasks and s.winners is None:
        task = tasks.pop()
        phase = table[task[0]]
        enter = phase.enter
        if enter is not None:
            enter(ctx, task)
            continue
        choice = phase.legal
        options = choice.options(s, task)
        if not options:
            continue  # no legal option: this part is skipped (CC-R26)
        if len(options) == 1 and not choice.always_ask:
            phase.apply(ctx, task, options[0])  # a single option is applied at once (section 4)
            continue
        s.pending = new_pending(task[1], choice.kind, choice.prompt, tuple(options), task)
        return


def setup(seed: int) -> tuple[CCState, list[Event]]:
    """CC-R2 setup and P1's Income; returns the state waiting for P1's bid."""
    rng = Rng.from_seed(seed)
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    first = rng.below(2)
    coins = [0, 0]
    coins[first], coins[1 - first] = 3, 4
    state = CCState(
        first=first,
        active=first,
        turn=0,
        coins=coins,
        supply=TOTAL_COINS - 7,
        deck=deck,
        offer=[],
        waiting=[[], []],
        sides=[[[], []] for _ in range(NUM_LANES)],
        down=[False] * NUM_CARDS,
        discard=[],
        won_by=[ACTIVE] * NUM_LANES,
        rng=rng.state,
    )
    ctx = Ctx(state)
    refill_offer(ctx)
    phases.start_turn(ctx, first)
    settle(ctx)
    return state, ctx.events
