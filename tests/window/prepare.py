"""Files a player might have before the real-window tour: run by the *installed* app's interpreter.

``python prepare.py SAVES_DIR`` writes
* ``Last move.ctsave.json``: a Two Crowns game played by bots to one move before its end, with the
  seat that makes that move a computer and the other a person, so loading it shows the results;
* ``Damaged.ctsave.json``: a save that is not JSON, whose row says so and whose load is refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from crimson_table.play.match import Match, Seat


def last_move_match(seed: int = 3) -> Match:
    """A bot game of Two Crowns cut one move before its end, the last mover a computer."""
    match = Match.new("two_crowns", [Seat("Anna", "bot", "random"), Seat("Ben", "bot", "random")], seed)
    while not match.is_over():
        match.apply(match.bot_choose())
    last = match.actor_of(match.step - 1)
    seats = [Seat("Anna", "human"), Seat("Ben", "human")]
    seats[last] = Seat(seats[last].name, "bot", "heuristic")
    return match.prefix(match.step - 1, seats)


def main(folder: str) -> None:
    saves = Path(folder)
    saves.mkdir(parents=True, exist_ok=True)
    last_move_match().save(saves / "Last move.ctsave.json")
    (saves / "Damaged.ctsave.json").write_text('{"version": 1, "game": "two_cr', encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
