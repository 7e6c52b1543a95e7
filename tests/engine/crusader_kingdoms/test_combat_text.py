"""The combat's log line (CK-R21) reads its counts' words from tables made at import: every count
must read as :func:`core.counted` writes it, beyond the tables too."""

from __future__ import annotations

import pytest

from crimson_table.engine.core import counted
from crimson_table.engine.crusader_kingdoms.combat import _combat_text


def _written(att: int, att_hits: int, dfn: int, def_hits: int, won: bool) -> str:
    return (
        f"Attack {counted(att, 'die', 'dice')} ({counted(att_hits, 'hit')}) against defence "
        f"{counted(dfn, 'die', 'dice')} ({counted(def_hits, 'hit')}): the attack {'succeeds' if won else 'fails'}."
    )


@pytest.mark.parametrize("dice", [0, 1, 2, 5, 127, 128, 300])
def test_ck_r21_the_combat_line_counts_dice_and_hits_as_counted_writes_them(dice: int) -> None:
    for hits in sorted({0, 1, 2, dice // 2, dice}):
        for other in (0, 1, 3, dice):
            for won in (False, True):
                assert _combat_text(dice, hits, other, min(hits, other), won) == _written(
                    dice, hits, other, min(hits, other), won
                )
                assert _combat_text(other, min(hits, other), dice, hits, won) == _written(
                    other, min(hits, other), dice, hits, won
                )
