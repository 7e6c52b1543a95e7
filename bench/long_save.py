"""Loading a long save: time against the log's length, beside a bare replay of the same log.

A long Crimson Keep match for two is played by seeded random choices (both clans' runes "epic",
no Summon deadline: seed 1 runs 4,394 actions), saved, and its first 250, 1,000, 2,000 and 4,000
actions are saved again as shorter saves.  Each round then times, per length and in turn:

* load: ``Match.load(path)`` (the Load screen's work: read the file, replay the log keeping every
  state for undo and replays, check the state hash);
* bare: ``rules.new_game`` and ``rules.apply_action`` over the same log, nothing kept.

Printed per length: min/median/max of both in ms, the ratio per round (min/median/max), the load's
ms per 1,000 actions (flat when the load is linear in the log), and the load average.

    python bench/long_save.py [--rounds 5] [--lengths 250 1000 2000 4000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CRIMSON_TABLE_HOME", tempfile.mkdtemp(prefix="crimson-bench-"))

from crimson_table.play.match import Match, Seat  # noqa: E402

GAME = "crimson_keep"
OPTIONS = {"tiles_left": "epic", "tiles_right": "epic", "round_limit": 0}


def long_match(seed: int, most: int) -> Match:
    """A Crimson Keep match for two played by seeded random legal choices (at most ``most`` actions)."""
    match = Match.new(GAME, [Seat("Left", "bot", "random"), Seat("Right", "bot", "random")], seed, OPTIONS)
    choose = random.Random(seed)
    while not match.is_over() and match.step < most:
        match.apply(choose.choice(match.legal_actions()))
    return match


def bare_replay(save: dict[str, Any]) -> Any:
    """The log applied to a new deal with the rules alone: no states kept, no hash checked."""
    match_rules = Match.new(GAME, [Seat("a"), Seat("b")], save["seed"], save["options"]).rules
    state = match_rules.new_game(len(save["seats"]), save["seed"], save["options"])
    for raw in save["log"]:
        state, _events = match_rules.apply_action(state, match_rules.action_from_dict(raw))
    return state


def timed_ms(run: Any) -> float:
    """Milliseconds one call of ``run`` takes."""
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def spread(values: list[float], digits: int = 1) -> dict[str, float]:
    """min / median / max, rounded."""
    return {
        "min": round(min(values), digits),
        "median": round(statistics.median(values), digits),
        "max": round(max(values), digits),
    }


def main() -> None:
    """Build the saves, time them in interleaved rounds, print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--lengths", type=int, nargs="+", default=[250, 1000, 2000, 4000])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = figures(args.seed, args.rounds, args.lengths)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for row in result["rows"]:
        print(
            f"{row['actions']:5} actions: load {row['load_ms']} ms, bare {row['bare_ms']} ms, "
            f"ratio {row['ratio']}, load {row['load_ms_per_1000_actions']} ms per 1,000 actions"
        )
    print(f"{args.rounds} interleaved rounds, load average {result['load_average']}")


def figures(
    seed: int = 1, rounds: int = 5, lengths: Sequence[int] = (250, 1000, 2000, 4000)
) -> dict[str, Any]:
    """Load and bare replay of saves of ``lengths`` actions, in ``rounds`` interleaved rounds."""
    source = long_match(seed, max(lengths))
    folder = Path(tempfile.mkdtemp(prefix="crimson-long-save-"))
    saves: dict[int, tuple[Path, dict[str, Any]]] = {}
    for length in lengths:
        data = source.prefix(min(length, source.step)).to_json()
        path = folder / f"long_{length}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        saves[length] = (path, data)
    loads: dict[int, list[float]] = {n: [] for n in saves}
    bares: dict[int, list[float]] = {n: [] for n in saves}
    for _ in range(rounds):
        for length, (path, data) in saves.items():
            loads[length].append(timed_ms(lambda path=path: Match.load(path)))
            bares[length].append(timed_ms(lambda data=data: bare_replay(data)))
    rows = [
        {
            "actions": len(data["log"]),
            "load_ms": spread(loads[n]),
            "bare_ms": spread(bares[n]),
            "ratio": spread([a / b for a, b in zip(loads[n], bares[n], strict=True)], 2),
            "load_ms_per_1000_actions": round(statistics.median(loads[n]) * 1000 / len(data["log"]), 1),
        }
        for n, (_path, data) in saves.items()
    ]
    load_average = [round(value, 2) for value in os.getloadavg()]
    return {"rows": rows, "rounds": rounds, "load_average": load_average}


if __name__ == "__main__":
    main()
