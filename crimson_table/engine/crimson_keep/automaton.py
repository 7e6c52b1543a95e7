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
from crimson_table.engine.crimson_keep import battle, final
from crimson_table.engine.crimson_keep.actions import FireAttack, Obliterate, PlayKeepDefence
from crimson_table.engine.crimson_keep.board import FWD, KEEP_COLS, cell, col, step
from crimson_table.engine.crimson_keep.cards import (
    BUILD,
    BUILDING,
    CARDS,
    CAVERN_CARDS,
    CRAFT,
    DRAGON_RAM,
    MARCH,
    NUMBERS,
    SUMMONING,
    name,
)
from crimson_table.engine.crimson_keep.kai_ops import (
    KAI,
    KAI_FIRST_STEP,
    PLAYER,
    action1,
    flip_up,
    flippable,
    kai_keep,
    put_card,
    rand,
)
from crimson_table.engine.crimson_keep.ops import advance, ev, settle_checks, start_draw, summon
from crimson_table.engine.crimson_keep.queries import (
    active_firelancers,
    champion,
    keep_cards,
    open_columns,
    push_target,
    rest_ok,
)
from crimson_table.engine.crimson_keep.solo_deck import action2
from crimson_table.engine.crimson_keep.state import DRAGON, FIGHT, KD_PLAY, KEEP, MAIN, CKState
from crimson_table.engine.crimson_keep.turn import end_turn

# -- turn procedure (CK2-R74) ----------------------------------------------------------------------


KAI_DECIDES = frozenset((KEEP, DRAGON, KD_PLAY))
"""The phases besides her turn (MAIN) whose decision is Kai's when she is their actor (``flow.settle``
asks :func:`to_act`'s question inline, from this same set)."""


def to_act(s: CKState) -> bool:
    """True while the decision is Kai's (solo): her turn, the cards she keeps, her Final Battle choices."""
    if s.players != 1:
        return False
    if s.phase == MAIN:
        return s.current == KAI
    return s.actor == KAI and s.phase in KAI_DECIDES


def act(s: CKState, events: list[Event]) -> None:
    """Kai takes the decision that is hers (``to_act``): the flow's settle loop asks her."""
    if s.phase in (DRAGON, KD_PLAY):
        kai_final_decision(s, events)
    else:
        kai_resume(s, events)


def kai_resume(s: CKState, events: list[Event]) -> None:
    """Run Kai's turn from the step in ``ctx`` until she waits for the player or her turn ends.  A draw
    of hers leaves the cards to keep as the next decision: she keeps them at once (CK2-R82), and a battle
    she opens is fought at once; the rune and store checks run after each of her steps and battles, as after
    every atomic event (CK2-R16, R28, R87: her Clan Leader turned ACTIVE stores its token before her next
    step, not at her turn's end)."""
    steps = _STEPS
    while True:
        phase = s.phase
        if phase == MAIN:
            if s.current != KAI:
                return
            ctx = s.ctx
            stepname = ctx.get("kai", KAI_FIRST_STEP)
            while stepname != "end":  # her steps one after another, each naming the next, while none stops
                steps[stepname](s, events)
                if s.phase != MAIN or s.ctx is not ctx:
                    break  # a decision left (her cards to keep, a battle) or her turn handed on
                if settle_checks(s, events, True, None if stepname in _REACH_THE_PLAYER else KAI):
                    break  # the player's store asks a choice; her turn resumes after it (ctx names her step)
                stepname = ctx["kai"]
            else:
                end_turn(s, events)
                return
        elif phase == KEEP:
            if s.actor != KAI:
                return
            keep_offer(s)
        elif phase == FIGHT and s.current == KAI:  # a battle she opened: its steps run at once
            battle.run(s, events)
            if s.phase == MAIN:  # it is over: what it changed is checked before her next step
                settle_checks(s, events, True)
        else:
            return


def keep_offer(s: CKState) -> None:
    """CK2-R82: Kai keeps the cards of her draw by MODE; the interrupted decision resumes."""
    kai_keep(s, s.ctx["offer"], int(s.ctx["left"]))
    s.resume_frame()


def _toss(s: CKState, events: list[Event]) -> None:
    """CK2-R75 (no toss in her final full turn, CK2-R92)."""
    if s.dragon >= 0:
        s.mode = "H"
        s.ctx["kai"] = "move"
        return
    high = rand(s, 2) == 0
    s.mode = "H" if high else "L"
    events.append(_TOSS_EVENTS[high])
    s.ctx["kai"] = "move"


# her toss's event by HIGH, made once at import (events are shared: see ops.ev)
_TOSS_EVENTS = tuple(
    ev("kai_toss", {"mode": mode}, f"Kai tosses the Turn Marker: {text}", True)
    for mode, text in (("L", "LOW"), ("H", "HIGH"))
)


def _move(s: CKState, events: list[Event]) -> None:
    """CK2-R76: her ACTIVE champion always moves forward (a Ram takes its extra space); the Move is not
    the turn's action, so it happens in the Final Battle's one-action turns too (CK2-R36 step 5)."""
    s.ctx["kai"] = "draw1"
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
        start_draw(s, KAI, 5, 3, "Kai's free draw", events)


def _draw1(s: CKState, events: list[Event]) -> None:
    if s.dragon >= 0:
        s.ctx["kai"] = "final1" if s.final_stage == 1 else "single"
    elif _keep_may_hold(s, 15) and len(keep_cards(s, KAI)) == 15:
        s.ctx["kai"] = "activate"  # CK2-R89
    else:
        s.ctx["kai"] = "place"
    _free_draw(s, events)  # after the next step is named: her cards to keep are the next decision


def _place(s: CKState, events: list[Event]) -> None:
    s.ctx["kai"] = "draw2"
    action1(s, events)
    summon_check(s, events)


def _draw2(s: CKState, events: list[Event]) -> None:
    s.ctx["kai"] = "solo"
    _free_draw(s, events)  # after the next step is named: her cards to keep are the next decision


def _solo(s: CKState, events: list[Event]) -> None:
    s.ctx["kai"] = "summon"
    action2(s, events)


def _summon(s: CKState, events: list[Event]) -> None:
    s.ctx["kai"] = "end"
    summon_check(s, events)


def _activate(s: CKState, events: list[Event]) -> None:
    """CK2-R89: flip the 2 highest-numbered INACTIVE Building cards ACTIVE (one Craft advance)."""
    s.ctx["kai"] = "summon"
    cards = flippable(s)[:2]
    if cards:
        advance(s, KAI, CRAFT, events)
    for n in cards:
        flip_up(s, n, events)
    summon_check(s, events)


def _final1(s: CKState, events: list[Event]) -> None:
    """CK2-R92: Kai's final full turn, 2 actions of A (flip) or B (build on an empty column)."""
    for _ in range(2):
        cards = flippable(s)
        if cards:
            advance(s, KAI, CRAFT, events)
            flip_up(s, cards[0], events)
            continue
        _final_build(s, events)
    s.ctx["kai"] = "end"


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
            put_card(s, builds[0], x, events)
            return


def _single(s: CKState, events: list[Event]) -> None:
    """CK2-R94: between Dragon attacks, flip the highest-numbered INACTIVE Building card ACTIVE."""
    cards = flippable(s)
    if cards:
        flip_up(s, cards[0], events)
    s.ctx["kai"] = "end"


# her steps that may change the player's cards (a build pushing a combat card, a Solo card's ability, a
# Summon): the player's clan is checked after them too; the others change only her own keep and cards
_REACH_THE_PLAYER = frozenset(("place", "solo", "summon"))

_STEPS: dict[str, Callable[[CKState, list[Event]], None]] = {
    "toss": _toss, "move": _move, "draw1": _draw1, "place": _place, "draw2": _draw2, "solo": _solo,
    "summon": _summon, "activate": _activate, "final1": _final1, "single": _single,
}  # fmt: skip


# -- her Summon (CK2-R90) -------------------------------------------------------------------------


def summon_check(s: CKState, events: list[Event]) -> None:
    """CK2-R90: 15 cards, all ACTIVE -> Kai summons (Obliterate cards by her Summoning cards)."""
    if s.dragon >= 0 or s.current != KAI or not _keep_may_hold(s, 15):
        return
    cards = keep_cards(s, KAI)
    c = s.clans[KAI]
    if len(cards) < 15 or not all(c.active[n] for _x, n in cards):
        return
    k = sum(1 for _x, n in cards if n in SUMMONING)
    summon(s, KAI, 0 if k <= 1 else k - 1, events)


_KAI_CARDS = sum(1 for n in NUMBERS if n not in CAVERN_CARDS)  # CK2-R72: her deck has no Cavern cards


def _keep_may_hold(s: CKState, k: int) -> bool:
    """False when Kai's Keep cannot hold ``k`` Building cards: each of her cards is in exactly one zone (CK2
    s.5), so those in her deck, hand, piles, Summoning slots, Barracks and Caverns are not in it.  Asked
    before her keep is scanned: it holds 15 only near the end of a game, and her turn moves cards between
    the asks (each board met would be scanned once more for nothing)."""
    c = s.clans[KAI]
    elsewhere = len(c.deck) + len(c.hand) + len(c.discard) + len(c.destroyed) + len(c.slots) + len(c.barracks)
    return _KAI_CARDS - elsewhere - len(c.caverns) >= k


# -- Final Battle (CK2-R91, R93) -------------------------------------------------------------------


def kai_final_decision(s: CKState, events: list[Event]) -> bool:
    """Kai's DRAGON or KD_PLAY decision, if it is hers (True if she acted)."""
    if s.phase == DRAGON and s.actor == KAI:
        if s.obliterate > 0:
            cols = open_columns(s, PLAYER)
            best = max(cols, key=lambda k: (final.column_total(s, PLAYER, k), k))
            final.apply(s, _obliterate(best), events)
        else:
            final.apply(s, _fire(), events)
        return True
    if s.phase == KD_PLAY and s.actor == KAI:
        kd = s.clans[KAI].kd
        pick = kd[rand(s, len(kd))]
        final.apply(s, _play(pick, rand(s, 2)), events)
        return True
    return False


def _obliterate(k: int) -> Action:
    return Obliterate(k)


def _fire() -> Action:
    return FireAttack()


def _play(kd: int, side: int) -> Action:
    return PlayKeepDefence(kd, side)
