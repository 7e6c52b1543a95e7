"""Crusader Kingdoms: a joint search over Captain's knobs, one game kind at a time.

Run from the repository root::

    python bench/crusader_kingdoms_tune.py --kind 4p --games 2000 --seed 1000000 --generations 6
    python bench/crusader_kingdoms_tune.py --kind 3p_christian --eval '{"TARGET": 0.5}' --games 2000

A game kind is ``4p`` (Captain at seat i mod 4 against three random bots), ``3p_christian``
(Captain at seat 1 or 2, alternating, against two random bots) or ``3p_saladin`` (seat 0).
Game i of a block uses seed ``--seed + i`` and plays exactly as
``bench/crusader_kingdoms_strength.py`` plays it, so every candidate meets the same deals and dice
(paired comparisons).  A candidate is a dict of knobs of ``ai/crusader_kingdoms/heuristic.py``
(``KNOBS``) set for that kind before the games (over its ``KIND_KNOBS`` entry; reset after).  It
is scored by Captain's win share (a victory shared by k seats counts 1/k) and the share of (game,
random bot) pairs in which it finished ahead (CK-R34's order, a full tie 1/2).

``--eval JSON`` (repeatable) scores given candidates beside Captain as it stands.
``--confirm JSON`` (kind -> knobs) plays ``--games`` 4- and 3-player games, Captain at seat
i mod N, with and without those settings: the check on fresh seeds.

Otherwise a cross-entropy search runs: it scores Captain as it stands, then each generation draws
``--population`` candidates from independent normal distributions over the knobs of ``SPACE``
(starting at ``--start`` or the knobs now, sd ``--spread`` times each range; clipped, integers
rounded; ``--rng`` seeds the draws), plays each on the same block, and refits the distributions to
the best ``--elite`` of all candidates so far.  The objective is the win share plus
``--pair-weight`` times the pair share.  The ``--check`` best and the final mean are then replayed
on a second block (``--check-seed``) beside the default, since the best of many noisy scores is
flattered by its own noise.  The tenth pass in ``bench/RESULTS.md`` used it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crusader_kingdoms_strength import ahead_of, wilson  # noqa: E402

from crimson_table.ai.crusader_kingdoms import heuristic  # noqa: E402
from crimson_table.engine.rng import Rng  # noqa: E402
from crimson_table.play.simulate import play_one  # noqa: E402

KINDS: dict[str, tuple[int, tuple[int, ...]]] = {
    "4p": (4, (0, 1, 2, 3)),
    "3p_christian": (3, (1, 2)),
    "3p_saladin": (3, (0,)),
}
# knob: (low, high, integer?) -- the ranges searched
SPACE: dict[str, tuple[float, float, bool]] = {
    "TARGET": (0.3, 0.65, False),
    "RESPONSE_CAP": (0.5, 3.0, False),
    "LEADER_VALUE": (0.0, 3.0, False),
    "PLAYER_VALUE": (-0.5, 2.0, False),
    "RIVAL_VALUE": (-0.5, 1.5, False),
    "THRESHOLD": (0.0, 0.3, False),
    "THRESHOLD_LATE": (0.0, 0.2, False),
    "INDEP_EXTRA": (-0.5, 1.5, False),
    "INDEP_EXTRA_3P": (-0.5, 1.5, False),
    "VEHICLE_PREFERENCE": (0.8, 1.5, False),
    "BONUS_WORTH": (0.0, 1.0, False),
    "DENY_VALUE": (-0.5, 1.5, False),
    "EXPOSURE_VALUE": (-0.4, 0.3, False),
    "DEF_KEEP": (0, 2, True),
    "BONUS_UNTIL_TURN": (1, 4, True),
}
UNUSED = {"4p": {"INDEP_EXTRA_3P"}, "3p_christian": {"INDEP_EXTRA"}, "3p_saladin": {"INDEP_EXTRA"}}


def play(players: int, seed: int, hero: int) -> tuple[float, float]:
    """One game, Captain at ``hero``: (its win share, random bots it finished ahead of)."""
    levels = ["random"] * players
    levels[hero] = "heuristic"
    outcome, _ = play_one("crusader_kingdoms", levels, seed)
    share = 1 / len(outcome.winners) if hero in outcome.winners else 0.0
    return share, sum((ahead_of(outcome, hero, s) for s in range(players) if s != hero), 0.0)


def evaluate(kind: str, knobs: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """Captain's scores with ``knobs`` set for ``kind`` (over its settings in ``KIND_KNOBS``),
    over the games seed .. seed + games - 1."""
    players, seats = KINDS[kind]
    unknown = set(knobs) - set(heuristic.KNOBS)
    if unknown:
        raise SystemExit(f"not a knob of the heuristic: {sorted(unknown)}")
    saved = heuristic.KIND_KNOBS
    heuristic.KIND_KNOBS = {**saved, kind: {**saved.get(kind, {}), **knobs}}
    try:
        win = pair = 0.0
        shares = []
        for i in range(games):
            share, ahead = play(players, seed + i, seats[i % len(seats)])
            win += share
            pair += ahead
            shares.append(share)
    finally:
        heuristic.KIND_KNOBS = saved
    low, high = wilson(round(win), games)
    return {
        "win": win / games,
        "wilson_95": (round(low, 3), round(high, 3)),
        "pair": pair / (games * (players - 1)),
        "shares": shares,
    }


def current(kind: str, name: str) -> Any:
    """The value of a knob in ``kind`` now (its ``KIND_KNOBS`` entry, else the module constant)."""
    return heuristic.KIND_KNOBS.get(kind, {}).get(name, getattr(heuristic, name))


def _draw(rng: Rng, mean: dict[str, float], sd: dict[str, float]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, (low, high, integer) in SPACE.items():
        if name not in mean:
            continue
        u1, u2 = (rng.below(1 << 30) + 1) / (1 << 30), rng.below(1 << 30) / (1 << 30)
        z = math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)
        x = min(high, max(low, mean[name] + sd[name] * z))
        out[name] = int(round(x)) if integer else round(x, 3)
    return out


def _line(label: str, knobs: dict[str, Any], r: dict[str, Any], base: dict[str, Any] | None) -> str:
    diff = ""
    if base is not None:
        d = [a - b for a, b in zip(r["shares"], base["shares"], strict=True)]
        m = sum(d) / len(d)
        se = math.sqrt(sum((x - m) ** 2 for x in d) / max(1, len(d) - 1) / len(d))
        diff = f" diff {100 * m:+.2f} ± {196 * se:.2f}"
    return f"{label} win {100 * r['win']:.2f} {r['wilson_95']} pair {100 * r['pair']:.2f}{diff} {json.dumps(knobs)}"


def search(args: argparse.Namespace) -> None:
    """The cross-entropy search, then the check of its best candidates."""
    kind = args.kind
    names = [n for n in SPACE if n not in UNUSED[kind] and n not in args.fix]
    default = {n: current(kind, n) for n in names}
    mean = {n: float(v) for n, v in {**default, **json.loads(args.start)}.items() if n in names}
    sd = {n: (SPACE[n][1] - SPACE[n][0]) * args.spread for n in names}
    rng = Rng.from_seed(args.rng)
    base = evaluate(kind, {}, args.games, args.seed)
    print(_line("default", default, base, None), flush=True)
    scored: list[tuple[float, dict[str, Any], dict[str, Any]]] = [
        (base["win"] + args.pair_weight * base["pair"], default, base)
    ]
    for gen in range(args.generations):
        batch = []
        for k in range(args.population):
            knobs = _draw(rng, mean, sd)
            r = evaluate(kind, knobs, args.games, args.seed)
            batch.append((r["win"] + args.pair_weight * r["pair"], knobs, r))
            print(_line(f"g{gen}c{k}", knobs, r, base), flush=True)
        scored += batch
        elite = sorted(scored, key=lambda x: -x[0])[: args.elite]
        for n in names:
            xs = [float(e[1][n]) for e in elite]
            mean[n] = sum(xs) / len(xs)
            spread = math.sqrt(sum((x - mean[n]) ** 2 for x in xs) / len(xs))
            sd[n] = max(spread, (SPACE[n][1] - SPACE[n][0]) * 0.05)
        print(f"gen {gen} mean {json.dumps({n: round(v, 3) for n, v in mean.items()})}", flush=True)
    best = sorted(scored, key=lambda x: -x[0])[: args.check]
    mean_knobs = {n: (int(round(v)) if SPACE[n][2] else round(v, 3)) for n, v in mean.items()}
    check_base = evaluate(kind, {}, args.check_games, args.check_seed)
    print(_line("check default", default, check_base, None), flush=True)
    for i, (_s, knobs, _r) in enumerate([*best, (0.0, mean_knobs, {})]):
        r = evaluate(kind, knobs, args.check_games, args.check_seed)
        print(_line(f"check {i}", knobs, r, check_base), flush=True)


def confirm(settings: dict[str, dict[str, Any]], players: int, games: int, seed: int) -> str:
    """Game i at seed + i, Captain at seat i mod ``players`` with ``settings`` (kind -> knobs over
    ``KIND_KNOBS``): its win share, win rate (a shared victory as a win) with the Wilson interval,
    and pair share, each per game kind too."""
    saved = heuristic.KIND_KNOBS
    heuristic.KIND_KNOBS = {**saved, **{k: {**saved.get(k, {}), **v} for k, v in settings.items()}}
    rows: dict[str, list[tuple[float, float]]] = {}
    try:
        for i in range(games):
            hero = i % players
            kind = "4p" if players == 4 else ("3p_saladin" if hero == 0 else "3p_christian")
            share, ahead = play(players, seed + i, hero)
            rows.setdefault(kind, []).append((share, ahead / (players - 1)))
    finally:
        heuristic.KIND_KNOBS = saved
    parts = []
    for kind, xs in sorted(rows.items()) if players == 3 else []:
        parts.append(f"{kind} {100 * sum(w for w, _ in xs) / len(xs):.1f}")
    every = [x for xs in rows.values() for x in xs]
    won = sum(w > 0 for w, _ in every)
    low, high = wilson(won, len(every))
    return (
        f"{players}p {json.dumps(settings)}: win share {100 * sum(w for w, _ in every) / len(every):.2f}, "
        f"won {won}/{len(every)} ({100 * won / len(every):.1f}%, {100 * low:.1f}-{100 * high:.1f}%), "
        f"pair {100 * sum(a for _, a in every) / len(every):.2f} {' '.join(parts)}"
    )


def main() -> None:
    """Search, or score given candidates."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kind", choices=sorted(KINDS), default="4p")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--eval", action="append", default=[], help="JSON dict of knobs to score")
    parser.add_argument(
        "--confirm", help="JSON kind -> knobs: 4- and 3-player games (every seat) with and without them"
    )
    parser.add_argument("--generations", type=int, default=6)
    parser.add_argument("--population", type=int, default=8)
    parser.add_argument("--elite", type=int, default=4)
    parser.add_argument("--spread", type=float, default=0.25, help="first sd, as a share of each range")
    parser.add_argument("--pair-weight", type=float, default=0.5)
    parser.add_argument("--start", default="{}", help="JSON: where the search starts (else the knobs now)")
    parser.add_argument("--fix", action="append", default=[], help="a knob left out of the search")
    parser.add_argument("--rng", type=int, default=1)
    parser.add_argument("--check", type=int, default=3, help="best candidates replayed on the check block")
    parser.add_argument("--check-seed", type=int, default=1_500_000)
    parser.add_argument("--check-games", type=int, default=2000)
    args = parser.parse_args()
    start = time.process_time()
    if args.confirm:
        for players in (4, 3):
            candidates: list[dict[str, dict[str, Any]]] = [{}, json.loads(args.confirm)]
            for settings in candidates:
                print(confirm(settings, players, args.games, args.seed), flush=True)
    elif args.eval:
        base = evaluate(args.kind, {}, args.games, args.seed)
        print(_line("default", {}, base, None), flush=True)
        for text in args.eval:
            knobs = json.loads(text)
            print(_line("eval", knobs, evaluate(args.kind, knobs, args.games, args.seed), base), flush=True)
    else:
        search(args)
    print(f"cpu {time.process_time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
