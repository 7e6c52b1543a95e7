"""Two Crowns rules: legal actions, applying them, the rules object.

A turn is a sequence of small decisions (TC-R6): optionally the Dice of Destiny,
then Attack (cards one by one, commit; the defender likewise; then payments for
the specials), Large draw, or Precise draw (discard one card, keep one of two).

Legality lives in ``legality.py`` (one refusal function per action kind); the
effects of each action are here, the battle in ``battle.py``, the primitives
(draws, damage, turn and game end) in ``ops.py``.

Every game ends: each attack spends at least one castle point, a discarded
Knight or a special card, and each draw takes a card from a deck that is never
reshuffled (TC-R18), so a game lasts at most a few hundred decisions plus the
take-backs a player chooses to make.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from crimson_table.engine.core import (
    JSON,
    Action,
    Event,
    IllegalAction,
    Outcome,
    expect,
    playable,
    require_over,
)
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns import battle, view
from crimson_table.engine.two_crowns.actions import (
    CODEC,
    AddToAttack,
    AddToDefence,
    ChooseAttack,
    CommitAttack,
    CommitDefence,
    DeclinePayment,
    DiscardForDraw,
    KeepDrawn,
    LargeDraw,
    PayWith,
    PreciseDraw,
    RollForFirst,
    UndoSelection,
    UseDiceOfDestiny,
)
from crimson_table.engine.two_crowns.cards import (
    HAND_LIMIT,
    NUM_SEATS,
    card_name,
    names,
)
from crimson_table.engine.two_crowns.info import INFO
from crimson_table.engine.two_crowns.invariants import check_rules
from crimson_table.engine.two_crowns.legality import REFUSALS, candidates, refusal
from crimson_table.engine.two_crowns.ops import (
    deal_game,
    discard,
    draw,
    draw_event,
    end_turn,
    event,
    player,
    private_event,
    start_turn,
)
from crimson_table.engine.two_crowns.state import (
    ATTACK,
    DEFEND,
    NOBODY,
    OVER,
    PAY,
    PRECISE_DISCARD,
    PRECISE_KEEP,
    ROLL,
    TURN,
    TwoCrownsState,
    state_from_dict,
    state_to_dict,
)

# -- effects: one function per action kind (the state is already a clone) -----------------------------


def _do_roll(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    """TC-R2: both roll a d20; the higher roll starts; ties are rerolled (each roll is shown)."""
    rng = Rng(s.rng)
    while True:
        rolls = [rng.randint(1, 20) for _ in range(NUM_SEATS)]
        for seat, value in enumerate(rolls):
            events.append(
                event(
                    "roll",
                    {"seat": seat, "value": value, "purpose": "first_player"},
                    f"{player(seat)} rolls {value} for the first turn",
                    reveals=True,
                )
            )
        if rolls[0] != rolls[1]:
            break
        events.append(event("roll_tie", {"value": rolls[0]}, "A tie: both roll again"))
    s.rng = rng.state
    s.first_player = s.current = 0 if rolls[0] > rolls[1] else 1
    s.turn = 1
    start_turn(s, events)


def _do_destiny(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    """TC-R16: the castle die is rolled and becomes the castle value; nobody may use it again."""
    rng = Rng(s.rng)
    value = rng.randint(1, 20)
    s.rng = rng.state
    seat = s.current
    s.castles[seat] = value
    s.destiny_used_by = seat
    events.append(
        event(
            "roll",
            {"seat": seat, "value": value, "purpose": "destiny"},
            f"{player(seat)} rolls the Dice of Destiny: the castle now stands at {value}",
            reveals=True,
        )
    )


def _do_choose_attack(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    s.phase = ATTACK


def _do_large_draw(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    """TC-R7: draw until hand + rest is 7 or the deck is empty; the turn ends."""
    seat = s.current
    cards = draw(s, seat, HAND_LIMIT - s.held(seat))
    s.hands[seat].extend(cards)
    events.append(draw_event(seat, cards))
    end_turn(s, events)


def _do_precise_draw(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    s.phase = PRECISE_DISCARD


def _do_discard_for_draw(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    """TC-R8: discard the chosen card, draw two (one if only one is left)."""
    a = expect(a, DiscardForDraw)
    seat = s.current
    s.hands[seat].remove(a.card)
    discard(s, seat, [a.card], "precise draw", events)
    s.drawn = draw(s, seat, 2)
    events.append(draw_event(seat, s.drawn))
    if len(s.drawn) == 1:
        _keep(s, s.drawn[0], events)
    else:
        s.phase = PRECISE_KEEP


def _do_keep(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    a = expect(a, KeepDrawn)
    _keep(s, a.card, events)


def _keep(s: TwoCrownsState, card: int, events: list[Event]) -> None:
    """TC-R8: the kept card goes to hand, the other to the discard pile; the turn ends."""
    seat = s.current
    others = [c for c in s.drawn if c != card]
    s.drawn = []
    s.hands[seat].append(card)
    events.append(
        private_event(
            "keep",
            seat,
            {"seat": seat, "card": card},
            f"{player(seat)} keeps one card",
            f"{player(seat)} keeps {card_name(card)}",
            public=("seat",),
        )
    )
    discard(s, seat, others, "precise draw", events)
    end_turn(s, events)


def _place(s: TwoCrownsState, seat: int, card: int, side: str, events: list[Event]) -> None:
    """TC-R9: one card from hand goes face down into the seat's battle group."""
    s.hands[seat].remove(card)
    s.groups[seat].append(card)
    events.append(
        Event(
            "place_facedown",
            {"seat": seat, "card": card, "side": side, "count": len(s.groups[seat])},
            f"{player(seat)} lays a card face down ({side})",
            private_to=(seat,),
            private_text=f"{player(seat)} lays {card_name(card)} face down ({side})",
            public={"seat": seat, "side": side, "count": len(s.groups[seat])},
        )
    )


def _do_add_attack(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    a = expect(a, AddToAttack)
    _place(s, s.current, a.card, "attack", events)


def _do_add_defence(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    a = expect(a, AddToDefence)
    _place(s, s.defender, a.card, "defence", events)


def _do_commit_attack(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    seat = s.current
    n = len(s.groups[seat])
    s.phase = DEFEND
    events.append(
        event(
            "commit_attack",
            {"seat": seat, "count": n},
            f"{player(seat)} attacks with {n} face-down card{'s' if n > 1 else ''}",
        )
    )


def _do_commit_defence(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    seat = s.defender
    n = len(s.groups[seat])
    text = f"{player(seat)} defends with {n} face-down card{'s' if n != 1 else ''}" if n else "No defence"
    events.append(event("commit_defence", {"seat": seat, "count": n}, text))
    battle.reveal(s, events)


def _do_undo(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    """Selected cards go back to hand; an attack or precise draw returns to the turn choice."""
    seat = s.defender if s.phase == DEFEND else s.current
    back = s.groups[seat]
    s.groups[seat] = []
    s.hands[seat].extend(back)
    if s.phase != DEFEND:
        s.phase = TURN
    events.append(
        Event(
            "undo_selection",
            {"seat": seat, "cards": back},
            f"{player(seat)} takes back the selection",
            private_to=(seat,),
            private_text=f"{player(seat)} takes back {names(back)}",
            public={"seat": seat, "count": len(back)},
        )
    )


def _do_pay(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    a = expect(a, PayWith)
    battle.pay_with(s, a.card, events)


def _do_decline(s: TwoCrownsState, a: Action, events: list[Event]) -> None:
    battle.decline(s, events)


_EFFECTS: dict[type[Action], Callable[[TwoCrownsState, Action, list[Event]], None]] = {
    RollForFirst: _do_roll,
    UseDiceOfDestiny: _do_destiny,
    ChooseAttack: _do_choose_attack,
    LargeDraw: _do_large_draw,
    PreciseDraw: _do_precise_draw,
    AddToAttack: _do_add_attack,
    CommitAttack: _do_commit_attack,
    AddToDefence: _do_add_defence,
    CommitDefence: _do_commit_defence,
    UndoSelection: _do_undo,
    PayWith: _do_pay,
    DeclinePayment: _do_decline,
    DiscardForDraw: _do_discard_for_draw,
    KeepDrawn: _do_keep,
}


def new_state(seed: int, best_of: int) -> TwoCrownsState:
    """TC-R1/R2: shuffled decks and seven cards each; the first-player roll comes next."""
    rng = Rng.from_seed(seed)
    s = TwoCrownsState(
        rng=0,
        best_of=best_of,
        game_number=1,
        crowns=[0, 0],
        game_winners=[],
        first_player=NOBODY,
        phase=ROLL,
        turn=0,
        current=0,
        castles=[0, 0],
        hands=[[], []],
        decks=[[], []],
        discards=[[], []],
        rests=[[], []],
        groups=[[], []],
        group_sizes=[0, 0],
        revealed=False,
        queue=[],
        paying=[],
        vassal=[False, False],
        drawn=[],
        destiny_used_by=NOBODY,
        winner=NOBODY,
        end_reason="",
    )
    deal_game(s, rng, [])
    s.rng = rng.state
    return s


class TwoCrownsRules:
    """The rules object registered as ``two_crowns``."""

    INFO = INFO

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> TwoCrownsState:
        """A match ready for the first-player roll (TC-R2); options: ``best_of`` 1 or 3 (TC-R3)."""
        chosen = INFO.validate_options(players, options)
        return new_state(seed, int(chosen["best_of"]))

    def current_player(self, state: TwoCrownsState) -> int | None:
        """Who decides now: the attacker, the defender, or the owner of the special being paid."""
        phase = state.phase
        if phase == OVER:
            return None
        if phase == DEFEND:
            return 1 - state.current
        if phase == PAY:
            return state.queue[0][0]
        return state.current

    def legal_actions(self, state: TwoCrownsState) -> list[Action]:
        """Every allowed action, in a fixed order (empty once the match is over)."""
        return [a for a in candidates(state) if REFUSALS[type(a)](state, a) is None]

    def is_legal(self, state: TwoCrownsState, action: Action) -> bool:
        """True if ``action`` may be applied now."""
        return refusal(state, action) is None

    def refusal(self, state: TwoCrownsState, action: Action) -> IllegalAction | None:
        """Why ``action`` is not allowed now (rule ID and reason), or None if it is."""
        refused = refusal(state, action)
        return None if refused is None else IllegalAction(*refused)

    def apply_action(self, state: TwoCrownsState, action: Action) -> tuple[TwoCrownsState, list[Event]]:
        """The state after ``action`` and what happened; illegal actions raise IllegalAction."""
        refused = refusal(state, action)
        if refused is not None:
            raise IllegalAction(*refused)
        new = state.clone()
        events: list[Event] = []
        _EFFECTS[type(action)](new, action, events)
        return new, events

    def is_over(self, state: TwoCrownsState) -> bool:
        """True once the match is decided."""
        return state.phase == OVER

    def outcome(self, state: TwoCrownsState) -> Outcome | None:
        """TC-R3: the match winner, crowns per seat as scores."""
        if state.phase != OVER:
            return None
        return Outcome((state.winner,), (float(state.crowns[0]), float(state.crowns[1])), state.end_reason)

    def player_view(self, state: TwoCrownsState, seat: int | None) -> view.TwoCrownsView:
        """What ``seat`` may know (see ``view.py``).  None: a spectator at no seat."""
        return view.player_view(state, seat)

    def open_view(self, state: TwoCrownsState, final: TwoCrownsState | None = None) -> view.TwoCrownsView:
        """``state`` with every hand and face-down card face up, once the game is over: ``state``
        itself or ``final``, the end of the game ``state`` is a position of (GameNotOver before)."""
        require_over(self.is_over(state if final is None else final))
        return view.open_view(state)

    def determinize(self, state: TwoCrownsState, seat: int, seed: int) -> TwoCrownsState:
        """A full state consistent with ``seat``'s view (see ``view.py``)."""
        return view.determinize(state, seat, seed)

    def to_dict(self, state: TwoCrownsState) -> dict[str, JSON]:
        """JSON-able form with top-level ``game`` and ``rng``."""
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, JSON]) -> TwoCrownsState:
        """Validated inverse of :meth:`to_dict` (StateError on bad data)."""
        state = state_from_dict(data)  # types, ranges, every card in one zone
        check_rules(state)  # then the rules' invariants, naming the rule
        return playable(self, state)

    def action_from_dict(self, data: Mapping[str, JSON]) -> Action:
        """Rebuild an action from its ``to_dict`` form."""
        return CODEC.from_dict(data)

    def num_players(self, state: TwoCrownsState) -> int:
        """Always two."""
        return NUM_SEATS


RULES = TwoCrownsRules()
