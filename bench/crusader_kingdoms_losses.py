"""Crusader Kingdoms: why Captain loses to random bots, and paired variant runs.

Run from the repository root::

    python bench/crusader_kingdoms_losses.py --seed 60000 --games 1000 [--set TARGET=0.5] [--jobs 1]

Plays the games of ``bench/crusader_kingdoms_strength.py`` (seed + i, Captain at seat i mod N,
random bots elsewhere; the same moves) and prints Captain's win rate with its 95% Wilson
interval and by seat, its win rate by castle margin over the best rival after turns 1 and 2,
the attacks of turn 3 in the games it won and lost, and who won the games it lost.
``--set NAME=VALUE`` (repeatable) sets a module constant of ``ai/crusader_kingdoms/heuristic.py``
first, in every game kind (VALUE is JSON), so variants run on the same seeds.
``--oracle-no-attacks`` is a diagnostic, not a bot: the random bots' plain Attack actions on
Captain's regions are removed from their choices, which bounds what any defence could gain.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crusader_kingdoms_strength import wilson  # noqa: E402

from crimson_table.ai.base import make_context  # noqa: E402
from crimson_table.ai.crusader_kingdoms import heuristic  # noqa: E402
from crimson_table.ai.registry import bot_for  # noqa: E402
from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.crusader_kingdoms.actions import Attack  # noqa: E402
from crimson_table.engine.crusader_kingdoms.board import board_for  # noqa: E402
from crimson_table.engine.rng import Rng  # noqa: E402


def _apply_sets(sets: list[str]) -> None:
    for item in sets:
        name, value = item.split("=", 1)
        if not hasattr(heuristic, name):
            raise SystemExit(f"heuristic has no constant {name}")
        setattr(heuristic, name, json.loads(value))
        for knobs in heuristic.KIND_KNOBS.values():  # the same in every game kind
            knobs.pop(name, None)


def one_game(task: tuple[int, int, int, list[str], bool]) -> dict[str, Any]:
    """One game: Captain's result, every seat's castles after each turn, every combat."""
    players, seed, hero, sets, oracle = task
    _apply_sets(sets)
    rules = GAMES["crusader_kingdoms"]
    board = board_for(players)
    levels = ["random"] * players
    levels[hero] = "heuristic"
    bots = [bot_for("crusader_kingdoms", level) for level in levels]
    state = rules.new_game(players, seed, {})
    seeds = Rng.from_seed(seed ^ 0x5EED)
    castles: list[list[int]] = []
    combats: list[tuple[int, int, int, bool]] = []  # turn, attacker, previous owner, won
    turn = state.turn
    while not rules.is_over(state):
        if state.turn != turn:
            castles.append([state.owner.count(p) for p in range(players)])
            turn = state.turn
        seat = rules.current_player(state)
        ctx = make_context(rules, state, seeds.next64())
        if oracle and seat != hero:
            legal = [
                a
                for a in ctx.legal
                if not (isinstance(a, Attack) and state.owner[board.index[a.region]] == hero)
            ]
            ctx = dataclasses.replace(ctx, legal=legal or ctx.legal)
        action = bots[seat].choose(ctx)
        owners, attack = state.owner[:], state.attack
        state, events = rules.apply_action(state, action)
        for e in events:
            if e.kind == "combat" and attack is not None:
                region = board.index[e.data["region"]]
                combats.append((state.turn, attack.attacker, owners[region], bool(e.data["won"])))
    castles.append([state.owner.count(p) for p in range(players)])
    winners = list(rules.outcome(state).winners)
    return {"hero": hero, "win": hero in winners, "winners": winners, "castles": castles, "combats": combats}


def _margin(game: dict[str, Any], after: int, players: int) -> int | None:
    if len(game["castles"]) <= after:
        return None  # a sudden victory ended the game earlier
    row = game["castles"][after]
    return int(row[game["hero"]] - max(row[q] for q in range(players) if q != game["hero"]))


def report(players: int, games: list[dict[str, Any]]) -> None:
    """Print the tables of one player count."""
    wins = sum(g["win"] for g in games)
    low, high = wilson(wins, len(games))
    seats = [
        f"{sum(g['win'] for g in games if g['hero'] == s)}/{sum(g['hero'] == s for g in games)}"
        for s in range(players)
    ]
    print(
        f"{players}p: {wins}/{len(games)} ({100 * wins / len(games):.1f}%, {100 * low:.1f}-{100 * high:.1f}%), by seat {seats}"
    )
    for after in (0, 1):
        table: dict[Any, list[int]] = defaultdict(lambda: [0, 0])
        for g in games:
            m = _margin(g, after, players)
            key = "ended" if m is None else max(-3, min(3, m))
            table[key][0] += g["win"]
            table[key][1] += 1
        cells = ", ".join(f"{k}: {w}/{n}" for k, (w, n) in sorted(table.items(), key=lambda kv: str(kv[0])))
        print(f"  won / games by margin after turn {after + 1} (clipped to ±3): {cells}")
    for label, group in (
        ("won", [g for g in games if g["win"]]),
        ("lost", [g for g in games if not g["win"]]),
    ):
        stats: Counter[str] = Counter()
        for g in group:
            for t, attacker, owner, won in g["combats"]:
                if t == 3 and attacker == g["hero"]:
                    stats["attacks"] += 1
                    stats["captures"] += won
                elif t == 3 and owner == g["hero"]:
                    stats["attacked"] += 1
                    stats["lost castles"] += won
        n = max(1, len(group))
        print(
            f"  turn 3 per {label} game: " + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(stats.items()))
        )
    lost = Counter(f"seat {g['winners'][0]}" for g in games if not g["win"])
    print(f"  who won Captain's lost games: {dict(sorted(lost.items()))}")


def main() -> None:
    """Run and print."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=60_000)
    parser.add_argument("--players", default="4,3")
    parser.add_argument("--set", action="append", default=[], help="NAME=JSON: a heuristic constant")
    parser.add_argument("--oracle-no-attacks", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    _apply_sets(args.set)
    for players in (int(p) for p in args.players.split(",")):
        tasks = [
            (players, args.seed + i, i % players, args.set, args.oracle_no_attacks) for i in range(args.games)
        ]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                games = pool.map(one_game, tasks, chunksize=20)
        else:
            games = [one_game(t) for t in tasks]
        report(players, games)


if __name__ == "__main__":
    main()
