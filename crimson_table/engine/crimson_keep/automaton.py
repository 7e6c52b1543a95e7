"""Kai, the solo opponent (CK2-R72..R95), driven by the state's PRNG — never a player.

Kai always sits in seat 1: the Right clan, or the Left one when the player chose the Right
(CK2-R72, ``state.mirrored``; seat 1's keep stays on the grid's right either way).  Her turn runs inside ``settle`` as a
re-entrant procedure: ``s.ctx["kai"]`` names the next step, so when one of her
actions opens a Battle that needs the player's decisions (defending tactic and
tokens), the turn continues where it stopped once the Battle is over.
"""

from __future__ import annotations

from collections.abc import Callable

from crimson_table.engine.core import Action, Event
from crimson_table.engine.crimson_keep import final
from crimson_table.engine.crimson_keep.actions import FireAttack, Obliterate, PlayKeepDefence
from crimson_table.engine.crimson_keep.cards import (
    BLACK_GATE,
    BUILD,
    BUILDING,
    CARDS,
    COMBAT,
    CRAFT,
    DRAGON_RAM,
    MARCH,
    SUMMONING,
    name,
)
from crimson_table.engine.crimson_keep.logic import (
    BUILDING_REF,
    FWD,
    KEEP_COLS,
    active_firelancers,
    advance,
    building_at,
    cell,
    champion,
    col,
    ev,
    flip_inactive,
    keep_cards,
    push,
    push_target,
    rest_ok,
    step,
)
from crimson_table.engine.crimson_keep.state import DRAGON, KD_PLAY, MAIN, CKState, replaced
from crimson_table.engine.rng import Rng

KAI, PLAYER = 1, 0
SOLO_CARDS = tuple(range(1, 11))


def _rand(s: CKState, n: int) -> int:
    rng = Rng(s.rng)
    v = rng.below(n)
    s.rng = rng.state
    return v


def kai_keep(s: CKState, drawn: list[int], keep: int) -> None:
    """CK2-R82: keep the highest (HIGH) or lowest (LOW) numbered cards."""
    c = s.mine(KAI)
    ordered = sorted(drawn, reverse=s.mode == "H")
    c.hand += ordered[:keep]
    c.discard += ordered[keep:]


def pick_order(s: CKState, cards: list[int]) -> list[int]:
    """Cards in MODE order (CK2-R75): highest first if HIGH."""
    return sorted(cards, reverse=s.mode == "H")


# -- turn procedure (CK2-R74) ----------------------------------------------------------------------


def kai_turn(s: CKState, events: list[Event]) -> None:
    """Start Kai's turn (the procedure continues in :func:`kai_resume`)."""
    s.ctx = {"kai": "toss"}


def kai_resume(s: CKState, events: list[Event]) -> None:
    """Run Kai's turn from the step in ``ctx`` until she waits or the turn ends."""
    while s.phase == MAIN and s.current == KAI:
        stepname = str(s.ctx.get("kai", "toss"))
        if stepname == "end":
            from crimson_table.engine.crimson_keep.turn import end_turn  # noqa: PLC0415

            end_turn(s, events)
            return
        _STEPS[stepname](s, events)


def _goto(s: CKState, nxt: str) -> None:
    s.ctx["kai"] = nxt


def _toss(s: CKState, events: list[Event]) -> None:
    """CK2-R75 (no toss in her final full turn, CK2-R92)."""
    if s.dragon >= 0:
        s.mode = "H"
        _goto(s, "move")
        return
    s.mode = "H" if _rand(s, 2) == 0 else "L"
    events.append(
        ev(
            "kai_toss",
            {"mode": s.mode},
            f"Kai tosses the Turn Marker: {'HIGH' if s.mode == 'H' else 'LOW'}",
            True,
        )
    )
    _goto(s, "move")


def _move(s: CKState, events: list[Event]) -> None:
    """CK2-R76: her ACTIVE champion always moves forward (a Ram takes its extra space); the Move is not
    the turn's action, so it happens in the Final Battle's one-action turns too (CK2-R36 step 5)."""
    _goto(s, "draw1")
    cx, n = champion(s, KAI)
    if cx < 0 or not s.clans[KAI].active[n]:
        return
    y = step(cx, FWD[KAI])
    if y < 0 or not rest_ok(s, KAI, y):
        return
    if n == DRAGON_RAM and active_firelancers(s, KAI) >= 2:
        z = step(y, FWD[KAI])
        if z >= 0 and rest_ok(s, KAI, z):
            y = z
    b = s.cells()  # the board to change (copied first if shared: CKState.cells)
    b[y], b[cx] = b[cx], 0
    advance(s, KAI, MARCH, events)
    events.append(ev("move", {"seat": KAI, "card": n, "to": y}, f"Kai's {name(n)} moves forward"))


def _free_draw(s: CKState, events: list[Event]) -> None:
    """CK2-R82: an empty hand draws 5 and keeps 3 by MODE, free."""
    c = s.clans[KAI]
    if not c.hand and (c.deck or c.discard):
        from crimson_table.engine.crimson_keep.turn import start_draw  # noqa: PLC0415

        start_draw(s, KAI, 5, 3, "Kai's free draw", events)


def _draw1(s: CKState, events: list[Event]) -> None:
    _free_draw(s, events)
    if s.dragon >= 0:
        _goto(s, "final1" if s.final_stage == 1 else "single")
    elif len(keep_cards(s, KAI)) == 15:
        _goto(s, "activate")  # CK2-R89
    else:
        _goto(s, "place")


def _place(s: CKState, events: list[Event]) -> None:
    _goto(s, "draw2")
    action1(s, events)
    summon_check(s, events)


def _draw2(s: CKState, events: list[Event]) -> None:
    _free_draw(s, events)
    _goto(s, "solo")


def _solo(s: CKState, events: list[Event]) -> None:
    from crimson_table.engine.crimson_keep.solo_deck import action2  # noqa: PLC0415

    _goto(s, "summon")
    action2(s, events)


def _summon(s: CKState, events: list[Event]) -> None:
    _goto(s, "end")
    summon_check(s, events)


def _activate(s: CKState, events: list[Event]) -> None:
    """CK2-R89: flip the 2 highest-numbered INACTIVE Building cards ACTIVE (one Craft advance)."""
    _goto(s, "summon")
    cards = flippable(s)[:2]
    if cards:
        advance(s, KAI, CRAFT, events)
    for n in cards:
        _flip_up(s, n, events)
    summon_check(s, events)


def _final1(s: CKState, events: list[Event]) -> None:
    """CK2-R92: Kai's final full turn, 2 actions of A (flip) or B (build on an empty column)."""
    for _ in range(2):
        cards = flippable(s)
        if cards:
            advance(s, KAI, CRAFT, events)
            _flip_up(s, cards[0], events)
            continue
        _final_build(s, events)
    _goto(s, "end")


def _final_build(s: CKState, events: list[Event]) -> None:
    c = s.clans[KAI]
    builds = sorted((n for n in c.hand if CARDS[n].set == BUILDING), reverse=True)
    if not builds:
        return
    for k in (2, 1, 0):
        x = cell(KEEP_COLS[KAI][k], 1)
        if (
            not c.ruined[k]
            and not any(col(y) == col(x) for y, _n in keep_cards(s, KAI))
            and push_target(s, KAI, x) >= 0
        ):
            advance(s, KAI, BUILD, events)
            _put(s, builds[0], x, events)
            return


def _single(s: CKState, events: list[Event]) -> None:
    """CK2-R94: between Dragon attacks, flip the highest-numbered INACTIVE Building card ACTIVE."""
    cards = flippable(s)
    if cards:
        _flip_up(s, cards[0], events)
    _goto(s, "end")


_STEPS: dict[str, Callable[[CKState, list[Event]], None]] = {
    "toss": _toss, "move": _move, "draw1": _draw1, "place": _place, "draw2": _draw2, "solo": _solo,
    "summon": _summon, "activate": _activate, "final1": _final1, "single": _single,
}  # fmt: skip


# -- helpers ---------------------------------------------------------------------------------------


def flippable(s: CKState, summoning_only: bool = False) -> list[int]:
    """Kai's INACTIVE, unused Building cards in her Keep, highest number first."""
    c = s.clans[KAI]
    out = [n for _x, n in keep_cards(s, KAI) if not c.active[n] and not c.used[n]]
    if summoning_only:
        out = [n for n in out if n in SUMMONING]
    return sorted(out, reverse=True)


def _flip_up(s: CKState, n: int, events: list[Event]) -> None:
    s.mine(KAI).active[n] = True
    events.append(ev("flip", {"seat": KAI, "card": n, "active": True}, f"Kai flips {name(n)} ACTIVE"))


def _put(s: CKState, n: int, x: int, events: list[Event]) -> None:
    c = s.mine(KAI)
    c.hand.remove(n)
    push(s, KAI, x, events)
    s.cells()[x] = KAI * 100 + n
    c.active[n] = False
    if c.used[n]:
        c.used = replaced(c.used, n, False)  # a shared list (state.SHARED)
    events.append(ev("place", {"seat": KAI, "card": n, "cell": x}, f"Kai builds {name(n)}"))


def summon_check(s: CKState, events: list[Event]) -> None:
    """CK2-R90: 15 cards, all ACTIVE -> Kai summons (Obliterate cards by her Summoning cards)."""
    if s.dragon >= 0 or s.current != KAI:
        return
    cards = keep_cards(s, KAI)
    c = s.clans[KAI]
    if len(cards) < 15 or not all(c.active[n] for _x, n in cards):
        return
    k = sum(1 for _x, n in cards if n in SUMMONING)
    from crimson_table.engine.crimson_keep.turn import summon  # noqa: PLC0415

    summon(s, KAI, 0 if k <= 1 else k - 1, events)


def build_spot(s: CKState, n: int) -> tuple[str, int]:
    """CK2-R78/R79: ("place", cell) or ("replace", cell) for Building card n, or ("", -1)."""
    b, own = s.board, BUILDING_REF[KAI]  # own[b[x]]: building_at(s, KAI, x) != 0
    if n == BLACK_GATE:
        c1 = _GATE_SPOT
        if own[b[c1]]:
            return "replace", c1
        return ("place", c1) if push_target(s, KAI, c1) >= 0 else ("", -1)
    ruined = s.clans[KAI].ruined
    for k, x, level1 in _BUILD_SPOTS:  # level by level, columns A, B, C
        if ruined[k] or own[b[x]]:
            continue
        if level1:
            if push_target(s, KAI, x) >= 0:
                return "place", x
        elif own[b[x - 1]]:
            return "place", x
    return "", -1


# Kai's keep spaces in her building order (CK2-R78): (keep column 0..2, cell, on level 1), level by level
_BUILD_SPOTS = tuple(
    (k, cell(KEEP_COLS[KAI][k], level), level == 1) for level in range(1, 6) for k in (0, 1, 2)
)
_GATE_SPOT = cell(KEEP_COLS[KAI][2], 1)  # the Black Gate's only space: level 1 of her front column (CK2-R79)


def _place_building(s: CKState, n: int, events: list[Event]) -> bool:
    how, x = build_spot(s, n)
    if not how:
        return False
    advance(s, KAI, BUILD, events)
    if how == "replace":
        _replace_at(s, x, n, events)
    else:
        _put(s, n, x, events)
    return True


def _replace_at(s: CKState, x: int, n: int, events: list[Event]) -> None:
    c = s.mine(KAI)
    old = building_at(s, KAI, x)
    flip_inactive(s, KAI, old)
    c.discard.append(old)
    c.hand.remove(n)
    s.cells()[x] = KAI * 100 + n
    c.active[n] = False
    if c.used[n]:
        c.used = replaced(c.used, n, False)  # a shared list (state.SHARED)
    events.append(
        ev("replace", {"seat": KAI, "card": n, "old": old}, f"Kai replaces {name(old)} with {name(n)}")
    )


def _place_card(s: CKState, n: int, events: list[Event]) -> bool:
    """One card per CK2-R77/R80; False if it cannot be placed."""
    c = s.mine(KAI)
    if CARDS[n].set == BUILDING:
        return _place_building(s, n, events)
    if CARDS[n].set != COMBAT:
        return False
    advance(s, KAI, BUILD, events)
    c.hand.remove(n)
    if len(c.barracks) >= 3:  # CK2-R80
        old = max(c.barracks) if s.mode == "H" else min(c.barracks)
        c.barracks = replaced(c.barracks, c.barracks.index(old), n)  # a shared list (state.SHARED)
        c.discard.append(old)
        events.append(
            ev("replace", {"seat": KAI, "card": n, "old": old}, f"Kai replaces {name(old)} in her Barracks")
        )
    else:
        c.barracks = [*c.barracks, n]  # a shared list (state.SHARED)
        events.append(
            ev("place", {"seat": KAI, "card": n, "cell": -1}, f"Kai places {name(n)} in her Barracks")
        )
    c.active[n] = False
    return True


def action1(s: CKState, events: list[Event]) -> None:
    """CK2-R77/R81: place the pick, else the next card in MODE order, else Draw."""
    c = s.clans[KAI]
    for n in pick_order(s, list(c.hand)):
        if _place_card(s, n, events):
            return
    kai_draw(s, events)


def kai_draw(s: CKState, events: list[Event]) -> bool:
    """A Draw action (Craft), if legal."""
    c = s.clans[KAI]
    if not (c.deck or c.discard):
        return False
    advance(s, KAI, CRAFT, events)
    from crimson_table.engine.crimson_keep.turn import start_draw  # noqa: PLC0415

    start_draw(s, KAI, 5, 3, "Kai draws", events)
    return True


# -- Final Battle (CK2-R91, R93) -------------------------------------------------------------------


def kai_final_decision(s: CKState, events: list[Event]) -> bool:
    """Kai's DRAGON or KD_PLAY decision, if it is hers (True if she acted)."""
    if s.phase == DRAGON and s.actor == KAI:
        if s.obliterate > 0:
            cols = final.open_columns(s, PLAYER)
            best = max(cols, key=lambda k: (final.column_total(s, PLAYER, k), k))
            final.apply(s, _obliterate(best), events)
        else:
            final.apply(s, _fire(), events)
        return True
    if s.phase == KD_PLAY and s.actor == KAI:
        kd = s.clans[KAI].kd
        pick = kd[_rand(s, len(kd))]
        final.apply(s, _play(pick, _rand(s, 2)), events)
        return True
    return False


def _obliterate(k: int) -> Action:
    return Obliterate(k)


def _fire() -> Action:
    return FireAttack()


def _play(kd: int, side: int) -> Action:
    return PlayKeepDefence(kd, side)
