"""Machine instructions per Crimson Keep random-playout action, counted by callgrind.

The load of a shared box does not touch these counts, so they compare two checkouts where the
wall clock cannot.  The games are ``crimson_keep_playouts.fixed_games(GAMES)`` (GAMES random
2-player games, seeds 1000, 1001, ... with one picker of seed 1, ``new_game`` included: 3 games
are 1,862 actions); a run with 0 games (the start-up) is subtracted.  The board is read from the
map once by this process and handed to the child pickled (``bench/callgrind_harness.py``).

    python bench/crimson_keep_callgrind.py [--games 3] [--players 1] [CHECKOUT ...]

``--players 1``: solo games against Kai (her moves are counted as the work of the player's actions).

Each CHECKOUT (default: this one) is a directory holding ``crimson_table`` (e.g. a
``git archive`` of another commit).  Needs ``valgrind`` on the PATH.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from callgrind_harness import main


def _boards() -> list[tuple[str, str, Any]]:
    from crimson_table.engine.crimson_keep.board import board  # noqa: PLC0415

    # the rules never read the layout (the table does): the pickle needs no tiled classes
    return [("crimson_table.engine.crimson_keep.board", "board", dataclasses.replace(board(), layout=None))]


if __name__ == "__main__":
    main(__doc__, _boards, "crimson_keep_playouts", "fixed_games(games, players)")
