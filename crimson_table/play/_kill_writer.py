"""A child process for the crash test of saves: writes one save over and over until killed.

    python -m crimson_table.play._kill_writer FOLDER

It writes a first version, prints ``ready`` (so every kill lands on a rewrite of an existing
save, however slow the first write is on a busy machine), then rewrites ``FOLDER/kill.ctsave.json``
with ``atomic_write_json`` forever, each version a different size (``tests/play/test_save_kills.py``,
``bench/save_kills.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from crimson_table.play.saves import atomic_write_json


def version(n: int) -> dict[str, object]:
    """The ``n``-th content: a counter and a log whose length varies (up to ~200 kB)."""
    return {"n": n, "log": [{"kind": "move", "i": i} for i in range((n * 7919) % 6000)]}


def main(folder: str) -> None:
    """Write forever (the parent kills this process)."""
    target = Path(folder) / "kill.ctsave.json"
    atomic_write_json(target, version(0))
    print("ready", flush=True)
    n = 0
    while True:
        n += 1
        atomic_write_json(target, version(n))


if __name__ == "__main__":
    main(sys.argv[1])
