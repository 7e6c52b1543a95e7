"""Crusader Kingdoms rules: the contract's entry points over the phase table (:mod:`flow`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crimson_table.engine.core import JSON, Action, Event, IllegalAction, Outcome, playable, require_over
from crimson_table.engine.crusader_kingdoms import view
from crimson_table.engine.crusader_kingdoms.actions import (
    CODEC,
    Attack,
    ChooseRegion,
    ChooseSeat,
    Commit,
    CommitDone,
    Decline,
    Discard,
    GarrisonsDone,
    Incursion,
    Pass,
    PickCard,
    PlaceGarrison,
    PlayEvent,
    Respond,
    RespondDone,
    TakeBonus,
    TrucePenalty,
    UseGarrison,
)
from crimson_table.engine.crusader_kingdoms.flow import PHASES, settle, setup
from crimson_table.engine.crusader_kingdoms.info import INFO
from crimson_table.engine.crusader_kingdoms.invariants import check_rules
from crimson_table.engine.crusader_kingdoms.ops import can_attack_between
from crimson_table.engine.crusader_kingdoms.scoring import scores
from crimson_table.engine.crusader_kingdoms.state import ACT, OVER, CKState, from_dict, to_dict
from crimson_table.engine.crusader_kingdoms.targets import has_troop

# Why an action not among the legal ones is refused, by its class (CK-R14 when none fits).
_RULE_OF: dict[type[Action], tuple[str, str]] = {
    Attack: ("CK-R15", "that region cannot be attacked now"),
    Incursion: ("CK-R16", "an Incursion needs a Troop card and an opponent sharing a border"),
    PlayEvent: ("CK-R17", "that event cannot be played now"),
    Discard: ("CK-R18", "you can only discard a card from your hand in your round"),
    Pass: ("CK-R14", "you cannot pass now"),
    Commit: ("CK-R19", "that card cannot be committed to this attack"),
    CommitDone: ("CK-R15", "an attack needs at least one Troop card"),
    Respond: ("CK-R27", "that response cannot be placed there"),
    RespondDone: ("CK-R26", "it is not your response window"),
    UseGarrison: ("CK-R28", "that garrison cannot defend this region"),
    GarrisonsDone: ("CK-R28", "you are not choosing garrisons"),
    TakeBonus: ("CK-R22", "no Card Bonus reward is due (or it is already +2)"),
    PlaceGarrison: ("CK-R29", "no garrison can be placed there"),
    ChooseSeat: ("CK-R17", "that player cannot be chosen"),
    ChooseRegion: ("CK-R17", "that region cannot be chosen"),
    Decline: ("CK-R17", "there is nothing to decline"),
    PickCard: ("CK-R54", "that card cannot be chosen"),
    TrucePenalty: ("CK-R17", "that Truce penalty is not possible"),
}  # fmt: skip


class CrusaderKingdomsRules:
    """The rules object (see core.GameRules)."""

    INFO = INFO

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CKState:
        """CK-R7 / CK-R8 setup, then turn 1's draws (CK-R11)."""
        opts = INFO.validate_options(players, options)
        state, _events = setup(players, seed, str(opts["difficulty"]))
        return state

    def current_player(self, state: CKState) -> int | None:
        """The seat to decide (never the Bot), or None when over."""
        return None if state.phase == OVER else state.actor

    def _listed(self, state: CKState) -> list[Action]:
        """The legal list of a position that is not over, listed once (callers copy it); the list is kept
        on the state (``CKState.listed``), not here: the rules object holds no state of a game."""
        key = (state.phase, state.actor, state.rng)
        last = state.listed
        if last is not None and last[0] == key:
            return last[1]  # states are used immutably: the same object has the same actions
        legal: list[Action] = PHASES[state.phase].legal(state)
        state.listed = (key, legal)
        return legal

    def legal_actions(self, state: CKState) -> list[Action]:
        """Deterministic order; empty only when the game is over."""
        if state.phase == OVER:
            return []
        last = state.listed  # _listed's answer kept on the state, read here without the call (hot)
        if last is not None and last[0] == (state.phase, state.actor, state.rng):
            return last[1][:]
        return self._listed(state)[:]

    def refusal(self, state: CKState, action: Action) -> IllegalAction | None:
        """Why ``action`` is illegal here, or None."""
        if state.phase == OVER:
            return IllegalAction("CK-R10", "the game is over")
        legal = self._listed(state)
        for candidate in legal:  # the usual case: one of the listed objects itself
            if candidate is action:
                return None
        if action in legal:
            return None
        rule, reason = _RULE_OF.get(type(action), ("CK-R14", "that is not a decision of this moment"))
        if isinstance(action, Attack) and state.phase == ACT:
            rule, reason = self._attack_refusal(state, action)
        return IllegalAction(rule, reason)

    def _attack_refusal(self, s: CKState, a: Attack) -> tuple[str, str]:
        if a.region not in s.board.index:
            return "CK-R4", f"there is no region {a.region!r}"
        owner = s.owner[s.board.index[a.region]]
        if not has_troop(s, s.actor):
            return "CK-R15", "an attack needs at least one Troop card"
        if owner == s.actor:
            return "CK-R15", "you cannot attack your own region"
        if not can_attack_between(s, s.actor, owner):
            return (
                ("CK-R37", "partners may not attack each other")
                if s.coop
                else ("CK-R32", "the two Christians may not attack each other in the 3-player game")
            )
        return "CK-R15", "only a border region of yours can be attacked"

    def apply_action(self, state: CKState, action: Action) -> tuple[CKState, list[Event]]:
        """Apply a legal action to a copy; illegal actions raise IllegalAction."""
        last = state.listed  # the usual case: one of the very objects just listed for this state
        listed = last[1] if last is not None and last[0] == (state.phase, state.actor, state.rng) else ()
        for candidate in listed:
            if candidate is action:
                break
        else:  # not found so: the full check (an equal value, or why it is refused)
            refused = self.refusal(state, action)
            if refused is not None:
                raise refused
        s = state.fork()
        ev: list[Event] = []
        PHASES[s.phase].apply(s, action, ev)
        settle(s, ev)
        return s, ev

    def is_over(self, state: CKState) -> bool:
        """True once the game has ended."""
        return state.phase == OVER

    def outcome(self, state: CKState) -> Outcome | None:
        """Winners, scores (castles + bonus/10, or the shared VP) and the reason."""
        if state.phase != OVER:
            return None
        if state.coop:  # CK-R37, CK-R56: the Christians win or lose together against the Bot
            together = (1.0 if state.winners else 0.0,) * state.players
            return Outcome(state.winners, scores(state), state.reason, together)
        return Outcome(state.winners, scores(state), state.reason)

    def player_view(self, state: CKState, seat: int | None) -> view.CrusaderKingdomsView:
        """What ``seat`` may know.  None: a spectator at no seat."""
        return view.player_view(state, seat)

    def open_view(self, state: CKState, final: CKState | None = None) -> view.CrusaderKingdomsView:
        """``state`` with every hand and face-down card face up, once the game is over: ``state``
        itself or ``final``, the end of the game ``state`` is a position of (GameNotOver before)."""
        require_over(self.is_over(state if final is None else final))
        return view.open_view(state)

    def determinize(self, state: CKState, seat: int, seed: int) -> CKState:
        """A full state consistent with ``seat``'s view."""
        return view.determinize(state, seat, seed)

    def to_dict(self, state: CKState) -> dict[str, JSON]:
        """JSON-able state."""
        return to_dict(state)

    def from_dict(self, data: Mapping[str, JSON]) -> CKState:
        """Validated state."""
        state = from_dict(data)  # types, ranges, every card in one zone
        check_rules(state)  # then the rules' invariants, naming the rule
        return playable(self, state)

    def action_from_dict(self, data: Mapping[str, JSON]) -> Action:
        """Rebuild an action."""
        return CODEC.from_dict(data)

    def num_players(self, state: CKState) -> int:
        """Seats (the Bot is not one)."""
        return state.players


RULES = CrusaderKingdomsRules()
