"""Two Crowns card data: one 53-card deck per player (TC-R1), looked up by card id.

A card id is an int in ``0..105``: seat 0's deck is ``0..52`` and seat 1's deck is
``53..105``, so ``card % 53`` is the card's index inside its own deck and
``card // 53`` the seat whose deck it came from.  Ids are global rather than
per-seat because a Bishop (TC-R12) moves a Knight into the opponent's hand: a
card must stay recognisable wherever it travels.

>>> card_name(0), card_name(30), card_name(53 + 51)
('Knight 1', 'Knight 3', 'Catapult')
>>> VALUE[28], IS_KNIGHT[28], owner(60)
(3, True, 1)
"""

from __future__ import annotations

KNIGHT = "knight"
FEINT = "feint"
GOLD = "gold"
VASSAL = "vassal"
BISHOP = "bishop"
CATAPULT = "catapult"

DECK_SIZE = 53
NUM_SEATS = 2
NUM_CARDS = DECK_SIZE * NUM_SEATS
HAND_LIMIT = 7  # TC-R4
START_HAND = 7  # TC-R2
START_CASTLE = 20  # TC-R2
MAX_GROUP = 4  # TC-R9
CATAPULT_DAMAGE = 10  # TC-R11

# TC-R1: (kind, value, copies) in deck order; the value of a Gold card is its coins.
DECK_TABLE: tuple[tuple[str, int, int], ...] = (
    (KNIGHT, 1, 20),
    (KNIGHT, 2, 8),
    (KNIGHT, 3, 5),
    (FEINT, 0, 5),
    (GOLD, 1, 4),
    (GOLD, 2, 3),
    (VASSAL, 0, 3),
    (BISHOP, 0, 3),
    (CATAPULT, 0, 2),
)

# TC-R10..R14: the gold cost of each special card (Feint is free).
COST: dict[str, int] = {FEINT: 0, VASSAL: 2, BISHOP: 3, CATAPULT: 4}

# TC-R10: specials resolve kind by kind in this order.
RESOLUTION_ORDER: tuple[str, ...] = (CATAPULT, BISHOP, FEINT, VASSAL)

SPECIALS = frozenset(COST)

SHORT: dict[tuple[str, int], str] = {
    (KNIGHT, 1): "K1",
    (KNIGHT, 2): "K2",
    (KNIGHT, 3): "K3",
    (FEINT, 0): "F",
    (GOLD, 1): "G1",
    (GOLD, 2): "G2",
    (VASSAL, 0): "V",
    (BISHOP, 0): "B",
    (CATAPULT, 0): "C",
}
FROM_SHORT: dict[str, tuple[str, int]] = {v: k for k, v in SHORT.items()}


def _build_tables() -> tuple[tuple[str, ...], tuple[int, ...]]:
    kinds: list[str] = []
    values: list[int] = []
    for _seat in range(NUM_SEATS):
        for kind, value, copies in DECK_TABLE:
            kinds.extend([kind] * copies)
            values.extend([value] * copies)
    return tuple(kinds), tuple(values)


KIND, VALUE = _build_tables()
IS_KNIGHT: tuple[bool, ...] = tuple(k == KNIGHT for k in KIND)
IS_GOLD: tuple[bool, ...] = tuple(k == GOLD for k in KIND)
IS_SPECIAL: tuple[bool, ...] = tuple(k in SPECIALS for k in KIND)
KNIGHT_VALUE: tuple[int, ...] = tuple(v if k == KNIGHT else 0 for k, v in zip(KIND, VALUE, strict=True))
GOLD_VALUE: tuple[int, ...] = tuple(v if k == GOLD else 0 for k, v in zip(KIND, VALUE, strict=True))
SHORT_NAME: tuple[str, ...] = tuple(SHORT[(k, v)] for k, v in zip(KIND, VALUE, strict=True))


def owner(card: int) -> int:
    """The seat whose deck the card belongs to."""
    return card // DECK_SIZE


def deck_ids(seat: int) -> list[int]:
    """Every card id of ``seat``'s deck, in table order."""
    return list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))


def is_card(card: object) -> bool:
    """True for a valid card id (an int, not a bool, in range)."""
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < NUM_CARDS


def card_name(card: int) -> str:
    """Human name: ``"Knight 2"``, ``"Gold 1"``, ``"Feint"``..."""
    kind, value = KIND[card], VALUE[card]
    if kind in (KNIGHT, GOLD):
        return f"{kind.capitalize()} {value}"
    return kind.capitalize()


def names(cards: list[int] | tuple[int, ...]) -> str:
    """Comma-separated card names (for log lines)."""
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


def names_and_verb(cards: list[int] | tuple[int, ...], one: str, many: str) -> str:
    """The cards' names with the verb that agrees with how many they are (log lines).

    >>> names_and_verb([0], "returns", "return"), names_and_verb([0, 1], "returns", "return")
    ('Knight 1 returns', 'Knight 1, Knight 1 return')
    """
    return f"{names(cards)} {one if len(cards) == 1 else many}"


def knight_total(cards: list[int]) -> int:
    """Sum of the Knight values among ``cards``."""
    return sum(KNIGHT_VALUE[c] for c in cards)


def gold_total(cards: list[int]) -> int:
    """Coins among ``cards`` (TC-R10)."""
    return sum(GOLD_VALUE[c] for c in cards)


def strongest_knight(cards: list[int]) -> int | None:
    """The first Knight of the highest value in ``cards`` (TC-R12, TC-R13), or None."""
    best: int | None = None
    best_value = 0
    for c in cards:
        if KNIGHT_VALUE[c] > best_value:
            best, best_value = c, KNIGHT_VALUE[c]
    return best
