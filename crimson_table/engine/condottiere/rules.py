"""Condottiere (2-6 players): the rules object.

Supplement: ``condottiere_supplement.md`` (CO-R1..CO-R53, tables CO-T1..CO-T4).  A battle's
phases live in :mod:`battle`, the primitives they stand on (dealing, the region choice, the
end of the game) in :mod:`ops`, the arithmetic in :mod:`strength`, the views in :mod:`view`.  This module answers "who acts, what may they do" and refuses anything
else with the rule that forbids it, before touching the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from crimson_table.engine.condottiere import battle, ops, view
from crimson_table.engine.condottiere.actions import (
    CODEC,
    DISMISS,
    KEEP_DONE,
    NO_TAKE_BACK,
    PASS,
    POPE_OFF,
    ChooseRegion,
    DismissHand,
    KeepCard,
    KeepDone,
    Pass,
    PlacePope,
    PlayCard,
    TakeBack,
)
from crimson_table.engine.condottiere.board import italy
from crimson_table.engine.condottiere.cards import HAND_SIZE, KEEP_LIMIT, MERCENARY, ORDER, full_deck, title
from crimson_table.engine.condottiere.info import INFO
from crimson_table.engine.condottiere.invariants import check_rules
from crimson_table.engine.condottiere.state import (
    BATTLE,
    KEEP,
    OVER,
    POPE,
    REGION,
    SCARECROW,
    CondottiereState,
    from_dict,
    to_dict,
)
from crimson_table.engine.condottiere.strength import NOBODY, owned_by
from crimson_table.engine.core import JSON, Action, Event, IllegalAction, Outcome, playable, require_over
from crimson_table.engine.rng import Rng

A = TypeVar("A", bound=Action)
Events = list[Event]

_PLAY = {card: PlayCard(card) for card in ORDER}
_KEEP = {card: KeepCard(card) for card in ORDER}
_TAKE = {card: TakeBack(card) for card in MERCENARY}

# The decision each phase waits for, to name the rule when something else is tried.
_PENDING = {
    REGION: ("CO-R11", "the token holder must first choose the region to fight over"),
    BATTLE: ("CO-R13", "a battle turn is under way: play a card, pass or dismiss the hand"),
    POPE: ("CO-R28", "the Bishop's player must first place the Favor of the Pope"),
    SCARECROW: ("CO-R29", "the Scarecrow's player must first take back a Mercenary or none"),
    KEEP: ("CO-R42", "the last player holding cards must first choose what to keep"),
    OVER: ("CO-R47", "the game is over"),
}


def _distinct(hand: list[str]) -> list[str]:
    """The different cards of a hand (hands are kept sorted, so copies are neighbours)."""
    out: list[str] = []
    for card in hand:
        if not out or out[-1] != card:
            out.append(card)
    return out


def _region_actions(regions: list[int], cls: type[ChooseRegion] | type[PlacePope]) -> list[Action]:
    names = italy().names
    return [cls(names[r]) for r in regions]


# ---------------------------------------------------------------------------------------------
# One table from action class to its move: the phase it belongs to, the check that refuses it
# with the rule that forbids it, and the effect (in :mod:`battle`) that carries it out.


def _known_region(name: object, rule: str) -> int:
    if not isinstance(name, str) or name not in italy().index:
        raise IllegalAction(rule, f"{name!r} is not a region of the map")
    return italy().index[name]


def _region_or_off(name: str | None) -> int:
    return NOBODY if name is None else italy().index[name]


def _check_play(s: CondottiereState, a: PlayCard) -> None:
    if a.card not in s.hands[s.actor]:
        raise IllegalAction("CO-R13", f"there is no {a.card!r} in the hand of the player to act")


def _check_dismiss(s: CondottiereState, a: DismissHand) -> None:
    if any(c in MERCENARY for c in s.hands[s.actor]):
        raise IllegalAction("CO-R17", "only a hand without any Mercenary may be dismissed")


def _check_region(s: CondottiereState, a: ChooseRegion) -> None:
    region = _known_region(a.region, "CO-R11")
    if s.control[region] != NOBODY:
        raise IllegalAction("CO-R11", f"{italy().title(region)} already has a control marker")
    if region == s.pope:
        raise IllegalAction("CO-R39", f"{italy().title(region)} is under the Favor of the Pope")


def _check_pope(s: CondottiereState, a: PlacePope) -> None:
    if a.region is None:
        return
    region = _known_region(a.region, "CO-R28")
    if s.control[region] != NOBODY:
        raise IllegalAction("CO-R28", f"{italy().title(region)} has a control marker")
    if region == s.region:
        raise IllegalAction("CO-R28", f"{italy().title(region)} is the region being fought over")


def _check_take_back(s: CondottiereState, a: TakeBack) -> None:
    if a.card is None:
        return
    if a.card not in MERCENARY:
        raise IllegalAction("CO-R29", "a Scarecrow takes back only a Mercenary, never a special card")
    if a.card not in s.lines[s.actor]:
        raise IllegalAction("CO-R29", f"there is no {title(a.card)} in your own battle line")


def _check_keep(s: CondottiereState, a: KeepCard) -> None:
    if len(s.kept) >= KEEP_LIMIT:
        raise IllegalAction("CO-R42", "at most two cards may be kept")
    if a.card not in s.hands[s.actor]:
        raise IllegalAction("CO-R42", f"there is no {a.card!r} in your hand to keep")


def _allowed(s: CondottiereState, a: Action) -> None:
    """Pass and KeepDone need nothing beyond their phase."""


def _do_play(s: CondottiereState, seat: int, a: PlayCard, events: Events) -> None:
    battle.play_card(s, seat, a.card, events)


def _do_pass(s: CondottiereState, seat: int, a: Pass, events: Events) -> None:
    battle.do_pass(s, seat, events)


def _do_dismiss(s: CondottiereState, seat: int, a: DismissHand, events: Events) -> None:
    battle.dismiss_hand(s, seat, events)


def _do_region(s: CondottiereState, seat: int, a: ChooseRegion, events: Events) -> None:
    battle.start_battle(s, italy().index[a.region], events)


def _do_pope(s: CondottiereState, seat: int, a: PlacePope, events: Events) -> None:
    battle.place_pope(s, seat, _region_or_off(a.region), events)


def _do_take_back(s: CondottiereState, seat: int, a: TakeBack, events: Events) -> None:
    battle.take_back(s, seat, a.card, events)


def _do_keep(s: CondottiereState, seat: int, a: KeepCard, events: Events) -> None:
    battle.keep_card(s, seat, a.card, events)


def _do_keep_done(s: CondottiereState, seat: int, a: KeepDone, events: Events) -> None:
    battle.finish_keep(s, seat, events)


@dataclass(frozen=True)
class _Move(Generic[A]):
    """How one action class is judged and carried out."""

    cls: type[A]
    phase: str
    check: Callable[[CondottiereState, A], None]
    apply: Callable[[CondottiereState, int, A, Events], None]

    def refuse(self, s: CondottiereState, action: Action) -> None:
        """Raise IllegalAction unless ``action`` (of this move's class) is legal in ``s``."""
        if s.phase != self.phase:
            raise IllegalAction(*_PENDING[s.phase])
        self.check(s, self._typed(action))

    def effect(self, s: CondottiereState, seat: int, action: Action, events: Events) -> None:
        """Carry out ``action`` on the (cloned) state ``s``."""
        self.apply(s, seat, self._typed(action), events)

    def _typed(self, action: Action) -> A:
        if not isinstance(action, self.cls):
            raise IllegalAction("CO-R13", f"{action!r} is not a {self.cls.__name__}")
        return action


_MOVES: dict[type[Action], _Move[Any]] = {
    move.cls: move
    for move in (
        _Move(PlayCard, BATTLE, _check_play, _do_play),
        _Move(Pass, BATTLE, _allowed, _do_pass),
        _Move(DismissHand, BATTLE, _check_dismiss, _do_dismiss),
        _Move(ChooseRegion, REGION, _check_region, _do_region),
        _Move(PlacePope, POPE, _check_pope, _do_pope),
        _Move(TakeBack, SCARECROW, _check_take_back, _do_take_back),
        _Move(KeepCard, KEEP, _check_keep, _do_keep),
        _Move(KeepDone, KEEP, _allowed, _do_keep_done),
    )
}


def _move_for(s: CondottiereState, action: Action) -> _Move[Any]:
    """The move of ``action``, once it is known to be legal in ``s`` (else IllegalAction)."""
    move = _MOVES.get(type(action))
    if move is None:
        raise IllegalAction("CO-R13", f"{action!r} is not a Condottiere action")
    move.refuse(s, action)
    return move


class CondottiereRules:
    """The Condottiere rules object (see ``core.GameRules``)."""

    INFO = INFO

    # ------------------------------------------------------------------ setup and queries

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CondottiereState:
        """CO-R7..CO-R10: shuffle, give the token to a random seat, deal 10 each."""
        INFO.validate_options(players, options)
        rng = Rng.from_seed(seed)
        deck = full_deck()
        rng.shuffle(deck)
        holder = rng.below(players)
        s = CondottiereState(
            rng=rng.state,
            players=players,
            phase=REGION,
            actor=holder,
            holder=holder,
            region=NOBODY,
            pope=NOBODY,
            control=[NOBODY] * len(italy().names),
            draw=deck,
            discard=[],
            hands=[[] for _ in range(players)],
            lines=[[] for _ in range(players)],
            passed=[False] * players,
            known=[[] for _ in range(players)],
            kept=[],
            ties=0,
            round=1,
            battle=0,
            winners=(),
            reason="",
        )
        ops.deal(s, [HAND_SIZE] * players, [])
        ops.enter_region_phase(s, [])
        return s

    def num_players(self, state: CondottiereState) -> int:
        """Number of seats."""
        return state.players

    def current_player(self, state: CondottiereState) -> int | None:
        """The seat to act, None once the game is over."""
        return None if state.phase == OVER else state.actor

    def is_over(self, state: CondottiereState) -> bool:
        """True once somebody has won (CO-R47, CO-R52, CO-R53)."""
        return state.phase == OVER

    def outcome(self, state: CondottiereState) -> Outcome | None:
        """Winners, regions held per seat, and why the game ended."""
        if state.phase != OVER:
            return None
        scores = tuple(float(len(owned_by(state.control, seat))) for seat in range(state.players))
        return Outcome(winners=state.winners, scores=scores, reason=ops.reason_for_players(state.reason))

    def legal_actions(self, state: CondottiereState) -> list[Action]:
        """Every legal action, in a fixed order."""
        s = state
        if s.phase == BATTLE:
            hand = s.hands[s.actor]
            out: list[Action] = [_PLAY[c] for c in _distinct(hand)]
            out.append(PASS)
            if not any(c in MERCENARY for c in hand):  # CO-R17
                out.append(DISMISS)
            return out
        if s.phase == REGION:
            return _region_actions(ops.legal_regions(s), ChooseRegion)
        if s.phase == POPE:
            return [*_region_actions(self._pope_targets(s), PlacePope), POPE_OFF]
        if s.phase == SCARECROW:
            mercs = sorted({c for c in s.lines[s.actor] if c in MERCENARY}, key=ORDER.index)
            return [*(_TAKE[c] for c in mercs), NO_TAKE_BACK]
        if s.phase == KEEP:
            return [*(_KEEP[c] for c in _distinct(s.hands[s.actor])), KEEP_DONE]
        return []

    @staticmethod
    def _pope_targets(s: CondottiereState) -> list[int]:
        """CO-R28: regions without a control marker, except the one being fought over."""
        return [r for r, owner in enumerate(s.control) if owner == NOBODY and r != s.region]

    # ------------------------------------------------------------------ applying actions

    def apply_action(self, state: CondottiereState, action: Action) -> tuple[CondottiereState, list[Event]]:
        """Apply a legal action to a copy; illegal ones raise IllegalAction and change nothing."""
        move = _move_for(state, action)
        s = state.clone()
        events: list[Event] = []
        move.effect(s, s.actor, action, events)
        return s, events

    def refusal(self, state: CondottiereState, action: Action) -> IllegalAction | None:
        """Why ``action`` is not allowed now (rule ID and reason), or None if it is."""
        try:
            _move_for(state, action)
        except IllegalAction as refused:
            return refused
        return None

    # ------------------------------------------------------------------ views and serialization

    def player_view(self, state: CondottiereState, seat: int | None) -> view.CondottiereView:
        """What ``seat`` may know (CO-R5).  None: a spectator at no seat."""
        return view.player_view(state, seat)

    def open_view(
        self, state: CondottiereState, final: CondottiereState | None = None
    ) -> view.CondottiereView:
        """``state`` with every hand and face-down card face up, once the game is over: ``state``
        itself or ``final``, the end of the game ``state`` is a position of (GameNotOver before)."""
        require_over(self.is_over(state if final is None else final))
        return view.open_view(state)

    def determinize(self, state: CondottiereState, seat: int, seed: int) -> CondottiereState:
        """A full state consistent with ``seat``'s view, hidden cards re-dealt."""
        return view.determinize(state, seat, seed)

    def to_dict(self, state: CondottiereState) -> dict[str, JSON]:
        """JSON-able form with ``rng`` and ``game``."""
        return to_dict(state)

    def from_dict(self, data: Mapping[str, JSON]) -> CondottiereState:
        """Validated inverse of :meth:`to_dict`."""
        state = from_dict(data)  # types, ranges, every card in one zone
        check_rules(state)  # then the rules' invariants, naming the rule
        return playable(self, state)

    def action_from_dict(self, data: Mapping[str, JSON]) -> Action:
        """Rebuild an action."""
        return CODEC.from_dict(data)


RULES = CondottiereRules()
