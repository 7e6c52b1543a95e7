"""The action panel's words come from a Moment (the view and what is playing), not from the scene."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from crimson_table.engine.crimson_company.actions import Bid, Pass
from crimson_table.engine.crimson_company.effects import CHOICES
from crimson_table.engine.crimson_company.notation import from_notation
from crimson_table.engine.crimson_company.rules import RULES
from crimson_table.ui.tables.crimson_company.panel import (
    ChoiceButton,
    Moment,
    PanelText,
    draw_action_panel,
    layout_panel,
    panel_text,
    phase_text,
)
from crimson_table.ui.tables.crimson_company.shown import ScoreShow
from crimson_table.ui.widgets import fonts

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


@pytest.mark.parametrize("effect", sorted(CHOICES))
def test_while_another_seat_chooses_an_effect_the_panel_names_whose_cards(effect: str) -> None:
    """CC-R28: an effect's prompt speaks to the seat choosing ("flip one of your opponent's cards");
    the opponent waiting, or a spectator, reads it with names."""
    choice = CHOICES[effect]
    decision = {"chooser": 1, "kind": choice.kind, "prompt": choice.prompt, "card": "monk"}
    text = panel_text(Moment(view={"decision": decision}, mode="idle", names=NAMES, busy=False, over=False))
    assert text.title == "Please wait" and text.paragraphs[0] == ("Ben is choosing…", "bold")
    prompt, _ = text.paragraphs[1]
    assert not re.search(r"\byour?\b", prompt, re.IGNORECASE), prompt
    if "your opponent's" in choice.prompt:
        assert "Anna's" in prompt
    elif "your" in choice.prompt:
        assert "Ben's" in prompt


# --------------------------------------------------------------------------- drawn every frame


class _FaceCalls:
    """Counts what the FreeType faces are asked to do (measure or render a line)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for name in ("size", "render"):
            original = getattr(fonts.TrackedFont, name)
            monkeypatch.setattr(fonts.TrackedFont, name, self._counting(original))

    def _counting(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def call(face: fonts.TrackedFont, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return original(face, *args, **kwargs)

        return call


def test_wrapping_the_same_paragraph_again_measures_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    face = fonts.font(17, italic=True)
    text = "Each side of this lane flips its strongest face-down card, then scores it twice over."
    first = fonts.wrap(text, face, 213)
    calls = _FaceCalls(monkeypatch)
    again = fonts.wrap(text, face, 213)
    assert again == first and len(first) > 1 and calls.count == 0
    again.append("changed by the caller")
    assert fonts.wrap(text, face, 213) == first  # each caller gets a list of its own


def test_a_cached_line_is_the_same_pixels_as_the_fonts_own_render() -> None:
    face = fonts.font(15)
    cached = face.render_cached("Bot 2 recruits Banshee.", (40, 30, 20))
    assert cached is face.render_cached("Bot 2 recruits Banshee.", (40, 30, 20))
    assert pygame.image.tobytes(cached, "RGBA") == pygame.image.tobytes(
        face.render("Bot 2 recruits Banshee.", True, (40, 30, 20)), "RGBA"
    )


def test_the_action_panel_and_its_choice_buttons_drawn_again_measure_and_render_no_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The panel is drawn every frame: its wrapped paragraphs, key hint and button labels are made once."""
    surface = pygame.Surface((1600, 900))
    text = PanelText(
        "Match or pass?",
        [("Ben bids 3 coins on Banshee, the card that flips one card in play.", "plain"), ("Hurry.", "bold")],
        "Keys: M match · P pass · arrows",
    )
    area = pygame.Rect(840, 250, 300, 320)
    buttons = [
        ChoiceButton((860, 330, 260, 80), "Match: pay 3, Ben gains 3", "You recruit Banshee.", lambda: None),
        ChoiceButton(
            (860, 430, 260, 80), "Pass: Ben's 3 coins go to the supply", "Ben recruits it.", lambda: None
        ),
    ]

    def draw() -> None:
        rect, _controls_y = layout_panel(text, area, 180)
        draw_action_panel(surface, rect, text)
        for button in buttons:
            button.draw(surface)

    draw()
    calls = _FaceCalls(monkeypatch)
    draw()
    assert calls.count == 0
