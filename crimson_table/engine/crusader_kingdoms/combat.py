"""The attack procedure (CK-R19 to CK-R28): targets, commitment, responses, garrisons, dice, result."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from crimson_table.engine.core import Event, counted
from crimson_table.engine.crusader_kingdoms import flow
from crimson_table.engine.crusader_kingdoms.cards import (
    ATT,
    BY_ID,
    CHRISTIAN,
    DEF,
    MUSLIM,
    RESPONSE,
    RESPONSE_IDS,
    TROOP_IDS,
    is_troop,
    strength,
    title,
)
from crimson_table.engine.crusader_kingdoms.common import (
    SHIELDED,
    ally,
    change_bonus,
    discard,
    free_regions,
    give,
    hits,
    is_border,
    neighbours_of,
    new_event,
    regions_of,
    religion,
    roll,
    starting_regions,
    subject,
    who,
)
from crimson_table.engine.crusader_kingdoms.state import (
    BOT,
    COMMIT,
    GARRISON,
    HELP,
    INDEP,
    NONE,
    RESPOND,
    REWARD,
    TRUCE,
    Attack,
    CKState,
    own,
    own_hand,
)

EVENT_KINDS = {
    "c_siege_towers": "siege",
    "c_forced_march": "forced",
    "c_concerted_attack": "concert",
    "c_spies": "spies",
}


def other(shield: str) -> str:
    """The opposite religion's shield."""
    return MUSLIM if shield == CHRISTIAN else CHRISTIAN


# ---------------------------------------------------------------------------------------------
# Targets (CK-R15)


def attack_targets(s: CKState, seat: int, kind: str = "normal", victim: int = NONE) -> list[int]:
    """Regions ``seat`` may attack with an attack of ``kind`` (sorted by index)."""
    board = s.board
    mine = regions_of(s, seat)
    if kind == "normal" and mine:
        return open_targets(s, seat, neighbours_of(s, mine))
    cands: Iterable[int]
    if not mine:  # CK-R15 exception, CK-R41: only his own starting regions
        cands = starting_regions(s, seat)
        if kind == "siege":
            cands = [r for r in cands if s.owner[r] != INDEP]
        if kind == "spies":
            cands = [r for r in cands if s.owner[r] == victim]
    elif kind == "forced":
        cands = {r for m in mine for r in board.within_two(m)}
    elif kind == "spies":
        cands = [r for r in regions_of(s, victim) if is_border(s, seat, r)]
    else:
        cands = neighbours_of(s, mine)
        if kind == "siege":
            cands = [r for r in cands if s.owner[r] != INDEP]
    return open_targets(s, seat, set(cands))


def open_targets(s: CKState, seat: int, cands: set[int]) -> list[int]:
    """The regions of ``cands`` that ``seat`` may attack (CK-R32 / CK-R37, not his own), sorted."""
    owner, shielded = s.owner, SHIELDED[s.mode][seat]
    out = [r for r in cands if owner[r] not in shielded]
    out.sort()
    return out


def independent_targets(s: CKState, seat: int) -> list[int]:
    """m_independent_attack: another player's regions next to an independent region."""
    nb = s.board.neighbours
    return [
        r for r, o in enumerate(s.owner) if o not in (seat, INDEP) and any(s.owner[n] == INDEP for n in nb[r])
    ]


def has_troop(s: CKState, seat: int) -> bool:
    """CK-R15 (a): a Troop card in hand."""
    return not TROOP_IDS.isdisjoint(s.hands[seat])


# ---------------------------------------------------------------------------------------------
# Announce, truce, commit


def announce(s: CKState, seat: int, region: int, kind: str, event: str, ev: list[Event]) -> None:
    """CK-R19 step 1: the attack is announced; Truce may cost the attacker first."""
    s.attack = Attack(attacker=seat, region=region, kind=kind, event=event)
    if event and s.event == event:
        s.event = ""
    what = f" ({title(event)})" if event else ""
    ev.append(new_event("announce", {"seat": seat, "region": s.board.names[region], "kind": kind, "event": event},
                        f"{subject(seat)} attacks {s.board.label(region)}{what}."))  # fmt: skip
    s.phase, s.actor = COMMIT, seat
    defender = s.owner[region]
    if kind != "independent" and defender >= 0 and _truce_between(s, seat, defender):
        options = truce_options(s)
        if len(options) == 1:
            apply_truce(s, options[0], ev)
        elif options:
            s.phase, s.actor = TRUCE, defender


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
    distinct = dict.fromkeys(s.hands[seat])  # hand order, each card once
    if s.phase == HELP:  # c_concerted_attack: the helper adds troops only
        return [c for c in distinct if c in TROOP_IDS]
    responses = [c for c in distinct if c in RESPONSE_IDS and can_respond(s, seat, c, ATT)]
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
    ev.append(new_event("commit", {"seat": seat, "card": cid}, f"{subject(seat)} places a card face down.",
                        private_to=(seat,), private_text=f"{subject(seat)} commits {title(cid)}.",
                        public={"seat": seat, "side": ATT}))  # fmt: skip


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


def can_respond(s: CKState, seat: int, cid: str, side: str) -> bool:
    """CK-R27 / CK-R60: may ``seat`` place ``cid`` on ``side`` of the current attack?"""
    a = s.attack
    c = BY_ID[cid]
    if a is None or c.type != RESPONSE or side not in c.sides:
        return False
    if a.attacker == BOT and side == ATT:  # CK-R49
        return False
    region = a.region
    if c.castle and s.owner[region] == INDEP:
        return False
    if c.coastal and not s.board.coastal[region]:
        return False
    if c.own:
        if side == ATT:
            return seat == a.attacker and a.kind != "independent"
        return s.owner[region] == seat
    return True


def response_options(s: CKState, seat: int) -> list[tuple[str, str]]:
    """(card, side) pairs ``seat`` may place now (distinct, in hand order)."""
    distinct = [c for c in dict.fromkeys(s.hands[seat]) if c in RESPONSE_IDS]
    return [(c, side) for c in distinct for side in (ATT, DEF) if can_respond(s, seat, c, side)]


def respond(s: CKState, cid: str, side: str, ev: list[Event]) -> None:
    """One response card face down; everyone sees its side, not what it is."""
    a = s.attack
    if a is None:
        return
    seat = s.actor
    own_hand(s, seat).remove(cid)
    a.responses.append((seat, cid, side))
    ev.append(new_event("respond", {"seat": seat, "card": cid, "side": side},
                        f"{subject(seat)} places a card face down on the {'attack' if side == ATT else 'defence'}.",
                        private_to=(seat,), private_text=f"{subject(seat)} places {title(cid)} on {side}.",
                        public={"seat": seat, "side": side}))  # fmt: skip
    if not response_options(s, seat):
        respond_done(s, ev)


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


def usable_garrisons(s: CKState) -> list[int]:
    """The defending player's garrisons in and next to the attacked region, not used yet."""
    a = s.attack
    if a is None:
        return []
    owner = s.owner[a.region]
    if owner < 0:
        return []
    spots = [a.region, *s.board.neighbours[a.region]]
    return sorted(r for r in spots if s.owner[r] == owner and s.garrison[r] and r not in a.garrisons)


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


_PLUS = {"c_militia": 2, "c_siege_engines": 2, "c_true_cross": 1, "c_italian_fleet": 2, "m_leader": 2,
         "m_ahdath": 2, "m_naphtha_throwers": 2, "c_sally_out": 1}  # fmt: skip
"""The dice a placed response adds to its side (CK-R20; c_knightly_charge is counted apart)."""


def _card_effect(s: CKState, a: Attack, cid: str, side: str) -> tuple[int, int, int, int]:
    """(attack +, defence +, attack -, defence -) of one placed response."""
    plus = _PLUS.get(cid, 0)
    if cid == "c_knightly_charge":
        plus = 2 if any(strength(t) >= 3 for t in a.troops + a.helper_troops) else 1
    att_red = 1 if cid == "c_sally_out" else 0
    if cid == "m_feigned_retreat":
        return (0, 0, 2, 0) if side == DEF else (0, 0, 0, 2)
    return (plus, 0, 0, 0) if side == ATT else (0, plus, att_red, 0)


def base_attack(s: CKState, a: Attack) -> int:
    """Troop strengths (CK-R59), 4 for an Independent Attack, S for the Bot (CK-R49)."""
    if a.kind == "independent":
        return 4
    if a.attacker == BOT:
        from crimson_table.engine.crusader_kingdoms.automaton import army_strength  # noqa: PLC0415

        return army_strength(s)
    return sum(strength(t) for t in a.troops + a.helper_troops)


def dice_counts(s: CKState, a: Attack, extra: list[tuple[str, str]] | None = None) -> tuple[int, int]:
    """CK-R20: additions first, then reductions, negatives set to 0."""
    att_add, def_add, att_red, def_red = dice_terms(s, a, extra)
    return max(0, att_add - att_red), max(0, def_add - def_red)


def dice_terms(
    s: CKState, a: Attack, extra: list[tuple[str, str]] | None = None
) -> tuple[int, int, int, int]:
    """CK-R20's four sums (attack +, defence +, attack -, defence -) before they are netted: each used
    garrison adds one to the defence's, so the Bot's garrison choice reads them once (``bot_defence``)."""
    rdv = s.board.defense[a.region]
    if a.kind == "siege":
        rdv = max(0, rdv - 2)
    att_add, def_add, att_red, def_red = base_attack(s, a), rdv + len(a.garrisons), 0, 0
    owner = s.owner[a.region]
    if owner >= 0 and "m_watchtowers" in s.kept[owner]:
        def_add += 1
    for _seat, cid, side in [*a.responses, *((None, c, sd) for c, sd in extra or [])]:
        p, q, r, t = _card_effect(s, a, cid, side)
        att_add, def_add, att_red, def_red = att_add + p, def_add + q, att_red + r, def_red + t
    return att_add, def_add, att_red, def_red


def _reveal_data(s: CKState, a: Attack, base: int) -> dict[str, Any]:
    """What the reveal shows: the cards, and for the Bot's attack its army and strength (CK-R49)."""
    data: dict[str, Any] = {"troops": a.troops + a.helper_troops, "responses": [list(r) for r in a.responses]}
    if a.attacker == BOT:
        data.update(army=s.bot_army[:], strength=base)
    return data


def _reveal_text(s: CKState, a: Attack, base: int) -> str:
    """The reveal's log line.  The Bot attacks with its army alone, face up all along (CK-R49), and
    the independents with 4 dice: the line says so, then names the cards played, if any; no "none"."""
    cards = ", ".join(title(c) for c in a.cards())
    dice = counted(base, "die", "dice")
    if a.attacker == BOT:
        army = ", ".join(title(c) for c in s.bot_army)
        opening = f"The Bot attacks with its army ({army}): strength {base}, so {dice}."
    elif a.kind == "independent":
        opening = f"The independents attack with {dice}."
    else:
        return f"The attack's cards are revealed: {cards or 'none'}."
    return f"{opening} The cards played are revealed: {cards}." if cards else opening


def resolve(s: CKState, ev: list[Event]) -> None:
    """CK-R19 steps 5-10: reveal, count, roll, decide, apply, discard."""
    a = s.attack
    if a is None:
        return
    a.revealed = True
    a.window = []
    base = base_attack(s, a)  # the attack's base dice (CK-R59, CK-R49), read once for the reveal
    ev.append(new_event("reveal", _reveal_data(s, a, base), _reveal_text(s, a, base), reveals=True))
    extra: list[tuple[str, str]] = []
    defender = s.owner[a.region]
    if defender == BOT:
        from crimson_table.engine.crusader_kingdoms.automaton import bot_defence  # noqa: PLC0415

        extra = bot_defence(s, a, ev)
    att, dfn = dice_counts(s, a, extra)
    att_shield = other(religion(s, defender)) if a.kind == "independent" else religion(s, a.attacker)
    def_shield = other(religion(s, a.attacker)) if defender == INDEP else religion(s, defender)
    if a.kind == "independent":
        def_shield = religion(s, defender)
    att_faces, def_faces = roll(s, att), roll(s, dfn)
    att_hits, def_hits = hits(att_faces, att_shield), hits(def_faces, def_shield)
    won = att_hits > def_hits  # CK-R21: a tie goes to the defender
    ev.append(new_event("combat", {"attack_dice": att_faces, "defence_dice": def_faces, "attack_hits": att_hits,
                               "defence_hits": def_hits, "won": won, "region": s.board.names[a.region]},
                        f"Attack {counted(att, 'die', 'dice')} ({counted(att_hits, 'hit')}) against defence "
                        f"{counted(dfn, 'die', 'dice')} ({counted(def_hits, 'hit')}): "
                        f"the attack {'succeeds' if won else 'fails'}.", reveals=True))  # fmt: skip
    for r in a.garrisons:  # CK-R24: used garrisons are gone whatever the result
        own(s, "garrison")[r] = False
    if won:
        _capture(s, a, ev)
    _discard_attack(s, a, won, ev)
    s.attack = None
    if s.phase == "over":
        return
    if won and a.kind != "independent" and a.attacker >= 0 and not s.coop:
        if a.helper_troops and a.helper >= 0:
            change_bonus(s, a.helper, 1, ev)
        if _reward_or_auto(s, a.attacker, ev):
            return
    flow.round_done(s, ev)


def _capture(s: CKState, a: Attack, ev: list[Event]) -> None:
    """CK-R22 / CK-R23 / m_independent_attack: the region changes hands."""
    region, previous = a.region, s.owner[a.region]
    own(s, "garrison")[region] = False
    if a.kind == "independent":
        own(s, "owner")[region] = INDEP
        ev.append(new_event("capture", {"region": s.board.names[region], "seat": INDEP},
                            f"{s.board.label(region)} becomes independent."))  # fmt: skip
        change_bonus(s, previous, -1, ev)
        return
    own(s, "owner")[region] = a.attacker
    ev.append(new_event("capture", {"region": s.board.names[region], "seat": a.attacker},
                        f"{subject(a.attacker)} takes {s.board.label(region)}."))  # fmt: skip
    if s.coop:
        flow.check_bot_eliminated(s, ev)
        return
    if flow.check_sudden_victory(s, a.attacker, ev):
        return
    if previous >= 0:
        change_bonus(s, previous, -1, ev)


def _discard_attack(s: CKState, a: Attack, won: bool, ev: list[Event]) -> None:
    """CK-R25 with the exceptions of c_true_cross and m_regrouping; the Bot's army per CK-R49."""
    returned: list[str] = []
    regroups = sum(1 for seat, c, _ in a.responses if c == "m_regrouping" and seat == a.attacker)
    troops = a.troops[:]
    for _ in range(regroups):
        if troops:
            best = max(troops, key=strength)  # max keeps the first of equals: committed first
            troops.remove(best)
            returned.append(best)
            give(s, a.attacker, best)
    for t in troops + a.helper_troops:
        discard(s, t)
    for seat, cid, side in a.responses:
        if cid == "c_true_cross" and (won if side == ATT else not won):
            give(s, seat, cid)
            returned.append(cid)
        else:
            discard(s, cid)
    if a.event:
        discard(s, a.event)
    if a.attacker == BOT:
        from crimson_table.engine.crusader_kingdoms.automaton import disband_army  # noqa: PLC0415

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
