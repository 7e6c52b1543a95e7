"""The Muslim Bot of the solitaire and 2-player games (CK-R42 to CK-R54), driven by the state's PRNG.

The Bot is not a seat: ``current_player`` never names it.  ``flow.settle`` asks it for each step
of its rounds inside ``apply_action``; they stop only where a Christian must decide (Scorched
Earth's troop, DEF responses and garrisons against a Bot attack).  The attack phases ask it how it
defends (CK-R52) and what its army keeps (CK-R49).  It stands on :mod:`ops` and :mod:`dice` alone:
its attack is handed on by naming the next step (``WINDOWS``), never by calling into combat.
"""

from __future__ import annotations

from crimson_table.engine.core import Event, lazy_event
from crimson_table.engine.crusader_kingdoms.cards import (
    BY_ID,
    DEF,
    MUSLIM,
    deck_of,
    is_event,
    is_response,
    is_troop,
    strength,
    title,
)
from crimson_table.engine.crusader_kingdoms.dice import army_strength, dice_terms
from crimson_table.engine.crusader_kingdoms.ops import (
    below,
    bot_garrison,
    change_bonus,
    discard,
    discard_all,
    new_event,
    random_discard,
    roll_one,
    who,
)
from crimson_table.engine.crusader_kingdoms.state import (
    ALL,
    BOT,
    IDLE,
    PICK,
    SHARED_BITS,
    WINDOWS,
    Attack,
    CKState,
    map_facts,
    own,
    own_hand,
)
from crimson_table.engine.rng import resumed

SEIZED_EVENTS_PLAYED = ("c_raid", "c_venetian_merchants", "c_castle_builders")  # CK-R54
_BOT_HAND, _BOT_ARMY = SHARED_BITS["bot_hand"], SHARED_BITS["bot_army"]

# The Bot's most frequent log lines, made once at import (events are read-only values): every Bot
# round reveals a card, and most activations of a small army find no target.
_IDLE = new_event("bot_idle", {}, "The Bot's army finds no target.")
_REVEALS = {
    (cid, to): new_event("bot_card", {"card": cid, "to": to}, f"The Bot reveals {title(cid)}.", reveals=True)
    for cid in BY_ID
    if deck_of(cid) == MUSLIM
    for to in ("army", "stack", "discard", "event")
}


_UNKNOWN = -99
"""What :class:`MapFacts` holds for a Bot round not asked yet (never a region nor None)."""


def bot_target(s: CKState) -> int | None:
    """CK-R48: the lowest-numbered region of the target Christian(s) next to a Muslim region (worked out
    once per map and round target, :class:`MapFacts`)."""
    facts = map_facts(s)
    vs = s.bot_vs
    known = facts.bot_targets.get(vs, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    nb, owners = s.board.neighbours, s.owner
    found = None
    for r, owner in enumerate(owners):  # index order is Region Number order on this board
        if owner < 0 or (vs != ALL and owner != vs):
            continue
        if BOT in [owners[n] for n in nb[r]]:
            found = r
            break
    facts.bot_targets[vs] = found
    return found


def event_target(s: CKState) -> int:
    """CK-R53: the Christian a Bot event affects."""
    if s.bot_vs != ALL:
        return s.bot_vs
    region = bot_target(s)
    return s.owner[region] if region is not None else 0


def bot_round(s: CKState, ev: list[Event]) -> bool:
    """The Bot round's steps still to come, as one procedure while nobody must decide: True if a step
    left a Christian to decide (Scorched Earth, the Bot's attack) or ended the game, False once the
    round is finished.

    CK-R45 / CK-R46: the top card of its hand is revealed and goes where it belongs
    (:func:`resolve_bot_card`).  CK-R47: then, if it has an army and CK-R48 finds a target, the green
    die is rolled against the army's strength S; below S it attacks (CK-R49: no commitment, the
    response windows open at once)."""
    if s.bot_step == 0:
        s.bot_step = 1
        hand = s.bot_hand
        if hand:
            s.bot_hand = hand[1:]  # a new list: the old one may be shared with the state forked from
            s.shared &= ~_BOT_HAND
            resolve_bot_card(s, hand[0], ev)
            if s.phase != IDLE:
                return True
    elif s.bot_step != 1:
        return False
    s.bot_step = 2
    if not s.bot_army:
        return False
    region = bot_target(s)
    if region is None:
        ev.append(_IDLE)
        return False
    S = army_strength(s)
    if s.dice:  # queued faces (test scenarios)
        face = roll_one(s)
    else:  # ops.roll_one without the call: one die from the PRNG
        rng = resumed(s.rng)
        face = 1 + rng.below(6)
        s.rng = rng.state
    board = s.board
    ev.append(_activation(face, S, board.names[region], board.labels[region]))
    if face >= S:
        return False
    s.attack = Attack.opened(BOT, region, "bot", "")
    s.phase = WINDOWS
    return True


def _activation(face: int, strength: int, region: str, label: str) -> Event:
    """The activation's event (CK-R47): the die ``face`` against the army's ``strength``, and CK-R48's
    target ``region`` (``label``: its name for players), attacked when the die is below the strength."""
    attacks = face < strength
    data = {"roll": face, "strength": strength, "attacks": attacks, "region": region}
    attacked = label if attacks else None
    return lazy_event("bot_activation", data, _activation_text, (face, strength, attacked), reveals=True)


def _activation_text(face: int, strength: int, attacked: str | None) -> str:
    """The activation's log line (CK-R47): the die, the army's strength, the region attacked if any."""
    return (f"The Bot rolls {face} against army strength {strength}: "
            f"{'it attacks ' + attacked if attacked is not None else 'no attack'}.")  # fmt: skip


def bot_card_destination(s: CKState, cid: str) -> str:
    """CK-R46 / CK-R54: where the Bot's revealed card goes: "army", "stack", "discard" or "event"."""
    if cid in ("m_leader", "m_regrouping"):  # CK-R54
        if s.bot_army:
            return "army"
        return "stack" if cid == "m_leader" else "discard"
    return bot_card_destination_of(cid)


def bot_card_destination_of(cid: str) -> str:
    """CK-R46: where a revealed troop ("army"), response ("stack") or event ("event") goes."""
    if is_troop(cid):
        return "army"
    return "stack" if is_response(cid) else "event"


# Per Muslim card whose place does not depend on the Bot's army (all but CK-R54's Leader and
# Regrouping): where it goes when revealed (CK-R46), and the log line saying so.
_FIXED_REVEALS = {
    cid: (to, _REVEALS[cid, to])
    for (cid, to) in _REVEALS
    if cid not in ("m_leader", "m_regrouping") and to == bot_card_destination_of(cid)
}


def resolve_bot_card(s: CKState, cid: str, ev: list[Event]) -> None:
    """CK-R46: a troop joins the army, a response goes on the stack, an event is applied; the event
    says where the card went, so a table can show the army the Bot attacks with (CK-R49)."""
    fixed = _FIXED_REVEALS.get(cid)
    if fixed is None:  # CK-R54's Leader and Regrouping: it depends on the army
        to = bot_card_destination(s, cid)
        ev.append(_REVEALS[cid, to])
    else:
        to, shown = fixed
        ev.append(shown)
    if to == "army":
        s.bot_army = [*s.bot_army, cid]  # a new list: the old one may be shared with the state forked from
        s.shared &= ~_BOT_ARMY
    elif to == "stack":
        own(s, "bot_stack").append(cid)
    elif to == "discard":
        discard(s, cid)
    else:
        bot_event(s, cid, ev)


def bot_event(s: CKState, cid: str, ev: list[Event]) -> None:
    """Section 3.3 "Bot handling" and CK-R54; the card is discarded afterwards (CK-R46)."""
    target = event_target(s)
    if cid in ("m_raid", "c_raid"):
        random_discard(s, target, ev, title(cid))
    elif cid in ("m_add_troops", "c_castle_builders"):
        bot_garrison(s, ev, title(cid))
    elif cid in ("m_commerce", "c_venetian_merchants"):
        change_bonus(s, BOT, 1, ev)
    elif cid == "m_seduction":
        _seduction(s, target, ev)
    elif cid == "m_scorched_earth" and any(is_troop(c) for c in s.hands[target]):
        discard(s, cid)
        s.phase, s.actor, s.pick_from, s.pick_why = PICK, target, target, "scorched_earth"
        return
    discard(s, cid)


def _seduction(s: CKState, target: int, ev: list[Event]) -> None:
    """CK-R54: a random Christian card: troop to the army, response to the stack, some events played."""
    hand = own_hand(s, target)
    if not hand:
        return
    cid = hand.pop(below(s, len(hand)))
    to = _seized_destination(cid)
    ev.append(new_event("seduction", {"seat": target, "card": cid, "to": to},
                        f"Seduction: the Bot takes {title(cid)} from {who(target)}.", reveals=True))  # fmt: skip
    if to == "army":
        own(s, "bot_army").append(cid)
    elif to == "stack":
        own(s, "bot_stack").append(cid)
    elif to == "event":
        bot_event(s, cid, ev)
    else:
        discard(s, cid)


def _seized_destination(cid: str) -> str:
    """CK-R54: where a seized Christian card goes: "army", "stack", "event" (played) or "discard"."""
    if is_troop(cid):
        return "army"
    if is_response(cid):
        return "stack"
    return "event" if is_event(cid) and cid in SEIZED_EVENTS_PLAYED else "discard"


def stack_effect(s: CKState, a: Attack, cid: str) -> list[tuple[str, str]]:
    """Section 3.2 "Bot use" / 3.3: what a stack card adds to the Bot's defence (as placed cards)."""
    if cid in ("c_siege_engines", "c_knightly_charge"):
        return []
    if cid == "c_italian_fleet" and not s.board.coastal[a.region]:
        return []
    return [(cid, DEF)]


def bot_defence(s: CKState, a: Attack, ev: list[Event], base: int | None = None) -> tuple[int, int]:
    """CK-R52: the top stack card against 3+ attack dice, then garrisons (own region, then neighbours);
    the dice each side then rolls (:func:`dice.dice_counts` with the stack card's effect).
    ``base``: the attack's :func:`dice.base_attack`, when the caller has it already."""
    att_add, def_add, att_red, def_red = dice_terms(s, a, None, base)
    counted_garrisons = len(a.garrisons)  # the garrisons the sums hold: each one more adds a defence die
    if att_add - att_red >= 3 and s.bot_stack:
        cid = own(s, "bot_stack").pop()
        extra = stack_effect(s, a, cid)
        discard(s, cid)
        ev.append(
            new_event("bot_response", {"card": cid}, f"The Bot plays {title(cid)} from its response stack.")
        )
        if extra:
            att_add, def_add, att_red, def_red = dice_terms(s, a, extra, base)
    garrison, owner = s.garrison, s.owner
    if garrison[a.region]:
        a.garrisons.append(a.region)
    att = max(0, att_add - att_red)
    held: list[int] = []  # the Bot's garrisons next door, lowest first (most regions have none)
    for n in s.board.neighbours[a.region]:
        if garrison[n] and owner[n] == BOT:
            held.append(n)
    held.sort()
    for n in held:  # each one more while the defence rolls fewer dice than the attack
        dfn = max(0, def_add + len(a.garrisons) - counted_garrisons - def_red)  # = dice_counts(s, a, extra)
        if att <= dfn:
            break
        a.garrisons.append(n)
    if a.garrisons:
        names = ", ".join(s.board.label(r) for r in a.garrisons)
        ev.append(new_event("bot_garrisons", {"regions": [s.board.names[r] for r in a.garrisons]},
                            f"The Bot defends with the garrisons of {names}."))  # fmt: skip
    return att, max(0, def_add + len(a.garrisons) - counted_garrisons - def_red)


def disband_army(s: CKState, ev: list[Event]) -> None:
    """CK-R49 / CK-R54: after its attack the army is discarded, except what each Regrouping keeps."""
    regroups = s.bot_army.count("m_regrouping")
    rest = s.bot_army[:] if regroups else s.bot_army  # the army's list is replaced below, never changed
    kept: list[str] = []
    for _ in range(regroups):
        troops = [c for c in rest if is_troop(c)]
        if troops:
            best = max(troops, key=strength)  # the first of equals joined first
            rest.remove(best)
            kept.append(best)
    discard_all(s, rest)
    s.bot_army = kept
    ev.append(_NO_ARMY if not kept else lazy_event("army", {"army": kept[:]}, _army_text, (tuple(kept),)))


def _army_text(army: tuple[str, ...]) -> str:
    """The log line of the Bot's army after its attack (CK-R49)."""
    return "The Bot's army after the attack: " + (", ".join(map(title, army)) or "none") + "."


# The log line of the Bot's army when its attack leaves none (most attacks: no Regrouping), made once
# at import (events are read-only values).
_NO_ARMY = new_event("army", {"army": []}, _army_text(()))
