"""The rules' invariants of a Crimson Keep position, checked when a state is loaded.

:func:`state.validate` checks types, ranges, that every card is in exactly one zone and
stands where its set may stand; this module checks that the position could arise under the
rules, naming the rule a broken position violates: a save that breaks a rule is
refused, never played on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crimson_table.engine.core import StateError
from crimson_table.engine.crimson_keep.cards import (
    BLACK_ARMOURY,
    BLACK_GATE,
    BLACKSMITH,
    CARDS,
    CLAN_LEADER,
    COMBAT,
    COMBAT_BONUS,
    DRAGON_CRYSTAL,
    OBJECTIVES,
    SCORCH_KNIGHTS,
    SUMMON_MAX,
    SUMMONING,
)

if TYPE_CHECKING:
    from crimson_table.engine.crimson_keep.state import CKState, Clan

# Phase names (state.py defines them; repeated here to avoid an import cycle).
_KD_BUY, _DRAGON, _KD_PLAY, _OVER = "kd_buy", "dragon", "kd_play", "over"
_LEVELS = 5


def _rule(cond: bool, rule: str, message: str) -> None:
    if not cond:
        raise StateError(f"crimson_keep state breaks {rule}: {message}")


def check_rules(s: CKState) -> None:
    """Raise StateError naming the rule if ``s`` could not arise in a legal game."""
    for seat in (0, 1):
        placed = _in_play(s, seat)
        _check_sides(s, seat, placed)
        _check_tokens(s, seat, placed)
        _check_summon_board(s, seat)
        if s.is_kai(seat):
            _check_kai(s, seat)
    _check_board(s)
    _check_final(s)


def _in_play(s: CKState, seat: int) -> dict[int, int]:
    """Card number -> cell (-1 in the Caverns) of ``seat``'s cards on the board or in the Caverns."""
    out = {r % 100: x for x, r in enumerate(s.board) if r and r // 100 == seat}
    out.update({n: -1 for n in s.clans[seat].caverns})
    return out


def _check_sides(s: CKState, seat: int, placed: dict[int, int]) -> None:
    c = s.clans[seat]
    for n in c.barracks:
        _rule(not c.active[n], "CK2-R11", f"clan {seat}'s {CARDS[n].name} is ACTIVE in the Barracks")
    for n in range(1, 38):
        if c.active[n] and n not in placed:
            _rule(False, "CK2-R6", f"clan {seat}'s {CARDS[n].name} is ACTIVE off the board")
    if s.dragon < 0:
        gone = [n for n in c.destroyed if n in SUMMONING]
        _rule(not gone, "CK2-R25", "a Summoning card was DESTROYED before the Final Battle")


def _check_tokens(s: CKState, seat: int, placed: dict[int, int]) -> None:
    """CK2-R16/R17/R61/R69: a stored token lies on an ACTIVE card of a kind that stores it."""
    c = s.clans[seat]
    for n in range(1, 38):
        t = c.tokens[n]
        if not t:
            continue
        what = f"clan {seat}'s {CARDS[n].name} holds a token"
        _rule(n in placed and c.active[n], "CK2-R16", what + " while not ACTIVE in play")
        if n == CLAN_LEADER:
            _rule(t > 0, "CK2-R49", "the Clan Leader stores an Attack token")
        elif n == DRAGON_CRYSTAL:
            _rule(t < 0, "CK2-R48", "the Dragon Crystal stores a Defence token")
        elif n == SCORCH_KNIGHTS:
            _rule(t == 3, "CK2-R61", "the Scorch Knights store Attack(3) only")
        elif n == BLACKSMITH:
            _rule(abs(t) == 2, "CK2-R69", "the Blacksmith stores a 2-value token")
        else:
            _rule(bool(CARDS[n].rune) and abs(t) == 1, "CK2-R30", what + " it cannot store")
    if s.is_kai(seat):
        kai_ok = all(not c.tokens[n] for n in range(1, 38) if n not in (CLAN_LEADER, DRAGON_CRYSTAL))
        _rule(kai_ok, "CK2-R87", "Kai stores tokens only on her Clan Leader and Dragon Crystal")
    p = c.protection
    if p == -1:
        ok = BLACK_ARMOURY in c.caverns and c.active[BLACK_ARMOURY]
        _rule(ok, "CK2-R17", "the Protection token lies on an Armoury that cannot hold it")
    elif p > 0:
        x = placed.get(p, -1)
        ok = CARDS[p].set == COMBAT and x >= 0 and c.active[p]
        _rule(ok, "CK2-R17", "the Protection token lies on no ACTIVE Battlefield card")


def _check_summon_board(s: CKState, seat: int) -> None:
    """CK2-R28/R29/R32/R33: completions, the tracker they moved, and the Dragon trackers."""
    c = s.clans[seat]
    for i, k in enumerate(c.found):
        top = 2 if OBJECTIVES[i] in COMBAT_BONUS else 1
        _rule(k <= top, "CK2-R29", f"objective {OBJECTIVES[i]} completed {k} times")
    runes = sum(
        (c.tiles[i // 3] if k >= 1 else 0) + (COMBAT_BONUS[OBJECTIVES[i]] if k >= 2 else 0)
        for i, k in enumerate(c.found)
    )
    passes = sum(1 for d in c.dragons if d < 0)
    _rule(
        min(SUMMON_MAX, runes) <= c.summon <= min(SUMMON_MAX, runes + passes),
        "CK2-R29",
        f"clan {seat}'s summon tracker {c.summon} does not fit its runes ({runes})",
    )
    for d in range(3):
        if c.pending[d]:
            _rule(
                0 <= c.dragons[d] <= c.summon,
                "CK2-R32",
                "a pending Dragon tracker the summon tracker never met",
            )
        elif s.dragon < 0 and c.dragons[d] >= 0:
            _rule(c.dragons[d] > c.summon, "CK2-R32", "a Dragon tracker met without a meeting")
    if s.dragon >= 0:
        _rule(not any(c.pending), "CK2-R33", "a meeting pending after the Summon")


def _check_kai(s: CKState, seat: int) -> None:
    c = s.clans[seat]
    _rule(not c.slots and not c.caverns, "CK2-R72", "Kai has no Summoning slots and no Caverns")
    no_board = c.tiles == [0, 0, 0, 0] and c.dragons == [-1, -1, -1] and not any(c.found) and c.summon == 0
    _rule(no_board, "CK2-R72", "Kai plays without a Summon Board")
    _rule(not c.kd_spent or s.dragon != seat, "CK2-R93", "Kai played Keep Defence as the Dragon Clan")


def _check_board(s: CKState) -> None:
    for x, r in enumerate(s.board):
        if r and r % 100 == BLACK_GATE:
            _rule(x % _LEVELS == 0, "CK2-R7", "the Black Gate stands above level 1")


def _check_final(s: CKState) -> None:
    """CK2-R36..R44: the Final Battle's pieces exist only while it runs, on the right side."""
    if s.dragon < 0:
        _rule(s.injuries == 0 and s.obliterate == 0 and s.dice == 4, "CK2-R36", "a Dragon before any Summon")
        for seat in (0, 1):
            c = s.clans[seat]
            _rule(not any(c.ruined), "CK2-R42", "a keep column destroyed before the Final Battle")
            _rule(not c.kd and not c.kd_spent, "CK2-R37", "Keep Defence cards before the Final Battle")
        _rule(
            s.phase not in (_KD_BUY, _DRAGON, _KD_PLAY),
            "CK2-R36",
            "a Final Battle decision before any Summon",
        )
        return
    dragon, defender = s.clans[s.dragon], s.clans[1 - s.dragon]
    _rule(not s.hard or s.dice >= 4 - s.injuries, "CK2-R44", "the Dragon lost more dice than it has injuries")
    _rule(s.hard or s.dice == 4, "CK2-R44", "the Dragon lost dice outside Hard Mode")
    _rule(not any(dragon.ruined), "CK2-R36", "the Dragon Clan's keep cannot be attacked")
    _rule(not dragon.kd and not dragon.kd_spent, "CK2-R37", "the Dragon Clan holds Keep Defence")
    _rule(not dragon.hand, "CK2-R36", "the Dragon Clan keeps a hand")
    _rule(not any(dragon.tokens) and not dragon.pool, "CK2-R36", "the Dragon Clan keeps Battle Tokens")
    if s.final_stage >= 2:
        tokens = any(defender.tokens) or defender.pool
        _rule(not tokens, "CK2-R37", "the defender keeps Battle Tokens after its Keep Defence purchase")
    else:
        _rule(
            not defender.kd and not defender.kd_spent, "CK2-R37", "Keep Defence bought before the final turn"
        )
    _check_ruins(s, 1 - s.dragon)
    _rule(s.phase != _OVER or bool(s.reason), "CK2-R45", "a finished game without a result")


def _check_ruins(s: CKState, seat: int) -> None:
    from crimson_table.engine.crimson_keep.logic import KEEP_COLS  # noqa: PLC0415 - import cycle

    c: Clan = s.clans[seat]
    for k, ruined in enumerate(c.ruined):
        if ruined:
            base = KEEP_COLS[seat][k] * _LEVELS
            empty = all(not s.board[base + lv] or s.board[base + lv] // 100 != seat for lv in range(_LEVELS))
            _rule(empty, "CK2-R41", "a destroyed keep column still holds cards")
