"""Card effects: the tasks that resolve Deployment, Income, Recruitment, Destruction and
Score effects, and the effect choices of supplement section 3.

Each choice task is ``(name, chooser, source card, ...)``.  Its options are computed from
the board when the task is reached (CC-R30), a single option is applied at once and an
empty list skips the part (CC-R26).  Continuations are pushed *before* the step that may
trigger nested effects, so nested effects resolve first (CC-R32).
"""

from __future__ import annotations

from itertools import combinations

from crimson_table.engine.core import Action, expect
from crimson_table.engine.crimson_company.actions import (
    PICK_CARDS,
    PICK_LANES,
    PickCard,
    PickCards,
    PickLane,
    PickPair,
)
from crimson_table.engine.crimson_company.cards import (
    ALCHEMIST,
    BANSHEE,
    BERSERKER,
    BLOOD_PRIEST,
    BULLY,
    CHANGELING,
    CLUMSY_OGRE,
    DEMON,
    DODGY_DEALER,
    FAIRY,
    FANATIC,
    IDS,
    ILLUSIONIST,
    INCOME,
    INDEX,
    KIND,
    MARTYR,
    MONK,
    OUTRIDER,
    PLAGUE_DOCTOR,
    QUARTERMASTER,
    SCORE,
    SELLSWORD,
    SIREN,
    SLINGER,
    STANDARD_BEARER,
    SUMMONER,
    UNDEAD,
    WAR_DRUMMER,
)
from crimson_table.engine.crimson_company.ops import (
    Choice,
    Ctx,
    ResolveFn,
    RunFn,
    announce_deck_top,
    card_name,
    destroy,
    flip,
    gain,
    move,
    pay,
    place,
    swap,
    where_in_play,
    who,
)
from crimson_table.engine.crimson_company.state import (
    CCState,
    Task,
    active_lanes,
    base_strength,
    board_cards,
    is_active_lane,
    lane_order,
    locate,
    opponent,
    owns_face_up,
    side_total,
)

# --------------------------------------------------------------------------- option helpers


def _card_options(cards: list[int]) -> list[Action]:
    return [PICK_CARDS[c] for c in cards]


def _lane_options(lanes: list[int]) -> list[Action]:
    return [PICK_LANES[lane] for lane in lanes]


def _pair_options(cards: list[int]) -> list[Action]:
    return [PickPair(IDS[a], IDS[b]) for a, b in combinations(cards, 2)]


def picked_card(action: Action) -> int:
    """The card of a PickCard."""
    return INDEX[expect(action, PickCard).card]


def picked_lane(action: Action) -> int:
    """The lane of a PickLane."""
    return expect(action, PickLane).lane


def picked_pair(action: Action) -> tuple[int, int]:
    """The two cards of a PickPair."""
    pair = expect(action, PickPair)
    return INDEX[pair.first], INDEX[pair.second]


def picked_cards(action: Action) -> list[int]:
    """The cards of a PickCards."""
    return [INDEX[c] for c in expect(action, PickCards).cards]


def _lane_cards(s: CCState, lane: int, seats: tuple[int, ...]) -> list[int]:
    if not is_active_lane(s, lane):
        return []
    return [c for c in board_cards(s, seats) if (w := locate(s, c)) is not None and w[0] == lane]


def _in_play(s: CCState, card: int) -> bool:
    return locate(s, card) is not None


# --------------------------------------------------------------------------- Deployment (CC-R24)


def run_deploy_fx(ctx: Ctx, task: Task) -> None:
    """Start a card's Deployment effect, bound to ``task[2]`` as "this lane" (CC-R29)."""
    _, card, lane = task
    where = locate(ctx.s, card)
    if where is None:
        return
    owner = where[1]
    ctx.emit("effect", f"{card_name(card)} ({who(owner)}) resolves its effect", {"card": IDS[card]})
    if card == MONK:
        ctx.push("monk_opp", owner, card)
        ctx.push("monk_own", owner, card)
    elif card == SLINGER:
        _slinger(ctx, lane)
    elif card in (BLOOD_PRIEST, SIREN):
        name = "blood_priest" if card == BLOOD_PRIEST else "siren_pick"
        ctx.push(name, opponent(owner), card, lane)
    else:
        ctx.push(_DEPLOY_TASK[card], owner, card, lane)


_DEPLOY_TASK = {
    ALCHEMIST: "alchemist",
    BULLY: "bully",
    CHANGELING: "changeling",
    DEMON: "demon",
    ILLUSIONIST: "illusionist",
    SUMMONER: "summoner",
    WAR_DRUMMER: "war_drummer",
}


def _alchemist_options(s: CCState, task: Task) -> list[Action]:
    return _card_options(board_cards(s))


def _alchemist_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    target = picked_card(action)
    owner = where_in_play(ctx.s, target)[1]
    ctx.push("gain", owner, base_strength(ctx.s, target), ALCHEMIST)  # after the Destruction effect
    destroy(ctx, target)


def run_gain(ctx: Ctx, task: Task) -> None:
    """A delayed gain (the Alchemist's coins, after the destroyed card's own effect)."""
    _, seat, amount, source = task
    if amount > 0:
        gain(ctx, seat, amount, card_name(source))


def _blood_priest_options(s: CCState, task: Task) -> list[Action]:
    return _card_options(_lane_cards(s, task[3], (task[1],)))


def _destroy_picked(ctx: Ctx, task: Task, action: Action) -> None:
    destroy(ctx, picked_card(action))


def _bully_options(s: CCState, task: Task) -> list[Action]:
    cards = _lane_cards(s, task[3], (opponent(task[1]),))
    if not cards:
        return []
    low = min(base_strength(s, c) for c in cards)
    return _card_options([c for c in cards if base_strength(s, c) == low])


def _changeling_options(s: CCState, task: Task) -> list[Action]:
    source = task[2]
    if not _in_play(s, source):
        return []
    return _card_options([c for c in board_cards(s, (task[1],)) if c != source])


def _changeling_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    swap(ctx, task[2], picked_card(action))


def _demon_options(s: CCState, task: Task) -> list[Action]:
    return _card_options(_lane_cards(s, task[3], (0, 1)))


def _flip_picked(ctx: Ctx, task: Task, action: Action) -> None:
    flip(ctx, picked_card(action))


def _illusionist_options(s: CCState, task: Task) -> list[Action]:
    return _pair_options(board_cards(s, (opponent(task[1]),)))


def _swap_picked(ctx: Ctx, task: Task, action: Action) -> None:
    a, b = picked_pair(action)
    swap(ctx, a, b)


def _monk_own_options(s: CCState, task: Task) -> list[Action]:
    return _card_options(board_cards(s, (task[1],)))


def _monk_opp_options(s: CCState, task: Task) -> list[Action]:
    return _card_options(board_cards(s, (opponent(task[1]),)))


def _siren_pick_options(s: CCState, task: Task) -> list[Action]:
    lane = task[3]
    if len(active_lanes(s)) < 2:
        return []
    cards = _lane_cards(s, lane, (task[1],))
    size = min(2, len(cards))
    return [PickCards(tuple(IDS[c] for c in combo)) for combo in combinations(cards, size)] if size else []


def _siren_pick_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    picked = picked_cards(action)
    picked.sort(key=lambda c: _position(ctx.s, c))  # top-most first
    owner = opponent(task[1])
    for card in reversed(picked):
        ctx.push("siren_dest", owner, card, task[3])


def _position(s: CCState, card: int) -> int:
    where = locate(s, card)
    return where[2] if where is not None else -1


def _siren_dest_options(s: CCState, task: Task) -> list[Action]:
    where = locate(s, task[2])
    if where is None:
        return []
    return _lane_options([lane for lane in active_lanes(s) if lane not in (task[3], where[0])])


def _move_task_card(ctx: Ctx, task: Task, action: Action) -> None:
    move(ctx, task[2], picked_lane(action))


def _slinger(ctx: Ctx, lane: int) -> None:
    """Slinger: on each side, flip face-down every face-up card of the highest base strength."""
    s = ctx.s
    for seat in (0, 1):
        up = [c for c in s.sides[lane][seat] if not s.down[c]]
        if not up:
            continue
        top = max(base_strength(s, c) for c in up)
        for card in [c for c in up if base_strength(s, c) == top]:
            flip(ctx, card)


def _summoner_options(s: CCState, task: Task) -> list[Action]:
    return _lane_options(active_lanes(s)) if s.deck else []


def _summoner_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    card = ctx.s.deck.pop(0)
    place(ctx, card, picked_lane(action), task[1], face_up=False, source="deck")
    announce_deck_top(ctx)


def _war_drummer_options(s: CCState, task: Task) -> list[Action]:
    lane = task[3]
    if not is_active_lane(s, lane):
        return []
    own = board_cards(s, (task[1],))
    return _card_options([c for c in own if (w := locate(s, c)) is not None and w[0] != lane])


def _war_drummer_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    move(ctx, picked_card(action), task[3])


# --------------------------------------------------------------------------- Income (CC-R6)


def run_income_fx(ctx: Ctx, task: Task) -> None:
    """CC-R6(a): snapshot the active player's face-up Income cards in resolution order (CC-R30)."""
    s = ctx.s
    seat, down, sides = s.active, s.down, s.sides
    cards = [
        c for lane in lane_order(s, seat) for c in sides[lane][seat] if KIND[c] == INCOME and not down[c]
    ]
    for card in reversed(cards):
        ctx.push("income_entry", card)


def run_income_entry(ctx: Ctx, task: Task) -> None:
    """One Income effect; skipped if its card left play or was turned face-down (CC-R30)."""
    s = ctx.s
    card = task[1]
    where = locate(s, card)
    if where is None or s.down[card]:
        return
    lane, owner, index = where
    if card == CLUMSY_OGRE:
        side = s.sides[lane][owner]
        if index + 1 < len(side):
            flip(ctx, side[index + 1])
    elif card == DODGY_DEALER:
        mine, theirs = side_total(s, lane, owner), side_total(s, lane, opponent(owner))
        if mine != theirs:
            gain(ctx, owner if mine > theirs else opponent(owner), 2, card_name(card))
    elif card == OUTRIDER:
        ctx.push("outrider", owner, card)


def _outrider_options(s: CCState, task: Task) -> list[Action]:
    where = locate(s, task[2])
    if where is None:
        return []
    return _lane_options([lane for lane in active_lanes(s) if lane != where[0]])


# --------------------------------------------------------------------------- Recruitment (CC-R7)


def run_recruit_fx(ctx: Ctx, task: Task) -> None:
    """CC-R7: snapshot the active player's face-up start-of-Recruitment cards (Quartermaster)."""
    if owns_face_up(ctx.s, ctx.s.active, QUARTERMASTER):  # the one such card
        ctx.push("recruit_entry", QUARTERMASTER)


def run_recruit_entry(ctx: Ctx, task: Task) -> None:
    """The Quartermaster's swap, if it is still face-up in play."""
    card = task[1]
    where = locate(ctx.s, card)
    if where is not None and not ctx.s.down[card]:
        ctx.push("quartermaster", where[1], card)


def _quartermaster_options(s: CCState, task: Task) -> list[Action]:
    return _pair_options(board_cards(s, (task[1],)))


# --------------------------------------------------------------------------- Destruction (CC-R23)


def run_destroyed(ctx: Ctx, task: Task) -> None:
    """A face-up card's Destruction effect; it resolves from the discard pile (CC-R30)."""
    _, card, owner, lane = task
    if card == MARTYR:
        gain(ctx, owner, 3, card_name(card))
    elif card == BANSHEE:
        ctx.push("banshee", owner, card)
    elif card == FANATIC:
        ctx.push("fanatic", owner, card, lane)
    elif card == UNDEAD:
        ctx.push("undead", owner, card, lane)


def _banshee_options(s: CCState, task: Task) -> list[Action]:
    return _card_options(board_cards(s))


def _fanatic_options(s: CCState, task: Task) -> list[Action]:
    enemy = opponent(task[1])
    return _lane_options([lane for lane in active_lanes(s) if lane != task[3] and s.sides[lane][enemy]])


def _fanatic_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    destroy(ctx, ctx.s.sides[picked_lane(action)][opponent(task[1])][0])


def _undead_options(s: CCState, task: Task) -> list[Action]:
    if task[2] not in s.discard:
        return []
    return _lane_options([lane for lane in active_lanes(s) if lane != task[3]])


def _undead_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    ctx.own_discard().remove(task[2])
    place(ctx, task[2], picked_lane(action), task[1], face_up=True, source="discard")


# --------------------------------------------------------------------------- Score (CC-R33, CC-R37)


def run_score_entry(ctx: Ctx, task: Task) -> None:
    """One Score effect; it needs its card still face-up in the scored lane (CC-R30)."""
    s = ctx.s
    _, card, lane = task
    where = locate(s, card)
    if where is None or where[0] != lane or s.down[card] or KIND[card] != SCORE:
        return
    owner = where[1]
    if card == FAIRY:
        ctx.push("fairy", owner, card, lane, opponent(owner))
        ctx.push("fairy", owner, card, lane, owner)
        return
    if card == SELLSWORD:
        if pay(ctx, owner, 2, card_name(card)) < 2:
            ctx.own_scoring()[card] = 0
    else:
        _adjust(s, ctx.own_scoring(), card, lane, owner)
    _log_strengths(ctx, card, lane)


def _adjust(s: CCState, scoring: dict[int, int], card: int, lane: int, owner: int) -> None:
    """A Score effect that changes strengths in ``scoring`` (the state's own, CC-R33)."""
    both = s.sides[lane][0] + s.sides[lane][1]
    if card == BERSERKER:
        for other in both:
            if other != card:
                scoring[other] = max(0, scoring[other] - 1)
    elif card == PLAGUE_DOCTOR:
        for other in both:
            if s.down[other]:
                scoring[other] = 3
    elif card == STANDARD_BEARER:
        for other in s.sides[lane][owner]:
            if other != card and not s.down[other]:
                scoring[other] += 1


def _log_strengths(ctx: Ctx, card: int, lane: int) -> None:
    s = ctx.s
    values = {IDS[c]: s.scoring[c] for c in s.sides[lane][0] + s.sides[lane][1]}
    shown = ", ".join(f"{card_name(INDEX[k])} {v}" for k, v in values.items())
    ctx.emit(
        "score_effect", f"{card_name(card)}: {shown}", {"card": IDS[card], "lane": lane, "strengths": values}
    )


def _fairy_options(s: CCState, task: Task) -> list[Action]:
    side = s.sides[task[3]][task[4]]
    if not side:
        return []
    top = max(s.scoring[c] for c in side)
    if top == 0:
        return []  # doubling 0 changes nothing (section 2, Fairy)
    return _card_options([c for c in board_cards(s, (task[4],)) if c in side and s.scoring[c] == top])


def _fairy_resolve(ctx: Ctx, task: Task, action: Action) -> None:
    card = picked_card(action)
    ctx.own_scoring()[card] *= 2
    _log_strengths(ctx, task[2], task[3])


# --------------------------------------------------------------------------- registries

RUN: dict[str, RunFn] = {
    "deploy_fx": run_deploy_fx,
    "gain": run_gain,
    "income_fx": run_income_fx,
    "income_entry": run_income_entry,
    "recruit_fx": run_recruit_fx,
    "recruit_entry": run_recruit_entry,
    "destroyed": run_destroyed,
    "score_entry": run_score_entry,
}

_TARGET = "CC-R28"
_R = "CC-R18"  # the lane must be active
_CHOICE_TABLE = (
    ("alchemist", "Alchemist: destroy a card in play", _alchemist_options, _alchemist_resolve, _TARGET),
    ("banshee", "Banshee: flip a card in play", _banshee_options, _flip_picked, _TARGET),
    (
        "blood_priest",
        "Blood Priest: destroy one of your cards here",
        _blood_priest_options,
        _destroy_picked,
        _TARGET,
    ),
    ("bully", "Bully: destroy one of the weakest cards", _bully_options, _destroy_picked, _TARGET),
    (
        "changeling",
        "Changeling: swap with another of your cards",
        _changeling_options,
        _changeling_resolve,
        _TARGET,
    ),
    ("demon", "Demon: flip a card in its lane", _demon_options, _flip_picked, _TARGET),
    ("illusionist", "Illusionist: swap two opposing cards", _illusionist_options, _swap_picked, _TARGET),
    ("monk_own", "Monk: flip one of your cards", _monk_own_options, _flip_picked, _TARGET),
    ("monk_opp", "Monk: flip one of your opponent's cards", _monk_opp_options, _flip_picked, _TARGET),
    ("siren_pick", "Siren: choose your cards to be moved", _siren_pick_options, _siren_pick_resolve, _TARGET),
    ("siren_dest", "Siren: choose where the card goes", _siren_dest_options, _move_task_card, "CC-R20"),
    ("summoner", "Summoner: choose a lane for the deck's top card", _summoner_options, _summoner_resolve, _R),
    (
        "war_drummer",
        "War Drummer: bring a card to its lane",
        _war_drummer_options,
        _war_drummer_resolve,
        _TARGET,
    ),
    ("outrider", "Outrider: choose its new lane", _outrider_options, _move_task_card, "CC-R20"),
    ("quartermaster", "Quartermaster: swap two of your cards", _quartermaster_options, _swap_picked, _TARGET),
    ("fanatic", "Fanatic: choose a lane to strike", _fanatic_options, _fanatic_resolve, _TARGET),
    ("undead", "Undead: choose the lane it returns to", _undead_options, _undead_resolve, _R),
    ("fairy", "Fairy: choose which strongest card is doubled", _fairy_options, _fairy_resolve, "CC-R34"),
)
CHOICES: dict[str, Choice] = {
    name: Choice(name, prompt, options, rule=rule) for name, prompt, options, _, rule in _CHOICE_TABLE
}
RESOLVE: dict[str, ResolveFn] = {name: resolve for name, _, _, resolve, _ in _CHOICE_TABLE}
"""What each effect does with the option chosen for it, by effect task name."""
