"""Special Abilities with their exact targets (CK2-R15, R48..R71).

``options(s, seat)`` lists every legal :class:`Ability` action; ``apply(s, a, events)``
performs one.  Each card's options and effect are one pair of functions in the tables
``_OPTIONS`` / ``_EFFECTS`` keyed by card number.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_keep.actions import Ability, ability_action, space_name
from crimson_table.engine.crimson_keep.board import (
    FWD,
    KEEP_SET,
    LEVELS,
    LINES,
    adjacent,
    col,
    lvl,
    step,
)
from crimson_table.engine.crimson_keep.cards import (
    BLACK_GATE,
    BLACK_MIRROR,
    BUILDING,
    CARDS,
    CLAN_LEADER,
    COMBAT,
    DRAGON_CANNON,
    DRAGON_CRYSTAL,
    DRAGON_RAM,
    DRAGUSA,
    FIRE_FALCON,
    FIRE_STALLIONS,
    FIRE_WRAITH,
    FIRELANCERS,
    FOOD_CELLAR,
    GREAT_HALL,
    KRAGARS,
    LAVA_WYRM,
    MINOX,
    MORGULTH_TROLL,
    POWER,
    SORCERESS,
    SUMMONING,
    TRACK_FINAL,
    WARLOCK,
    WINGED_TYVERN,
    name,
)
from crimson_table.engine.crimson_keep.ops import (
    advance,
    enter_gate,
    ev,
    flip_inactive,
    injure,
    player,
    put_building,
    remove_card,
    start_battle,
    start_draw,
    use_card,
)
from crimson_table.engine.crimson_keep.queries import (
    ABLE_AT,
    LINES_AT,
    Scan,
    active_firelancers,
    board_memo,
    build_spaces,
    building_at,
    champion,
    find,
    keep_cards,
    keep_targetable,
    other,
    rest_ok,
)
from crimson_table.engine.crimson_keep.state import SORCERESS as SORCERESS_PHASE
from crimson_table.engine.crimson_keep.state import CKState, without
from crimson_table.engine.rng import Rng

Options = Callable[[CKState, int, int], list[Ability]]
Effect = Callable[[CKState, int, Ability, list[Event]], None]


def d6(s: CKState) -> int:
    """One die from the state's PRNG."""
    rng = Rng(s.rng)
    v = rng.randint(1, 6)
    s.rng = rng.state
    return v


# -- geometry --------------------------------------------------------------------------------------


def line_hit(s: CKState, seat: int, x: int, dl: int) -> int:
    """CK2 s.1.3 'line': the first occupied cell from x toward the enemy (dl = 0 H, -1 down, +1 up)."""
    b = s.board
    for y in LINES[seat][dl + 1][x]:
        if b[y]:
            return y
    return -1


def _enemy_at(s: CKState, seat: int, y: int) -> int:
    r = s.board[y] if y >= 0 else 0
    return r % 100 if r and r // 100 == other(seat) else 0


# a Firelancer's candidate use: (its Ability action, the enemy card, what the use still needs of the position:
# _UNLESS_WYRM = not an ACTIVE Lava Wyrm (CK2-R62), _IF_ACTIVE = the card ACTIVE, _IF_KEEP = the card ACTIVE and
# the enemy keep targetable, CK2-R18 / R36)
FireUse = tuple[Ability, int, int]
_UNLESS_WYRM, _IF_ACTIVE, _IF_KEEP = range(3)


def _fire_uses(s: CKState, seat: int, x: int) -> tuple[FireUse, ...]:
    """The uses a Firelancer on x has on this board (CK2-R52), before the enemy cards' sides and the Final
    Battle are asked: the enemy cards it hits straight ahead, down and up, by the lines (CK2 s.1.3); kept per
    board (``ops.board_memo``)."""
    m = board_memo(s)
    held: dict[int, tuple[FireUse, ...]] | None = m[LINES_AT + seat]
    if held is None:
        held = m[LINES_AT + seat] = {}
    v = held.get(x)
    if v is None:
        v = held[x] = _find_fire_uses(s, seat, x)
    return v


def _find_fire_uses(s: CKState, seat: int, x: int) -> tuple[FireUse, ...]:
    enemy = other(seat)
    n = s.board[x] % 100
    h = _enemy_at(s, seat, line_hit(s, seat, x, 0))
    out: list[FireUse] = []
    if h and CARDS[h].set == COMBAT:  # burn: the card ahead pushed back onto a free space behind it
        back = step(find(s, enemy, h), -FWD[enemy])
        if back >= 0 and rest_ok(s, enemy, back):
            out.append((ability_action(n, "burn", h), h, _UNLESS_WYRM))
    singed: list[int] = []
    for t in (_enemy_at(s, seat, line_hit(s, seat, x, -1)), _enemy_at(s, seat, line_hit(s, seat, x, 1))):
        # singe: an ACTIVE combat card down or up the lines, never a Lava Wyrm (it is ACTIVE there, CK2-R62)
        if t and CARDS[t].set == COMBAT and t != LAVA_WYRM and t not in singed:
            singed.append(t)
            out.append((ability_action(n, "singe", t), t, _IF_ACTIVE))
    if h and CARDS[h].set == BUILDING:  # scorch: an ACTIVE Building card ahead
        out.append((ability_action(n, "scorch", h), h, _IF_KEEP))
    return tuple(out)


def _fire_options(s: CKState, seat: int, x: int) -> list[Ability]:
    """The Ability actions of the Firelancer on x (CK2-R52): its board's uses that the position allows."""
    uses = _fire_uses(s, seat, x)
    if not uses:
        return []
    enemy = other(seat)
    e_active = s.clans[enemy].active
    keep_ok = s.dragon != enemy  # keep_targetable(s, enemy)
    out: list[Ability] = []
    for a, t, needs in uses:
        if needs == _UNLESS_WYRM:
            if t != LAVA_WYRM or not e_active[t]:
                out.append(a)
        elif e_active[t] and (needs == _IF_ACTIVE or keep_ok):
            out.append(a)
    return out


def firelancer_targets(s: CKState, seat: int, x: int) -> list[tuple[str, int]]:
    """(mode, enemy card) pairs a Firelancer on x may use (CK2-R52)."""
    return [(a.mode, a.target) for a in _fire_options(s, seat, x)]


def nearest_building(s: CKState, seat: int, x: int) -> int:
    """CK2 s.1.3 'nearest Building card' for a Dragon Cannon on x (enemy card number or 0)."""
    enemy = other(seat)
    if not keep_targetable(s, enemy):
        return 0
    best: tuple[int, int, int, int] | None = None
    pick = 0
    for y, n in keep_cards(s, enemy):
        dist = abs(col(y) - col(x)) + abs(lvl(y) - lvl(x))
        fwd_first = 0 if (col(y) - col(x)) * FWD[seat] > 0 else 1
        key = (dist, lvl(y), abs(col(y) - col(x)), fwd_first)
        if best is None or key < best:
            best, pick = key, n
    return pick


def dash_destination(s: CKState, seat: int, minox_x: int) -> int:
    """CK2-R66: the space next to the enemy champion the Minox dashes to, or -1."""
    ex, en = champion(s, other(seat))
    if ex < 0:
        return -1
    toward_home = -FWD[seat]
    for dc in (toward_home, -toward_home):
        y = step(ex, dc)
        if y >= 0 and (y == minox_x or rest_ok(s, seat, y)):
            return y
    return -1


# -- options per card ------------------------------------------------------------------------------


def _opt_sorceress(s: CKState, seat: int, x: int) -> list[Ability]:
    c = s.clans[seat]
    active, used = c.active, c.used
    for _y, n in keep_cards(s, seat):  # any sorceress_choices(s, seat, set())
        if n != SORCERESS and (active[n] or not used[n]):
            return [ability_action(SORCERESS)]
    return []


def sorceress_choices(s: CKState, seat: int, done: set[int]) -> list[int]:
    """CK2-R50: other own Building cards that may still be flipped."""
    c = s.clans[seat]
    return [n for _y, n in keep_cards(s, seat)
            if n != SORCERESS and n not in done and (c.active[n] or not c.used[n])]  # fmt: skip


def _opt_warlock(s: CKState, seat: int, x: int) -> list[Ability]:
    enemy = other(seat)
    if not keep_targetable(s, enemy):
        return []
    ec = s.clans[enemy]
    return [ability_action(WARLOCK, "cunning", n) for _y, n in keep_cards(s, enemy)
            if n in (SORCERESS, WARLOCK) and not ec.active[n]]  # fmt: skip


def _opt_great_hall(s: CKState, seat: int, x: int) -> list[Ability]:
    out: list[Ability] = []
    c = s.clans[seat]
    if s.final_stage >= 2:  # CK2-R36 step 5: tracks ignored, and no turn gains extra actions (CK2-R53 (2))
        return out
    for t in range(4):
        if t != POWER and not c.advanced[t] and c.tracks[t] < TRACK_FINAL[t]:
            out.append(ability_action(GREAT_HALL, "advance", t + 1))
    out.append(ability_action(GREAT_HALL, "council"))
    return out


def _opt_mirror(s: CKState, seat: int, x: int) -> list[Ability]:
    """Every pair of own Building cards one above the other or side by side (Building cards stand only in
    their own keep, so the keep's cards are all there is to look at), in cell order, the one above first."""
    cards = keep_cards(s, seat)
    at = dict(cards)  # cell -> card number
    out = []
    for y, n in cards:
        m = at.get(y + 1) if y % LEVELS < LEVELS - 1 else 0  # the card above (none above level 5)
        if m and n != BLACK_GATE and m != BLACK_GATE:  # the Black Gate must stay on level 1
            out.append(ability_action(BLACK_MIRROR, "swap", n, m))
        m = at.get(y + LEVELS)  # the card beside it, toward the next column
        if m:
            out.append(ability_action(BLACK_MIRROR, "swap", n, m))
    return out


def _opt_gate(s: CKState, seat: int, x: int) -> list[Ability]:
    if champion(s, seat)[0] >= 0 or lvl(x) != 1:
        return []
    return [ability_action(BLACK_GATE, "iron_will", n) for n in sorted(s.clans[seat].barracks)]


def _opt_dragusa(s: CKState, seat: int, x: int) -> list[Ability]:
    enemy = other(seat)
    ec = s.clans[enemy]
    targets = []
    if keep_targetable(s, enemy):
        targets = [n for _y, n in keep_cards(s, enemy) if n in SUMMONING and ec.active[n]]
    if targets:
        return [ability_action(DRAGUSA, "fury", n) for n in targets]
    return [ability_action(DRAGUSA, "fury")] if champion(s, enemy)[0] >= 0 else []


def _opt_flight(target: int, mode: str) -> Options:
    def opt(s: CKState, seat: int, x: int) -> list[Ability]:
        enemy = other(seat)
        if not keep_targetable(s, enemy) or find(s, enemy, target) < 0:
            return []
        return [ability_action(s.board[x] % 100, mode)]

    return opt


def _opt_troll(s: CKState, seat: int, x: int) -> list[Ability]:
    ex, en = champion(s, other(seat))
    return [ability_action(MORGULTH_TROLL, "club_crush", en)] if ex >= 0 and ex in adjacent(x) else []


def _opt_cannon(s: CKState, seat: int, x: int) -> list[Ability]:
    t = nearest_building(s, seat, x)
    return [ability_action(DRAGON_CANNON, "blitz", t)] if t else []


def _opt_ram(s: CKState, seat: int, x: int) -> list[Ability]:
    enemy = other(seat)
    if not keep_targetable(s, enemy):
        return []
    out = []
    for y in adjacent(x):
        n = building_at(s, enemy, y)
        if n:
            out.append(ability_action(DRAGON_RAM, "rage", n))
    return out


def _opt_minox(s: CKState, seat: int, x: int) -> list[Ability]:
    ex, en = champion(s, other(seat))
    return [ability_action(MINOX, "horn_dash", en)] if dash_destination(s, seat, x) >= 0 else []


def _opt_stallions(s: CKState, seat: int, x: int) -> list[Ability]:
    c = s.clans[seat]
    return [ability_action(FIRE_STALLIONS, "recruit")] if c.deck or c.discard or c.hand else []


def _opt_kragars(s: CKState, seat: int, x: int) -> list[Ability]:
    c = s.clans[seat]
    out = []
    for n in sorted(set(c.hand + c.slots)):
        if CARDS[n].set == BUILDING:
            out += [ability_action(KRAGARS, "master", n, y + 1) for y in build_spaces(s, seat, n)]
    return out


def _opt_cellar(s: CKState, seat: int, x: int) -> list[Ability]:
    cx, n = champion(s, seat)
    if cx < 0 or not s.clans[seat].active[n]:
        return []
    out = []
    for mode, dc in (("forward", FWD[seat]), ("back", -FWD[seat])):
        y = step(cx, dc)
        if y >= 0 and rest_ok(s, seat, y):
            out.append(ability_action(FOOD_CELLAR, mode))
            if mode == "forward" and n == DRAGON_RAM and active_firelancers(s, seat) >= 2:
                z = step(y, dc)
                if z >= 0 and rest_ok(s, seat, z):
                    out.append(ability_action(FOOD_CELLAR, "forward2"))
    return out


def _opt_wraith(s: CKState, seat: int, x: int) -> list[Ability]:
    return [ability_action(FIRE_WRAITH, "sacrifice")] if s.dragon == other(seat) and s.injuries < 4 else []


_OPTIONS: dict[int, Options] = {
    SORCERESS: _opt_sorceress, WARLOCK: _opt_warlock, GREAT_HALL: _opt_great_hall, BLACK_MIRROR: _opt_mirror,
    BLACK_GATE: _opt_gate, DRAGUSA: _opt_dragusa, FIRE_FALCON: _opt_flight(DRAGON_CRYSTAL, "air_assault"),
    WINGED_TYVERN: _opt_flight(CLAN_LEADER, "territorial"), MORGULTH_TROLL: _opt_troll,
    DRAGON_CANNON: _opt_cannon, DRAGON_RAM: _opt_ram, MINOX: _opt_minox, FIRE_STALLIONS: _opt_stallions,
    KRAGARS: _opt_kragars, FOOD_CELLAR: _opt_cellar, FIRE_WRAITH: _opt_wraith,
    **{n: _fire_options for n in FIRELANCERS},
}  # fmt: skip


def _able(s: CKState, seat: int) -> tuple[tuple[int, int], ...]:
    """(cell, number) of ``seat``'s board cards with a Special Ability, ACTIVE or not, in cell order."""
    m = board_memo(s)
    v: tuple[tuple[int, int], ...] | None = m[ABLE_AT + seat]
    if v is None:
        mine = [xn for xn in keep_cards(s, seat) if xn[1] in _OPTIONS]
        cx, ch = champion(s, seat)
        if cx >= 0 and ch in _OPTIONS:
            mine.append((cx, ch))
        v = m[ABLE_AT + seat] = tuple(sorted(mine))
    return v


def options(
    s: CKState, seat: int, sc: Scan | None = None, m: list[Any] | None = None, only: Collection[int] = ()
) -> list[Ability]:
    """Every legal Special Ability action of ``seat`` (CK2-R15: ACTIVE, with a target), in cell order
    (``m``: ``board_memo(s)`` if the caller has it); ``only``: those of these cards alone (Kai's Solo
    cards name one or a few, CK2-R83; the others' targets are then not worked out)."""
    c = s.clans[seat]
    active = c.active
    out: list[Ability] = []
    able = None if m is None else m[ABLE_AT + seat]
    for x, n in _able(s, seat) if able is None else able:
        if active[n] and (not only or n in only):
            out += _OPTIONS[n](s, seat, x)
    if not c.caverns:
        return out
    for n in sorted(c.caverns):
        if active[n] and n in _OPTIONS and (not only or n in only):
            out += _OPTIONS[n](s, seat, -1)
    return out


# -- effects ---------------------------------------------------------------------------------------


def _fx_sorceress(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    x = find(s, seat, SORCERESS)
    use_card(s, seat, SORCERESS)
    s.resume.append({"phase": s.phase, "actor": s.actor, "ctx": s.ctx})
    s.phase, s.actor, s.ctx = SORCERESS_PHASE, seat, {"left": lvl(x), "done": []}


def _fx_warlock(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    enemy = other(seat)
    y = find(s, enemy, a.target)
    use_card(s, seat, WARLOCK)
    roll = d6(s)
    events.append(ev("roll", {"seat": seat, "value": roll}, f"{player(seat)}'s Warlock rolls {roll}", True))
    if roll > lvl(y):
        remove_card(s, enemy, a.target, False, events)


def _fx_firelancer(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    enemy = other(seat)
    use_card(s, seat, a.card)
    y = find(s, enemy, a.target)
    if a.mode == "burn":
        z = step(y, -FWD[enemy])
        b = s.cells()  # the board to change (copied first if shared: CKState.cells)
        b[z], b[y] = b[y], 0
        events.append(ev("burn", {"card": a.target}, f"{name(a.target)} is burned back"))
    else:
        flip_inactive(s, enemy, a.target)
        events.append(
            ev(
                "flip",
                {"seat": enemy, "card": a.target, "active": False},
                f"{name(a.target)} is flipped INACTIVE",
            )
        )


def _fx_great_hall(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    use_card(s, seat, GREAT_HALL)
    if a.mode == "advance":
        advance(s, seat, a.target - 1, events)
        advance(s, seat, POWER, events)
    else:
        s.actions_left += 2
        events.append(ev("council", {"seat": seat}, f"{player(seat)} gains 2 extra actions"))


def _fx_mirror(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    x, y = find(s, seat, a.target), find(s, seat, a.extra)
    b = s.cells()  # the board to change (copied first if shared: CKState.cells)
    b[x], b[y] = b[y], b[x]
    use_card(s, seat, BLACK_MIRROR)
    events.append(
        ev(
            "swap",
            {"seat": seat, "cards": [a.target, a.extra]},
            f"{player(seat)} swaps {name(a.target)} and {name(a.extra)}",
        )
    )


def _fx_gate(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    c = s.mine(seat)
    c.barracks = without(c.barracks, a.target)  # a shared list (state.SHARED)
    use_card(s, seat, BLACK_GATE)
    enter_gate(s, seat, a.target, True, events)
    events.append(
        ev("deploy", {"seat": seat, "card": a.target}, f"{player(seat)} sends {name(a.target)} out ACTIVE")
    )


def _fx_dragusa(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    enemy = other(seat)
    use_card(s, seat, DRAGUSA)
    if a.target:
        flip_inactive(s, enemy, a.target)
    ex, en = champion(s, enemy)
    if ex >= 0:
        remove_card(s, enemy, en, False, events)
    roll = d6(s)
    events.append(ev("roll", {"seat": seat, "value": roll}, f"Dragusa rolls {roll}", True))
    if roll <= 3:
        remove_card(s, seat, DRAGUSA, True, events)


def _fx_flight(target: int) -> Effect:
    def fx(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
        enemy = other(seat)
        y = find(s, enemy, target)
        roll = d6(s)
        events.append(
            ev(
                "roll",
                {"seat": seat, "value": roll},
                f"{name(a.card)} flies to level {lvl(y)} and rolls {roll}",
                True,
            )
        )
        if roll == lvl(y):
            remove_card(s, enemy, target, False, events)
        x = find(s, seat, a.card)
        if x < 0:
            return  # swept away by the collapse (CK2-R58)
        s.cells()[x] = 0
        use_card(s, seat, a.card)
        enter_gate(s, seat, a.card, False, events)

    return fx


def _fx_troll(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    use_card(s, seat, MORGULTH_TROLL)
    remove_card(s, other(seat), a.target, False, events)


def _fx_cannon(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    start_battle(s, seat, DRAGON_CANNON, a.target, "blitz", events)


def _fx_ram(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    use_card(s, seat, DRAGON_RAM)
    remove_card(s, other(seat), a.target, False, events)


def _fx_minox(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    x = find(s, seat, MINOX)
    y = dash_destination(s, seat, x)
    s.cells()[x] = 0
    s.cells()[y] = seat * 100 + MINOX
    events.append(ev("move", {"seat": seat, "card": MINOX, "from": x, "to": y, "dash": True},
                     f"{player(seat)}'s Minox dashes to {space_name(y, s.mirrored)}"))  # fmt: skip
    start_battle(s, seat, MINOX, a.target, "dash", events)


def _fx_stallions(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    use_card(s, seat, FIRE_STALLIONS)
    start_draw(s, seat, 8, 4, "Recruitment Run", events)


def _fx_kragars(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    use_card(s, seat, KRAGARS)
    put_building(s, seat, a.target, a.extra - 1, True, events)


def _fx_cellar(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    use_card(s, seat, FOOD_CELLAR)
    cx, n = champion(s, seat)
    dc = -FWD[seat] if a.mode == "back" else FWD[seat]
    k = 2 if a.mode == "forward2" else 1
    y = step(cx, dc * k)
    b = s.cells()  # the board to change (copied first if shared: CKState.cells)
    b[y], b[cx] = b[cx], 0
    events.append(ev("move", {"seat": seat, "card": n, "to": y}, f"{player(seat)}'s {name(n)} charges"))


def _fx_wraith(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    remove_card(s, seat, FIRE_WRAITH, True, events)
    injure(s, 1, events)


_EFFECTS: dict[int, Effect] = {
    SORCERESS: _fx_sorceress, WARLOCK: _fx_warlock, GREAT_HALL: _fx_great_hall, BLACK_MIRROR: _fx_mirror,
    BLACK_GATE: _fx_gate, DRAGUSA: _fx_dragusa, FIRE_FALCON: _fx_flight(DRAGON_CRYSTAL),
    WINGED_TYVERN: _fx_flight(CLAN_LEADER), MORGULTH_TROLL: _fx_troll, DRAGON_CANNON: _fx_cannon,
    DRAGON_RAM: _fx_ram, MINOX: _fx_minox, FIRE_STALLIONS: _fx_stallions, KRAGARS: _fx_kragars,
    FOOD_CELLAR: _fx_cellar, FIRE_WRAITH: _fx_wraith, **{n: _fx_firelancer for n in FIRELANCERS},
}  # fmt: skip


def apply(s: CKState, seat: int, a: Ability, events: list[Event]) -> None:
    """Use the ability (already known legal); Power advances except War Council option 2 (CK2-R53)."""
    events.append(
        ev("ability", {"seat": seat, "card": a.card, "mode": a.mode}, f"{player(seat)} uses {name(a.card)}")
    )
    if a.card != GREAT_HALL:
        advance(s, seat, POWER, events)
    _EFFECTS[a.card](s, seat, a, events)


__all__ = ["KEEP_SET", "apply", "options"]
