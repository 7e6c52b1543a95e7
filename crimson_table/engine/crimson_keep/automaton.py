"""Kai, the solo opponent (CK2-R72..R95), driven by the state's PRNG — never a player.

Kai always sits in seat 1 (the Right clan).  Her turn runs inside ``settle`` as a
re-entrant procedure: ``s.ctx["kai"]`` names the next step, so when one of her
actions opens a Battle that needs the player's decisions (defending tactic and
tokens), the turn continues where it stopped once the Battle is over.
"""

from __future__ import annotations

from collections.abc import Callable

from crimson_table.engine.core import Action, Event
from crimson_table.engine.crimson_keep import abilities, battle, final
from crimson_table.engine.crimson_keep.actions import Ability
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
    MARCH,
    MINOX,
    POWER,
    SORCERESS,
    SUMMONING,
    WARLOCK,
    WINGED_TYVERN,
    name,
)
from crimson_table.engine.crimson_keep.logic import (
    FWD,
    KEEP_COLS,
    active_firelancers,
    adjacent,
    advance,
    building_at,
    cell,
    champion,
    col,
    enter_gate,
    ev,
    find,
    flip_inactive,
    keep_cards,
    lvl,
    push,
    push_target,
    rest_ok,
    step,
    use_card,
)
from crimson_table.engine.crimson_keep.state import DRAGON, KD_PLAY, MAIN, CKState
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
    c = s.clans[KAI]
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
    """CK2-R76: her ACTIVE champion always moves forward (a Ram takes its extra space)."""
    _goto(s, "draw1")
    if s.final_stage >= 2:
        return
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
    s.board[y], s.board[cx] = s.board[cx], 0
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
    s.clans[KAI].active[n] = True
    events.append(ev("flip", {"seat": KAI, "card": n, "active": True}, f"Kai flips {name(n)} ACTIVE"))


def _put(s: CKState, n: int, x: int, events: list[Event]) -> None:
    c = s.clans[KAI]
    c.hand.remove(n)
    push(s, KAI, x, events)
    s.board[x] = KAI * 100 + n
    c.active[n], c.used[n] = False, False
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
    c1 = cell(KEEP_COLS[KAI][2], 1)
    if n == BLACK_GATE:
        if building_at(s, KAI, c1):
            return "replace", c1
        return ("place", c1) if push_target(s, KAI, c1) >= 0 else ("", -1)
    c = s.clans[KAI]
    for level in range(1, 6):
        for k in (0, 1, 2):
            if c.ruined[k]:
                continue
            x = cell(KEEP_COLS[KAI][k], level)
            if building_at(s, KAI, x):
                continue
            if level == 1 and push_target(s, KAI, x) >= 0:
                return "place", x
            if level > 1 and building_at(s, KAI, x - 1):
                return "place", x
    return "", -1


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
    c = s.clans[KAI]
    old = building_at(s, KAI, x)
    flip_inactive(s, KAI, old)
    c.discard.append(old)
    c.hand.remove(n)
    s.board[x] = KAI * 100 + n
    c.active[n], c.used[n] = False, False
    events.append(
        ev("replace", {"seat": KAI, "card": n, "old": old}, f"Kai replaces {name(old)} with {name(n)}")
    )


def _place_card(s: CKState, n: int, events: list[Event]) -> bool:
    """One card per CK2-R77/R80; False if it cannot be placed."""
    c = s.clans[KAI]
    if CARDS[n].set == BUILDING:
        return _place_building(s, n, events)
    if CARDS[n].set != COMBAT:
        return False
    advance(s, KAI, BUILD, events)
    c.hand.remove(n)
    if len(c.barracks) >= 3:  # CK2-R80
        old = max(c.barracks) if s.mode == "H" else min(c.barracks)
        c.barracks[c.barracks.index(old)] = n
        c.discard.append(old)
        events.append(
            ev("replace", {"seat": KAI, "card": n, "old": old}, f"Kai replaces {name(old)} in her Barracks")
        )
    else:
        c.barracks.append(n)
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
        card = s.solo_deck.pop(0)
        s.solo_up.append(card)
        events.append(ev("solo_card", {"card": card}, f"Kai flips Solo card SD{card}", True))
        for entry in SOLO_DECK[card]:
            if entry(s, events):
                return
    kai_draw(s, events)


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
    return [a for a in abilities.options(s, KAI) if a.card in cards and (not mode or a.mode == mode)]


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
    from crimson_table.engine.crimson_keep.turn import battle_options  # noqa: PLC0415

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
    battle.start_battle(s, KAI, n, target, "battle", events)


def _flip_entry(cards: Callable[[CKState], list[int]]) -> Entry:
    def entry(s: CKState, events: list[Event]) -> bool:
        cs = cards(s)
        if not cs:
            return False
        advance(s, KAI, CRAFT, events)
        _flip_up(s, cs[0], events)
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
            c.barracks.remove(n)
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
    c.active[ch] = True
    events.append(ev("flip", {"seat": KAI, "card": ch, "active": True}, f"Kai flips {name(ch)} ACTIVE"))
    return True


def _sd3_place(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    ok = [n for n in c.hand if CARDS[n].set == BUILDING and build_spot(s, n)[0]]
    if not ok:
        return False
    return _place_building(s, pick_order(s, ok)[0], events)


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
        _flip_up(s, n, events)
    return True


def _sd6_flip(s: CKState) -> list[int]:
    cs = flippable(s)
    return [n for n in (SORCERESS, WARLOCK) if n in cs]


def _sd8_fury(s: CKState, events: list[Event]) -> bool:
    return _use(s, _options(s, (DRAGUSA,)), events)


def _sd9_building_battle(s: CKState, events: list[Event]) -> bool:
    from crimson_table.engine.crimson_keep.turn import battle_options  # noqa: PLC0415

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
    _replace_at(s, xx, max(cands), events)
    return True


def _sd10_place(s: CKState, events: list[Event]) -> bool:
    c = s.clans[KAI]
    return any(_place_card(s, n, events) for n in pick_order(s, list(c.hand)))


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
    from crimson_table.engine.crimson_keep.actions import Obliterate  # noqa: PLC0415

    return Obliterate(k)


def _fire() -> Action:
    from crimson_table.engine.crimson_keep.actions import FireAttack  # noqa: PLC0415

    return FireAttack()


def _play(kd: int, side: int) -> Action:
    from crimson_table.engine.crimson_keep.actions import PlayKeepDefence  # noqa: PLC0415

    return PlayKeepDefence(kd, side)
