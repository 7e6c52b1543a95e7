"""The heuristic Crimson Company bot (supplement section 5, "AI hints").

It values lanes, not cards: each active lane gets a win probability from its
estimated scoring margin (Score effects included) and from how close it is to being
scored; the three lanes combine into the chance of taking two castles.  Coins count a
little (about 0.4 strength each).  Bids and Match/Pass follow the coin economics of
section 5; deployments and effect choices are searched a few plies deep on one
determinization, so the timing of the fourth card and chained scoring come from the
engine itself.
"""

from __future__ import annotations

from math import exp

from crimson_table.ai.base import BotContext
from crimson_table.engine.core import Action
from crimson_table.engine.crimson_company.actions import Bid, Match, Pass
from crimson_table.engine.crimson_company.cards import (
    BERSERKER,
    FAIRY,
    HAGGLER,
    INDEX,
    NUM_LANES,
    PLAGUE_DOCTOR,
    SCORE,
    SCORE_AT,
    SELLSWORD,
    STANDARD_BEARER,
    STRENGTH,
)
from crimson_table.engine.crimson_company.cards import KIND as CARD_KIND
from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.engine.crimson_company.state import CCState, owns_face_up

COIN = 0.012  # win probability per coin of lead (about 0.4 strength in a close lane)
SEARCH_DEPTH = 3
# Strength-equivalent worth of a waiting card's effect, on top of its printed strength.
EFFECT_BONUS: dict[str, float] = {
    "alchemist": 4.0,
    "banshee": 0.5,
    "berserker": -1.0,
    "blood_priest": 3.0,
    "bully": 3.0,
    "changeling": 0.5,
    "clumsy_ogre": -1.0,
    "demon": 2.0,
    "dodgy_dealer": 0.5,
    "fairy": 4.0,
    "fanatic": 2.0,
    "fortune_teller": 1.0,
    "haggler": 1.0,
    "martyr": 1.0,
    "monk": 1.0,
    "plague_doctor": 1.0,
    "sellsword": -1.0,
    "siren": 1.0,
    "standard_bearer": 2.0,
    "summoner": 2.0,
    "undead": 2.0,
    "war_drummer": 1.0,
}
BONUS = [EFFECT_BONUS.get(card_id, 0.0) for card_id in sorted(INDEX, key=INDEX.__getitem__)]

Lane = list[float]  # [my total, their total, my cards, their cards]


# --------------------------------------------------------------------------- evaluation


def _scoring_estimate(s: CCState, lane: int) -> dict[int, float]:
    """Strengths as if ``lane`` were scored now, Score effects resolved like CC-R37."""
    sides = s.sides[lane]
    value: dict[int, float] = {c: 0.0 if s.down[c] else float(STRENGTH[c]) for c in sides[0] + sides[1]}
    for seat in (s.active, 1 - s.active):
        for card in sides[seat]:
            if CARD_KIND[card] == SCORE and not s.down[card]:
                _apply_score(s, value, card, lane, seat)
    return value


def _apply_score(s: CCState, value: dict[int, float], card: int, lane: int, seat: int) -> None:
    sides = s.sides[lane]
    if card == BERSERKER:
        for other in value:
            if other != card:
                value[other] = max(0.0, value[other] - 1)
    elif card == PLAGUE_DOCTOR:
        for other in value:
            if s.down[other]:
                value[other] = 3.0
    elif card == STANDARD_BEARER:
        for other in sides[seat]:
            if other != card and not s.down[other]:
                value[other] += 1
    elif card == SELLSWORD and s.coins[seat] < 2:
        value[card] = 0.0
    elif card == FAIRY:
        for side in sides:
            if side:
                best = max(side, key=lambda c: value[c])
                value[best] *= 2


def lanes_for(s: CCState, me: int) -> dict[int, Lane]:
    """Estimated totals and card counts of every active lane, from ``me``'s side."""
    out: dict[int, Lane] = {}
    for lane in range(NUM_LANES):
        if s.won_by[lane] != -1:
            continue
        value = _scoring_estimate(s, lane)
        mine, theirs = s.sides[lane][me], s.sides[lane][1 - me]
        out[lane] = [sum(value[c] for c in mine), sum(value[c] for c in theirs), len(mine), len(theirs)]
    return out


def lane_probability(lane: Lane) -> float:
    """Chance that ``me`` wins the lane: sharp when it is about to be scored, vague when young."""
    to_go = max(0.0, SCORE_AT - max(lane[2], lane[3]))
    sigma = 1.5 + 2.5 * to_go
    margin = lane[0] - lane[1]
    return 1.0 / (1.0 + exp(-1.7 * margin / sigma))


def win_probability(lanes: dict[int, Lane], mine: int, theirs: int) -> float:
    """Chance of ending with two castles if every open lane goes to one player independently."""
    if mine >= 2 or theirs >= 2:
        return 1.0 if mine >= 2 else 0.0
    probs = [lane_probability(lane) for lane in lanes.values()]
    total = 0.0
    for mask in range(1 << len(probs)):
        chance, wins = 1.0, 0
        for i, p in enumerate(probs):
            if mask >> i & 1:
                chance *= p
                wins += 1
            else:
                chance *= 1.0 - p
        if mine + wins >= 2:
            total += chance
    return total


def _place_waiting(lanes: dict[int, Lane], cards: list[int], slot: int, mine: int, theirs: int) -> None:
    """Put waiting cards where their owner likes them best (slot 0: mine, slot 1: theirs)."""
    for card in sorted(cards, key=lambda c: -STRENGTH[c]):
        worth = STRENGTH[card] + BONUS[card]
        best_lane, best_value = -1, 0.0
        for lane, values in lanes.items():
            values[slot] += worth
            values[slot + 2] += 1
            v = win_probability(lanes, mine, theirs)
            values[slot] -= worth
            values[slot + 2] -= 1
            better = v > best_value if slot == 0 else v < best_value
            if best_lane < 0 or better:
                best_lane, best_value = lane, v
        if best_lane >= 0:
            lanes[best_lane][slot] += worth
            lanes[best_lane][slot + 2] += 1


def evaluate(s: CCState, me: int, extra: tuple[list[int], list[int]] = ([], [])) -> float:
    """Win chance plus a small coin term; ``extra`` adds hypothetical waiting cards (mine, theirs)."""
    if s.winners is not None:
        if not s.winners:
            return 0.5
        return 1.0 if s.winners == (me,) else 0.0
    mine = sum(1 for owner in s.won_by if owner == me)
    theirs = sum(1 for owner in s.won_by if owner == 1 - me)
    lanes = lanes_for(s, me)
    _place_waiting(lanes, s.waiting[me] + extra[0], 0, mine, theirs)
    _place_waiting(lanes, s.waiting[1 - me] + extra[1], 1, mine, theirs)
    return win_probability(lanes, mine, theirs) + COIN * (s.coins[me] - s.coins[1 - me])


# --------------------------------------------------------------------------- search


def settle(s: CCState, me: int, depth: int) -> float:
    """Value of ``s`` after the decisions that still belong to this turn's deployment."""
    pending = s.pending
    if pending is None or depth <= 0 or pending.kind in ("bid", "respond"):
        return evaluate(s, me)
    if pending.chooser == me and pending.kind != "deploy" and len(pending.options) > 12:
        depth = 1
    values = [settle(RULES.apply_action(s, a)[0], me, depth - 1) for a in pending.options]
    return max(values) if pending.chooser == me else min(values)


def best_by_search(s: CCState, me: int, legal: list[Action]) -> Action:
    """The legal action with the best settled value (ties: the first)."""
    best, best_value = legal[0], -1e9
    for action in legal:
        value = settle(RULES.apply_action(s, action)[0], me, SEARCH_DEPTH)
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


# --------------------------------------------------------------------------- bidding (section 5, "Coins")


def card_values(s: CCState, me: int, card: int) -> tuple[float, float]:
    """(worth of ``card`` to me, worth of it to my opponent), in win probability."""
    base = evaluate(s, me)
    return evaluate(s, me, ([card], [])) - base, base - evaluate(s, me, ([], [card]))


def _bid_amounts(mine: int, theirs: int) -> list[int]:
    wanted = {1, 2, 3, theirs - 1, theirs, theirs + 1, theirs + 2, mine}
    return sorted(x for x in wanted if 1 <= x <= mine)


def choose_bid(s: CCState, me: int, legal: list[Action]) -> Action:
    """Best (card, X): the opponent Matches when that is worse for me (vm + vo > 3X coins)."""
    opp = 1 - me
    haggle = 1 if owns_face_up(s, me, HAGGLER) else 0
    can_match = len(s.waiting[opp]) < 2
    legal_set = set(legal)
    best: Action = legal[0]
    best_value = -1e9
    for card_id in sorted({a.card for a in legal if isinstance(a, Bid)}):
        vm, vo = card_values(s, me, INDEX[card_id])
        for x in _bid_amounts(s.coins[me], s.coins[opp]):
            price = x + haggle
            passed = vm - COIN * x
            matched = -vo + 2 * COIN * price
            value = min(passed, matched) if can_match and s.coins[opp] >= price else passed
            if value > best_value and Bid(card_id, x) in legal_set:
                best, best_value = Bid(card_id, x), value
    return best


def choose_response(s: CCState, me: int) -> Action:
    """Match when my card value plus the bidder's exceeds what the coins cost (section 5)."""
    assert s.bid is not None
    price = s.bid.amount + (1 if owns_face_up(s, s.bid.bidder, HAGGLER) else 0)
    vm, vo = card_values(s, me, s.bid.card)
    match = vm - 2 * COIN * price
    passing = -vo + COIN * s.bid.amount
    return Match() if match > passing else Pass()


class HeuristicBot:
    """Lane-margin heuristic with coin economics and a short search over deployments."""

    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        """Pick one of ``ctx.legal`` from a determinization of ``ctx.view``'s hidden deck."""
        legal = ctx.legal
        if len(legal) == 1:
            return legal[0]
        state = ctx.determinize(ctx.seed)
        assert isinstance(state, CCState)
        me = ctx.seat
        pending = state.pending
        assert pending is not None
        if pending.kind == "bid":
            return choose_bid(state, me, legal)
        if pending.kind == "respond":
            response = choose_response(state, me)
            return response if response in legal else legal[-1]
        return best_by_search(state, me, legal)
