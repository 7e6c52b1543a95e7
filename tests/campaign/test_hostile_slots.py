"""A chronicle slot is checked against the campaign map before anything uses it: records, attempts
and the match in play must be ones the map's encounters could have produced; a slot that is not
is refused, naming the problem, with its backup offered.  Slots are bounded in size, and the
temporary files a killed write leaves are cleaned up."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from crimson_table.campaign import store
from crimson_table.campaign.chronicle_map import Campaign
from crimson_table.campaign.encounters import keeper_for, start_match
from crimson_table.campaign.progress import Chronicle
from crimson_table.play import saves
from crimson_table.play.match import Match, Seat


def _kept_with_a_match(campaign: Campaign, ironman: bool = False) -> Chronicle:
    """Slot 1: a chronicle in the middle of its first match (The Burnt Gate, Two Crowns)."""
    chronicle = Chronicle(1, "Anna", 3, ironman=ironman)
    match = start_match(campaign, chronicle, "gate")
    match.apply(match.legal_actions()[0])
    keeper_for(chronicle)(match)  # what every autosave of the match does
    return chronicle


def _damage(change: Callable[[dict[str, Any]], None]) -> Path:
    """Rewrite slot 1 with ``change`` made to its chronicle (its backup stays as it was)."""
    path = store.slot_path(1)
    data = json.loads(path.read_text("utf-8"))
    change(data["chronicle"])
    path.write_text(json.dumps(data), "utf-8")
    return path


def _refused_with_the_backup_offered(campaign: Campaign, problem: str) -> None:
    with pytest.raises(store.CampaignSaveError, match=problem):
        store.load(1, campaign=campaign)
    info = store.slots(campaign=campaign)[0]
    assert info.error is not None and info.backup, "the previous version is offered"


def test_records_of_encounters_the_map_does_not_hold_are_refused(campaign: Campaign) -> None:
    _kept_with_a_match(campaign)
    store.save(store.load(1, campaign=campaign))  # a second write: the first is the backup

    def sixty_stars(chronicle: dict[str, Any]) -> None:
        chronicle["records"] = {f"nowhere_{i}": {"stars": 3, "wins": 1, "losses": 0} for i in range(20)}

    _damage(sixty_stars)
    _refused_with_the_backup_offered(campaign, "'records' names encounters the map does not hold")


def test_attempts_of_encounters_the_map_does_not_hold_are_refused(campaign: Campaign) -> None:
    _kept_with_a_match(campaign)
    store.save(store.load(1, campaign=campaign))
    _damage(lambda chronicle: chronicle["attempts"].update({"atlantis": 2}))
    _refused_with_the_backup_offered(campaign, "'attempts' names encounters")


def test_an_empty_match_in_an_ironman_chronicle_is_refused_not_kept_for_good(campaign: Campaign) -> None:
    _kept_with_a_match(campaign, ironman=True)
    store.save(store.load(1, campaign=campaign))
    _damage(lambda chronicle: chronicle.update(match={"encounter": "", "attempt": 0, "save": {}}))
    _refused_with_the_backup_offered(campaign, "names no encounter of the map")


def test_a_match_of_another_game_filed_under_an_encounter_is_refused(campaign: Campaign) -> None:
    _kept_with_a_match(campaign)
    store.save(store.load(1, campaign=campaign))
    other = Match.new("crusader_kingdoms", [Seat("Anna"), Seat("Rival", "bot", "heuristic")], seed=5)
    _damage(lambda chronicle: chronicle["match"].update(save=other.to_json()))
    _refused_with_the_backup_offered(campaign, "is a game of 'crusader_kingdoms', not 'two_crowns'")


def test_the_players_seat_saved_as_a_bot_is_refused(campaign: Campaign) -> None:
    _kept_with_a_match(campaign)
    store.save(store.load(1, campaign=campaign))

    def bot_player(chronicle: dict[str, Any]) -> None:
        chronicle["match"]["save"]["seats"][0] = {"name": "Anna", "kind": "bot", "level": "random"}

    _damage(bot_player)
    _refused_with_the_backup_offered(campaign, "must seat the player, then 1 rival bot")


def test_a_match_dealt_from_another_seed_is_refused(campaign: Campaign) -> None:
    _kept_with_a_match(campaign)
    store.save(store.load(1, campaign=campaign))
    _damage(lambda chronicle: chronicle["match"]["save"].update(seed=12345))
    _refused_with_the_backup_offered(campaign, "not dealt from the chronicle's seed")


def test_a_won_chronicle_must_have_won_its_finale(campaign: Campaign) -> None:
    _kept_with_a_match(campaign)
    store.save(store.load(1, campaign=campaign))
    _damage(lambda chronicle: chronicle.update(won=True))
    _refused_with_the_backup_offered(campaign, "marked won")


def test_a_kept_match_still_loads_and_resumes(campaign: Campaign) -> None:
    from crimson_table.campaign.encounters import resume_match

    chronicle = _kept_with_a_match(campaign, ironman=True)
    back = store.load(1, campaign=campaign)
    resumed = resume_match(back)
    assert back.to_dict() == chronicle.to_dict() and resumed is not None and resumed.step == 1


def test_a_slot_over_the_size_limit_is_refused_at_once_naming_the_limit(campaign: Campaign) -> None:
    store.save(Chronicle(1, "Anna", 3))
    path = store.slot_path(1)
    data = json.loads(path.read_text("utf-8"))
    data["padding"] = ["x" * 100] * 250_000  # about 25 MB
    path.write_text(json.dumps(data), "utf-8")
    started = time.perf_counter()
    info = store.slots(campaign=campaign)[0]
    assert time.perf_counter() - started < 1.0
    assert info.error is not None and f"over {store.MAX_SLOT_BYTES:,} bytes" in info.error.problem


def _leftovers(count: int, slot: int = 1) -> list[Path]:
    """What a write killed mid-way leaves: temporary files beside the slot, a few minutes old."""
    folder = saves.campaign_dir()
    made = []
    for index in range(count):
        path = folder / f".chronicle_{slot}.json.k{index:03}{saves.TEMP_SUFFIX}"
        path.write_text('{"format": "crimson-table-chronicle"', "utf-8")
        old = time.time() - 10 * saves.STALE_SECONDS
        os.utime(path, (old, old))
        made.append(path)
    return made


def test_temporary_files_left_by_a_killed_write_are_cleaned_when_the_slots_are_listed(
    campaign: Campaign,
) -> None:
    store.save(Chronicle(1, "Anna", 3))
    left = _leftovers(30)
    store.slots(campaign=campaign)
    assert not any(path.exists() for path in left)
    assert store.slot_path(1).exists()


def test_deleting_a_slot_removes_its_temporary_files_too(campaign: Campaign) -> None:
    store.save(Chronicle(1, "Anna", 3))
    left = _leftovers(5)
    for path in left:
        os.utime(path)  # fresh: a write of this slot cannot be running once it is deleted
    store.delete(1)
    assert not any(path.exists() for path in left) and not store.slot_path(1).exists()
