"""A battle's phases: turns, card effects, the battle's resolution, the end of a round.

Every function here changes a state that the caller has already cloned and appends the events
it causes, then hands on to what the rules say comes next (the next seat, the resolution, the
redeal).  The primitives it stands on (dealing, the region choice, the end of the game, the
log's words) are in ``ops.py``; legality is checked before (``rules.py``).
"""

from __future__ import annotations

from collections import Counter

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import (
    BISHOP,
    DRUMMER,
    KEEP_LIMIT,
    MERCENARY,
    SCARECROW,
    SPRING,
    STAYING,
    SURRENDER,
    WINTER,
    sort_hand,
    thresholds,
    title,
)
from crimson_table.engine.condottiere.ops import (
    Events,
    card_names,
    end_game,
    enter_region_phase,
    event,
    redeal,
    region_title,
    seat_name,
)
from crimson_table.engine.condottiere.state import (
    BACKSTOP,
    BATTLE,
    KEEP,
    POPE,
    CondottiereState,
)
from crimson_table.engine.condottiere.state import SCARECROW as SCARECROW_PHASE
from crimson_table.engine.condottiere.strength import (
    NOBODY,
    battle_winner,
    has_won,
    line_strengths,
    most_regions,
    token_receiver,
    top_mercenary,
)
from crimson_table.engine.core import Event, counted

# ---------------------------------------------------------------------------------------------
# Running the turns of a battle (CO-R11..CO-R18)


def start_battle(s: CondottiereState, region: int, events: Events) -> None:
    """CO-R11/CO-R12: the token goes on ``region``; the holder plays first."""
    s.region = region
    s.battle += 1
    s.passed = [False] * s.players
    s.lines = [[] for _ in range(s.players)]
    s.phase = BATTLE
    event(
        events,
        "choose_region",
        {"seat": s.holder, "region": italy().names[region]},
        f"{seat_name(s.holder)} sends the Condottiere to {region_title(region)}",
    )
    for k in range(s.players):  # CO-R15: an empty hand at the start is a pass from the start
        seat = (s.holder + k) % s.players
        if not s.hands[seat]:
            _auto_pass(s, seat, events)
    advance(s, s.holder, events)


def _auto_pass(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R15: a seat with an empty hand is passed automatically."""
    s.passed[seat] = True
    event(
        events,
        "pass",
        {"seat": seat, "auto": True},
        f"{seat_name(seat)} has no cards and is passed",  # CO-R15
    )


def advance(s: CondottiereState, start: int, events: Events) -> None:
    """Give the turn to the first seat from ``start`` clockwise that has not passed.

    CO-R15: a seat with an empty hand is passed automatically.  CO-R16: the last seat
    standing keeps playing.  CO-R18: when everyone has passed the battle is resolved.
    """
    s.phase = BATTLE
    for k in range(s.players):
        seat = (start + k) % s.players
        if s.passed[seat]:
            continue
        if not s.hands[seat]:
            _auto_pass(s, seat, events)
            continue
        s.actor = seat
        return
    resolve_battle(s, events)


def do_pass(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R14: passing is final for this battle."""
    s.passed[seat] = True
    event(events, "pass", {"seat": seat, "auto": False}, f"{seat_name(seat)} passes")
    advance(s, seat + 1, events)


def dismiss_hand(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R17: reveal and discard a Mercenary-free hand; it counts as passing."""
    cards = s.hands[seat]
    s.discard.extend(cards)
    s.hands[seat] = []
    s.known[seat] = []
    s.passed[seat] = True
    event(
        events,
        "effect",
        {"effect": "dismiss", "seat": seat, "cards": cards[:]},
        f"{seat_name(seat)} dismisses the hand: {card_names(cards)}",  # CO-R17
        reveals=True,
    )
    event(events, "pass", {"seat": seat, "auto": False}, f"{seat_name(seat)} sits out the rest of the round")
    advance(s, seat + 1, events)


# ---------------------------------------------------------------------------------------------
# Card effects (section D)


def play_card(s: CondottiereState, seat: int, card: str, events: Events) -> None:
    """Move ``card`` from hand and resolve it (CO-R20..CO-R30)."""
    s.hands[seat].remove(card)
    if card in s.known[seat]:
        s.known[seat].remove(card)
    # A card leaves a hidden hand face up: an undo barrier for everyone but its owner.
    events.append(
        Event(
            "play_card",
            {"seat": seat, "card": card},
            f"{seat_name(seat)} plays {title(card)}",
            reveals=True,
            revealer=seat,
        )
    )
    if card == WINTER:
        _discard_all(s, SPRING, "winter", seat, events, "CO-R24")
    elif card == SPRING:
        _discard_all(s, WINTER, "spring", seat, events, "CO-R25")
    if card in STAYING:
        s.lines[seat].append(card)  # CO-R6, CO-R20..CO-R25
        if card == DRUMMER:  # CO-R23: acts at the end of the battle; announced now for the UI
            event(
                events,
                "effect",
                {"effect": "drummer", "seat": seat},
                f"{seat_name(seat)}'s Mercenaries will count double",
            )
        advance(s, seat + 1, events)
    elif card == BISHOP:
        _bishop(s, seat, events)
    elif card == SCARECROW:
        _scarecrow(s, seat, events)
    elif card == SURRENDER:
        _surrender(s, seat, events)


def _discard_all(s: CondottiereState, victim: str, effect: str, seat: int, events: Events, rule: str) -> None:
    """CO-R24/CO-R25: discard every ``victim`` card in every line."""
    gone: list[list[object]] = []
    for owner, line in enumerate(s.lines):
        while victim in line:
            line.remove(victim)
            s.discard.append(victim)
            gone.append([owner, victim])
    if gone:
        event(
            events,
            "effect",
            {"effect": effect, "seat": seat, "discarded": gone},
            f"{effect.capitalize()} discards {len(gone)} {title(victim)} card"
            f"{'' if len(gone) == 1 else 's'}",  # the rule: CO-R24 (Spring) or CO-R25 (Winter)
        )


def _bishop(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R27: discard every Mercenary at the top printed value; then CO-R28."""
    top = top_mercenary(s.lines)
    gone: list[list[object]] = []
    if top:
        for owner, line in enumerate(s.lines):
            keep = [c for c in line if MERCENARY.get(c) != top]
            for c in line:
                if MERCENARY.get(c) == top:
                    s.discard.append(c)
                    gone.append([owner, c])
            s.lines[owner] = keep
    s.discard.append(BISHOP)
    what = f"every {top} is discarded ({counted(len(gone), 'card')})" if gone else "no Mercenary is in play"
    event(
        events, "effect", {"effect": "bishop", "seat": seat, "discarded": gone, "top": top}, f"Bishop: {what}"
    )
    s.phase, s.actor = POPE, seat


def place_pope(s: CondottiereState, seat: int, region: int, events: Events) -> None:
    """CO-R28: the Bishop's player moves the Favor of the Pope (or takes it off)."""
    before = s.pope
    s.pope = region
    names = italy().names
    event(
        events,
        "pope_favor",
        {
            "seat": seat,
            "region": None if region == NOBODY else names[region],
            "from": None if before == NOBODY else names[before],
            "rule": "CO-R28",
        },
        f"{seat_name(seat)} puts the Favor of the Pope {'on ' if region != NOBODY else ''}"
        f"{region_title(region)}",
    )
    advance(s, seat + 1, events)


def _scarecrow(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R29: the Scarecrow is discarded; the player may take back an own Mercenary."""
    s.discard.append(SCARECROW)
    if any(c in MERCENARY for c in s.lines[seat]):
        s.phase, s.actor = SCARECROW_PHASE, seat
        return
    take_back(s, seat, None, events)


def take_back(s: CondottiereState, seat: int, card: str | None, events: Events) -> None:
    """CO-R29: return ``card`` (a Mercenary of the own line) to hand, or nothing."""
    if card is None:
        event(
            events,
            "effect",
            {"effect": "scarecrow", "seat": seat, "card": None},
            f"{seat_name(seat)}'s Scarecrow takes nothing back",
        )
    else:
        line = s.lines[seat]
        del line[len(line) - 1 - line[::-1].index(card)]  # the latest copy
        s.hands[seat].append(card)
        sort_hand(s.hands[seat])
        s.known[seat].append(card)
        event(
            events,
            "effect",
            {"effect": "scarecrow", "seat": seat, "card": card},
            f"{seat_name(seat)}'s Scarecrow takes back {title(card)}",
        )
    advance(s, seat + 1, events)


def _surrender(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R30: the battle ends at once and is resolved with the lines as they are."""
    s.discard.append(SURRENDER)
    event(
        events,
        "effect",
        {"effect": "surrender", "seat": seat},
        f"{seat_name(seat)} forces the end of the battle",  # CO-R30
    )
    resolve_battle(s, events)


# ---------------------------------------------------------------------------------------------
# Resolving a battle (section F) and ending the game (section I)


def resolve_battle(s: CondottiereState, events: Events) -> None:
    """CO-R35 steps 1-7."""
    strengths = line_strengths(s.lines)  # step 1
    winner = battle_winner(strengths)  # step 2
    region = s.region
    verdict = f"{seat_name(winner)} wins" if winner != NOBODY else "a tie, nobody wins"  # CO-R36
    data = {
        "region": italy().names[region],
        "strengths": strengths,
        "winner": None if winner == NOBODY else winner,
        "lines": [line[:] for line in s.lines],
    }
    totals = ", ".join(f"{seat_name(seat)} {value}" for seat, value in enumerate(strengths))
    event(events, "battle_result", data, f"Battle for {region_title(region)}: {totals}: {verdict}")
    if winner != NOBODY:
        s.control[region] = winner
        s.ties = 0
        event(
            events,
            "region_won",
            {"seat": winner, "region": italy().names[region]},
            f"{seat_name(winner)} takes {region_title(region)}",
        )
    else:
        s.ties += 1
    if _game_ends(s, winner, events):  # step 3
        return
    receiver, why = token_receiver(s.lines, winner, s.holder)  # step 4
    s.holder = receiver
    event(
        events,
        "token",
        {"seat": receiver, "reason": why},
        f"{seat_name(receiver)} takes the Condottiere token ({why})",  # CO-R37
    )
    for line in s.lines:  # step 5
        s.discard.extend(line)
    s.lines = [[] for _ in range(s.players)]
    s.passed = [False] * s.players
    s.region = NOBODY
    holding = [seat for seat in range(s.players) if s.hands[seat]]
    if len(holding) <= 1:  # step 6, CO-R41
        end_round(s, holding[0] if holding else NOBODY, events)
    else:
        enter_region_phase(s, events)  # step 7


def _game_ends(s: CondottiereState, winner: int, events: Events) -> bool:
    """CO-R35 step 3: victory (CO-R47), every region held (CO-R52), backstop (CO-R53)."""
    neighbours = italy().neighbours
    if winner != NOBODY:
        how = has_won(s.control, winner, neighbours, thresholds(s.players))
        if how:
            end_game(s, (winner,), f"won by {how} regions (CO-R47, CO-R48)", events)  # IDs stay in the state
            return True
    if all(owner != NOBODY for owner in s.control):
        winners = most_regions(s.control, s.players, neighbours)
        end_game(s, winners, "every region is controlled: most regions wins (CO-R52)", events)
        return True
    if s.ties >= BACKSTOP:
        winners = most_regions(s.control, s.players, neighbours)
        end_game(
            s, winners, f"{BACKSTOP} battles in a row without a winner: most regions wins (CO-R53)", events
        )
        return True
    return False


# ---------------------------------------------------------------------------------------------
# End of a round (section H)


def end_round(s: CondottiereState, keeper: int, events: Events) -> None:
    """CO-R41: the round ends; the last player holding cards keeps up to two (CO-R42)."""
    count = len(s.hands[keeper]) if keeper != NOBODY else 0
    text = f"Round {s.round} ends" + (
        f"; {seat_name(keeper)} may keep up to 2 of {count} cards" if count else ""
    )
    data = {"round": s.round, "keeper": None if keeper == NOBODY else keeper, "cards": count}
    event(events, "round_end", data, text)
    if keeper == NOBODY:
        redeal(s, events)
        return
    s.phase, s.actor, s.kept = KEEP, keeper, []


def keep_card(s: CondottiereState, seat: int, card: str, events: Events) -> None:
    """CO-R42: set one card aside (hidden from the others)."""
    s.hands[seat].remove(card)
    s.kept.append(card)
    events.append(
        Event(
            "keep",
            {"seat": seat, "card": card},
            f"{seat_name(seat)} keeps a card",
            private_to=(seat,),
            private_text=f"{seat_name(seat)} keeps {title(card)}",
            public={"seat": seat},
        )
    )
    if len(s.kept) == KEEP_LIMIT or not s.hands[seat]:
        finish_keep(s, seat, events)


def finish_keep(s: CondottiereState, seat: int, events: Events) -> None:
    """CO-R42: the rest of the hand is revealed and discarded; then the redeal."""
    rest = s.hands[seat]
    s.discard.extend(rest)
    s.known[seat] = list((Counter(s.known[seat]) - Counter(rest)).elements())
    s.hands[seat] = s.kept[:]
    sort_hand(s.hands[seat])
    s.kept = []
    kept = len(s.hands[seat])
    data = {"effect": "keep", "seat": seat, "kept": kept, "discarded": rest[:]}
    kept_words = f"{kept} card" if kept == 1 else f"{kept} cards"
    text = f"{seat_name(seat)} keeps {kept_words} and discards {card_names(rest)}"  # CO-R42
    event(events, "effect", data, text, reveals=True)
    redeal(s, events)
