"""Every position a game's notation writes reads back as a position the engine loads, to the same text.

Each game has a short text notation for tests ("the position where..."; STYLE.md, like chess FEN).
A notation that can write a position its own reader turns into a state ``from_dict`` refuses (the
crowns of a best-of-three match without the games won, TC-R3) builds tests on a game that cannot
happen, so this plays random games of every game and, wherever its notation writes the position,
reads it back, loads it through ``from_dict`` and writes it again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.condottiere import notation as condottiere
from crimson_table.engine.crimson_company import notation as crimson_company
from crimson_table.engine.crimson_keep import notation as crimson_keep
from crimson_table.engine.crusader_kingdoms import notation as crusader_kingdoms
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns import notation as two_crowns

Writer = Callable[[Any], str]
Reader = Callable[[str], Any]

# game -> (the phases its notation describes, or None for every phase it accepts; writer; reader)
NOTATIONS: dict[str, tuple[tuple[str, ...] | None, Writer, Reader]] = {
    "two_crowns": (None, two_crowns.to_notation, two_crowns.from_notation),
    "condottiere": (None, condottiere.to_notation, condottiere.from_notation),
    "crimson_company": (None, crimson_company.to_notation, crimson_company.from_notation),
    "crimson_keep": (("main",), crimson_keep.write, crimson_keep.parse),  # "a MAIN-phase position"
    "crusader_kingdoms": (("act",), crusader_kingdoms.notation, crusader_kingdoms.position),  # a round start
}
STEPS = 400


def test_every_game_has_its_notation_listed() -> None:
    assert set(NOTATIONS) == set(GAMES)


def _written(game_id: str, state: Any) -> str | None:
    phases, write, _read = NOTATIONS[game_id]
    if phases is not None and getattr(state, "phase", None) not in phases:
        return None
    try:
        return write(state)
    except ValueError:  # NotationError: a position this notation does not describe
        return None


CASES = [
    (g, n, seed)
    for g in NOTATIONS
    for n in sorted({GAMES[g].INFO.min_players, GAMES[g].INFO.max_players})
    for seed in (3, 4)
]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_every_written_position_reads_back_loads_and_writes_the_same(
    game_id: str, players: int, seed: int
) -> None:
    rules = GAMES[game_id]
    read = NOTATIONS[game_id][2]
    options = {"best_of": 3} if game_id == "two_crowns" else {}
    state = rules.new_game(players, seed, options)
    picker = Rng.from_seed(seed * 17)
    written = 0
    for step in range(STEPS):
        text = _written(game_id, state)
        if text is not None:
            written += 1
            again = read(text)
            rules.from_dict(
                json.loads(json.dumps(rules.to_dict(again)))
            )  # StateError: a position the rules forbid
            assert _written(game_id, again) == text, f"step {step}: {text!r} does not read back to itself"
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
    assert written, "the notation wrote no position of the game"
