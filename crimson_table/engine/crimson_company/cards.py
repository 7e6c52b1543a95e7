"""The 30 sellsword cards of Crimson Company (supplement section 2), as a data table.

Cards are unique (CC-R1), so a card id names exactly one physical card.  The engine
stores cards as small ints (their index in :data:`CARDS`, which is sorted by id);
views, actions and saves use the string ids.
"""

from __future__ import annotations

from dataclasses import dataclass

DEPLOYMENT = "deployment"
INCOME = "income"
RECRUITMENT = "recruitment"
DESTRUCTION = "destruction"
SCORE = "score"
NONE = "none"


@dataclass(frozen=True)
class Card:
    """One sellsword: stable id, display name, printed strength, effect type and text."""

    id: str
    name: str
    strength: int
    kind: str
    text: str


CARDS: tuple[Card, ...] = (
    Card(
        "alchemist",
        "Alchemist",
        3,
        DEPLOYMENT,
        "Destroy one card in play (either side, any lane, face-down allowed, this card allowed). "
        "Its owner then gains coins equal to its strength (face-down: 0).",
    ),
    Card("banshee", "Banshee", 3, DESTRUCTION, "When destroyed, flip one card in play."),
    Card("berserker", "Berserker", 7, SCORE, "Every other card in this lane, both sides, gets -1 strength."),
    Card(
        "blood_priest",
        "Blood Priest",
        3,
        DEPLOYMENT,
        "Your opponent chooses one of their cards in this lane and destroys it.",
    ),
    Card(
        "bully",
        "Bully",
        4,
        DEPLOYMENT,
        "Destroy the weakest card on your opponent's side of this lane (face-down counts 0).",
    ),
    Card("changeling", "Changeling", 4, DEPLOYMENT, "Swap this card with another of your cards in play."),
    Card("clumsy_ogre", "Clumsy Ogre", 7, INCOME, "Flip the card directly below this card on your side."),
    Card("demon", "Demon", 6, DEPLOYMENT, "Flip one card in this lane (either side; this card allowed)."),
    Card(
        "dodgy_dealer",
        "Dodgy Dealer",
        2,
        INCOME,
        "If your side of this lane is stronger, gain 2; if your opponent's is, they gain 2.",
    ),
    Card("fairy", "Fairy", 1, SCORE, "On each side of this lane, double the strongest card."),
    Card(
        "fanatic",
        "Fanatic",
        2,
        DESTRUCTION,
        "When destroyed, destroy the top card of your opponent's side in another lane.",
    ),
    Card(
        "fortune_teller",
        "Fortune Teller",
        2,
        RECRUITMENT,
        "You may bid on the deck's top card as if it were a fifth card on offer.",
    ),
    Card("griffin_rider", "Griffin Rider", 6, NONE, "-"),
    Card(
        "haggler",
        "Haggler",
        2,
        RECRUITMENT,
        "To Match your bid your opponent needs your bid + 1 coins and pays you 1 extra.",
    ),
    Card("illusionist", "Illusionist", 2, DEPLOYMENT, "Swap two of your opponent's cards in play."),
    Card("ironclad_knight", "Ironclad Knight", 7, NONE, "-"),
    Card("martyr", "Martyr", 1, DESTRUCTION, "When destroyed, gain 3 coins."),
    Card(
        "monk",
        "Monk",
        3,
        DEPLOYMENT,
        "Flip one of your cards in play (this card allowed), then one of your opponent's.",
    ),
    Card("outrider", "Outrider", 4, INCOME, "Move this card to another active lane."),
    Card("pikeman", "Pikeman", 5, NONE, "-"),
    Card("plague_doctor", "Plague Doctor", 2, SCORE, "Every face-down card in this lane has strength 3."),
    Card(
        "quartermaster",
        "Quartermaster",
        3,
        RECRUITMENT,
        "At the start of your Recruitment phase, swap two of your cards in play.",
    ),
    Card(
        "sellsword", "Sellsword", 6, SCORE, "Pay 2 coins. If you paid fewer than 2, this card has strength 0."
    ),
    Card(
        "siren",
        "Siren",
        3,
        DEPLOYMENT,
        "Your opponent picks two of their cards in this lane; you move each to another lane.",
    ),
    Card(
        "slinger",
        "Slinger",
        2,
        DEPLOYMENT,
        "On each side of this lane, flip face-down every strongest face-up card.",
    ),
    Card(
        "standard_bearer", "Standard Bearer", 2, SCORE, "Every other face-up card on your side here gets +1."
    ),
    Card("stone_giant", "Stone Giant", 8, NONE, "-"),
    Card(
        "summoner",
        "Summoner",
        2,
        DEPLOYMENT,
        "Put the deck's top card face-down at the bottom of your side of an active lane.",
    ),
    Card(
        "undead",
        "Undead",
        3,
        DESTRUCTION,
        "When destroyed, return face-up to the bottom of your side of another active lane.",
    ),
    Card(
        "war_drummer", "War Drummer", 3, DEPLOYMENT, "Move one of your cards from another lane to this lane."
    ),
)

NUM_CARDS = len(CARDS)
INDEX: dict[str, int] = {card.id: i for i, card in enumerate(CARDS)}
IDS: tuple[str, ...] = tuple(card.id for card in CARDS)
STRENGTH: tuple[int, ...] = tuple(card.strength for card in CARDS)
KIND: tuple[str, ...] = tuple(card.kind for card in CARDS)
NAME: tuple[str, ...] = tuple(card.name for card in CARDS)


def card_index(card_id: str) -> int:
    """The int a card id is stored as; unknown ids raise KeyError."""
    return INDEX[card_id]


def _c(card_id: str) -> int:
    return INDEX[card_id]


ALCHEMIST, BANSHEE, BERSERKER, BLOOD_PRIEST, BULLY = (
    _c(n) for n in ("alchemist", "banshee", "berserker", "blood_priest", "bully")
)
CHANGELING, CLUMSY_OGRE, DEMON, DODGY_DEALER, FAIRY = (
    _c(n) for n in ("changeling", "clumsy_ogre", "demon", "dodgy_dealer", "fairy")
)
FANATIC, FORTUNE_TELLER, HAGGLER, ILLUSIONIST, MARTYR = (
    _c(n) for n in ("fanatic", "fortune_teller", "haggler", "illusionist", "martyr")
)
MONK, OUTRIDER, PLAGUE_DOCTOR, QUARTERMASTER, SELLSWORD = (
    _c(n) for n in ("monk", "outrider", "plague_doctor", "quartermaster", "sellsword")
)
SIREN, SLINGER, STANDARD_BEARER, SUMMONER, UNDEAD, WAR_DRUMMER = (
    _c(n) for n in ("siren", "slinger", "standard_bearer", "summoner", "undead", "war_drummer")
)

TOTAL_COINS = 40
NUM_LANES = 3
WAITING_CAP = 2
OFFER_SIZE = 4
SCORE_AT = 4
CASTLES_TO_WIN = 2  # CC-R42
BASE_INCOME = 3
MAX_TURNS = 200
