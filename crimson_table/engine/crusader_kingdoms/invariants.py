"""The rules' invariants of a Crusader Kingdoms position, checked when a state is loaded.

:func:`state.from_dict` checks types, ranges and that every card is in exactly one zone
(:func:`state.validate`); this module checks that the position could arise under the rules,
naming the rule a broken position violates, so a hand-made or damaged save is
refused before anything draws or plays it.
"""

from __future__ import annotations

from crimson_table.engine.core import StateError
from crimson_table.engine.crusader_kingdoms.cards import ORDER, card, is_response, is_troop
from crimson_table.engine.crusader_kingdoms.ops import can_attack_between, castles_supply
from crimson_table.engine.crusader_kingdoms.state import (
    ALL,
    BOT,
    COMMIT,
    DECLINE_ATTACK,
    GARRISON,
    HELP,
    INDEP,
    NONE,
    OVER,
    RESPOND,
    TARGET_REGION,
    TARGET_SEAT,
    TRUCE,
    CKState,
)
from crimson_table.engine.crusader_kingdoms.targets import can_respond

_ATTACK_PHASES = (COMMIT, HELP, RESPOND, GARRISON, TRUCE)
_EVENT_PHASES = (TARGET_SEAT, TARGET_REGION, DECLINE_ATTACK)
_ARMY_EXTRAS = ("m_leader", "m_regrouping")  # CK-R54: cards attached to the Bot's army
_STAYS = ("m_watchtowers", "m_truce")  # CK-R17: the events that stay in play


def _rule(cond: bool, rule: str, message: str) -> None:
    if not cond:
        raise StateError(f"crusader_kingdoms state breaks {rule}: {message}")


def check_rules(s: CKState) -> None:
    """Raise StateError naming the rule if ``s`` could not arise in a legal game."""
    _check_map(s)
    _check_hands(s)
    _check_turn(s)
    _check_bot(s)
    _check_attack(s)
    _check_decision(s)
    _check_outcome(s)


def _check_map(s: CKState) -> None:
    """Castles and garrisons (CK-R1, CK-R2, CK-R33, CK-R40)."""
    for r, has in enumerate(s.garrison):
        _rule(
            not has or s.owner[r] != INDEP,
            "CK-R2",
            f"a garrison in the independent region {s.board.names[r]}",
        )
    if s.coop:
        _rule(s.phase == OVER or BOT in s.owner, "CK-R40", "the Bot holds no region, yet the game goes on")
        return
    for seat in range(s.players):
        held, supply = s.owner.count(seat), castles_supply(s, seat)
        _rule(held <= supply, "CK-R1", f"seat {seat} has {held} castles on the map (supply {supply})")
        _rule(
            s.phase == OVER or held < supply,
            "CK-R33",
            f"seat {seat} has every castle on the map, yet the game goes on",
        )


def _check_hands(s: CKState) -> None:
    """Hands are kept in canonical order; kept events are "Stays in play" events (CK-R17)."""
    for seat, hand in enumerate(s.hands):
        _rule(
            hand == sorted(hand, key=ORDER.__getitem__), "CK-R5", f"seat {seat}'s hand is not in card order"
        )
    for seat, kept in enumerate(s.kept):
        _rule(
            all(c in _STAYS for c in kept), "CK-R17", f"seat {seat} keeps a card that does not stay in play"
        )
    for a, b in s.truces:  # m_truce: a pair of two players, one of whom keeps the Truce in play
        _rule(a != b, "CK-R17", "a Truce between a player and himself")
        in_play = "m_truce" in s.kept[a] + s.kept[b] or s.phase == OVER  # (the last turn's end reshuffled it)
        _rule(in_play, "CK-R17", "a Truce is in force but no Truce card is in play")


def _check_turn(s: CKState) -> None:
    """Rounds: passes in a row (CK-R12, 3-4P) or players out of the turn (CK-R36, 1-2P)."""
    if s.coop:
        _rule(s.passes == 0, "CK-R36", "passes in a row are counted in the 1-2 player game")
        if s.phase == "act":
            _rule(not s.passed[s.actor], "CK-R36", "a Christian who has passed takes a round")
        return
    _rule(not any(s.passed), "CK-R12", "a player is out of the turn in the 3-4 player game")
    _rule(
        s.passes < s.players or s.phase == OVER,
        "CK-R12",
        "every player passed in a row, yet the turn goes on",
    )


def _check_bot(s: CKState) -> None:
    """The Muslim Bot's areas (CK-R42 to CK-R54); none of them exist in the 3-4 player game."""
    if not s.coop:
        empty = not (s.bot_hand or s.bot_army or s.bot_stack) and s.bot_bonus == 0 and s.bot_vs == NONE
        _rule(empty, "CK-R7", "the 3-4 player game has no Muslim Bot")
        return
    army = s.bot_army
    _rule(
        all(is_troop(c) or c in _ARMY_EXTRAS for c in army), "CK-R46", "a card in the Bot's army is no troop"
    )
    _rule(
        not army or any(is_troop(c) for c in army), "CK-R54", "a Leader or Regrouping is attached to no army"
    )
    stack = s.bot_stack
    _rule(all(is_response(c) for c in stack), "CK-R46", "a card on the Bot's response stack is no response")
    _rule("m_regrouping" not in stack, "CK-R54", "a Regrouping lies on the Bot's response stack")
    _rule(s.bot_vs in (NONE, ALL) or 0 <= s.bot_vs < s.players, "CK-R45", "a Bot round against nobody")


def _check_attack(s: CKState) -> None:
    """An attack in progress (CK-R15, CK-R19, CK-R28, CK-R32, CK-R37, CK-R49)."""
    a = s.attack
    if a is None:
        return
    _rule(s.phase in _ATTACK_PHASES, "CK-R19", f"an attack is in progress in phase {s.phase}")
    _rule(not a.revealed, "CK-R19", "the cards of an unresolved attack are already revealed")
    owner = s.owner[a.region]
    _rule(0 <= a.attacker < s.players or a.attacker == BOT, "CK-R15", "an attack made by no player")
    _rule(a.attacker != owner, "CK-R15", "a player attacks his own region")
    if a.kind != "independent":
        rule = "CK-R37" if s.coop else "CK-R32"
        _rule(can_attack_between(s, a.attacker, owner), rule, "an attack between players who may not attack")
    _rule((a.attacker == BOT) == (a.kind == "bot"), "CK-R49", "a Bot attack by a player, or the other way")
    _rule(s.coop or a.attacker != BOT, "CK-R7", "the Bot attacks in the 3-4 player game")
    _rule(all(is_troop(c) for c in a.troops + a.helper_troops), "CK-R19", "a committed troop is no troop")
    for seat, cid, side in a.responses:
        _rule(card(cid).type == "response" and side in card(cid).sides, "CK-R27", f"{cid} placed on {side}")
        _rule(not (a.attacker == BOT and side == "ATT"), "CK-R49", "an ATT-side card in a Bot attack")
        _rule(can_respond(s, seat, cid, side), "CK-R27", f"{cid} cannot be placed on {side} of this attack")
    _rule(len(set(a.garrisons)) == len(a.garrisons), "CK-R28", "a garrison is used twice")
    near = (a.region, *s.board.neighbours[a.region])
    for r in a.garrisons:
        ok = r in near and s.garrison[r] and s.owner[r] == owner and owner != INDEP
        _rule(ok, "CK-R28", f"the garrison of {s.board.names[r]} cannot defend {s.board.names[a.region]}")


def _check_decision(s: CKState) -> None:
    """The seat to decide fits the phase."""
    a = s.attack
    if s.phase == "act":
        _rule(s.actor == s.last, "CK-R12", "a round is taken by a seat whose round it is not")
    if s.phase in (COMMIT, HELP) and a is not None:
        want = a.helper if s.phase == "help" else a.attacker
        _rule(s.actor == want, "CK-R19", "someone other than the attacker commits cards")
    if s.phase in (COMMIT, TRUCE) and a is not None and not a.troops and a.kind not in ("independent", "bot"):
        armed = any(is_troop(c) for c in s.hands[a.attacker])
        _rule(armed, "CK-R15", "an attack announced by a player holding no Troop card")
    if s.phase == "respond" and a is not None:
        _rule(bool(a.window) and a.window[0] == s.actor, "CK-R26", "a response window out of turn")
    if s.phase == "garrison" and a is not None:
        _rule(s.actor == s.owner[a.region], "CK-R28", "someone other than the defender picks garrisons")
    if s.phase == "reward":
        _rule(not s.coop, "CK-R35", "a conquest reward in the 1-2 player game")
    if s.phase == "place" and s.pick_why != "builders":  # an owed garrison is placed by its owner
        _rule(s.overflow[:1] == [s.actor], "CK-R29", "a garrison is placed that nobody is owed")
    if s.phase in _EVENT_PHASES:
        _rule(bool(s.event), "CK-R17", f"phase {s.phase} without an event being resolved")
    if s.phase == "spies":
        _rule(s.event == "c_spies", "CK-R17", "an attack offered by Spies without Spies")
    _check_pick(s)


_PICKS = ("assassins", "scorched_earth", "succession")  # the events that make a seat pick a card of a hand


def _check_pick(s: CKState) -> None:
    """A card chosen from a hand (c_assassins, m_scorched_earth, m_succession) or a garrison placed by
    Castle Builders / Add Troops (``pick_why == builders``): the markers exist only in their phase."""
    if s.phase != "pick":
        _rule(s.pick_from == NONE, "CK-R17", "a hand to pick from outside a pick")
        _rule(s.pick_why in ("", "builders"), "CK-R17", f"a pick for {s.pick_why!r} outside a pick")
        _rule(s.pick_why != "builders" or s.phase == "place", "CK-R17", "Castle Builders outside a placement")
        return
    _rule(s.pick_why in _PICKS, "CK-R17", f"a pick for {s.pick_why!r}")
    _rule(0 <= s.pick_from < s.players, "CK-R17", "a card is to be chosen from no player's hand")
    _rule(bool(s.hands[s.pick_from]), "CK-R54", "a card is to be chosen from an empty hand")
    chooser = s.last if s.pick_why == "assassins" else s.pick_from  # Assassins: the player who played it
    _rule(s.actor == chooser, "CK-R17", "the card is chosen by the wrong player")


def _check_outcome(s: CKState) -> None:
    """Winners only once the game is over (CK-R33, CK-R34, CK-R56); co-op partners win together (CK-R37)."""
    winners = s.winners
    _rule(len(set(winners)) == len(winners), "CK-R34", "a winner is listed twice")
    if s.phase != OVER:
        _rule(not winners and not s.reason, "CK-R34", "winners are named while the game goes on")
        return
    _rule(s.attack is None, "CK-R19", "the game is over in the middle of an attack")
    if s.coop:
        _rule(winners in ((), tuple(range(s.players))), "CK-R37", "only one of the partners wins")
    else:
        _rule(bool(winners), "CK-R34", "a finished 3-4 player game has no winner")
