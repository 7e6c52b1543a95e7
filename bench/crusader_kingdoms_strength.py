"""Crusader Kingdoms bot strength: the heuristic at one seat against random bots, seats rotated.

Run from the repository root: ``python bench/crusader_kingdoms_strength.py [--games 200]``.
Plays ``--games`` four-player and ``--games`` three-player games (game i uses seed
``--seed + i``, the heuristic at seat ``i mod N``) and prints the heuristic's win rate
(a shared victory counts as a win), per seat and overall, beside the 1/N share of a seat.
With ``--solo`` it also plays the solitaire and 2-player games and prints the victory levels.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter

from crimson_table.play.simulate import play_one


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games), (centre + spread) / (1 + z * z / games)


def competitive(players: int, games: int, seed: int) -> dict[str, object]:
    """Win rate of one heuristic seat against random ones."""
    wins, by_seat = 0, Counter[int]()
    start = time.perf_counter()
    for i in range(games):
        hero = i % players
        levels = ["random"] * players
        levels[hero] = "heuristic"
        outcome, _ = play_one("crusader_kingdoms", levels, seed + i)
        if hero in outcome.winners:
            wins += 1
            by_seat[hero] += 1
    return {
        "players": players,
        "games": games,
        "win_rate": round(wins / games, 3),
        "wilson_95": [round(x, 3) for x in wilson(wins, games)],
        "share": round(1 / players, 3),
        "by_seat": {s: f"{by_seat[s]}/{len(range(s, games, players))}" for s in range(players)},
        "seconds": round(time.perf_counter() - start, 1),
    }


def cooperative(players: int, games: int, seed: int) -> dict[str, object]:
    """Victory levels of heuristic Christians against the Muslim Bot (standard difficulty)."""
    levels: Counter[str] = Counter()
    for i in range(games):
        outcome, _ = play_one("crusader_kingdoms", ["heuristic"] * players, seed + i)
        levels[outcome.reason.split(":")[0]] += 1
    return {"players": players, "games": games, **{k: round(v / games, 3) for k, v in sorted(levels.items())}}


def main() -> None:
    """Print one line per measurement."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--solo", action="store_true")
    parser.add_argument("--players", default="4,3", help="comma list of competitive player counts")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print(competitive(players, args.games, args.seed), flush=True)
    if args.solo:
        for players in (1, 2):
            print(cooperative(players, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
