"""Machine instructions per Crusader Kingdoms random-playout action, counted by callgrind.

The load of a shared box does not touch these counts, so they compare two checkouts where the
wall clock cannot.  The games are ``crusader_kingdoms_playouts.one_round(GAMES, 0)`` (GAMES
random games at each player count, ``new_game`` included); a run with 0 games (the start-up)
is subtracted.  Both boards are read from the maps once by this process and handed to the
child as pickled values (the same ``Board`` tuples), so the child imports neither pytmx nor
pygame (``bench/callgrind_harness.py``).

    python bench/crusader_kingdoms_callgrind.py [--games 3] [CHECKOUT ...]

Each CHECKOUT (default: this one) is a directory holding ``crimson_table`` (e.g. a
``git archive`` of another commit).  Needs ``valgrind`` on the PATH; takes about a minute per
checkout.
"""

from __future__ import annotations

from typing import Any

from callgrind_harness import main


def _boards() -> list[tuple[str, str, Any]]:
    from crimson_table.engine.crusader_kingdoms.board import crusades, saladin  # noqa: PLC0415

    where = "crimson_table.engine.crusader_kingdoms.board"
    return [(where, "saladin", saladin()), (where, "crusades", crusades())]


if __name__ == "__main__":
    main(__doc__, _boards, "crusader_kingdoms_playouts", "one_round(games, 0)[0]")
