"""The attack phases (CK-R19 to CK-R28): announce, truce, commitment, responses, garrisons, dice,
result, reward.

A phase module: its handlers change the state through :mod:`ops` and end by naming what comes
next (a decision of this module's phases, or ``ops.end_round``); they never import another phase
(events) or the flow.  What an attack may target is :mod:`targets`' and its dice :mod:`dice`'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crimson_table.engine.core import Action, Event, counted, lazy_event
from crimson_table.engine.crusader_kingdoms.actions import (
    Commit,
    CommitDone,
    GarrisonsDone,
    PlaceGarrison,
    Respond,
    RespondDone,
    TakeBonus,
    TrucePenalty,
    UseGarrison,
)
from crimson_table.engine.crusader_kingdoms.automaton import bot_defence, disband_army
from crimson_table.engine.crusader_kingdoms.cards import (
    ATT,
    BY_ID,
    DEF,
    RESPONSE_IDS,
    TROOP_IDS,
    is_troop,
    strength,
    title,
)
from crimson_table.engine.crusader_kingdoms.dice import base_attack, dice_counts, other
from crimson_table.engine.crusader_kingdoms.ops import (
    ally,
    change_bonus,
    discard,
    discard_all,
    end_round,
    free_regions,
    give,
    hits,
    new_event,
    place_garrison,
    regions_of,
    religion,
    roll_both,
    subject,
    who,
)
from crimson_table.engine.crusader_kingdoms.scoring import check_bot_eliminated, check_sudden_victory
from crimson_table.engine.crusader_kingdoms.state import (
    BOT,
    COMMIT,
    GARRISON,
    HELP,
    INDEP,
    RESPOND,
    REWARD,
    TRUCE,
    Attack,
    CKState,
    own,
    own_hand,
    set_owner,
)
from crimson_table.engine.crusader_kingdoms.targets import can_respond, response_options, usable_garrisons

# ---------------------------------------------------------------------------------------------
# Announce, truce, commit


def announce(s: CKState, ev: list[Event]) -> None:
    """CK-R19 step 1: the attack ``ops.open_attack`` made is announced; Truce may cost the attacker first."""
    a = s.attack
    if a is None:
        return
    seat, region, kind, event = a.attacker, a.region, a.kind, a.event
    if event and s.event == event:
        s.event = ""
    ev.append(_announced(seat, s.board.names[region], s.board.labels[region], kind, event))
    s.phase, s.actor = COMMIT, seat
    defender = s.owner[region]
    if kind != "independent" and defender >= 0 and _truce_between(s, seat, defender):
        options = truce_options(s)
        if len(options) == 1:
            apply_truce(s, options[0], ev)
        elif options:
            s.phase, s.actor = TRUCE, defender


def _announced(seat: int, region: str, label: str, kind: str, event: str) -> Event:
    """The announcement's event (CK-R19 step 1): ``seat`` attacks ``region`` (``label``: its name for
    players), an attack of ``kind``, made by the card ``event`` if any."""
    data = {"seat": seat, "region": region, "kind": kind, "event": event}
    return lazy_event("announce", data, _announce_text, (seat, label, event))


def _announce_text(seat: int, label: str, event: str) -> str:
    """The announcement's log line (CK-R19 step 1): who attacks where, and with which event card."""
    what = f" ({title(event)})" if event else ""
    return f"{subject(seat)} attacks {label}{what}."


def _truce_between(s: CKState, a: int, b: int) -> bool:
    return (a, b) in s.truces or (b, a) in s.truces


def truce_options(s: CKState) -> list[str]:
    """m_truce: ``bonus`` if the attacker can lower it, and each of his garrisons."""
    a = s.attack
    if a is None:
        return []
    out = ["bonus"] if s.bonus[a.attacker] > -2 else []
    return out + [s.board.names[r] for r in regions_of(s, a.attacker) if s.garrison[r]]


def apply_truce(s: CKState, option: str, ev: list[Event]) -> None:
    """m_truce: the penalty is paid; the attacker then commits."""
    a = s.attack
    if a is None:
        return
    if option == "bonus":
        change_bonus(s, a.attacker, -1, ev)
    else:
        own(s, "garrison")[s.board.index[option]] = False
        ev.append(new_event("truce", {"seat": a.attacker, "region": option},
                            f"Truce: {who(a.attacker)} loses the garrison of {s.board.label(s.board.index[option])}."))  # fmt: skip
    s.phase, s.actor = COMMIT, a.attacker


def commit_options(s: CKState) -> list[str]:
    """Cards the attacker (or the helper) may still commit: troops, and ATT responses for the attacker."""
    a = s.attack
    if a is None:
        return []
    seat = s.actor
    hand = s.hands[seat]
    distinct = dict.fromkeys(hand)  # hand order, each card once
    if s.phase == HELP:  # c_concerted_attack: the helper adds troops only
        return [c for c in distinct if c in TROOP_IDS]
    responses = (  # most hands hold no response card: asked in C before any is tested
        []
        if RESPONSE_IDS.isdisjoint(hand)
        else [c for c in distinct if c in RESPONSE_IDS and can_respond(s, seat, c, ATT)]
    )
    if a.kind == "independent":  # m_independent_attack: no troops of one's own
        return responses
    if not responses:
        return [c for c in distinct if c in TROOP_IDS]
    return [c for c in distinct if c in TROOP_IDS or c in responses]


def commit(s: CKState, cid: str, ev: list[Event]) -> None:
    """CK-R19 step 2: one card face down into the attack."""
    a = s.attack
    if a is None:
        return
    seat = s.actor
    own_hand(s, seat).remove(cid)
    if s.phase == HELP:
        a.helper_troops.append(cid)
    elif is_troop(cid):
        a.troops.append(cid)
    else:
        a.responses.append((seat, cid, ATT))
    ev.append(_COMMITTED[seat, cid])


def _committed(seat: int, cid: str) -> Event:
    """The log line of ``seat`` committing ``cid`` face down (CK-R19 step 2)."""
    return new_event("commit", {"seat": seat, "card": cid}, f"{subject(seat)} places a card face down.",
                     private_to=(seat,), private_text=f"{subject(seat)} commits {title(cid)}.",
                     public={"seat": seat, "side": ATT})  # fmt: skip


# Every commitment's log line, made once at import (events are read-only values; one in four
# decisions of a random game commits a card).
_COMMITTED = {(seat, cid): _committed(seat, cid) for seat in range(4) for cid in BY_ID}


def commit_done(s: CKState, ev: list[Event]) -> None:
    """End of commitment: the concert helper (c_concerted_attack), then the response windows."""
    a = s.attack
    if a is None:
        return
    if s.phase == COMMIT and a.kind == "concert":
        helper = concert_helper(s, a.attacker)
        if helper is not None:
            a.helper = helper
            s.phase, s.actor = HELP, helper
            if commit_options(s):
                ev.append(
                    new_event("help", {"seat": helper}, f"{subject(helper)} may add troops.", reveals=True)
                )
                return
            ev.append(
                new_event(
                    "no_help", {"seat": helper}, f"{subject(helper)} has no troop to add.", reveals=True
                )
            )
    open_windows(s, ev)


def concert_helper(s: CKState, seat: int) -> int | None:
    """c_concerted_attack: the one other player of the attacker's religion, if any."""
    same = [p for p in range(s.players) if p != seat and religion(s, p) == religion(s, seat)]
    return same[0] if same else None


# ---------------------------------------------------------------------------------------------
# Response windows (CK-R26, CK-R27, CK-R36)


def open_windows(s: CKState, ev: list[Event]) -> None:
    """Who gets one response window, in order."""
    a = s.attack
    if a is None:
        return
    if a.attacker == BOT:
        owner = s.owner[a.region]
        partner = ally(s, owner)
        a.window = [owner] + ([partner] if partner is not None and not s.passed[partner] else [])
    elif s.coop:
        partner = ally(s, a.attacker)
        a.window = [partner] if partner is not None and not s.passed[partner] else []
    else:
        a.window = [(a.attacker + k) % s.players for k in range(1, s.players)]
    next_window(s, ev)


# A window's log lines, one per seat, made once at import (events are read-only values).
_WINDOW = {seat: new_event("window", {"seat": seat}, f"{subject(seat)} may place responses.", reveals=True)
           for seat in range(4)}  # fmt: skip
_NO_RESPONSE = {
    seat: new_event("no_response", {"seat": seat}, f"{subject(seat)} has no response to place.", reveals=True)
    for seat in range(4)
}


def next_window(s: CKState, ev: list[Event]) -> None:
    """The next seat with a legal response gets its window; then the garrisons."""
    a = s.attack
    if a is None:
        return
    while a.window:
        seat = a.window[0]
        if response_options(s, seat):
            s.phase, s.actor = RESPOND, seat
            # whether a seat gets a window depends on its hidden hand: a reveal (no undo past it)
            ev.append(_WINDOW[seat])
            return
        a.window.pop(0)  # skipping tells everyone the seat holds no legal response: a reveal
        ev.append(_NO_RESPONSE[seat])
    garrison_step(s, ev)


def respond(s: CKState, cid: str, side: str, ev: list[Event]) -> None:
    """One response card face down; everyone sees its side, not what it is."""
    a = s.attack
    if a is None:
        return
    seat = s.actor
    own_hand(s, seat).remove(cid)
    a.responses.append((seat, cid, side))
    ev.append(_RESPONDED[seat, cid, side])
    if not response_options(s, seat):
        respond_done(s, ev)


def _responded(seat: int, cid: str, side: str) -> Event:
    """The log line of ``seat`` placing the response ``cid`` face down on ``side`` (CK-R27)."""
    return new_event("respond", {"seat": seat, "card": cid, "side": side},
                     f"{subject(seat)} places a card face down on the {'attack' if side == ATT else 'defence'}.",
                     private_to=(seat,), private_text=f"{subject(seat)} places {title(cid)} on {side}.",
                     public={"seat": seat, "side": side})  # fmt: skip


# Every response's log line, made once at import (events are read-only values).
_RESPONDED = {(seat, cid, side): _responded(seat, cid, side)
              for seat in range(4) for cid in RESPONSE_IDS for side in (ATT, DEF)}  # fmt: skip


def respond_done(s: CKState, ev: list[Event]) -> None:
    """Close this window (CK-R26: there is no second one)."""
    a = s.attack
    if a is None:
        return
    if a.window:
        a.window.pop(0)
    next_window(s, ev)


# ---------------------------------------------------------------------------------------------
# Garrisons (CK-R28)


def garrison_step(s: CKState, ev: list[Event]) -> None:
    """The defender decides on garrisons, then everything is revealed."""
    a = s.attack
    if a is None:
        return
    if usable_garrisons(s):
        s.phase, s.actor = GARRISON, s.owner[a.region]
        return
    resolve(s, ev)


def use_garrison(s: CKState, region: int, ev: list[Event]) -> None:
    """One more garrison defends (it is removed whatever the result)."""
    a = s.attack
    if a is None:
        return
    a.garrisons.append(region)
    ev.append(new_event("use_garrison", {"seat": s.actor, "region": s.board.names[region]},
                        f"{subject(s.actor)} uses the garrison of {s.board.label(region)}."))  # fmt: skip
    if not usable_garrisons(s):
        resolve(s, ev)


# ---------------------------------------------------------------------------------------------
# Dice and result (CK-R20 to CK-R25)


def _reveal_text(
    bot: bool, independent: bool, played: tuple[str, ...], army_cards: tuple[str, ...], base: int
) -> str:
    """The reveal's log line (``bot``: the Bot's attack, with ``army_cards``; ``independent``: an
    Independent Attack; ``played``: the attack's cards).  The Bot attacks with its army alone, face up
    all along (CK-R49), and the independents with 4 dice: the line says so, then names the cards
    played, if any; no "none"."""
    cards = ", ".join(map(title, played))
    if bot:
        army = ", ".join(map(title, army_cards))
        opening = (
            f"The Bot attacks with its army ({army}): strength {base}, so {counted(base, 'die', 'dice')}."
        )
    elif independent:
        opening = f"The independents attack with {counted(base, 'die', 'dice')}."
    else:
        return f"The attack's cards are revealed: {cards or 'none'}."
    return f"{opening} The cards played are revealed: {cards}." if cards else opening


# "0 dice", "1 die", ... and "0 hits", "1 hit", ... for a combat's log line, made once at import (a
# combat names four counts; hits never outnumber dice).
_COUNTS = 128
_DICE_WORDS = tuple(counted(n, "die", "dice") for n in range(_COUNTS))
_HIT_WORDS = tuple(counted(n, "hit") for n in range(_COUNTS))


def _combat_text(att: int, att_hits: int, dfn: int, def_hits: int, won: bool) -> str:
    """The combat's log line (CK-R21): each side's dice and hits, and who won."""
    if att < _COUNTS and dfn < _COUNTS:
        words = _DICE_WORDS[att], _HIT_WORDS[att_hits], _DICE_WORDS[dfn], _HIT_WORDS[def_hits]
    else:
        words = (
            counted(att, "die", "dice"),
            counted(att_hits, "hit"),
            counted(dfn, "die", "dice"),
            counted(def_hits, "hit"),
        )
    return (f"Attack {words[0]} ({words[1]}) against defence {words[2]} ({words[3]}): "
            f"the attack {'succeeds' if won else 'fails'}.")  # fmt: skip


def resolve(s: CKState, ev: list[Event]) -> None:
    """CK-R19 steps 5-10 as one procedure: reveal, count, roll, decide, apply, discard.

    What the combat reads (the attack's cards, the region's owner and defence, the dice counts) is read
    once into locals, the outcome decided, then the state written and the events emitted in rule order
    (reveal, the Bot's defence, the combat, the capture, the discards), with the PRNG's calls in the
    same order as the rules make them.  The rare cases go through their own helpers: placed responses
    (CK-R20's effects, CK-R25's exceptions), the Bot defending (CK-R52), an Independent Attack's
    capture (m_independent_attack), queued dice (test scenarios)."""
    a = s.attack
    if a is None:
        return
    a.revealed = True
    a.window = []
    attacker, region, kind, responses = a.attacker, a.region, a.kind, a.responses
    troops = a.troops + a.helper_troops  # a new list: the reveal's, then the discards'
    bot = attacker == BOT
    base = base_attack(s, a)  # the attack's base dice (CK-R59, CK-R49, m_independent_attack)
    # Step 5: everything is revealed; the Bot's army and strength with it (CK-R49).
    played = troops + [c for _s, c, _side in responses] if responses else troops
    data: dict[str, Any] = {"troops": troops, "responses": list(map(list, responses))}
    if bot:
        data["army"], data["strength"] = s.bot_army[:], base
    shown = (bot, kind == "independent", tuple(played), tuple(s.bot_army) if bot else (), base)
    ev.append(lazy_event("reveal", data, _reveal_text, shown, reveals=True))
    # Step 6: the dice each side rolls (CK-R20; the Bot defends by CK-R52).
    defender = s.owner[region]
    att, dfn = bot_defence(s, a, ev, base) if defender == BOT else dice_counts(s, a, None, base)
    if kind == "independent":  # m_independent_attack: the independents roll against the defender
        def_shield = religion(s, defender)
        att_shield = other(def_shield)
    else:
        att_shield = religion(s, attacker)
        def_shield = other(att_shield) if defender == INDEP else religion(s, defender)
    # Step 7: both sides roll (CK-R57), the attack's dice first; CK-R21: more hits wins, a tie defends.
    att_faces, def_faces = roll_both(s, att, dfn)
    att_hits, def_hits = hits(att_faces, att_shield), hits(def_faces, def_shield)
    won = att_hits > def_hits
    ev.append(lazy_event("combat", {"attack_dice": att_faces, "defence_dice": def_faces, "attack_hits": att_hits,
                               "defence_hits": def_hits, "won": won, "region": s.board.names[region]},
                        _combat_text, (att, att_hits, dfn, def_hits, won), reveals=True))  # fmt: skip
    # Step 8: CK-R24: the used garrisons are gone whatever the result; CK-R22 / CK-R23: a capture.
    if a.garrisons or won:
        garrison = own(s, "garrison")
        for r in a.garrisons:
            garrison[r] = False
        if won:
            garrison[region] = False
            if kind == "independent":
                _independent_capture(s, region, defender, ev)
            else:
                set_owner(s, region, attacker)
                ev.append(_captured(attacker, s.board.names[region], s.board.labels[region]))
                if s.coop:
                    check_bot_eliminated(s, ev)
                elif not check_sudden_victory(s, attacker, ev) and defender >= 0:
                    change_bonus(s, defender, -1, ev)
    # Step 9: CK-R25: every card of the attack is discarded (its exceptions: _discard_responses).
    if responses:
        _discard_responses(s, a, troops, won, ev)
    else:
        discard_all(s, troops)
        if a.event:
            discard(s, a.event)
        if bot:
            disband_army(s, ev)
    s.attack = None
    if s.phase == "over":
        return
    # Step 10: CK-R22's reward for a won attack of the 3-4 player game.
    if won and kind != "independent" and attacker >= 0 and not s.coop:
        if a.helper_troops and a.helper >= 0:
            change_bonus(s, a.helper, 1, ev)
        if _reward_or_auto(s, attacker, ev):
            return
    end_round(s)


def _captured(seat: int, region: str, label: str) -> Event:
    """The capture's event (CK-R22): ``seat`` takes ``region`` (``label``: its name for players)."""
    return new_event("capture", {"region": region, "seat": seat}, f"{subject(seat)} takes {label}.")


def _independent_capture(s: CKState, region: int, previous: int, ev: list[Event]) -> None:
    """m_independent_attack: a won Independent Attack makes the region independent; its owner loses
    one Card Bonus (CK-R23)."""
    set_owner(s, region, INDEP)
    ev.append(new_event("capture", {"region": s.board.names[region], "seat": INDEP},
                        f"{s.board.label(region)} becomes independent."))  # fmt: skip
    change_bonus(s, previous, -1, ev)


def _discard_responses(s: CKState, a: Attack, troops: list[str], won: bool, ev: list[Event]) -> None:
    """CK-R25 for an attack with placed responses (``troops``: its own and the helper's): each
    m_regrouping of the attacker takes his strongest troop back to hand, a c_true_cross on the winning
    side goes back to its owner; the rest is discarded, then the Bot's army (CK-R49)."""
    returned: list[str] = []
    seat = a.attacker
    regroups = sum(1 for owner, c, _ in a.responses if c == "m_regrouping" and owner == seat)
    own_troops = a.troops[:]
    for _ in range(regroups):
        if own_troops:
            best = max(own_troops, key=strength)  # max keeps the first of equals: committed first
            own_troops.remove(best)
            returned.append(best)
            give(s, seat, best)
    discard_all(s, own_troops + a.helper_troops if regroups else troops)
    for owner, cid, side in a.responses:
        if cid == "c_true_cross" and (won if side == ATT else not won):
            give(s, owner, cid)
            returned.append(cid)
        else:
            discard(s, cid)
    if a.event:
        discard(s, a.event)
    if seat == BOT:
        disband_army(s, ev)
    if returned:
        ev.append(
            new_event(
                "return", {"cards": returned}, "Back to hand: " + ", ".join(title(c) for c in returned) + "."
            )
        )


def _reward_or_auto(s: CKState, seat: int, ev: list[Event]) -> bool:
    """CK-R22: +1 bonus or a garrison; True if the player must choose now."""
    spots = free_regions(s, seat)
    if s.bonus[seat] >= 2:
        if len(spots) > 1:
            s.phase, s.actor = REWARD, seat
            return True
        own(s, "overflow").append(seat)
        return False
    if spots:
        s.phase, s.actor = REWARD, seat
        return True
    change_bonus(s, seat, 1, ev)
    return False


def reward_options(s: CKState) -> tuple[bool, list[int]]:
    """(may take the bonus, regions for a garrison)."""
    seat = s.actor
    return s.bonus[seat] < 2, free_regions(s, seat)


# ---------------------------------------------------------------------------------------------
# The decisions of the attack phases, and what each one does

# Actions are immutable values: the legal lists share one object per value (playout speed).
_COMMIT = {c: Commit(c) for c in BY_ID}
_RESPOND = {(c, side): Respond(c, side) for c in RESPONSE_IDS for side in (ATT, DEF)}
_COMMIT_DONE, _RESPOND_DONE, _GARRISONS_DONE, _TAKE_BONUS = (
    CommitDone(),
    RespondDone(),
    GarrisonsDone(),
    TakeBonus(),
)


def commit_actions(s: CKState) -> list[Action]:
    """COMMIT / HELP: a card to commit, or done (an attack needs a troop, CK-R15)."""
    a = s.attack
    out: list[Action] = list(map(_COMMIT.__getitem__, commit_options(s)))
    if a is not None and (a.troops or a.kind == "independent" or s.phase == HELP):
        out.append(_COMMIT_DONE)
    return out


def respond_actions(s: CKState) -> list[Action]:
    """RESPOND: a response on a side (CK-R27), or close the window (CK-R26)."""
    out: list[Action] = list(map(_RESPOND.__getitem__, response_options(s, s.actor)))
    out.append(_RESPOND_DONE)
    return out


def garrison_actions(s: CKState) -> list[Action]:
    """GARRISON: one more garrison defends (CK-R28), or no more."""
    use = s.board.use_garrisons
    return [*(use[r] for r in usable_garrisons(s)), _GARRISONS_DONE]


def reward_actions(s: CKState) -> list[Action]:
    """REWARD: +1 Card Bonus or a garrison (CK-R22)."""
    bonus_ok, spots = reward_options(s)
    place = s.board.place_garrisons
    out: list[Action] = [_TAKE_BONUS] if bonus_ok else []
    return out + [place[r] for r in spots]


def truce_actions(s: CKState) -> list[Action]:
    """TRUCE: the attacker's penalty (m_truce)."""
    return [TrucePenalty(o) for o in truce_options(s)]


def _commit(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Commit):
        commit(s, a.card, ev)
        if s.phase == HELP and not commit_options(s):
            open_windows(s, ev)


def _commit_done(s: CKState, a: Action, ev: list[Event]) -> None:
    if s.phase == HELP:
        open_windows(s, ev)
    else:
        commit_done(s, ev)


def _respond(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, Respond):
        respond(s, a.card, a.side, ev)


def _respond_done(s: CKState, a: Action, ev: list[Event]) -> None:
    respond_done(s, ev)


def _use_garrison(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, UseGarrison):
        use_garrison(s, s.board.index[a.region], ev)


def _garrisons_done(s: CKState, a: Action, ev: list[Event]) -> None:
    resolve(s, ev)


def _take_bonus(s: CKState, a: Action, ev: list[Event]) -> None:
    change_bonus(s, s.actor, 1, ev)
    end_round(s)


def _place_garrison(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PlaceGarrison):
        place_garrison(s, s.board.index[a.region], ev)


def _truce(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, TrucePenalty):
        apply_truce(s, a.option, ev)


_MOVES: dict[type[Action], Callable[[CKState, Action, list[Event]], None]] = {
    Commit: _commit, CommitDone: _commit_done, Respond: _respond, RespondDone: _respond_done,
    UseGarrison: _use_garrison, GarrisonsDone: _garrisons_done, TakeBonus: _take_bonus,
    PlaceGarrison: _place_garrison, TrucePenalty: _truce,
}  # fmt: skip


def apply(s: CKState, a: Action, ev: list[Event]) -> None:
    """One decision of an attack phase (the rules checked it is among the legal ones)."""
    _MOVES[type(a)](s, a, ev)
