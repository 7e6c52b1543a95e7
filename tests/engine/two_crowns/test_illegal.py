"""Illegal actions are refused with the supplement rule ID and leave the state unchanged."""

from __future__ import annotations

import json

import pytest

from crimson_table.engine.core import Action, IllegalAction
from crimson_table.engine.two_crowns.actions import (
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
from crimson_table.engine.two_crowns.state import TwoCrownsState
from tests.engine.two_crowns.util import RULES, A, B, act, attack, card, defend, position

START = "turn 3 seat 0 castles 20 20 destiny - | hand K1 K2 F G1 deck 5 | hand K3 G2 deck 5"


def _snapshot(state: TwoCrownsState) -> str:
    return json.dumps(RULES.to_dict(state), sort_keys=True)


def _start() -> TwoCrownsState:
    return position(START)


def _in_defence() -> TwoCrownsState:
    s, _ = attack(_start(), "K2")
    return s


def _in_payment() -> TwoCrownsState:
    s = position("turn 3 seat 0 castles 20 20 destiny - | hand K1 C G2 G2 G1 deck 5 | hand K3 G2 deck 5")
    s, _ = attack(s, "K1", "C")
    s, _ = defend(s)
    return s


def _finished() -> TwoCrownsState:
    s = position("turn 3 seat 0 castles 20 1 destiny - | hand K1 deck 5 | hand K3 deck 5")
    s, _ = attack(s, "K1")
    s, _ = defend(s)
    return s


CASES: list[tuple[str, object, object, str]] = [
    ("roll after the game started", _start, RollForFirst(), "TC-R2"),
    ("attack from the wrong phase", _in_defence, ChooseAttack(), "TC-R6"),
    ("large draw during a defence", _in_defence, LargeDraw(), "TC-R6"),
    ("precise draw during a payment", _in_payment, PreciseDraw(), "TC-R6"),
    ("dice of destiny during a defence", _in_defence, UseDiceOfDestiny(), "TC-R16"),
    ("add to attack before choosing attack", _start, AddToAttack(0), "TC-R9"),
    ("commit an attack never chosen", _start, CommitAttack(), "TC-R9"),
    ("defend when nobody attacks", _start, CommitDefence(), "TC-R9"),
    ("defend with an opponent's card", _in_defence, lambda s: AddToDefence(card(s.hands[A], "K1")), "TC-R9"),
    ("defend with gold", _in_defence, lambda s: AddToDefence(card(s.hands[B], "G2")), "TC-R9"),
    ("take back an empty defence", _in_defence, UndoSelection(), "TC-R9"),
    ("take back when nothing is selected", _start, UndoSelection(), "TC-R9"),
    ("pay with a knight", _in_payment, lambda s: PayWith(s.groups[A][0]), "TC-R10"),
    ("pay when nothing is owed", _start, PayWith(38), "TC-R10"),
    ("decline when nothing is owed", _start, DeclinePayment(), "TC-R10"),
    ("discard for a precise draw not started", _start, DiscardForDraw(0), "TC-R8"),
    ("keep a card never drawn", _start, KeepDrawn(0), "TC-R8"),
    ("any action once the match is over", _finished, LargeDraw(), "TC-R17"),
]


@pytest.mark.parametrize(("what", "build", "action", "rule"), CASES, ids=[c[0] for c in CASES])
def test_illegal_action_is_refused_with_its_rule_and_changes_nothing(
    what: str, build: object, action: object, rule: str
) -> None:
    state = build()  # type: ignore[operator]
    if not isinstance(action, Action):
        action = action(state)  # type: ignore[operator]
    assert isinstance(action, Action)
    before = _snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(state, action)
    assert refused.value.rule_id == rule, refused.value.reason
    assert _snapshot(state) == before


def test_a_card_from_another_seat_cannot_be_added_to_the_attack() -> None:
    s, _ = act(_start(), ChooseAttack())
    with pytest.raises(IllegalAction) as refused:
        RULES.apply_action(s, AddToAttack(card(s.hands[B], "K3")))
    assert refused.value.rule_id == "TC-R9"


def test_a_card_already_in_the_attack_cannot_be_added_twice() -> None:
    s, _ = act(_start(), ChooseAttack())
    k2 = card(s.hands[A], "K2")
    s, _ = act(s, AddToAttack(k2))
    with pytest.raises(IllegalAction):
        RULES.apply_action(s, AddToAttack(k2))


def test_every_refused_candidate_is_absent_from_the_legal_actions() -> None:
    s, _ = act(_start(), ChooseAttack())
    legal = RULES.legal_actions(s)
    for c in range(106):
        assert (AddToAttack(c) in legal) == RULES.is_legal(s, AddToAttack(c))


def test_an_action_of_another_game_is_refused() -> None:
    class Foreign(Action):
        KIND = "foreign"

    with pytest.raises(IllegalAction):
        RULES.apply_action(_start(), Foreign())
