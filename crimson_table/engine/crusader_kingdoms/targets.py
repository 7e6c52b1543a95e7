"""What an attack may target and which responses may be placed (CK-R15, CK-R27, CK-R28).

Questions only: nothing here changes the state.  The phases (combat, events), the legal lists,
the views and the invariants all ask them.
"""

from __future__ import annotations

from collections.abc import Iterable

from crimson_table.engine.crusader_kingdoms.cards import (
    ATT,
    BY_ID,
    RESPONSE,
    RESPONSE_IDS,
    TROOP_IDS,
)
from crimson_table.engine.crusader_kingdoms.ops import (
    SHIELDED,
    is_border,
    neighbours_of,
    regions_of,
    starting_regions,
)
from crimson_table.engine.crusader_kingdoms.state import (
    BOT,
    INDEP,
    NONE,
    CKState,
)

EVENT_KINDS = {
    "c_siege_towers": "siege",
    "c_forced_march": "forced",
    "c_concerted_attack": "concert",
    "c_spies": "spies",
}


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
    hand = s.hands[seat]
    if RESPONSE_IDS.isdisjoint(hand):  # the usual case: no response card at all (asked in C)
        return []
    distinct = [c for c in dict.fromkeys(hand) if c in RESPONSE_IDS]
    # each card's own sides only (in the order ATT, DEF): can_respond refuses the others
    return [(c, side) for c in distinct for side in BY_ID[c].sides if can_respond(s, seat, c, side)]


def usable_garrisons(s: CKState) -> list[int]:
    """The defending player's garrisons in and next to the attacked region, not used yet."""
    a = s.attack
    if a is None:
        return []
    owner = s.owner[a.region]
    if owner < 0:
        return []
    garrison, owners, used = s.garrison, s.owner, a.garrisons
    out: list[int] = []
    for r in (a.region, *s.board.neighbours[a.region]):  # a plain loop: most spots hold no garrison
        if garrison[r] and owners[r] == owner and r not in used:
            out.append(r)
    out.sort()
    return out
