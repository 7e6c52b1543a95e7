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


def _event_key(e: Any) -> list[Any]:
    return [e.kind, dict(e.data), e.text, e.private_to, e.private_text, e.reveals, dict(e.public), e.revealer]


def game_trace(players: int, options: dict[str, Any], seed: int, captain: bool) -> tuple[str, int, set[str]]:
    """The hash of one game's trace, its number of actions and the phases it visited."""
    from crimson_table.ai.base import make_context  # noqa: PLC0415
    from crimson_table.ai.crimson_keep.heuristic import HeuristicBot  # noqa: PLC0415
    from crimson_table.engine.crimson_keep.rules import RULES  # noqa: PLC0415
    from crimson_table.engine.rng import Rng  # noqa: PLC0415

    h = hashlib.sha256()
    picker = Rng.from_seed(seed ^ 0xACE)
    bot = HeuristicBot()
    state = RULES.new_game(players, seed, options)
    steps, phases = 0, set()
    while not RULES.is_over(state) and steps < 3000:
        phases.add(state.phase)
        legal = RULES.legal_actions(state)
        h.update(json.dumps(RULES.to_dict(state), sort_keys=True).encode())
        h.update(json.dumps([a.to_dict() for a in legal], sort_keys=True).encode())
        h.update(json.dumps([a.label for a in legal]).encode())
        if captain:
            action = bot.choose(make_context(RULES, state, picker.next64()))
        else:
            action = legal[picker.below(len(legal))]
        before, previous = json.dumps(RULES.to_dict(state), sort_keys=True), state
        state, events = RULES.apply_action(state, action)
        if json.dumps(RULES.to_dict(previous), sort_keys=True) != before:  # clones share some lists
            raise RuntimeError(f"step {steps}: apply_action changed the position it was given")
        h.update(json.dumps([_event_key(e) for e in events], sort_keys=True, default=str).encode())
        steps += 1
    h.update(json.dumps(RULES.to_dict(state), sort_keys=True).encode())
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
            digest, steps, seen = game_trace(players, options, 7000 + g, captain)
            h.update(digest.encode())
            total += steps
            phases |= seen
        out[label] = {"hash": h.hexdigest()[:16], "games": n, "actions": total, "phases": sorted(phases)}
    return out


def _other(checkout: str, games: int) -> dict[str, Any]:
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        "import crimson_keep_trace as t; print(json.dumps(t.all_traces(int(sys.argv[3]))))"
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
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--against", default="", help="another checkout run on the same games")
    args = parser.parse_args()
    mine = all_traces(args.games)
    theirs = _other(args.against, args.games) if args.against else {}
    same = True
    for label, r in mine.items():
        line = f"{label:18} {r['games']:3} games {r['actions']:6} actions  {r['hash']}"
        if theirs:
            ok = theirs[label]["hash"] == r["hash"]
            same &= ok
            line += "  same" if ok else f"  DIFFERENT ({theirs[label]['hash']})"
        print(line + "  " + ",".join(r["phases"]), flush=True)
    if theirs:
        print("all the same" if same else "TRACES DIFFER")
        sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
