"""Crimson Keep rules: setup, legal actions per phase, applying them, the rules object.

The phases, what each lists and applies, and the settle loop run after every action (token storing,
CK2-R16; rune checks, CK2-R28; the setup sequence; the end of a turn whose actions are spent; Kai's
decisions) are the table in ``flow.py``; the turn's actions are in ``turn.py``, abilities in
``abilities.py``, battles in ``battle.py``, the Final Battle in ``final.py`` and Kai in ``automaton.py``.

Every game ends: CK2-R47 (default on) ends it as a draw after 100 rounds without a
Summon (a defeat in the solo game), and the Final Battle ends by the 7th Dragon turn (CK2-R39).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat
from operator import is_
from typing import Any

from crimson_table.engine.core import JSON, Action, Event, IllegalAction, Outcome, playable, require_over
from crimson_table.engine.crimson_keep import turn, view
from crimson_table.engine.crimson_keep.actions import (
    CODEC,
    Ability,
    Battle,
    EndTurn,
    Flip,
    Place,
)
from crimson_table.engine.crimson_keep.board import KEEP_COLS, LEVELS
from crimson_table.engine.crimson_keep.cards import (
    CAVERN_CARDS,
    FIRELANCERS,
    LAVA_WYRM,
    NUMBERS,
    SUMMONING,
    TILE_SETS,
)
from crimson_table.engine.crimson_keep.flow import PHASES, legal_keep, settle
from crimson_table.engine.crimson_keep.info import INFO
from crimson_table.engine.crimson_keep.invariants import check_rules
from crimson_table.engine.crimson_keep.ops import start_draw
from crimson_table.engine.crimson_keep.queries import board_memo, find, flip_is_quiet, other
from crimson_table.engine.crimson_keep.state import (
    DRAGON,
    KEEP,
    MAIN,
    OVER,
    SETUP,
    CKState,
    new_clan,
    state_from_dict,
    state_to_dict,
    without,
)
from crimson_table.engine.rng import Rng

# -- setup (CK2-R96, R72, R73) ---------------------------------------------------------------------


def new_state(players: int, seed: int, options: Mapping[str, Any]) -> CKState:
    """A shuffled game waiting for the first setup decision."""
    rng = Rng.from_seed(seed)
    clans = [new_clan(), new_clan()]
    solo = players == 1
    mirrored = solo and options["your_clan"] == "right"  # CK2-R72: Kai takes the other side
    for seat, c in enumerate(clans):
        kai = solo and seat == 1
        deck = [n for n in NUMBERS if not (kai and n in CAVERN_CARDS) and (kai or n not in SUMMONING)]
        rng.shuffle(deck)
        c.deck = deck
        c.slots = [] if kai else list(SUMMONING)
        c.tactics = [1, 2, 3, 4, 5]
        side = seat ^ 1 if mirrored else seat
        tiles = list(TILE_SETS[str(options["tiles_left" if side == 0 else "tiles_right"])])
        rng.shuffle(tiles)
        c.tiles = tiles
        if kai:
            c.tactics = without(c.tactics, rng.randint(1, 5))
            c.tiles, c.dragons = [0, 0, 0, 0], [-1, -1, -1]
    first = 1 if solo else rng.below(2)
    s = CKState(
        rng=rng.state, players=players, hard=bool(options["hard_mode"]), round_limit=int(options["round_limit"]),
        board=[0] * 45, clans=clans, phase=SETUP, actor=0, current=first, actions_left=0, acted=0,
        ability_used=False, turn=0, rounds=0, ctx={}, resume=[], dragon=-1, final_stage=0, injuries=0, dice=4,
        obliterate=0, solo_deck=[], solo_up=[], mode="H", kai_active_mode=False, winners=[], reason="",
        mirrored=mirrored,
    )  # fmt: skip
    if solo:
        deck10 = list(range(1, 11))
        rng2 = Rng(s.rng)
        rng2.shuffle(deck10)
        s.rng = rng2.state
        s.solo_deck = deck10
        s.mode = "H"
    order = [first, other(first)] if not solo else [0]
    s.ctx = {"order": order, "i": 0}
    s.actor = order[0]
    if solo:
        start_draw(s, 1, 5, 3, "setup", [])  # CK2-R73: Kai keeps the 3 highest (flow.settle asks her)
    return s


_RULE_OF = {
    "place": "CK2-R6", "deploy": "CK2-R8", "replace": "CK2-R10", "flip": "CK2-R11", "draw": "CK2-R12",
    "move": "CK2-R14", "ability": "CK2-R15", "battle": "CK2-R18", "free_action": "CK2-R4", "protect": "CK2-R17",
    "summon": "CK2-R33", "pass_dragon": "CK2-R33", "tactic": "CK2-R22", "take_token": "CK2-R20",
    "store_token": "CK2-R16", "keep_card": "CK2-R12", "draw_bonus": "CK2-R13", "buy_kd": "CK2-R37",
    "play_kd": "CK2-R41", "obliterate": "CK2-R40", "fire_attack": "CK2-R39", "choose": "CK2-R50",
    "reroll": "CK2-R19", "exclude_tactic": "CK2-R96", "end_turn": "CK2-R2", "done": "CK2-R19",
}  # fmt: skip


def _specific_refusal(s: CKState, a: Action) -> IllegalAction | None:
    """The most specific rule an illegal action breaks, where it is not the rule of its kind: building in
    a destroyed column (CK2-R7), a Firelancer against an ACTIVE Lava Wyrm (CK2-R62), the Dragon Clan
    resting (CK2-R39).  Asked only once an action is known to be refused: never on the hot path."""
    seat = s.current
    if isinstance(a, EndTurn) and s.phase == DRAGON:
        return IllegalAction(
            "CK2-R39", "the Dragon Clan may not Rest: it plays an Obliterate card or a Fire Attack"
        )
    if isinstance(a, Place) and a.dest >= 0:
        cols = KEEP_COLS[seat]
        column = a.dest // LEVELS
        if column in cols and s.clans[seat].ruined[cols.index(column)]:
            return IllegalAction("CK2-R7", "a destroyed column can never be built in again")
    target = a.target if isinstance(a, Battle | Ability) else 0
    if _own_card(a) in FIRELANCERS and target == LAVA_WYRM and s.clans[other(seat)].active[LAVA_WYRM]:
        return IllegalAction("CK2-R62", "an ACTIVE Lava Wyrm cannot be targeted by a Firelancer")
    return None


def _own_card(a: Action) -> int:
    """The own card an action uses (0 if none)."""
    return a.card if isinstance(a, Battle | Ability) else 0


# decisions that never change a keep, the Barracks or a card's side: no rune or store check after them
# (ending a turn, as ``settle`` does when the actions are spent, CK2-R1: Kai's turn is checked as it runs, and
# in the Final Battle no rune is found nor, after the purchase, a token stored; a flip may be quiet too:
# ``ops.flip_is_quiet``)
_QUIET = frozenset({"keep_card", "exclude_tactic", "tactic", "reroll", "draw", "free_action",
                    "pass_dragon", "buy_kd", "draw_bonus", "end_turn"})  # fmt: skip


# decisions that change only the acting clan's keep, Barracks, Caverns or card sides (a push moves an
# enemy combat card but changes none of its objectives or stores): only that clan is checked after them
_OWN = frozenset({"place", "deploy", "replace", "flip", "move", "protect"})


def _fingerprint(s: CKState) -> tuple[Any, ...]:
    """A cheap guard against a caller that edits a position in place between listing and applying."""
    return s.phase, s.actor, s.current, s.actions_left, s.acted, s.rng, s.turn, len(s.resume), id(s.ctx)


class CrimsonKeepRules:
    """The rules object (engine contract)."""

    INFO = INFO

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CKState:
        """CK2-R96 / R72: a new game; the first decision is a setup choice."""
        opts = INFO.validate_options(players, options)
        s = new_state(players, seed, opts)
        settle(s, [])
        return s

    def current_player(self, state: CKState) -> int | None:
        """The seat that decides now (never Kai's)."""
        return None if state.phase == OVER else state.actor

    def legal_actions(self, state: CKState) -> list[Action]:
        """Every legal decision, in a fixed order."""
        s = state
        phase = s.phase
        if phase == KEEP:  # reads no cell of the board: no steady pass
            legal = legal_keep(s)
        else:
            s.steady = board_memo(s)  # listing changes no cell (CKState.steady)
            try:
                legal = PHASES[phase].legal(s)
            finally:
                s.steady = None
        # _fingerprint(s), inlined
        s.listed = (
            (phase, s.actor, s.current, s.actions_left, s.acted, s.rng, s.turn, len(s.resume), id(s.ctx)),
            legal,
        )
        return legal

    def refusal(self, state: CKState, action: Action) -> IllegalAction | None:
        """None if legal, else why not (rule id of the action's kind)."""
        if state.phase == OVER:
            return IllegalAction("CK2-R45", "the game is over")
        last = state.listed
        if (
            last is not None
            and any(map(is_, last[1], repeat(action)))  # by identity, without a Python-level loop
            and last[0] == _fingerprint(state)
        ):
            return None  # one of the objects just listed for this very position
        candidates = (
            turn.options_for(state, action) if state.phase == MAIN else PHASES[state.phase].legal(state)
        )
        if action in candidates:
            return None
        specific = _specific_refusal(state, action)
        if specific is not None:
            return specific
        rule = _RULE_OF.get(action.KIND, "CK2-R1")
        return IllegalAction(rule, f"{action.label} is not possible now")

    def apply_action(self, state: CKState, action: Action) -> tuple[CKState, list[Event]]:
        """Apply a legal action to a clone; illegal ones raise IllegalAction."""
        last = state.listed
        listed = False  # the refusal's fast path, inlined: one of the objects listed for this very position
        if last is not None:
            for a in last[1]:  # by identity (a loop: cheaper than any(map(is_, ...)))
                if a is action:
                    listed = last[0] == (
                        state.phase,
                        state.actor,
                        state.current,
                        state.actions_left,
                        state.acted,
                        state.rng,
                        state.turn,
                        len(state.resume),
                        id(state.ctx),
                    )  # _fingerprint
                    break  # fmt: skip
        if not listed:
            why = self.refusal(state, action)
            if why is not None:
                raise why
        s = state.clone()
        events: list[Event] = []
        phase = s.phase
        if phase == MAIN:  # _apply_main, inlined
            turn.EFFECTS[type(action)](s, action, events)
        else:
            PHASES[phase].apply(s, action, events)
        kind = action.KIND
        quiet = kind in _QUIET or (
            isinstance(action, Flip) and flip_is_quiet(state, s, s.current, action.card)
        )
        settle(s, events, quiet, kind in _OWN)
        return s, events

    def is_over(self, state: CKState) -> bool:
        """True once the game has ended."""
        return state.phase == OVER

    def outcome(self, state: CKState) -> Outcome | None:
        """Winners (none for a CK2-R47 draw, which in the solo game is a defeat)."""
        if state.phase != OVER:
            return None
        winners = tuple(w for w in state.winners if not state.is_kai(w))
        if state.solo:  # Kai's win is a loss, and so is the CK2-R47 guard's end (no winner against the game)
            solo_score: tuple[float, ...] = (1.0 if 0 in state.winners else 0.0,)
            return Outcome(winners, solo_score, state.reason, solo_score)
        scores = tuple(
            1.0 if seat in state.winners else (0.5 if not state.winners else 0.0) for seat in (0, 1)
        )
        return Outcome(winners, scores, state.reason)

    def player_view(self, state: CKState, seat: int | None) -> view.CrimsonKeepView:
        """What ``seat`` may know.  None: a spectator at no seat."""
        return view.player_view(state, seat)

    def open_view(self, state: CKState, final: CKState | None = None) -> view.CrimsonKeepView:
        """``state`` with every hand and face-down card face up, once the game is over: ``state``
        itself or ``final``, the end of the game ``state`` is a position of (GameNotOver before)."""
        require_over(self.is_over(state if final is None else final))
        return view.open_view(state)

    def determinize(self, state: CKState, seat: int, seed: int) -> CKState:
        """A full state consistent with ``seat``'s view."""
        return view.determinize(state, seat, seed)

    def to_dict(self, state: CKState) -> dict[str, JSON]:
        """JSON-able state."""
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, JSON]) -> CKState:
        """Validated state."""
        s = state_from_dict(data)  # types and ranges
        check_rules(s)  # the rules' invariants, each naming its rule: a save that breaks one is refused
        playable(self, s.clone())  # listing on a clone: the loaded state starts without a board memo
        return s

    def action_from_dict(self, data: Mapping[str, JSON]) -> Action:
        """An action from its dict."""
        return CODEC.from_dict(data)

    def num_players(self, state: CKState) -> int:
        """Seats of human/bot players (1 in solo)."""
        return state.players


RULES = CrimsonKeepRules()

__all__ = ["RULES", "CrimsonKeepRules", "find"]
