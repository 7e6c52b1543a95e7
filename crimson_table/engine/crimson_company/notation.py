"""Build "the position where..." in one call, and print a board compactly.

Used by tests (the supplement's CC-T scenarios) and handy when debugging.  A = seat 0
= P1, B = seat 1 = P2 (supplement section 6).  A lane is written as two sides, top to
bottom, with ``:fd`` marking a face-down card:

>>> s, _ = position({1: ("sellsword monk:fd", "ironclad_knight")}, coins=(1, 5), phase="end")
>>> lane_text(s, 1)
'L1: A sellsword monk:fd | B ironclad_knight'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_company.board import Ctx
from crimson_table.engine.crimson_company.cards import (
    IDS,
    INDEX,
    NUM_CARDS,
    NUM_LANES,
    OFFER_SIZE,
    TOTAL_COINS,
)
from crimson_table.engine.crimson_company.state import ACTIVE, CCState, Task, check_state

PHASES = {"income": 7, "recruit": 5, "bid": 4, "deploy": 3, "score": 2, "end": 1}  # tasks kept


def _turn_tasks(seat: int) -> list[Task]:
    """The tasks of a whole turn, bottom of the stack first (mirrors phases.start_turn)."""
    return [
        ("end_turn",),
        ("score_phase",),
        ("deploy_step", seat),
        ("bid", seat),
        ("recruit_fx",),
        ("income_base",),
        ("income_fx",),
    ]


def _parse_side(text: str) -> list[tuple[int, bool]]:
    out = []
    for word in text.split():
        name, _, flag = word.partition(":")
        out.append((INDEX[name], flag == "fd"))
    return out


def _ids(words: Iterable[str] | str) -> list[int]:
    if isinstance(words, str):
        words = words.split()
    return [INDEX[w] for w in words]


def position(
    lanes: Mapping[int, tuple[str, str]],
    *,
    active: int = 0,
    phase: str = "bid",
    coins: tuple[int, int] = (6, 4),
    offer: Iterable[str] | str | None = None,
    deck: Iterable[str] | str | None = None,
    deck_top: str | None = None,
    waiting: tuple[Iterable[str] | str, Iterable[str] | str] = ((), ()),
    won: Mapping[int, int] | None = None,
    turn: int = 1,
) -> tuple[CCState, list[Event]]:
    """A state at the start of ``phase`` of ``active``'s turn, run on to the first decision.

    Unplaced cards fill the offer (first 4 by id unless ``offer`` is given) and then the
    deck (``deck_top`` first if given); if ``deck`` is given, any card still unplaced goes
    to the discard pile.  The supply holds whatever the players do not (40 in all).
    """
    from crimson_table.engine.crimson_company.rules import run

    if phase not in PHASES:
        raise ValueError(f"phase must be one of {list(PHASES)}")
    sides, down = _board(lanes)
    wait = [_ids(waiting[0]), _ids(waiting[1])]
    deck_cards, offer_cards, discard = _piles(sides, wait, offer, deck, deck_top)
    won_by = [ACTIVE] * NUM_LANES
    for lane, seat in (won or {}).items():
        won_by[lane] = seat
    state = CCState(
        first=0,
        active=active,
        turn=turn,
        coins=list(coins),
        supply=TOTAL_COINS - sum(coins),
        deck=deck_cards,
        offer=offer_cards,
        waiting=wait,
        sides=sides,
        down=down,
        discard=discard,
        won_by=won_by,
        rng=0,
        tasks=_turn_tasks(active)[: PHASES[phase]],
    )
    check_state(state)
    ctx = Ctx(state)
    run(ctx)
    return state, ctx.events


def _board(lanes: Mapping[int, tuple[str, str]]) -> tuple[list[list[list[int]]], list[bool]]:
    sides: list[list[list[int]]] = [[[], []] for _ in range(NUM_LANES)]
    down = [False] * NUM_CARDS
    for lane, pair in lanes.items():
        for seat in (0, 1):
            for card, face_down in _parse_side(pair[seat]):
                sides[lane][seat].append(card)
                down[card] = face_down
    return sides, down


def _piles(
    sides: list[list[list[int]]],
    wait: list[list[int]],
    offer: Iterable[str] | str | None,
    deck: Iterable[str] | str | None,
    deck_top: str | None,
) -> tuple[list[int], list[int], list[int]]:
    """(deck, offer, discard) from the cards not on the board or waiting."""
    used = {c for pair in sides for side in pair for c in side} | set(wait[0]) | set(wait[1])
    free = [c for c in range(NUM_CARDS) if c not in used]
    offer_cards = _ids(offer) if offer is not None else free[:OFFER_SIZE]
    free = [c for c in free if c not in offer_cards]
    deck_cards = _ids(deck) if deck is not None else free
    if deck_top is not None:
        deck_cards = [INDEX[deck_top]] + [c for c in deck_cards if c != INDEX[deck_top]]
    discard = [c for c in free if c not in deck_cards]
    return deck_cards, offer_cards, discard


def side_text(state: CCState, lane: int, seat: int) -> str:
    """One side, top to bottom, e.g. ``pikeman bully:fd``."""
    return " ".join(IDS[c] + (":fd" if state.down[c] else "") for c in state.sides[lane][seat])


def lane_text(state: CCState, lane: int) -> str:
    """One lane as ``L1: A ... | B ...``."""
    return f"L{lane}: A {side_text(state, lane, 0)} | B {side_text(state, lane, 1)}"
