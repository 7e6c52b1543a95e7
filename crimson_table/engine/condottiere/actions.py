"""Condottiere actions: every decision is one small, enumerable choice.

A Bishop is two decisions (play it, then place the Favor of the Pope, CO-R28); a
Scarecrow is two (play it, then take back a Mercenary or none, CO-R29); keeping cards
at a round end is one card at a time, then "done" (CO-R42).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import title
from crimson_table.engine.core import Action, ActionCodec


@dataclass(frozen=True)
class ChooseRegion(Action):
    """CO-R11: the token holder places the Condottiere token on a region."""

    KIND: ClassVar[str] = "choose_region"
    region: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Fight for {_title(self.region)}"


@dataclass(frozen=True)
class PlayCard(Action):
    """CO-R13 (a): play one card from hand."""

    KIND: ClassVar[str] = "play_card"
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Play {title(self.card)}" if self.card in _TITLED else f"Play {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    """CO-R13 (b), CO-R14: pass for the rest of the battle."""

    KIND: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        """Button text."""
        return "Pass"


@dataclass(frozen=True)
class DismissHand(Action):
    """CO-R17: reveal and discard a hand holding no Mercenary (counts as passing)."""

    KIND: ClassVar[str] = "dismiss_hand"

    @property
    def label(self) -> str:
        """Button text."""
        return "Dismiss hand"


@dataclass(frozen=True)
class PlacePope(Action):
    """CO-R28: put the Favor of the Pope on a region, or (``None``) leave it off the board."""

    KIND: ClassVar[str] = "place_pope"
    region: str | None

    @property
    def label(self) -> str:
        """Button text."""
        return (
            "Leave the Favor off the board"
            if self.region is None
            else f"Favor of the Pope on {_title(self.region)}"
        )


@dataclass(frozen=True)
class TakeBack(Action):
    """CO-R29: return one own Mercenary to hand, or (``None``) none."""

    KIND: ClassVar[str] = "take_back"
    card: str | None

    @property
    def label(self) -> str:
        """Button text."""
        return "Take back nothing" if self.card is None else f"Take back {title(self.card)}"


@dataclass(frozen=True)
class KeepCard(Action):
    """CO-R42: keep this card for the next round."""

    KIND: ClassVar[str] = "keep_card"
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Keep {title(self.card)}"


@dataclass(frozen=True)
class KeepDone(Action):
    """CO-R42: discard the rest of the hand."""

    KIND: ClassVar[str] = "keep_done"

    @property
    def label(self) -> str:
        """Button text."""
        return "Done keeping"


_TITLED = frozenset(["Wi", "Sp", "Bi", "Co", "Dr", "He", "Sc", "Su"])

CODEC = ActionCodec([ChooseRegion, PlayCard, Pass, DismissHand, PlacePope, TakeBack, KeepCard, KeepDone])

PASS = Pass()
DISMISS = DismissHand()
KEEP_DONE = KeepDone()
NO_TAKE_BACK = TakeBack(None)
POPE_OFF = PlacePope(None)


def _title(region: str) -> str:
    board = italy()
    return board.title(board.index[region]) if region in board.index else region
