"""The behaviour fingerprint shared by the per-game trace scripts (``crimson_keep_trace.py``,
``crusader_kingdoms_trace.py``): one hash over the traces of many games.

Every step of every game feeds the hash with the state (``to_dict``), the legal action list (values
and labels) and the events of the action taken (kind, data, texts, privacy, public data, reveals);
every step also checks that ``apply_action`` left the position it was given unchanged.  Two
checkouts whose engines behave the same print the same hash; a speed-up must not change it.
``--against DIR`` runs the same games in a child process importing DIR's package (this checkout's
scripts) and compares the hashes.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# (label, players, options, played by Captain rather than at random)
Set = tuple[str, int, dict[str, Any], bool]


@dataclass(frozen=True)
class Fingerprint:
    """What a game's trace script gives the harness."""

    module: str  # the script's module name (the child process imports it)
    game: str  # the engine's package under crimson_table.engine / crimson_table.ai
    sets: tuple[Set, ...]
    first_seed: int
    salt: int  # mixed into each game's seed for the random picker
    max_steps: int
    default_games: int


def _event_key(e: Any) -> list[Any]:
    return [e.kind, dict(e.data), e.text, e.private_to, e.private_text, e.reveals, dict(e.public), e.revealer]


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def _phase(state: Any) -> str:
    """What the state is doing, for the list of phases a set reached: the game's ``phase``, or the kind
    of decision it waits for (Crimson Company has no phase field)."""
    phase = getattr(state, "phase", None)
    if phase is not None:
        return str(phase)
    pending = getattr(state, "pending", None)
    return "over" if pending is None else str(pending.kind)


def step_records(
    fp: Fingerprint, players: int, options: dict[str, Any], seed: int, captain: bool, start: Any = None
) -> Iterator[tuple[bytes, str]]:
    """One game, step by step: the bytes each step feeds the hash (the position, the legal actions and
    their labels, the events of the action taken) and the phase it was in; the last record is the
    final position and the outcome, with no phase.  ``start`` is a position to play from instead of a
    new game (one random play does not reach, e.g. a Final Battle); ``players`` and ``options`` are
    then unused."""
    from crimson_table.ai.base import make_context  # noqa: PLC0415
    from crimson_table.engine.rng import Rng  # noqa: PLC0415

    rules = importlib.import_module(f"crimson_table.engine.{fp.game}.rules").RULES
    bot = importlib.import_module(f"crimson_table.ai.{fp.game}.heuristic").HeuristicBot()
    picker = Rng.from_seed(seed ^ fp.salt)
    state = rules.new_game(players, seed, options) if start is None else start
    steps = 0
    while not rules.is_over(state) and steps < fp.max_steps:
        phase = _phase(state)
        legal = rules.legal_actions(state)
        before = _dump(rules.to_dict(state))
        record = before + _dump([a.to_dict() for a in legal]) + _dump([a.label for a in legal])
        if captain:
            action = bot.choose(make_context(rules, state, picker.next64()))
        else:
            action = legal[picker.below(len(legal))]
        previous = state
        state, events = rules.apply_action(state, action)
        if _dump(rules.to_dict(previous)) != before:  # clones share some lists
            raise RuntimeError(f"step {steps}: apply_action changed the position it was given")
        yield record + _dump([_event_key(e) for e in events]), phase
        steps += 1
    yield _dump(rules.to_dict(state)) + repr(rules.outcome(state)).encode(), ""


def game_trace(
    fp: Fingerprint, players: int, options: dict[str, Any], seed: int, captain: bool
) -> tuple[str, int, set[str]]:
    """The hash of one game's trace, its number of actions and the phases it visited."""
    h = hashlib.sha256()
    steps, phases = -1, set()
    for record, phase in step_records(fp, players, options, seed, captain):
        h.update(record)
        steps += 1
        if phase:
            phases.add(phase)
    return h.hexdigest(), steps, phases


def all_traces(fp: Fingerprint, games: int) -> dict[str, Any]:
    """Every set's combined hash, action count and the phases reached."""
    out: dict[str, Any] = {}
    for label, players, options, captain in fp.sets:
        h = hashlib.sha256()
        total, phases = 0, set()
        n = max(2, games // 4) if captain else games
        for g in range(n):
            digest, steps, seen = game_trace(fp, players, options, fp.first_seed + g, captain)
            h.update(digest.encode())
            total += steps
            phases |= seen
        out[label] = {"hash": h.hexdigest()[:16], "games": n, "actions": total, "phases": sorted(phases)}
    return out


def _other(fp: Fingerprint, checkout: str, games: int) -> dict[str, Any]:
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
        f"import trace_harness as h, {fp.module} as t; print(json.dumps(h.all_traces(t.FINGERPRINT, int(sys.argv[3]))))"
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


def main(fp: Fingerprint, doc: str) -> None:
    """Print each set's hash (and the other checkout's) and whether they all agree."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--games", type=int, default=fp.default_games)
    parser.add_argument("--against", default="", help="another checkout run on the same games")
    args = parser.parse_args()
    mine = all_traces(fp, args.games)
    theirs = _other(fp, args.against, args.games) if args.against else {}
    same = True
    for label, r in mine.items():
        line = f"{label:18} {r['games']:3} games {r['actions']:6} actions  {r['hash']}"
        if theirs:
            ok = theirs[label]["hash"] == r["hash"]
            same &= ok
            line += "  same" if ok else f"  DIFFERENT ({theirs[label]['hash']})"
        print(line + "  " + ",".join(r["phases"]), flush=True)
    print(
        f"{sum(r['games'] for r in mine.values())} games, {sum(r['actions'] for r in mine.values())} actions"
    )
    if theirs:
        print("all the same" if same else "TRACES DIFFER")
        sys.exit(0 if same else 1)
