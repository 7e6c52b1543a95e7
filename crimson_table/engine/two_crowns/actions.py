"""Two Crowns actions: every decision is small (a button or one card).

The acting seat is never part of an action: it is always the state's current
player.  Card fields hold global card ids (see ``cards.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crimson_table.engine.core import Action, ActionCodec
from crimson_table.engine.two_crowns.cards import NUM_CARDS, card_name, is_card


def _name(card: int) -> str:
    return card_name(card) if is_card(card) else f"card {card!r}"


@dataclass(frozen=True)
class RollForFirst(Action):
    """TC-R2: both castle dice are rolled (ties rerolled) to pick the first player."""

    KIND: ClassVar[str] = "roll_first"

    @property
    def label(self) -> str:
        """Button text."""
        return "Roll for the first turn"


@dataclass(frozen=True)
class UseDiceOfDestiny(Action):
    """TC-R16: roll your castle die; the result becomes your castle value."""

    KIND: ClassVar[str] = "dice_of_destiny"

    @property
    def label(self) -> str:
        """Button text."""
        return "Roll the Dice of Destiny"


@dataclass(frozen=True)
class ChooseAttack(Action):
    """TC-R6/R9: start choosing the cards of an attack."""

    KIND: ClassVar[str] = "choose_attack"

    @property
    def label(self) -> str:
        """Button text."""
        return "Attack"


@dataclass(frozen=True)
class LargeDraw(Action):
    """TC-R7: draw up to the hand limit."""

    KIND: ClassVar[str] = "large_draw"

    @property
    def label(self) -> str:
        """Button text."""
        return "Large draw"


@dataclass(frozen=True)
class PreciseDraw(Action):
    """TC-R8: start a precise draw (next: the card to discard)."""

    KIND: ClassVar[str] = "precise_draw"

    @property
    def label(self) -> str:
        """Button text."""
        return "Precise draw"


@dataclass(frozen=True)
class AddToAttack(Action):
    """TC-R9: lay one more card face down in the attack."""

    KIND: ClassVar[str] = "add_to_attack"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Attack with {_name(self.card)}"


@dataclass(frozen=True)
class CommitAttack(Action):
    """TC-R9: the attack group is complete; the defender answers."""

    KIND: ClassVar[str] = "commit_attack"

    @property
    def label(self) -> str:
        """Button text."""
        return "Launch the attack"


@dataclass(frozen=True)
class AddToDefence(Action):
    """TC-R9: lay one more card face down in the defence."""

    KIND: ClassVar[str] = "add_to_defence"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Defend with {_name(self.card)}"


@dataclass(frozen=True)
class CommitDefence(Action):
    """TC-R9/R10: the defence is complete (possibly empty); both groups are revealed."""

    KIND: ClassVar[str] = "commit_defence"

    @property
    def label(self) -> str:
        """Button text."""
        return "Hold the walls"


@dataclass(frozen=True)
class UndoSelection(Action):
    """Take back the cards chosen so far (attack, defence or precise draw) before committing."""

    KIND: ClassVar[str] = "undo_selection"

    @property
    def label(self) -> str:
        """Button text."""
        return "Take back"


@dataclass(frozen=True)
class PayWith(Action):
    """TC-R10: put one Gold card from hand towards the special being resolved."""

    KIND: ClassVar[str] = "pay_with"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Pay with {_name(self.card)}"


@dataclass(frozen=True)
class DeclinePayment(Action):
    """TC-R10: do not pay; the special is cancelled and any Gold offered goes back to hand."""

    KIND: ClassVar[str] = "decline_payment"

    @property
    def label(self) -> str:
        """Button text."""
        return "Do not pay"


@dataclass(frozen=True)
class DiscardForDraw(Action):
    """TC-R8: the card discarded at the start of a precise draw."""

    KIND: ClassVar[str] = "discard_for_draw"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Discard {_name(self.card)}"


@dataclass(frozen=True)
class KeepDrawn(Action):
    """TC-R8: the drawn card kept in hand (the other is discarded)."""

    KIND: ClassVar[str] = "keep_drawn"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Keep {_name(self.card)}"


ACTION_CLASSES: tuple[type[Action], ...] = (
    RollForFirst,
    UseDiceOfDestiny,
    ChooseAttack,
    LargeDraw,
    PreciseDraw,
    AddToAttack,
    CommitAttack,
    AddToDefence,
    CommitDefence,
    UndoSelection,
    PayWith,
    DeclinePayment,
    DiscardForDraw,
    KeepDrawn,
)
CODEC = ActionCodec(ACTION_CLASSES)

# Shared instances, so legal_actions builds no new objects in the hot path.
ROLL_FIRST = RollForFirst()
DESTINY = UseDiceOfDestiny()
CHOOSE_ATTACK = ChooseAttack()
LARGE_DRAW = LargeDraw()
PRECISE_DRAW = PreciseDraw()
COMMIT_ATTACK = CommitAttack()
COMMIT_DEFENCE = CommitDefence()
UNDO = UndoSelection()
DECLINE = DeclinePayment()
ADD_TO_ATTACK: tuple[AddToAttack, ...] = tuple(AddToAttack(c) for c in range(NUM_CARDS))
ADD_TO_DEFENCE: tuple[AddToDefence, ...] = tuple(AddToDefence(c) for c in range(NUM_CARDS))
PAY_WITH: tuple[PayWith, ...] = tuple(PayWith(c) for c in range(NUM_CARDS))
DISCARD_FOR_DRAW: tuple[DiscardForDraw, ...] = tuple(DiscardForDraw(c) for c in range(NUM_CARDS))
KEEP_DRAWN: tuple[KeepDrawn, ...] = tuple(KeepDrawn(c) for c in range(NUM_CARDS))
