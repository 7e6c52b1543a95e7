"""Battles in five steps (CK2-R18..R24, R64, R66, R86).

A battle lives in ``s.ctx`` while it needs decisions (phases TACTIC, TOKENS, REROLL);
the decision it interrupted is on ``s.resume`` and comes back when it is over.
``ctx`` fields: ``att`` (attacking seat), ``a``/``d`` (attacking / defending card
numbers), ``kind`` (battle, blitz, dash), ``step``, ``tac`` [att, def], ``tok`` [att
values, def values], ``dice`` [att, def].
"""

from __future__ import annotations

from typing import Any

from crimson_table.engine.core import Action, Event
from crimson_table.engine.crimson_keep.actions import (
    DONE,
    PROTECT,
    Done,
    Protect,
    Reroll,
    Tactic,
    TakeToken,
    reroll_action,
    tactic_action,
    token_action,
)
from crimson_table.engine.crimson_keep.board import KEEP_SET, LEVELS, col, lvl
from crimson_table.engine.crimson_keep.cards import (
    BUILDING,
    CARDS,
    COMBAT,
    SCORCH_KNIGHTS,
    SUMMONING,
    TACTICS,
    name,
)
from crimson_table.engine.crimson_keep.ops import ev, flip_inactive, gain, player, remove_card
from crimson_table.engine.crimson_keep.queries import building_at, champion, find, keep_cards, other
from crimson_table.engine.crimson_keep.state import (
    FIGHT,
    MAIN,
    REROLL,
    TACTIC,
    TOKENS,
    CKState,
    copy_ctx,
    replaced,
    without,
)
from crimson_table.engine.rng import Rng

STEPS = ("tac_a", "tac_d", "tok_d", "tok_a", "roll", "bt_a", "bt_d", "end")


def _side_seat(b: dict[str, Any], side: int) -> int:
    return int(b["att"]) if side == 0 else other(int(b["att"]))


def _roll(s: CKState, k: int) -> list[int]:
    rng = Rng(s.rng)
    out = [rng.randint(1, 6) for _ in range(k)]
    s.rng = rng.state
    return out


def run(s: CKState, events: list[Event]) -> None:
    """Advance the battle until a human decision is needed or it is over."""
    b = s.ctx
    while True:
        stepname = b["step"]
        if stepname in ("tac_a", "tac_d"):
            side = 0 if stepname == "tac_a" else 1
            if _tactic_step(s, b, side):
                return
        elif stepname in ("tok_d", "tok_a"):
            side = 1 if stepname == "tok_d" else 0
            if _token_step(s, b, side, events):
                return
        elif stepname == "roll":
            b["dice"][0] = _roll(s, 2 if b["kind"] == "blitz" else 1)
            b["dice"][1] = _roll(s, CARDS[int(b["d"])].defence_dice)
            events.append(
                ev("roll", {"dice": b["dice"]}, f"Battle dice: {b['dice'][0]} against {b['dice'][1]}", True)
            )
        elif stepname in ("bt_a", "bt_d"):
            side = 0 if stepname == "bt_a" else 1
            if _resolve_tactic(s, b, side, events):
                return
        else:
            _finish(s, b, events)
            return
        b["step"] = STEPS[STEPS.index(stepname) + 1]


def _tactic_step(s: CKState, b: dict[str, Any], side: int) -> bool:
    seat = _side_seat(b, side)
    c = s.clans[seat]
    if s.is_kai(seat):  # CK2-R86: the top card of her freshly shuffled 4
        rng = Rng(s.rng)
        b["tac"][side] = rng.choice(sorted(c.tactics))
        s.rng = rng.state
        return False
    if len(c.tactics) == 1:
        play_tactic(s, seat, side, c.tactics[0])
        return False
    s.phase, s.actor = TACTIC, seat
    return True


def play_tactic(s: CKState, seat: int, side: int, t: int) -> None:
    """CK2-R22: the card goes to the used pile; when all are used, they return."""
    c = s.mine(seat)
    c.tactics = without(c.tactics, t)  # a shared list (state.SHARED)
    s.ctx["tac"][side] = t


def reveal_tactic(s: CKState, seat: int, t: int) -> None:
    """CK2-R22: at the reveal the card joins the used pile; when all 4 are used, they return."""
    if s.is_kai(seat):
        return  # CK2-R86: no reuse limit
    c = s.mine(seat)
    c.tactics_used = [*c.tactics_used, t]  # a shared list (state.SHARED)
    if not c.tactics:
        c.tactics, c.tactics_used = sorted(c.tactics_used), []


def token_options(s: CKState, b: dict[str, Any], side: int) -> list[tuple[int, int]]:
    """(source card, value) of the optional tokens this side may still take (CK2-R20)."""
    seat = _side_seat(b, side)
    n = int(b["a"] if side == 0 else b["d"])
    info = CARDS[n]
    want_attack = side == 0
    if not (info.attack_icon if want_attack else info.defence_icon):
        return []
    c = s.clans[seat]
    out: list[tuple[int, int]] = []
    sources = [m for _x, m in keep_cards(s, seat)] + list(c.caverns)
    x, ch = champion(s, seat)
    if ch:
        sources.append(ch)
    for m in sorted(set(sources)):
        t = c.tokens[m]
        if m in (n, SCORCH_KNIGHTS) or not t or (t > 0) != want_attack:
            continue
        out.append((m, t))
    for t in sorted(set(c.pool)):
        if (t > 0) == want_attack:
            out.append((0, t))
    return out


def can_protect(s: CKState, b: dict[str, Any], side: int) -> bool:
    """CK2-R17: the Protection token may join the battle if that side's battling card is its champion."""
    seat = _side_seat(b, side)
    n = int(b["a"] if side == 0 else b["d"])
    c = s.clans[seat]
    x, ch = champion(s, seat)
    return c.protection == -1 and ch == n and c.active[n]


def _token_step(s: CKState, b: dict[str, Any], side: int, events: list[Event]) -> bool:
    seat = _side_seat(b, side)
    n = int(b["a"] if side == 0 else b["d"])
    c = s.clans[seat]
    own = c.tokens[n]
    if own and (own > 0) == (side == 0) and not b.get(f"own{side}"):
        if n != SCORCH_KNIGHTS or side == 0:
            b["tok"][side].append(own)
            c = s.mine(seat)
            c.tokens = replaced(c.tokens, n, 0)  # a shared list (state.SHARED)
        b[f"own{side}"] = True
    if s.is_kai(seat):
        for src, t in token_options(s, b, side):
            take_token(s, seat, side, src, t)
        return False
    if token_options(s, b, side) or can_protect(s, b, side):
        s.phase, s.actor = TOKENS, seat
        return True
    return False


def take_token(s: CKState, seat: int, side: int, src: int, t: int) -> None:
    """Take one token; its source card flips INACTIVE and counts as used (CK2-R16, R20)."""
    c = s.mine(seat)
    if src == 0:
        c.pool = without(c.pool, t)  # a shared list (state.SHARED)
    else:
        c.tokens = replaced(c.tokens, src, 0)  # a shared list (state.SHARED)
        flip_inactive(s, seat, src)
        c.used = replaced(c.used, src, True)
    s.ctx["tok"][side].append(t)


def _resolve_tactic(s: CKState, b: dict[str, Any], side: int, events: list[Event]) -> bool:
    seat = _side_seat(b, side)
    t = int(b["tac"][side])
    c = s.clans[seat]
    if not b.get(f"rv{side}"):
        b[f"rv{side}"] = True
        reveal_tactic(s, seat, t)
    if t == 1:
        b["bonus"][side] += len(c.barracks) + len(c.caverns)
    elif t == 2:
        b["dice"][side] = b["dice"][side] + _roll(s, 1)
    elif t == 3:
        b["bonus"][side] += 3 if side == 1 else 1
    elif t == 5:
        inside = {m for _x, m in keep_cards(s, seat)}
        k = sum(1 for m in SUMMONING if m in inside and c.active[m])
        b["bonus"][side] += min(3, max(1, k))
    elif t == 4 and not b.get(f"rr{side}"):
        b[f"rr{side}"] = True
        if s.is_kai(seat):  # CK2-R86
            dice = b["dice"][side]
            low = min(range(len(dice)), key=lambda i: dice[i])
            if dice[low] <= 3:
                dice[low] = _roll(s, 1)[0]
        else:
            s.phase, s.actor = REROLL, seat
            return True
    events.append(ev("tactic", {"seat": seat, "tactic": t}, f"{player(seat)} reveals {TACTICS[t]}"))
    return False


def total(b: dict[str, Any], side: int) -> int:
    """Dice + tokens + tactic bonus of one side."""
    return int(sum(b["dice"][side])) + sum(abs(int(t)) for t in b["tok"][side]) + int(b["bonus"][side])


def _finish(s: CKState, b: dict[str, Any], events: list[Event]) -> None:
    ta, td = total(b, 0), total(b, 1)
    while ta == td:  # CK2-R23
        extra = _roll(s, 2)
        ta, td = ta + extra[0], td + extra[1]
        events.append(ev("roll", {"tie": extra}, f"A tie: both roll again ({extra[0]} / {extra[1]})", True))
    att = int(b["att"])
    a, d = int(b["a"]), int(b["d"])
    win_side = 0 if ta > td else 1
    winner, loser = (att, other(att)) if win_side == 0 else (other(att), att)
    wn, ln = (a, d) if win_side == 0 else (d, a)
    events.append(ev("battle_result", {"winner": winner, "totals": [ta, td]},
                     f"{player(winner)}'s {name(wn)} wins the battle {max(ta, td)} to {min(ta, td)}"))  # fmt: skip
    behind = _behind(s, att, d) if b["kind"] == "blitz" and win_side == 0 else -1
    loser_set = CARDS[ln].set
    remove_card(s, loser, ln, True, events)  # CK2-R24: the loser is DESTROYED (Summoning: REMOVE)
    gain(s, winner, "C1" if loser_set == COMBAT else "C2", events)
    _winner_fate(s, winner, wn, b["kind"] == "dash" and win_side == 0, events)
    if behind >= 0:
        _blitz_behind(s, other(att), behind, events)
    s.phase, s.actor, s.ctx = _pop(s)


def _pop(s: CKState) -> tuple[str, int, dict[str, Any]]:
    r: dict[str, Any] = s.resume.pop() if s.resume else {"phase": MAIN, "actor": s.current, "ctx": {}}
    return str(r["phase"]), int(r["actor"]), copy_ctx(r["ctx"])  # frames are shared (CKState.clone)


def _winner_fate(s: CKState, seat: int, n: int, dash: bool, events: list[Event]) -> None:
    if find(s, seat, n) < 0:
        return
    c = s.clans[seat]
    if CARDS[n].set == BUILDING:
        flip_inactive(s, seat, n)
        return
    if c.protection == n:  # CK2-R17
        s.mine(seat).protection = 0
        events.append(ev("protected", {"seat": seat, "card": n}, f"Protected, {name(n)} holds the field"))
        return
    if dash:  # CK2-R66
        flip_inactive(s, seat, n)
        return
    remove_card(s, seat, n, False, events)


def _behind(s: CKState, att: int, target: int) -> int:
    """CK2 s.1.3 'behind': one column further from the cannon, if it is an enemy keep card."""
    enemy = other(att)
    t = find(s, enemy, target)
    cx, _n = champion(s, att)
    sgn = 1 if col(t) > col(cx) else -1
    c2 = col(t) + sgn
    if not 0 <= c2 < 9:
        return -1
    y = c2 * LEVELS + lvl(t) - 1
    return y if c2 in KEEP_SET[enemy] and building_at(s, enemy, y) else -1


def _blitz_behind(s: CKState, enemy: int, y: int, events: list[Event]) -> None:
    m = building_at(s, enemy, y)
    if not m:
        return
    if s.clans[enemy].active[m]:
        flip_inactive(s, enemy, m)
        events.append(
            ev("flip", {"seat": enemy, "card": m, "active": False}, f"{name(m)} is knocked INACTIVE")
        )
    else:
        remove_card(s, enemy, m, False, events)


# -- decisions -------------------------------------------------------------------------------------


def legal(s: CKState) -> list[Action]:
    """Legal decisions in TACTIC, TOKENS, REROLL."""
    b = s.ctx
    side = 0 if s.actor == int(b["att"]) else 1
    if s.phase == TACTIC:
        return [tactic_action(t) for t in sorted(s.clans[s.actor].tactics)]
    if s.phase == TOKENS:
        out: list[Action] = [token_action(src, t) for src, t in token_options(s, b, side)]
        if can_protect(s, b, side):
            out.append(PROTECT)
        return [*out, DONE]
    return [reroll_action(i) for i in range(len(b["dice"][side]))] + [DONE]


def apply(s: CKState, a: Action, events: list[Event]) -> None:
    """Apply a battle decision (already known legal) and continue."""
    b = s.ctx
    seat = s.actor
    side = 0 if seat == int(b["att"]) else 1
    if isinstance(a, Tactic):
        play_tactic(s, seat, side, a.tactic)
        b["step"] = STEPS[STEPS.index(b["step"]) + 1]
    elif isinstance(a, TakeToken):
        take_token(s, seat, side, a.source, a.value)
        return  # stay in TOKENS
    elif isinstance(a, Protect):
        c = s.mine(seat)
        n = int(b["a"] if side == 0 else b["d"])
        c.protection = n
        c.used = replaced(c.used, 15, True)  # a shared list (state.SHARED)
        c.active[15] = False
        events.append(ev("protect", {"seat": seat, "card": n}, f"{player(seat)} protects {name(n)}"))
        return
    elif isinstance(a, Reroll):
        dice = b["dice"][side]
        dice[a.die] = _roll(s, 1)[0]
        events.append(ev("roll", {"reroll": dice}, f"{player(seat)} rerolls: {dice}", True))
        b["step"] = STEPS[STEPS.index(b["step"]) + 1]
    elif isinstance(a, Done):
        if s.phase == REROLL:
            events.append(ev("tactic", {"seat": seat, "tactic": 4}, f"{player(seat)} reveals Second Wind"))
        b["step"] = STEPS[STEPS.index(b["step"]) + 1]
    if s.phase == REROLL and isinstance(a, Reroll):
        events.append(ev("tactic", {"seat": seat, "tactic": 4}, f"{player(seat)} reveals Second Wind"))
    # the battle's next steps run as the settle loop enters FIGHT, and the rune and store checks after
    # them: a Tactic or a Reroll changes no keep itself, but the battle it lets finish may (CK2-R16, R28)
    s.phase = FIGHT
