"""The flow of a game: the phase table, the settle loop, and the turn structure (setup, draws,
whose round it is, end of turn).

``PHASES`` names every value ``state.phase`` takes.  A *decision* phase lists the legal actions
(``legal``) and applies the one chosen (``apply``); a *step* (``enter``) needs no decision: it is
the pending continuation a handler left in ``state.phase`` (the next round, a finished round, an
attack to announce, response windows to open), never stored between actions.  :func:`settle` runs
the steps in turn, asking the Muslim Bot (:mod:`automaton`) whenever it is to act, until a seat
must decide or the game is over.  The phase modules (:mod:`combat`, :mod:`events`) never import
each other nor this one; their primitives (:mod:`ops`) change the state and name what comes next,
never call onward.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from crimson_table.engine.core import Action, Event, InvariantError
from crimson_table.engine.crusader_kingdoms import automaton, combat, events
from crimson_table.engine.crusader_kingdoms.actions import Attack, Discard, Incursion, Pass, PlayEvent
from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.engine.crusader_kingdoms.cards import (
    BY_ID,
    CHRISTIAN,
    EVENT_IDS,
    MUSLIM,
    TROOP_IDS,
    card,
    deck_list,
    deck_of,
    sort_cards,
    title,
)
from crimson_table.engine.crusader_kingdoms.events import NO_TARGET_EVENTS
from crimson_table.engine.crusader_kingdoms.ops import (
    BOT_BASE,
    SEATS,
    base_draw,
    discard,
    draw_cards,
    end_round,
    free_regions,
    neighbours_of,
    new_event,
    open_attack,
    piles,
    private_to,
    regions_of,
    religion,
    seen_hand_event,
    shuffle,
    subject,
)
from crimson_table.engine.crusader_kingdoms.scoring import final_scoring
from crimson_table.engine.crusader_kingdoms.state import (
    ACT,
    ALL,
    ANNOUNCE,
    BOT,
    COMMIT,
    DECLINE_ATTACK,
    GARRISON,
    HELP,
    IDLE,
    INDEP,
    NONE,
    OVER,
    PICK,
    PLACE,
    RESPOND,
    REWARD,
    ROUND_DONE,
    TARGET_REGION,
    TARGET_SEAT,
    TRUCE,
    WINDOWS,
    CKState,
    map_facts,
    mode_for,
    own,
    own_hand,
)
from crimson_table.engine.crusader_kingdoms.targets import attack_targets, open_targets
from crimson_table.engine.rng import seed_state

Legal = Callable[[CKState], list[Action]]
Apply = Callable[[CKState, Action, list[Event]], None]
Enter = Callable[[CKState, list[Event]], None]


@dataclass(frozen=True, slots=True)
class Phase:
    """One value of ``state.phase``: a decision (``legal`` and ``apply``) or a step (``enter``)."""

    legal: Legal
    apply: Apply
    enter: Enter | None = None


def settle(s: CKState, ev: list[Event]) -> None:
    """Run the pending steps (the Bot's rounds among them) until a seat must decide or the game ends."""
    phases = PHASES
    while (enter := phases[s.phase].enter) is not None:
        enter(s, ev)


def setup(players: int, seed: int, difficulty: str) -> tuple[CKState, list[Event]]:
    """CK-R7 / CK-R8: the board, the castles, both shuffled decks; then turn 1 starts."""
    mode = mode_for(players)
    board = board_for(players)
    small = mode in ("solo", "coop")
    owner = [BOT if small else INDEP] * len(board.names)
    for seat, row in enumerate(SEATS[mode]):
        for key in row[5]:
            owner[board.index[key]] = seat
    s = CKState(
        rng=seed_state(seed), players=players, mode=mode, difficulty=difficulty, turn=1, phase=IDLE, actor=0,
        owner=owner, garrison=[False] * len(owner), bonus=[0] * players, bot_bonus=0,
        hands=[[] for _ in range(players)], draw_c=deck_list(CHRISTIAN, small), draw_m=deck_list(MUSLIM, small),
        discard_c=[], discard_m=[], down_c=[], down_m=[], kept=[[] for _ in range(players)], truces=[],
        passes=0, passed=[False] * players, last=0, bot_hand=[], bot_army=[], bot_stack=[], bot_vs=NONE,
        bot_step=0, attack=None, event="", target=NONE, pick_from=NONE, pick_why="", overflow=[], dice=[],
        winners=(), reason="",
    )  # fmt: skip
    shuffle(s, s.draw_c)
    shuffle(s, s.draw_m)
    ev = [
        new_event(
            "setup", {"mode": mode}, f"Crusader Kingdoms ({mode}): the decks are shuffled.", reveals=True
        )
    ]
    start_turn(s, ev)
    settle(s, ev)
    return s, ev


def start_turn(s: CKState, ev: list[Event]) -> None:
    """CK-R11: draws in seat order (CK-R30), the Bot's draw (CK-R44), bonuses reset to 0."""
    ev.append(new_event("turn", {"turn": s.turn}, f"Turn {s.turn} begins."))
    for seat in range(s.players):
        count = max(0, base_draw(s, seat) + s.bonus[seat] - len(s.hands[seat]))
        drawn = draw_cards(s, religion(s, seat), count)
        hand = own_hand(s, seat)
        hand.extend(drawn)
        sort_cards(hand)
        ev.append(new_event("draw", {"seat": seat, "cards": drawn}, f"{subject(seat)} draws {len(drawn)} cards.",
                            private_to=_viewers(s, seat), private_text=f"{subject(seat)} draws {len(drawn)} cards.",
                            reveals=True, public={"seat": seat, "count": len(drawn)}))  # fmt: skip
    if s.coop:
        count = max(0, BOT_BASE[s.mode][s.difficulty] + s.bot_bonus)
        drawn = draw_cards(s, MUSLIM, count)
        own(s, "bot_hand").extend(drawn)
        ev.append(
            new_event("bot_draw", {"count": len(drawn)}, f"The Bot draws {len(drawn)} cards.", reveals=True)
        )
    s.bonus = [0] * s.players
    s.bot_bonus = 0
    s.passes, s.passed, s.truces = 0, [False] * s.players, []
    s.last, s.bot_vs, s.bot_step = 0, NONE, 0
    s.phase, s.actor = ACT, 0


def _viewers(s: CKState, seat: int) -> tuple[int, ...]:
    return (0, 1) if s.mode == "coop" else (seat,)


def _round_done(s: CKState, ev: list[Event]) -> None:
    """ROUND_DONE: a round (or a Bot decision point) is finished: settle owed garrisons (CK-R29), put
    the event away, then the next round (IDLE's step, run here at once)."""
    while s.overflow:
        seat = s.overflow[0]
        spots = free_regions(s, seat)
        if len(spots) > 1:
            s.phase, s.actor = PLACE, seat
            return
        own(s, "overflow").pop(0)
        if spots:
            own(s, "garrison")[spots[0]] = True
            ev.append(new_event("garrison", {"seat": seat, "region": s.board.names[spots[0]]},
                                f"{subject(seat)} places a garrison in {s.board.label(spots[0])} (Card Bonus overflow)."))  # fmt: skip
        else:
            ev.append(
                new_event(
                    "overflow_lost", {"seat": seat}, f"{subject(seat)}'s bonus increase is lost (CK-R29)."
                )
            )
    if s.event:
        finish_event(s)
    s.target = NONE
    s.phase = IDLE
    if not s.coop:
        _advance_competitive(s, ev)  # IDLE's step at once, without a turn of the settle loop
        return
    if s.bot_vs == NONE:  # CK-R38: the Bot's round against the Christian who just played
        s.bot_vs, s.bot_step = s.last, 0
    _advance_coop(s, ev)


def finish_event(s: CKState) -> None:
    """CK-R17: the resolved event goes to the discard pile, or stays in play in front of its player."""
    cid, s.event = s.event, ""
    s.target = NONE
    if card(cid).stays:
        own(s, "kept")[s.last].append(cid)
    else:
        discard(s, cid)


def _next_round(s: CKState, ev: list[Event]) -> None:
    """IDLE: the next seat's round, or the Bot's next step (co-op), or the end of the turn."""
    if s.coop:
        _advance_coop(s, ev)
    else:
        _advance_competitive(s, ev)


def _advance_competitive(s: CKState, ev: list[Event]) -> None:
    """CK-R12: the next seat in the cycle, or the end of the turn after N passes in a row."""
    if s.passes >= s.players:
        end_turn(s, ev)
        return
    s.last = (s.last + 1) % s.players
    s.phase, s.actor = ACT, s.last


def _advance_coop(s: CKState, ev: list[Event]) -> None:
    """CK-R38: each Christian's round is followed by a Bot round against him; once every Christian has
    passed, the Bot plays rounds against ALL while it holds cards (then the turn ends).

    The Bot's steps run here one after another while nobody must decide (the state stays ``IDLE``):
    the same steps :func:`settle` would come back here for, without a trip through the loop each."""
    while True:
        if s.bot_vs != NONE:
            if automaton.bot_round(
                s, ev
            ):  # a Christian decides (Scorched Earth, the Bot's attack) or it is over
                return
            previous, s.bot_vs = s.bot_vs, NONE
            if previous == ALL:
                if not s.bot_hand:
                    end_turn(s, ev)
                    return
                s.bot_vs, s.bot_step = ALL, 0
                continue
        players, passed, last = s.players, s.passed, s.last
        for k in range(1, players + 1):  # the next Christian still in the turn (CK-R36), in seat order
            seat = (last + k) % players
            if not passed[seat]:
                s.last = seat
                s.phase, s.actor = ACT, seat
                return
        if not s.bot_hand:
            end_turn(s, ev)
            return
        s.bot_vs, s.bot_step = ALL, 0


def end_turn(s: CKState, ev: list[Event]) -> None:
    """CK-R13: hands stay, each deck's draw, discard and kept events are shuffled together."""
    kept = own(s, "kept")
    for seat in range(s.players):
        for cid in kept[seat]:
            piles(s, deck_of(cid))[0].append(cid)
        kept[seat] = []
    for deck in (CHRISTIAN, MUSLIM):
        draw, pile, down = piles(s, deck)
        draw.extend(pile)
        pile.clear()
        down.clear()
        draw.sort()
        shuffle(s, draw)
    ev.append(
        new_event(
            "end_turn", {"turn": s.turn}, f"Turn {s.turn} ends; both decks are reshuffled.", reveals=True
        )
    )
    if s.turn >= 3:
        final_scoring(s, ev)
        return
    s.turn += 1
    start_turn(s, ev)


# ---------------------------------------------------------------------------------------------
# A round's action (CK-R14): the decisions of ACT, and what each one does

# Actions are immutable values: the legal lists share one object per value instead of building
# a fresh one each time (playout speed; equality and order are unchanged).  The card actions come
# from constant tables over both decks; the decisions naming a region from the board's own.
_DISCARD = {c: Discard(c) for c in BY_ID}
_PLAY = {c: PlayEvent(c) for c in EVENT_IDS}
_INCURSIONS = {t: {c: Incursion(t, c) for c in TROOP_IDS} for t in (BOT, 0, 1, 2, 3)}  # by target, then troop
_PASS = Pass()


def act_actions(s: CKState) -> list[Action]:
    """CK-R14: Attack, Incursion, Play an Event, Discard, Pass (only Pass with no cards, CK-R18)."""
    seat = s.actor
    distinct = dict.fromkeys(s.hands[seat])  # hand order, each card once
    out: list[Action] = []
    troops: list[str] = []
    plays: list[Action] = []
    playable = events.playable
    for c in distinct:  # one pass in the function's own loop: no comprehension made per listing
        if c in TROOP_IDS:
            troops.append(c)
        elif c in EVENT_IDS and (c in NO_TARGET_EVENTS or playable(s, seat, c)):  # the first always is
            plays.append(_PLAY[c])
    if troops:  # CK-R15 (a): a Troop card in hand
        attacks, incursion_targets = _map_moves(s, seat)
        out += attacks
        for target in incursion_targets:
            out += map(_INCURSIONS[target].__getitem__, troops)
    out += plays
    out += map(_DISCARD.__getitem__, distinct)
    out.append(_PASS)
    return out


def _map_moves(s: CKState, seat: int) -> tuple[list[Action], list[int]]:
    """The map's part of ``seat``'s round: the regions he may attack (CK-R15) and the opponents he may
    make an Incursion against (CK-R16), worked out once per map (:class:`MapFacts`): most rounds of a
    game are played on a map no capture has changed."""
    facts = map_facts(s)
    moves = facts.moves.get(seat)
    if moves is None:
        mine = regions_of(s, seat)
        near = neighbours_of(s, mine)  # read once for both the attacks and the Incursions
        targets = open_targets(s, seat, near) if mine else attack_targets(s, seat)
        attacks = s.board.attacks
        owner = s.owner
        near_owners = {owner[r] for r in near}  # ops.border_owners
        moves = facts.moves[seat] = (
            [attacks[r] for r in targets],
            events.incursion_targets_among(s, seat, near_owners),
        )
    return moves


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
    end_round(s)


def _round_start(s: CKState) -> None:
    s.passes = 0  # CK-R12: any action other than Pass resets the count


def _attack(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Attack):
        _round_start(s)
        open_attack(s, s.actor, s.board.index[a.region], "normal", "")


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
        ev.append(_DISCARDED[private_to(s, seat), a.card])
        end_round(s)


def _discarded(seen: tuple[int, ...], cid: str) -> Event:
    """The log line of a Discard action (CK-R18): the card for the seats ``seen`` who see the hand."""
    seat = seen[0]
    return seen_hand_event(seen, "discard", seat, cid, f"{subject(seat)} discards a card face down.",
                           f"{subject(seat)} discards {title(cid)} face down.")  # fmt: skip


# Every Discard action's log line, made once at import (events are read-only values; a Discard is
# the most frequent decision of a random game): a seat's alone, or with its co-op partner (CK-R37).
_SEEN_HANDS: tuple[tuple[int, ...], ...] = ((0,), (1,), (2,), (3,), (0, 1), (1, 0))
_DISCARDED = {(seen, cid): _discarded(seen, cid) for seen in _SEEN_HANDS for cid in BY_ID}


_ACT_MOVES: dict[type[Action], Apply] = {
    Attack: _attack, Incursion: _incursion, PlayEvent: _play_event, Discard: _discard, Pass: _pass,
}  # fmt: skip


def _act(s: CKState, a: Action, ev: list[Event]) -> None:
    _ACT_MOVES[type(a)](s, a, ev)


# ---------------------------------------------------------------------------------------------
# The table


def _no_actions(s: CKState) -> list[Action]:
    return []


def _no_decision(s: CKState, a: Action, ev: list[Event]) -> None:
    raise InvariantError(f"crusader_kingdoms: nobody decides in phase {s.phase}")


def _step(enter: Enter) -> Phase:
    return Phase(_no_actions, _no_decision, enter)


PHASES: dict[str, Phase] = {
    ACT: Phase(act_actions, _act),
    TARGET_SEAT: Phase(events.target_seat_actions, events.apply),
    TARGET_REGION: Phase(events.target_region_actions, events.apply),
    DECLINE_ATTACK: Phase(events.spies_actions, events.apply),
    PICK: Phase(events.pick_actions, events.apply),
    PLACE: Phase(events.place_actions, events.apply),
    TRUCE: Phase(combat.truce_actions, combat.apply),
    COMMIT: Phase(combat.commit_actions, combat.apply),
    HELP: Phase(combat.commit_actions, combat.apply),
    RESPOND: Phase(combat.respond_actions, combat.apply),
    GARRISON: Phase(combat.garrison_actions, combat.apply),
    REWARD: Phase(combat.reward_actions, combat.apply),
    OVER: Phase(_no_actions, _no_decision),
    IDLE: _step(_next_round),
    ROUND_DONE: _step(_round_done),
    ANNOUNCE: _step(combat.announce),
    WINDOWS: _step(combat.open_windows),
}
