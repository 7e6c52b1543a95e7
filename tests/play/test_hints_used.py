"""``Match.hints_used`` (issue 14): counted per seat, saved as an optional field, old saves load."""

from __future__ import annotations

import json

import pytest

from crimson_table.play.match import Match, Seat
from crimson_table.play.saves import SaveError


def _match() -> Match:
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben", "bot")], 3)
    match.apply(match.legal_actions()[0])
    return match


def test_no_hint_no_field_so_old_saves_write_back_unchanged() -> None:
    match = _match()
    assert match.hints_used == [0, 0]
    assert "hints_used" not in match.to_json()
    assert Match.from_json(match.to_json()).hints_used == [0, 0]


def test_hints_are_counted_per_seat_and_saved(tmp_path: object) -> None:
    match = _match()
    match.note_hint(0)
    match.note_hint(0)
    data = json.loads(json.dumps(match.to_json()))
    assert data["hints_used"] == [2, 0]
    assert Match.from_json(data).hints_used == [2, 0]


@pytest.mark.parametrize("bad", [[1], [-1, 0], ["2", 0], [True, 0], {"0": 1}])
def test_a_bad_hint_count_is_refused_naming_the_field(bad: object) -> None:
    data = _match().to_json()
    data["hints_used"] = bad
    with pytest.raises(SaveError, match="hints_used"):
        Match.from_json(data)
