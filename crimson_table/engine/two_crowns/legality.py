"""Two Crowns legality: why an action is refused, and the candidates of each phase.

Legality has one source: ``refusal(state, action)`` gives the supplement rule ID
and a reason, or None.  ``legal_actions`` (in ``rules.py``) lists the candidates of
the phase that it lets through, and ``apply_action`` refuses exactly what it
refuses, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crimson_table.engine.core import Action, expect
from crimson_table.engine.two_crowns.actions import (
    ADD_TO_ATTACK,
    ADD_TO_DEFENCE,
    CHOOSE_ATTACK,
    COMMIT_ATTACK,
    COMMIT_DEFENCE,
    DECLINE,
    DESTINY,
    DISCARD_FOR_DRAW,
    KEEP_DRAWN,
    LARGE_DRAW,
    PAY_WITH,
    PRECISE_DRAW,
    ROLL_FIRST,
    UNDO,
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DeclinePayment,
    DiscardForDraw,
    KeepDrawn,
    LargeDraw,
    PayWith,
    PreciseDraw,
    RollForFirst,
    UndoSelection,
    UseDiceOfDestiny,
)
from crimson_table.engine.two_crowns.cards import HAND_LIMIT, IS_GOLD, IS_KNIGHT, MAX_GROUP, card_name
from crimson_table.engine.two_crowns.ops import can_precise_draw, has_knight, player
from crimson_table.engine.two_crowns.state import (
    ATTACK,
    DEFEND,
    NOBODY,
    OVER,
    PAY,
    PRECISE_DISCARD,
    PRECISE_KEEP,
    ROLL,
    TURN,
    TwoCrownsState,
)

Refusal = tuple[str, str] | None

# -- refusals: one function per action kind (rule IDs from the supplement) --------------------------


def _in_phase(s: TwoCrownsState, phase: str, rule: str, what: str) -> Refusal:
    if s.phase == OVER:
        return ("TC-R17", "the match is over")
    if s.phase != phase:
        return (rule, f"{what} is not possible now (phase {s.phase!r})")
    return None


def _refuse_roll(s: TwoCrownsState, a: Action) -> Refusal:
    return _in_phase(s, ROLL, "TC-R2", "rolling for the first turn")


def _refuse_destiny(s: TwoCrownsState, a: Action) -> Refusal:
    wrong = _in_phase(s, TURN, "TC-R16", "rolling the Dice of Destiny (only at the start of a turn)")
    if wrong:
        return wrong
    if s.destiny_used_by != NOBODY:
        return ("TC-R16", f"the Dice of Destiny was already used by {player(s.destiny_used_by)} this game")
    return None


def _refuse_choose_attack(s: TwoCrownsState, a: Action) -> Refusal:
    wrong = _in_phase(s, TURN, "TC-R6", "starting an attack")
    if wrong:
        return wrong
    if not has_knight(s.hands[s.current]):
        return ("TC-R9", "an attack needs at least one Knight in hand")
    return None


def _refuse_large_draw(s: TwoCrownsState, a: Action) -> Refusal:
    wrong = _in_phase(s, TURN, "TC-R6", "a large draw")
    if wrong:
        return wrong
    if s.held(s.current) >= HAND_LIMIT:
        return ("TC-R7", f"hand + rest is {s.held(s.current)}; a large draw needs fewer than {HAND_LIMIT}")
    if not s.decks[s.current]:
        return ("TC-R7", "the deck is empty")
    return None


def _refuse_precise_draw(s: TwoCrownsState, a: Action) -> Refusal:
    wrong = _in_phase(s, TURN, "TC-R6", "a precise draw")
    if wrong:
        return wrong
    if not can_precise_draw(s, s.current):
        return (
            "TC-R8",
            f"a precise draw needs hand + rest ≤ {HAND_LIMIT}, a card in the deck and one in hand",
        )
    return None


def _refuse_add(s: TwoCrownsState, card: Any, seat: int, attacking: bool) -> Refusal:
    """TC-R9 (and TC-R4 for resting cards) for one more card in a battle group."""
    if card not in s.hands[seat]:
        if card in s.rest_cards(seat):
            return ("TC-R4", f"{card_name(card)} is resting and cannot be played")
        return ("TC-R9", f"card {card!r} is not in your hand")
    if IS_GOLD[card]:
        return ("TC-R9", "Gold is never part of a battle group: it stays in hand to pay at the reveal")
    group = s.groups[seat]
    if len(group) >= MAX_GROUP:
        return ("TC-R9", f"a battle group holds at most {MAX_GROUP} cards")
    if attacking and len(group) == MAX_GROUP - 1 and not IS_KNIGHT[card] and not has_knight(group):
        return ("TC-R9", "the last place of an attack must go to a Knight (an attack needs one)")
    return None


def _refuse_add_attack(s: TwoCrownsState, a: Action) -> Refusal:
    a = expect(a, AddToAttack)
    return _in_phase(s, ATTACK, "TC-R9", "adding to the attack") or _refuse_add(s, a.card, s.current, True)


def _refuse_commit_attack(s: TwoCrownsState, a: Action) -> Refusal:
    wrong = _in_phase(s, ATTACK, "TC-R9", "launching an attack")
    if wrong:
        return wrong
    if not has_knight(s.groups[s.current]):
        return ("TC-R9", "an attack needs at least one Knight")
    return None


def _refuse_add_defence(s: TwoCrownsState, a: Action) -> Refusal:
    a = expect(a, AddToDefence)
    return _in_phase(s, DEFEND, "TC-R9", "adding to the defence") or _refuse_add(s, a.card, s.defender, False)


def _refuse_commit_defence(s: TwoCrownsState, a: Action) -> Refusal:
    return _in_phase(s, DEFEND, "TC-R9", "committing a defence")


def _refuse_undo(s: TwoCrownsState, a: Action) -> Refusal:
    if s.phase in (ATTACK, PRECISE_DISCARD):
        return None
    if s.phase == DEFEND:
        return None if s.groups[s.defender] else ("TC-R9", "no defence card has been chosen yet")
    if s.phase == OVER:
        return ("TC-R17", "the match is over")
    if s.phase == PRECISE_KEEP:
        return ("TC-R8", "the two cards are drawn: keep one of them")
    if s.phase == PAY:
        return ("TC-R10", "both groups are revealed: pay for the special or decline")
    return ("TC-R9", "there is no selection to take back now")


def _refuse_pay(s: TwoCrownsState, a: Action) -> Refusal:
    a = expect(a, PayWith)
    wrong = _in_phase(s, PAY, "TC-R10", "paying")
    if wrong:
        return wrong
    seat = s.queue[0][0]
    if a.card not in s.hands[seat] or not IS_GOLD[a.card]:
        return ("TC-R10", f"pay with Gold cards from your hand (card {a.card!r} is not one)")
    return None


def _refuse_decline(s: TwoCrownsState, a: Action) -> Refusal:
    return _in_phase(s, PAY, "TC-R10", "declining a payment")


def _refuse_discard_for_draw(s: TwoCrownsState, a: Action) -> Refusal:
    a = expect(a, DiscardForDraw)
    wrong = _in_phase(s, PRECISE_DISCARD, "TC-R8", "discarding for a precise draw")
    if wrong:
        return wrong
    if a.card not in s.hands[s.current]:
        return ("TC-R8", f"card {a.card!r} is not in your hand")
    return None


def _refuse_keep(s: TwoCrownsState, a: Action) -> Refusal:
    a = expect(a, KeepDrawn)
    wrong = _in_phase(s, PRECISE_KEEP, "TC-R8", "keeping a drawn card")
    if wrong:
        return wrong
    if a.card not in s.drawn:
        return ("TC-R8", f"card {a.card!r} is not one of the two drawn cards")
    return None


REFUSALS: dict[type[Action], Callable[[TwoCrownsState, Action], Refusal]] = {
    RollForFirst: _refuse_roll,
    UseDiceOfDestiny: _refuse_destiny,
    ChooseAttack: _refuse_choose_attack,
    LargeDraw: _refuse_large_draw,
    PreciseDraw: _refuse_precise_draw,
    AddToAttack: _refuse_add_attack,
    CommitAttack: _refuse_commit_attack,
    AddToDefence: _refuse_add_defence,
    CommitDefence: _refuse_commit_defence,
    UndoSelection: _refuse_undo,
    PayWith: _refuse_pay,
    DeclinePayment: _refuse_decline,
    DiscardForDraw: _refuse_discard_for_draw,
    KeepDrawn: _refuse_keep,
}


def refusal(s: TwoCrownsState, action: Action) -> Refusal:
    """(rule_id, reason) if ``action`` is not allowed in ``s``, else None."""
    check = REFUSALS.get(type(action))
    if check is None:
        return ("TC-R6", f"{action!r} is not a Two Crowns action")
    return check(s, action)


# -- candidates per phase (filtered through the refusals) ---------------------------------------------


def candidates(s: TwoCrownsState) -> list[Action]:
    """The actions worth checking in the current phase, in the fixed legal order."""
    phase = s.phase
    if phase == TURN:
        return [DESTINY, CHOOSE_ATTACK, LARGE_DRAW, PRECISE_DRAW]
    if phase == ATTACK:
        return [*(ADD_TO_ATTACK[c] for c in s.hands[s.current]), COMMIT_ATTACK, UNDO]
    if phase == DEFEND:
        return [*(ADD_TO_DEFENCE[c] for c in s.hands[s.defender]), COMMIT_DEFENCE, UNDO]
    if phase == PAY:
        return [*(PAY_WITH[c] for c in s.hands[s.queue[0][0]] if IS_GOLD[c]), DECLINE]
    if phase == PRECISE_DISCARD:
        return [*(DISCARD_FOR_DRAW[c] for c in s.hands[s.current]), UNDO]
    if phase == PRECISE_KEEP:
        return [KEEP_DRAWN[c] for c in s.drawn]
    if phase == ROLL:
        return [ROLL_FIRST]
    return []
