"""What a Crimson Keep position holds, asked without changing it (CK2 s.1, R7, R14, R18, R28-R33): where a
card stands, a clan's champion and keep, runic alignments, open build spaces, battles on offer.

Answers that depend on the board's cells alone are kept per board (:func:`board_memo`); the changes the
rules make are in :mod:`ops`, the grid's geometry in :mod:`board`.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

from crimson_table.engine.core import Action
from crimson_table.engine.crimson_keep.actions import battle_action
from crimson_table.engine.crimson_keep.board import (
    ADJ,
    FWD,
    KEEP_CELLS,
    KEEP_COLS,
    KEEP_COLUMN,
    KEEP_SET,
    LEVEL1,
    LEVELS,
    col,
    lvl,
    step,
)
from crimson_table.engine.crimson_keep.cards import (
    BLACK_ARMOURY,
    BLACK_GATE,
    BLACKSMITH,
    BUILDING,
    CARDS,
    CAVERN,
    CLAN_LEADER,
    COMBAT,
    DRAGON_CRYSTAL,
    FIRELANCERS,
    LAVA_WYRM,
    SCORCH_KNIGHTS,
    SUMMONING,
    pairs,
)
from crimson_table.engine.crimson_keep.state import (
    CKState,
    Clan,
)

SORCERESS_N = 37
IS_BUILDING = tuple(n in CARDS and CARDS[n].set == BUILDING for n in range(100))
IS_COMBAT = tuple(n in CARDS and CARDS[n].set == COMBAT for n in range(100))
IS_CAVERN = tuple(n in CARDS and CARDS[n].set == CAVERN for n in range(100))
# by board ref (``seat * 100 + number``, 0..199): is it that seat's Building card? its combat card?
BUILDING_REF = tuple(tuple(r // 100 == seat and IS_BUILDING[r % 100] for r in range(200)) for seat in (0, 1))
COMBAT_REF = tuple(tuple(r // 100 == seat and IS_COMBAT[r % 100] for r in range(200)) for seat in (0, 1))


def other(seat: int) -> int:
    """The opponent's seat."""
    return 1 - seat


def find(s: CKState, seat: int, n: int) -> int:
    """The cell holding ``seat``'s card ``n``, or -1."""
    ref = seat * 100 + n
    b = s.board
    return b.index(ref) if ref in b else -1


# -- what the board's cells alone decide, worked out once per board -----------------------------------
# A memo entry holds, per seat, the answers below, each filled when first asked; they depend on
# nothing but the board's cells.  A state keeps its entry with a copy of the board it belongs to
# (``CKState.memo``) and its clones share it, so the positions of one line of play reuse the answers
# until a card moves; asking costs one list comparison (none during a ``steady`` pass).  No table of
# boards is kept: on a loaded machine its memory traffic cost more than the answers it found again.
# slots of a memo entry: each answer has two, one per seat
CARDS_AT, CHAMPION_AT, RUNIC_AT, OPEN_AT, FIGHTS_AT, HEIGHTS_AT, INSIDE_AT = range(0, 14, 2)
BUILDS_AT, LINES_AT, NUMBERS_AT, ABLE_AT = range(14, 22, 2)
Cards = tuple[tuple[int, int], ...]


def board_memo(s: CKState) -> list[Any]:
    """The memo entry of ``s``'s board (a list of per-seat answers, None until asked)."""
    entry = s.steady  # a pass that cannot change this board is under way (CKState.steady)
    if entry is not None:
        return entry
    held = s.memo
    b = s.board
    if held is None:
        m: list[Any] = [None] * (_EMPTY + 1)
    elif held[0] is b:  # the entry of this very board, shared by the clones of this line of play
        return held[1]
    elif held[0] == b:  # the same cells in another list (the state changed a copy back, or was built anew)
        if not s.owned & 4:
            s.memo = (b, held[1])  # a board no state owns never changes: its clones then match by identity
        return held[1]
    else:  # a board not met in this line of play: a fresh entry, keeping the answers no changed cell touches
        m = _inherited(held[0], held[1], b)
    s.memo = (b[:] if s.owned & 4 else b, m)  # a board no state owns never changes (CKState.cells)
    return m


# which answers read which cells: a seat's keep cards, runes, heights and contents read only its keep's
# cells; its champion only level 1; its board numbers, ability cards, open tops and build options both
# (a push at a keep's gate reads the level-1 cell ahead); battles read levels 1 and 2 (the champions and
# their neighbours); Firelancer lines read the whole board
_KEEP_ONLY = (CARDS_AT, RUNIC_AT, HEIGHTS_AT, INSIDE_AT)
_KEEP_AND_LEVEL1 = (OPEN_AT, BUILDS_AT, NUMBERS_AT, ABLE_AT)


_IN_KEEP = (1, 2)  # a cell's group bits: 1 = seat 0's keep, 2 = seat 1's keep, 4 = level 1, 8 = level 2
_LEVEL1, _LEVEL2 = 4, 8


CELL_GROUPS = tuple(
    sum(bit for seat, bit in enumerate(_IN_KEEP) if x in KEEP_CELLS[seat])
    + (_LEVEL1 if x % LEVELS == 0 else 0)
    + (_LEVEL2 if x % LEVELS == 1 else 0)
    for x in range(45)
)


def _span(cells: tuple[int, ...]) -> slice:
    """The cells of a keep as one slice of the board (a keep's columns stand side by side on the grid)."""
    lo, hi = min(cells), max(cells) + 1
    if hi - lo != len(cells):
        raise ValueError("a keep's cells must be one run of the board")
    return slice(lo, hi)


_KEEP0, _KEEP1 = _span(KEEP_CELLS[0]), _span(KEEP_CELLS[1])
_ON_LEVEL1, _ON_LEVEL2 = slice(0, None, LEVELS), slice(1, None, LEVELS)


def touched_groups(old: list[int], board: list[int]) -> int:
    """The groups (``CELL_GROUPS`` bits) holding a cell that differs between two boards, each group
    compared as one slice (in C: a cell-by-cell walk costs three times as much).

    >>> b = [0] * 45
    >>> c = b[:]; c[5] = 101  # seat 0's keep, level 1
    >>> touched_groups(b, c) == CELL_GROUPS[5] == 1 | _LEVEL1
    True
    """
    return (
        (old[_KEEP0] != board[_KEEP0])
        | (old[_KEEP1] != board[_KEEP1]) << 1
        | (old[_ON_LEVEL1] != board[_ON_LEVEL1]) << 2
        | (old[_ON_LEVEL2] != board[_ON_LEVEL2]) << 3
    )


def _kept_slots(touched: int) -> tuple[int, ...]:
    """The slots of a memo entry that stay right when the cells of the groups ``touched`` changed."""
    kept: list[int] = []
    if not touched & _LEVEL1:
        kept += (CHAMPION_AT, CHAMPION_AT + 1)
        if not touched & _LEVEL2:
            kept += (FIGHTS_AT, FIGHTS_AT + 1)
    for seat in (0, 1):
        if not touched & _IN_KEEP[seat]:
            kept += (at + seat for at in _KEEP_ONLY)
            if not touched & _LEVEL1:
                kept += (at + seat for at in _KEEP_AND_LEVEL1)
    return tuple(sorted(kept))


# per set of touched groups (a value of the group bits): the slots an entry keeps, as one C call that reads
# them all from the old entry; the others read the empty last slot (``_EMPTY``), which every entry holds
_EMPTY = 22
_KEEPING = tuple(
    itemgetter(*(i if i in kept else _EMPTY for i in range(_EMPTY))) for kept in map(_kept_slots, range(16))
)


def _inherited(old_board: list[int], old: list[Any], board: list[int]) -> list[Any]:
    """A fresh memo entry for ``board`` holding the answers of ``old`` (the entry of ``old_board``) that
    read none of the cells that differ."""
    return [*_KEEPING[touched_groups(old_board, board)](old), None]


def champion(s: CKState, seat: int, m: list[Any] | None = None) -> tuple[int, int]:
    """(cell, number) of ``seat``'s combat card on the Battlefield, or (-1, 0)."""
    if m is None:
        m = board_memo(s)
    v: tuple[int, int] | None = m[CHAMPION_AT + seat]
    if v is None:
        v = m[CHAMPION_AT + seat] = _champion(s.board, seat)
    return v


def _champion(b: list[int], seat: int) -> tuple[int, int]:
    ref = COMBAT_REF[seat]  # a plain loop: a map over a list's bound __getitem__ costs 3x more
    for x in LEVEL1:
        if ref[b[x]]:
            return x, b[x] - seat * 100
    return -1, 0


def keep_cards(s: CKState, seat: int, m: list[Any] | None = None) -> Cards:
    """(cell, number) of ``seat``'s Building cards in its Keep, in cell order."""
    if m is None:
        m = board_memo(s)
    v: Cards | None = m[CARDS_AT + seat]
    if v is None:
        b, own, base = s.board, BUILDING_REF[seat], seat * 100
        v = m[CARDS_AT + seat] = tuple([(x, b[x] - base) for x in KEEP_CELLS[seat] if own[b[x]]])
    return v


def board_numbers(s: CKState, seat: int, m: list[Any] | None = None) -> tuple[int, ...]:
    """The numbers of ``seat``'s cards on the board (its keep and its champion), ascending."""
    if m is None:
        m = board_memo(s)
    v: tuple[int, ...] | None = m[NUMBERS_AT + seat]
    if v is None:
        nums = [n for _x, n in keep_cards(s, seat, m)]
        cx, ch = champion(s, seat, m)
        if cx >= 0:
            nums.append(ch)
        v = m[NUMBERS_AT + seat] = tuple(sorted(nums))
    return v


_NUMBER = itemgetter(1)  # the card number of a (cell, number) pair


def keep_inside(s: CKState, seat: int, m: list[Any] | None = None) -> frozenset[int]:
    """The numbers of ``seat``'s Building cards in its Keep."""
    if m is None:
        m = board_memo(s)
    v: frozenset[int] | None = m[INSIDE_AT + seat]
    if v is None:
        v = m[INSIDE_AT + seat] = frozenset(map(_NUMBER, keep_cards(s, seat, m)))
    return v


def keep_heights(s: CKState, seat: int, m: list[Any] | None = None) -> tuple[bool, bool, bool]:
    """B1, B2, B3 (CK2-R28) as ``seat``'s keep stands: a column 3 high, every column 2 high, a column
    5 high (a height counts the Building cards standing on one another from level 1)."""
    if m is None:
        m = board_memo(s)
    v: tuple[bool, bool, bool] | None = m[HEIGHTS_AT + seat]
    if v is None:
        hs, column = [0, 0, 0], KEEP_COLUMN[seat]
        for x, _n in keep_cards(s, seat, m):  # in cell order: up each column from level 1
            k = column[x]
            if x % LEVELS == hs[k]:
                hs[k] += 1
        v = m[HEIGHTS_AT + seat] = (max(hs) >= 3, min(hs) >= 2, max(hs) >= 5)
    return v


def hand_cards(s: CKState, seat: int) -> list[int]:
    """The distinct card numbers ``seat`` may put into play from its hand and Summoning slots, ascending."""
    c = s.clans[seat]
    return sorted({*c.hand, *c.slots})


class Scan(NamedTuple):
    """What every option list of one decision reads, computed once: ``seat``'s keep and champion."""

    cards: Cards  # (cell, number) of the keep's Building cards, in cell order
    champion: tuple[int, int]  # (cell, number) on the Battlefield, or (-1, 0)
    new: list[int]  # hand_cards: what may be put into play


_new_tuple = tuple.__new__


def scan(s: CKState, seat: int, m: list[Any] | None = None) -> Scan:
    """``seat``'s keep cards, champion and playable cards, computed once for all the option lists of a decision
    (``m``: ``board_memo(s)`` if the caller has it)."""
    if m is None:
        m = board_memo(s)
    cards = m[CARDS_AT + seat]
    if cards is None:
        cards = keep_cards(s, seat, m)
    ch = m[CHAMPION_AT + seat]
    if ch is None:
        ch = champion(s, seat, m)
    c = s.clans[seat]
    return _new_tuple(
        Scan, (cards, ch, sorted({*c.hand, *c.slots}))
    )  # hand_cards; Scan(...) without its __new__


def building_at(s: CKState, seat: int, x: int) -> int:
    """Number of ``seat``'s Building card on cell x, or 0."""
    r = s.board[x] - seat * 100
    return r if 0 < r < 100 and IS_BUILDING[r] else 0


def rest_ok(s: CKState, seat: int, x: int) -> bool:
    """An empty legal rest space for ``seat``'s combat card (CK2 s.1.2)."""
    return lvl(x) == 1 and s.board[x] == 0 and col(x) not in KEEP_SET[seat]


def supported(s: CKState, seat: int, x: int) -> bool:
    """Level 1, or an own Building card below (CK2 s.1.3)."""
    return lvl(x) == 1 or building_at(s, seat, x - 1) != 0


def keep_targetable(s: CKState, seat: int) -> bool:
    """The Dragon Clan's Keep cannot be targeted in the Final Battle (CK2-R18, R36)."""
    return s.dragon != seat


def active_firelancers(s: CKState, seat: int) -> int:
    """ACTIVE Firelancers in ``seat``'s Keep (Dragon Ram, CK2-R65)."""
    c = s.clans[seat]
    return sum(1 for _x, n in keep_cards(s, seat) if n in FIRELANCERS and c.active[n])


RUNE_OF = tuple(CARDS[n].rune if n in CARDS else "" for n in range(100))
PAIR = frozenset((a, b) for a in range(1, 38) for b in range(1, 38) if pairs(a, b))


def runic_pairs(
    s: CKState, seat: int, memo: list[Any] | None = None
) -> tuple[tuple[int, int, int, int], ...]:
    """(cell, cell above or right, card, card) of every aligned pair of runes in ``seat``'s Keep, ACTIVE
    or not, in cell order (above first): the candidates of :func:`alignments`."""
    if memo is None:
        memo = board_memo(s)
    v: tuple[tuple[int, int, int, int], ...] | None = memo[RUNIC_AT + seat]
    if v is None:
        runic = [(x, n) for x, n in keep_cards(s, seat, memo) if RUNE_OF[n]]
        where = dict(runic)
        out = []
        for x, n in runic:
            if lvl(x) < LEVELS:
                m = where.get(x + 1)
                if m and (n, m) in PAIR:
                    out.append((x, x + 1, n, m))
            m = where.get(x + LEVELS)
            if m and (n, m) in PAIR:
                out.append((x, x + LEVELS, n, m))
        v = memo[RUNIC_AT + seat] = tuple(out)
    return v


def alignments(s: CKState, seat: int) -> list[tuple[int, int]]:
    """ACTIVE Runic Alignments in ``seat``'s Keep: pairs of cells (CK2-R30)."""
    act = s.clans[seat].active
    return [(x, y) for x, y, n, m in runic_pairs(s, seat) if act[n] and act[m]]


def tiles_flipped(c: Clan) -> int:
    """Rune Value Tiles flipped: columns with at least one rune found."""
    f = c.found
    return (
        (1 if f[0] or f[1] or f[2] else 0)
        + (1 if f[3] or f[4] or f[5] else 0)
        + (1 if f[6] or f[7] or f[8] else 0)
        + (1 if f[9] or f[10] or f[11] else 0)
    )


def tasks_done(s: CKState, seat: int) -> bool:
    """CK2-R31 tasks (a) and (b)."""
    c = s.clans[seat]
    if tiles_flipped(c) < 3:
        return False
    inside = keep_inside(s, seat)
    return all(n in inside and c.active[n] for n in SUMMONING)


def push_target(s: CKState, pusher: int, x: int) -> int:
    """Where a push from ``pusher`` moves the enemy card on x (CK2-R9), -1 if illegal; x itself if empty."""
    r = s.board[x]
    if r == 0:
        return x
    if r // 100 == pusher or lvl(x) != 1 or CARDS[r % 100].set != COMBAT:
        return -1
    y = step(x, FWD[pusher])
    return y if y >= 0 and rest_ok(s, r // 100, y) else -1


def may_store(s: CKState, seat: int) -> bool:
    """No storing by the Dragon Clan after setup, nor by the defender after its purchase."""
    if s.dragon == seat:
        return False
    return not (s.dragon >= 0 and s.final_stage >= 2)


# cards that store a token on themselves while ACTIVE (CK2-R16, R17)
_STORERS = frozenset((CLAN_LEADER, DRAGON_CRYSTAL, SCORCH_KNIGHTS, BLACK_ARMOURY, BLACKSMITH))


def flip_is_quiet(before: CKState, after: CKState, seat: int, n: int) -> bool:
    """True when ``seat``'s flip of card n (CK2-R11), made in a settled position ``before``, can lead to no
    rune (CK2-R28) and no store (CK2-R16, R17), so the checks after it may be skipped.  A flip moves no
    card; a card flipped INACTIVE only breaks alignments and loses its tokens (only a Protection token
    going back to the box lets the Black Armoury take it again, CK2-R17); a card flipped ACTIVE matters
    only if it stores a token itself or stands in a pair of runes of the keep (CK2-R30)."""
    c = after.clans[seat]
    if c.protection != before.clans[seat].protection:
        return False
    if not c.active[n]:
        return True
    if n in _STORERS:
        return False
    return not RUNE_OF[n] or all(n != p and n != q for _x, _y, p, q in runic_pairs(after, seat))


def open_spaces(s: CKState, seat: int) -> list[int]:
    """Cells where ``seat`` may build (CK2-R7): supported, empty or pushable, column not destroyed."""
    ruined = s.clans[seat].ruined
    tops = _open_tops(s, seat)
    if not (ruined[0] or ruined[1] or ruined[2]):
        return [x for x in tops if x >= 0]
    return [x for k, x in enumerate(tops) if x >= 0 and not ruined[k]]


def _open_tops(s: CKState, seat: int) -> tuple[int, int, int]:
    """Per keep column A, B, C the cell where ``seat`` may build next, or -1 (the board alone decides)."""
    m = board_memo(s)
    v: tuple[int, int, int] | None = m[OPEN_AT + seat]
    if v is not None:
        return v
    out = [-1, -1, -1]
    b, own = s.board, BUILDING_REF[seat]
    for k, gc in enumerate(KEEP_COLS[seat]):
        x = gc * LEVELS
        top = x + LEVELS
        while x < top and own[b[x]]:  # up the column's own Building cards
            x += 1
        if x < top and (x % LEVELS or push_target(s, seat, x) >= 0):
            out[k] = x
    v = m[OPEN_AT + seat] = (out[0], out[1], out[2])
    return v


def build_spaces(s: CKState, seat: int, n: int) -> list[int]:
    """Cells where ``seat`` may put Building card n (CK2-R7; the Black Gate only on level 1)."""
    spaces = open_spaces(s, seat)
    return [x for x in spaces if lvl(x) == 1] if n == BLACK_GATE else spaces


def battle_options(s: CKState, seat: int, sc: Scan | None = None, m: list[Any] | None = None) -> list[Action]:
    """CK2-R18: an own ACTIVE board card against an adjacent enemy card (R62 Lava Wyrm)."""
    cands = None if m is None else m[FIGHTS_AT + seat]
    if cands is None:
        cands = fights(s, seat)
    if not cands:
        return []
    enemy = 1 - seat
    active, e_active = s.clans[seat].active, s.clans[enemy].active
    keep_ok = s.dragon != enemy  # keep_targetable(s, enemy)
    return [a for n, t, a, keep, lava in cands
            if active[n] and (keep_ok or not keep) and not (lava and e_active[t])]  # fmt: skip


Fight = tuple[int, int, Action, bool, bool]


def fights(s: CKState, seat: int) -> tuple[Fight, ...]:
    """(card, target, Battle action, target is a Building, a Firelancer against the Lava Wyrm) for every
    own board card next to an enemy card, ACTIVE or not, by (card, target): the candidates of
    :func:`battle_options` (the board alone decides)."""
    m = board_memo(s)
    v: tuple[Fight, ...] | None = m[FIGHTS_AT + seat]
    if v is not None:
        return v
    # Building cards stand only in their own keep, combat cards on level 1 outside it, one per clan
    # (CK2 s.1.2, checked by state.validate), and the keeps are apart: every pair has a champion in it
    enemy = other(seat)
    board, lo, own = s.board, enemy * 100, seat * 100
    pairs: set[tuple[int, int]] = set()
    cx, ch = champion(s, seat)
    if cx >= 0:
        for y in ADJ[cx]:
            t = board[y] - lo
            if 0 < t < 100:
                pairs.add((ch, t))
    ex, en = champion(s, enemy)
    if ex >= 0:
        for x in ADJ[ex]:
            n = board[x] - own
            if 0 < n < 100:
                pairs.add((n, en))
    v = m[FIGHTS_AT + seat] = tuple(
        (n, t, battle_action(n, t), IS_BUILDING[t], t == LAVA_WYRM and n in FIRELANCERS)
        for n, t in sorted(pairs)
    )
    return v


def open_columns(s: CKState, seat: int) -> list[int]:
    """Non-destroyed keep columns of ``seat`` (0 = A .. 2 = C)."""
    return [k for k in range(3) if not s.clans[seat].ruined[k]]


def closest(s: CKState, seat: int) -> int:
    """CK2 s.1.3: C, then B, then A."""
    cols = open_columns(s, seat)
    return max(cols) if cols else -1


def is_gate(n: int) -> bool:
    """The Black Gate (level-1 only, CK2-R7)."""
    return n == BLACK_GATE
