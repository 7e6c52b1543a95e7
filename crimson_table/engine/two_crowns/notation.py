"""A one-line text notation for Two Crowns positions at the start of a turn (like chess FEN).

::

    turn 4 seat 0 castles 20 17 destiny - | hand K3 K2 G1 rest K1@3 deck K1 K2 +20 discard F
        | hand K1 K1 rest - deck 30 discard -

The header gives the turn number, the seat to act, both castles, who used the
Dice of Destiny (``-`` for nobody) and optionally ``bestof 3 won 0`` (the winners of the match's
games so far, in order, ``-`` for none: the crowns and the game number follow from them, TC-R3).
Then one section per seat: ``hand``, ``rest`` (``card@turn-rested``), ``deck``
(top card first; ``+N`` or a bare ``N`` adds N more of the seat's unused cards
underneath) and ``discard``.  Cards are ``K1 K2 K3 F G1 G2 V B C``; a trailing
``'`` marks a card from the other seat's deck (a Knight taken by a Bishop).
Each token gets the lowest unused id of its kind, so card identities are
canonical: ``to_notation(from_notation(text)) == text`` for canonical text.

>>> s = from_notation("turn 1 seat 0 castles 20 20 destiny - | hand K3 | hand K1 G2")
>>> to_notation(s)
'turn 1 seat 0 castles 20 20 destiny - | hand K3 rest - deck - discard - | hand K1 G2 rest - deck - discard -'
"""

from __future__ import annotations

from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.cards import (
    DECK_SIZE,
    FROM_SHORT,
    KIND,
    NUM_SEATS,
    SHORT_NAME,
    VALUE,
    owner,
)
from crimson_table.engine.two_crowns.rules import new_state
from crimson_table.engine.two_crowns.state import NOBODY, TURN, TwoCrownsState

SECTIONS = ("hand", "rest", "deck", "discard")


class NotationError(ValueError):
    """Text that is not a valid Two Crowns position."""


def to_notation(s: TwoCrownsState) -> str:
    """The notation of a position at the start of a turn (phase ``turn``)."""
    if s.phase != TURN:
        raise NotationError(f"only positions at the start of a turn have a notation, not phase {s.phase!r}")
    destiny = "-" if s.destiny_used_by == NOBODY else str(s.destiny_used_by)
    head = f"turn {s.turn} seat {s.current} castles {s.castles[0]} {s.castles[1]} destiny {destiny}"
    if s.best_of != 1:
        head += f" bestof {s.best_of} won {' '.join(map(str, s.game_winners)) or '-'}"
    parts = [head]
    for seat in range(NUM_SEATS):
        rest = [f"{_token(c, seat)}@{t}" for c, t in s.rests[seat]]
        deck = [_token(c, seat) for c in reversed(s.decks[seat])]
        fields = (
            ("hand", [_token(c, seat) for c in s.hands[seat]]),
            ("rest", rest),
            ("deck", deck),
            ("discard", [_token(c, seat) for c in s.discards[seat]]),
        )
        parts.append(" ".join(f"{name} {' '.join(items) if items else '-'}" for name, items in fields))
    return " | ".join(parts)


def _token(card: int, seat: int) -> str:
    return SHORT_NAME[card] + ("'" if owner(card) != seat else "")


def from_notation(text: str, seed: int = 0) -> TwoCrownsState:
    """Build the position (phase ``turn``); ``seed`` seeds the state's PRNG for later dice."""
    parts = [p.split() for p in text.split("|")]
    if len(parts) != 1 + NUM_SEATS:
        raise NotationError("expected a header and two seat sections separated by '|'")
    s = _header(parts[0], seed)
    used: set[int] = set()
    extras = [0, 0]
    for seat in range(NUM_SEATS):
        extras[seat] = _seat_section(s, seat, parts[1 + seat], used)
    for seat in range(NUM_SEATS):
        spare = [c for c in range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE) if c not in used]
        if extras[seat] > len(spare):
            raise NotationError(f"seat {seat}: only {len(spare)} unused cards left for '+{extras[seat]}'")
        under = spare[: extras[seat]]
        used.update(under)
        s.decks[seat] = list(reversed(under)) + s.decks[seat]
    return s


def _header(words: list[str], seed: int) -> TwoCrownsState:
    s = new_state(seed, 1)
    s.rng = Rng.from_seed(seed).state
    s.phase, s.first_player = TURN, 0
    for seat in range(NUM_SEATS):
        s.hands[seat], s.decks[seat] = [], []
    try:
        i = 0
        while i < len(words):
            key = words[i]
            if key in ("turn", "seat", "bestof"):
                _set_one(s, key, int(words[i + 1]))
                i += 2
            elif key == "castles":
                s.castles = [int(words[i + 1]), int(words[i + 2])]
                i += 3
            elif key == "won":
                i = _games_won(s, words, i + 1)
            elif key == "destiny":
                s.destiny_used_by = NOBODY if words[i + 1] == "-" else int(words[i + 1])
                i += 2
            else:
                raise NotationError(f"unknown header word {key!r}")
    except (IndexError, ValueError) as exc:
        raise NotationError(f"bad header {' '.join(words)!r}: {exc}") from None
    return s


def _set_one(s: TwoCrownsState, key: str, value: int) -> None:
    if key == "turn":
        s.turn = value
    elif key == "seat":
        s.current = s.first_player = value
    else:
        s.best_of = value


def _games_won(s: TwoCrownsState, words: list[str], i: int) -> int:
    """Read the winners of the games played (``-`` for none) from ``words[i]``; the crowns and the
    number of the game under way follow from them (TC-R3).  Returns the index after them."""
    winners: list[int] = []
    if words[i] == "-":
        i += 1
    while i < len(words) and words[i] in ("0", "1"):
        winners.append(int(words[i]))
        i += 1
    s.game_winners = winners
    s.crowns = [winners.count(0), winners.count(1)]
    s.game_number = len(winners) + 1
    return i


def _seat_section(s: TwoCrownsState, seat: int, words: list[str], used: set[int]) -> int:
    """Fill one seat's zones; returns how many extra unused cards go under its deck."""
    section = ""
    extra = 0
    for word in words:
        if word in SECTIONS:
            section = word
        elif word == "-":
            continue
        elif section == "deck" and (word.startswith("+") or word.isdigit()):
            extra += int(word.lstrip("+"))
        elif section == "rest":
            name, _, turn = word.partition("@")
            if not turn.isdigit():
                raise NotationError(f"rest card {word!r} needs '@turn'")
            s.rests[seat].append((_take(name, seat, used), int(turn)))
        elif section in ("hand", "discard", "deck"):
            card = _take(word, seat, used)
            {"hand": s.hands, "discard": s.discards, "deck": s.decks}[section][seat].append(card)
        else:
            raise NotationError(f"card {word!r} outside a section")
    s.decks[seat].reverse()  # written top first; the top is the end of the list
    return extra


def _take(token: str, seat: int, used: set[int]) -> int:
    """The lowest unused id of the card named by ``token``."""
    deck_owner = 1 - seat if token.endswith("'") else seat
    kind_value = FROM_SHORT.get(token.rstrip("'"))
    if kind_value is None:
        raise NotationError(f"unknown card {token!r} (use K1 K2 K3 F G1 G2 V B C)")
    for card in range(deck_owner * DECK_SIZE, (deck_owner + 1) * DECK_SIZE):
        if card not in used and (KIND[card], VALUE[card]) == kind_value:
            used.add(card)
            return card
    raise NotationError(f"no {token!r} left in seat {deck_owner}'s deck")
