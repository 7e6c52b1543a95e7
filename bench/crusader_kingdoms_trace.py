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

import argparse
import hashlib
import json
import os
import subprocess
import sys
from typing import Any

if __name__ == "__main__":  # this checkout's package, not whichever one is installed (editable)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SETS: tuple[tuple[str, int, dict[str, Any], bool], ...] = (
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


def _event_key(e: Any) -> list[Any]:
    return [e.kind, dict(e.data), e.text, e.private_to, e.private_text, e.reveals, dict(e.public), e.revealer]


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def game_trace(players: int, options: dict[str, Any], seed: int, captain: bool) -> tuple[str, int, set[str]]:
    """The hash of one game's trace, its number of actions and the phases it visited."""
    from crimson_table.ai.base import make_context  # noqa: PLC0415
    from crimson_table.ai.crusader_kingdoms.heuristic import HeuristicBot  # noqa: PLC0415
    from crimson_table.engine.crusader_kingdoms.rules import RULES  # noqa: PLC0415
    from crimson_table.engine.rng import Rng  # noqa: PLC0415

    h = hashlib.sha256()
    picker = Rng.from_seed(seed ^ 0xC4)
    bot = HeuristicBot()
    state = RULES.new_game(players, seed, options)
    steps, phases = 0, set()
    while not RULES.is_over(state) and steps < 5000:
        phases.add(state.phase)
        legal = RULES.legal_actions(state)
        before = RULES.to_dict(state)
        h.update(_dump(before))
        h.update(_dump([a.to_dict() for a in legal]))
        h.update(_dump([a.label for a in legal]))
        if captain:
            action = bot.choose(make_context(RULES, state, picker.next64()))
        else:
            action = legal[picker.below(len(legal))]
        previous = state
        state, events = RULES.apply_action(state, action)
        if RULES.to_dict(previous) != before:
            raise RuntimeError(f"step {steps}: apply_action changed the position it was given")
        h.update(_dump([_event_key(e) for e in events]))
        steps += 1
    h.update(_dump(RULES.to_dict(state)))
    h.update(repr(RULES.outcome(state)).encode())
    return h.hexdigest(), steps, phases


def all_traces(games: int) -> dict[str, Any]:
    """Every set's combined hash, action count and the phases reached."""
    out: dict[str, Any] = {}
    for label, players, options, captain in SETS:
        h = hashlib.sha256()
        total, phases = 0, set()
        n = max(2, games // 4) if captain else games
        for g in range(n):
            digest, steps, seen = game_trace(players, options, 5000 + g, captain)
            h.update(digest.encode())
            total += steps
            phases |= seen
        out[label] = {"hash": h.hexdigest()[:16], "games": n, "actions": total, "phases": sorted(phases)}
    return out


def _other(checkout: str, games: int) -> dict[str, Any]:
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "import crusader_kingdoms_trace as t; print(json.dumps(t.all_traces(int(sys.argv[3]))))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    env = {**os.environ, "PYTHONPATH": checkout}
    out = subprocess.run(
        [sys.executable, "-c", code, checkout, here, str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print each set's hash (and the other checkout's) and whether they all agree."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--against", default="", help="another checkout run on the same games")
    args = parser.parse_args()
    mine = all_traces(args.games)
    theirs = _other(args.against, args.games) if args.against else {}
    same = True
    total_games = total_actions = 0
    for label, r in mine.items():
        total_games += r["games"]
        total_actions += r["actions"]
        line = f"{label:18} {r['games']:3} games {r['actions']:6} actions  {r['hash']}"
        if theirs:
            ok = theirs[label]["hash"] == r["hash"]
            same &= ok
            line += "  same" if ok else f"  DIFFERENT ({theirs[label]['hash']})"
        print(line + "  " + ",".join(r["phases"]), flush=True)
    print(f"{total_games} games, {total_actions} actions")
    if theirs:
        print("all the same" if same else "TRACES DIFFER")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
