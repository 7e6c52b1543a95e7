"""Crimson Keep's control flow as a table: every phase's legal decisions, how one is applied, and the
automatic step a phase takes on entering it; then the settle loop that runs after every decision.

A rule that hands the game on (a draw, the end of a turn, the Dragon's attack) only changes the state
and leaves the next decision in ``phase`` / ``actor`` / ``ctx``, pushing the interrupted one on
``resume``; it never calls the next rule.  ``settle`` takes it from there: it enters a phase that has
an automatic step (``TURN``: a new turn starts; ``FIGHT``: a battle's steps run; ``PURCHASE``: the Keep Defence purchase), runs the rune checks and token stores (CK2-R16, R28),
lets Kai take the decisions that are hers (:mod:`automaton`), ends a turn whose actions are spent, and
walks the setup sequence, until a decision waits for a player or the game is over.

The phase modules (``turn``, ``battle``, ``final``, ``abilities``) are listed here and import none of
the flow; this is the one module that knows what follows what.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from crimson_table.engine.core import Action, Event, InvariantError
from crimson_table.engine.crimson_keep import abilities, automaton, battle, final, turn
from crimson_table.engine.crimson_keep.actions import (
    DONE,
    Choose,
    ExcludeTactic,
    KeepCard,
    StoreToken,
    choose_action,
    exclude_action,
    keep_action,
    store_action,
)
from crimson_table.engine.crimson_keep.automaton import KAI_DECIDES
from crimson_table.engine.crimson_keep.cards import name
from crimson_table.engine.crimson_keep.kai_ops import KAI
from crimson_table.engine.crimson_keep.ops import (
    ev,
    flip_inactive,
    next_turn,
    player,
    settle_checks,
    start_draw,
)
from crimson_table.engine.crimson_keep.state import (
    DRAGON,
    FIGHT,
    KD_BUY,
    KD_PLAY,
    KEEP,
    MAIN,
    MEETING,
    OVER,
    PURCHASE,
    REROLL,
    SETUP,
    SORCERESS,
    STORE,
    TACTIC,
    TOKENS,
    TURN,
    CKState,
    replaced,
    without,
)

Legal = Callable[[CKState], list[Action]]
Apply = Callable[[CKState, Action, list[Event]], None]
Enter = Callable[[CKState, list[Event]], None]


class Phase(NamedTuple):
    """One row of the flow table: a phase's decisions and their effect, or the automatic step taken on
    entering it (a phase with ``enter`` is never a decision: ``settle`` leaves it before returning)."""

    legal: Legal
    apply: Apply
    enter: Enter | None = None


# -- setup (CK2-R96, R73) --------------------------------------------------------------------------


def _legal_setup(s: CKState) -> list[Action]:
    return [exclude_action(t) for t in sorted(s.clans[s.actor].tactics)]


def _apply_exclude(s: CKState, a: Action, events: list[Event]) -> None:
    if not isinstance(a, ExcludeTactic):
        return
    seat = s.actor
    c = s.mine(seat)
    c.tactics = without(c.tactics, a.tactic)  # a shared list (state.SHARED)
    s.ctx["drawn"] = True
    start_draw(s, seat, 5, 3, "setup", events)


def _next_setup(s: CKState) -> None:
    """The next clan's setup decision, or the first turn."""
    i = int(s.ctx["i"]) + 1
    order = list(s.ctx["order"])
    if i < len(order):
        s.ctx = {"order": order, "i": i}
        s.actor = order[i]
        return
    next_turn(s, 1 if s.solo else s.current)


# -- keeping drawn cards, storing a token, the Sorceress's flips ------------------------------------


_KEEPS = tuple(keep_action(n) for n in range(38))  # the interned KeepCard actions by card number


def legal_keep(s: CKState) -> list[Action]:
    """CK2-R12: one of the cards on offer."""
    return [_KEEPS[n] for n in sorted(set(s.ctx["offer"]))]


def _apply_keep(s: CKState, a: Action, events: list[Event]) -> None:
    if isinstance(a, KeepCard):
        turn.keep_card(s, a, events)


def _legal_store(s: CKState) -> list[Action]:
    n = int(s.ctx["card"])
    return [store_action(n, True), store_action(n, False)]


def _apply_store(s: CKState, a: Action, events: list[Event]) -> None:
    """CK2-R16: the chosen token type; Blacksmith 2, Runic Alignment 1."""
    if not isinstance(a, StoreToken):
        return
    seat = s.actor
    v = int(s.ctx["value"])
    c = s.mine(seat)
    c.tokens = replaced(c.tokens, a.card, v if a.attack else -v)  # a shared list (state.SHARED)
    events.append(ev("store", {"seat": seat, "card": a.card, "token": s.clans[seat].tokens[a.card]},
                     f"{player(seat)}'s {name(a.card)} stores a token"))  # fmt: skip
    s.resume_frame()


def _legal_sorceress(s: CKState) -> list[Action]:
    done = set(s.ctx["done"])
    return [choose_action(n) for n in abilities.sorceress_choices(s, s.actor, done)] + [DONE]


def _apply_sorceress(s: CKState, a: Action, events: list[Event]) -> None:
    """CK2-R50: one flip at a time."""
    seat = s.actor
    if isinstance(a, Choose):
        c = s.mine(seat)
        if c.active[a.card]:
            flip_inactive(s, seat, a.card)
        else:
            c.active[a.card] = True
        s.ctx["done"].append(a.card)
        s.ctx["left"] -= 1
        events.append(
            ev(
                "flip",
                {"seat": seat, "card": a.card, "active": c.active[a.card]},
                f"The Sorceress flips {name(a.card)}",
            )
        )
        if s.ctx["left"] > 0 and abilities.sorceress_choices(s, seat, set(s.ctx["done"])):
            return
    s.resume_frame()


# -- the table ---------------------------------------------------------------------------------------


def _apply_main(s: CKState, a: Action, events: list[Event]) -> None:
    turn.EFFECTS[type(a)](s, a, events)


def _enter_turn(s: CKState, events: list[Event]) -> None:
    turn.start_turn(s, s.actor, events)


def _no_decision(s: CKState) -> list[Action]:
    return []


def _not_a_decision(s: CKState, a: Action, events: list[Event]) -> None:
    raise InvariantError(f"CK2-R1: {s.phase} takes no decision")  # refused before: nothing is legal there


PHASES: dict[str, Phase] = {
    SETUP: Phase(_legal_setup, _apply_exclude),
    KEEP: Phase(legal_keep, _apply_keep),
    MAIN: Phase(turn.options, _apply_main),
    STORE: Phase(_legal_store, _apply_store),
    SORCERESS: Phase(_legal_sorceress, _apply_sorceress),
    TACTIC: Phase(battle.legal, battle.apply),
    TOKENS: Phase(battle.legal, battle.apply),
    REROLL: Phase(battle.legal, battle.apply),
    MEETING: Phase(turn.meeting_options, turn.apply_meeting),
    KD_BUY: Phase(final.legal, final.apply),
    DRAGON: Phase(final.legal, final.apply),
    KD_PLAY: Phase(final.legal, final.apply),
    OVER: Phase(_no_decision, _not_a_decision),
    FIGHT: Phase(_no_decision, _not_a_decision, battle.run),
    PURCHASE: Phase(_no_decision, _not_a_decision, final.purchase),
    TURN: Phase(_no_decision, _not_a_decision, _enter_turn),
}


# -- the settle loop ---------------------------------------------------------------------------------

_BATTLE = frozenset((TACTIC, TOKENS, REROLL))
# the automatic step of each phase that has one (``Phase.enter``), looked up once per pass of the settle loop
_ENTER: dict[str, Enter] = {phase: row.enter for phase, row in PHASES.items() if row.enter is not None}


def settle(s: CKState, events: list[Event], quiet: bool = False, own: bool = False) -> None:
    """The automatic steps after every decision (see the module docstring).  ``quiet``: the decision
    changed no keep, Barracks or card side, so no rune or store check is due; ``own``: it changed only
    the current clan's, so only that clan is checked."""
    only = s.current if own else None
    solo = s.players == 1  # only Kai (solo) takes decisions here: automaton.to_act is False otherwise
    enters = _ENTER
    for _ in range(500):
        phase = s.phase
        enter = enters.get(phase)
        if enter is not None:  # a continuation left by a rule: take it (checks wait for its result)
            enter(s, events)
            if phase == FIGHT:  # a battle a quiet Tactic or Reroll let finish may make a rune or a store
                quiet, only = False, None  # due for either clan (CK2-R16, R28: checked after every event)
            continue
        if phase == OVER:
            return
        if not quiet and settle_checks(s, events, phase not in _BATTLE, only):
            return
        quiet, only = False, None
        if solo and (
            s.current == KAI if phase == MAIN else s.actor == KAI and phase in KAI_DECIDES
        ):  # to_act
            automaton.act(s, events)
            continue
        phase = s.phase
        if phase == MAIN:
            if s.actions_left <= 0 and turn.spent(s):  # spent's first question, asked here
                turn.end_turn(s, events)
                quiet = True  # passing the turn changes no keep, card side or rune
                continue
            return
        if phase == SETUP and s.ctx.get("drawn"):
            _next_setup(s)
            continue
        return
