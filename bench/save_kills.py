"""Kill a process at random moments while it saves, many times; check the save and its backup.

Each round starts ``python -m crimson_table.play._kill_writer`` (which rewrites one save in a
loop with ``atomic_write_json``), kills it with SIGKILL after a random moment, then reads the
save and its ``.bak``: both must be complete JSON.  Temporary files left by the kills are
counted, and must be gone after one more write.

    python bench/save_kills.py [--kills 300]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crimson_table.play import saves  # noqa: E402
from tests.play.test_save_kills import kill_once  # noqa: E402


def run(kills: int, seed: int) -> dict[str, int]:
    """Kill ``kills`` writers; count damaged saves, damaged backups and leftover temp files."""
    rng = random.Random(seed)
    counts = {"kills": 0, "damaged_save": 0, "damaged_backup": 0, "missing_backup": 0, "max_temp": 0}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        target = folder / "kill.ctsave.json"
        for _ in range(kills):
            kill_once(folder, rng)
            counts["kills"] += 1
            for path, key in ((target, "damaged_save"), (saves.backup_path(target), "damaged_backup")):
                try:
                    saves.read_json(path)
                except saves.SaveError:
                    counts[key if path.exists() else "missing_backup"] += 1
            temps = len(list(folder.glob(".*.tmp")))
            counts["max_temp"] = max(counts["max_temp"], temps)
        saves.atomic_write_json(target, {"n": 0, "log": []})
        counts["temp_after_next_write"] = len(list(folder.glob(".*.tmp")))
    return counts


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    counts = run(args.kills, args.seed)
    counts_text = ", ".join(f"{k} {v}" for k, v in counts.items())
    print(f"{counts_text}; {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
