"""A combat rolls both sides' dice in one pass of the PRNG (``ops.roll_both``): the faces and the
state after them must be those of rolling the attack's dice, then the defence's (``ops.roll``)."""

from __future__ import annotations

import pytest

from crimson_table.engine.crusader_kingdoms.ops import roll, roll_both
from crimson_table.engine.crusader_kingdoms.rules import RULES


@pytest.mark.parametrize("queued", [[], [6], [1, 2, 3], [4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4]])
def test_ck_r20_both_sides_dice_are_the_attack_s_then_the_defence_s(queued: list[int]) -> None:
    """Every split of up to 12 + 12 dice, with no face queued (test scenarios queue some) and with a
    few: the same faces on each side and the generator left where rolling side by side leaves it."""
    for seed in range(6):
        state = RULES.new_game(2, seed)
        for attack in range(13):
            for defence in range(13):
                together, apart = state.clone(), state.clone()
                together.dice, apart.dice = queued[:], queued[:]
                faces = roll_both(together, attack, defence)
                assert faces == (roll(apart, attack), roll(apart, defence))
                assert (together.rng, together.dice) == (apart.rng, apart.dice)
                state.rng = together.rng  # the next split from another state of the generator
