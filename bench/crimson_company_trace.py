"""Crimson Company behaviour fingerprint: one hash over the traces of many games.

Every step of every game feeds the hash with the state (``to_dict``), the legal action list
(values and labels) and the events of the action taken; every step also checks that
``apply_action`` left the position it was given unchanged (``trace_harness``).  Two checkouts
whose engines behave the same print the same hash; a speed-up must not change it.

Games: uniformly random play, and Captain against Captain (longer games, more Score effects).

    python bench/crimson_company_trace.py [--games 200] [--against DIR]

``--against DIR`` runs the same games in a child process importing DIR's package and
compares the two hashes (e.g. DIR = ``git -C /work/main archive HEAD | tar -x -C DIR``).
"""

from __future__ import annotations

import os
import sys

if __name__ == "__main__":  # this checkout's package, not whichever one is installed (editable)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from trace_harness import Fingerprint, Set, main  # noqa: E402

SETS: tuple[Set, ...] = (
    ("random", 2, {}, False),
    ("captain", 2, {}, True),
)

FINGERPRINT = Fingerprint(
    module="crimson_company_trace",
    game="crimson_company",
    first_seed=3000,
    salt=0xCC,
    max_steps=2000,
    default_games=200,
    sets=SETS,
)

if __name__ == "__main__":
    main(FINGERPRINT, __doc__)
