"""Soak: random full games of every game and player count, every invariant checked at every step.

At every step of every game:
  * every card is in exactly one zone and none is lost or made (per game: Two Crowns' 106,
    Crimson Company's 30, Condottiere's 110 by kind) and Crimson Company's 40 coins add up;
    Crusader Kingdoms and Crimson Keep have no counter here because their ``from_dict``, run at
    every step by the round trip below, refuses a state whose cards are not each in exactly one
    zone (``state.validate``: both decks by kind; per clan, every numbered card);
  * ``to_dict(s)`` survives JSON text, and ``from_dict`` of that is accepted (the rules' invariants,
    ``engine/<game>/invariants.py``) and equal to ``s``;
  * ``legal_actions`` is non-empty until the game is over, and an outcome exists once it is;
  * ``apply_action`` leaves its input state unchanged (its ``to_dict`` after equals the JSON copy
    taken before).
Options are drawn at random per game.  Any failure prints the game, players, seed and step.

    python bench/soak.py [--minutes 10] [--games N]   # CPU-time budget split over the setups
    python bench/soak.py --games 10000 --minutes 1e9 --only condottiere:5 --only two_crowns:2

A failure is printed with its game, players, seed and step and the setup goes on with the next
seed, so one run counts every failure; the exit status is 1 if there was any.  Each row is
printed as soon as its setup ends, so a long run split over several processes (``--only``)
leaves its finished rows behind if it is stopped.

Times are CPU time of this process (time.process_time), so a busy machine does not shrink the run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crimson_table.engine import GAMES  # noqa: E402

MAX_STEPS = 20_000


def _two_crowns_cards(s: Any) -> list[Any]:
    cards = [*s.paying, *s.drawn]
    for seat in range(2):
        cards += s.hands[seat] + s.decks[seat] + s.discards[seat] + s.groups[seat] + s.rest_cards(seat)
    return sorted(cards)


def _crimson_company_cards(s: Any) -> list[Any]:
    cards = s.deck + s.offer + s.discard + s.waiting[0] + s.waiting[1]
    for pair in s.sides:
        cards += pair[0] + pair[1]
    return sorted(cards)


def _condottiere_cards(s: Any) -> list[Any]:
    cards = s.draw + s.discard + s.kept + [c for h in s.hands for c in h] + [c for li in s.lines for c in li]
    return sorted(Counter(cards).items())


CARDS: dict[str, Callable[[Any], list[Any]]] = {
    "two_crowns": _two_crowns_cards,
    "crimson_company": _crimson_company_cards,
    "condottiere": _condottiere_cards,
}


def _coins(game_id: str, s: Any) -> int | None:
    if game_id != "crimson_company":
        return None
    return int(sum(s.coins) + s.supply + (s.bid.amount if s.bid is not None else 0))


def setups() -> list[tuple[str, int]]:
    """Every registered game with every player count it allows."""
    return [
        (game_id, players)
        for game_id in GAMES
        for players in range(GAMES[game_id].INFO.min_players, GAMES[game_id].INFO.max_players + 1)
    ]


def random_options(game_id: str, rng: random.Random) -> dict[str, Any]:
    """One random choice for each of the game's options."""
    return {spec.name: rng.choice(spec.choices) for spec in GAMES[game_id].INFO.options}


class SoakFailure(AssertionError):
    """An invariant broke: the message names the game, players, seed, step and the invariant."""


def soak_game(game_id: str, players: int, seed: int) -> int:
    """Play one random game with every check at every step; returns the number of steps."""
    rules = GAMES[game_id]
    rng = random.Random(seed)
    state = rules.new_game(players, seed, random_options(game_id, rng))
    count = CARDS.get(game_id, lambda _s: [])
    cards, coins = count(state), _coins(game_id, state)

    def need(cond: bool, what: str, step: int) -> None:
        if not cond:
            raise SoakFailure(f"{game_id} players={players} seed={seed} step={step}: {what}")

    for step in range(MAX_STEPS):
        # through JSON text: ``stored`` shares nothing with ``state``, so it also shows a mutation below
        stored = json.loads(json.dumps(rules.to_dict(state)))
        need(rules.from_dict(stored) == state, "round trip", step)
        need(count(state) == cards, "cards conserved, none in two zones", step)
        need(_coins(game_id, state) == coins, "coins conserved", step)
        if rules.is_over(state):
            need(
                rules.outcome(state) is not None and not rules.legal_actions(state), "outcome when over", step
            )
            return step
        legal = rules.legal_actions(state)
        need(bool(legal), "legal actions non-empty until over", step)
        state_after, _events = rules.apply_action(state, rng.choice(legal))
        need(rules.to_dict(state) == stored, "input state never mutated", step)
        state = state_after
    raise SoakFailure(f"{game_id} players={players} seed={seed}: no end after {MAX_STEPS} steps")


def soak(game_id: str, players: int, seconds: float, max_games: int, first_seed: int = 0) -> dict[str, Any]:
    """Play games of one setup until the time or game budget is spent."""
    start = time.process_time()
    games = steps = 0
    failures: list[str] = []
    while games < max_games and time.process_time() - start < seconds:
        try:
            steps += soak_game(game_id, players, first_seed + games)
        except SoakFailure as failure:
            failures.append(str(failure))
            print(f"FAILED: {failure}", flush=True)
        games += 1
    elapsed = time.process_time() - start
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "steps": steps,
        "seconds": elapsed,
        "failures": failures,
    }


def chosen_setups(only: list[str] | None) -> list[tuple[str, int]]:
    """Every setup, or those named ``game:players`` in ``only`` (an unknown one is an error)."""
    plan = setups()
    if not only:
        return plan
    wanted = []
    for name in only:
        game_id, _, players = name.partition(":")
        if not players.isdigit() or (game_id, int(players)) not in plan:
            raise SystemExit(f"soak: no setup {name!r}; setups are " + ", ".join(f"{g}:{p}" for g, p in plan))
        wanted.append((game_id, int(players)))
    return wanted


def main() -> None:
    """Command line entry: a table of games, steps and minutes per setup."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="total time budget (default 10)")
    parser.add_argument("--games", type=int, default=10_000, help="at most this many games per setup")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--only", action="append", metavar="GAME:PLAYERS", help="only this setup (repeatable)"
    )
    args = parser.parse_args()
    plan = chosen_setups(args.only)
    budget = args.minutes * 60 / len(plan)
    print("| game | players | games | steps | minutes | games/min | 10,000 games would take | failures |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|", flush=True)
    total_games = total_steps = failed = 0
    total_seconds = full = 0.0
    for game_id, players in plan:
        row = soak(game_id, players, budget, args.games, args.seed)
        per_game = row["seconds"] / max(row["games"], 1)
        total_games, total_steps, total_seconds = (
            total_games + row["games"],
            total_steps + row["steps"],
            total_seconds + row["seconds"],
        )
        full += per_game * 10_000
        failed += len(row["failures"])
        print(
            f"| {GAMES[game_id].INFO.title} | {players} | {row['games']:,} | {row['steps']:,} | "
            f"{row['seconds'] / 60:.1f} | {row['games'] / max(row['seconds'] / 60, 1e-9):,.0f} | "
            f"{per_game * 10_000 / 60:,.0f} min | {len(row['failures'])} |",
            flush=True,
        )
    print(
        f"| all | | {total_games:,} | {total_steps:,} | {total_seconds / 60:.1f} | | {full / 3600:,.1f} h | {failed} |"
    )
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
