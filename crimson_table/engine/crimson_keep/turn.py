"""A normal turn: actions, free actions, draws, and the turn's start and end (CK2-R1..R14, R33, R35).

``options(s)`` lists the MAIN-phase decisions of the current clan; ``apply(s, a, events)``
performs one.  ``start_turn`` / ``finish_turn`` run the turn sequence of CK2-R1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from crimson_table.engine.core import Action, Event, shared_event
from crimson_table.engine.crimson_keep import abilities
from crimson_table.engine.crimson_keep.actions import (
    BARRACKS,
    CAVERNS,
    DRAW,
    END_TURN,
    PASS_DRAGON,
    PROTECT,
    Ability,
    Battle,
    Deploy,
    Draw,
    EndTurn,
    Flip,
    FreeAction,
    KeepCard,
    Move,
    Place,
    Protect,
    Replace,
    Summon,
    TakeDrawBonus,
    bonus_action,
    deploy_action,
    flip_action,
    free_action,
    move_action,
    place_action,
    replace_action,
    space_name,
    summon_action,
)
from crimson_table.engine.crimson_keep.board import FWD, LEVELS, step
from crimson_table.engine.crimson_keep.cards import (
    BLACK_ARMOURY,
    BLACK_GATE,
    BUILD,
    CARDS,
    COMBAT,
    CRAFT,
    DRAGON_NAMES,
    DRAGON_RAM,
    MARCH,
    NAMES,
    POWER,
    TRACK_FINAL,
    name,
)
from crimson_table.engine.crimson_keep.kai_ops import KAI_FIRST_STEP
from crimson_table.engine.crimson_keep.ops import (
    advance,
    dragon_turn,
    end_game,
    enter_gate,
    ev,
    flip_inactive,
    gain,
    move_dragon,
    move_summon,
    next_turn,
    player,
    put_building,
    start_battle,
    start_draw,
    summon,
    take_from_hand,
)
from crimson_table.engine.crimson_keep.queries import (
    BUILDS_AT,
    IS_BUILDING,
    IS_CAVERN,
    IS_COMBAT,
    NUMBERS_AT,
    Scan,
    active_firelancers,
    battle_options,
    board_memo,
    board_numbers,
    champion,
    find,
    hand_cards,
    keep_cards,
    open_spaces,
    other,
    rest_ok,
    scan,
    tasks_done,
)
from crimson_table.engine.crimson_keep.state import (
    CELLS,
    KEEP,
    MAIN,
    MEETING,
    NONE_USED,
    PURCHASE,
    CKState,
    replaced,
    without,
)

# -- building ----------------------------------------------------------------------------------------


def place_options(s: CKState, seat: int, sc: Scan | None = None) -> list[Action]:
    """CK2-R6: every card of hand and Summoning slots onto a matching empty space."""
    c = s.clans[seat]
    out: list[Action] = []
    spaces: list[int] | None = None
    for n in sc.new if sc else hand_cards(s, seat):
        if IS_BUILDING[n]:
            if spaces is None:
                spaces = open_spaces(s, seat)
            if n == BLACK_GATE:
                row = PLACED[n]
                out += [row[x] for x in spaces if x % LEVELS == 0]  # level 1 only
            elif spaces:
                out += _picks(spaces)(PLACED[n])
        elif IS_COMBAT[n]:
            if len(c.barracks) < 3:
                out.append(place_action(n, BARRACKS))
        elif IS_CAVERN[n] and len(c.caverns) < 3:
            out.append(place_action(n, CAVERNS))
    return out


def deploy_options(s: CKState, seat: int, sc: Scan | None = None) -> list[Action]:
    """CK2-R8."""
    if (sc.champion if sc else champion(s, seat))[0] >= 0:
        return []
    return [deploy_action(n) for n in sorted(s.clans[seat].barracks)]


def replace_options(s: CKState, seat: int, sc: Scan | None = None) -> list[Action]:
    """CK2-R10 (the Black Gate only on level 1)."""
    c = s.clans[seat]
    new = sc.new if sc else hand_cards(s, seat)
    out: list[Action] = []
    builds = [n for n in new if IS_BUILDING[n]]
    if builds:
        cards = sc.cards if sc else keep_cards(s, seat)
        if BLACK_GATE not in builds:  # every keep card may take every one of them
            out += [REPLACED[old][n] for _x, old in cards for n in builds]
        else:
            every, upper = _picks(builds), _picks([n for n in builds if n != BLACK_GATE])
            for x, old in cards:
                out += (every if x % LEVELS == 0 else upper)(REPLACED[old])
    if c.barracks:
        combat = [n for n in new if IS_COMBAT[n]]
        if combat:
            pick = _picks(combat)
            for old in sorted(c.barracks):
                out += pick(REPLACED[old])
    if c.caverns:
        caverns = [n for n in new if IS_CAVERN[n]]
        if caverns:
            pick = _picks(caverns)
            for old in sorted(c.caverns):
                out += pick(REPLACED[old])
    cx, ch = sc.champion if sc else champion(s, seat)
    if cx >= 0 and c.barracks:
        out += _picks(sorted(c.barracks))(REPLACED[ch])
    return out


def _none(row: Sequence[Action]) -> tuple[Action, ...]:
    return ()


def _picks(indices: list[int]) -> Callable[[Sequence[Action]], Sequence[Action]]:
    """A function giving the items of a row at ``indices``, in order, as a sequence (an ``itemgetter``: a
    list comprehension over a row costs twice as much).

    >>> _picks([2, 0])("abc"), _picks([1])("abc"), _picks([])("abc")
    (('c', 'a'), ('b',), ())
    """
    if not indices:
        return _none
    if len(indices) == 1:  # itemgetter of one index gives the item itself, not a tuple
        i = indices[0]
        return lambda row: (row[i],)
    return itemgetter(*indices)


# the interned Place and Replace actions by [card][cell] and [old card][card], made once at import (a table
# lookup costs a fifth of an lru_cache call; the same objects as place_action / replace_action)
PLACED: tuple[tuple[Action, ...], ...] = tuple(
    tuple(place_action(n, x) for x in range(CELLS)) for n in range(38)
)
REPLACED: tuple[tuple[Action, ...], ...] = tuple(
    tuple(replace_action(n, old) for n in range(38)) for old in range(38)
)


def flip_options(s: CKState, seat: int, sc: Scan | None = None, m: list[Any] | None = None) -> list[Action]:
    """CK2-R11: own board or Caverns cards; a used card may not go back ACTIVE (``m``: ``board_memo(s)``)."""
    c = s.clans[seat]
    mine = None if m is None else m[NUMBERS_AT + seat]
    if mine is None:
        mine = board_numbers(s, seat)
    if c.caverns:
        mine = tuple(sorted([*mine, *c.caverns]))
    used = c.used
    if used is NONE_USED:  # nothing used this turn: every card may flip, no flag read
        return [FLIPS[n] for n in mine]
    active = c.active
    return [FLIPS[n] for n in mine if active[n] or not used[n]]  # active or not used


FLIPS = tuple(flip_action(n) for n in range(38))  # the interned Flip actions by card number
# a clan's flip event by [seat][now ACTIVE][card number], made once at import (events are shared: see ops.ev)
FLIP_EVENTS = tuple(
    tuple(tuple(ev("flip", {"seat": seat, "card": n, "active": up},
                   f"{player(seat)} flips {NAMES[n]} {'ACTIVE' if up else 'INACTIVE'}") for n in range(38))
          for up in (False, True))
    for seat in (0, 1)
)  # fmt: skip


def move_options(s: CKState, seat: int, champ: tuple[int, int] | None = None) -> list[Action]:
    """CK2-R14 (Dragon Ram's extra space, CK2-R65); ``champ`` is ``champion(s, seat)`` if known."""
    if s.acted or s.ctx.get("moved"):
        return []
    cx, n = champ or champion(s, seat)
    if cx < 0 or not s.clans[seat].active[n]:
        return []
    y = step(cx, FWD[seat])
    if y < 0 or not rest_ok(s, seat, y):
        return []
    out: list[Action] = [_MOVE1]
    if n == DRAGON_RAM and active_firelancers(s, seat) >= 2:
        z = step(y, FWD[seat])
        if z >= 0 and rest_ok(s, seat, z):
            out.append(_MOVE2)
    return out


_MOVE1, _MOVE2 = move_action(1), move_action(2)  # interned, as the other constant decisions
_TAKE_BONUS, _SKIP_BONUS = bonus_action(True), bonus_action(False)
_FINAL0, _FINAL1, _FINAL2, _FINAL3 = TRACK_FINAL


def _track_actions(full: int, open_d: int, before: bool) -> tuple[Action, ...]:
    """The track free actions (CK2-R4, R5) given which tracks are on their final space (bit t = track t),
    which Dragons are still above the summon tracker (bit d = Dragon d) and whether no Dragon was summoned."""
    opened = [d for d in (0, 1, 2) if open_d >> d & 1]
    out: list[Action] = [free_action(d) for d in opened if full >> d & 1] if before else []
    if full >> MARCH & 1:
        out.append(free_action(MARCH))
    if full == 15 and before:
        out += [free_action(4 + d) for d in opened]
    return tuple(out)


# [no Dragon summoned yet][tracks on their final space][Dragons still open]: the track free actions
TRACK_ACTIONS = tuple(
    tuple(tuple(_track_actions(full, open_d, before) for open_d in range(8)) for full in range(16))
    for before in (False, True)
)


# [tracker 0][1][2][3] (each from 0 to its final space): which tracks are on their final space (bit t = track t)
FULL = tuple(tuple(tuple(tuple(
    (a >= _FINAL0) + 2 * (b >= _FINAL1) + 4 * (c >= _FINAL2) + 8 * (d >= _FINAL3)
    for d in range(_FINAL3 + 1)) for c in range(_FINAL2 + 1)) for b in range(_FINAL1 + 1)) for a in range(_FINAL0 + 1)
)  # fmt: skip
# [no Dragon summoned yet][tracks on their final space]: do the track free actions depend on the open Dragons?
OPEN_MATTERS = tuple(tuple(len(set(by_open)) > 1 for by_open in by_full) for by_full in TRACK_ACTIONS)


def free_options(s: CKState, seat: int) -> list[Action]:
    """Track free actions (CK2-R4, R5), the Protection token (R17), an immediate Summon (R33)."""
    c = s.clans[seat]
    tr, pending = c.tracks, c.pending
    full = FULL[tr[0]][tr[1]][tr[2]][tr[3]]
    met = pending[0] or pending[1] or pending[2]
    if not full and c.protection != -1 and not met:
        return []  # no track on its final space, no Protection token to place, no Dragon met
    out: list[Action] = []
    if full and s.final_stage < 2 and s.dragon != seat:
        before = s.dragon < 0
        if OPEN_MATTERS[before][full]:
            dragons, summon = c.dragons, c.summon
            open_d = (dragons[0] > summon) + 2 * (dragons[1] > summon) + 4 * (dragons[2] > summon)
            out += TRACK_ACTIONS[before][full][open_d]
        else:
            out += TRACK_ACTIONS[before][full][0]
    if c.protection == -1 and s.final_stage < 2:
        cx, ch = champion(s, seat)
        if cx >= 0 and c.active[ch]:
            out.append(PROTECT)
    if met and s.dragon < 0 and tasks_done(s, seat):
        out += [summon_action(d) for d in range(3) if pending[d]]
    return out


def build_options(s: CKState, seat: int, sc: Scan, m: list[Any] | None = None) -> list[Action]:
    """``place_options + deploy_options + replace_options``: for one board they depend only on the
    playable cards, the Barracks, the Caverns and the destroyed keep columns, so they are kept per board
    (``ops.board_memo``) under those; the list returned is shared: never change it."""
    c = s.clans[seat]
    if m is None:
        m = board_memo(s)
    held: dict[tuple[Any, ...], list[Action]] | None = m[BUILDS_AT + seat]
    if held is None:
        held = m[BUILDS_AT + seat] = {}
    key = (*sc.new, 0, *c.barracks, 0, *c.caverns, 0, *c.ruined)  # one tuple, the parts apart (no card is 0)
    out = held.get(key)
    if out is None:
        out = held[key] = (
            place_options(s, seat, sc) + deploy_options(s, seat, sc) + replace_options(s, seat, sc)
        )
    return out


def options(s: CKState) -> list[Action]:
    """Every MAIN-phase decision of the current clan."""
    seat = s.current
    if s.ctx.get("bonus"):
        return [_TAKE_BONUS, _SKIP_BONUS]
    if s.actions_left <= 0 or s.dragon == seat:
        return [*move_options(s, seat), *free_options(s, seat), END_TURN]
    m = board_memo(s)  # asked once, handed down
    sc = scan(s, seat, m)
    out = [] if s.acted else move_options(s, seat, sc.champion)  # no Move after the turn's first action
    out += build_options(s, seat, sc, m)
    out += flip_options(s, seat, sc, m)
    c = s.clans[seat]
    if c.deck or c.discard:
        out.append(DRAW)
    out += abilities.options(s, seat, sc, m)
    out += battle_options(s, seat, sc, m)
    out += free_options(s, seat)
    out.append(END_TURN)
    return out


def _draw_options(s: CKState, seat: int) -> list[Action]:
    c = s.clans[seat]
    return [DRAW] if c.deck or c.discard else []


_SLOT_OPTIONS: dict[type[Action], Callable[[CKState, int], list[Action]]] = {
    Place: place_options, Deploy: deploy_options, Replace: replace_options, Flip: flip_options,
    Draw: _draw_options, Ability: abilities.options, Battle: battle_options,  # type: ignore[dict-item]
}  # fmt: skip


def options_for(s: CKState, a: Action) -> list[Action]:
    """The MAIN-phase candidates of ``a``'s kind only (a cheap legality check, same lists as options)."""
    seat = s.current
    if s.ctx.get("bonus"):
        return [_TAKE_BONUS, _SKIP_BONUS]
    kind = type(a)
    if kind is Move:
        return move_options(s, seat)
    if kind is EndTurn:
        return [END_TURN]
    if kind in (FreeAction, Protect, Summon):
        return free_options(s, seat)
    if s.actions_left <= 0 or s.dragon == seat or kind not in _SLOT_OPTIONS:
        return []
    return _SLOT_OPTIONS[kind](s, seat)


# -- effects -----------------------------------------------------------------------------------------


def keep_card(s: CKState, a: KeepCard, events: list[Event]) -> None:
    """CK2-R12: one kept card; when done, the rest go to the discard pile."""
    seat = s.actor
    c = s.mine(seat)
    s.ctx["offer"].remove(a.card)
    c.hand.append(a.card)
    s.ctx["left"] -= 1
    if s.ctx["left"] <= 0 or not s.ctx["offer"]:
        c.discard += s.ctx["offer"]
        events.append(
            ev("keep", {"seat": seat, "discarded": s.ctx["offer"]}, f"{player(seat)} keeps their cards")
        )
        s.resume_frame()


def _do_place(s: CKState, a: Place, events: list[Event]) -> None:
    seat = s.current
    c = s.mine(seat)
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    advance(s, seat, BUILD, events)
    if a.dest >= 0:
        put_building(s, seat, a.card, a.dest, False, events)
        return
    take_from_hand(s, seat, a.card)
    if a.dest == BARRACKS:  # shared lists (state.SHARED): new lists
        c.barracks = [*c.barracks, a.card]
    else:
        c.caverns = [*c.caverns, a.card]
    c.active[a.card] = False
    if c.used[a.card]:
        c.used = replaced(c.used, a.card, False)
    events.append(_stow_event(seat, a.card, a.dest))
    if a.dest == CAVERNS:
        gain(s, seat, "K1", events)


@shared_event
def _stow_event(seat: int, n: int, dest: int) -> Event:
    """``seat``'s card n placed in its Barracks or Caverns (CK2-R6): made once per combination and shared."""
    return ev(
        "place",
        {"seat": seat, "card": n, "cell": dest},
        f"{player(seat)} places {name(n)} in {space_name(dest)}",
    )


def _do_deploy(s: CKState, a: Deploy, events: list[Event]) -> None:
    seat = s.current
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    advance(s, seat, BUILD, events)
    c = s.mine(seat)
    c.barracks = without(c.barracks, a.card)  # a shared list (state.SHARED)
    enter_gate(s, seat, a.card, False, events)
    events.append(ev("deploy", {"seat": seat, "card": a.card}, f"{player(seat)} deploys {name(a.card)}"))


def _do_replace(s: CKState, a: Replace, events: list[Event]) -> None:
    seat = s.current
    c = s.mine(seat)
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    advance(s, seat, BUILD, events)
    x = find(s, seat, a.old)
    flip_inactive(s, seat, a.old)
    c.discard.append(a.old)
    if a.old in c.barracks:
        c.barracks = replaced(c.barracks, c.barracks.index(a.old), a.card)  # a shared list (state.SHARED)
        take_from_hand(s, seat, a.card)
    elif a.old in c.caverns:
        c.caverns = replaced(c.caverns, c.caverns.index(a.old), a.card)  # a shared list (state.SHARED)
        take_from_hand(s, seat, a.card)
        gain(s, seat, "K1", events)
    elif CARDS[a.old].set == COMBAT:  # a Battlefield card: the Barracks card enters at the gate
        s.cells()[x] = 0
        c.barracks = without(c.barracks, a.card)  # a shared list (state.SHARED)
        enter_gate(s, seat, a.card, False, events)
    else:
        take_from_hand(s, seat, a.card)
        s.cells()[x] = seat * 100 + a.card
    c.active[a.card] = False
    if c.used[a.card]:
        c.used = replaced(c.used, a.card, False)  # a shared list (state.SHARED)
    events.append(
        ev(
            "replace",
            {"seat": seat, "card": a.card, "old": a.old},
            f"{player(seat)} replaces {name(a.old)} with {name(a.card)}",
        )
    )


def _do_flip(s: CKState, a: Flip, events: list[Event]) -> None:
    seat = s.current
    c = s.mine(seat)
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    advance(s, seat, CRAFT, events)
    if c.active[a.card]:
        flip_inactive(s, seat, a.card)
    else:
        c.active[a.card] = True
    events.append(FLIP_EVENTS[seat][c.active[a.card]][a.card])


def _do_draw(s: CKState, a: Draw, events: list[Event]) -> None:
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    advance(s, s.current, CRAFT, events)
    start_draw(s, s.current, 5, 3, "Draw", events)


def _do_ability(s: CKState, a: Ability, events: list[Event]) -> None:
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    abilities.apply(s, s.current, a, events)


def _do_battle(s: CKState, a: Battle, events: list[Event]) -> None:
    s.actions_left -= 1  # an action slot spent (CK2-R2)
    s.acted += 1
    advance(s, s.current, POWER, events)
    start_battle(s, s.current, a.card, a.target, "battle", events)


def _do_move(s: CKState, a: Move, events: list[Event]) -> None:
    seat = s.current
    s.ctx["moved"] = True
    cx, n = champion(s, seat)
    y = step(cx, FWD[seat] * a.steps)
    b = s.cells()  # the board to change (copied first if shared: CKState.cells)
    b[y], b[cx] = b[cx], 0
    advance(s, seat, MARCH, events)
    events.append(ev("move", {"seat": seat, "card": n, "to": y}, f"{player(seat)}'s {name(n)} moves forward"))


def _do_free(s: CKState, a: FreeAction, events: list[Event]) -> None:
    seat = s.current
    c = s.mine(seat)
    if a.track >= 4:  # CK2-R5
        c.tracks = [0, 0, 0, 0]
        move_dragon(s, seat, a.track - 4, 2, events)
        return
    c.tracks = replaced(c.tracks, a.track, 0)  # a shared list (state.SHARED)
    if a.track == MARCH:
        c.pool = [*c.pool, 1, -1]  # a shared list (state.SHARED)
        events.append(ev("war_chest", {"seat": seat}, f"{player(seat)} opens the War Chest"))
    else:
        move_dragon(s, seat, a.track, 1, events)


def _do_protect(s: CKState, a: Protect, events: list[Event]) -> None:
    seat = s.current
    c = s.mine(seat)
    cx, ch = champion(s, seat)
    c.protection = ch
    c.active[BLACK_ARMOURY] = False
    c.used = replaced(c.used, BLACK_ARMOURY, True)  # a shared list (state.SHARED)
    events.append(ev("protect", {"seat": seat, "card": ch}, f"{player(seat)} protects {name(ch)}"))


def _do_summon(s: CKState, a: Summon, events: list[Event]) -> None:
    summon(s, s.current if s.phase == MAIN else s.actor, a.dragon, events)


def _do_end(s: CKState, a: EndTurn, events: list[Event]) -> None:
    end_turn(s, events)


def _do_bonus(s: CKState, a: TakeDrawBonus, events: list[Event]) -> None:
    s.ctx.pop("bonus", None)
    if a.take:
        start_draw(s, s.current, 5, 3, "Draw Bonus", events)


EFFECTS: dict[type[Action], Callable[[CKState, Any, list[Event]], None]] = {
    Place: _do_place, Deploy: _do_deploy, Replace: _do_replace, Flip: _do_flip, Draw: _do_draw,
    Ability: _do_ability, Battle: _do_battle, Move: _do_move, FreeAction: _do_free, Protect: _do_protect,
    Summon: _do_summon, EndTurn: _do_end, TakeDrawBonus: _do_bonus,
}  # fmt: skip


# -- turn flow ---------------------------------------------------------------------------------------


_TURN_TEXT = tuple(f"{player(seat)}'s turn" for seat in (0, 1))  # the log lines made once, at import


@shared_event
def turn_event(seat: int, turn: int) -> Event:
    """``seat``'s turn number ``turn`` starts (CK2-R1): made once per pair and shared (see ops.ev)."""
    return ev("turn", {"seat": seat, "turn": turn}, _TURN_TEXT[seat])


def start_turn(s: CKState, seat: int, events: list[Event]) -> None:
    """CK2-R1: a new turn for ``seat`` (1 action in the Final Battle's second stage)."""
    s.current = seat
    s.turn += 1
    c = s.mine(seat)
    c.used = NONE_USED  # a shared list (state.SHARED): every card unused
    c.advanced = [False] * 4
    s.actions_left = 1 if s.final_stage >= 2 else 2
    s.acted = 0
    s.phase, s.actor, s.ctx = MAIN, seat, {}
    events.append(turn_event(seat, s.turn))
    if s.players == 1 and seat == 1:  # s.is_kai(seat): her turn procedure starts (automaton.kai_resume)
        s.ctx = {"kai": KAI_FIRST_STEP}
        return
    if c.draw_bonus:
        c.draw_bonus = False
        if c.deck or c.discard:
            s.ctx["bonus"] = True


def end_turn(s: CKState, events: list[Event]) -> None:
    """CK2-R1 step 4; in the Final Battle, CK2-R36 steps 4-5 and R39."""
    seat = s.current
    bonus = not s.clans[seat].hand and s.dragon != seat
    if bonus != s.clans[seat].draw_bonus:
        s.mine(seat).draw_bonus = bonus
    if s.dragon >= 0:
        if (
            s.final_stage == 1
        ):  # CK2-R37: the defender buys its Keep Defence next (flow enters final.purchase)
            s.phase, s.actor, s.ctx = PURCHASE, other(s.dragon), {}
        else:
            dragon_turn(s)
        return
    finish_turn(s, events, False)


def spent(s: CKState) -> bool:
    """True when the current clan has only End Turn left: its turn ends by itself (CK2-R1 step 4)."""
    return (
        s.actions_left <= 0
        and not s.ctx.get("bonus")
        and not free_options(s, s.current)
        and not move_options(s, s.current)
    )


def _pending_order(s: CKState, seat: int) -> list[int]:
    c = s.clans[seat]
    return sorted((d for d in range(3) if c.pending[d]), key=lambda d: (c.dragons[d], d))


def finish_turn(s: CKState, events: list[Event], r35_done: bool) -> None:
    """CK2-R33 end-of-turn meetings (current clan first), CK2-R35, R47, then the next turn."""
    for seat in (s.current, 1 - s.current):  # other(s.current)
        while True:
            pending = s.clans[seat].pending
            if not (pending[0] or pending[1] or pending[2]):
                break
            order = _pending_order(s, seat)
            if not order:
                break
            d = order[0]
            if tasks_done(s, seat) and not (s.players == 1 and seat == 1):  # not s.is_kai(seat)
                s.phase, s.actor, s.ctx = MEETING, seat, {"dragon": d, "r35": r35_done}
                return
            _miss(s, seat, d, events)
    seat = s.current
    c = s.clans[seat]
    if (
        not r35_done
        and not (s.players == 1 and seat == 1)  # not s.is_kai(seat)
        and c.dragons[0] < 0
        and c.dragons[1] < 0
        and c.dragons[2] < 0
        and tasks_done(s, seat)
    ):
        s.phase, s.actor, s.ctx = MEETING, seat, {"dragon": 0, "r35": True, "free": True}
        return
    s.rounds += 1
    if s.round_limit and s.rounds >= 2 * s.round_limit:
        end_game(s, [], f"no Summon in {s.round_limit} rounds (CK2-R47)")
        return
    next_turn(s, 1 - seat)


def _miss(s: CKState, seat: int, d: int, events: list[Event]) -> None:
    c = s.mine(seat)
    c.dragons, c.pending = replaced(c.dragons, d, -1), replaced(c.pending, d, False)  # state.SHARED
    events.append(
        ev("miss", {"seat": seat, "dragon": d}, f"{player(seat)} misses the {DRAGON_NAMES[d]} Dragon")
    )


def meeting_options(s: CKState) -> list[Action]:
    """MEETING: Summon or Pass."""
    return [summon_action(int(s.ctx["dragon"])), PASS_DRAGON]


def apply_meeting(s: CKState, a: Action, events: list[Event]) -> None:
    """CK2-R33 Pass (tracker removed, summon +1) or Summon; CK2-R35 decline."""
    seat = s.actor
    d = int(s.ctx["dragon"])
    r35 = bool(s.ctx.get("r35"))
    if isinstance(a, Summon):
        summon(s, seat, d, events)
        return
    if not s.ctx.get("free"):
        c = s.mine(seat)
        c.dragons, c.pending = replaced(c.dragons, d, -1), replaced(c.pending, d, False)  # state.SHARED
        events.append(
            ev("pass", {"seat": seat, "dragon": d}, f"{player(seat)} passes the {DRAGON_NAMES[d]} Dragon")
        )
        move_summon(s, seat, 1, events)
    finish_turn(s, events, r35)


__all__ = ["KEEP", "MAIN", "LEVELS", "options", "apply_meeting", "EFFECTS", "start_turn"]
