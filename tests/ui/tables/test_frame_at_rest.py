"""Every table at rest in mid-game draws its next frame from what it has made already.

A table redraws every frame; a line of text wrapped, measured or rendered, or a surface made, in
each of them is work a bare blit loop does not do (bench/frame_time.py compares the two).
"""

from __future__ import annotations

import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from tests.ui.conftest import drawing_work


def _mid_game(app: App, game_id: str, players: int, steps: int = 40, seed: int = 3) -> None:
    """Captains play ``steps`` actions, then the seat to act is a person and the table waits."""
    match = Match.new(game_id, [Seat(f"Bot {i + 1}", "bot") for i in range(players)], seed=seed)
    app.start_match(match)
    app.run_until(lambda: match.step >= steps or match.is_over(), max_frames=20_000)
    now = match.current_seat()
    match.seats[:] = [Seat(s.name, "human" if i == now else "bot") for i, s in enumerate(match.seats)]
    app.run_frames(30)
    assert app.top is app.stack[1], f"the table is not on top: {type(app.top).__name__}"


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("two_crowns", 2),
        ("crimson_company", 2),
        ("condottiere", 3),
        ("crimson_keep", 2),
        ("crusader_kingdoms", 4),
    ],
)
def test_a_table_at_rest_makes_no_surface_and_measures_or_renders_no_text(
    app: App, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int
) -> None:
    _mid_game(app, game_id, players)
    app.render()
    assert drawing_work(app, monkeypatch) == []
