"""The Crimson Keep heuristic bot ("Captain"), after the supplement's AI hints (CK2 section 7).

It sees only its seat's view.  MAIN-phase actions are chosen by a one-step lookahead on
one determinized sample (its dice re-seeded from the bot's seed, so the sample knows
no future rolls), scored by :func:`evaluate`: summon progress and the tasks (hint 7),
Summoning cards high and ACTIVE (hint 1), the keep's column totals as Final Battle
insurance (hint 9), stored tokens, cards in hand.  Battles are estimated, not sampled
(hint 5).  Smaller decisions follow fixed rules: keep the most useful cards, play the
tactic with the best expected bonus, never strip a Summoning card of its token while the
tasks need it ACTIVE, summon per hints 7-8, and use the best Keep Defence card.
"""

from __future__ import annotations

from crimson_table.ai.base import BotContext
from crimson_table.engine.core import Action
from crimson_table.engine.crimson_keep.actions import (
    Ability,
    Battle,
    BuyKeepDefence,
    Choose,
    Done,
    EndTurn,
    ExcludeTactic,
    FireAttack,
    KeepCard,
    Obliterate,
    PassDragon,
    PlayKeepDefence,
    Protect,
    Reroll,
    StoreToken,
    Summon,
    Tactic,
    TakeDrawBonus,
    TakeToken,
)
from crimson_table.engine.crimson_keep.board import lvl
from crimson_table.engine.crimson_keep.cards import CARDS, COMBAT, RUNES, RUNIC_OBJECTIVES, SUMMONING
from crimson_table.engine.crimson_keep.final import column_total
from crimson_table.engine.crimson_keep.queries import (
    champion,
    keep_cards,
    open_columns,
    tasks_done,
    tiles_flipped,
)
from crimson_table.engine.crimson_keep.state import CKState
from crimson_table.engine.crimson_keep.view import CrimsonKeepView, crimson_keep_view
from crimson_table.engine.rng import Rng

# What a card in hand is worth (building blocks, key buildings, combat, caverns)
WORTH = {n: 1.0 for n in range(1, 38)}
WORTH.update({28: 2.0, 29: 1.2, 32: 1.6, 33: 1.6, 34: 1.6, 35: 1.5, 36: 2.2, 13: 2.0, 14: 2.2, 16: 2.6, 12: 1.2,
              15: 1.3, 20: 1.8, 18: 1.8, 17: 1.6, 7: 1.4, 21: 1.3, 9: 1.5})  # fmt: skip
TACTIC_ORDER = (2, 3, 1, 5, 4)


def _value(s: CKState, p: int) -> float:
    """How well clan ``p`` stands (hints 1, 7, 9)."""
    c = s.clans[p]
    keep = keep_cards(s, p)
    inside = {n: x for x, n in keep}
    v = 0.0
    if not s.is_kai(p):
        remaining = [d for d in c.dragons if d >= 0]
        ready = tasks_done(s, p)
        v += 8.0 * len(remaining) + (25.0 if ready else 0.0)
        if remaining and ready:
            v -= 3.0 * max(0, min(remaining) - c.summon)
        if not ready:
            v -= 6.0 * sum(c.pending)
        v += 2.0 * c.summon
        flipped = min(3, tiles_flipped(c))
        v += 6.0 * flipped + (10.0 if flipped >= 3 else 0.0)
        v += _alignment_potential(s, p, inside)
        active = 0
        for n in SUMMONING:
            if n in inside:
                v += 4.0 + 1.0 * lvl(inside[n])
                if c.active[n]:
                    v += 4.0
                    active += 1
            elif n in c.hand or n in c.slots:
                v += 1.0
        if active == 3:
            v += 10.0
        v += 2.0 * sum(1 for r in RUNIC_OBJECTIVES[s.side(p)] if r)  # constant, keeps scale
    else:
        v += 2.0 * len(keep) + 1.5 * sum(1 for _x, n in keep if c.active[n])
    v += 1.0 * len(keep)
    v += 0.3 * sum(column_total(s, p, k) for k in open_columns(s, p))
    v += 0.4 * (sum(abs(t) for t in c.tokens) + sum(abs(t) for t in c.pool))
    v += sum(0.6 * WORTH.get(n, 1.0) for n in c.hand[:6])
    v += 1.5 * len(c.caverns) + 0.8 * len(c.barracks)
    v += 0.3 * sum(c.tracks)
    cx, ch = champion(s, p)
    if cx >= 0 and c.active[ch]:
        v += 1.5
    if s.phase == "keep" and s.actor == p:
        offer = sorted((WORTH.get(n, 1.0) for n in s.ctx["offer"]), reverse=True)
        v += sum(0.6 * w for w in offer[: int(s.ctx["left"])])
    return v


def _alignment_potential(s: CKState, p: int, inside: dict[int, int]) -> float:
    """Arch and Stair of one of my runes in the keep, better still adjacent (hint: runic runes)."""
    c = s.clans[p]
    v = 0.0
    for i, rune in enumerate(RUNIC_OBJECTIVES[s.side(p)]):
        if c.found[6 + i]:
            continue
        arch = RUNES.index(rune) + 1
        stair = arch + 21
        if arch in inside and stair in inside:
            x, y = inside[arch], inside[stair]
            v += 4.0 if abs(x - y) in (1, 5) and (abs(x - y) == 5 or x // 5 == y // 5) else 1.5
        elif arch in inside or stair in inside:
            other_card = stair if arch in inside else arch
            if other_card in c.hand:
                v += 1.0
    return v


def _at_least(dice: int) -> list[float]:
    """P(sum of ``dice`` d6 >= t) for t = 0 .. 6 * dice + 1."""
    dist = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(dist) + 6)
        for total, p in enumerate(dist):
            for face in range(1, 7):
                nxt[total + face] += p / 6.0
        dist = nxt
    out = [0.0] * (len(dist) + 1)
    for t in range(len(dist) - 1, -1, -1):
        out[t] = out[t + 1] + dist[t]
    return out


AT_LEAST = {n: _at_least(n) for n in range(1, 5)}


def dragon_odds(s: CKState) -> float:
    """Chance that the Dragon Clan wins the Final Battle from here (hint 8): Obliterate cards on the
    strongest columns, then Fire Attacks on the closest column, 4 injuries allowed (death roll 1/6)."""
    d = 1 - s.dragon
    totals = {k: column_total(s, d, k) for k in open_columns(s, d)}
    for _ in range(s.obliterate):
        if totals:
            del totals[max(totals, key=lambda k: (totals[k], k))]
    order = [totals[k] for k in sorted(totals, reverse=True)]  # closest (C) first
    dice = max(1, s.dice)
    hard = s.hard

    def win(i: int, injuries: int, n: int) -> float:
        if i == len(order):
            return 1.0
        table = AT_LEAST[n]
        t = order[i]
        p = table[t] if t < len(table) else 0.0
        ok = p * win(i + 1, injuries, n)
        if injuries + 1 >= 4:
            fail = (1.0 / 6.0) if i == len(order) - 1 else 0.0
        else:
            fail = win(i, injuries + 1, max(1, n - 1) if hard else n)
        return ok + (1.0 - p) * fail

    return win(0, s.injuries, dice)


def evaluate(s: CKState, me: int) -> float:
    """Higher is better for ``me``."""
    opp = 1 - me
    if s.phase == "over":
        if me in s.winners:
            return 10_000.0
        return -10_000.0 if s.winners else -3_000.0
    if s.dragon >= 0:  # the race is over: only the Final Battle counts
        p = dragon_odds(s)
        return (1.0 if s.dragon == me else -1.0) * 1_000.0 * (p - 0.5)
    return _value(s, me) - _value(s, opp)


def _expected_tactic(s: CKState, p: int, t: int, defending: bool) -> float:
    c = s.clans[p]
    if t == 1:
        return float(len(c.barracks) + len(c.caverns))
    if t == 2:
        return 3.5
    if t == 3:
        return 3.0 if defending else 1.0
    if t == 4:
        return 1.2
    inside = {n for _x, n in keep_cards(s, p)}
    return float(min(3, max(1, sum(1 for n in SUMMONING if n in inside and c.active[n]))))


def battle_odds(s: CKState, me: int, card: int, target: int, dice: int = 1) -> float:
    """Rough chance that ``me``'s card beats ``target`` (hint 5)."""
    c, e = s.clans[me], s.clans[1 - me]
    mine = (
        3.5 * dice
        + max(0, c.tokens[card])
        + max((_expected_tactic(s, me, t, False) for t in c.tactics), default=0.0)
    )
    mine += sum(t for t in c.pool if t > 0) if CARDS[card].attack_icon else 0
    theirs = 3.5 * CARDS[target].defence_dice + max(0, -e.tokens[target]) + 2.5
    diff = mine - theirs
    return max(0.05, min(0.95, 0.5 + diff / 8.0))


class HeuristicBot:
    """Rules of thumb from the supplement's AI hints; deterministic for a given seed."""

    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        """One of ``ctx.legal``."""
        legal = ctx.legal
        if len(legal) == 1:
            return legal[0]
        view = crimson_keep_view(ctx.view)
        phase = view["phase"]
        handler = _RULES.get(phase)
        if handler is not None:
            choice = handler(ctx, view)
            if choice is not None and choice in legal:
                return choice
        if phase == "main":
            return _main(ctx)
        return legal[Rng.from_seed(ctx.seed).below(len(legal))]


def _sample(ctx: BotContext) -> CKState:
    s: CKState = ctx.determinize(ctx.seed)
    return s


def _main(ctx: BotContext) -> Action:
    """One-step lookahead over the MAIN actions (hints 1-10 through :func:`evaluate`)."""
    s = _sample(ctx)
    me = ctx.seat
    rules = ctx.rules
    base = evaluate(s, me)
    best: tuple[float, int] = (-1e18, 0)
    for i, a in enumerate(ctx.legal):
        if isinstance(a, TakeDrawBonus):
            return TakeDrawBonus(True)
        if isinstance(a, Summon):
            if should_summon(s, me, a.dragon):
                return a
            continue
        if isinstance(a, Battle):
            score = battle_score(s, me, a.card, a.target, base)
        elif isinstance(a, Ability) and a.mode in ("blitz", "horn_dash"):
            score = battle_score(s, me, a.card, a.target, base, 2 if a.mode == "blitz" else 1)
        else:
            nxt, _ = rules.apply_action(s, a)
            score = evaluate(nxt, me)
            if isinstance(a, EndTurn):
                score -= 0.5  # prefer doing something useful
        if score > best[0]:
            best = (score, i)
    return ctx.legal[best[1]]


def battle_score(s: CKState, me: int, card: int, target: int, base: float, dice: int = 1) -> float:
    p = battle_odds(s, me, card, target, dice)
    e = s.clans[1 - me]
    c = s.clans[me]
    gain = 4.0
    i = 3 if CARDS[target].set == COMBAT else 4
    if c.found[i] < 2:
        gain += 2.0 * (c.tiles[1] if c.found[i] == 0 else 2)
    if not any(c.found[3:6]):
        flipped = tiles_flipped(c)
        gain += 6.0 + (10.0 if flipped == 2 else 0.0) + (25.0 if flipped == 2 and _b_ready(s, me) else 0.0)
    if CARDS[target].summoning and e.active[target]:
        gain += 6.0
    loss = 3.0 + (6.0 if CARDS[card].summoning else 0.0)
    return base + p * gain - (1 - p) * loss - 2.0


def _b_ready(s: CKState, p: int) -> bool:
    c = s.clans[p]
    inside = {n for _x, n in keep_cards(s, p)}
    return all(n in inside and c.active[n] for n in SUMMONING)


def should_summon(s: CKState, me: int, dragon: int) -> bool:
    """Hints 7-8: summon with Obliterate cards, or when the enemy front column is weak."""
    opp = 1 - me
    front = max((column_total(s, opp, k) for k in open_columns(s, opp)), default=0)
    if dragon >= 1 or front <= 12:
        return True
    c = s.clans[me]
    later = [d for d in range(dragon + 1, 3) if c.dragons[d] >= 0]
    return not later


def _setup(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    return ExcludeTactic(4)


def _keep(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    offer = view["ctx"]["offer"]
    me = view["clans"][ctx.seat]
    has_cavern = bool(me["caverns"])

    def worth(n: int) -> float:
        w = WORTH.get(n, 1.0)
        if CARDS[n].set == "cavern" and not has_cavern:
            w += 2.0
        if (
            CARDS[n].rune
            and CARDS[n].rune in RUNIC_OBJECTIVES[ctx.seat ^ 1 if view.get("mirrored") else ctx.seat]
        ):
            w += 0.8
        return w

    return KeepCard(max(offer, key=lambda n: (worth(n), n)))


def _store(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    return StoreToken(int(view["ctx"]["card"]), False)


def _sorceress(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    me = view["clans"][ctx.seat]
    picks = [a for a in ctx.legal if isinstance(a, Choose) and not me["active"][a.card]]
    if not picks:
        return Done()
    return max(picks, key=lambda a: (a.card in SUMMONING, a.card))


def _tactic(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    defending = view["ctx"]["att"] != ctx.seat
    avail = [a.tactic for a in ctx.legal if isinstance(a, Tactic)]
    me = view["clans"][ctx.seat]
    bonus = {
        1: len(me["barracks"]) + len(me["caverns"]),
        2: 3.5,
        3: 3.0 if defending else 1.0,
        4: 1.2,
        5: 1.5,
    }
    return Tactic(max(avail, key=lambda t: (bonus[t], -TACTIC_ORDER.index(t))))


def _tokens(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    me = view["clans"][ctx.seat]
    for a in ctx.legal:
        if isinstance(a, Protect):
            return a
    takes = [
        a for a in ctx.legal if isinstance(a, TakeToken) and (a.source == 0 or a.source not in SUMMONING)
    ]
    if takes:
        return max(takes, key=lambda a: abs(a.value))
    del me
    return Done()


def _reroll(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    b = view["ctx"]
    side = 0 if b["att"] == ctx.seat else 1
    dice = b["dice"][side]
    low = min(range(len(dice)), key=lambda i: dice[i])
    return Reroll(low) if dice[low] <= 3 else Done()


def _meeting(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    s = _sample(ctx)
    d = int(view["ctx"]["dragon"])
    return Summon(d) if should_summon(s, ctx.seat, d) else PassDragon()


def _kd_buy(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    for k in (2, 1, 3):
        if BuyKeepDefence(k) in ctx.legal:
            return BuyKeepDefence(k)
    return None


def _kd_play(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    for kd, side in ((2, 0), (1, 0), (3, 1)):
        if PlayKeepDefence(kd, side) in ctx.legal:
            return PlayKeepDefence(kd, side)
    return None


def _dragon(ctx: BotContext, view: CrimsonKeepView) -> Action | None:
    s = _sample(ctx)
    opp = 1 - ctx.seat
    obl = [a for a in ctx.legal if isinstance(a, Obliterate)]
    if obl:
        return max(obl, key=lambda a: (column_total(s, opp, a.column), a.column))
    return FireAttack()


_RULES = {
    "setup": _setup, "keep": _keep, "store": _store, "sorceress": _sorceress, "tactic": _tactic,
    "tokens": _tokens, "reroll": _reroll, "meeting": _meeting, "kd_buy": _kd_buy, "kd_play": _kd_play,
    "dragon": _dragon,
}  # fmt: skip
