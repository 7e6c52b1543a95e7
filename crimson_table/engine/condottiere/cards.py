"""Condottiere card data (supplement table CO-T1) and the short card notation.

Cards are identified by the supplement's shorthand, which is also their stored form:
a bare number is a Mercenary of that printed strength (``"1" "2" "3" "4" "5" "6"
"10"``); ``Wi`` Winter, ``Sp`` Spring, ``Bi`` Bishop, ``Co`` Courtesan, ``Dr`` Drummer,
``He`` Heroine, ``Sc`` Scarecrow, ``Su`` Surrender.  Copies of a card are identical, so
a zone is a list of these strings.

>>> parse_cards("10 6 He")
['10', '6', 'He']
>>> len(full_deck())
110
"""

from __future__ import annotations

from collections import Counter

WINTER, SPRING, BISHOP, COURTESAN = "Wi", "Sp", "Bi", "Co"
DRUMMER, HEROINE, SCARECROW, SURRENDER = "Dr", "He", "Sc", "Su"

# CO-T1: card -> (title, printed strength or 0, copies).
CARDS: dict[str, tuple[str, int, int]] = {
    "1": ("Mercenary 1", 1, 10),
    "2": ("Mercenary 2", 2, 8),
    "3": ("Mercenary 3", 3, 8),
    "4": ("Mercenary 4", 4, 8),
    "5": ("Mercenary 5", 5, 8),
    "6": ("Mercenary 6", 6, 8),
    "10": ("Mercenary 10", 10, 8),
    HEROINE: ("Heroine", 10, 3),
    COURTESAN: ("Courtesan", 1, 12),
    DRUMMER: ("Drummer", 0, 6),
    WINTER: ("Winter", 0, 3),
    SPRING: ("Spring", 0, 3),
    BISHOP: ("Bishop", 0, 6),
    SCARECROW: ("Scarecrow", 0, 16),
    SURRENDER: ("Surrender", 0, 3),
}

# The canonical order of cards: hands are kept sorted by it, legal actions follow it.
ORDER: tuple[str, ...] = tuple(CARDS)
RANK: dict[str, int] = {card: i for i, card in enumerate(ORDER)}

# CO-R3: Mercenaries are the cards with printed strength 1-6 or 10; Heroine and
# Courtesan have strength but are not Mercenaries.
MERCENARY: dict[str, int] = {card: CARDS[card][1] for card in ("1", "2", "3", "4", "5", "6", "10")}

# CO-R6: cards that stay in the line of the player who played them; the others
# (Bishop, Scarecrow, Surrender) resolve and go to the discard pile.
STAYING: frozenset[str] = frozenset([*MERCENARY, HEROINE, COURTESAN, DRUMMER, WINTER, SPRING])

DECK_SIZE = 110
HAND_SIZE = 10  # CO-R8
KEEP_LIMIT = 2  # CO-R42


def title(card: str) -> str:
    """The card's name for players: ``"Mercenary 10"``, ``"Winter"``."""
    return CARDS[card][0]


def is_card(value: object) -> bool:
    """True for one of the fifteen card tokens."""
    return isinstance(value, str) and value in CARDS


def full_deck() -> list[str]:
    """The 110 cards of CO-T1 in canonical order (shuffle before use)."""
    return [card for card, (_, _, copies) in CARDS.items() for _ in range(copies)]


DECK_COUNTS: Counter[str] = Counter(full_deck())


def parse_cards(text: str) -> list[str]:
    """Cards from the supplement's notation, e.g. ``"6 4 He"``; ``"—"`` or ``""`` is none."""
    out = [token for token in text.replace("—", " ").split() if token]
    for token in out:
        if token not in CARDS:
            raise ValueError(f"unknown card {token!r} (use 1-6, 10, Wi, Sp, Bi, Co, Dr, He, Sc, Su)")
    return out


def show_cards(cards: list[str]) -> str:
    """The notation of a list of cards; an empty list is ``—``."""
    return " ".join(cards) if cards else "—"


def sort_hand(hand: list[str]) -> None:
    """Sort a hand in place into the canonical order."""
    hand.sort(key=RANK.__getitem__)


def thresholds(players: int) -> tuple[int, int]:
    """CO-R48 / CO-T4: (regions in total, connected regions) needed to win."""
    return (6, 4) if players <= 3 else (5, 3)
