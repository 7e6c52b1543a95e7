"""What the tests over every registered game's views share: the player counts each game is tried
at, and the positions of a game played by random legal moves.

A view test wants many real positions of every game, with no game's rules in the test: a seeded
playout of uniformly chosen legal actions reaches them (the deal from ``seed``, the moves from
``mover_seed``, so two test files can walk different games from the same deals).
"""

from __future__ import annotations

from typing import Any

from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng

MAX_POSITIONS = 4000  # a playout stops here if the game has not ended (no game comes near it)


def player_counts(game_id: str) -> list[int]:
    """The fewest and the most players ``game_id`` seats (one count for a fixed table)."""
    info = GAMES[game_id].INFO
    return sorted({info.min_players, info.max_players})


# Every registered game at its fewest and its most players: the cases of a test over all games.
GAME_CASES = [(game_id, players) for game_id in GAMES for players in player_counts(game_id)]


def random_positions(
    game_id: str, players: int, seed: int, mover_seed: int, options: dict[str, Any] | None = None
) -> list[Any]:
    """Every position of one game dealt from ``seed`` (with ``options``) and played by random legal
    moves, the last one over: each built by an action from the one before."""
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, options or {})
    picker = Rng.from_seed(mover_seed)
    states = [state]
    while not rules.is_over(state) and len(states) < MAX_POSITIONS:
        legal = rules.legal_actions(state)
        state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
        states.append(state)
    return states
