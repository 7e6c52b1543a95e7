"""Fast Two Crowns rollouts: the search's rule-of-thumb player finishes a sampled game by itself.

The engine is exact and explains itself (events, log texts, refusals), which a rollout does not
need: Master's rollouts spent nine tenths of their time there.  :func:`finish` plays the same
player as :func:`crimson_table.ai.two_crowns.search.two_crowns_playout` (roll when low, attack
with the heuristic's plan when it beats a rough defence, defend with the best Knights, always
pay, draw the heuristic's way) straight on a clone of the *sampled* state, applying the rules
TC-R5..R17 without events, and scores the end of the game: a win, or in a best of three the
chance of taking the match from the crowns it leaves (TC-R3).

The rules here are the engine's, restated for speed; ``tests/ai/two_crowns/test_playout.py``
plays the same games both ways and checks they end alike.
"""

from __future__ import annotations

import math
from typing import Any

from crimson_table.ai.two_crowns.heuristic import card_worth
from crimson_table.engine.core import GameRules
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.actions import RollForFirst
from crimson_table.engine.two_crowns.cards import (
    BISHOP,
    CATAPULT,
    CATAPULT_DAMAGE,
    COST,
    FEINT,
    GOLD_VALUE,
    HAND_LIMIT,
    KIND,
    KNIGHT_VALUE,
    MAX_GROUP,
    RESOLUTION_ORDER,
    VASSAL,
)
from crimson_table.engine.two_crowns.state import (
    ATTACK,
    DEFEND,
    NOBODY,
    OVER,
    PAY,
    PRECISE_DISCARD,
    PRECISE_KEEP,
    ROLL,
    TwoCrownsState,
)

DESTINY_AT = 7  # roll the Dice of Destiny at or below this castle, like the heuristic (TC-R16)
KNIGHT_SHARE = 0.62  # Knights per card in a deck (33 of 53)
BEST_KNIGHT = 1.9  # rough worth of each of a defender's best Knights
ATTACK_PER_CARD = 2.0  # what a face-down attacking card is feared to be worth
MAX_TURNS = 1000  # a game always ends long before (decks are never reshuffled, TC-R18)

KV = KNIGHT_VALUE
GV = GOLD_VALUE
SPECIAL = {FEINT, VASSAL, BISHOP, CATAPULT}


def plan(cards: list[int]) -> tuple[list[int], int, bool]:
    """:func:`~crimson_table.ai.two_crowns.heuristic.plan_attack` in one pass: cards, total, Catapult."""
    k3: list[int] = []
    k2: list[int] = []
    k1: list[int] = []
    gold = 0
    firsts: dict[str, int] = {}
    for c in cards:
        v = KV[c]
        if v:
            (k3 if v == 3 else k2 if v == 2 else k1).append(c)
        elif GV[c]:
            gold += GV[c]
        else:
            firsts.setdefault(KIND[c], c)
    knights = k3 + k2 + k1
    if not knights:
        return [], 0, False
    chosen: list[int] = []
    catapult = CATAPULT in firsts and gold >= COST[CATAPULT]
    if catapult:
        chosen.append(firsts[CATAPULT])
        gold -= COST[CATAPULT]
    vassal = VASSAL in firsts and gold >= COST[VASSAL] and len(knights) >= 2
    if vassal:
        chosen.append(firsts[VASSAL])
    used = knights[: MAX_GROUP - len(chosen)]
    chosen += used
    if (
        len(chosen) < MAX_GROUP
        and BISHOP in firsts
        and gold - (COST[VASSAL] if vassal else 0) >= COST[BISHOP]
    ):
        chosen.append(firsts[BISHOP])
    if len(chosen) < MAX_GROUP and FEINT in firsts:
        chosen.append(firsts[FEINT])
    total = 0
    for c in used:
        total += KV[c]
    return chosen, total * 2 if vassal else total, catapult


def finish(rules: GameRules[Any], state: TwoCrownsState, rng: Rng) -> list[float]:
    """Rewards per seat for playing the sampled ``state`` on to the end of its game."""
    if state.phase == OVER:
        return [1.0 if seat == state.winner else 0.0 for seat in (0, 1)]
    if state.phase == ROLL:
        state, _events = rules.apply_action(state, RollForFirst())
    s = state.clone()
    loser = _enter(s, rng)
    turns = 0
    while loser == NOBODY:
        loser = _turn(s, rng)
        turns += 1
        if turns > MAX_TURNS:
            return [0.5, 0.5]
    return _rewards(s, loser)


def _rewards(s: TwoCrownsState, loser: int) -> list[float]:
    """The match as the game's end leaves it (TC-R3): won, or the chance to win it from here."""
    crowns = s.crowns[:]
    crowns[1 - loser] += 1
    needed = s.best_of // 2 + 1
    if max(crowns) >= needed:
        return [0.0, 1.0] if loser == 0 else [1.0, 0.0]
    first = race(needed - crowns[0], needed - crowns[1])
    return [first, 1.0 - first]


def race(mine: int, theirs: int) -> float:
    """Chance of winning ``mine`` even games before losing ``theirs``."""
    return sum(math.comb(mine - 1 + k, k) * 0.5 ** (mine + k) for k in range(theirs))


def _enter(s: TwoCrownsState, rng: Rng) -> int:
    """Finish the turn the tree left half done; the loser if the game ended, else NOBODY."""
    phase = s.phase
    if phase == ATTACK:
        _lay_attack(s, s.current)
        if not _has_knight(s.groups[s.current]):  # nothing sensible laid: take it back, start over
            s.hands[s.current].extend(s.groups[s.current])
            s.groups[s.current] = []
            return _turn(s, rng)
        return _defend_and_fight(s)
    if phase == DEFEND:
        return _defend_and_fight(s)
    if phase == PAY:
        queue, s.queue = s.queue, []
        return _resolve(s, queue, s.paying)
    if phase == PRECISE_DISCARD:
        return _precise(s, s.current)
    if phase == PRECISE_KEEP:
        return _keep(s, s.current, s.drawn)
    return NOBODY


def _has_knight(cards: list[int]) -> bool:
    for c in cards:  # noqa: SIM110 - a plain loop is faster than any() over a generator
        if KV[c]:
            return True
    return False


def _gold(cards: list[int]) -> int:
    total = 0
    for c in cards:
        total += GV[c]
    return total


def _strongest(cards: list[int]) -> int | None:
    """The first Knight of the highest value (TC-R12, TC-R13)."""
    best, value = None, 0
    for c in cards:
        if KV[c] > value:
            best, value = c, KV[c]
    return best


# -- a turn (TC-R6) -------------------------------------------------------------------------------------


def _turn(s: TwoCrownsState, rng: Rng) -> int:
    """The turn of ``s.current`` from its start: roll when low, attack when strong, else draw."""
    me = s.current
    hand = s.hands[me]
    if s.castles[me] <= DESTINY_AT and s.destiny_used_by == NOBODY:  # TC-R16
        s.castles[me] = rng.randint(1, 20)
        s.destiny_used_by = me
    held = len(hand) + len(s.rests[me])
    deck = s.decks[me]
    can_large = held < HAND_LIMIT and bool(deck)  # TC-R7
    can_precise = held <= HAND_LIMIT and bool(deck) and bool(hand)  # TC-R8
    cards, total, catapult = plan(hand)
    if cards:
        defence = BEST_KNIGHT * min(float(MAX_GROUP), KNIGHT_SHARE * len(s.hands[1 - me]))
        strong = total > defence or (held >= 7 and total >= 0.8 * defence)
        if catapult or not (can_large or can_precise) or strong:
            for card in cards:
                hand.remove(card)
            s.groups[me] = cards
            return _defend_and_fight(s)
    if can_large:
        for _ in range(min(HAND_LIMIT - held, len(deck))):
            hand.append(deck.pop())
        return _end_turn(s)
    if can_precise:
        return _precise(s, me)
    _lay_attack(s, me)  # can_act held at the start of the turn: a Knight is in hand
    return _defend_and_fight(s)


def _precise(s: TwoCrownsState, me: int) -> int:
    """TC-R8: discard the card wanted least, draw two, keep the one wanted most."""
    hand = s.hands[me]
    hand.remove(min(hand, key=lambda c: (card_worth(c, hand), c)))
    deck = s.decks[me]
    drawn = [deck.pop() for _ in range(min(2, len(deck)))]
    return _keep(s, me, drawn)


def _keep(s: TwoCrownsState, me: int, drawn: list[int]) -> int:
    hand = s.hands[me]
    if drawn:
        keep = drawn[0] if len(drawn) == 1 else max(drawn, key=lambda c: (card_worth(c, hand + [c]), -c))
        hand.append(keep)
    s.drawn = []
    return _end_turn(s)


def _end_turn(s: TwoCrownsState) -> int:
    """TC-R5: rested Knights come back; the other seat's turn; TC-R17: it may be stuck and lose."""
    turn = s.turn
    for seat in (0, 1):
        rests = s.rests[seat]
        if rests and any(t < turn for _c, t in rests):
            s.hands[seat].extend(c for c, t in rests if t < turn)
            s.rests[seat] = [(c, t) for c, t in rests if t >= turn]
    s.turn = turn + 1
    me = s.current = 1 - s.current
    hand = s.hands[me]
    held = len(hand) + len(s.rests[me])
    if _has_knight(hand) or (s.decks[me] and (held < HAND_LIMIT or (held == HAND_LIMIT and hand))):
        return NOBODY
    return me


# -- a battle (TC-R9..R15) -------------------------------------------------------------------------------


def _lay_attack(s: TwoCrownsState, me: int) -> None:
    """TC-R9: the heuristic's planned attack goes face down (the last place only to a Knight)."""
    hand, group = s.hands[me], s.groups[me]
    for card in plan(hand + group)[0]:
        if card in group or card not in hand or len(group) >= MAX_GROUP:
            continue
        if len(group) == MAX_GROUP - 1 and not KV[card] and not _has_knight(group):
            continue
        hand.remove(card)
        group.append(card)


def _defend_and_fight(s: TwoCrownsState) -> int:
    """The defender lays a payable Catapult and the best Knights up to the feared attack; reveal."""
    me = 1 - s.current
    hand, group = s.hands[me], s.groups[me]
    k3: list[int] = []
    k2: list[int] = []
    k1: list[int] = []
    gold = 0
    catapult = None
    for c in group + hand:
        v = KV[c]
        if v:
            (k3 if v == 3 else k2 if v == 2 else k1).append(c)
        elif GV[c]:
            gold += GV[c]
        elif catapult is None and KIND[c] == CATAPULT:
            catapult = c
    knights = k3 + k2 + k1
    feared = ATTACK_PER_CARD * len(s.groups[s.current]) + 0.5
    wanted = [catapult] if catapult is not None and knights and gold >= COST[CATAPULT] else []
    total = 0
    for knight in knights[: MAX_GROUP - len(wanted)]:
        if total >= feared:
            break
        wanted.append(knight)
        total += KV[knight]
    if not wanted or (total < 0.5 * feared and s.castles[me] > 2 * feared and KIND[wanted[0]] != CATAPULT):
        return _reveal(s)  # hopeless with the castle safe: keep the Knights
    for card in wanted:
        if card in hand and len(group) < MAX_GROUP:
            hand.remove(card)
            group.append(card)
    return _reveal(s)


def _reveal(s: TwoCrownsState) -> int:
    """TC-R10: queue the specials (Catapult, Bishop, Feint, Vassal; attacker first) and resolve."""
    att = s.current
    ga, gd = s.groups[att], s.groups[1 - att]
    s.group_sizes = [len(s.groups[0]), len(s.groups[1])]
    specials = [(att, c) for c in ga if KIND[c] in SPECIAL] if _has_knight(ga) else []
    if _has_knight(gd):  # TC-R10: a special without a Knight in its group is cancelled
        specials += [(1 - att, c) for c in gd if KIND[c] in SPECIAL]
    if not specials:
        return _battle(s)
    queue = [pair for kind in RESOLUTION_ORDER for pair in specials if KIND[pair[1]] == kind]
    return _resolve(s, queue, [])


def _resolve(s: TwoCrownsState, queue: list[tuple[int, int]], paying: list[int]) -> int:
    """Each special in turn; the owner always pays when able, biggest coin first; then the battle."""
    for seat, card in queue:
        kind = KIND[card]
        other = 1 - seat
        if kind == FEINT:  # TC-R13
            target = _strongest(s.groups[other]) if s.group_sizes[other] >= s.group_sizes[seat] else None
            if target is not None:
                s.groups[other].remove(target)
                s.rests[other].append((target, s.turn))
            continue
        if kind == BISHOP and not _has_knight(s.groups[other]):
            paying = _refund(s, seat, paying)
            continue
        if kind == VASSAL and (s.vassal[seat] or not _has_knight(s.groups[seat])):
            paying = _refund(s, seat, paying)
            continue
        hand = s.hands[seat]
        paid, cost = _gold(paying), COST[kind]
        if _gold(hand) + paid < cost:  # TC-R10: unpayable, cancelled
            paying = _refund(s, seat, paying)
            continue
        while paid < cost:
            coin = min((c for c in hand if GV[c]), key=lambda c: (-GV[c], c))
            hand.remove(coin)
            paid += GV[coin]
        paying = []
        if kind == CATAPULT:  # TC-R11
            s.castles[other] -= CATAPULT_DAMAGE
            if s.castles[other] <= 0:
                return other
        elif kind == BISHOP:  # TC-R12
            target = _strongest(s.groups[other])
            if target is not None:
                s.groups[other].remove(target)
                hand.append(target)
        else:  # TC-R14
            s.vassal[seat] = True
    s.paying = []
    return _battle(s)


def _refund(s: TwoCrownsState, seat: int, paying: list[int]) -> list[int]:
    s.hands[seat].extend(paying)
    return []


def _battle(s: TwoCrownsState) -> int:
    """TC-R15: compare totals (the defender wins ties), move the Knights, damage the castle."""
    att = s.current
    dfn = 1 - att
    ga, gd = s.groups[att], s.groups[dfn]
    ta = sum(KV[c] for c in ga) * (2 if s.vassal[att] else 1)
    td = sum(KV[c] for c in gd) * (2 if s.vassal[dfn] else 1)
    s.groups = [[], []]
    s.vassal = [False, False]
    s.group_sizes = [0, 0]
    s.revealed = False
    if ta > td:
        s.rests[att].extend((c, s.turn) for c in ga if KV[c])
        s.castles[dfn] -= ta - td
        if s.castles[dfn] <= 0:
            return dfn
    else:
        s.hands[dfn].extend(c for c in gd if KV[c])
    return _end_turn(s)
