"""The action panel's words come from a Moment (the view and what is playing), not from the scene."""

from __future__ import annotations

from crimson_table.engine.crimson_company.actions import Bid, Pass
from crimson_table.engine.crimson_company.notation import from_notation
from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.ui.tables.crimson_company.panel import Moment, panel_text, phase_text
from crimson_table.ui.tables.crimson_company.shown import ScoreShow

NAMES = ("Anna", "Ben")
BID = "turn 1 active A coins 6 4 phase bid | L0 A haggler B - | offer pikeman fairy monk demon"


def _responding() -> Moment:
    s, _ = RULES.apply_action(from_notation(BID), Bid("monk", 2))
    return Moment(view=RULES.player_view(s, 0), mode="idle", names=NAMES, busy=False, over=False)


def test_the_bidder_waits_for_the_answer_and_reads_the_bid() -> None:
    text = panel_text(_responding())
    assert text.title == "Please wait"
    assert [p for p, _ in text.paragraphs] == ["Ben decides: Match or Pass…", "Anna bids 2 coins on Monk."]


def test_the_responder_is_asked_to_match_or_pass_in_the_recruitment_phase() -> None:
    moment = _responding()
    asked = Moment(view=moment.view, mode="respond", names=NAMES, busy=False, over=False)
    assert panel_text(asked).title == "Match or pass?" and phase_text(asked) == "Recruitment"


def test_while_a_lane_is_scored_the_panel_follows_the_scoring() -> None:
    score = ScoreShow(1, {"monk": 3}, totals=[7, 5], winner=0)
    moment = Moment(view=_responding().view, mode="idle", names=NAMES, busy=True, over=False, score=score)
    text = panel_text(moment)
    assert text.title == "Lane 2 is scored" and ("Anna 7 · Ben 5", "bold") in text.paragraphs
    assert phase_text(moment) == "Score phase"


def test_the_deploy_prompt_promises_no_glow_before_a_card_is_picked_up() -> None:
    """Lanes glow only once a recruited card is picked up or clicked (``gestures.draw_targets``):
    the prompt says so instead of sending the player to a glowing lane that is not there."""
    s, _ = RULES.apply_action(from_notation(BID), Bid("monk", 2))
    s, _ = RULES.apply_action(s, Pass())  # Anna recruits the Monk and deploys it
    moment = Moment(view=RULES.player_view(s, 0), mode="deploy", names=NAMES, busy=False, over=False)
    (words, _), *_ = panel_text(moment).paragraphs
    assert "glowing lane" not in words
    assert words.startswith("1 recruited card to play. Drag it into a lane, or click it and then a lane")
    assert "the lanes it may join glow" in words
