"""The primitives every rule uses (CK2 s.1, R7-R12, R16, R24-R45): put, draw, remove, push, advance, gain,
store, open a battle, pass the turn, summon, injure.

Everything here works on a state that is already a clone; questions about a position are in
:mod:`queries`, the grid's geometry in :mod:`board`.  A primitive only changes the state; one that
hands the game on leaves the next decision in ``phase`` / ``actor`` / ``ctx`` (a draw's cards to keep,
a battle's steps, the next turn) and never calls the rule that follows: :mod:`flow` does.  Card refs on
the board are ``seat * 100 + number``.
"""

from __future__ import annotations

from typing import Any

from crimson_table.engine.core import Event, counted, fast_event, seat_ref
from crimson_table.engine.crimson_keep.actions import SPACE_NAMES
from crimson_table.engine.crimson_keep.board import (
    GATE,
    KEEP_COLS,
    LEVELS,
    cell,
    lvl,
)
from crimson_table.engine.crimson_keep.cards import (
    BLACK_ARMOURY,
    BLACKSMITH,
    BUILDING,
    CARDS,
    CLAN_LEADER,
    COMBAT_BONUS,
    DRAGON_CRYSTAL,
    DRAGON_NAMES,
    NAMES,
    OBJECTIVES,
    RUNIC_OBJECTIVES,
    SCORCH_KNIGHTS,
    SUMMON_MAX,
    TRACK_FINAL,
    name,
)
from crimson_table.engine.crimson_keep.queries import (
    RUNE_OF,
    SORCERESS_N,
    Cards,
    alignments,
    board_memo,
    building_at,
    champion,
    closest,
    find,
    keep_cards,
    keep_heights,
    keep_inside,
    may_store,
    open_columns,
    other,
    push_target,
    runic_pairs,
)
from crimson_table.engine.crimson_keep.state import (
    DRAGON,
    FIGHT,
    KEEP,
    OVER,
    STORE,
    TURN,
    CKState,
    replaced,
    without,
)
from crimson_table.engine.rng import Rng

_REFS = (seat_ref(0), seat_ref(1))


def player(seat: int) -> str:
    """The log token of a seat."""
    return _REFS[seat]


def ev(kind: str, data: dict[str, Any], text: str, reveals: bool = False) -> Event:
    """A public event: ``Event(kind, data, text, reveals=reveals)``, its fields set at once (speed: the body
    of :func:`~crimson_table.engine.core.fast_event`, without its call; the same value).

    >>> ev("pass", {"seat": 0}, "t", True) == fast_event("pass", {"seat": 0}, "t", reveals=True)
    True
    """
    e: Event = _new_object(Event)
    d = e.__dict__
    d["kind"] = kind
    d["data"] = data
    d["text"] = text
    d["private_to"] = None
    d["private_text"] = ""
    d["reveals"] = reveals
    d["public"] = {}
    d["revealer"] = None
    return e


_new_object = object.__new__

# An event is a value nothing changes once it is made (``Event`` is frozen and no reader edits its data), so
# an event fixed by a few small values (a clan's flip of a card, Kai's toss, a Solo card) is made once, at
# import, and every result that reports it holds that one object: the same value as a new one, without its
# making (``turn.FLIP_EVENTS``, ``kai_ops.KAI_FLIP_EVENTS``, ``automaton``'s toss, ``solo_deck``'s Solo cards).
# Those of more values (a turn's number, Kai's build of a card on a cell) are made the first time they
# happen and kept (``core.shared_event``: a few hundred combinations in practice, about 1 MB in all after
# hundreds of games).


# -- draws -----------------------------------------------------------------------------------------


def draw_cards(s: CKState, seat: int, n: int) -> list[int]:
    """Take up to n cards from the deck, reshuffling the discard pile when it runs out (CK2-R12)."""
    c = s.mine(seat)
    out: list[int] = []
    deck = c.deck[:]  # a shared list (state.SHARED): drawn from a copy
    for _ in range(n):
        if not deck:
            if not c.discard:
                break
            rng = Rng(s.rng)
            deck = sorted(c.discard)
            rng.shuffle(deck)
            s.rng = rng.state
            c.discard = []
        out.append(deck.pop())
    c.deck = deck
    return out


def draw_event(seat: int, cards: list[int], why: str) -> Event:
    """A private draw event (the seat sees the cards, others the count)."""
    return fast_event(
        "draw",
        {"seat": seat, "cards": cards, "why": why},
        f"{player(seat)} draws {counted(len(cards), 'card')} ({why})",
        private_to=(seat,),
        private_text=f"{player(seat)} draws {', '.join(map(NAMES.__getitem__, cards)) or 'nothing'} ({why})",
        reveals=True,
        public={"seat": seat, "count": len(cards), "why": why},
    )


# -- leaving the board -----------------------------------------------------------------------------


def clear_tokens(s: CKState, seat: int, n: int) -> None:
    """Token back to supply; Protection back to the box (CK2-R16, R17)."""
    c = s.mine(seat)
    if c.tokens[n]:
        c.tokens = replaced(c.tokens, n, 0)  # a shared list (state.SHARED)
    if c.protection == n or (n == BLACK_ARMOURY and c.protection == -1):
        c.protection = 0


def flip_inactive(s: CKState, seat: int, n: int) -> None:
    """Flip a card INACTIVE; its tokens return to supply (CK2-R11)."""
    c = s.mine(seat)
    c.active[n] = False
    if c.tokens[n] or c.protection == n or c.protection == -1 and n == BLACK_ARMOURY:
        clear_tokens(s, seat, n)


def use_card(s: CKState, seat: int, n: int) -> None:
    """A card used its ability: INACTIVE and marked used this turn (CK2-R15)."""
    flip_inactive(s, seat, n)
    c = s.mine(seat)
    if not c.used[n]:
        c.used = replaced(c.used, n, True)  # a shared list (state.SHARED)


def leave_play(s: CKState, seat: int, n: int) -> None:
    """Take card n off the board or out of the Caverns, INACTIVE (before it goes to a pile)."""
    x = find(s, seat, n)
    if x >= 0:
        s.cells()[x] = 0
    c = s.mine(seat)
    if n in c.caverns:
        c.caverns = without(c.caverns, n)  # a shared list (state.SHARED)
    flip_inactive(s, seat, n)


def discard_card(s: CKState, seat: int, n: int, destroy: bool) -> str:
    """Put a card that left play on its pile (DESTROY of a Summoning card = REMOVE, CK2-R25); the pile."""
    c = s.mine(seat)
    if destroy and not (CARDS[n].summoning and s.dragon < 0):
        c.destroyed = [*c.destroyed, n]  # a shared list (state.SHARED)
        return "destroyed"
    c.discard.append(n)
    return "discard"


def remove_card(s: CKState, seat: int, n: int, destroy: bool, events: list[Event]) -> None:
    """REMOVE (discard) or DESTROY one of ``seat``'s cards from play, with a Keep Collapse (CK2-R26)."""
    x = find(s, seat, n)
    above = []
    if x >= 0 and CARDS[n].set == BUILDING:
        y = x + 1
        while lvl(y - 1) < LEVELS and building_at(s, seat, y):
            above.append(building_at(s, seat, y))
            y += 1
    leave_play(s, seat, n)
    pile = discard_card(s, seat, n, destroy)
    verb = "destroyed" if destroy else "removed"
    data = {"seat": seat, "card": n, "destroy": destroy, "pile": pile}
    events.append(ev("remove", data, f"{player(seat)}'s {name(n)} is {verb}"))
    if above:
        collapse(s, seat, above, events)


def collapse(s: CKState, seat: int, above: list[int], events: list[Event]) -> None:
    """CK2-R26/R27: cards above are REMOVED, every Battlefield combat card REMOVED, the opponent credited."""
    for m in above:
        leave_play(s, seat, m)
        s.mine(seat).discard.append(m)
    events.append(
        ev(
            "collapse",
            {"seat": seat, "cards": above},
            f"Keep Collapse! {counted(len(above), 'card')} {'falls' if len(above) == 1 else 'fall'} from the keep",
        )
    )
    sweep_battlefield(s, events, keep_wraith=False)
    credit = other(seat)
    if s.is_kai(credit):
        return  # CK2-R88
    gain(s, credit, "C3", events)
    drawn = draw_cards(s, credit, 1 + len(above))
    s.mine(credit).hand.extend(drawn)
    events.append(draw_event(credit, drawn, "attacker's bonus"))


def sweep_battlefield(s: CKState, events: list[Event], keep_wraith: bool) -> None:
    """REMOVE every combat card on the Battlefield (an ACTIVE Fire Wraith may stay, CK2-R42)."""
    for seat in (0, 1):
        x, n = champion(s, seat)
        if x >= 0 and not (keep_wraith and n == 19 and s.clans[seat].active[n]):
            leave_play(s, seat, n)
            s.mine(seat).discard.append(n)
            events.append(
                ev(
                    "remove",
                    {"seat": seat, "card": n, "destroy": False, "pile": "discard"},
                    f"{player(seat)}'s {name(n)} leaves the field",
                )
            )


# -- movement ---------------------------------------------------------------------------------------


def push(s: CKState, pusher: int, x: int, events: list[Event]) -> None:
    """Push the enemy card on x (already checked)."""
    r = s.board[x]
    if r == 0:
        return
    y = push_target(s, pusher, x)
    b = s.cells()  # the board to change (copied first if shared: CKState.cells)
    b[y], b[x] = r, 0
    events.append(
        ev("push", {"seat": r // 100, "card": r % 100, "from": x, "to": y}, f"{name(r % 100)} is pushed")
    )


def enter_gate(s: CKState, seat: int, n: int, active: bool, events: list[Event]) -> None:
    """A combat card enters at its gate; an enemy card there is pushed (CK2-R8)."""
    g = GATE[seat]
    if s.board[g]:
        push(s, seat, g, events)
    s.cells()[g] = seat * 100 + n
    s.mine(seat).active[n] = active


# -- tracks, runes, summon --------------------------------------------------------------------------


def advance(s: CKState, seat: int, track: int, events: list[Event]) -> None:
    """CK2-R3 (Kai: CK2-R85)."""
    if s.final_stage >= 2 or s.dragon == seat:
        return
    c = s.clans[seat]
    if c.advanced[track] or c.tracks[track] >= TRACK_FINAL[track]:
        return
    c = s.mine(seat)
    c.tracks = replaced(c.tracks, track, c.tracks[track] + 1)  # shared lists (state.SHARED)
    c.advanced = replaced(c.advanced, track, True)
    if s.players == 1 and seat == 1 and c.tracks[track] == TRACK_FINAL[track]:  # Kai
        c.pool = [*c.pool, 1, -1]  # a shared list (state.SHARED)
        c.tracks = replaced(c.tracks, track, 0)
        events.append(_KAI_TRACK_EVENTS[track])


# Kai's track completion by track (CK2-R85), made once at import (events are shared: see ev)
_KAI_TRACK_EVENTS = tuple(
    ev("kai_track", {"seat": 1, "track": track}, "Kai collects two tokens from her track")
    for track in range(4)
)


def gain(s: CKState, seat: int, obj: str, events: list[Event]) -> None:
    """A completion of objective ``obj`` (CK2-R28, R29); frozen once a Dragon is summoned."""
    if s.dragon >= 0 or s.is_kai(seat):
        return
    c = s.clans[seat]
    i = OBJECTIVES.index(obj)
    count = c.found[i]
    if count >= (2 if obj in COMBAT_BONUS else 1):
        return
    c = s.mine(seat)
    c.found = replaced(c.found, i, count + 1)  # a shared list (state.SHARED)
    value = c.tiles[i // 3] if count == 0 else COMBAT_BONUS[obj]
    what = "finds the rune" if count == 0 else "flips the rune (bonus)"
    events.append(
        ev(
            "rune",
            {"seat": seat, "objective": obj, "value": value},
            f"{player(seat)} {what} {obj} (+{value})",
        )
    )
    move_summon(s, seat, value, events)


def move_summon(s: CKState, seat: int, k: int, events: list[Event]) -> None:
    """The summon tracker moves up (capped at 30), then meetings are checked (CK2-R32)."""
    c = s.mine(seat)
    c.summon = min(SUMMON_MAX, c.summon + k)
    check_meetings(s, seat, events)


def check_meetings(s: CKState, seat: int, events: list[Event]) -> None:
    """CK2-R32: each Dragon tracker at or below the summon tracker becomes pending."""
    c = s.clans[seat]
    for d in range(3):
        if c.dragons[d] >= 0 and not c.pending[d] and c.summon >= c.dragons[d]:
            c = s.mine(seat)
            c.pending = replaced(c.pending, d, True)  # a shared list (state.SHARED)
            events.append(
                ev(
                    "meeting",
                    {"seat": seat, "dragon": d},
                    f"{player(seat)} reaches the {DRAGON_NAMES[d]} Dragon",
                )
            )


def move_dragon(s: CKState, seat: int, d: int, k: int, events: list[Event]) -> None:
    """A Dragon tracker moves down k spaces, never below the summon tracker (CK2-R32, R34)."""
    c = s.mine(seat)
    c.dragons = replaced(c.dragons, d, max(c.summon, c.dragons[d] - k))  # a shared list (state.SHARED)
    events.append(
        ev(
            "dragon_track",
            {"seat": seat, "dragon": d, "to": c.dragons[d]},
            f"{player(seat)}'s {DRAGON_NAMES[d]} Dragon moves to {c.dragons[d]}",
        )
    )
    check_meetings(s, seat, events)


def check_objectives(
    s: CKState,
    seat: int,
    events: list[Event],
    cards: Cards | None = None,
    aligned: list[tuple[int, int]] | None = None,
    m: list[Any] | None = None,
) -> None:
    """State objectives B1-B3, A1-A3, K2, K3 (CK2-R28), in B, A, K order (``m``: ``board_memo(s)`` if the
    caller has it; finding a rune moves no card)."""
    if s.dragon >= 0 or (s.players == 1 and seat == 1):  # s.is_kai(seat)
        return
    c = s.clans[seat]
    f = c.found  # as it was before this check (gain assigns a new list: state.SHARED)
    if f[0] and f[1] and f[2] and f[6] and f[7] and f[8] and f[10] and f[11]:
        return
    if cards is None:
        cards = keep_cards(s, seat)
    if not (f[0] and f[1] and f[2]) and len(cards) >= 3:  # a keep of 2 cards reaches no height objective
        reached = keep_heights(s, seat, m)
        for i in (0, 1, 2):
            if reached[i] and not s.clans[seat].found[i]:  # read again: gain changes the clan
                gain(s, seat, OBJECTIVES[i], events)
    if not (f[6] and f[7] and f[8]) and (aligned is None or aligned):
        if aligned is None:
            aligned = alignments(s, seat)
        runes = RUNIC_OBJECTIVES[s.side(seat)]
        present = {RUNE_OF[building_at(s, seat, x)] for x, _y in aligned}
        for i, r in enumerate(runes):
            if r in present and not s.clans[seat].found[6 + i]:
                gain(s, seat, OBJECTIVES[6 + i], events)
    if not s.clans[seat].found[10] and len(c.barracks) == 3:
        gain(s, seat, "K2", events)
    if not f[11] and len(cards) >= 3:
        inside = keep_inside(s, seat, m)
        if CLAN_LEADER in inside and DRAGON_CRYSTAL in inside and SORCERESS_N in inside:
            gain(s, seat, "K3", events)


# -- storing (CK2-R16, R17, R87) ---------------------------------------------------------------------


_NEITHER = frozenset((CLAN_LEADER, DRAGON_CRYSTAL))  # the keep cards that store a token on themselves


def auto_store(
    s: CKState,
    seat: int,
    events: list[Event],
    cards: Cards | None = None,
    aligned: list[tuple[int, int]] | None = None,
    m: list[Any] | None = None,
) -> tuple[int, int]:
    """Store every choice-free token; return (card, value) of the first store that needs a type choice
    (``m``: ``board_memo(s)`` if the caller has it; storing moves no card)."""
    if not may_store(s, seat):
        return 0, 0
    c = s.clans[seat]
    kai = s.players == 1 and seat == 1  # s.is_kai(seat)
    if cards is None:
        cards = keep_cards(s, seat)
    active, tokens = c.active, c.tokens
    if (
        (active[CLAN_LEADER] and not tokens[CLAN_LEADER])
        or (active[DRAGON_CRYSTAL] and not tokens[DRAGON_CRYSTAL])
    ) and not _NEITHER.isdisjoint(keep_inside(s, seat, m)):  # their sides first, then the keep
        # one of them may wait for its token (a cheap guard: the walk asks each card): walk the keep in cell order
        for x, n in cards:
            if c.active[n] and not c.tokens[n] and n in (CLAN_LEADER, DRAGON_CRYSTAL):
                c = s.mine(seat)
                c.tokens = replaced(c.tokens, n, lvl(x) if n == CLAN_LEADER else -lvl(x))  # state.SHARED
                events.append(
                    ev(
                        "store",
                        {"seat": seat, "card": n, "token": c.tokens[n]},
                        f"{player(seat)}'s {name(n)} stores a token",
                    )
                )
    if kai:
        return 0, 0
    n = SCORCH_KNIGHTS
    if c.active[n] and not c.tokens[n] and champion(s, seat, m)[1] == n:
        c = s.mine(seat)
        c.tokens = replaced(c.tokens, n, 3)  # a shared list (state.SHARED)
        events.append(
            ev(
                "store",
                {"seat": seat, "card": n, "token": 3},
                f"{player(seat)}'s Scorch Knights store Attack(3)",
            )
        )
    if BLACK_ARMOURY in c.caverns and c.active[BLACK_ARMOURY] and c.protection == 0:
        c = s.mine(seat)
        c.protection = -1
        events.append(
            ev(
                "store",
                {"seat": seat, "card": BLACK_ARMOURY},
                f"{player(seat)}'s Black Armoury holds the Protection token",
            )
        )
    if BLACKSMITH in c.caverns and c.active[BLACKSMITH] and not c.tokens[BLACKSMITH]:
        return BLACKSMITH, 2
    for a, b in alignments(s, seat) if aligned is None else aligned:
        for y in (a, b):
            k = building_at(s, seat, y)
            if not c.tokens[k]:
                return k, 1
    return 0, 0


def settle_checks(s: CKState, events: list[Event], store: bool, only: int | None = None) -> bool:
    """Rune checks, then automatic stores, for both clans (one keep scan each; only clan ``only`` after
    a decision that changed nothing of the other's, which was settled before); True if a STORE opened."""
    m = s.steady = board_memo(s)  # no rune found nor token stored moves a card (CKState.steady)
    try:
        return _settle_checks(s, events, store, (0, 1) if only is None else (only,), m)
    finally:
        s.steady = None


def _settle_checks(
    s: CKState, events: list[Event], store: bool, seats: tuple[int, ...], m: list[Any]
) -> bool:
    cards: list[Cards] = [(), ()]
    aligned: list[list[tuple[int, int]]] = [[], []]
    kai = 1 if s.players == 1 else -1  # s.is_kai(seat): she finds no rune and stores no aligned token
    for seat in seats:  # a rune found changes no keep, so each clan's scan serves both steps
        cards[seat] = keep_cards(s, seat, m)
        if seat == kai:
            continue  # check_objectives(s, KAI, ...) does nothing
        act = s.clans[seat].active  # alignments(s, seat), inlined
        aligned[seat] = [(x, y) for x, y, n, k in runic_pairs(s, seat, m) if act[n] and act[k]]
        check_objectives(s, seat, events, cards[seat], aligned[seat], m)
    if not store:
        return False
    first = s.current
    for seat in (first, 1 - first):
        if seat not in seats:
            continue
        n, v = auto_store(s, seat, events, cards[seat], aligned[seat], m)
        if n:
            s.resume.append({"phase": s.phase, "actor": s.actor, "ctx": s.ctx})
            s.phase, s.actor, s.ctx = STORE, seat, {"card": n, "value": v}
            return True
    return False


# -- building, drawing, passing the turn -----------------------------------------------------------


def take_from_hand(s: CKState, seat: int, n: int) -> None:
    """Take card n from ``seat``'s hand or, if it is not there, their Summoning slots (CK2-R6)."""
    c = s.mine(seat)
    if n in c.hand:
        c.hand.remove(n)
    else:
        c.slots = without(c.slots, n)  # a shared list (state.SHARED)


def put_building(s: CKState, seat: int, n: int, x: int, active: bool, events: list[Event]) -> None:
    """Place Building card n on x (push an enemy combat card there first)."""
    take_from_hand(s, seat, n)
    push(s, seat, x, events)
    s.cells()[x] = seat * 100 + n
    c = s.mine(seat)
    c.active[n] = active
    if c.used[n]:
        c.used = replaced(c.used, n, False)  # a shared list (state.SHARED)
    events.append(ev("place", {"seat": seat, "card": n, "cell": x, "active": active},
                     f"{_REFS[seat]} builds {NAMES[n]} on {SPACE_NAMES[s.mirrored][x]}"))  # fmt: skip


def start_draw(s: CKState, seat: int, k: int, keep: int, why: str, events: list[Event]) -> None:
    """Discard the hand, draw k; the next decision is which ``keep`` to keep (one per kept card, CK2-R12; Kai's
    is taken by her turn procedure at once, CK2-R82), the rest go to the discard pile."""
    c = s.mine(seat)
    c.discard += c.hand
    c.hand = []
    drawn = draw_cards(s, seat, k)
    events.append(draw_event(seat, drawn, why))
    if len(drawn) <= keep:
        c.hand = drawn
        return
    s.resume.append({"phase": s.phase, "actor": s.actor, "ctx": s.ctx})
    s.phase, s.actor, s.ctx = KEEP, seat, {"offer": sorted(drawn), "left": keep}


def start_battle(s: CKState, att: int, a: int, d: int, kind: str, events: list[Event]) -> None:
    """Open a battle between att's card a and the enemy's card d (CK2-R19): its steps run next (``FIGHT``,
    :func:`battle.run`), the interrupted decision waiting on ``resume``."""
    s.resume.append({"phase": s.phase, "actor": s.actor, "ctx": s.ctx})
    s.ctx = {"att": att, "a": a, "d": d, "kind": kind, "step": "tac_a", "tac": [0, 0], "tok": [[], []],
             "dice": [[], []], "bonus": [0, 0]}  # fmt: skip
    events.append(ev("battle", {"seat": att, "card": a, "target": d, "kind": kind},
                     f"{player(att)}'s {name(a)} battles {name(d)}"))  # fmt: skip
    s.phase = FIGHT


def next_turn(s: CKState, seat: int) -> None:
    """The next decision is ``seat``'s new turn (CK2-R1): the settle loop starts it (``flow``)."""
    s.phase, s.actor, s.ctx = TURN, seat, {}


# -- the Final Battle (CK2-R36..R45) -------------------------------------------------------------


def summon(s: CKState, seat: int, obliterate: int, events: list[Event]) -> None:
    """CK2-R33/R36 steps 1-2: ``seat`` summons the Dragon; the defender's final full turn is next (step 3)."""
    c = s.mine(seat)
    c.tokens = [0] * 38  # a shared list (state.SHARED): a new one
    c.pool = []
    c.protection = 0
    c.discard += c.hand
    c.hand = []
    for _x, n in keep_cards(s, seat):
        c.active[n] = True
    x, n = champion(s, seat)
    if x >= 0:
        remove_card(s, seat, n, False, events)
    for k in (0, 1):
        s.mine(k).pending = [False] * 3
    s.dragon, s.final_stage, s.injuries, s.dice, s.obliterate = seat, 1, 0, 4, obliterate
    events.append(ev("summon", {"seat": seat, "obliterate": obliterate},
                     f"{player(seat)} summons the Dragon ({counted(obliterate, 'Obliterate card')})!"))  # fmt: skip
    next_turn(s, other(seat))


def dragon_turn(s: CKState) -> None:
    """CK2-R36 step 5 / R39: the Dragon Clan's single action."""
    s.current = s.dragon
    s.phase, s.actor, s.ctx = DRAGON, s.dragon, {}
    s.turn += 1


def destroy_column(s: CKState, seat: int, k: int, events: list[Event]) -> None:
    """DESTROY every card of ``seat``'s keep column k (0 = A) and mark it destroyed (CK2-R41)."""
    gc = KEEP_COLS[seat][k]
    for lv in range(LEVELS, 0, -1):
        n = building_at(s, seat, cell(gc, lv))
        if n:
            remove_card_no_collapse(s, seat, n)
    c = s.mine(seat)
    ruined = c.ruined[:]  # a shared list (state.SHARED): a new one
    ruined[k] = True
    c.ruined = ruined
    sweep_battlefield(s, events, keep_wraith=True)
    events.append(ev("ruin", {"seat": seat, "column": k}, f"{player(seat)}'s column {'ABC'[k]} is destroyed"))


def remove_card_no_collapse(s: CKState, seat: int, n: int) -> str:
    """DESTROY a keep card without a Keep Collapse (Final Battle destruction); the pile it went to."""
    leave_play(s, seat, n)
    return discard_card(s, seat, n, True)


def injure(s: CKState, k: int, events: list[Event]) -> None:
    """Flip k Dragon cards to injured; the 4th injury triggers the death roll (CK2-R43)."""
    for _ in range(k):
        if s.injuries >= 4:
            break
        s.injuries += 1
        events.append(ev("injury", {"injuries": s.injuries}, f"The Dragon is injured ({s.injuries} of 4)"))
        if s.injuries == 4:
            death_roll(s, events)
            return


def death_roll(s: CKState, events: list[Event]) -> None:
    """CK2-R43."""
    d = other(s.dragon)
    rng = Rng(s.rng)
    roll = rng.randint(1, 6)
    s.rng = rng.state
    events.append(
        ev("death_roll", {"value": roll}, f"The dying Dragon: {player(s.dragon)} rolls {roll}", True)
    )
    if roll == 6:
        k = closest(s, d)
        last = len(open_columns(s, d)) == 1
        if k >= 0:
            destroy_column(s, d, k, events)
        if last:
            end_game(s, [s.dragon], "the dying Dragon destroyed the last column")
            return
    end_game(s, [d], "the Dragon fell")


def end_game(s: CKState, winners: list[int], reason: str) -> None:
    """The game is over."""
    s.phase, s.actor, s.winners, s.reason = OVER, -1, winners, reason
