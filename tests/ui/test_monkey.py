"""No bad click crashes a table: random mouse and key input on every game's table.

Each table gets a few thousand random events (moves, presses, drags, wheel turns, keys
including Esc, Enter, arrows, Ctrl+Z) between frames, from a fixed seed; the app must
keep running, the match must stay consistent, and every change must come from a legal action.
"""

from __future__ import annotations

import random

import pygame
import pytest

from crimson_table.engine import GAMES
from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables import TABLE_GAMES

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_SPACE,
    pygame.K_p,
    pygame.K_m,
    pygame.K_1,
    pygame.K_2,
    pygame.K_z,
    pygame.K_TAB,
]


def _random_event(rng: random.Random, held: list[bool]) -> pygame.event.Event:
    pos = (rng.randint(-20, 1620), rng.randint(-20, 920))
    roll = rng.random()
    if roll < 0.45:
        return pygame.event.Event(
            pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (int(held[0]), 0, 0)}
        )
    if roll < 0.75:
        held[0] = not held[0]
        kind = pygame.MOUSEBUTTONDOWN if held[0] else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, {"pos": pos, "button": rng.choice([1, 1, 1, 3])})
    if roll < 0.8:
        return pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": rng.choice([-1, 1]), "flipped": False})
    mod = pygame.KMOD_CTRL if rng.random() < 0.2 else 0
    return pygame.event.Event(
        pygame.KEYDOWN, {"key": rng.choice(KEYS), "mod": mod, "unicode": "", "scancode": 0}
    )


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_random_input_never_breaks_a_table(app: App, game_id: str) -> None:
    info = GAMES[game_id].INFO
    seats = [Seat("Anna", "human"), Seat("Ben", "human")]
    seats += [Seat(f"Bot {i}", "bot", "random") for i in range(max(0, min(3, info.max_players) - 2))]
    match = Match.new(game_id, seats, seed=17)
    app.start_match(match)
    rng = random.Random(game_id)
    held = [False]
    on_table = 0
    for _frame in range(1500):
        for _ in range(rng.randint(0, 3)):
            app.dispatch(_random_event(rng, held))
        app.step(1 / 60)
        if not app.running or not any(getattr(s, "match", None) is match for s in app.stack):
            app.running = True  # Esc on the menu quits, "Quit to menu" leaves: sit back down
            app.start_match(match)
        on_table += app.top is app.stack[1]
    replay = Match.from_json(match.to_json())
    assert replay.state_hash() == match.state_hash()
    assert match.step > 0 and on_table > 300, (match.step, on_table)
