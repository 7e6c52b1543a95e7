"""``crimson-table simulate``: bot-vs-bot games without a window.

Prints wins per seat and bot, and the throughput in actions per second.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.registry import bot_for, levels_for
from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng

MAX_ACTIONS = 100_000


def build_parser() -> argparse.ArgumentParser:
    """The sub-command's arguments."""
    parser = argparse.ArgumentParser(prog="crimson-table simulate", description=__doc__)
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")
    parser.add_argument("--bots", default="heuristic,random", help="comma list of bot levels, one per seat")
    parser.add_argument("--rotate", action="store_true", help="rotate the bots' seats every game")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def play_one(game_id: str, levels: list[str], seed: int) -> tuple[Any, int]:
    """Play one game to the end; returns (outcome, number of actions)."""
    state, actions = play_bots(game_id, [bot_for(game_id, level) for level in levels], seed)
    return GAMES[game_id].outcome(state), actions


def play_bots(game_id: str, bots: Sequence[Bot], seed: int) -> tuple[Any, int]:
    """Play one game to the end with one bot a seat (each decision's seed from the game's seed, so
    the same bots and seed play the same game); returns (the final state, number of actions)."""
    rules = GAMES[game_id]
    state = rules.new_game(len(bots), seed, {})
    seeds = Rng.from_seed(seed ^ 0x5EED)
    actions = 0
    while not rules.is_over(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_ACTIONS} actions")
        seat = rules.current_player(state)
        assert seat is not None
        action = bots[seat].choose(make_context(rules, state, seeds.next64()))
        state, _ = rules.apply_action(state, action)
        actions += 1
    return state, actions


def simulate(game_id: str, games: int, seed: int, levels: list[str], rotate: bool = False) -> dict[str, Any]:
    """Run ``games`` games and summarise them."""
    wins_by_level: Counter[str] = Counter()
    wins_by_seat: Counter[int] = Counter()
    total_actions = 0
    start = time.perf_counter()
    for i in range(games):
        shift = i % len(levels) if rotate else 0
        seated = levels[shift:] + levels[:shift]
        outcome, actions = play_one(game_id, seated, seed + i)
        total_actions += actions
        for winner in outcome.winners:
            wins_by_seat[winner] += 1
            wins_by_level[seated[winner]] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "games": games,
        "bots": levels,
        "wins_by_bot": dict(wins_by_level),
        "wins_by_seat": {str(k): v for k, v in sorted(wins_by_seat.items())},
        "actions": total_actions,
        "seconds": round(elapsed, 3),
        "actions_per_second": round(total_actions / elapsed, 1) if elapsed else None,
        "games_per_second": round(games / elapsed, 2) if elapsed else None,
    }


def main(argv: list[str]) -> int:
    """Entry point of the sub-command."""
    args = build_parser().parse_args(argv)
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    info = GAMES[args.game].INFO
    if not info.min_players <= len(levels) <= info.max_players:
        print(
            f"{info.title} takes {info.min_players}-{info.max_players} bots, got {len(levels)}",
            file=sys.stderr,
        )
        return 2
    unknown = [lv for lv in levels if lv not in levels_for(args.game)]
    if unknown:
        print(f"unknown bot level(s) {unknown}; choose from {levels_for(args.game)}", file=sys.stderr)
        return 2
    result = simulate(args.game, args.games, args.seed, levels, args.rotate)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{info.title}: {result['games']} games, bots {', '.join(levels)}")
        for level, wins in sorted(result["wins_by_bot"].items()):
            print(f"  {level:>10}: {wins} wins")
        print(
            f"  {result['actions']} actions in {result['seconds']} s = {result['actions_per_second']} actions/s"
        )
    return 0
