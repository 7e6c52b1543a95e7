"""The Two Crowns state, its cheap clone and its validated JSON round trip.

Every card is in at most one zone: a deck (the last element is the top), a hand,
a rest pile (with the turn it was rested on, TC-R5), a battle group, the Gold
being offered for a special, the two cards of a precise draw, or a discard pile.
Lists are indexed by seat.  The state is mutable but used immutably: the rules
``clone()`` it before changing anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.core import JSON, StateError
from crimson_table.engine.two_crowns.cards import IS_GOLD, IS_SPECIAL, MAX_GROUP, NUM_SEATS, is_card

GAME_ID = "two_crowns"

ROLL = "roll"  # TC-R2: waiting for the first-player roll
TURN = "turn"  # TC-R6: the attacker chooses Attack / Large draw / Precise draw (or Dice of Destiny)
ATTACK = "attack"  # TC-R9: the attacker lays cards face down
DEFEND = "defend"  # TC-R9: the defender lays cards face down
PAY = "pay"  # TC-R10: the owner of the special at the head of the queue pays or declines
PRECISE_DISCARD = "precise_discard"  # TC-R8: choose the card to discard
PRECISE_KEEP = "precise_keep"  # TC-R8: choose which drawn card to keep
OVER = "over"  # the match is decided
PHASES = (ROLL, TURN, ATTACK, DEFEND, PAY, PRECISE_DISCARD, PRECISE_KEEP, OVER)

NOBODY = -1


@dataclass(slots=True)
class TwoCrownsState:
    """The whole match: the game in progress plus the score of the match (TC-R3)."""

    rng: int
    best_of: int
    game_number: int
    crowns: list[int]
    game_winners: list[int]
    first_player: int
    phase: str
    turn: int
    current: int
    castles: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    rests: list[list[tuple[int, int]]]
    groups: list[list[int]]
    group_sizes: list[int]
    revealed: bool
    queue: list[tuple[int, int]]
    paying: list[int]
    vassal: list[bool]
    drawn: list[int]
    destiny_used_by: int
    winner: int
    end_reason: str

    def clone(self) -> TwoCrownsState:
        """A copy sharing nothing mutable with ``self`` (lists copied, tuples shared)."""
        h, d, x, r, g = self.hands, self.decks, self.discards, self.rests, self.groups
        return TwoCrownsState(
            self.rng,
            self.best_of,
            self.game_number,
            self.crowns[:],
            self.game_winners[:],
            self.first_player,
            self.phase,
            self.turn,
            self.current,
            self.castles[:],
            [h[0][:], h[1][:]],
            [d[0][:], d[1][:]],
            [x[0][:], x[1][:]],
            [r[0][:], r[1][:]],
            [g[0][:], g[1][:]],
            self.group_sizes[:],
            self.revealed,
            self.queue[:],
            self.paying[:],
            self.vassal[:],
            self.drawn[:],
            self.destiny_used_by,
            self.winner,
            self.end_reason,
        )

    @property
    def attacker(self) -> int:
        """The seat whose turn it is (TC-R6)."""
        return self.current

    @property
    def defender(self) -> int:
        """The other seat."""
        return 1 - self.current

    def rest_cards(self, seat: int) -> list[int]:
        """The ids of ``seat``'s resting Knights."""
        return [c for c, _t in self.rests[seat]]

    def held(self, seat: int) -> int:
        """Hand plus rest: what counts toward the hand limit (TC-R4)."""
        return len(self.hands[seat]) + len(self.rests[seat])


def state_to_dict(s: TwoCrownsState) -> dict[str, JSON]:
    """The JSON-able form (lists of ints and strings only)."""
    return {
        "game": GAME_ID,
        "rng": s.rng,
        "best_of": s.best_of,
        "game_number": s.game_number,
        "crowns": s.crowns[:],
        "game_winners": s.game_winners[:],
        "first_player": s.first_player,
        "phase": s.phase,
        "turn": s.turn,
        "current": s.current,
        "castles": s.castles[:],
        "hands": [h[:] for h in s.hands],
        "decks": [d[:] for d in s.decks],
        "discards": [x[:] for x in s.discards],
        "rests": [[[c, t] for c, t in r] for r in s.rests],
        "groups": [g[:] for g in s.groups],
        "group_sizes": s.group_sizes[:],
        "revealed": s.revealed,
        "queue": [[seat, c] for seat, c in s.queue],
        "paying": s.paying[:],
        "vassal": s.vassal[:],
        "drawn": s.drawn[:],
        "destiny_used_by": s.destiny_used_by,
        "winner": s.winner,
        "end_reason": s.end_reason,
    }


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"two_crowns state: {key!r} must be an int in {low}..{high}, not {value!r}")
    return value


def _pair(data: Mapping[str, Any], key: str, low: int, high: int) -> list[int]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != NUM_SEATS:
        raise StateError(f"two_crowns state: {key!r} must be a list of {NUM_SEATS} ints")
    return [_int({key: v}, key, low, high) for v in value]


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(is_card(c) for c in value):
        raise StateError(f"two_crowns state: {what} must be a list of card ids 0..105")
    return list(value)


def _per_seat(data: Mapping[str, Any], key: str) -> list[list[int]]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != NUM_SEATS:
        raise StateError(f"two_crowns state: {key!r} must hold one list per seat")
    return [_cards(v, f"{key}[{i}]") for i, v in enumerate(value)]


def _rests(data: Mapping[str, Any]) -> list[list[tuple[int, int]]]:
    value = data.get("rests")
    if not isinstance(value, list) or len(value) != NUM_SEATS:
        raise StateError("two_crowns state: 'rests' must hold one list per seat")
    out: list[list[tuple[int, int]]] = []
    for pile in value:
        if not isinstance(pile, list):
            raise StateError("two_crowns state: a rest pile must be a list of [card, turn]")
        entries = []
        for entry in pile:
            if not (isinstance(entry, list) and len(entry) == 2 and is_card(entry[0])):
                raise StateError(f"two_crowns state: bad rest entry {entry!r}")
            entries.append((entry[0], _int({"turn": entry[1]}, "turn", 0, 10**6)))
        out.append(entries)
    return out


def _queue(data: Mapping[str, Any]) -> list[tuple[int, int]]:
    value = data.get("queue")
    if not isinstance(value, list):
        raise StateError("two_crowns state: 'queue' must be a list of [seat, card]")
    out = []
    for entry in value:
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in (0, 1) and is_card(entry[1])):
            raise StateError(f"two_crowns state: bad queue entry {entry!r}")
        if not IS_SPECIAL[entry[1]]:
            raise StateError(f"two_crowns state: queued card {entry[1]} is not a special card")
        out.append((int(entry[0]), entry[1]))
    return out


def state_from_dict(data: Mapping[str, JSON]) -> TwoCrownsState:
    """Validate and rebuild a state; anything malformed raises StateError."""
    if not isinstance(data, Mapping) or data.get("game") != GAME_ID:
        raise StateError("not a two_crowns state (missing or wrong 'game')")
    if not isinstance(data.get("rng"), int) or isinstance(data.get("rng"), bool):
        raise StateError("two_crowns state: 'rng' must be an int")
    if data.get("phase") not in PHASES:
        raise StateError(f"two_crowns state: unknown phase {data.get('phase')!r}")
    for key in ("revealed",):
        if not isinstance(data.get(key), bool):
            raise StateError(f"two_crowns state: {key!r} must be a bool")
    vassal = data.get("vassal")
    if not (
        isinstance(vassal, list) and len(vassal) == NUM_SEATS and all(isinstance(v, bool) for v in vassal)
    ):
        raise StateError("two_crowns state: 'vassal' must be two bools")
    winners = data.get("game_winners")
    if not (isinstance(winners, list) and all(w in (0, 1) and not isinstance(w, bool) for w in winners)):
        raise StateError("two_crowns state: 'game_winners' must be a list of seats")
    if not isinstance(data.get("end_reason"), str):
        raise StateError("two_crowns state: 'end_reason' must be a string")
    state = TwoCrownsState(
        rng=int(data["rng"]),
        best_of=_int(data, "best_of", 1, 3),
        game_number=_int(data, "game_number", 1, 3),
        crowns=_pair(data, "crowns", 0, 2),
        game_winners=list(winners),
        first_player=_int(data, "first_player", NOBODY, 1),
        phase=str(data["phase"]),
        turn=_int(data, "turn", 0, 10**6),
        current=_int(data, "current", 0, 1),
        castles=_pair(data, "castles", -(10**6), 10**6),
        hands=_per_seat(data, "hands"),
        decks=_per_seat(data, "decks"),
        discards=_per_seat(data, "discards"),
        rests=_rests(data),
        groups=_per_seat(data, "groups"),
        group_sizes=_pair(data, "group_sizes", 0, MAX_GROUP),
        revealed=bool(data["revealed"]),
        queue=_queue(data),
        paying=_cards(data.get("paying"), "paying"),
        vassal=[bool(v) for v in vassal],
        drawn=_cards(data.get("drawn"), "drawn"),
        destiny_used_by=_int(data, "destiny_used_by", NOBODY, 1),
        winner=_int(data, "winner", NOBODY, 1),
        end_reason=str(data["end_reason"]),
    )
    _check_consistency(state)
    return state


def _check_consistency(s: TwoCrownsState) -> None:
    """Cross-field checks: each card in one place, groups without Gold, sane phase data."""
    zones: list[int] = [*s.paying, *s.drawn]
    for seat in range(NUM_SEATS):
        zones += s.hands[seat] + s.decks[seat] + s.discards[seat] + s.groups[seat] + s.rest_cards(seat)
    if len(zones) != len(set(zones)):
        raise StateError("two_crowns state: a card appears in more than one place")
    for seat in range(NUM_SEATS):
        group = s.groups[seat]
        if len(group) > MAX_GROUP or any(IS_GOLD[c] for c in group):
            raise StateError(f"two_crowns state: battle group of seat {seat} is invalid (TC-R9)")
    if not all(IS_GOLD[c] for c in s.paying):
        raise StateError("two_crowns state: only Gold can be offered as payment (TC-R10)")
    for seat, card in s.queue:
        if card not in s.groups[seat]:
            raise StateError(f"two_crowns state: queued special {card} is not in seat {seat}'s group")
    if s.best_of not in (1, 3) or s.game_number > s.best_of:
        raise StateError(
            f"two_crowns state: best of {s.best_of}, game {s.game_number} is not a valid match (TC-R3)"
        )
    if s.phase == PAY and not s.queue:
        raise StateError("two_crowns state: paying for nothing (empty queue in the pay phase)")
    if (s.phase == OVER) != (s.winner != NOBODY):
        raise StateError("two_crowns state: 'winner' must be set exactly when the match is over")
