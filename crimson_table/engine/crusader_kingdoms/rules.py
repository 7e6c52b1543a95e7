"""Crusader Kingdoms rules: the legal decisions of each phase and one handler per action class."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from crimson_table.engine.core import JSON, Action, Event, IllegalAction, Outcome, playable, require_over
from crimson_table.engine.crusader_kingdoms import combat, events, flow, view
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
from crimson_table.engine.crusader_kingdoms.cards import (
    ATT,
    BY_ID,
    DEF,
    EVENT_IDS,
    RESPONSE_IDS,
    TROOP_IDS,
    title,
)
from crimson_table.engine.crusader_kingdoms.common import (
    discard,
    free_regions,
    hand_event,
    neighbours_of,
    new_event,
    regions_of,
    subject,
)
from crimson_table.engine.crusader_kingdoms.info import INFO
from crimson_table.engine.crusader_kingdoms.invariants import check_rules
from crimson_table.engine.crusader_kingdoms.state import (
    ACT,
    BOT,
    COMMIT,
    DECLINE_ATTACK,
    GARRISON,
    HELP,
    IDLE,
    OVER,
    PICK,
    PLACE,
    RESPOND,
    REWARD,
    TARGET_REGION,
    TARGET_SEAT,
    TRUCE,
    CKState,
    from_dict,
    own,
    own_hand,
    to_dict,
)

# ---------------------------------------------------------------------------------------------
# Legal decisions per phase

# Actions are immutable values: the legal lists share one object per value instead of building
# a fresh one each time (playout speed; equality and order are unchanged).  The card actions come
# from constant tables over both decks; the decisions naming a region from the board's own (made
# with the board).
_DISCARD = {c: Discard(c) for c in BY_ID}
_PLAY = {c: PlayEvent(c) for c in EVENT_IDS}
_COMMIT = {c: Commit(c) for c in BY_ID}
_RESPOND = {(c, side): Respond(c, side) for c in RESPONSE_IDS for side in (ATT, DEF)}
_INCURSION = {(t, c): Incursion(t, c) for t in (BOT, 0, 1, 2, 3) for c in TROOP_IDS}
_PASS, _COMMIT_DONE, _RESPOND_DONE, _GARRISONS_DONE = Pass(), CommitDone(), RespondDone(), GarrisonsDone()
_TAKE_BONUS, _DECLINE = TakeBonus(), Decline()


def _act_actions(s: CKState) -> list[Action]:
    """CK-R14: Attack, Incursion, Play an Event, Discard, Pass (only Pass with no cards, CK-R18)."""
    seat = s.actor
    hand = s.hands[seat]
    distinct = list(dict.fromkeys(hand))
    out: list[Action] = []
    troops = [c for c in distinct if c in TROOP_IDS]
    if troops:  # CK-R15 (a): a Troop card in hand
        mine = regions_of(s, seat)
        near = neighbours_of(s, mine)  # read once for both the attacks and the Incursions
        attacks = s.board.attacks
        targets = combat.open_targets(s, seat, near) if mine else combat.attack_targets(s, seat)
        out += [attacks[r] for r in targets]
        owner = s.owner
        near_owners = {owner[r] for r in near}  # common.border_owners
        out += [
            _INCURSION[t, c] for t in events.incursion_targets_among(s, seat, near_owners) for c in troops
        ]
    out += [_PLAY[c] for c in distinct if c in EVENT_IDS and events.playable(s, seat, c)]
    out += [_DISCARD[c] for c in distinct]
    out.append(_PASS)
    return out


def _commit_actions(s: CKState) -> list[Action]:
    a = s.attack
    out: list[Action] = [_COMMIT[c] for c in combat.commit_options(s)]
    if a is not None and (a.troops or a.kind == "independent" or s.phase == HELP):
        out.append(_COMMIT_DONE)
    return out


def _respond_actions(s: CKState) -> list[Action]:
    out: list[Action] = [_RESPOND[option] for option in combat.response_options(s, s.actor)]
    return [*out, _RESPOND_DONE]


def _garrison_actions(s: CKState) -> list[Action]:
    use = s.board.use_garrisons
    return [*(use[r] for r in combat.usable_garrisons(s)), _GARRISONS_DONE]


def _reward_actions(s: CKState) -> list[Action]:
    bonus_ok, spots = combat.reward_options(s)
    place = s.board.place_garrisons
    out: list[Action] = [_TAKE_BONUS] if bonus_ok else []
    return out + [place[r] for r in spots]


def _place_actions(s: CKState) -> list[Action]:
    place = s.board.place_garrisons
    return [place[r] for r in free_regions(s, s.actor)]


def _target_seat_actions(s: CKState) -> list[Action]:
    return [ChooseSeat(p) for p in events.seat_options(s, s.actor, s.event)]


def _target_region_actions(s: CKState) -> list[Action]:
    choose = s.board.choose_regions
    return [choose[r] for r in events.region_options(s, s.actor, s.event)]


def _spies_actions(s: CKState) -> list[Action]:
    choose = s.board.choose_regions
    return [*(choose[r] for r in events.spies_targets(s)), _DECLINE]


def _pick_actions(s: CKState) -> list[Action]:
    return [PickCard(c) for c in events.pick_options(s)]


def _truce_actions(s: CKState) -> list[Action]:
    return [TrucePenalty(o) for o in combat.truce_options(s)]


LEGAL: dict[str, Callable[[CKState], list[Action]]] = {
    ACT: _act_actions,
    COMMIT: _commit_actions,
    HELP: _commit_actions,
    RESPOND: _respond_actions,
    GARRISON: _garrison_actions,
    REWARD: _reward_actions,
    PLACE: _place_actions,
    TARGET_SEAT: _target_seat_actions,
    TARGET_REGION: _target_region_actions,
    DECLINE_ATTACK: _spies_actions,
    PICK: _pick_actions,
    TRUCE: _truce_actions,
}

# ---------------------------------------------------------------------------------------------
# Effects


def _region(s: CKState, key: str) -> int:
    return s.board.index[key]


# A pass's log line per seat, in the co-op games (out of the turn) and the others, made once at import.
_PASSES = {
    (True, seat): new_event("pass", {"seat": seat}, f"{subject(seat)} passes and is out of the turn.")
    for seat in range(4)
} | {(False, seat): new_event("pass", {"seat": seat}, f"{subject(seat)} passes.") for seat in range(4)}


def _pass(s: CKState, a: Action, ev: list[Event]) -> None:
    seat = s.actor
    if s.coop:
        own(s, "passed")[seat] = True  # CK-R36: out of the turn
    else:
        s.passes += 1
    ev.append(_PASSES[s.coop, seat])
    flow.round_done(s, ev)


def _round_start(s: CKState) -> None:
    s.passes = 0  # CK-R12: any action other than Pass resets the count


def _attack(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Attack):
        _round_start(s)
        combat.announce(s, s.actor, _region(s, a.region), "normal", "", ev)


def _incursion(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Incursion):
        _round_start(s)
        events.incursion(s, s.actor, a.target, a.card, ev)


def _play_event(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PlayEvent):
        _round_start(s)
        events.play(s, s.actor, a.card, ev)


def _discard(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Discard):
        _round_start(s)
        seat = s.actor
        own_hand(s, seat).remove(a.card)
        discard(s, a.card, face_down=True)  # CK-R5: the Discard action is face down
        ev.append(hand_event(s, "discard", seat, a.card, f"{subject(seat)} discards a card face down.",
                             f"{subject(seat)} discards {title(a.card)} face down."))  # fmt: skip
        flow.round_done(s, ev)


def _commit(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Commit):
        combat.commit(s, a.card, ev)
        if s.phase == HELP and not combat.commit_options(s):
            combat.open_windows(s, ev)


def _commit_done(s: CKState, a: Action, ev: list[Event]) -> None:
    if s.phase == HELP:
        combat.open_windows(s, ev)
    else:
        combat.commit_done(s, ev)


def _respond(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Respond):
        combat.respond(s, a.card, a.side, ev)


def _respond_done(s: CKState, a: Action, ev: list[Event]) -> None:
    combat.respond_done(s, ev)


def _use_garrison(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, UseGarrison):
        combat.use_garrison(s, _region(s, a.region), ev)


def _garrisons_done(s: CKState, a: Action, ev: list[Event]) -> None:
    combat.resolve(s, ev)


def _take_bonus(s: CKState, a: Action, ev: list[Event]) -> None:
    from crimson_table.engine.crusader_kingdoms.common import change_bonus  # noqa: PLC0415

    change_bonus(s, s.actor, 1, ev)
    flow.round_done(s, ev)


def _place_garrison(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PlaceGarrison):
        events.place_garrison(s, _region(s, a.region), ev)


def _choose_seat(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, ChooseSeat):
        events.choose_seat(s, a.seat, ev)


def _choose_region(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, ChooseRegion):
        events.choose_region(s, _region(s, a.region), ev)


def _decline(s: CKState, a: Action, ev: list[Event]) -> None:
    flow.round_done(s, ev)


def _pick(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PickCard):
        events.pick(s, a.card, ev)


def _truce(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, TrucePenalty):
        combat.apply_truce(s, a.option, ev)


_EFFECTS: dict[type[Action], Callable[[CKState, Action, list[Event]], None]] = {
    Attack: _attack, Incursion: _incursion, PlayEvent: _play_event, Discard: _discard, Pass: _pass,
    Commit: _commit, CommitDone: _commit_done, Respond: _respond, RespondDone: _respond_done,
    UseGarrison: _use_garrison, GarrisonsDone: _garrisons_done, TakeBonus: _take_bonus,
    PlaceGarrison: _place_garrison, ChooseSeat: _choose_seat, ChooseRegion: _choose_region,
    Decline: _decline, PickCard: _pick, TrucePenalty: _truce,
}  # fmt: skip

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
        state, _events = flow.setup(players, seed, str(opts["difficulty"]))
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
        legal: list[Action] = LEGAL[state.phase](state)
        state.listed = (key, legal)
        return legal

    def legal_actions(self, state: CKState) -> list[Action]:
        """Deterministic order; empty only when the game is over."""
        if state.phase == OVER:
            return []
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
        from crimson_table.engine.crusader_kingdoms.common import can_attack_between  # noqa: PLC0415

        if a.region not in s.board.index:
            return "CK-R4", f"there is no region {a.region!r}"
        owner = s.owner[s.board.index[a.region]]
        if not combat.has_troop(s, s.actor):
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
        refused = self.refusal(state, action)
        if refused is not None:
            raise refused
        s = state.fork()
        ev: list[Event] = []
        _EFFECTS[type(action)](s, action, ev)
        if s.phase == IDLE:
            flow.advance(s, ev)
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
            return Outcome(state.winners, flow.scores(state), state.reason, together)
        return Outcome(state.winners, flow.scores(state), state.reason)

    def player_view(self, state: CKState, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may know.  None: a spectator at no seat."""
        return view.player_view(state, seat)

    def open_view(self, state: CKState, final: CKState | None = None) -> dict[str, JSON]:
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
