"""The Condottiere heuristic bot (supplement section 3, hints CO-AI1..CO-AI12).

It sees only its seat's view.  In short:

* regions are valued by how they grow the bot's own groups towards CO-R48 and by the
  danger of handing an opponent the game (CO-AI12);
* in battle it spends a budget of cards that grows with the region's value and shrinks
  when the opponents still hold many cards (CO-AI1, CO-AI3); alone at the end it plays
  exactly the cheapest cards that win and then passes (CO-AI2);
* a hand that can add no strength is dismissed (CO-R17, CO-AI4), so a round never stalls;
* it surrenders when ahead (CO-AI10), keeps Winter, Spring and Bishop as counters played
  only when they swing the battle (CO-AI5, CO-AI6, CO-AI8), and uses Scarecrows to
  rescue big Mercenaries from battles it gives up (CO-AI9);
* the Favor of the Pope goes where an opponent most needs it (CO-AI12); at a round end
  it keeps its two most valuable cards (CO-R42).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from crimson_table.ai.base import BotContext
from crimson_table.engine.condottiere.actions import (
    ChooseRegion,
    DismissHand,
    KeepCard,
    Pass,
    PlacePope,
    PlayCard,
    TakeBack,
)
from crimson_table.engine.condottiere.board import Board, italy
from crimson_table.engine.condottiere.cards import (
    BISHOP,
    COURTESAN,
    DRUMMER,
    HEROINE,
    MERCENARY,
    SCARECROW,
    SPRING,
    SURRENDER,
    WINTER,
    thresholds,
)
from crimson_table.engine.condottiere.strength import (
    largest_group,
    line_strength,
    line_strengths,
    season,
    top_mercenary,
)
from crimson_table.engine.condottiere.view import CondottiereSearchView, bot_view
from crimson_table.engine.core import Action
from crimson_table.engine.rng import Rng

# How much a card in hand is worth keeping (CO-AI1: cards are the currency).
WORTH = {"1": 0.7, "2": 0.9, "3": 1.1, "4": 1.3, "5": 1.6, "6": 1.9, "10": 3.0, HEROINE: 3.0, COURTESAN: 0.6,
         DRUMMER: 1.6, WINTER: 1.8, SPRING: 1.8, BISHOP: 2.2, SCARECROW: 1.0, SURRENDER: 2.6}  # fmt: skip
COUNTERS = frozenset([WINTER, SPRING, BISHOP])
ADD_PER_CARD = 1.5  # what an active opponent adds per card still in hand (CO-AI3)
ADD_CARDS = 5  # ... counting at most this many cards
BUDGET_PER_VALUE = 1.0  # card worth worth spending per point of region value
LATE_BONUS = 6.0  # extra budget when the round is about to end
COUNTER_SWING = 2  # a counter card is played only for at least this swing
DANGER_FACTOR = 2.5  # how much more an opponent who would win the game is feared
SURRENDER_VALUE = 3.0  # region value worth a Surrender even when comfortably ahead


class HeuristicBot:
    """Rules of thumb from the supplement's AI hints; deterministic for a given seed."""

    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        """One of ``ctx.legal``."""
        view = bot_view(ctx.view)
        phase = view["phase"]
        if phase == "region":
            return self._region(ctx)
        if phase == "battle":
            return self._battle(ctx)
        if phase == "pope":
            return self._pope(ctx)
        if phase == "scarecrow":
            return self._take_back(ctx)
        if phase == "keep":
            return self._keep(ctx)
        return ctx.legal[Rng.from_seed(ctx.seed).below(len(ctx.legal))]

    # ------------------------------------------------------------------ regions (CO-AI12)

    def _region(self, ctx: BotContext) -> Action:
        board = italy()
        control = tuple(_control(bot_view(ctx.view), board))
        players = int(bot_view(ctx.view)["players"])
        choices = [a for a in ctx.legal if isinstance(a, ChooseRegion)]
        scored = [(self._region_score(board, control, players, ctx.seat, bot_view(ctx.view), a.region), i) for i, a in
                  enumerate(choices)]  # fmt: skip
        return choices[max(scored)[1]]

    @staticmethod
    def _region_score(
        board: Board, control: tuple[int, ...], players: int, me: int, view: CondottiereSearchView, name: str
    ) -> float:
        region = board.index[name]
        score = _kept_value(control, players, me, region)
        for other in range(players):
            if other != me and _kept_wins(control, players, other, region):
                # never offer a region that wins the game for a player with cards to fight (CO-AI12)
                score -= 6.0 + 0.5 * int(view["hand_sizes"][other])
        return score

    def _pope(self, ctx: BotContext) -> Action:
        """CO-AI12: protect the region an opponent most needs; lift it off one we want."""
        board = italy()
        control = tuple(_control(bot_view(ctx.view), board))
        players = int(bot_view(ctx.view)["players"])
        best: tuple[float, int] = (0.25, -1)
        options = list(ctx.legal)
        for i, action in enumerate(options):
            if isinstance(action, PlacePope) and action.region is not None:
                region = board.index[action.region]
                theirs = max(
                    _kept_value(control, players, o, region) for o in range(players) if o != ctx.seat
                )
                mine = _kept_value(control, players, ctx.seat, region)
                best = max(best, (theirs - mine, i))
        if best[1] >= 0:
            return options[best[1]]
        return next(a for a in options if isinstance(a, PlacePope) and a.region is None)

    # ------------------------------------------------------------------ battle

    def _battle(self, ctx: BotContext) -> Action:
        view, me = bot_view(ctx.view), ctx.seat
        hand: list[str] = list(view["hand"])
        lines: list[list[str]] = [list(line) for line in view["lines"]]
        active = [o for o, passed in enumerate(view["passed"]) if not passed and o != me]
        if not active:
            return self._alone(ctx, hand, lines)
        leads = Leads(lines, me)
        lead = leads.now
        value, danger = self._stakes(view, me, active)
        sizes = [int(n) for n in view["hand_sizes"]]
        threat = max(ADD_PER_CARD * min(sizes[o], ADD_CARDS) for o in active)  # CO-AI3
        if danger:  # the region would end the game for one of them: fear them more
            threat *= DANGER_FACTOR
        if lead > 0 and SURRENDER in hand and (lead <= threat or value >= SURRENDER_VALUE):  # CO-AI10
            return PlayCard(SURRENDER)
        if lead > threat:  # pass when safely ahead
            return Pass()
        budget = self._budget(value, hand, sizes, me) - sum(WORTH[c] for c in lines[me])
        goal = 1 - lead if lead <= 0 else threat + 1 - lead
        card, cost = self._plan(hand, leads, goal)
        if card is not None and cost <= budget:
            return PlayCard(card)
        if lead > 0:
            return Pass()
        card, cost = self._plan(hand, leads, 1 - lead)
        if card is not None and cost <= budget:
            return PlayCard(card)
        return self._give_up(ctx, hand, lines)

    @staticmethod
    def _stakes(view: CondottiereSearchView, me: int, active: list[int]) -> tuple[float, bool]:
        """The region's value to the bot, and whether it would end the game for an active opponent."""
        board = italy()
        control = tuple(_control(view, board))
        value, enders = _region_stakes(control, int(view["players"]), me, board.index[str(view["region"])])
        return value, any(o in active for o in enders)

    @staticmethod
    def _budget(value: float, hand: list[str], sizes: list[int], me: int) -> float:
        """CO-AI3/CO-AI4: how much card worth this battle deserves."""
        others = sum(n for i, n in enumerate(sizes) if i != me)
        budget = BUDGET_PER_VALUE * value
        if others <= len(hand):  # late in the round: cards left over are lost (CO-AI4)
            budget += LATE_BONUS
        return budget

    @staticmethod
    def _plan(hand: list[str], leads: Leads, need: float) -> tuple[str | None, float]:
        """The first card of a cheap set of cards adding ``need`` strength, and its total worth."""
        gains: list[tuple[float, str, int]] = []
        for card in hand:
            if card in (SURRENDER, SCARECROW):
                continue
            gain = leads.after(card) - leads.now
            if gain <= 0:
                continue
            if card in COUNTERS and gain < COUNTER_SWING:
                continue  # keep Winter, Spring and Bishop as counters (CO-AI5, CO-AI6, CO-AI8)
            gains.append((gain / WORTH[card], card, gain))
        gains.sort(reverse=True)
        total, cost = 0, 0.0
        for _, card, gain in gains:
            total += gain
            cost += WORTH[card]
            if total >= need:
                return gains[0][1], cost
        return None, cost

    def _give_up(self, ctx: BotContext, hand: list[str], lines: list[list[str]]) -> Action:
        """CO-AI9: before passing in a lost battle, rescue a big Mercenary with a Scarecrow.

        A hand that can add no strength any more is dismissed instead of kept (CO-R17,
        CO-AI4): hoarding it would keep the round alive with battles nobody fights.
        """
        if SCARECROW in hand and any(MERCENARY.get(c, 0) >= 5 for c in lines[ctx.seat]):
            return PlayCard(SCARECROW)
        if _hand_is_dead(hand) and any(isinstance(a, DismissHand) for a in ctx.legal):
            return DismissHand()  # CO-AI4, CO-R17: nothing left adds strength; let the round end
        return Pass()

    def _alone(self, ctx: BotContext, hand: list[str], lines: list[list[str]]) -> Action:
        """CO-AI2: the cheapest cards that give a strictly higher strength, then pass."""
        me = ctx.seat
        leads = Leads(lines, me)
        lead = leads.now
        if lead > 0:
            return Pass()
        gains = {c: leads.after(c) - lead for c in dict.fromkeys(hand) if c != SCARECROW}
        winners = [c for c, g in gains.items() if lead + g > 0 and c != SURRENDER]
        if winners:
            return PlayCard(min(winners, key=lambda c: (WORTH[c], -gains[c])))
        useful = [c for c, g in gains.items() if g > 0]
        reach = sum(max(0, gains.get(c, 0)) for c in hand)  # rough: each card's own gain
        if useful and lead + reach > 0:
            return PlayCard(max(useful, key=lambda c: (gains[c], -WORTH[c])))
        return self._give_up(ctx, hand, lines)

    # ------------------------------------------------------------------ follow-ups

    def _take_back(self, ctx: BotContext) -> Action:
        """CO-R29: take back the biggest own Mercenary when behind, else nothing."""
        lines: list[list[str]] = [list(line) for line in bot_view(ctx.view)["lines"]]
        options = [a for a in ctx.legal if isinstance(a, TakeBack) and a.card is not None]
        if options and _lead(lines, ctx.seat) <= 0:
            return max(options, key=lambda a: MERCENARY[str(a.card)])
        return TakeBack(None)

    def _keep(self, ctx: BotContext) -> Action:
        """CO-R42: keep the most valuable cards, two at most."""
        keeps = [a for a in ctx.legal if isinstance(a, KeepCard)]
        if not keeps:
            return ctx.legal[-1]
        return max(keeps, key=lambda a: WORTH[a.card])


# ---------------------------------------------------------------------- helpers


def _hand_is_dead(hand: Sequence[str]) -> bool:
    """True when no card in ``hand`` puts strength into a line (no Mercenary, Heroine or Courtesan)."""
    return not any(c in MERCENARY or c in (HEROINE, COURTESAN) for c in hand)


def _control(view: CondottiereSearchView, board: Board) -> list[int]:
    control = [-1] * len(board.names)
    for name, seat in dict(view["control"]).items():
        control[board.index[name]] = int(seat)
    return control


def _lead(lines: Sequence[Sequence[str]], me: int) -> int:
    strengths = line_strengths(lines)
    return strengths[me] - max(s for i, s in enumerate(strengths) if i != me)


# Cards whose strength stays in the line they join (CO-R21..CO-R23): the other lines keep theirs.
_OWN_LINE_ONLY = frozenset([HEROINE, COURTESAN, DRUMMER])


class Leads:
    """``me``'s lead over the strongest other line now, and after playing a card.

    The bot asks this for every card in hand at every battle turn, and in the search's rollouts
    that is most of Master's time; with six seats, recounting every line for every card made a
    decision cost twice as much as with three.  A card that adds to its own line only (a Heroine,
    Courtesan or Drummer, or a Mercenary while no Spring is in play, CO-R25) leaves every other
    line as it is, so only ``me``'s line is recounted; a card that reaches other lines (Winter,
    Spring, Bishop, or a Mercenary that may change Spring's top value) recounts them all, as
    :func:`simulate` plays it.  Either way the answer is the same as recounting every line.
    """

    def __init__(self, lines: Sequence[Sequence[str]], me: int) -> None:
        self.lines, self.me = lines, me
        kind = season(lines)
        self.winter, self.spring = kind == "winter", kind == "spring"
        self.top = top_mercenary(lines) if self.spring else 0
        strengths = line_strengths(lines)
        self.rival = max(s for i, s in enumerate(strengths) if i != me)
        self.now = strengths[me] - self.rival
        self._after: dict[str, int] = {}

    def after(self, card: str) -> int:
        """The lead once ``me`` has played ``card``."""
        found = self._after.get(card)
        if found is None:
            if card in _OWN_LINE_ONLY or (card in MERCENARY and not self.spring):
                found = line_strength([*self.lines[self.me], card], self.winter, self.top) - self.rival
            else:
                found = _lead(simulate(self.lines, self.me, card), self.me)
            self._after[card] = found
        return found


def simulate(lines: Sequence[Sequence[str]], me: int, card: str) -> list[list[str]]:
    """The lines after ``me`` plays ``card`` (Scarecrow and Surrender change nothing here)."""
    out = [list(line) for line in lines]
    if card == BISHOP:  # CO-R27
        top = top_mercenary(out)
        return [[c for c in line if MERCENARY.get(c) != top] for line in out]
    if card == WINTER:  # CO-R24
        out = [[c for c in line if c != SPRING] for line in out]
    elif card == SPRING:  # CO-R25
        out = [[c for c in line if c != WINTER] for line in out]
    if card not in (SCARECROW, SURRENDER):
        out[me].append(card)
    return out


# What a region is worth to a seat depends on the control markers alone, which change once a battle,
# while the bot asks at every turn, for every seat and region (the search's rollouts ask thousands of
# times a decision, more with more seats): the answers are kept, keyed by the markers.


@lru_cache(maxsize=8192)
def _kept_value(control: tuple[int, ...], players: int, seat: int, region: int) -> float:
    """:func:`region_value`, kept."""
    return region_value(italy(), list(control), players, seat, region)


@lru_cache(maxsize=8192)
def _kept_wins(control: tuple[int, ...], players: int, seat: int, region: int) -> bool:
    """:func:`wins_with`, kept."""
    return wins_with(italy(), list(control), players, seat, region)


@lru_cache(maxsize=4096)
def _region_stakes(
    control: tuple[int, ...], players: int, me: int, region: int
) -> tuple[float, tuple[int, ...]]:
    """The battle region's value to ``me`` and the seats it would win the game for (CO-AI12), kept."""
    value = _kept_value(control, players, me, region)
    enders = tuple(o for o in range(players) if o != me and _kept_wins(control, players, o, region))
    if enders:
        value += 4.0  # deny the region that would end the game for someone else (CO-AI12)
    return value, enders


def wins_with(board: Board, control: list[int], players: int, seat: int, region: int) -> bool:
    """True if ``seat`` winning ``region`` would reach a CO-R48 threshold."""
    owned = {r for r, o in enumerate(control) if o == seat} | {region}
    total, connected = thresholds(players)
    return len(owned) >= total or largest_group(owned, board.neighbours) >= connected


def region_value(board: Board, control: list[int], players: int, seat: int, region: int) -> float:
    """How much ``region`` is worth to ``seat`` (CO-AI12): growth of its groups, or the game."""
    if wins_with(board, control, players, seat, region):
        return 8.0
    owned = {r for r, o in enumerate(control) if o == seat}
    before = largest_group(owned, board.neighbours)
    after = largest_group(owned | {region}, board.neighbours)
    links = sum(1 for n in board.neighbours[region] if control[n] == seat)
    free = sum(1 for n in board.neighbours[region] if control[n] == -1)
    return 1.0 + 1.2 * (after - before) + 0.4 * links + 0.1 * free
