"""Kai's Solo Deck (CK2 s.4.3, CK2-R83, R84): ten cards of "condition -> effect" entries.

``action2`` turns cards up until one has a possible entry and performs the first such
entry; ``SOLO_DECK`` maps each card SD1..SD10 to its entries, in order.  Each entry checks
its condition and, only if it holds, acts and returns True.
"""

from __future__ import annotations

from collections.abc import Callable

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_keep import abilities
from crimson_table.engine.crimson_keep.actions import Ability
from crimson_table.engine.crimson_keep.board import KEEP_COLS, adjacent, cell, col, lvl
from crimson_table.engine.crimson_keep.cards import (
    BLACK_GATE,
    BUILD,
    BUILDING,
    CARDS,
    COMBAT,
    CRAFT,
    DRAGON_RAM,
    DRAGUSA,
    FIRE_FALCON,
    FIRELANCERS,
    GREAT_HALL,
    MINOX,
    POWER,
    SORCERESS,
    SUMMONING,
    WARLOCK,
    WINGED_TYVERN,
    name,
)
from crimson_table.engine.crimson_keep.cards import SOLO_DECK as SOLO_NAMES
from crimson_table.engine.crimson_keep.kai_ops import (
    KAI,
    KAI_FLIP_EVENTS,
    PLAYER,
    SOLO_CARDS,
    build_spot,
    flip_up,
    flippable,
    kai_draw,
    pick_order,
    place_building,
    place_card,
    replace_at,
)
from crimson_table.engine.crimson_keep.ops import advance, enter_gate, ev, start_battle, use_card
from crimson_table.engine.crimson_keep.queries import battle_options, building_at, champion, find, keep_cards
from crimson_table.engine.crimson_keep.state import CKState, without
from crimson_table.engine.rng import Rng

# -- the Solo Deck (CK2-R83) -----------------------------------------------------------------------


def action2(s: CKState, events: list[Event]) -> None:
    """Flip Solo cards until one has a possible entry (loop guard: 10 flips, then Draw)."""
    for _ in range(10):
        if not s.solo_deck:
            deck = list(SOLO_CARDS)
            rng = Rng(s.rng)
            rng.shuffle(deck)
            s.rng = rng.state
            s.solo_deck, s.solo_up = deck, []
            events.append(ev("solo_shuffle", {}, "Kai's Solo Deck is reshuffled", True))
        card = s.solo_deck[0]  # new lists: clones share them (CKState.clone)
        s.solo_deck, s.solo_up = s.solo_deck[1:], [*s.solo_up, card]
        events.append(_SOLO_CARD_EVENTS[card])
        for entry in SOLO_DECK[card]:
            if entry(s, events):
                return
    kai_draw(s, events)


_SOLO_CARD_EVENTS = {
    card: ev("solo_card", {"card": card}, f"Kai flips Solo card SD{card}, {SOLO_NAMES[card]}", True)
    for card in SOLO_CARDS
}  # made once, at import (events are shared: see ops.ev)

Entry = Callable[[CKState, list[Event]], bool]


def rank_targets(s: CKState, targets: list[int]) -> list[int]:
    """CK2-R84: Summoning first, most cards above, highest number, column nearest Kai."""
    kai_c = KEEP_COLS[KAI][2]

    def key(n: int) -> tuple[int, int, int, int]:
        x = find(s, PLAYER, n)
        above = 0
        y = x + 1
        while x >= 0 and lvl(y - 1) < 5 and building_at(s, PLAYER, y):
            above += 1
            y += 1
        return (0 if n in SUMMONING else 1, -above, -n, abs(col(x) - kai_c))

    return sorted(set(targets), key=key)


def _options(s: CKState, cards: tuple[int, ...], mode: str = "") -> list[Ability]:
    """Kai's ability options of ``cards`` (of ``mode`` if given).  Only an ACTIVE card has any (CK2-R15), and
    most Solo entries name cards of hers that are not: those are answered without listing."""
    active = s.clans[KAI].active
    for n in cards:
        if active[n]:
            break
    else:
        return []
    return [
        a for a in abilities.options(s, KAI, only=cards) if a.card in cards and (not mode or a.mode == mode)
    ]


def _use(s: CKState, options: list[Ability], events: list[Event], target_rank: bool = True) -> bool:
    """Use the best of several ability options: target per CK2-R84, then the highest own card."""
    if not options:
        return False
    if target_rank and any(a.target for a in options):
        best = rank_targets(s, [a.target for a in options if a.target])[0]
        options = [a for a in options if a.target == best]
    a = max(options, key=lambda o: o.card)
    abilities.apply(s, KAI, a, events)
    return True


def _champion_battle(s: CKState, events: list[Event], buildings_only: bool = False) -> bool:
    cx, ch = champion(s, KAI)
    if cx < 0 or not s.clans[KAI].active[ch]:
        return False
    opts = [a for a in battle_options(s, KAI) if a.card == ch]  # type: ignore[attr-defined]
    if not opts:
        return False
    combat = [a for a in opts if CARDS[a.target].set == COMBAT]  # type: ignore[attr-defined]
    if buildings_only:
        combat, opts = [], [a for a in opts if CARDS[a.target].set == BUILDING]  # type: ignore[attr-defined]
        if not opts:
            return False
    target = combat[0].target if combat else rank_targets(s, [a.target for a in opts])[0]  # type: ignore[attr-defined]
    _battle(s, ch, target, events)
    return True


def _battle(s: CKState, n: int, target: int, events: list[Event]) -> None:
    advance(s, KAI, POWER, events)
    start_battle(s, KAI, n, target, "battle", events)


def _flip_entry(cards: Callable[[CKState], list[int]]) -> Entry:
    def entry(s: CKState, events: list[Event]) -> bool:
        cs = cards(s)
        if not cs:
            return False
        advance(s, KAI, CRAFT, events)
        flip_up(s, cs[0], events)
        return True

    return entry


def _deploy(active: bool) -> Entry:
    def entry(s: CKState, events: list[Event]) -> bool:
        c = s.clans[KAI]
        if champion(s, KAI)[0] >= 0 or not c.barracks:
            return False
        if active:
            gate = find(s, KAI, BLACK_GATE)
            if gate < 0 or not c.active[BLACK_GATE] or c.used[BLACK_GATE]:
                return False
        n = pick_order(s, c.barracks)[0]
        if active:
            abilities.apply(s, KAI, Ability(BLACK_GATE, "iron_will", n), events)
        else:
            advance(s, KAI, BUILD, events)
            c = s.mine(KAI)
            c.barracks = without(c.barracks, n)  # a shared list (state.SHARED)
            enter_gate(s, KAI, n, False, events)
            events.append(ev("deploy", {"seat": KAI, "card": n}, f"Kai deploys {name(n)}"))
        return True

    return entry


def _sd1_flip_champion(s: CKState, events: list[Event]) -> bool:
    cx, ch = champion(s, KAI)
    c = s.clans[KAI]
    if cx < 0 or c.active[ch] or c.used[ch]:
        return False
    advance(s, KAI, CRAFT, events)
    s.mine(KAI).active[ch] = True
    events.append(KAI_FLIP_EVENTS[ch])
    return True


def _sd3_place(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    ok = [n for n in c.hand if CARDS[n].set == BUILDING and build_spot(s, n)[0]]
    if not ok:
        return False
    return place_building(s, pick_order(s, ok)[0], events)


def _draw_entry(s: CKState, events: list[Event]) -> bool:
    return kai_draw(s, events)


def _firelancer(mode: str, test: Callable[[CKState, int], bool]) -> Entry:
    def entry(s: CKState, events: list[Event]) -> bool:
        opts = [a for a in _options(s, FIRELANCERS, mode) if test(s, a.target)]
        return _use(s, opts, events)

    return entry


def _enemy_summoning(s: CKState, n: int) -> bool:
    return n in SUMMONING


def _adjacent_to_kai(s: CKState, n: int) -> bool:
    x = find(s, PLAYER, n)
    return any(s.board[y] // 100 == KAI and s.board[y] for y in adjacent(x))


def _any(s: CKState, n: int) -> bool:
    return True


def _firelancer_flip(s: CKState) -> list[int]:
    return [n for n in flippable(s) if n in FIRELANCERS]


def _sd5_ability(card: int) -> Entry:
    def entry(s: CKState, events: list[Event]) -> bool:
        return _use(s, _options(s, (card,)), events)

    return entry


def _sd6_cunning(s: CKState, events: list[Event]) -> bool:
    opts = _options(s, (WARLOCK,))
    if not opts:
        return False
    opts.sort(key=lambda a: (lvl(find(s, PLAYER, a.target)), 0 if a.target == SORCERESS else 1))
    abilities.apply(s, KAI, opts[0], events)
    return True


def _sd6_sorceress(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    x = find(s, KAI, SORCERESS)
    if x < 0 or not c.active[SORCERESS] or c.used[SORCERESS]:
        return False
    others = [n for n in flippable(s) if n != SORCERESS]
    if not others:
        return False
    advance(s, KAI, POWER, events)
    use_card(s, KAI, SORCERESS)
    events.append(ev("ability", {"seat": KAI, "card": SORCERESS}, "Kai's Sorceress flips her keep"))
    for n in others[: lvl(x)]:
        flip_up(s, n, events)
    return True


def _sd6_flip(s: CKState) -> list[int]:
    cs = flippable(s)
    return [n for n in (SORCERESS, WARLOCK) if n in cs]


def _sd8_fury(s: CKState, events: list[Event]) -> bool:
    return _use(s, _options(s, (DRAGUSA,)), events)


def _sd9_building_battle(s: CKState, events: list[Event]) -> bool:
    opts = [a for a in battle_options(s, KAI)
            if CARDS[a.card].set == BUILDING and CARDS[a.target].set == COMBAT]  # type: ignore[attr-defined]  # fmt: skip
    if not opts:
        return False
    a = max(opts, key=lambda o: o.card)  # type: ignore[attr-defined]
    _battle(s, a.card, a.target, events)  # type: ignore[attr-defined]
    return True


def _sd9_draw_no_building(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    if any(CARDS[n].set == BUILDING for n in c.hand):
        return False
    return kai_draw(s, events)


def _sd10_council(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    if find(s, KAI, GREAT_HALL) < 0 or not c.active[GREAT_HALL] or c.used[GREAT_HALL]:
        return False
    trial = s.clone()
    use_card(trial, KAI, GREAT_HALL)
    if not (_sd2_possible(trial) or _sd3_possible(trial)):
        return False
    use_card(s, KAI, GREAT_HALL)
    events.append(ev("ability", {"seat": KAI, "card": GREAT_HALL}, "Kai's Great Hall: War Council"))
    for entry in SOLO_DECK[2]:
        if entry(s, events):
            break
    _sd3_place(s, events)
    return True


def _sd2_possible(s: CKState) -> bool:
    return bool(flippable(s))


def _sd3_possible(s: CKState) -> bool:
    c = s.clans[KAI]
    return any(CARDS[n].set == BUILDING and build_spot(s, n)[0] for n in c.hand)


def _sd10_replace(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    inactive = [(n, x) for x, n in keep_cards(s, KAI) if not c.active[n] and n not in SUMMONING]
    if not inactive:
        return False
    xn, xx = min(inactive)
    c1 = cell(KEEP_COLS[KAI][2], 1)
    cands = [n for n in c.hand if CARDS[n].set == BUILDING and n > xn and (n != BLACK_GATE or xx == c1)]
    if not cands:
        return False
    advance(s, KAI, BUILD, events)
    replace_at(s, xx, max(cands), events)
    return True


def _sd10_place(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    return any(place_card(s, n, events) for n in pick_order(s, list(c.hand)))


SOLO_DECK: dict[int, tuple[Entry, ...]] = {
    1: (lambda s, e: _champion_battle(s, e), _sd1_flip_champion, _deploy(False)),
    2: (_flip_entry(lambda s: flippable(s, True)), _flip_entry(flippable)),
    3: (_sd3_place, _draw_entry),
    4: (_firelancer("scorch", _enemy_summoning), _firelancer("singe", _any), _firelancer("burn", _adjacent_to_kai),
        _firelancer("scorch", _any), _flip_entry(_firelancer_flip)),
    5: (_sd5_ability(DRAGON_RAM), _sd5_ability(20), _sd5_ability(17), lambda s, e: _champion_battle(s, e, True)),
    6: (_sd6_cunning, _sd6_sorceress, _flip_entry(_sd6_flip)),
    7: (_deploy(True), _deploy(False), _flip_entry(lambda s: [n for n in flippable(s) if n == BLACK_GATE])),
    8: (_sd5_ability(FIRE_FALCON), _sd5_ability(WINGED_TYVERN), _sd5_ability(MINOX), _sd8_fury,
        lambda s, e: _champion_battle(s, e)),
    9: (_sd9_draw_no_building, _sd9_building_battle, _flip_entry(flippable), _draw_entry),
    10: (_sd10_council, _sd10_replace, _sd10_place),
}  # fmt: skip
