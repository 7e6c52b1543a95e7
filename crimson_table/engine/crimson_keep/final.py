"""The Final Battle (CK2-R36..R45, R59): setup, Keep Defence, the Dragon's turns, injuries, death roll."""

from __future__ import annotations

from crimson_table.engine.core import Action, Event, counted
from crimson_table.engine.crimson_keep.actions import (
    DONE,
    FIRE_ATTACK,
    BuyKeepDefence,
    Done,
    FireAttack,
    Obliterate,
    PlayKeepDefence,
    buy_action,
    obliterate_action,
    play_kd_action,
)
from crimson_table.engine.crimson_keep.cards import CARDS, DRAGON_NAMES, KEEP_DEFENCE, keep_value
from crimson_table.engine.crimson_keep.ops import (
    KEEP_COLS,
    LEVELS,
    alignments,
    building_at,
    cell,
    champion,
    col,
    discard_card,
    ev,
    keep_cards,
    leave_play,
    next_turn,
    other,
    player,
    remove_card,
    sweep_battlefield,
)
from crimson_table.engine.crimson_keep.state import DRAGON, KD_BUY, KD_PLAY, OVER, CKState, without
from crimson_table.engine.rng import Rng


def begin(s: CKState, seat: int, obliterate: int, events: list[Event]) -> None:
    """CK2-R36 steps 1-2; the caller then starts the defender's final full turn (step 3)."""
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


def kd_count(total: int) -> int:
    """CK2-R37 thresholds."""
    return 0 if total < 4 else 1 if total < 8 else 2 if total < 12 else 3


def purchase(s: CKState, events: list[Event]) -> None:
    """CK2-R37: the defender cashes in every token (no flips) and buys Keep Defence cards."""
    d = other(s.dragon)
    c = s.mine(d)
    value = sum(abs(t) for t in c.tokens) + sum(abs(t) for t in c.pool)
    c.tokens = [0] * 38
    c.pool = []
    k = kd_count(value)
    s.final_stage = 2
    events.append(
        ev(
            "kd_value",
            {"seat": d, "value": value, "cards": k},
            f"{player(d)}'s tokens are worth {value}: {counted(k, 'Keep Defence card')}",
        )
    )
    if k == 0:
        dragon_turn(s)
    elif k == 3 or s.is_kai(d):
        rng = Rng(s.rng)
        pool = [1, 2, 3]
        rng.shuffle(pool)
        s.rng = rng.state
        c.kd = sorted(pool[:k])
        dragon_turn(s)
    else:
        s.phase, s.actor, s.ctx = KD_BUY, d, {"left": k}


def dragon_turn(s: CKState) -> None:
    """CK2-R36 step 5 / R39: the Dragon Clan's single action."""
    s.current = s.dragon
    s.phase, s.actor, s.ctx = DRAGON, s.dragon, {}
    s.turn += 1


def open_columns(s: CKState, seat: int) -> list[int]:
    """Non-destroyed keep columns of ``seat`` (0 = A .. 2 = C)."""
    return [k for k in range(3) if not s.clans[seat].ruined[k]]


def closest(s: CKState, seat: int) -> int:
    """CK2 s.1.3: C, then B, then A."""
    cols = open_columns(s, seat)
    return max(cols) if cols else -1


def column_total(s: CKState, seat: int, k: int) -> int:
    """CK2-R38: card values plus 1 per ACTIVE alignment touching the column."""
    c = s.clans[seat]
    gc = KEEP_COLS[seat][k]
    value = sum(keep_value(n, c.active[n]) for x, n in keep_cards(s, seat) if col(x) == gc)
    value += sum(1 for a, b in alignments(s, seat) if col(a) == gc or col(b) == gc)
    return value


def legal(s: CKState) -> list[Action]:
    """KD_BUY, DRAGON, KD_PLAY decisions."""
    d = other(s.dragon)
    if s.phase == KD_BUY:
        return [buy_action(k) for k in (1, 2, 3) if k not in s.clans[d].kd]
    if s.phase == DRAGON:
        out: list[Action] = []
        if s.obliterate > 0:
            out += [obliterate_action(k) for k in open_columns(s, d)]
        return [*out, FIRE_ATTACK]
    kd = s.clans[d].kd
    return [play_kd_action(k, side) for k in kd for side in (0, 1)] + [DONE]


def apply(s: CKState, a: Action, events: list[Event]) -> None:
    """Apply a Final Battle decision (already known legal)."""
    d = other(s.dragon)
    if isinstance(a, BuyKeepDefence):
        s.mine(d).kd = sorted([*s.clans[d].kd, a.kd])  # a shared list (state.SHARED)
        s.ctx["left"] -= 1
        if s.ctx["left"] <= 0:
            dragon_turn(s)
    elif isinstance(a, Obliterate):
        s.obliterate -= 1
        events.append(
            ev("obliterate", {"column": a.column}, f"{player(s.dragon)} obliterates column {'ABC'[a.column]}")
        )
        ruin(s, d, a.column, events)
        after_dragon(s, events)
    elif isinstance(a, FireAttack):
        if s.clans[d].kd:
            s.phase, s.actor = KD_PLAY, d
        else:
            fire(s, 0, 0, events)
    elif isinstance(a, PlayKeepDefence):
        c = s.mine(d)  # Keep Defence lists are shared (state.SHARED): new lists
        c.kd = without(c.kd, a.kd)  # DESTROYED after use
        c.kd_spent = [*c.kd_spent, a.kd]
        fire(s, a.kd, a.side, events)
    elif isinstance(a, Done):
        fire(s, 0, 0, events)


def ruin(s: CKState, seat: int, k: int, events: list[Event]) -> None:
    """DESTROY every card of column k and mark it destroyed (CK2-R40, R41, R42); the last one ends the game."""
    _destroy_column(s, seat, k, events)
    if not open_columns(s, seat):
        end(s, [s.dragon], "the Dragon destroyed every keep column")


def _destroy_column(s: CKState, seat: int, k: int, events: list[Event]) -> None:
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


def fire(s: CKState, kd: int, side: int, events: list[Event]) -> None:
    """CK2-R41 with Keep Defence effects (CK2 s.4.2)."""
    d = other(s.dragon)
    k = closest(s, d)
    defence = column_total(s, d, k)
    rng = Rng(s.rng)
    dice = [rng.randint(1, 6) for _ in range(s.dice)]
    if kd == 3 and side == 0:  # Turn the Flame
        dice = [rng.randint(1, 6) for _ in range(s.dice)]
    s.rng = rng.state
    attack = sum(dice)
    if kd == 1:
        gc = KEEP_COLS[d][k]
        defence += 4 if side == 0 else sum(1 for x, _n in keep_cards(s, d) if col(x) == gc)
    if kd == 2 and side == 0:
        attack -= max(dice) if dice else 0
    name_kd = f" with {KEEP_DEFENCE[kd][1 + side]}" if kd else ""
    events.append(ev("fire", {"dice": dice, "attack": attack, "defence": defence, "column": k, "kd": kd, "side": side},
                     f"Fire Attack on column {'ABC'[k]}{name_kd}: {attack} against {defence}", True))  # fmt: skip
    if attack >= defence:
        if kd == 3 and side == 1:  # Deep Foundations
            gc = KEEP_COLS[d][k]
            cards = sorted((x for x, _n in keep_cards(s, d) if col(x) == gc), reverse=True)[:2]
            for x in cards:
                n = building_at(s, d, x)
                pile = remove_card_no_collapse(s, d, n)
                events.append(ev("remove", {"seat": d, "card": n, "destroy": True, "pile": pile, "cell": x},
                                 f"Deep Foundations: {player(d)}'s {CARDS[n].name} is destroyed"))  # fmt: skip
        else:
            ruin(s, d, k, events)
    else:
        injure(s, 2 if kd == 2 and side == 1 else 1, events)
        if s.hard and s.dice > 1:
            s.dice -= 1  # CK2-R44
    if s.phase != OVER:
        after_dragon(s, events)


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
            _destroy_column(s, d, k, events)
        if last:
            end(s, [s.dragon], "the dying Dragon destroyed the last column")
            return
    end(s, [d], "the Dragon fell")


def end(s: CKState, winners: list[int], reason: str) -> None:
    """The game is over."""
    s.phase, s.actor, s.winners, s.reason = OVER, -1, winners, reason


def after_dragon(s: CKState, events: list[Event]) -> None:
    """CK2-R39: the defender's 1-action turn is next (unless the game is over)."""
    if s.phase != OVER:
        next_turn(s, other(s.dragon))


__all__ = ["CARDS", "DRAGON_NAMES", "begin", "legal", "apply"]
