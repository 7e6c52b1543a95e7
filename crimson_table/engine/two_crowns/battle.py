"""Two Crowns battle resolution (TC-R10..R15).

After the defence is committed both groups are revealed, the special cards are
queued in resolution order (Catapult, Bishop, Feint, Vassal; the attacker's before
the defender's within a kind) and resolved one by one.  A Feint needs no decision;
a paid special stops the queue until its owner pays (one Gold card at a time) or
declines.  Specials that cannot matter are cancelled without asking: a Bishop
with no opposing Knight left, a Vassal whose group has lost all its Knights, a
Feint with no Knight to remove (public reasons), and unpayable ones (TC-R10;
only their owner is told why, since it reveals the Gold in hand).
"""

from __future__ import annotations

from crimson_table.engine.core import Event, present
from crimson_table.engine.two_crowns.cards import (
    BISHOP,
    CATAPULT,
    CATAPULT_DAMAGE,
    COST,
    FEINT,
    GOLD_VALUE,
    IS_KNIGHT,
    IS_SPECIAL,
    KIND,
    RESOLUTION_ORDER,
    VASSAL,
    card_name,
    gold_total,
    knight_total,
    names,
    names_and_verb,
    strongest_knight,
)
from crimson_table.engine.two_crowns.ops import damage, discard, end_turn, event, has_knight, player
from crimson_table.engine.two_crowns.state import PAY, TwoCrownsState


def reveal(s: TwoCrownsState, events: list[Event]) -> None:
    """TC-R10: flip the attack, then the defence; queue the specials; resolve until a decision."""
    s.revealed = True
    order = (s.attacker, s.defender)
    s.group_sizes = [len(s.groups[0]), len(s.groups[1])]
    for seat in order:
        cards = s.groups[seat][:]
        events.append(
            event(
                "reveal",
                {"seat": seat, "cards": cards},
                f"{player(seat)} reveals {names(cards)}",
                reveals=True,
            )
        )
    s.queue = []
    for kind in RESOLUTION_ORDER:
        for seat in order:
            armed = has_knight(s.groups[seat])
            for card in s.groups[seat]:
                if KIND[card] != kind:
                    continue
                if armed:
                    s.queue.append((seat, card))
                else:
                    _cancel(seat, card, "no Knight in its group", events)  # TC-R10
    advance(s, events)


def advance(s: TwoCrownsState, events: list[Event]) -> None:
    """Resolve queued specials until one needs a payment decision; then the battle (TC-R15)."""
    while s.queue:
        seat, card = s.queue[0]
        kind = KIND[card]
        if kind == FEINT:
            s.queue.pop(0)
            _feint(s, seat, card, events)
            continue
        why_not = _pointless(s, seat, kind)
        if why_not:
            s.queue.pop(0)
            _cancel(seat, card, why_not, events)
            continue
        if gold_total(s.hands[seat]) + gold_total(s.paying) < COST[kind]:
            s.queue.pop(0)
            _cancel_unpayable(seat, card, events)
            continue
        s.phase = PAY
        return
    finish_battle(s, events)


def _pointless(s: TwoCrownsState, seat: int, kind: str) -> str:
    """Why a paid special is cancelled without asking, from public facts only, or '' if it can matter."""
    if kind == BISHOP and not has_knight(s.groups[1 - seat]):
        return "no opposing Knight to take"  # TC-R12
    if kind == VASSAL and (s.vassal[seat] or not has_knight(s.groups[seat])):
        return "nothing to double"  # TC-R14
    return ""


def _cancel(seat: int, card: int, why: str, events: list[Event]) -> None:
    events.append(
        event(
            "cancel_special",
            {"seat": seat, "card": card, "reason": why},
            f"{player(seat)}'s {card_name(card)} is cancelled: {why}",
        )
    )


def _cancel_unpayable(seat: int, card: int, events: list[Event]) -> None:
    """TC-R10: the owner cannot pay.  Only the owner reads why.

    The reason tells how much Gold the hidden hand holds, so the other seat reads what a declined
    payment reads (the rulebook's "can't (or won't) pay"), and the event is an undo barrier.
    """
    why = f"cannot pay {COST[KIND[card]]} gold"
    events.append(
        Event(
            "cancel_special",
            {"seat": seat, "card": card, "reason": why},
            f"{player(seat)}'s {card_name(card)} is cancelled: not paid",
            private_to=(seat,),
            private_text=f"{player(seat)}'s {card_name(card)} is cancelled: {why}",
            reveals=True,
            public={"seat": seat, "card": card},  # the special lies face up; the reason stays private
        )
    )


def pay_with(s: TwoCrownsState, gold: int, events: list[Event]) -> None:
    """TC-R10: offer one Gold card; once the cost is covered the special takes effect."""
    seat, card = s.queue[0]
    s.hands[seat].remove(gold)
    s.paying.append(gold)
    cost = COST[KIND[card]]
    paid = sum(GOLD_VALUE[g] for g in s.paying)
    events.append(
        event(
            "pay",
            {"seat": seat, "special": card, "gold": gold, "paid": paid, "cost": cost},
            f"{player(seat)} pays {GOLD_VALUE[gold]} gold for the {card_name(card)} ({paid}/{cost})",
            reveals=True,  # a Gold card leaves the hidden hand face up
        )
    )
    if paid < cost:
        return
    coins, s.paying = s.paying, []
    discard(s, seat, coins, f"paid for the {card_name(card)}", events)
    s.queue.pop(0)
    if _take_effect(s, seat, card, events):
        return
    advance(s, events)


def decline(s: TwoCrownsState, events: list[Event]) -> None:
    """TC-R10: the owner will not pay; offered Gold goes back to hand; the special is cancelled."""
    seat, card = s.queue.pop(0)
    s.hands[seat].extend(s.paying)
    s.paying = []
    _cancel(seat, card, "not paid", events)
    advance(s, events)


def _take_effect(s: TwoCrownsState, seat: int, card: int, events: list[Event]) -> bool:
    """Apply a paid special.  True if it ended the game (a Catapult can, TC-R11/R17)."""
    kind = KIND[card]
    other = 1 - seat
    if kind == CATAPULT:  # TC-R11
        events.append(
            event(
                "catapult",
                {"seat": seat, "target": other, "amount": CATAPULT_DAMAGE},
                f"{player(seat)}'s Catapult hurls boulders at {player(other)}'s castle",
            )
        )
        return damage(s, other, CATAPULT_DAMAGE, events)
    if kind == BISHOP:  # TC-R12
        target = strongest_knight(s.groups[other])
        target = present(target, "TC-R12: a Bishop resolves only with a Knight to take")
        s.groups[other].remove(target)
        s.hands[seat].append(target)
        events.append(
            event(
                "bishop_take",
                {"seat": seat, "card": target, "from_seat": other},
                f"{player(seat)}'s Bishop converts {player(other)}'s {card_name(target)}",
            )
        )
        return False
    s.vassal[seat] = True  # TC-R14
    events.append(event("vassal", {"seat": seat}, f"{player(seat)}'s Vassal doubles their Knights"))
    return False


def _feint(s: TwoCrownsState, seat: int, card: int, events: list[Event]) -> None:
    """TC-R13: works if the opposing group was laid with at least as many cards as this one."""
    other = 1 - seat
    if s.group_sizes[other] < s.group_sizes[seat]:
        _cancel(seat, card, "the opposing group has fewer cards", events)
        return
    target = strongest_knight(s.groups[other])
    if target is None:
        _cancel(seat, card, "no opposing Knight to remove", events)
        return
    s.groups[other].remove(target)
    s.rests[other].append((target, s.turn))
    events.append(
        event(
            "feint",
            {"seat": seat, "card": card, "target": target, "target_seat": other},
            f"{player(seat)}'s Feint draws {player(other)}'s {card_name(target)} out of the battle",
        )
    )
    events.append(
        event(
            "rest",
            {"seat": other, "cards": [target], "turn": s.turn},
            f"{player(other)}'s {card_name(target)} goes into rest",
        )
    )


def battle_total(s: TwoCrownsState, seat: int) -> int:
    """TC-R14: Knight points in the group, doubled once if a Vassal was paid."""
    total = knight_total(s.groups[seat])
    return total * 2 if s.vassal[seat] else total


def finish_battle(s: TwoCrownsState, events: list[Event]) -> None:
    """TC-R15: compare totals (the defender wins ties), move the cards, damage the castle."""
    att, dfn = s.attacker, s.defender
    att_total, def_total = battle_total(s, att), battle_total(s, dfn)
    attacker_wins = att_total > def_total
    winner = att if attacker_wins else dfn
    events.append(
        event(
            "battle_result",
            {"attacker": att, "defender": dfn, "attack": att_total, "defence": def_total, "winner": winner},
            f"Battle: attack {att_total} against defence {def_total}; {player(winner)} wins",
        )
    )
    groups = s.groups
    s.groups = [[], []]
    s.revealed = False
    s.vassal = [False, False]
    s.group_sizes = [0, 0]
    for seat in (att, dfn):
        discard(s, seat, [c for c in groups[seat] if IS_SPECIAL[c]], "special cards are spent", events)
    att_knights = [c for c in groups[att] if IS_KNIGHT[c]]
    def_knights = [c for c in groups[dfn] if IS_KNIGHT[c]]
    if attacker_wins:
        discard(s, dfn, def_knights, "defeated", events)
        _rest(s, att, att_knights, events)
        if damage(s, dfn, att_total - def_total, events):
            return
    else:
        discard(s, att, att_knights, "defeated", events)
        if def_knights:
            s.hands[dfn].extend(def_knights)
            events.append(
                event(
                    "return_to_hand",
                    {"seat": dfn, "cards": def_knights},
                    f"{player(dfn)}'s {names_and_verb(def_knights, 'returns', 'return')} to hand",
                )
            )
    end_turn(s, events)


def _rest(s: TwoCrownsState, seat: int, knights: list[int], events: list[Event]) -> None:
    """TC-R15/R5: the victorious attackers go into rest on this turn."""
    if not knights:
        return
    s.rests[seat].extend((c, s.turn) for c in knights)
    events.append(
        event(
            "rest",
            {"seat": seat, "cards": knights, "turn": s.turn},
            f"{player(seat)}'s {names_and_verb(knights, 'goes', 'go')} into rest until the end of turn {s.turn + 1}",
        )
    )
