"""Machine instructions per random-playout action, counted by callgrind: the harness every game's
``bench/<game>_callgrind.py`` uses.

The load of a shared box does not touch these counts, so they compare two checkouts where the wall
clock cannot.  A child process imports one checkout's ``crimson_table`` (and this ``bench/``
directory), evaluates a bench expression such as ``one_round(games, 0)[0]`` (it must give the number
of actions played) once with the games asked for and once with 0 (the start-up, subtracted).  The
game's boards are read from the maps once by this process and handed to the child as pickled values
(``crimson_table.engine.tiled`` is stubbed there), so the child imports neither pytmx nor pygame.
Needs ``valgrind`` on the PATH.
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
CHILD = """
import importlib, pickle, sys, types
checkout, bench, spec, games = sys.argv[1:5]
sys.path[:0] = [checkout, bench]
stub = types.ModuleType("crimson_table.engine.tiled")  # the boards come pickled: no map reading
for name in ("MapData", "MapError", "MapObject", "ObjectMap", "load_map", "load_objects"):
    setattr(stub, name, object)
sys.modules["crimson_table.engine.tiled"] = stub
with open(spec, "rb") as f:
    boards, module, expression = pickle.load(f)
for where, attr, value in boards:  # e.g. board.board() -> the pickled Board
    setattr(importlib.import_module(where), attr, (lambda v: lambda *a: v)(value))
print(eval(expression, vars(importlib.import_module(module)), {"games": int(games)}))
"""

# (module, function name, value it returns): the board functions replaced in the child
Boards = Sequence[tuple[str, str, Any]]


def _count(checkout: Path, spec: str, games: int) -> tuple[int, int]:
    """(actions, instructions) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        args = [sys.executable, "-c", CHILD, str(checkout), str(BENCH), spec, str(games)]
        subprocess.run(args, check=True, capture_output=True)  # compile the .pyc files first
        vg = ["valgrind", "--tool=callgrind", "--dump-instr=no", f"--callgrind-out-file={tmp}/out"]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        out = subprocess.run(vg + args, check=True, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(out.stderr)
    return int(out.stdout.split()[-1]), int(found.group(1))


def per_action(checkout: Path, boards: Boards, module: str, expression: str, games: int) -> tuple[int, float]:
    """(actions, instructions per action) of ``expression`` in ``module`` (a bench script) on ``checkout``."""
    with tempfile.NamedTemporaryFile(suffix=".pkl", delete=False) as f:
        pickle.dump((list(boards), module, expression), f)
    try:
        _zero, start = _count(checkout, f.name, 0)
        actions, total = _count(checkout, f.name, games)
    finally:
        os.unlink(f.name)
    return actions, (total - start) / actions


def main(
    doc: str, boards: Callable[[], Boards], module: str, expression: str, default_games: int = 3
) -> None:
    """The command line of a game's callgrind bench: ``[--games N] [CHECKOUT ...]``.

    ``boards`` is called once in this process (with this checkout first on ``sys.path``)."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("checkouts", nargs="*", type=Path, default=[BENCH.parent])
    args = parser.parse_args()
    sys.path.insert(0, str(BENCH.parent))
    values = boards()
    for checkout in args.checkouts:
        actions, per = per_action(checkout, values, module, expression, args.games)
        print(f"{checkout}: {actions} actions, {per:,.0f} instructions per action", flush=True)
