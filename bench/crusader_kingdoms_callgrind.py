"""Machine instructions per Crusader Kingdoms random-playout action, counted by callgrind.

The load of a shared box does not touch these counts, so they compare two checkouts where the
wall clock cannot.  The games are ``crusader_kingdoms_playouts.one_round(GAMES, 0)`` (GAMES
random games at each player count, ``new_game`` included); a run with 0 games (the start-up)
is subtracted.  Both boards are read from the maps once by this process and handed to the
child as pickled values (the same ``Board`` tuples), so the child imports neither pytmx nor
pygame: the start-up falls from about 2.1 to 0.5 billion instructions.

    python bench/crusader_kingdoms_callgrind.py [--games 3] [CHECKOUT ...]

Each CHECKOUT (default: this one) is a directory holding ``crimson_table`` (e.g. a
``git archive`` of another commit).  Needs ``valgrind`` on the PATH; takes about a minute per
checkout.
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
CHILD = """
import pickle, sys, types
sys.path[:0] = [sys.argv[1], sys.argv[2]]
stub = types.ModuleType("crimson_table.engine.tiled")  # the boards come pickled: no map reading
for name in ("MapData", "MapError", "MapObject", "load_map", "load_objects"):
    setattr(stub, name, object)
sys.modules["crimson_table.engine.tiled"] = stub
import crimson_table.engine.crusader_kingdoms.board as board
with open(sys.argv[3], "rb") as f:
    big, small = pickle.load(f)
board.saladin, board.crusades = (lambda: big), (lambda: small)
from crusader_kingdoms_playouts import one_round
print(one_round(int(sys.argv[4]), 0)[0])
"""


def _count(checkout: Path, boards: str, games: int) -> tuple[int, int]:
    """(actions, instructions) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        args = [sys.executable, "-c", CHILD, str(checkout), str(BENCH), boards, str(games)]
        subprocess.run(args, check=True, capture_output=True)  # compile the .pyc files first
        vg = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out"]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        out = subprocess.run(vg + args, check=True, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(out.stderr)
    return int(out.stdout.split()[-1]), int(found.group(1))


def main() -> None:
    """Print the instructions per action of each checkout."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("checkouts", nargs="*", type=Path, default=[BENCH.parent])
    args = parser.parse_args()
    sys.path.insert(0, str(BENCH.parent))
    from crimson_table.engine.crusader_kingdoms.board import crusades, saladin  # noqa: PLC0415

    with tempfile.NamedTemporaryFile(suffix=".pkl", delete=False) as f:
        pickle.dump((saladin(), crusades()), f)
    try:
        for checkout in args.checkouts:
            _zero, start = _count(checkout, f.name, 0)
            actions, total = _count(checkout, f.name, args.games)
            print(f"{checkout}: {actions} actions, {(total - start) / actions:,.0f} instructions per action")
    finally:
        os.unlink(f.name)


if __name__ == "__main__":
    main()
