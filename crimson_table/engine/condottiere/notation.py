"""Build and print positions in the supplement's notation (``P2: 6 4 He``).

Tests describe "the position where..." in one call:

>>> s = position(3, holder=1, region="milano", hands={0: "Sc Bi Co"}, lines={1: "4"})
>>> describe(s).splitlines()[2]
'P2*: 4  (hand 0)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import DECK_COUNTS, ORDER, parse_cards, show_cards, sort_hand
from crimson_table.engine.condottiere.state import BATTLE, REGION, CondottiereState
from crimson_table.engine.condottiere.strength import NOBODY
from crimson_table.engine.rng import Rng


def _per_seat(players: int, given: Mapping[int, str] | None) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(players)]
    for seat, text in (given or {}).items():
        out[seat] = parse_cards(text)
    return out


def position(
    players: int,
    holder: int = 0,
    *,
    hands: Mapping[int, str] | None = None,
    lines: Mapping[int, str] | None = None,
    control: Mapping[str, int] | None = None,
    region: str | None = None,
    pope: str | None = None,
    passed: Iterable[int] = (),
    actor: int | None = None,
    known: Mapping[int, str] | None = None,
    discard: str = "",
    ties: int = 0,
    seed: int = 0,
) -> CondottiereState:
    """A consistent state: the given zones, every other card in a shuffled draw pile.

    With ``region`` the battle for it is under way (``actor`` to play, default the
    holder); without it the holder is to choose a region.  Unlisted hands are empty.
    """
    board = italy()
    hand_cards, line_cards = _per_seat(players, hands), _per_seat(players, lines)
    for hand in hand_cards:
        sort_hand(hand)
    used = Counter(parse_cards(discard))
    for cards in hand_cards + line_cards:
        used.update(cards)
    if used - DECK_COUNTS:
        raise ValueError(f"more copies than the deck holds: {dict(used - DECK_COUNTS)}")
    draw = list((DECK_COUNTS - used).elements())
    draw.sort(key=ORDER.index)
    rng = Rng.from_seed(seed)
    rng.shuffle(draw)
    owners = [NOBODY] * len(board.names)
    for name, seat in (control or {}).items():
        owners[board.index[name]] = seat
    return CondottiereState(
        rng=rng.state,
        players=players,
        phase=BATTLE if region else REGION,
        actor=holder if actor is None else actor,
        holder=holder,
        region=board.index[region] if region else NOBODY,
        pope=board.index[pope] if pope else NOBODY,
        control=owners,
        draw=draw,
        discard=parse_cards(discard),
        hands=hand_cards,
        lines=line_cards,
        passed=[seat in set(passed) for seat in range(players)],
        known=_per_seat(players, known),
        kept=[],
        ties=ties,
        round=1,
        battle=1 if region else 0,
        winners=(),
        reason="",
    )


def describe(s: CondottiereState) -> str:
    """One line per seat: ``P2*: 6 4 He  (hand 3)``; ``*`` marks the token holder, ``-`` a pass."""
    board = italy()
    where = board.names[s.region] if s.region != NOBODY else "—"
    pope = board.names[s.pope] if s.pope != NOBODY else "—"
    rows = [f"{s.phase} region={where} pope={pope} actor=P{s.actor + 1}"]
    for seat in range(s.players):
        mark = ("*" if seat == s.holder else "") + ("-" if s.passed[seat] else "")
        rows.append(f"P{seat + 1}{mark}: {show_cards(s.lines[seat])}  (hand {len(s.hands[seat])})")
    return "\n".join(rows)
