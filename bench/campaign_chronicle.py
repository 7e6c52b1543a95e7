"""Whole chronicles of the campaign played by bots, headless: time, matches, stars (issue 13).

For each chronicle seed the player's seat is Captain and every rival plays at ``--rivals``
(``map`` = the levels the campaign map gives, Master included; ``random`` = the quickest bots, as
the slow test plays).  Each match saves into a throw-away chronicle slot as in the app.

    python bench/campaign_chronicle.py [--seeds 1 2 3] [--rivals random|heuristic|map] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Any

from crimson_table.campaign.autoplay import play_chronicle
from crimson_table.campaign.chronicle_map import load_campaign
from crimson_table.campaign.progress import Chronicle


def run(seed: int, rivals: str) -> dict[str, Any]:
    """One chronicle from the first encounter to the finale."""
    campaign = load_campaign()
    chronicle = Chronicle(1, "Bench", seed)
    started = time.perf_counter()
    results = []
    level = None if rivals == "map" else rivals
    while not chronicle.won and len(results) < 200:
        batch = play_chronicle(campaign, chronicle, rival_level=level, max_matches=1)
        if not batch:
            break
        results += batch
        r = batch[0]
        print(
            f"  {time.perf_counter() - started:7.1f} s  {r.encounter:<12} {r.stars} stars  {r.margin}",
            flush=True,
        )
    seconds = time.perf_counter() - started
    return {
        "seed": seed,
        "won": chronicle.won,
        "matches": len(results),
        "losses": sum(1 for r in results if not r.won),
        "stars": chronicle.stars,
        "of": 3 * len(campaign.encounters),
        "seconds": round(seconds, 2),
    }


def main() -> None:
    """Parse the arguments, play the chronicles, print a line (or JSON) for each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--rivals", default="random", choices=("random", "heuristic", "map"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ["CRIMSON_TABLE_HOME"] = tempfile.mkdtemp(prefix="crimson-bench-")
    start = time.perf_counter()
    t0 = time.perf_counter()
    load_campaign()
    map_ms = (time.perf_counter() - t0) * 1000
    rows = [run(seed, args.rivals) for seed in args.seeds]
    if args.json:
        print(json.dumps({"map_load_ms": round(map_ms, 1), "chronicles": rows}, indent=2))
        return
    print(f"campaign map loaded and checked in {map_ms:.0f} ms")
    for row in rows:
        print(f"seed {row['seed']}: won={row['won']} {row['matches']} matches ({row['losses']} lost), "
              f"{row['stars']}/{row['of']} stars, {row['seconds']} s")  # fmt: skip
    print(f"total {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
