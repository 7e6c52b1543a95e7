"""What each seat may know in Condottiere (CO-R5), and full states consistent with it.

Public: every battle line, the discard pile, hand sizes, the draw pile's size, control
markers, both tokens, who has passed, and the Mercenaries everyone saw a Scarecrow take
back (CO-R29) that have not been played since.  Private: the contents of each hand, the
cards a keeper sets aside (CO-R42), the order of the draw pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict, cast

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import sort_hand
from crimson_table.engine.condottiere.state import KEEP, OVER, CondottiereState
from crimson_table.engine.condottiere.strength import (
    NOBODY,
    battle_winner,
    card_strengths,
    line_strengths,
    season,
)
from crimson_table.engine.core import JSON
from crimson_table.engine.rng import Rng


class BattleResult(TypedDict):
    """The last battle's result, kept on the table once the game is over (CO-R35, CO-R36)."""

    region: str
    strengths: list[int]
    winner: int | None


class CondottiereSearchView(TypedDict):
    """What ``search_view`` gives a search's bots: every key they read, checked by mypy there."""

    game: str
    seat: int | None
    players: int
    phase: str
    current_player: int | None
    holder: int
    region: str | None
    pope: str | None
    control: dict[str, int]  # region name -> owner
    hand: list[str]
    hands: list[list[str] | None]
    hand_sizes: list[int]
    known: list[list[str]]
    kept: list[str]
    kept_count: int
    lines: list[list[str]]
    passed: list[bool]
    draw_size: int
    ties: int
    round: int
    battle: int
    winners: list[int]
    reason: str


class CondottiereView(CondottiereSearchView):
    """What ``player_view`` and ``open_view`` give: the search's keys and what the table shows."""

    strengths: list[int]
    card_strengths: list[list[int | None]]
    season: str
    discard: list[str]
    last_result: BattleResult | None


def condottiere_view(view: Mapping[str, JSON]) -> CondottiereView:
    """A view the rules built, met as the generic contract's mapping (a table), as this game's:
    the one place the type is narrowed."""
    return cast(CondottiereView, view)


def bot_view(view: Mapping[str, JSON]) -> CondottiereSearchView:
    """A bot's view, either a seat's whole view or a search's lighter one: only the keys both hold."""
    return cast(CondottiereSearchView, view)


def _name(region: int) -> str | None:
    return None if region == NOBODY else italy().names[region]


def player_view(s: CondottiereState, seat: int | None) -> CondottiereView:
    """A JSON-able dict of exactly what ``seat`` may know (None: a spectator, every hand a count)."""
    return _view(s, seat, frozenset() if seat is None else frozenset((seat,)))


def search_view(s: CondottiereState, seat: int) -> CondottiereSearchView:
    """:func:`player_view` without what only the table shows: the line strengths, each card's
    strength, the season, the discard pile and the last result.

    A search plays thousands of bot turns a decision on sampled states, each through a view, and
    with six seats those derived figures cost as much as the bot's thinking.  The bots work out
    what they need from the lines themselves; every key kept here is the same as in
    :func:`player_view`.
    """
    return _public(s, seat, frozenset((seat,)))


def open_view(s: CondottiereState) -> CondottiereView:
    """The table with every hand (and cards set aside) face up (the rules check the game is over)."""
    return _view(s, None, frozenset(range(s.players)))


def _view(s: CondottiereState, seat: int | None, sees: frozenset[int]) -> CondottiereView:
    """The view of ``seat`` (None: nobody's) who sees the hands of the seats in ``sees``."""
    public = _public(s, seat, sees)
    return {
        **public,
        "strengths": line_strengths(s.lines),  # CO-R34 preview
        "card_strengths": card_strengths(s.lines),  # CO-R33: each card's value in its line
        "season": season(s.lines),
        "discard": s.discard[:],
        "last_result": _last_result(s),
    }


def _public(s: CondottiereState, seat: int | None, sees: frozenset[int]) -> CondottiereSearchView:
    """What :func:`_view` holds except the figures derived from the lines and the discard pile."""
    names = italy().names
    keeping = s.phase == KEEP and s.actor in sees
    return {
        "game": "condottiere",
        "seat": seat,
        "players": s.players,
        "phase": s.phase,
        "current_player": None if s.phase == OVER else s.actor,
        "holder": s.holder,
        "region": _name(s.region),
        "pope": _name(s.pope),
        "control": {names[r]: owner for r, owner in enumerate(s.control) if owner != NOBODY},
        "hand": s.hands[seat][:] if seat is not None else [],
        "hands": [h[:] if p in sees else None for p, h in enumerate(s.hands)],
        "hand_sizes": [len(h) for h in s.hands],
        "known": [k[:] for k in s.known],
        "kept": s.kept[:] if keeping else [],
        "kept_count": len(s.kept),
        "lines": [line[:] for line in s.lines],
        "passed": s.passed[:],
        "draw_size": len(s.draw),
        "ties": s.ties,
        "round": s.round,
        "battle": s.battle,
        "winners": list(s.winners),
        "reason": s.reason,
    }


def _last_result(s: CondottiereState) -> BattleResult | None:
    """Once the game is over the last battle's lines stay up: its result (CO-R35, CO-R36)."""
    if s.phase != OVER or s.region == NOBODY or not any(s.lines):
        return None
    strengths = line_strengths(s.lines)
    winner = battle_winner(strengths)
    return {
        "region": italy().names[s.region],
        "strengths": list(strengths),
        "winner": None if winner == NOBODY else winner,
    }


def _remove(cards: list[str], gone: list[str]) -> list[str]:
    rest = cards[:]
    for card in gone:
        rest.remove(card)
    return rest


def _held(s: CondottiereState, seat: int, keeper: int) -> list[str]:
    """``seat``'s hidden cards: the hand, plus the cards set aside if ``seat`` is keeping (CO-R42)."""
    return s.hands[seat] + s.kept if seat == keeper else s.hands[seat][:]


def determinize(s: CondottiereState, seat: int, seed: int) -> CondottiereState:
    """Re-deal every card ``seat`` cannot see: other hands (known cards stay), kept cards, the draw pile.

    A keeper's known cards (CO-R29) may lie in the hand or among the kept ones (CO-R42): they
    are dealt back to that player, and which of the player's cards are the kept ones is drawn
    at random as well.
    """
    d = s.clone()
    rng = Rng.from_seed(seed)
    keeper = d.actor if d.phase == KEEP and d.actor != seat else NOBODY
    pool = d.draw[:]
    for other in range(d.players):
        if other != seat:
            pool.extend(_remove(_held(d, other, keeper), d.known[other]))
    pool.sort()  # canonical order: the sample depends on the view and the seed alone, never the real order
    rng.shuffle(pool)
    for other in range(d.players):
        if other != seat:
            hidden = len(_held(d, other, keeper)) - len(d.known[other])
            cards = d.known[other] + [pool.pop() for _ in range(hidden)]
            if other == keeper:
                rng.shuffle(cards)
                d.kept, cards = cards[: len(d.kept)], cards[len(d.kept) :]
            sort_hand(cards)
            d.hands[other] = cards
    d.draw = pool
    d.rng = rng.fork()  # the real future shuffles stay unknown
    return d
