"""The Crimson Company notation: text -> position -> text, and scenarios written in one line."""

from __future__ import annotations

import pytest

from crimson_table.engine.crimson_company.cards import INDEX
from crimson_table.engine.crimson_company.notation import NotationError, from_notation, setup, to_notation
from crimson_table.engine.crimson_company.state import to_dict
from crimson_table.engine.rng import Rng
from tests.engine.crimson_company.util import (
    RULES,
    A,
    B,
    Match,
    Pass,
    act,
    coins,
    decision,
    lane,
    side,
    waiting,
)

T6 = (
    "turn 1 active A coins 2 5 phase income | L0 A clumsy_ogre dodgy_dealer pikeman B stone_giant "
    "| L1 A - B griffin_rider | L2 A outrider B -"
)


def _same_position(a: dict[str, object], b: dict[str, object]) -> bool:
    """Equal apart from the PRNG and last Score phase's ties (no notation, no effect on play)."""
    return {k: v for k, v in a.items() if k not in ("rng", "tied")} == {
        k: v for k, v in b.items() if k not in ("rng", "tied")
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_bid_response_and_deployment_of_a_game_round_trips_through_the_notation(seed: int) -> None:
    s, rng, written = RULES.new_game(2, seed), Rng.from_seed(seed), 0
    while not RULES.is_over(s):
        try:
            text = to_notation(s)
        except NotationError:
            text = ""
        if text:
            rebuilt = from_notation(text)
            assert to_notation(rebuilt) == text
            assert _same_position(to_dict(rebuilt), to_dict(s)), text
            written += 1
        legal = RULES.legal_actions(s)
        s, _ = RULES.apply_action(s, legal[rng.below(len(legal))])
    assert written > 20


def test_cc_t6_in_one_line_the_ogre_silences_the_dealer_and_the_outrider_moves() -> None:
    s, _ = setup(T6)
    assert decision(s) == (A, "outrider") and RULES.legal_actions(s) == [lane(0), lane(1)]
    s, _ = act(s, lane(0))
    assert side(s, 0, A) == ["clumsy_ogre", "dodgy_dealer", "pikeman", "outrider"]
    assert s.down[INDEX["dodgy_dealer"]] and coins(s) == (5, 5, 30)


def test_cc_t2_in_one_line_a_haggler_prices_the_match_one_coin_higher() -> None:
    s = from_notation(
        "turn 1 active A coins 2 5 phase respond bid pikeman 4 | L0 A haggler B - | offer pikeman fairy monk demon"
    )
    assert decision(s) == (B, "respond") and RULES.player_view(s, B)["bid"]["price"] == 5
    s, _ = act(s, Match())
    assert coins(s) == (11, 3, 26) and waiting(s, B) == ["pikeman"]  # 11/0/29, then B's Income


def test_a_response_the_rules_decide_alone_has_no_respond_position() -> None:
    with pytest.raises(NotationError, match="no respond decision"):
        from_notation(
            "turn 1 active A coins 1 4 phase respond bid pikeman 5 | offer pikeman fairy monk demon"
        )


def test_a_position_inside_an_effect_has_no_notation() -> None:
    with pytest.raises(NotationError, match="have a notation"):
        to_notation(setup(T6)[0])


@pytest.mark.parametrize(
    "text",
    [
        "turn 1 active C",
        "turn 1 | L0 A no_such_card B -",
        "turn 1 | offer pikeman | deck monk | discard -",
        "turn 1 | L0 A monk B monk",
        "turn 1 | hand pikeman",
    ],
)
def test_malformed_text_raises_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        from_notation(text)


def test_a_pass_then_the_deployment_is_written_as_a_deploy_position() -> None:
    s = from_notation("turn 1 active A coins 6 4 phase bid | offer pikeman fairy monk demon")
    s, _ = act(s, RULES.legal_actions(s)[0], Pass())
    assert to_notation(s).startswith("turn 1 active A first A coins 5 4 phase deploy")
    assert waiting(s, A) == ["demon"] and decision(s) == (A, "deploy")
