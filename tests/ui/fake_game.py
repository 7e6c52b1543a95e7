"""A tiny hidden-hand game for the shell's tests: "Quiet Cards".

Each of 2-4 seats is dealt three cards (1-12) from a shuffled deck and, in turn, plays one
face down (only its owner learns which, through the event's private text).  After everyone has
played all three, the highest total wins.  Nothing is revealed during play, so undo works.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from crimson_table.engine.core import (
    Action,
    ActionCodec,
    Event,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    StateError,
)
from crimson_table.engine.rng import Rng

HAND = 3


@dataclass(frozen=True)
class PlayCard(Action):
    """Play the card with this value from hand, face down."""

    KIND: ClassVar[str] = "play"
    value: int = 0

    @property
    def label(self) -> str:
        """Button text."""
        return f"Play your {self.value}"


@dataclass
class QuietState:
    """Hands, face-down piles, whose turn, PRNG."""

    hands: list[list[int]]
    played: list[list[int]]
    turn: int
    rng: int

    def clone(self) -> QuietState:
        """A copy with new lists."""
        return QuietState([list(h) for h in self.hands], [list(p) for p in self.played], self.turn, self.rng)


class QuietRules:
    """The rules object (GameRules[Any] protocol)."""

    INFO = GameInfo(
        id="quiet_cards",
        title="Quiet Cards",
        min_players=2,
        max_players=4,
        options=(OptionSpec("pace", "Pace", ("calm", "brisk"), "calm", help="Only for show."),),
        blurb="Play three hidden cards; the highest total wins.",
        hidden_hands=True,
    )
    CODEC = ActionCodec([PlayCard])

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> QuietState:
        """Deal three cards each."""
        self.INFO.validate_options(players, options)
        rng = Rng.from_seed(seed)
        deck = list(range(1, 13))
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        return QuietState(hands, [[] for _ in range(players)], 0, rng.state)

    def num_players(self, state: QuietState) -> int:
        """Seats."""
        return len(state.hands)

    def current_player(self, state: QuietState) -> int | None:
        """Round robin until every hand is empty."""
        return None if self.is_over(state) else state.turn

    def legal_actions(self, state: QuietState) -> list[Action]:
        """Any card in hand."""
        if self.is_over(state):
            return []
        return [PlayCard(v) for v in state.hands[state.turn]]

    def apply_action(self, state: QuietState, action: Action) -> tuple[QuietState, list[Event]]:
        """Play one card face down."""
        if not isinstance(action, PlayCard) or action.value not in state.hands[state.turn]:
            raise IllegalAction("QC-R1", "you can only play a card from your own hand")
        seat = state.turn
        new = state.clone()
        new.hands[seat].remove(action.value)
        new.played[seat].append(action.value)
        new.turn = (seat + 1) % len(new.hands)
        event = Event(
            "play",
            {"seat": seat, "value": action.value},
            f"Seat {seat + 1} played a card face down",
            private_to=(seat,),
            private_text=f"Seat {seat + 1} played a {action.value} face down",
        )
        return new, [event]

    def is_over(self, state: QuietState) -> bool:
        """All hands empty."""
        return all(not h for h in state.hands)

    def outcome(self, state: QuietState) -> Outcome | None:
        """Highest total wins (ties share)."""
        if not self.is_over(state):
            return None
        totals = [float(sum(p)) for p in state.played]
        best = max(totals)
        return Outcome(tuple(i for i, t in enumerate(totals) if t == best), tuple(totals), "highest total")

    def player_view(self, state: QuietState, seat: int | None) -> dict[str, Any]:
        """Own hand and pile; others only as counts (a spectator, seat None, holds no hand)."""
        return {
            "hand": [] if seat is None else list(state.hands[seat]),
            "my_pile": [] if seat is None else list(state.played[seat]),
            "hand_counts": [len(h) for h in state.hands],
            "pile_counts": [len(p) for p in state.played],
            "turn": state.turn,
        }

    def determinize(self, state: QuietState, seat: int, seed: int) -> QuietState:
        """Good enough for the random bot."""
        return state.clone()

    def to_dict(self, state: QuietState) -> dict[str, Any]:
        """JSON form."""
        return {
            "game": "quiet_cards",
            "hands": state.hands,
            "played": state.played,
            "turn": state.turn,
            "rng": state.rng,
        }

    def from_dict(self, data: Mapping[str, Any]) -> QuietState:
        """Validated inverse."""
        try:
            return QuietState(
                [list(h) for h in data["hands"]],
                [list(p) for p in data["played"]],
                int(data["turn"]),
                int(data["rng"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(str(exc)) from None

    def action_from_dict(self, data: Mapping[str, Any]) -> Action:
        """Through the codec."""
        return self.CODEC.from_dict(data)


class OpenRules(QuietRules):
    """The same game with nothing hidden (no privacy curtain needed)."""

    INFO = GameInfo(
        id="open_cards",
        title="Open Cards",
        min_players=2,
        max_players=4,
        blurb="All cards open.",
        hidden_hands=False,
    )


class DeadEndRules(OpenRules):
    """Open Cards broken on purpose: once two cards are down nobody has a legal move, yet the game
    is not over (what a damaged Crimson Keep start position did forty moves later)."""

    INFO = GameInfo(
        id="dead_end_cards",
        title="Dead End Cards",
        min_players=2,
        max_players=4,
        blurb="Two cards, then nothing.",
        hidden_hands=False,
    )
    DEAD_AFTER = 2  # cards played

    def legal_actions(self, state: QuietState) -> list[Action]:
        """Open Cards' moves until ``DEAD_AFTER`` cards are down; then none."""
        if sum(len(pile) for pile in state.played) >= self.DEAD_AFTER:
            return []
        return super().legal_actions(state)


QUIET = QuietRules()
OPEN = OpenRules()
DEAD_END = DeadEndRules()
