"""Condottiere primitives: dealing and the redeal, the region choice, the end of the game, the log's words.

Each changes a state that the caller has already cloned, appends the events it causes and
leaves the next decision in ``phase`` / ``actor``; none goes on to a battle's turns, which are
``battle.py``'s.  Rule IDs refer to ``condottiere_supplement.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import HAND_SIZE, sort_hand, title
from crimson_table.engine.condottiere.state import OVER, REGION, CondottiereState
from crimson_table.engine.condottiere.strength import NOBODY, owned_by
from crimson_table.engine.core import Event, seat_ref
from crimson_table.engine.rng import Rng

Events = list[Event]


def seat_name(seat: int) -> str:
    """How the log names a seat: a token the UI replaces with the seat's name (core.seat_ref)."""
    return seat_ref(seat)


def region_title(region: int) -> str:
    """A region's name for the log, or "off the board" for none."""
    return italy().title(region) if region != NOBODY else "off the board"


def event(events: Events, kind: str, data: Mapping[str, object], text: str, reveals: bool = False) -> None:
    """Append a public event."""
    events.append(Event(kind, data, text, reveals=reveals))


# -- dealing (CO-R8, CO-R43, CO-R44, CO-R46) ---------------------------------------------------


def _draw_one(s: CondottiereState, rng: Rng, events: Events) -> str | None:
    """The top card of the draw pile, the discard pile shuffled in first if the draw pile is empty."""
    if not s.draw and s.discard:  # CO-R46 (defensive)
        s.draw, s.discard = s.discard, []
        rng.shuffle(s.draw)
        event(
            events,
            "effect",
            {"effect": "reshuffle"},
            "The discard pile is shuffled into a new draw pile",
            True,
        )
    return s.draw.pop() if s.draw else None


def deal(s: CondottiereState, targets: list[int], events: Events) -> None:
    """Deal one card at a time clockwise from the left of the token holder (CO-R8, CO-R44)."""
    rng = Rng(s.rng)
    got: list[list[str]] = [[] for _ in range(s.players)]
    seat = (s.holder + 1) % s.players
    while any(len(got[i]) < targets[i] for i in range(s.players)):
        if len(got[seat]) < targets[seat]:
            card = _draw_one(s, rng, events)
            if card is None:  # CO-R46: nothing left anywhere, stop dealing
                break
            got[seat].append(card)
        seat = (seat + 1) % s.players
    s.rng = rng.state
    for seat, cards in enumerate(got):
        sort_hand(cards)
        s.hands[seat].extend(cards)
        sort_hand(s.hands[seat])
        events.append(
            Event(
                "deal",
                {"seat": seat, "cards": cards, "count": len(cards), "round": s.round},
                f"{seat_name(seat)} is dealt {len(cards)} cards",
                private_to=(seat,),
                private_text=f"{seat_name(seat)} is dealt {card_names(cards)}",
                reveals=True,
                public={"seat": seat, "count": len(cards), "round": s.round},  # how many, never which
            )
        )


def redeal(s: CondottiereState, events: Events) -> None:
    """CO-R43/CO-R44: shuffle every other card into a new draw pile and deal 10 + 1 per region."""
    rng = Rng(s.rng)
    s.draw = s.draw + s.discard
    s.discard = []
    rng.shuffle(s.draw)
    s.rng = rng.state
    s.round += 1
    targets = [HAND_SIZE + len(owned_by(s.control, seat)) for seat in range(s.players)]
    deal(s, targets, events)
    enter_region_phase(s, events)


# -- the region choice (CO-R11, CO-R39, CO-R52) ------------------------------------------------


def legal_regions(s: CondottiereState) -> list[int]:
    """CO-R11/CO-R39: uncontrolled regions without the Favor of the Pope."""
    return [r for r, owner in enumerate(s.control) if owner == NOBODY and r != s.pope]


def enter_region_phase(s: CondottiereState, events: Events) -> None:
    """The token holder is to choose a region (CO-R11); CO-R52 lifts the favor if it blocks all."""
    s.phase, s.actor, s.region = REGION, s.holder, NOBODY
    if not legal_regions(s) and s.pope != NOBODY:
        lifted = s.pope
        s.pope = NOBODY
        data = {"seat": None, "region": None, "from": italy().names[lifted], "rule": "CO-R52"}
        text = f"The Favor of the Pope leaves {region_title(lifted)}: it is the last free region"  # CO-R52
        event(events, "pope_favor", data, text)


# -- the end of the game and the log's words ---------------------------------------------------


def end_game(s: CondottiereState, winners: tuple[int, ...], reason: str, events: Events) -> None:
    """Stop the game with ``winners``."""
    s.phase, s.actor, s.winners, s.reason = OVER, NOBODY, winners, reason
    names = " and ".join(seat_name(w) for w in winners)
    words = reason_for_players(reason)
    event(events, "game_over", {"winners": list(winners), "reason": words}, f"Game over: {names} {words}")


def reason_for_players(reason: str) -> str:
    """The end reason in the players' words: the state keeps its rule IDs (saves replay to the same
    hash), players read it without them ("won by connected regions (CO-R47, CO-R48)" -> "won by
    connected regions")."""
    return re.sub(r" \((?:CO-R\d+(?:, )?)+\)", "", reason)


def card_names(cards: list[str]) -> str:
    """Cards by their names for the log ("Courtesan, Bishop"), or "nothing"."""
    return ", ".join(title(card) for card in cards) if cards else "nothing"
