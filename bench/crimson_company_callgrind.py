"""Machine instructions per Crimson Company random-playout action, counted by callgrind.

The load of a shared box does not touch these counts, so they compare two checkouts where the
wall clock cannot.  The games are ``engine_throughput.fixed_games("crimson_company", GAMES)``
(GAMES random games, seeds 1000, 1001, ... with one picker of seed 1, ``new_game`` included); a
run with 0 games (the start-up) is subtracted (``bench/callgrind_harness.py``).

    python bench/crimson_company_callgrind.py [--games 20] [CHECKOUT ...]

Each CHECKOUT (default: this one) is a directory holding ``crimson_table`` (e.g. a
``git archive`` of another commit).  Needs ``valgrind`` on the PATH.
"""

from __future__ import annotations

from callgrind_harness import main

if __name__ == "__main__":
    main(__doc__, list, "engine_throughput", "fixed_games('crimson_company', games)", default_games=20)
