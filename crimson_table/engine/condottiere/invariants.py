"""The rules' invariants of a Condottiere position, checked when a state is loaded.

:func:`state.from_dict` checks types, ranges and card conservation; this module checks that
the position could arise under the rules, naming the rule a broken position violates, so a
hand-made or damaged save is refused before anything draws or plays it.
"""

from __future__ import annotations

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import HAND_SIZE, KEEP_LIMIT, SPRING, STAYING, WINTER, thresholds
from crimson_table.engine.condottiere.state import BATTLE, OVER, POPE, SCARECROW, CondottiereState
from crimson_table.engine.condottiere.strength import NOBODY, has_won, owned_by
from crimson_table.engine.core import StateError

_FIGHTING = (BATTLE, POPE, SCARECROW)  # the phases of a battle under way


def _rule(cond: bool, rule: str, message: str) -> None:
    if not cond:
        raise StateError(f"condottiere state breaks {rule}: {message}")


def check_rules(s: CondottiereState) -> None:
    """Raise StateError naming the rule if ``s`` could not arise in a legal game."""
    _check_lines(s)
    _check_tokens(s)
    _check_hands(s)
    _check_victory(s)


def _check_lines(s: CondottiereState) -> None:
    in_play = [card for line in s.lines for card in line]
    _rule(
        all(card in STAYING for card in in_play), "CO-R6", "a Bishop, Scarecrow or Surrender lies in a line"
    )
    _rule(not (WINTER in in_play and SPRING in in_play), "CO-R26", "Winter and Spring are both in play")
    if s.phase not in (*_FIGHTING, OVER):
        _rule(not in_play, "CO-R4", "cards lie in battle lines outside a battle")
        _rule(not any(s.passed), "CO-R14", "a player has passed outside a battle")
    if s.phase == "battle":
        _rule(not s.passed[s.actor], "CO-R14", "the player to act has already passed")


def _check_tokens(s: CondottiereState) -> None:
    if s.region != NOBODY:
        _rule(s.pope != s.region, "CO-R28", "the Favor of the Pope lies on the region being fought over")
    if s.phase == "region":
        _rule(s.actor == s.holder, "CO-R11", "someone other than the token holder chooses the region")
        free = [r for r, owner in enumerate(s.control) if owner == NOBODY and r != s.pope]
        _rule(bool(free), "CO-R52", "no region is left to fight over, yet the game goes on")


def _check_hands(s: CondottiereState) -> None:
    for seat, hand in enumerate(s.hands):
        limit = HAND_SIZE + KEEP_LIMIT + len(owned_by(s.control, seat))
        _rule(len(hand) <= limit, "CO-R44", f"seat {seat} holds {len(hand)} cards (at most {limit})")
    if s.phase == "keep":
        others = [seat for seat, hand in enumerate(s.hands) if hand and seat != s.actor]
        _rule(not others, "CO-R41", "the round ended while more than one player holds cards")


def _check_victory(s: CondottiereState) -> None:
    goal = thresholds(s.players)
    neighbours = italy().neighbours
    _rule(len(set(s.winners)) == len(s.winners), "CO-R47", "a winner is listed twice")
    for seat in range(s.players):
        owned = len(owned_by(s.control, seat))
        _rule(owned <= goal[0], "CO-R49", f"seat {seat} holds {owned} regions (the game ends at {goal[0]})")
        if s.phase != OVER:
            _rule(
                not has_won(s.control, seat, neighbours, goal),
                "CO-R47",
                f"seat {seat} has won, yet the game goes on",
            )
