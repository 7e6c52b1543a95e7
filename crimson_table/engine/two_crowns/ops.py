"""Two Crowns primitives: dealing, drawing, discarding, damage, turn start and end, game and match end.

These helpers mutate a state that the caller has already cloned, and append the events they
cause; the phases (``battle.py``, the effects in ``rules.py``) stand on them.  Rule IDs refer
to ``two_crowns_supplement.md``.
"""

from __future__ import annotations

from crimson_table.engine.core import JSON, Event, seat_ref
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.cards import (
    HAND_LIMIT,
    IS_KNIGHT,
    NUM_SEATS,
    START_CASTLE,
    START_HAND,
    deck_ids,
    names,
    names_and_verb,
)
from crimson_table.engine.two_crowns.state import NOBODY, OVER, TURN, TwoCrownsState

REASON_CASTLE = "castle destroyed"  # TC-R17
REASON_STUCK = "can neither attack nor draw"  # TC-R17


def player(seat: int) -> str:
    """The log name of a seat: a token the UI replaces with the seat's name."""
    return seat_ref(seat)


def event(kind: str, data: dict[str, JSON], text: str, *, reveals: bool = False) -> Event:
    """A public event."""
    return Event(kind, data, text, reveals=reveals)


def private_event(
    kind: str, seat: int, data: dict[str, JSON], text: str, private_text: str, public: tuple[str, ...]
) -> Event:
    """An event whose data only ``seat`` may see; the others read ``text`` and the ``public`` fields."""
    shown = {name: data[name] for name in public}
    return Event(kind, data, text, private_to=(seat,), private_text=private_text, reveals=True, public=shown)


# -- questions -------------------------------------------------------------------------------


def has_knight(cards: list[int]) -> bool:
    """True if any of ``cards`` is a Knight."""
    return any(IS_KNIGHT[c] for c in cards)


def can_large_draw(s: TwoCrownsState, seat: int) -> bool:
    """TC-R7: hand + rest below the limit and a card to draw."""
    return s.held(seat) < HAND_LIMIT and bool(s.decks[seat])


def can_precise_draw(s: TwoCrownsState, seat: int) -> bool:
    """TC-R8: hand + rest within the limit, a card in the deck and one in hand."""
    return s.held(seat) <= HAND_LIMIT and bool(s.decks[seat]) and bool(s.hands[seat])


def can_act(s: TwoCrownsState, seat: int) -> bool:
    """TC-R17: the seat can attack (a Knight in hand) or draw."""
    return has_knight(s.hands[seat]) or can_large_draw(s, seat) or can_precise_draw(s, seat)


# -- cards moving ----------------------------------------------------------------------------


def draw(s: TwoCrownsState, seat: int, count: int) -> list[int]:
    """Take up to ``count`` cards from the top of ``seat``'s deck (TC-R18: never reshuffled)."""
    deck = s.decks[seat]
    taken = [deck.pop() for _ in range(min(count, len(deck)))]
    return taken


def draw_event(seat: int, cards: list[int]) -> Event:
    """The private ``draw`` event: the drawer sees the cards, the other seat the count."""
    n = len(cards)
    plural = "card" if n == 1 else "cards"
    return private_event(
        "draw",
        seat,
        {"seat": seat, "cards": cards[:], "count": n},
        f"{player(seat)} draws {n} {plural}",
        f"{player(seat)} draws {names(cards)}",
        public=("seat", "count"),
    )


def discard(s: TwoCrownsState, seat: int, cards: list[int], why: str, events: list[Event]) -> None:
    """Put ``cards`` on ``seat``'s discard pile (public) with one ``discard`` event."""
    if not cards:
        return
    s.discards[seat].extend(cards)
    events.append(
        event(
            "discard",
            {"seat": seat, "cards": cards[:], "reason": why},
            f"{player(seat)} discards {names(cards)} ({why})",
        )
    )


# -- a game starts -----------------------------------------------------------------------------


def deal_game(s: TwoCrownsState, rng: Rng, events: list[Event]) -> None:
    """TC-R1/R2/R3: fresh shuffled decks, castles at 20, seven cards each, Dice of Destiny unused."""
    for seat in range(NUM_SEATS):
        deck = deck_ids(seat)
        rng.shuffle(deck)
        s.decks[seat] = deck
        s.hands[seat] = []
        s.discards[seat] = []
        s.rests[seat] = []
        s.groups[seat] = []
        s.castles[seat] = START_CASTLE
    s.group_sizes = [0, 0]
    s.revealed = False
    s.queue = []
    s.paying = []
    s.vassal = [False, False]
    s.drawn = []
    s.destiny_used_by = NOBODY
    for seat in range(NUM_SEATS):
        cards = draw(s, seat, START_HAND)
        s.hands[seat].extend(cards)
        events.append(draw_event(seat, cards))


def start_turn(s: TwoCrownsState, events: list[Event]) -> None:
    """Announce the turn; TC-R17: a seat that can neither attack nor draw loses now."""
    seat = s.current
    s.phase = TURN
    events.append(
        event("turn", {"turn": s.turn, "seat": seat}, f"Turn {s.turn}: {player(seat)} attacks or draws")
    )
    if not can_act(s, seat):
        finish_game(s, seat, REASON_STUCK, events)


def end_turn(s: TwoCrownsState, events: list[Event]) -> None:
    """TC-R5: Knights rested on an earlier turn come back; then the other seat's turn starts."""
    for seat in range(NUM_SEATS):
        back = [c for c, t in s.rests[seat] if t < s.turn]
        if back:
            s.rests[seat] = [(c, t) for c, t in s.rests[seat] if t >= s.turn]
            s.hands[seat].extend(back)
            events.append(
                event(
                    "unrest",
                    {"seat": seat, "cards": back},
                    f"{player(seat)}'s {names_and_verb(back, 'returns', 'return')} from rest",
                )
            )
    s.turn += 1
    s.current = 1 - s.current
    start_turn(s, events)


def damage(s: TwoCrownsState, seat: int, amount: int, events: list[Event]) -> bool:
    """Lower ``seat``'s castle; TC-R17: at 0 or less that seat loses at once.  True if it did."""
    s.castles[seat] -= amount
    events.append(
        event(
            "damage",
            {"seat": seat, "amount": amount, "castle": s.castles[seat]},
            f"{player(seat)}'s castle takes {amount} damage ({max(0, s.castles[seat])} left)",
        )
    )
    if s.castles[seat] <= 0:
        finish_game(s, seat, REASON_CASTLE, events)
        return True
    return False


def finish_game(s: TwoCrownsState, loser: int, reason: str, events: list[Event]) -> None:
    """A game is lost: score a crown; the match ends, or (TC-R3) the loser starts the next game."""
    winner = 1 - loser
    s.crowns[winner] += 1
    s.game_winners.append(winner)
    events.append(
        event(
            "game_over",
            {
                "winner": winner,
                "loser": loser,
                "reason": reason,
                "crowns": s.crowns[:],
                "game": s.game_number,
            },
            f"{player(winner)} wins game {s.game_number}: {player(loser)} {reason}",
        )
    )
    if s.crowns[winner] >= s.best_of // 2 + 1:
        s.phase = OVER
        s.winner = winner
        s.end_reason = reason
        return
    rng = Rng(s.rng)
    s.game_number += 1
    s.first_player = loser
    s.current = loser
    s.turn = 1
    events.append(
        event(
            "new_game",
            {"game": s.game_number, "first_player": loser, "crowns": s.crowns[:]},
            f"Game {s.game_number} begins; {player(loser)} lost the last game and starts",
            reveals=True,
        )
    )
    deal_game(s, rng, events)
    s.rng = rng.state
    start_turn(s, events)
