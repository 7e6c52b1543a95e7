"""The "Master" level of Two Crowns: the ISMCTS settings measured to beat "Captain".

The search itself is generic (:mod:`crimson_table.ai.ismcts`); this module adds how rollouts are
played, where they stop and how a stopped rollout is scored.  Evaluators read the *sampled*
state the search made with ``ctx.determinize``, never the real one.  Figures: ``bench/master_speed.py`` and ``bench/two_crowns_master.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from crimson_table.ai.ismcts import BotPolicy, SearchConfig
from crimson_table.ai.two_crowns.heuristic import HeuristicBot as TwoCrownsBot
from crimson_table.ai.two_crowns.heuristic import card_worth, plan_attack
from crimson_table.ai.two_crowns.playout import finish, plan
from crimson_table.engine.core import Action, GameRules
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
    CATAPULT,
    COST,
    GOLD_VALUE,
    IS_GOLD,
    KIND,
    KNIGHT_VALUE,
    MAX_GROUP,
    SHORT_NAME,
    START_CASTLE,
    gold_total,
)
from crimson_table.engine.two_crowns.state import ATTACK, NOBODY, TURN, TwoCrownsState

# -- Two Crowns -------------------------------------------------------------------------------------------

# Master's iterations per second of CPU time (bench/master_speed.py): sizes Grandmaster.
ITERATIONS_PER_SECOND = 2150

DESTINY_AT = 7  # roll the Dice of Destiny at or below this castle, like the heuristic (TC-R16)
KNIGHT_SHARE = 0.62  # Knights per card in a deck (33 of 53)
BEST_KNIGHT = 1.9  # rough worth of each of a defender's best Knights
ATTACK_PER_CARD = 2.0  # what a face-down attacking card is feared to be worth


def two_crowns_playout(rules: GameRules[Any], state: Any, rng: Rng) -> Action:
    """A fast rule-of-thumb player for rollouts: the heuristic's habits without its sampling."""
    legal = rules.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    seat = rules.current_player(state)
    step = _TC_STEPS.get(state.phase)
    action = step(state, seat, legal) if step is not None and seat is not None else None
    return action if action is not None and action in legal else legal[rng.below(len(legal))]


def _tc_turn(s: TwoCrownsState, me: int, legal: list[Action]) -> Action | None:
    """TC-R6: roll when low, attack when the plan beats a rough defence, else draw."""
    hand = s.hands[me]
    if s.castles[me] <= DESTINY_AT and UseDiceOfDestiny() in legal:
        return UseDiceOfDestiny()
    plan = plan_attack(hand)
    can_draw = LargeDraw() in legal or PreciseDraw() in legal
    held = len(hand) + len(s.rests[me])
    defence = BEST_KNIGHT * min(float(MAX_GROUP), KNIGHT_SHARE * len(s.hands[1 - me]))
    strong = plan.total > defence or (held >= 7 and plan.total >= 0.8 * defence)
    if ChooseAttack() in legal and plan.cards and (plan.catapult or not can_draw or strong):
        return ChooseAttack()
    if LargeDraw() in legal and held <= 6:
        return LargeDraw()
    return next((a for a in (PreciseDraw(), LargeDraw(), ChooseAttack()) if a in legal), None)


def _tc_attack(s: TwoCrownsState, me: int, legal: list[Action]) -> Action | None:
    """TC-R9: lay the heuristic's planned attack card by card."""
    group = s.groups[me]
    for card in plan_attack(s.hands[me] + group).cards:
        if card not in group and AddToAttack(card) in legal:
            return AddToAttack(card)
    return CommitAttack() if CommitAttack() in legal else UndoSelection()


def _tc_defence_plan(s: TwoCrownsState, me: int) -> list[int]:
    """A payable Catapult, then the best Knights until they match the feared attack."""
    cards = s.hands[me] + s.groups[me]
    knights = sorted((c for c in cards if KNIGHT_VALUE[c]), key=lambda c: -KNIGHT_VALUE[c])
    feared = ATTACK_PER_CARD * len(s.groups[1 - me]) + 0.5
    catapults = [c for c in cards if KIND[c] == CATAPULT]
    wanted = catapults[:1] if catapults and knights and gold_total(cards) >= COST[CATAPULT] else []
    total = 0
    for knight in knights[: MAX_GROUP - len(wanted)]:
        if total >= feared:
            break
        wanted.append(knight)
        total += KNIGHT_VALUE[knight]
    hopeless = total < 0.5 * feared and s.castles[me] > 2 * feared
    return [] if hopeless and not _has_catapult(wanted) else wanted


def _has_catapult(cards: list[int]) -> bool:
    """True if ``cards`` hold a Catapult."""
    return any(KIND[c] == CATAPULT for c in cards)


def _tc_defend(s: TwoCrownsState, me: int, legal: list[Action]) -> Action | None:
    """TC-R9: lay the defence plan card by card (nothing when it is hopeless and the castle safe)."""
    group = s.groups[me]
    for card in _tc_defence_plan(s, me):
        if card not in group and AddToDefence(card) in legal:
            return AddToDefence(card)
    return CommitDefence() if CommitDefence() in legal else UndoSelection()


def _tc_pay(s: TwoCrownsState, me: int, legal: list[Action]) -> Action | None:
    """TC-R10: always pay, biggest coin first."""
    coins = [a for a in legal if isinstance(a, PayWith)]
    if not coins:
        return DeclinePayment()
    return min(coins, key=lambda a: (-GOLD_VALUE[a.card], a.card))


def _tc_discard(s: TwoCrownsState, me: int, legal: list[Action]) -> Action | None:
    """TC-R8: discard the card the heuristic wants least."""
    hand = s.hands[me]
    options = [a for a in legal if isinstance(a, DiscardForDraw)]
    return min(options, key=lambda a: (card_worth(a.card, hand), a.card), default=None)


def _tc_keep(s: TwoCrownsState, me: int, legal: list[Action]) -> Action | None:
    """TC-R8: keep the drawn card the heuristic wants most."""
    hand = s.hands[me]
    options = [a for a in legal if isinstance(a, KeepDrawn)]
    return max(options, key=lambda a: (card_worth(a.card, hand + [a.card]), -a.card), default=None)


_TC_STEPS: dict[str, Callable[[TwoCrownsState, int, list[Action]], Action | None]] = {
    "turn": _tc_turn,
    "attack": _tc_attack,
    "defend": _tc_defend,
    "pay": _tc_pay,
    "precise_discard": _tc_discard,
    "precise_keep": _tc_keep,
}


def two_crowns_value(rules: GameRules[Any], state: Any) -> list[float] | None:
    """Match chances when a later game of a best-of-three has just begun (even games); else None.

    A rollout is thus scored when its game ends, not played through the whole match (TC-R3).
    """
    s: TwoCrownsState = state
    fresh = s.game_number > 1 and s.turn == 1 and s.phase == TURN and s.destiny_used_by == NOBODY
    if not fresh or s.castles != [START_CASTLE, START_CASTLE]:
        return None
    needed = s.best_of // 2 + 1
    first = _race(needed - s.crowns[0], needed - s.crowns[1])
    return [first, 1.0 - first]


def _race(mine: int, theirs: int) -> float:
    """Chance of winning ``mine`` even games before losing ``theirs``."""
    return sum(math.comb(mine - 1 + k, k) * 0.5 ** (mine + k) for k in range(theirs))


def sensible_attack(state: Any, seat: int) -> Any:
    """A determinization whose face-down attack is what a sensible attacker lays (TC-R9).

    ``determinize`` deals the other seat's hidden group at random from its unseen cards: a
    random attack is mostly weak, so a defender believing it under-defends.  Here the sampled
    group and hand are pooled and the group re-made from the heuristic's attack plan over that
    pool (its best Knights, a payable Catapult or Vassal, a Bishop, a Feint), cut or filled to the
    size laid.  It reads only the sample, so the bot stays blind.
    """
    s: TwoCrownsState = state
    other = 1 - seat
    size = len(s.groups[other])
    if s.revealed or not size or s.current != other or s.phase == ATTACK:
        return s
    cards = s.groups[other] + s.hands[other]
    chosen = plan(cards)[0]
    knights = [c for c in chosen if KNIGHT_VALUE[c]]
    others = [c for c in chosen if not KNIGHT_VALUE[c]]
    group = (knights[:1] + others + knights[1:])[:size] if len(chosen) > size else chosen
    if len(group) < size:
        spare = sorted(
            (c for c in cards if c not in group and not IS_GOLD[c]), key=lambda c: -KNIGHT_VALUE[c]
        )
        group = group + spare[: size - len(group)]
    if len(group) < size:
        return s  # not enough cards to lay: keep the uniform sample
    s.groups[other] = group
    s.hands[other] = [c for c in cards if c not in group]
    return s


def card_class_key(action: Action) -> str:
    """An action's identity in the tree: cards of one kind and value are the same choice."""
    card = getattr(action, "card", None)
    return action.KIND if card is None else f"{action.KIND}:{SHORT_NAME[card]}"


def master_config() -> SearchConfig:
    """Fast rule-of-thumb rollouts to the end of the game; the heuristic bot as a strong prior.

    The rollouts are played by :func:`~crimson_table.ai.two_crowns.playout.finish` (the same
    player as :func:`two_crowns_playout`, off the engine: about seven times faster), and copies of
    a card are one edge of the tree (:func:`card_class_key`), so the other seat's sampled hands
    pool their statistics.  ``rollout`` and ``evaluate`` say what ``finish`` computes.
    """
    return SearchConfig(
        iterations=700,
        exploration=0.7,
        rollout=two_crowns_playout,
        rollout_depth=0,
        evaluate=two_crowns_value,
        quiet_limit=1_000_000,  # a game always ends (the decks run out): never cut it short
        prior=BotPolicy(TwoCrownsBot()),
        prior_weight=3.0,
        skip_kinds=frozenset({"undo_selection"}),
        finish=finish,
        key=card_class_key,
        refine=sensible_attack,
    )
