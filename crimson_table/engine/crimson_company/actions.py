"""The decisions of Crimson Company (supplement section 4) as small frozen actions.

BID, MATCH/PASS (RESPOND), DEPLOY, and the effect choices (EFFECT_CHOICE): a card, a
lane, an unordered pair of cards or a set of cards.  Cards are named by their ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crimson_table.engine.core import Action, ActionCodec
from crimson_table.engine.crimson_company.cards import IDS, INDEX, NAME, NUM_CARDS, NUM_LANES, TOTAL_COINS


def _name(card_id: str) -> str:
    index = INDEX.get(card_id)
    return NAME[index] if index is not None else card_id


@dataclass(frozen=True)
class Bid(Action):
    """Put ``amount`` coins on ``card`` (an offer card or, with a Fortune Teller, the deck top)."""

    KIND: ClassVar[str] = "bid"
    card: str
    amount: int

    @property
    def label(self) -> str:
        """Short text, e.g. ``Bid 3 on Demon``."""
        return f"Bid {self.amount} on {_name(self.card)}"


@dataclass(frozen=True)
class Match(Action):
    """Pay the bid (plus 1 against a Haggler) and recruit the card (CC-R11)."""

    KIND: ClassVar[str] = "match"

    @property
    def label(self) -> str:
        """Short text."""
        return "Match"


@dataclass(frozen=True)
class Pass(Action):
    """Let the bidder recruit the card; the bid goes to the supply (CC-R12)."""

    KIND: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        """Short text."""
        return "Pass"


@dataclass(frozen=True)
class Deploy(Action):
    """Play a waiting card to the bottom of the player's side of ``lane`` (CC-R16)."""

    KIND: ClassVar[str] = "deploy"
    card: str
    lane: int

    @property
    def label(self) -> str:
        """Short text."""
        return f"Play {_name(self.card)} in lane {self.lane + 1}"


@dataclass(frozen=True)
class PickCard(Action):
    """Choose one card for an effect."""

    KIND: ClassVar[str] = "pick_card"
    card: str

    @property
    def label(self) -> str:
        """Short text."""
        return _name(self.card)


@dataclass(frozen=True)
class PickLane(Action):
    """Choose one lane for an effect."""

    KIND: ClassVar[str] = "pick_lane"
    lane: int

    @property
    def label(self) -> str:
        """Short text."""
        return f"Lane {self.lane + 1}"


@dataclass(frozen=True)
class PickPair(Action):
    """Choose an unordered pair of distinct cards (listed in board order)."""

    KIND: ClassVar[str] = "pick_pair"
    first: str
    second: str

    @property
    def label(self) -> str:
        """Short text."""
        return f"{_name(self.first)} and {_name(self.second)}"


@dataclass(frozen=True)
class PickCards(Action):
    """Choose a set of cards (listed in board order), e.g. for the Siren."""

    KIND: ClassVar[str] = "pick_cards"
    cards: tuple[str, ...]

    @property
    def label(self) -> str:
        """Short text."""
        return " and ".join(_name(c) for c in self.cards)


ACTION_CLASSES: tuple[type[Action], ...] = (Bid, Match, Pass, Deploy, PickCard, PickLane, PickPair, PickCards)
CODEC = ActionCodec(ACTION_CLASSES)

# The options of the common decisions, made once: a decision lists them by the dozen (a bid every
# turn offers each card at every amount up to the bidder's coins) and actions are frozen values,
# so a list of options may share them.
BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(IDS[card], amount) for amount in range(1, TOTAL_COINS + 1)) for card in range(NUM_CARDS)
)
"""``BIDS[card][amount - 1]``: a bid of ``amount`` coins on the card of that index (CC-R9)."""
DEPLOYS: tuple[tuple[Deploy, ...], ...] = tuple(
    tuple(Deploy(IDS[card], lane) for lane in range(NUM_LANES)) for card in range(NUM_CARDS)
)
"""``DEPLOYS[card][lane]``: play the card of that index into ``lane`` (CC-R16)."""
PICK_CARDS: tuple[PickCard, ...] = tuple(PickCard(IDS[card]) for card in range(NUM_CARDS))
"""``PICK_CARDS[card]``: choose the card of that index for an effect."""
PICK_LANES: tuple[PickLane, ...] = tuple(PickLane(lane) for lane in range(NUM_LANES))
"""``PICK_LANES[lane]``: choose ``lane`` for an effect."""
MATCH = Match()
PASS = Pass()
