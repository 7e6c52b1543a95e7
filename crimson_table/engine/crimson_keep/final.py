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
from crimson_table.engine.crimson_keep.board import KEEP_COLS, col
from crimson_table.engine.crimson_keep.cards import CARDS, DRAGON_NAMES, KEEP_DEFENCE, keep_value
from crimson_table.engine.crimson_keep.ops import (
    destroy_column,
    dragon_turn,
    end_game,
    ev,
    injure,
    next_turn,
    player,
    remove_card_no_collapse,
)
from crimson_table.engine.crimson_keep.queries import (
    alignments,
    building_at,
    closest,
    keep_cards,
    open_columns,
    other,
)
from crimson_table.engine.crimson_keep.state import DRAGON, KD_BUY, KD_PLAY, OVER, CKState, without
from crimson_table.engine.rng import Rng


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
    destroy_column(s, seat, k, events)
    if not open_columns(s, seat):
        end_game(s, [s.dragon], "the Dragon destroyed every keep column")


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


def after_dragon(s: CKState, events: list[Event]) -> None:
    """CK2-R39: the defender's 1-action turn is next (unless the game is over)."""
    if s.phase != OVER:
        next_turn(s, other(s.dragon))


__all__ = ["CARDS", "DRAGON_NAMES", "purchase", "legal", "apply"]
