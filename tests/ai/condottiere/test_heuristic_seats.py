"""Captain plays like a player at every seat count (issue 8: six seats, Captains passed every battle).

The six-seat stall: late in a round every Captain held only cards that add no strength
(Bishop, Scarecrow, Spring, Drummer...), nobody played, and battle after battle ended empty
until the CO-R53 backstop.  Now a hand that can add no strength is dismissed (CO-R17,
CO-AI4), so the round ends and new cards are dealt.
"""

from __future__ import annotations

from crimson_table.ai.base import make_context
from crimson_table.ai.condottiere.heuristic import HeuristicBot
from crimson_table.engine.condottiere.actions import DismissHand, Pass, PlayCard
from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.play.match import Match, Seat
from crimson_table.play.simulate import simulate


def test_a_hand_that_can_add_no_strength_is_dismissed_so_the_round_can_end() -> None:
    """CO-R17, CO-AI4."""
    state = position(6, hands={0: "Bi Sc Sp", 1: "Dr", 2: "5 1", 3: "Wi"}, region="roma", passed=[4, 5])
    assert HeuristicBot().choose(make_context(RULES, state, 1)) == DismissHand()


def test_a_hand_with_strength_is_kept() -> None:
    state = position(6, hands={0: "Bi 2", 1: "Dr", 2: "5 1", 3: "Wi"}, region="roma", passed=[4, 5])
    assert HeuristicBot().choose(make_context(RULES, state, 1)) in (PlayCard("2"), Pass())


def test_six_captains_never_let_a_battle_go_by_without_a_card() -> None:
    for seed in (1, 2):
        match = Match.new("condottiere", [Seat(f"C{i}", "bot", "heuristic") for i in range(6)], seed)
        played, empty, battles = False, 0, 0
        while not match.is_over():
            for event in match.apply(match.bot_choose()):
                played = played or event.kind == "play_card"
                if event.kind == "battle_result":
                    battles, empty, played = battles + 1, empty + (not played), False
        assert battles and empty == 0, f"seed {seed}: {empty} of {battles} battles without a card"


def test_captain_beats_five_novices_in_most_six_seat_games() -> None:
    result = simulate("condottiere", 20, 0, ["heuristic"] + ["random"] * 5, rotate=True)
    assert result["wins_by_bot"]["heuristic"] >= 16, result["wins_by_bot"]
