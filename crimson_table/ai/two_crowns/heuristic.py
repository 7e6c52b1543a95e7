"""The Two Crowns heuristic bot ("Captain").

It reads only its view.  To judge a battle it samples the other seat's hand from
the cards it has not seen (the other deck minus everything public) and assumes a
sensible opponent: a defender lays its best Knights (doubled by a Vassal it can
pay for), an attacker its best ``n`` cards.  Then:

- Attack when the expected margin is good, always when a Catapult can be paid
  (10 sure damage, TC-R11), and when drawing is impossible.
- Defend with the set of Knights (plus a payable Catapult or Vassal, and a Feint
  when it can work, TC-R13) that scores best over the sampled attacks, weighing
  castle damage against Knights lost.
- Pay for a Catapult always; for a Bishop or Vassal when it changes the battle.
- Large draw below the hand limit, otherwise a precise draw of the best card.
- Roll the Dice of Destiny when the castle is low (TC-R16).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from crimson_table.ai.base import BotContext
from crimson_table.engine.core import Action
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.actions import (
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DeclinePayment,
    DiscardForDraw,
    KeepDrawn,
    LargeDraw,
    PayWith,
    PreciseDraw,
    UndoSelection,
    UseDiceOfDestiny,
)
from crimson_table.engine.two_crowns.cards import (
    BISHOP,
    CATAPULT,
    COST,
    DECK_SIZE,
    FEINT,
    GOLD,
    GOLD_VALUE,
    IS_KNIGHT,
    KIND,
    KNIGHT,
    KNIGHT_VALUE,
    MAX_GROUP,
    VASSAL,
    gold_total,
)
from crimson_table.engine.two_crowns.view import TwoCrownsView, two_crowns_view

SAMPLES = 32
DESTINY_BELOW = 7  # roll the Dice of Destiny when the castle is at most this (expected roll 10.5)
KNIGHT_LOSS = 0.6  # castle points a lost Knight point is worth to the defender
ATTACK_CONFIDENCE = 0.55


@dataclass(frozen=True)
class Table:
    """The facts the bot uses, read from its view."""

    me: int
    hand: list[int]
    group: list[int]
    castles: list[int]
    held: int
    deck: int
    opp_hand: int
    opp_group_count: int
    opp_pool: list[int]
    rng: Rng


def _read(ctx: BotContext) -> Table:
    view = two_crowns_view(ctx.view)
    me = ctx.seat  # the view's own seat: a bot always has one
    opp = 1 - me
    mine, theirs = view["seats"][me], view["seats"][opp]
    public: set[int] = set(view["hand"]) | set(view["paying"])
    for zone in view["seats"]:
        public.update(zone["discard"])
        public.update(c for c, _t in zone["rest"])
        public.update(zone["group"] or [])
    pool = [c for c in range(opp * DECK_SIZE, (opp + 1) * DECK_SIZE) if c not in public]
    return Table(
        me=me,
        hand=list(view["hand"]),
        group=list(mine["group"] or []),
        castles=list(view["castles"]),
        held=len(view["hand"]) + len(mine["rest"]),
        deck=int(mine["deck_count"]),
        opp_hand=int(theirs["hand_count"]),
        opp_group_count=int(theirs["group_count"]),
        opp_pool=pool,
        rng=Rng.from_seed(ctx.seed),
    )


def _sample(t: Table, size: int) -> list[int]:
    """``size`` random cards from the other seat's unseen pool."""
    pool = t.opp_pool[:]
    size = min(size, len(pool))
    for i in range(size):
        j = i + t.rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:size]


def _knights_desc(cards: list[int]) -> list[int]:
    return sorted((c for c in cards if IS_KNIGHT[c]), key=lambda c: -KNIGHT_VALUE[c])


def _of_kind(cards: list[int], kind: str) -> list[int]:
    return [c for c in cards if KIND[c] == kind]


def _best_defence_total(cards: list[int]) -> int:
    """What a sensible defender holding ``cards`` could put up (TC-R14 Vassal included)."""
    values = [KNIGHT_VALUE[c] for c in _knights_desc(cards)]
    plain = sum(values[:MAX_GROUP])
    if _of_kind(cards, VASSAL) and gold_total(cards) >= COST[VASSAL] and values:
        return max(plain, 2 * sum(values[: MAX_GROUP - 1]))
    return plain


def _best_attack_total(cards: list[int], slots: int) -> int:
    """What a sensible attacker holding ``cards`` puts into ``slots`` places."""
    values = [KNIGHT_VALUE[c] for c in _knights_desc(cards)]
    plain = sum(values[:slots])
    if slots > 1 and _of_kind(cards, VASSAL) and gold_total(cards) >= COST[VASSAL] and values:
        return max(plain, 2 * sum(values[: slots - 1]))
    return plain


# -- attacking ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """An attack: the cards to lay and what they should be worth."""

    cards: tuple[int, ...]
    total: int
    catapult: bool


def plan_attack(cards: list[int]) -> Plan:
    """The attack group the bot would lay from ``cards`` (hand plus cards already laid)."""
    knights = _knights_desc(cards)
    if not knights:
        return Plan((), 0, False)
    gold = gold_total(cards)
    chosen: list[int] = []
    catapult = False
    if _of_kind(cards, CATAPULT) and gold >= COST[CATAPULT]:
        chosen.append(_of_kind(cards, CATAPULT)[0])
        gold -= COST[CATAPULT]
        catapult = True
    vassal = bool(_of_kind(cards, VASSAL)) and gold >= COST[VASSAL] and len(knights) >= 2
    if vassal:
        chosen.append(_of_kind(cards, VASSAL)[0])
    room = MAX_GROUP - len(chosen)
    chosen.extend(knights[:room])
    used = knights[:room]
    if (
        len(chosen) < MAX_GROUP
        and _of_kind(cards, BISHOP)
        and gold - (COST[VASSAL] if vassal else 0) >= COST[BISHOP]
    ):
        chosen.append(_of_kind(cards, BISHOP)[0])
    if len(chosen) < MAX_GROUP and _of_kind(cards, FEINT):
        chosen.append(_of_kind(cards, FEINT)[0])
    total = sum(KNIGHT_VALUE[c] for c in used) * (2 if vassal else 1)
    return Plan(tuple(chosen), total, catapult)


def _win_chance(t: Table, total: int) -> tuple[float, float]:
    """Chance that ``total`` beats a sampled defence, and the mean margin when it does."""
    wins, margin = 0, 0
    for _ in range(SAMPLES):
        defence = _best_defence_total(_sample(t, t.opp_hand))
        if total > defence:
            wins += 1
            margin += total - defence
    return wins / SAMPLES, (margin / wins if wins else 0.0)


def _should_attack(t: Table, plan: Plan, can_draw: bool) -> bool:
    if not plan.cards:
        return False
    if plan.catapult or not can_draw:
        return True
    chance, margin = _win_chance(t, plan.total)
    if chance >= ATTACK_CONFIDENCE:
        return True
    lethal = margin >= t.castles[1 - t.me]
    full = t.held >= 7
    return (lethal and chance >= 0.3) or (full and chance >= 0.4)


def _turn(ctx: BotContext, t: Table) -> Action:
    legal = ctx.legal
    if UseDiceOfDestiny() in legal and t.castles[t.me] <= DESTINY_BELOW:
        return UseDiceOfDestiny()
    can_draw = LargeDraw() in legal or PreciseDraw() in legal
    if ChooseAttack() in legal and _should_attack(t, plan_attack(t.hand), can_draw):
        return ChooseAttack()
    if LargeDraw() in legal and t.held <= 6:
        return LargeDraw()
    if PreciseDraw() in legal:
        return PreciseDraw()
    if LargeDraw() in legal:
        return LargeDraw()
    return ChooseAttack()


def _lay(
    legal: list[Action], wanted: tuple[int, ...], laid: list[int], add: Callable[[int], Action]
) -> Action:
    """The next card of ``wanted`` not yet laid, if it may be laid."""
    for c in wanted:
        if c not in laid and add(c) in legal:
            return add(c)
    raise LookupError


def _attack_step(ctx: BotContext, t: Table) -> Action:
    plan = plan_attack(t.hand + t.group)
    try:
        return _lay(ctx.legal, plan.cards, t.group, AddToAttack)
    except LookupError:
        return CommitAttack() if CommitAttack() in ctx.legal else UndoSelection()


# -- defending ----------------------------------------------------------------------------------------


def _attack_samples(t: Table) -> list[tuple[int, int]]:
    """Sampled (attack total, strongest attacking Knight) for the face-down attack."""
    n = t.opp_group_count
    out = []
    for _ in range(SAMPLES):
        cards = _sample(t, t.opp_hand + n)
        knights = _knights_desc(cards)
        if not knights:
            out.append((1, 1))
            continue
        out.append((max(1, _best_attack_total(cards, n)), KNIGHT_VALUE[knights[0]]))
    return out


def _defence_options(t: Table) -> list[tuple[int, ...]]:
    """Candidate defence groups: the best k Knights, with a payable Catapult/Vassal and a Feint."""
    knights = _knights_desc(t.hand)
    gold = gold_total(t.hand)
    extras: list[int] = []
    if _of_kind(t.hand, CATAPULT) and gold >= COST[CATAPULT]:
        extras.append(_of_kind(t.hand, CATAPULT)[0])
        gold -= COST[CATAPULT]
    if _of_kind(t.hand, VASSAL) and gold >= COST[VASSAL]:
        extras.append(_of_kind(t.hand, VASSAL)[0])
    feints = _of_kind(t.hand, FEINT)[:1]
    options: list[tuple[int, ...]] = [()]
    for k in range(1, min(len(knights), MAX_GROUP) + 1):
        base = knights[:k]
        for add in ([], extras[:1], extras[1:2], extras[:2], feints, extras[:1] + feints):
            group = tuple(base + add)
            if len(group) <= MAX_GROUP and group not in options:
                options.append(group)
    return options


def _defence_score(t: Table, group: tuple[int, ...], attacks: list[tuple[int, int]]) -> float:
    knights = sum(KNIGHT_VALUE[c] for c in group)
    kinds = [KIND[c] for c in group]
    total = knights * (2 if VASSAL in kinds else 1)
    feint_works = FEINT in kinds and len(group) <= t.opp_group_count
    castle = t.castles[t.me]
    score = 0.0
    for attack, strongest in attacks:
        attack -= strongest if feint_works else 0
        if total >= attack:
            continue
        hit = attack - total
        score -= 100.0 if hit >= castle else hit + KNIGHT_LOSS * knights
    score /= len(attacks)
    if CATAPULT in kinds:
        score += 10.0  # TC-R11: ten damage to the attacker whatever happens
    if VASSAL in kinds:
        score -= 1.0  # two Gold spent
    return score - 0.01 * len(group)


def _defend_step(ctx: BotContext, t: Table) -> Action:
    attacks = _attack_samples(t)
    options = _defence_options(replace(t, hand=t.hand + t.group))
    best = max(options, key=lambda g: _defence_score(t, g, attacks))
    try:
        return _lay(ctx.legal, best, t.group, AddToDefence)
    except LookupError:
        return CommitDefence()


# -- paying ---------------------------------------------------------------------------------------------


def _totals(view: TwoCrownsView) -> list[int]:
    out = []
    for seat in (0, 1):
        group = view["seats"][seat]["group"] or []
        knights = sum(KNIGHT_VALUE[c] for c in group)
        out.append(knights * (2 if view["vassal"][seat] else 1))
    return out


def _worth_paying(view: TwoCrownsView, me: int, special: int) -> bool:
    """Catapults always; a Bishop or Vassal when it changes the battle or takes a strong Knight."""
    kind = KIND[special]
    if kind == CATAPULT:
        return True
    totals = _totals(view)
    attacker = int(view["attacker"])
    opp = 1 - me
    before = totals[me] > totals[opp] if me == attacker else totals[me] >= totals[opp]
    if kind == VASSAL:
        totals[me] *= 2
    else:
        group = view["seats"][opp]["group"] or []
        strongest = max((KNIGHT_VALUE[c] for c in group), default=0)
        totals[opp] -= strongest * (2 if view["vassal"][opp] else 1)
        if strongest >= 3:
            return True
    after = totals[me] > totals[opp] if me == attacker else totals[me] >= totals[opp]
    gain = totals[me] - totals[opp]
    return (after and not before) or (me == attacker and after and gain >= 4)


def _pay_step(ctx: BotContext, t: Table) -> Action:
    view = two_crowns_view(ctx.view)
    _seat, special = view["queue"][0]
    if not view["paying"] and not _worth_paying(view, t.me, special):
        return DeclinePayment()
    remaining = COST[KIND[special]] - sum(GOLD_VALUE[c] for c in view["paying"])
    coins = [a for a in ctx.legal if isinstance(a, PayWith)]
    prefer = 2 if remaining >= 2 else 1
    coins.sort(key=lambda a: (GOLD_VALUE[a.card] != prefer, a.card))
    return coins[0] if coins else DeclinePayment()


# -- drawing ---------------------------------------------------------------------------------------------


def card_worth(card: int, hand: list[int]) -> float:
    """How much the bot wants ``card`` next to the rest of ``hand``."""
    kind = KIND[card]
    gold = gold_total([c for c in hand if c != card])
    copies = sum(1 for c in hand if KIND[c] == kind and c != card)
    if kind == KNIGHT:
        return 2.0 * KNIGHT_VALUE[card]
    if kind == GOLD:
        wanted = any(KIND[c] in (CATAPULT, VASSAL, BISHOP) for c in hand)
        return GOLD_VALUE[card] * (2.5 if wanted else 1.5)
    base = {CATAPULT: 5.0 + min(gold, 4), VASSAL: 3.0 + min(gold, 2), BISHOP: 2.0, FEINT: 2.5}[kind]
    return base / (1 + copies)


def _discard_step(ctx: BotContext, t: Table) -> Action:
    options = [a for a in ctx.legal if isinstance(a, DiscardForDraw)]
    return min(options, key=lambda a: (card_worth(a.card, t.hand), a.card))


def _keep_step(ctx: BotContext, t: Table) -> Action:
    options = [a for a in ctx.legal if isinstance(a, KeepDrawn)]
    return max(options, key=lambda a: (card_worth(a.card, t.hand + [a.card]), -a.card))


_STEPS: dict[str, Callable[[BotContext, Table], Action]] = {
    "turn": _turn,
    "attack": _attack_step,
    "defend": _defend_step,
    "pay": _pay_step,
    "precise_discard": _discard_step,
    "precise_keep": _keep_step,
}


class HeuristicBot:
    """Rule-of-thumb player that beats random play (see module docstring)."""

    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        """One of ``ctx.legal``."""
        step = _STEPS.get(two_crowns_view(ctx.view)["phase"])
        if step is None:
            return ctx.legal[0]
        action = step(ctx, _read(ctx))
        return action if action in ctx.legal else ctx.legal[0]
