"""Kai's moves (CK2-R75..R82): what she builds, flips, keeps and draws, shared by her turn procedure
(:mod:`automaton`) and her Solo Deck (:mod:`solo_deck`).  Each only changes the state (a draw leaves her
choice of cards to keep as the next decision, which her turn procedure takes at once)."""

from __future__ import annotations

from crimson_table.engine.core import Event, shared_event
from crimson_table.engine.crimson_keep.board import KEEP_COLS, cell
from crimson_table.engine.crimson_keep.cards import (
    BLACK_GATE,
    BUILD,
    BUILDING,
    CARDS,
    COMBAT,
    CRAFT,
    NAMES,
    SUMMONING,
    name,
)
from crimson_table.engine.crimson_keep.ops import advance, ev, flip_inactive, push, start_draw
from crimson_table.engine.crimson_keep.queries import BUILDING_REF, building_at, keep_cards, push_target
from crimson_table.engine.crimson_keep.state import CKState, replaced
from crimson_table.engine.rng import Rng

KAI, PLAYER = 1, 0
SOLO_CARDS = tuple(range(1, 11))
KAI_FIRST_STEP = "toss"  # her turn procedure's first step (automaton, CK2-R75)


def rand(s: CKState, n: int) -> int:
    """A number below n from the state's PRNG (Kai's coin and picks)."""
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


def flippable(s: CKState, summoning_only: bool = False) -> list[int]:
    """Kai's INACTIVE, unused Building cards in her Keep, highest number first."""
    c = s.clans[KAI]
    out = [n for _x, n in keep_cards(s, KAI) if not c.active[n] and not c.used[n]]
    if summoning_only:
        out = [n for n in out if n in SUMMONING]
    return sorted(out, reverse=True)


def flip_up(s: CKState, n: int, events: list[Event]) -> None:
    s.mine(KAI).active[n] = True
    events.append(KAI_FLIP_EVENTS[n])


# her flip events by card, made once at import (events are shared: see ops.ev)
KAI_FLIP_EVENTS = tuple(
    ev("flip", {"seat": KAI, "card": n, "active": True}, f"Kai flips {NAMES[n]} ACTIVE") for n in range(38)
)
_KAI_BUILD_TEXT = tuple(f"Kai builds {NAMES[n]}" for n in range(38))


def put_card(s: CKState, n: int, x: int, events: list[Event]) -> None:
    c = s.mine(KAI)
    c.hand.remove(n)
    push(s, KAI, x, events)
    s.cells()[x] = KAI * 100 + n
    c.active[n] = False
    if c.used[n]:
        c.used = replaced(c.used, n, False)  # a shared list (state.SHARED)
    events.append(_kai_build_event(n, x))


@shared_event
def _kai_build_event(n: int, x: int) -> Event:
    """Kai builds card n on cell x (CK2-R78): made once per combination and shared (see ops.ev)."""
    return ev("place", {"seat": KAI, "card": n, "cell": x}, _KAI_BUILD_TEXT[n])


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


def place_building(s: CKState, n: int, events: list[Event]) -> bool:
    how, x = build_spot(s, n)
    if not how:
        return False
    advance(s, KAI, BUILD, events)
    if how == "replace":
        replace_at(s, x, n, events)
    else:
        put_card(s, n, x, events)
    return True


def replace_at(s: CKState, x: int, n: int, events: list[Event]) -> None:
    c = s.mine(KAI)
    old = building_at(s, KAI, x)
    flip_inactive(s, KAI, old)
    c.discard.append(old)
    c.hand.remove(n)
    s.cells()[x] = KAI * 100 + n
    c.active[n] = False
    if c.used[n]:
        c.used = replaced(c.used, n, False)  # a shared list (state.SHARED)
    events.append(_kai_replace_event(n, old))


@shared_event
def _kai_replace_event(n: int, old: int) -> Event:
    """Kai replaces her card ``old`` with card n (CK2-R79): made once per pair and shared (see ops.ev)."""
    return ev("replace", {"seat": KAI, "card": n, "old": old}, f"Kai replaces {name(old)} with {name(n)}")


def place_card(s: CKState, n: int, events: list[Event]) -> bool:
    """One card per CK2-R77/R80; False if it cannot be placed."""
    c = s.mine(KAI)
    if CARDS[n].set == BUILDING:
        return place_building(s, n, events)
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
        if place_card(s, n, events):
            return
    kai_draw(s, events)


def kai_draw(s: CKState, events: list[Event]) -> bool:
    """A Draw action (Craft), if legal."""
    c = s.clans[KAI]
    if not (c.deck or c.discard):
        return False
    advance(s, KAI, CRAFT, events)
    start_draw(s, KAI, 5, 3, "Kai draws", events)
    return True
