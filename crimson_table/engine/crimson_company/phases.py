"""The turn (CC-R5): Income, Recruitment (bid, Match or Pass), Deployment, Score, end check.

A turn is pushed as a row of tasks; bid, response and deployment are choice tasks whose
chooser is ``task[1]`` (supplement section 4).
"""

from __future__ import annotations

from crimson_table.engine.core import JSON, Action, Event, counted, fast_event, present, require, shared_event
from crimson_table.engine.crimson_company.actions import BIDS, DEPLOYS, MATCH, PASS, Bid, Deploy, Match, Pass
from crimson_table.engine.crimson_company.cards import (
    BASE_INCOME,
    CASTLES_TO_WIN,
    HAGGLER,
    IDS,
    INDEX,
    KIND,
    MAX_TURNS,
    NAME,
    SCORE,
    SCORE_AT,
    STRENGTH,
    WAITING_CAP,
)
from crimson_table.engine.crimson_company.ops import (
    WHO,
    Choice,
    Ctx,
    Handler,
    RunFn,
    announce_deck_top,
    card_name,
    gain,
    move_coins,
    place,
    refill_offer,
    trigger_deployment,
    who,
    wipe_lane,
)
from crimson_table.engine.crimson_company.state import (
    ACTIVE,
    CCState,
    OpenBid,
    Task,
    active_lanes,
    biddable,
    castles,
    lane_order,
    opponent,
    owns_face_up,
    strength_in_play,
)


def _turn_tasks(seat: int) -> tuple[Task, ...]:
    """CC-R5: the phases of ``seat``'s turn as pushed on the stack (the last one runs first)."""
    return (
        ("end_turn",),
        ("score_phase",),
        ("deploy_step", seat),
        ("bid", seat),
        ("recruit_fx",),
        ("income_base",),
        ("income_fx",),
    )


TURN_TASKS = (_turn_tasks(0), _turn_tasks(1))
"""Each seat's turn, made once (tasks are tuples, so states may share them)."""


@shared_event
def turn_event(turn: int, seat: int) -> Event:
    """The event of ``seat``'s turn number ``turn`` beginning (CC-R5)."""
    return fast_event("turn", {"turn": turn, "seat": seat}, f"Turn {turn}: {WHO[seat]}")


def start_turn(ctx: Ctx, seat: int) -> None:
    """CC-R5: queue the phases of ``seat``'s turn (the last pushed runs first)."""
    s = ctx.s
    s.active = seat
    s.turn += 1
    ctx.events.append(turn_event(s.turn, seat))
    ctx.push_all(TURN_TASKS[seat])


def run_income_base(ctx: Ctx, task: Task) -> None:
    """CC-R6(b): the active player gains 3, partially if the supply is short."""
    gain(ctx, ctx.s.active, BASE_INCOME, "Income")


# --------------------------------------------------------------------------- Recruitment (CC-R8-R13)


def bid_options(s: CCState, task: Task) -> list[Action]:
    """CC-R8/R9: every (biddable card, 1..coins), by card id then amount; empty skips the step."""
    seat = task[1]
    coins = s.coins[seat]
    if coins < 1 or len(s.waiting[seat]) >= WAITING_CAP:
        return []
    options: list[Action] = []
    for card in biddable(s, seat):
        options += BIDS[card][:coins]  # amounts 1..coins, made once (actions.BIDS)
    return options


@shared_event
def bid_event(seat: int, card: int, amount: int, from_deck: bool) -> Event:
    """The event of ``seat`` bidding ``amount`` on ``card`` (CC-R9)."""
    where = "the deck's top card " if from_deck else ""
    return fast_event(
        "bid",
        {"seat": seat, "card": IDS[card], "amount": amount, "from_deck": from_deck},
        f"{WHO[seat]} bids {amount} on {where}{NAME[card]}",
    )


def apply_bid(ctx: Ctx, task: Task, action: Bid) -> None:
    """CC-R9: the coins go onto the card; the opponent must answer (CC-R10)."""
    s = ctx.s
    seat, card = task[1], INDEX[action.card]
    from_deck = card not in s.offer
    s.bid = OpenBid(card, 0, seat, from_deck)
    ctx.events.append(bid_event(seat, card, action.amount, from_deck))
    move_coins(ctx, seat, "bid", action.amount, "Bid")
    ctx.push("respond", 1 - seat)  # the opponent answers (CC-R10)


def open_bid(s: CCState) -> OpenBid:
    """The bid lying on a card (InvariantError outside the response step)."""
    return present(s.bid, "CC-R10: a response needs an open bid")


def match_price(s: CCState) -> int:
    """What a Match costs: the bid, plus 1 if the bidder has a face-up Haggler (CC-R10)."""
    bid = open_bid(s)
    return bid.amount + (1 if owns_face_up(s, bid.bidder, HAGGLER) else 0)


def can_match(s: CCState, seat: int) -> bool:
    """CC-R10: Match needs the price in coins and fewer than 2 waiting cards."""
    return s.coins[seat] >= match_price(s) and len(s.waiting[seat]) < WAITING_CAP


def respond_options(s: CCState, task: Task) -> list[Action]:
    """CC-R10: Match and Pass when Match is possible; otherwise Pass is forced."""
    return [MATCH, PASS] if can_match(s, task[1]) else [PASS]


def apply_match(ctx: Ctx, task: Task, action: Match) -> None:
    """CC-R11: the responder pays the price onto the card, the bidder takes it all."""
    bid, responder = open_bid(ctx.s), task[1]
    price = match_price(ctx.s)
    ctx.emit(
        "match", f"{WHO[responder]} matches ({counted(price, 'coin')})", {"seat": responder, "price": price}
    )
    move_coins(ctx, responder, "bid", price, "Match")
    move_coins(ctx, "bid", bid.bidder, bid.amount, "Match")
    _recruit(ctx, responder)


PASS_EVENTS = tuple(fast_event("pass", {"seat": seat}, f"{WHO[seat]} passes") for seat in (0, 1))
"""Each seat's Pass, as logged (made once: events are read-only values)."""


def apply_response(ctx: Ctx, task: Task, action: Match | Pass) -> None:
    """CC-R10: the opponent's answer to a bid, Match (CC-R11) or Pass (CC-R12)."""
    if isinstance(action, Match):
        apply_match(ctx, task, action)
    else:
        apply_pass(ctx, task, action)


def apply_pass(ctx: Ctx, task: Task, action: Pass) -> None:
    """CC-R12: the bid goes to the supply and the bidder recruits the card."""
    bid, responder = open_bid(ctx.s), task[1]
    ctx.events.append(PASS_EVENTS[responder])
    move_coins(ctx, "bid", "supply", bid.amount, "Pass")
    _recruit(ctx, bid.bidder)


@shared_event
def recruit_event(seat: int, card: int) -> Event:
    """The event of ``seat`` recruiting ``card`` (CC-R13)."""
    return fast_event("recruit", {"seat": seat, "card": IDS[card]}, f"{WHO[seat]} recruits {NAME[card]}")


def _recruit(ctx: Ctx, seat: int) -> None:
    """The bid card becomes ``seat``'s waiting card; the offer refills (CC-R13)."""
    s = ctx.s
    bid = open_bid(s)
    require(bid.amount == 0, "CC-R11, CC-R12: the coins on the card are gone before the recruit")
    card, from_deck = bid.card, bid.from_deck
    s.bid = None
    (s.deck if from_deck else s.offer).remove(card)
    s.waiting[seat].append(card)
    require(len(s.waiting[seat]) <= WAITING_CAP, "CC-R15: at most 2 waiting cards")
    ctx.events.append(recruit_event(seat, card))
    if from_deck:
        announce_deck_top(ctx)
    else:
        refill_offer(ctx)


# --------------------------------------------------------------------------- Deployment (CC-R16, CC-R17)


def run_deploy_step(ctx: Ctx, task: Task) -> None:
    """Ask for the next waiting card, or discard them if no lane is active (CC-R17, defensive)."""
    s, seat = ctx.s, task[1]
    if not s.waiting[seat]:
        return
    if not active_lanes(s):
        for card in s.waiting[seat]:
            ctx.own_discard().append(card)
            ctx.emit("destroy", f"{card_name(card)} has no lane and is discarded", {"card": IDS[card]})
        s.waiting[seat] = []
        return
    ctx.push("deploy", seat)


def deploy_options(s: CCState, task: Task) -> list[Action]:
    """Every (waiting card, active lane), by card id then lane."""
    lanes = active_lanes(s)
    return [DEPLOYS[c][lane] for c in sorted(s.waiting[task[1]]) for lane in lanes]


def apply_deploy(ctx: Ctx, task: Task, action: Deploy) -> None:
    """CC-R16: play the card face-up at the bottom of the lane; its Deployment effect follows."""
    seat, card = task[1], INDEX[action.card]
    ctx.s.waiting[seat].remove(card)
    ctx.push("deploy_step", seat)
    place(ctx, card, action.lane, seat, face_up=True, source="waiting")
    trigger_deployment(ctx, card)


# --------------------------------------------------------------------------- Score (CC-R35-R40)


FIRST_PASS = ("pass", 0, 0)


def run_score_phase(ctx: Ctx, task: Task) -> None:
    """Start the Score phase: no lane has tied yet in it; begin pass 1 (CC-R36).

    The pass runs at once, as it would from the top of the stack.
    """
    ctx.s.tied = [False, False, False]
    run_pass(ctx, FIRST_PASS)


def qualifies(s: CCState, lane: int) -> bool:
    """CC-R35: active, not tied in this phase, and a side holds 4 or more cards."""
    if s.won_by[lane] != ACTIVE or s.tied[lane]:
        return False
    mine, theirs = s.sides[lane]
    return len(mine) >= SCORE_AT or len(theirs) >= SCORE_AT


def run_pass(ctx: Ctx, task: Task) -> None:
    """CC-R36: continue a pass from position ``task[1]`` of the active player's lane order."""
    s = ctx.s
    _, start, scored = task
    order = lane_order(s, s.active)
    for pos in range(start, len(order)):
        if qualifies(s, order[pos]):
            ctx.push("pass", pos + 1, 1)
            ctx.push("score_lane", order[pos])
            return
    if scored:
        ctx.push(*FIRST_PASS)


def run_score_lane(ctx: Ctx, task: Task) -> None:
    """CC-R37 steps 1-2: base strengths, then Score effects, active side first, top to bottom."""
    s, lane = ctx.s, task[1]
    both = s.sides[lane][0] + s.sides[lane][1]
    s.scoring = {c: (0 if s.down[c] else STRENGTH[c]) for c in both}
    strengths: dict[str, JSON] = {IDS[c]: v for c, v in s.scoring.items()}
    ctx.emit("score_start", f"Lane {lane + 1} is scored", {"lane": lane, "strengths": strengths})
    ctx.push("score_total", lane)
    entries = [
        c
        for seat in (s.active, opponent(s.active))
        for c in s.sides[lane][seat]
        if KIND[c] == SCORE and not s.down[c]
    ]
    for card in reversed(entries):
        ctx.push("score_entry", card, lane)


def run_score_total(ctx: Ctx, task: Task) -> None:
    """CC-R37 steps 3-4, then CC-R38 (win) or CC-R39 (tie)."""
    s, lane = ctx.s, task[1]
    totals = [sum(s.scoring[c] for c in s.sides[lane][seat]) for seat in (0, 1)]
    s.scoring = {}
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    result = "a tie" if winner is None else f"won by {who(winner)}"
    ctx.emit(
        "score_lane",
        f"Lane {lane + 1}: {totals[0]} to {totals[1]}, {result}",
        {"lane": lane, "totals": totals, "winner": winner},
    )
    if winner is None:
        ctx.own_tied()[lane] = True
        return
    ctx.own_won_by()[lane] = winner
    ctx.emit(
        "castle_won", f"{who(winner)} takes the castle of lane {lane + 1}", {"lane": lane, "seat": winner}
    )
    if castles(s, winner) >= CASTLES_TO_WIN:  # CC-R42
        finish(ctx, (winner,), f"{who(winner)} holds two castles")
        return
    wipe_lane(ctx, lane, s.active)


# ----------------------------------------------------------------- end of turn and game (CC-R42-R44)


def finish(ctx: Ctx, winners: tuple[int, ...], reason: str) -> None:
    """End the game now: nothing else resolves."""
    s = ctx.s
    s.winners = winners
    s.reason = reason
    s.tasks.clear()
    s.pending = None
    s.scoring = {}
    ctx.emit("game_over", f"Game over: {reason}", {"winners": list(winners), "reason": reason})


def run_end_turn(ctx: Ctx, task: Task) -> None:
    """CC-R43/R44: end when the cards are gone (or at the turn cap), else the other player's turn."""
    s = ctx.s
    out_of_cards = not s.deck and not s.offer and not s.waiting[0] and not s.waiting[1]
    if out_of_cards or s.turn >= MAX_TURNS:
        cause = "the cards ran out" if out_of_cards else f"the game stopped after turn {s.turn}"  # CC-R44
        winners, reason = tie_break(s, cause)
        finish(ctx, winners, reason)
        return
    start_turn(ctx, 1 - s.active)  # the opponent's turn


def tie_break(s: CCState, cause: str = "the cards ran out") -> tuple[tuple[int, ...], str]:
    """CC-R43: castles, then base strength in play, then coins, else a draw (no winners)."""
    for label, values in (
        ("castles", [castles(s, 0), castles(s, 1)]),
        ("strength in play", [strength_in_play(s, 0), strength_in_play(s, 1)]),
        ("coins", s.coins),
    ):
        if values[0] != values[1]:
            winner = 0 if values[0] > values[1] else 1
            mine, theirs = values[winner], values[1 - winner]
            return (winner,), f"{cause}; {who(winner)} has more {label} ({mine} to {theirs})"
    return (), f"{cause}; castles, strength and coins are all equal: a draw"


RUN: dict[str, RunFn] = {
    "income_base": run_income_base,
    "deploy_step": run_deploy_step,
    "score_phase": run_score_phase,
    "pass": run_pass,
    "score_lane": run_score_lane,
    "score_total": run_score_total,
    "end_turn": run_end_turn,
}

CHOICES: dict[str, Choice] = {
    "bid": Choice("bid", "Bid on a card", bid_options, always_ask=True, rule="CC-R9"),
    "respond": Choice("respond", "Match the bid or pass", respond_options, rule="CC-R10"),
    "deploy": Choice("deploy", "Play a waiting card", deploy_options, always_ask=True, rule="CC-R16"),
}
APPLY: dict[str, Handler] = {"bid": apply_bid, "respond": apply_response, "deploy": apply_deploy}
"""What each decision of the turn does with the option chosen, by task kind."""
