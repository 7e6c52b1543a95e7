"""Chronicles played by bots, headless: one encounter of every game (fast), and whole chronicles
from the first encounter to the finale (slow: set CT_RUN_SLOW=1; CI does)."""

from __future__ import annotations

import os

import pytest

from crimson_table.campaign import store
from crimson_table.campaign.autoplay import play_chronicle, play_encounter
from crimson_table.campaign.chronicle_map import Campaign
from crimson_table.campaign.progress import COMPLETED, Chronicle

SLOW = pytest.mark.skipif(not os.environ.get("CT_RUN_SLOW"), reason="slow: set CT_RUN_SLOW=1 (CI does)")


def first_of_each_game(campaign: Campaign) -> list[str]:
    seen: dict[str, str] = {}
    for key, encounter in campaign.encounters.items():
        seen.setdefault(encounter.game, key)
    return list(seen.values())


def test_one_encounter_of_every_game_is_played_recorded_and_saved(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 2026)
    keys = first_of_each_game(campaign)
    assert len(keys) == 5
    for key in keys:
        result = play_encounter(campaign, chronicle, key, rival_level="random")
        assert result.encounter == key and 0 <= result.stars <= 3 and result.margin
        assert (result.stars > 0) == (chronicle.status(campaign, key) == COMPLETED)
    saved = store.load(1)
    assert saved.to_dict() == chronicle.to_dict() and saved.match is None
    assert sum(saved.attempts.values()) == 5


def _whole(campaign: Campaign, seed: int) -> tuple[Chronicle, list[tuple[str, int]]]:
    chronicle = Chronicle(1, "Anna", seed)
    results = play_chronicle(campaign, chronicle, rival_level="random")
    return chronicle, [(r.encounter, r.stars) for r in results]


@pytest.mark.slow
@SLOW
@pytest.mark.parametrize("seed", [1, 2026])
def test_a_whole_chronicle_is_played_to_the_finale(campaign: Campaign, seed: int) -> None:
    chronicle, played = _whole(campaign, seed)
    assert chronicle.won
    assert {key for key, stars in played if stars > 0} == set(campaign.encounters)  # every encounter won
    assert all(chronicle.status(campaign, k) == COMPLETED for k in campaign.encounters)
    assert set(chronicle.unlocked) >= {"back:ember", "table:crimson", "back:wyrm", "table:walnut"}
    assert store.load(1).won
    again, replayed = _whole(campaign, seed)  # the same chronicle seed replays the same chronicle
    assert replayed == played and again.to_dict() == chronicle.to_dict()
