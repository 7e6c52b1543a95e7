"""The rules' invariants of a Two Crowns position, checked when a state is loaded.

:func:`state.state_from_dict` checks types and ranges; this module checks that the position
could arise under the rules, naming the rule a broken position violates.
"""

from __future__ import annotations

from crimson_table.engine.core import StateError
from crimson_table.engine.two_crowns.cards import IS_KNIGHT, NUM_SEATS, START_CASTLE, owner
from crimson_table.engine.two_crowns.state import (
    ATTACK,
    DEFEND,
    NOBODY,
    OVER,
    PAY,
    PRECISE_KEEP,
    ROLL,
    TwoCrownsState,
)


def _rule(cond: bool, rule: str, message: str) -> None:
    if not cond:
        raise StateError(f"two_crowns state breaks {rule}: {message}")


def check_rules(s: TwoCrownsState) -> None:
    """Raise StateError naming the rule if ``s`` could not arise in a legal match."""
    _check_cards(s)
    _check_battle(s)
    _check_match(s)


def _check_cards(s: TwoCrownsState) -> None:
    # Each card in at most one zone is checked by state.py; test positions (notation.py) may
    # leave cards out of the game, so "all 106 present" is the soak's check (bench/soak.py).
    for seat in range(NUM_SEATS):
        _rule(
            all(owner(c) == seat for c in s.decks[seat]), "TC-R1", f"seat {seat}'s deck holds a foreign card"
        )
        _rule(all(IS_KNIGHT[c] for c in s.rest_cards(seat)), "TC-R5", "only Knights rest")
        _rule(
            all(s.turn - t in (0, 1) for _c, t in s.rests[seat]), "TC-R5", "a Knight rests longer than a turn"
        )
    _rule(
        not s.drawn or (s.phase == PRECISE_KEEP and len(s.drawn) <= 2),
        "TC-R8",
        "drawn cards outside a precise draw",
    )
    _rule(s.phase != PRECISE_KEEP or bool(s.drawn), "TC-R8", "a precise draw with nothing drawn")


def _check_battle(s: TwoCrownsState) -> None:
    revealed = s.phase in (PAY, OVER)
    _rule(not s.paying or s.phase == PAY, "TC-R10", "Gold offered outside a payment")
    _rule(not s.queue or revealed, "TC-R10", "specials queued before the reveal")
    _rule(not s.revealed or revealed, "TC-R10", "groups revealed outside a battle")
    _rule(not any(s.vassal) or revealed, "TC-R14", "a Vassal doubling outside a battle")
    _rule(not any(s.group_sizes) or revealed, "TC-R10", "group sizes recorded before the reveal")
    if s.phase not in (ATTACK, DEFEND, PAY, OVER):
        _rule(not any(s.groups), "TC-R9", "battle groups on the table outside a battle")
    if s.phase == ATTACK:
        _rule(not s.groups[s.defender], "TC-R9", "the defender laid cards before the attack was made")
    if s.phase == DEFEND:
        has_knight = any(IS_KNIGHT[c] for c in s.groups[s.attacker])
        _rule(has_knight, "TC-R9", "an attack without a Knight")


def _check_match(s: TwoCrownsState) -> None:
    need = s.best_of // 2 + 1
    for seat in range(NUM_SEATS):
        _rule(s.crowns[seat] == s.game_winners.count(seat), "TC-R3", "the crowns do not match the games won")
    over = s.phase == OVER
    _rule(max(s.crowns) == need if over else max(s.crowns) < need, "TC-R3", "the crowns do not fit the match")
    games = len(s.game_winners)
    _rule(
        s.game_number == (games if over else games + 1), "TC-R3", "the game number does not fit the games won"
    )
    _rule(
        (s.first_player == NOBODY) == (s.phase == ROLL),
        "TC-R2",
        "the first player is set exactly after the roll",
    )
    _rule(
        s.phase != ROLL or s.destiny_used_by == NOBODY, "TC-R16", "the Dice of Destiny used before the roll"
    )
    _rule(max(s.castles) <= START_CASTLE, "TC-R2", "a castle above 20")
    _rule(over or min(s.castles) > 0, "TC-R17", "a castle at 0 or less, yet the game goes on")
