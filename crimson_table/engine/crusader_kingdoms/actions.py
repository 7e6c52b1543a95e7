"""Crusader Kingdoms actions: every decision is one small, enumerable choice.

A round (CK-R14) is one of Attack, Incursion, PlayEvent, Discard, Pass.  An attack then
runs as small decisions: commit troops and ATT responses one card at a time (CK-R19 step
2), one response window per seat (CK-R26), garrisons one at a time (CK-R28), and the
reward (CK-R22).  Events that need a player or a region ask for it next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crimson_table.engine.core import Action, ActionCodec
from crimson_table.engine.crusader_kingdoms.cards import title


def _region(key: str) -> str:
    return key.replace("_", " ").title()


@dataclass(frozen=True)
class Attack(Action):
    """CK-R15: announce an attack on a region."""

    KIND: ClassVar[str] = "attack"
    region: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Attack {_region(self.region)}"


@dataclass(frozen=True)
class Incursion(Action):
    """CK-R16: discard a troop and roll one die against a bordering opponent (-2 = the Bot)."""

    KIND: ClassVar[str] = "incursion"
    target: int
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        who = "the Bot" if self.target < 0 else f"player {self.target + 1}"
        return f"Incursion against {who} with {title(self.card)}"


@dataclass(frozen=True)
class PlayEvent(Action):
    """CK-R17: play an event card."""

    KIND: ClassVar[str] = "play_event"
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Play {title(self.card)}"


@dataclass(frozen=True)
class Discard(Action):
    """CK-R18: discard one card face down."""

    KIND: ClassVar[str] = "discard"
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Discard {title(self.card)}"


@dataclass(frozen=True)
class Pass(Action):
    """CK-R18, CK-R12, CK-R36: do nothing this round (final for the turn in 1-2P)."""

    KIND: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        """Button text."""
        return "Pass"


@dataclass(frozen=True)
class ChooseSeat(Action):
    """The player an event targets."""

    KIND: ClassVar[str] = "choose_seat"
    seat: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Choose player {self.seat + 1}"


@dataclass(frozen=True)
class ChooseRegion(Action):
    """The region an event attacks (or the Independent Attack's target)."""

    KIND: ClassVar[str] = "choose_region"
    region: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Target {_region(self.region)}"


@dataclass(frozen=True)
class Decline(Action):
    """c_spies: make no attack."""

    KIND: ClassVar[str] = "decline"

    @property
    def label(self) -> str:
        """Button text."""
        return "No attack"


@dataclass(frozen=True)
class Commit(Action):
    """CK-R19 step 2: place one troop (or ATT response) face down in the attack."""

    KIND: ClassVar[str] = "commit"
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Commit {title(self.card)}"


@dataclass(frozen=True)
class CommitDone(Action):
    """Stop committing cards (at least one troop is needed, CK-R15 (a))."""

    KIND: ClassVar[str] = "commit_done"

    @property
    def label(self) -> str:
        """Button text."""
        return "Done committing"


@dataclass(frozen=True)
class Respond(Action):
    """CK-R26: place one response card face down on a side."""

    KIND: ClassVar[str] = "respond"
    card: str
    side: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Place {title(self.card)} on {'attack' if self.side == 'ATT' else 'defence'}"


@dataclass(frozen=True)
class RespondDone(Action):
    """CK-R26: close your one response window."""

    KIND: ClassVar[str] = "respond_done"

    @property
    def label(self) -> str:
        """Button text."""
        return "No more responses"


@dataclass(frozen=True)
class UseGarrison(Action):
    """CK-R28: use one garrison in or next to the attacked region (+1 defence die)."""

    KIND: ClassVar[str] = "use_garrison"
    region: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Use the garrison of {_region(self.region)}"


@dataclass(frozen=True)
class GarrisonsDone(Action):
    """CK-R28: no more garrisons."""

    KIND: ClassVar[str] = "garrisons_done"

    @property
    def label(self) -> str:
        """Button text."""
        return "No more garrisons"


@dataclass(frozen=True)
class TakeBonus(Action):
    """CK-R22: advance your Card Bonus by 1 as the conquest reward."""

    KIND: ClassVar[str] = "take_bonus"

    @property
    def label(self) -> str:
        """Button text."""
        return "Card Bonus +1"


@dataclass(frozen=True)
class PlaceGarrison(Action):
    """CK-R22 / CK-R29 / Castle Builders / Add Troops: place a garrison in a region of yours."""

    KIND: ClassVar[str] = "place_garrison"
    region: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Garrison {_region(self.region)}"


@dataclass(frozen=True)
class PickCard(Action):
    """A card chosen from a hand (Assassins, Scorched Earth, Succession)."""

    KIND: ClassVar[str] = "pick_card"
    card: str

    @property
    def label(self) -> str:
        """Button text."""
        return f"Choose {title(self.card)}"


@dataclass(frozen=True)
class TrucePenalty(Action):
    """m_truce: the defender picks the attacker's penalty: ``bonus`` or a garrison's region."""

    KIND: ClassVar[str] = "truce_penalty"
    option: str

    @property
    def label(self) -> str:
        """Button text."""
        return (
            "Attacker loses 1 Card Bonus"
            if self.option == "bonus"
            else f"Remove garrison of {_region(self.option)}"
        )


ACTION_CLASSES: tuple[type[Action], ...] = (
    Attack, Incursion, PlayEvent, Discard, Pass, ChooseSeat, ChooseRegion, Decline, Commit, CommitDone,
    Respond, RespondDone, UseGarrison, GarrisonsDone, TakeBonus, PlaceGarrison, PickCard, TrucePenalty,
)  # fmt: skip
CODEC = ActionCodec(ACTION_CLASSES)
