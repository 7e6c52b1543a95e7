"""What each seat may know in Two Crowns, and full states consistent with it.

Public: castles, crowns, turn and phase, rest piles and discard piles (card ids),
deck and hand sizes, battle groups once revealed, Gold being offered, the queue
of specials after the reveal.  Private to their owner: the hand, the face-down
group before the reveal, the two cards of a precise draw.  Nobody sees deck order.

The view gives the other seat's hand as a count only (it does not track which
cards were seen returning to that hand).  ``determinize`` re-deals every card
the seat cannot see: its own deck, the other seat's deck, hand, hidden group and
drawn cards, keeping every deck made of its own cards, Gold out of battle groups
and a Knight in a committed attack (TC-R9).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from typing import TypedDict, cast

from crimson_table.engine.core import JSON
from crimson_table.engine.rng import GOLDEN, MASK64, Rng
from crimson_table.engine.two_crowns.cards import DECK_SIZE, IS_GOLD, IS_KNIGHT
from crimson_table.engine.two_crowns.state import (
    ATTACK,
    DEFEND,
    GAME_ID,
    NOBODY,
    OVER,
    PAY,
    PRECISE_KEEP,
    TwoCrownsState,
)


class TwoCrownsSeatView(TypedDict):
    """One seat's zones in a :class:`TwoCrownsView` (``seats[i]``)."""

    castle: int
    crowns: int
    hand_count: int
    deck_count: int
    rest: list[list[int]]  # [card, turns left]
    discard: list[int]
    group: list[int] | None  # None: face down and not the viewer's
    group_count: int
    drawn_count: int


class TwoCrownsView(TypedDict):
    """What ``player_view`` and ``open_view`` give: the keys are checked by mypy where they are read."""

    game: str
    seat: int | None
    players: int
    phase: str
    turn: int
    current_player: int | None
    attacker: int
    first_player: int | None
    best_of: int
    game_number: int
    crowns: list[int]
    game_winners: list[int]
    castles: list[int]
    destiny_used_by: int | None
    winner: int | None
    end_reason: str
    hand: list[int]
    hands: list[list[int] | None]
    drawn: list[int]
    revealed: bool
    queue: list[list[int]]  # [seat, special card]
    paying: list[int]
    paying_seat: int | None
    vassal: list[bool]
    group_sizes: list[int]
    seats: list[TwoCrownsSeatView]


def two_crowns_view(view: Mapping[str, JSON]) -> TwoCrownsView:
    """A view the rules built, met as the generic contract's mapping (a bot's context, a table), as
    this game's: the one place the type is narrowed."""
    return cast(TwoCrownsView, view)


def _none_if_nobody(value: int) -> int | None:
    return None if value == NOBODY else value


def _seat_public(s: TwoCrownsState, seat: int, sees: frozenset[int]) -> TwoCrownsSeatView:
    """One seat's zones as a viewer who sees the hidden cards of the seats in ``sees`` sees them."""
    group = s.groups[seat]
    visible_group = seat in sees or s.revealed
    drawn_here = s.phase == PRECISE_KEEP and s.current == seat
    return {
        "castle": s.castles[seat],
        "crowns": s.crowns[seat],
        "hand_count": len(s.hands[seat]),
        "deck_count": len(s.decks[seat]),
        "rest": [[c, t] for c, t in s.rests[seat]],
        "discard": s.discards[seat][:],
        "group": group[:] if visible_group else None,
        "group_count": len(group),
        "drawn_count": len(s.drawn) if drawn_here else 0,
    }


def player_view(s: TwoCrownsState, seat: int | None) -> TwoCrownsView:
    """A JSON-able dict of exactly what ``seat`` may know (None: a spectator, every hand a count)."""
    return _view(s, seat, frozenset() if seat is None else frozenset((seat,)))


def open_view(s: TwoCrownsState) -> TwoCrownsView:
    """The table with every hand and face-down group face up (the rules check the game is over)."""
    return _view(s, None, frozenset(range(2)))


def _view(s: TwoCrownsState, seat: int | None, sees: frozenset[int]) -> TwoCrownsView:
    """The view of ``seat`` (None: nobody's) who sees the hidden cards of the seats in ``sees``."""
    mine_drawn = s.phase == PRECISE_KEEP and s.current in sees
    paying_seat = s.queue[0][0] if s.queue else None
    return {
        "game": GAME_ID,
        "seat": seat,
        "players": 2,
        "phase": s.phase,
        "turn": s.turn,
        "current_player": None if s.phase == OVER else _actor(s),
        "attacker": s.current,
        "first_player": _none_if_nobody(s.first_player),
        "best_of": s.best_of,
        "game_number": s.game_number,
        "crowns": s.crowns[:],
        "game_winners": s.game_winners[:],
        "castles": s.castles[:],
        "destiny_used_by": _none_if_nobody(s.destiny_used_by),
        "winner": _none_if_nobody(s.winner),
        "end_reason": s.end_reason,
        "hand": s.hands[seat][:] if seat is not None else [],
        "hands": [s.hands[i][:] if i in sees else None for i in range(2)],
        "drawn": s.drawn[:] if mine_drawn else [],
        "revealed": s.revealed,
        "queue": [[q, c] for q, c in s.queue] if s.revealed else [],
        "paying": s.paying[:],
        "paying_seat": paying_seat if s.revealed else None,
        "vassal": s.vassal[:],
        "group_sizes": s.group_sizes[:],
        "seats": [_seat_public(s, i, sees) for i in range(2)],
    }


def _actor(s: TwoCrownsState) -> int:
    if s.phase == DEFEND:
        return 1 - s.current
    if s.phase == PAY:
        return s.queue[0][0]
    return s.current


def determinize(s: TwoCrownsState, seat: int, seed: int) -> TwoCrownsState:
    """A full state equal to ``s`` on everything ``seat`` knows, hidden cards re-dealt at random.

    The unseen cards are pooled in sorted order before they are shuffled, so the sample depends
    on the view and the seed alone, never on the order the hidden cards really lie in.
    """
    rng = Rng.from_seed(seed)
    other = 1 - seat
    out = s.clone()
    hidden_group = not s.revealed and bool(s.groups[other])
    other_drawn = s.drawn if (s.phase == PRECISE_KEEP and s.current == other) else []
    pool = s.decks[seat] + s.decks[other] + s.hands[other] + other_drawn
    if hidden_group:
        pool += s.groups[other]
    pool.sort()  # canonical order; ids are grouped by owner (``cards.owner``), so one cut splits them
    cut = bisect_left(pool, DECK_SIZE)
    mine, theirs = (pool[:cut], pool[cut:]) if seat == 0 else (pool[cut:], pool[:cut])
    _shuffle(mine, rng)
    _shuffle(theirs, rng)
    # Own cards outside the own deck can only have reached the other seat through a Bishop (TC-R12).
    extra = len(mine) - len(s.decks[seat])
    stolen = [c for c in mine if IS_KNIGHT[c]][:extra] if extra else []
    out.decks[seat] = [c for c in mine if c not in stolen] if stolen else mine
    n_deck, n_drawn = len(s.decks[other]), len(other_drawn)
    deck = theirs[:n_deck]
    if other_drawn:
        out.drawn = theirs[n_deck : n_deck + n_drawn]
    loose = stolen + theirs[n_deck + n_drawn :]
    _shuffle(loose, rng)
    if hidden_group:
        needs_knight = s.phase != ATTACK and other == s.current  # a committed attack has a Knight (TC-R9)
        out.groups[other] = _deal_group(loose, deck, len(s.groups[other]), needs_knight)
    out.decks[other] = deck
    out.hands[other] = loose
    out.rng = rng.fork()
    return out


def _shuffle(items: list[int], rng: Rng) -> None:
    """Fisher-Yates from ``rng`` with SplitMix64 inlined and multiply-shift indices (for the search)."""
    state = rng.state
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.state = state


def _deal_group(loose: list[int], deck: list[int], size: int, needs_knight: bool) -> list[int]:
    """Take a hidden group out of ``loose``: no Gold (TC-R9), a Knight if required.

    Cards are swapped with ``deck`` when ``loose`` lacks them (Gold in ``loose``
    always belongs to the deck's owner, so the deck stays made of its own cards).
    """
    while sum(1 for c in loose if not IS_GOLD[c]) < size:
        gold = next(i for i, c in enumerate(loose) if IS_GOLD[c])
        other = next(i for i, c in enumerate(deck) if not IS_GOLD[c])
        loose[gold], deck[other] = deck[other], loose[gold]
    group = [c for c in loose if not IS_GOLD[c]][:size]
    if needs_knight and not any(IS_KNIGHT[c] for c in group):
        spare = [i for i, c in enumerate(loose) if IS_KNIGHT[c]]
        if spare:
            group[0] = loose[spare[0]]
        else:
            i = next(i for i, c in enumerate(deck) if IS_KNIGHT[c])
            j = loose.index(group[0])
            loose[j], deck[i] = deck[i], loose[j]
            group[0] = loose[j]
    for c in group:
        loose.remove(c)
    return group
