"""Crimson Keep behaviour fingerprint: one hash over the traces of many games.

Every step of every game feeds the hash with the state (``to_dict``), the legal action list
and the events of the action taken (kind, data, texts, privacy, public data, reveals); every
step also checks that ``apply_action`` left the position it was given unchanged.  Two
checkouts whose engines behave the same print the same hash; a speed-up must not change it.

Games: random 2-player, random solo against Kai (both clan sides), hard mode, and Captain
against Captain (which reaches the Final Battle).

    python bench/crimson_keep_trace.py [--games 20] [--against DIR]

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
    ("2p random", 2, {}, False),
    ("solo random", 1, {}, False),
    ("solo right random", 1, {"your_clan": "right"}, False),
    ("hard random", 2, {"hard_mode": True, "tiles_left": "epic"}, False),
    ("solo hard random", 1, {"hard_mode": True}, False),
    ("2p captain", 2, {}, True),
    ("hard captain", 2, {"hard_mode": True}, True),
    ("solo captain", 1, {"your_clan": "right"}, True),
    ("solo hard captain", 1, {"hard_mode": True}, True),
)


FINGERPRINT = Fingerprint(
    module="crimson_keep_trace",
    game="crimson_keep",
    first_seed=7000,
    salt=0xACE,
    max_steps=3000,
    default_games=20,
    sets=SETS,
)

if __name__ == "__main__":
    main(FINGERPRINT, __doc__)
