"""Crusader Kingdoms behaviour fingerprint: one hash over the traces of many games.

Every step of every game feeds the hash with the state (``to_dict``), the legal action list
(values and labels) and the events of the action taken (kind, data, texts, privacy, public
data, reveals); every step also checks that ``apply_action`` left the position it was given
unchanged.  Two checkouts whose engines behave the same print the same hash; a speed-up must
not change it.

Games: random solitaire and 2-player co-op against the Muslim Bot at each difficulty (the
small map), random 3- and 4-player games (the Saladin map), and a few games of Captain
against Captain in each mode.

    python bench/crusader_kingdoms_trace.py [--games 16] [--against DIR]

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
    ("solo standard", 1, {"difficulty": "standard"}, False),
    ("solo challenging", 1, {"difficulty": "challenging"}, False),
    ("solo greatest", 1, {"difficulty": "greatest"}, False),
    ("coop standard", 2, {"difficulty": "standard"}, False),
    ("coop challenging", 2, {"difficulty": "challenging"}, False),
    ("coop greatest", 2, {"difficulty": "greatest"}, False),
    ("3p random", 3, {}, False),
    ("4p random", 4, {}, False),
    ("solo captain", 1, {}, True),
    ("coop captain", 2, {"difficulty": "greatest"}, True),
    ("3p captain", 3, {}, True),
    ("4p captain", 4, {}, True),
)


FINGERPRINT = Fingerprint(
    module="crusader_kingdoms_trace",
    game="crusader_kingdoms",
    first_seed=5000,
    salt=0xC4,
    max_steps=5000,
    default_games=16,
    sets=SETS,
)

if __name__ == "__main__":
    main(FINGERPRINT, __doc__)
