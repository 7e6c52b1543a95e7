"""No rune or store is ever left due at a decision: the checks run after every atomic event.

CK2-R16 stores a token "immediately after any atomic event that makes it possible", and CK2-R28's state
objectives are checked after every atomic event.  The engine runs the checks in its settle loop, and
skips them after a decision that changes no keep, Barracks or card side (a quiet one).  What a quiet
decision lets happen next is not quiet: a Tactic or a Reroll lets the battle finish (a protected card
wins and stays ACTIVE, a champion is destroyed).  Those checks were once skipped, and a Scorch Knights
token or the Black Armoury's Protection token waited for the player's next checked action; and Kai's
turn ran all her steps before any check, so her Clan Leader flipped ACTIVE stored only at its end.

Every position of many random games that waits for a decision (not in a battle, where stores wait for
its end, CK2-R16, nor at a store choice) is checked once more on a copy: nothing may be found.
"""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.engine.crimson_keep import automaton, ops
from crimson_table.engine.crimson_keep.state import MAIN, OVER, REROLL, STORE, TACTIC, TOKENS, CKState
from tests.engine.playouts import random_positions

NOT_CHECKED_HERE = frozenset((TACTIC, TOKENS, REROLL, STORE, OVER))


def late_checks(s: CKState) -> list[str]:
    """What the rune and store checks would still do at ``s`` (a copy is checked): events, or a store."""
    probe = s.clone()
    found: list[Any] = []
    opened = ops.settle_checks(probe, found, True)
    return [e.text for e in found] + ([f"a store of card {probe.ctx['card']}"] if opened else [])


@pytest.mark.parametrize(("players", "seeds"), [(2, range(100)), (1, range(40))])
def test_no_rune_or_store_is_left_due_at_any_decision_of_random_games(players: int, seeds: range) -> None:
    late = []
    for seed in seeds:
        for step, s in enumerate(random_positions("crimson_keep", players, seed, seed + 99)):
            if s.phase not in NOT_CHECKED_HERE and (found := late_checks(s)):
                late.append(f"{players}p seed {seed} step {step} ({s.phase}): {found}")
    assert not late, f"CK2-R16/R28: checks left for later in {len(late)} positions, first {late[0]}"


def test_kai_s_steps_each_begin_with_nothing_left_due(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kai's turn runs as one procedure, step after step: before each step the checks of the last one have
    run (CK2-R87: her Clan Leader or Dragon Crystal flipped ACTIVE stores at once, so a battle later in
    the same turn may take that token, CK2-R86)."""
    late: list[str] = []
    steps = dict(automaton._STEPS)

    def checked(name: str, step: Any) -> Any:
        def run(s: CKState, events: list[Any]) -> None:
            if s.phase == MAIN and (found := late_checks(s)):
                late.append(f"before Kai's step {name}: {found}")
            step(s, events)

        return run

    for name, step in steps.items():
        monkeypatch.setitem(automaton._STEPS, name, checked(name, step))
    for seed in range(60):
        random_positions("crimson_keep", 1, seed, seed + 99)
    assert not late, f"CK2-R16/R87: checks left for later in {len(late)} of Kai's steps, first {late[0]}"
