"""The dice each side of an attack rolls (CK-R20, CK-R49, CK-R59).

Questions only: nothing here changes the state.  Combat counts them to roll, the Bot to choose its
garrisons (CK-R52), the views to show the army's strength.
"""

from __future__ import annotations

from crimson_table.engine.crusader_kingdoms.cards import (
    ATT,
    CHRISTIAN,
    DEF,
    MUSLIM,
    STRENGTHS,
    strength,
)
from crimson_table.engine.crusader_kingdoms.state import (
    BOT,
    Attack,
    CKState,
)


def army_strength(s: CKState) -> int:
    """CK-R47: printed troop strengths + 2 per attached Leader (every other card's strength is 0)."""
    army = s.bot_army
    return sum(map(STRENGTHS.__getitem__, army)) + 2 * army.count("m_leader")


def other(shield: str) -> str:
    """The opposite religion's shield."""
    return MUSLIM if shield == CHRISTIAN else CHRISTIAN


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
        return army_strength(s)
    of = STRENGTHS.__getitem__
    return sum(map(of, a.troops)) + sum(map(of, a.helper_troops))


def dice_counts(
    s: CKState, a: Attack, extra: list[tuple[str, str]] | None = None, base: int | None = None
) -> tuple[int, int]:
    """CK-R20: additions first, then reductions, negatives set to 0 (``base``: :func:`base_attack`,
    when the caller has it already)."""
    att_add, def_add, att_red, def_red = dice_terms(s, a, extra, base)
    return max(0, att_add - att_red), max(0, def_add - def_red)


def dice_terms(
    s: CKState, a: Attack, extra: list[tuple[str, str]] | None = None, base: int | None = None
) -> tuple[int, int, int, int]:
    """CK-R20's four sums (attack +, defence +, attack -, defence -) before they are netted: each used
    garrison adds one to the defence's, so the Bot's garrison choice reads them once (``bot_defence``).
    ``base``: :func:`base_attack`, when the caller has it already."""
    rdv = s.board.defense[a.region]
    if a.kind == "siege":
        rdv = max(0, rdv - 2)
    att_add = base_attack(s, a) if base is None else base
    def_add, att_red, def_red = rdv + len(a.garrisons), 0, 0
    owner = s.owner[a.region]
    if owner >= 0 and "m_watchtowers" in s.kept[owner]:
        def_add += 1
    if not a.responses and not extra:  # the usual attack: no response card placed
        return att_add, def_add, att_red, def_red
    placed = [(cid, side) for _seat, cid, side in a.responses]
    if extra:
        placed += extra
    for cid, side in placed:
        p, q, r, t = _card_effect(s, a, cid, side)
        att_add, def_add, att_red, def_red = att_add + p, def_add + q, att_red + r, def_red + t
    return att_add, def_add, att_red, def_red
