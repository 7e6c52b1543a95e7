"""The board memo (``queries.board_memo``): a new board's entry keeps the answers no changed cell touches."""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import ne, or_

from crimson_table.engine.crimson_keep import queries
from crimson_table.engine.crimson_keep.queries import CELL_GROUPS, touched_groups
from crimson_table.engine.rng import Rng


def _walked(old: list[int], board: list[int]) -> int:
    """The touched groups found cell by cell (the definition: every changed cell's group bits)."""
    return int(reduce(or_, compress(CELL_GROUPS, map(ne, old, board)), 0))


def test_the_groups_a_change_touches_are_those_of_its_cells() -> None:
    rng = Rng.from_seed(3)
    refs = (0, 0, 0, 1, 17, 30, 101, 117, 130)
    for _ in range(3000):
        old = [refs[rng.below(len(refs))] for _ in range(45)]
        board = old[:]
        for _ in range(rng.below(4)):
            board[rng.below(45)] = refs[rng.below(len(refs))]
        assert touched_groups(old, board) == _walked(old, board)


def test_every_single_cell_touches_its_own_groups() -> None:
    for x in range(45):
        board = [0] * 45
        board[x] = 101
        assert touched_groups([0] * 45, board) == CELL_GROUPS[x]


# a cell in one group only, per group bit: seat 0's keep (level 3), seat 1's keep (level 3), level 1 and level 2
# of the middle column
_ONLY = {1: 2, 2: 32, 4: 20, 8: 21}


def _board_touching(groups: int) -> list[int]:
    board = [0] * 45
    for bit, x in _ONLY.items():
        if groups & bit:
            board[x] = 101
    return board


def test_the_single_group_cells_are_what_the_tests_take_them_for() -> None:
    assert all(CELL_GROUPS[x] == bit for bit, x in _ONLY.items())


def test_a_new_entry_keeps_exactly_the_answers_no_changed_cell_reads() -> None:
    old = [*range(22), None]  # an entry whose every answer is its slot's index
    for groups in range(16):
        entry = queries._inherited([0] * 45, old, _board_touching(groups))
        assert len(entry) == 23 and entry[-1] is None
        assert [i for i in range(22) if entry[i] is not None] == list(queries._kept_slots(groups))
        assert all(entry[i] in (i, None) for i in range(22))


def test_a_change_in_one_keep_keeps_the_other_keeps_answers_and_both_champions() -> None:
    old = [*range(22), None]
    entry = queries._inherited([0] * 45, old, _board_touching(2))  # seat 1's keep, above level 2
    assert entry[queries.CARDS_AT] == queries.CARDS_AT and entry[queries.CARDS_AT + 1] is None
    assert entry[queries.CHAMPION_AT : queries.CHAMPION_AT + 2] == [
        queries.CHAMPION_AT,
        queries.CHAMPION_AT + 1,
    ]
    assert entry[queries.LINES_AT] is None  # Firelancer lines read the whole board
