"""The Condottiere state, its cheap clone and its validated JSON round trip.

Zones (CO-R4): the draw pile (last element = top), the hands (kept sorted in the
canonical card order), one battle line per seat (in play order), the discard pile.
Regions are numbered as in :mod:`board`; ``control`` holds the owner of each region
or ``NOBODY``.  Every one of the 110 cards is in exactly one zone, counting the cards a
keeper has set aside at a round end (``kept``, CO-R42).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import DECK_COUNTS, KEEP_LIMIT, RANK, is_card
from crimson_table.engine.condottiere.strength import NOBODY
from crimson_table.engine.core import JSON, StateError

GAME_ID = "condottiere"

REGION = "region"  # CO-R11: the token holder chooses where to fight
BATTLE = "battle"  # CO-R13: play a card, pass or dismiss the hand
POPE = "pope"  # CO-R28: the Bishop's player places the Favor of the Pope
SCARECROW = "scarecrow"  # CO-R29: the Scarecrow's player takes back a Mercenary or none
KEEP = "keep"  # CO-R42: the last player holding cards keeps up to two
OVER = "over"
PHASES = (REGION, BATTLE, POPE, SCARECROW, KEEP, OVER)

BACKSTOP = 30  # CO-R53


@dataclass(slots=True)
class CondottiereState:
    """The whole game."""

    rng: int
    players: int
    phase: str
    actor: int  # seat to act, NOBODY when over
    holder: int  # Condottiere token (CO-R7, CO-R37)
    region: int  # region being fought over, NOBODY between battles
    pope: int  # region with the Favor of the Pope, NOBODY when off the board
    control: list[int]
    draw: list[str]
    discard: list[str]
    hands: list[list[str]]
    lines: list[list[str]]
    passed: list[bool]
    known: list[list[str]]  # cards everyone saw return to a hand (CO-R29) not played since
    kept: list[str]  # CO-R42: cards the keeper has set aside so far
    ties: int  # CO-R53: battles in a row without a marker
    round: int
    battle: int
    winners: tuple[int, ...]
    reason: str

    def clone(self) -> CondottiereState:
        """A copy sharing nothing mutable with ``self``."""
        return CondottiereState(
            self.rng,
            self.players,
            self.phase,
            self.actor,
            self.holder,
            self.region,
            self.pope,
            self.control[:],
            self.draw[:],
            self.discard[:],
            [h[:] for h in self.hands],
            [line[:] for line in self.lines],
            self.passed[:],
            [k[:] for k in self.known],
            self.kept[:],
            self.ties,
            self.round,
            self.battle,
            self.winners,
            self.reason,
        )


def _region_name(region: int) -> str | None:
    return None if region == NOBODY else italy().names[region]


def to_dict(s: CondottiereState) -> dict[str, JSON]:
    """A JSON-able dict; regions by key."""
    names = italy().names
    return {
        "game": GAME_ID,
        "rng": s.rng,
        "players": s.players,
        "phase": s.phase,
        "actor": s.actor,
        "holder": s.holder,
        "region": _region_name(s.region),
        "pope": _region_name(s.pope),
        "control": {names[r]: owner for r, owner in enumerate(s.control) if owner != NOBODY},
        "draw": s.draw[:],
        "discard": s.discard[:],
        "hands": [h[:] for h in s.hands],
        "lines": [line[:] for line in s.lines],
        "passed": s.passed[:],
        "known": [k[:] for k in s.known],
        "kept": s.kept[:],
        "ties": s.ties,
        "round": s.round,
        "battle": s.battle,
        "winners": list(s.winners),
        "reason": s.reason,
    }


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StateError(f"condottiere state: {message}")


def _int(d: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value: Any = d.get(key)
    _need(isinstance(value, int) and not isinstance(value, bool), f"{key!r} must be an int")
    _need(low <= value <= high, f"{key!r} = {value} is out of range {low}..{high}")
    return int(value)


def _cards(value: Any, what: str) -> list[str]:
    _need(isinstance(value, list) and all(is_card(c) for c in value), f"{what} must be a list of cards")
    return list(value)


def _seat_lists(d: Mapping[str, Any], key: str, players: int) -> list[list[str]]:
    value: Any = d.get(key)
    _need(isinstance(value, list) and len(value) == players, f"{key!r} must have one list per seat")
    return [_cards(v, f"{key}[{i}]") for i, v in enumerate(value)]


def _region_or_none(d: Mapping[str, Any], key: str) -> int:
    value: Any = d.get(key)
    if value is None:
        return NOBODY
    _need(isinstance(value, str) and value in italy().index, f"{key!r} names unknown region {value!r}")
    return italy().index[value]


def _control(d: Mapping[str, Any], players: int) -> list[int]:
    value: Any = d.get("control")
    _need(isinstance(value, dict), "'control' must be an object")
    control = [NOBODY] * len(italy().names)
    for name, owner in value.items():
        _need(name in italy().index, f"control names unknown region {name!r}")
        ok = isinstance(owner, int) and not isinstance(owner, bool) and 0 <= owner < players
        _need(ok, f"bad owner {owner!r} of {name}")
        control[italy().index[name]] = owner
    return control


def from_dict(d: Mapping[str, JSON]) -> CondottiereState:
    """Rebuild a state from :func:`to_dict`; anything inconsistent raises StateError."""
    _need(isinstance(d, Mapping) and d.get("game") == GAME_ID, "not a condottiere state")
    _need(isinstance(d.get("rng"), int) and not isinstance(d.get("rng"), bool), "'rng' must be an int")
    players = _int(d, "players", 2, 6)
    phase = d.get("phase")
    _need(phase in PHASES, f"unknown phase {phase!r}")
    passed: Any = d.get("passed")
    _need(isinstance(passed, list) and len(passed) == players and all(isinstance(p, bool) for p in passed),
          "'passed' must be one bool per seat")  # fmt: skip
    winners: Any = d.get("winners")
    _need(isinstance(winners, list) and all(type(w) is int and 0 <= w < players for w in winners),
          "'winners' must be a list of seats")  # fmt: skip
    _need(isinstance(d.get("reason"), str), "'reason' must be a string")
    s = CondottiereState(
        rng=int(d["rng"]),
        players=players,
        phase=str(phase),
        actor=_int(d, "actor", NOBODY, players - 1),
        holder=_int(d, "holder", 0, players - 1),
        region=_region_or_none(d, "region"),
        pope=_region_or_none(d, "pope"),
        control=_control(d, players),
        draw=_cards(d.get("draw"), "draw"),
        discard=_cards(d.get("discard"), "discard"),
        hands=_seat_lists(d, "hands", players),
        lines=_seat_lists(d, "lines", players),
        passed=list(passed),
        known=_seat_lists(d, "known", players),
        kept=_cards(d.get("kept"), "kept"),
        ties=_int(d, "ties", 0, BACKSTOP),
        round=_int(d, "round", 1, 10**9),
        battle=_int(d, "battle", 0, 10**9),
        winners=tuple(winners),
        reason=str(d["reason"]),
    )
    _check_consistency(s)
    return s


def _check_consistency(s: CondottiereState) -> None:
    zones = s.draw + s.discard + s.kept + [c for h in s.hands for c in h] + [c for li in s.lines for c in li]
    _need(Counter(zones) == DECK_COUNTS, "the zones do not hold exactly the 110 cards of CO-T1")
    for seat, hand in enumerate(s.hands):
        _need(hand == sorted(hand, key=RANK.__getitem__), f"hand {seat} is not in canonical order")
        held = hand + s.kept if s.phase == KEEP and seat == s.actor else hand  # CO-R42: kept ones too
        _need(not Counter(s.known[seat]) - Counter(held), f"known cards of seat {seat} are not in its hand")
    _need(len(s.kept) <= KEEP_LIMIT, "more than two kept cards")
    _need(not s.kept or s.phase == KEEP, "kept cards outside a round end")
    _need((s.phase == OVER) == (s.actor == NOBODY), "the actor must be NOBODY exactly when the game is over")
    _need((s.phase == OVER) == bool(s.winners), "winners must be set exactly when the game is over")
    fighting = s.phase in (BATTLE, POPE, SCARECROW)
    _need(
        fighting == (s.region != NOBODY) or s.phase == OVER, "a battle region must be set exactly in battle"
    )
    _need(s.region == NOBODY or s.control[s.region] == NOBODY or s.phase == OVER, "battle over a held region")
    _need(
        s.pope == NOBODY or s.control[s.pope] == NOBODY, "the Favor of the Pope lies on a controlled region"
    )
