"""The rules' invariants of a Crimson Keep position, checked when a state is loaded.

:func:`state.validate` checks types, ranges, that every card is in exactly one zone and
stands where its set may stand; this module checks that the position could arise under the
rules, naming the rule a broken position violates: a save that breaks a rule is
refused, never played on.
"""

from __future__ import annotations

from typing import Any

from crimson_table.engine.core import StateError
from crimson_table.engine.crimson_keep.board import KEEP_COLS, LEVELS
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
    TRACK_FINAL,
)
from crimson_table.engine.crimson_keep.queries import find, keep_cards
from crimson_table.engine.crimson_keep.state import DRAGON, KD_BUY, KD_PLAY, OVER, SETUP, CKState, Clan

_TACTICS_KEPT = 4  # CK2-R96: each clan plays with 4 of its 5 Battle Tactics (Kai too, CK2-R72)


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
        _check_tactics(s, seat)
        if s.is_kai(seat):
            _check_kai(s, seat)
    _check_board(s)
    _check_final(s)
    _check_interrupts(s)
    _check_battles(s)


_INTERRUPTS = ("keep", "store", "sorceress", "tactic", "tokens", "reroll")  # decisions inside another


def _check_interrupts(s: CKState) -> None:
    """A draw, a store, the Sorceress's flips and a battle interrupt a decision they return to (CK2-R12,
    R16, R50, R19); a store waits for a card that may take a token now (CK2-R16, R30, R69)."""
    _rule(s.phase not in _INTERRUPTS or bool(s.resume), "CK2-R1", f"a {s.phase} decision interrupts nothing")
    for phase, actor, ctx in [
        (s.phase, s.actor, s.ctx),
        *((r["phase"], r["actor"], r["ctx"]) for r in s.resume),
    ]:
        if phase == "store":
            n, value = int(ctx["card"]), int(ctx["value"])
            c = s.clans[actor]
            kind_ok = value == 2 if n == BLACKSMITH else value == 1 and bool(CARDS[n].rune)
            ok = kind_ok and n in _in_play(s, actor) and c.active[n] and not c.tokens[n]
            _rule(ok, "CK2-R16", f"a token to store on {CARDS[n].name}, which cannot take one now")


def _in_play(s: CKState, seat: int) -> dict[int, int]:
    """Card number -> cell (-1 in the Caverns) of ``seat``'s cards on the board or in the Caverns."""
    out = {r % 100: x for x, r in enumerate(s.board) if r and r // 100 == seat}
    out.update({n: -1 for n in s.clans[seat].caverns})
    return out


def _check_sides(s: CKState, seat: int, placed: dict[int, int]) -> None:
    c = s.clans[seat]
    if not s.is_kai(seat):  # Kai has no Summon Board (CK2-R72, checked there)
        _rule(all(v in (1, 2) for v in c.tiles), "CK2-R46", f"clan {seat}'s rune value tiles are not 1 or 2")
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


def _battles(s: CKState) -> list[dict[str, Any]]:
    """The battles under way: the decision now and the interrupted ones (a battle's context has ``tac``)."""
    frames = [s.ctx, *(r.get("ctx") for r in s.resume)]
    return [f for f in frames if isinstance(f, dict) and isinstance(f.get("tac"), list) and "att" in f]


def _check_battles(s: CKState) -> None:
    """CK2-R19: a battle under way is fought between a card of the attacker and one of the enemy, both
    still on the board (a card in a hand or a deck cannot fight, and a card is in one zone only)."""
    for b in _battles(s):
        att = int(b["att"])
        on_board = find(s, att, int(b["a"])) >= 0 and find(s, 1 - att, int(b["d"])) >= 0
        _rule(on_board, "CK2-R19", "a battle between cards that are not both on the board")


def _face_down(s: CKState, seat: int) -> list[int]:
    """The tactics ``seat`` has played in a battle and not yet revealed (CK2-R22 step 1)."""
    out: list[int] = []
    for b in _battles(s):
        for side in (0, 1):
            owner = b["att"] if side == 0 else 1 - int(b["att"])
            tac = b["tac"][side]
            if owner == seat and tac and not b.get(f"rv{side}"):
                out.append(int(tac))
    return out


def _excluded_tactic(s: CKState, seat: int) -> bool:
    """Whether ``seat`` has set aside its fifth Battle Tactic yet (CK2-R96; Kai at setup, CK2-R72)."""
    if s.is_kai(seat):
        return True
    for phase, ctx in [(s.phase, s.ctx), *((r.get("phase"), r.get("ctx")) for r in s.resume)]:
        if phase == SETUP and isinstance(ctx, dict):
            order, i = list(ctx["order"]), int(ctx["i"])
            waiting = order[i + 1 :] + ([] if ctx.get("drawn") else [order[i]])
            return seat not in waiting
    return True


def _check_tactics(s: CKState, seat: int) -> None:
    """CK2-R96 / CK2-R22 / CK2-R86: a clan plays with 4 of its 5 Battle Tactics, each available, used
    or face down in a battle; Kai holds her 4 always (no used pile) and plays one of them."""
    c = s.clans[seat]
    if s.is_kai(seat):
        _rule(len(c.tactics) == _TACTICS_KEPT and not c.tactics_used, "CK2-R86", "Kai holds 4 Battle Tactics")
        played = [t for t in _face_down(s, seat) if t not in c.tactics]
        _rule(not played, "CK2-R86", "Kai plays a Battle Tactic she does not hold")
        return
    cards = c.tactics + c.tactics_used + _face_down(s, seat)
    _rule(len(set(cards)) == len(cards), "CK2-R22", f"clan {seat} holds a Battle Tactic twice")
    want = _TACTICS_KEPT if _excluded_tactic(s, seat) else _TACTICS_KEPT + 1
    _rule(len(cards) == want, "CK2-R96", f"clan {seat} plays with {len(cards)} Battle Tactics, not {want}")


def _check_kai(s: CKState, seat: int) -> None:
    c = s.clans[seat]
    _rule(not c.slots and not c.caverns, "CK2-R72", "Kai has no Summoning slots and no Caverns")
    _rule(
        all(v < top for v, top in zip(c.tracks, TRACK_FINAL, strict=True)),
        "CK2-R85",
        "a Kai tracker rests on its final space (it returns to 0 at once)",
    )
    no_board = c.tiles == [0, 0, 0, 0] and c.dragons == [-1, -1, -1] and not any(c.found) and c.summon == 0
    _rule(no_board, "CK2-R72", "Kai plays without a Summon Board")
    _rule(not c.kd_spent or s.dragon != seat, "CK2-R93", "Kai played Keep Defence as the Dragon Clan")


def _check_board(s: CKState) -> None:
    for x, r in enumerate(s.board):
        if r and r % 100 == BLACK_GATE:
            _rule(x % LEVELS == 0, "CK2-R7", "the Black Gate stands above level 1")


def _check_final(s: CKState) -> None:
    """CK2-R36..R44: the Final Battle's pieces exist only while it runs, on the right side."""
    if s.dragon < 0:
        _rule(s.injuries == 0 and s.obliterate == 0 and s.dice == 4, "CK2-R36", "a Dragon before any Summon")
        for seat in (0, 1):
            c = s.clans[seat]
            _rule(not any(c.ruined), "CK2-R42", "a keep column destroyed before the Final Battle")
            _rule(not c.kd and not c.kd_spent, "CK2-R37", "Keep Defence cards before the Final Battle")
        _rule(
            s.phase not in (KD_BUY, DRAGON, KD_PLAY),
            "CK2-R36",
            "a Final Battle decision before any Summon",
        )
        return
    dragon, defender = s.clans[s.dragon], s.clans[1 - s.dragon]
    _rule(not s.hard or s.dice >= 4 - s.injuries, "CK2-R44", "the Dragon lost more dice than it has injuries")
    _rule(s.hard or s.dice == 4, "CK2-R44", "the Dragon lost dice outside Hard Mode")
    _rule(s.phase == OVER or s.injuries < 4, "CK2-R43", "the Dragon's 4th injury ends the game at once")
    if s.phase != OVER:  # CK2-R36 steps 3-5, R39: the Dragon Clan's turns are its single attacks
        whose = s.dragon if s.phase in (DRAGON, KD_PLAY) else 1 - s.dragon
        _rule(s.current == whose, "CK2-R39", "a turn of the wrong clan in the Final Battle")
    inactive = [n for _x, n in keep_cards(s, s.dragon) if not dragon.active[n]]
    _rule(not inactive, "CK2-R36", "a Building card in the Dragon Clan's keep is INACTIVE")
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
    _rule(s.phase != OVER or bool(s.reason), "CK2-R45", "a finished game without a result")


def _check_ruins(s: CKState, seat: int) -> None:
    c: Clan = s.clans[seat]
    for k, ruined in enumerate(c.ruined):
        if ruined:
            base = KEEP_COLS[seat][k] * LEVELS
            empty = all(not s.board[base + lv] or s.board[base + lv] // 100 != seat for lv in range(LEVELS))
            _rule(empty, "CK2-R41", "a destroyed keep column still holds cards")
