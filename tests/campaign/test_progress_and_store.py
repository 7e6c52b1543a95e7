"""A chronicle's rules (what is open, stars, unlocks, seeds, Veteran, ironman) and its slot files."""

from __future__ import annotations

import json

import pytest

from crimson_table.campaign import store
from crimson_table.campaign.chronicle_map import Campaign
from crimson_table.campaign.encounters import (
    IRONMAN_UNDO,
    encounter_options,
    keeper_for,
    resume_match,
    rival_level,
    start_match,
)
from crimson_table.campaign.progress import AVAILABLE, COMPLETED, LOCKED, Chronicle, encounter_seed
from crimson_table.play import autosave, saves


def test_the_first_encounter_is_open_and_the_rest_locked(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 9)
    statuses = {k: chronicle.status(campaign, k) for k in campaign.encounters}
    assert [k for k, s in statuses.items() if s == AVAILABLE] == ["gate"]
    assert chronicle.why_locked(campaign, "ford") == "Win The Burnt Gate first."
    assert "opens at 3 stars" in chronicle.why_locked(campaign, "lighthouse")


def test_stars_open_chapters_and_unlock_looks(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 9)
    first = chronicle.record(campaign, campaign.encounters["gate"], 2, "castle at 8")
    assert first.unlocked == [] and chronicle.status(campaign, "gate") == COMPLETED
    again = chronicle.record(campaign, campaign.encounters["gate"], 3, "castle at 15")
    assert again.best_before == 2 and chronicle.stars == 3
    assert again.chapters_opened == ["salt_coast"] and again.unlocked == ["back:ember"]
    loss = chronicle.record(campaign, campaign.encounters["gate"], 0, "Defeated")
    assert chronicle.best("gate") == 3 and chronicle.records["gate"].losses == 1 and not loss.won
    assert chronicle.status(campaign, "market") == AVAILABLE
    assert chronicle.status(campaign, "lighthouse") == LOCKED  # chapter open, the market not won


def test_the_finale_wins_the_chronicle(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 9)
    result = chronicle.record(campaign, campaign.encounters[campaign.finale], 1, "2-1")
    assert result.chronicle_won and chronicle.won and "table:walnut" in result.unlocked


def test_seeds_come_from_the_chronicle_seed_and_the_encounter(campaign: Campaign) -> None:
    one, two = Chronicle(1, "Anna", 77), Chronicle(2, "Ben", 77)
    assert start_match(campaign, one, "gate").seed == start_match(campaign, two, "gate").seed
    assert one.attempts == {"gate": 1}
    retry = start_match(campaign, one, "gate")
    assert retry.seed == encounter_seed(77, "gate", 1) != encounter_seed(77, "gate")
    assert start_match(campaign, Chronicle(3, "C", 78), "gate").seed != encounter_seed(77, "gate")


def test_veteran_raises_the_rival_and_the_games_own_difficulty(campaign: Campaign) -> None:
    gate, citadel, saltworks = (campaign.encounters[k] for k in ("gate", "citadel", "saltworks"))
    assert rival_level(gate, veteran=False) == "random" and rival_level(gate, veteran=True) == "heuristic"
    assert encounter_options(citadel, veteran=True)["difficulty"] == "greatest"  # already the top
    assert encounter_options(campaign.encounters["lighthouse"], True)["difficulty"] == "challenging"
    assert encounter_options(saltworks, veteran=False)["hard_mode"] is False
    assert encounter_options(saltworks, veteran=True)["hard_mode"] is True


def test_a_match_is_kept_in_the_slot_and_resumes(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 3)
    match = start_match(campaign, chronicle, "gate")
    match.keeper = keeper_for(chronicle)
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    autosave.write(match)  # what the table does after every move
    assert list(saves.saves_dir().glob("autosave_*")) == []  # a campaign match spills no autosave
    back = store.load(1)
    resumed = resume_match(back)
    assert resumed is not None and resumed.state_hash() == match.state_hash()
    assert resumed.encounter == "gate" and resumed.attempt == 0


def test_ironman_has_no_undo_and_one_save(campaign: Campaign, tmp_path) -> None:  # type: ignore[no-untyped-def]
    chronicle = Chronicle(1, "Anna", 3, ironman=True)
    match = start_match(campaign, chronicle, "gate")
    match.keeper = keeper_for(chronicle)
    match.apply(match.legal_actions()[0])
    assert match.undo_refusal() == IRONMAN_UNDO and not match.can_undo()
    written = match.save(tmp_path / "elsewhere.ctsave.json")
    assert written == store.slot_path(1) and not (tmp_path / "elsewhere.ctsave.json").exists()


def test_slots_round_trip_and_list(campaign: Campaign) -> None:
    chronicle = Chronicle(2, "Clara", 11, veteran=True, back="back:ember", unlocked=["back:ember"])
    chronicle.record(campaign, campaign.encounters["gate"], 2, "")
    store.save(chronicle)
    infos = store.slots()
    assert [i.empty for i in infos] == [True, False, True]
    assert infos[1].chronicle is not None and infos[1].chronicle.to_dict() == chronicle.to_dict()
    store.delete(2)
    assert all(i.empty for i in store.slots())


def test_a_corrupt_slot_names_the_file_and_offers_the_backup(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 3)
    store.save(chronicle)
    chronicle.record(campaign, campaign.encounters["gate"], 3, "")
    path = store.save(chronicle)  # the first version is now the backup
    path.write_text(
        '{"format": "crimson-table-chronicle", "version": 1, "chronicle": {"slot": "one"', "utf-8"
    )
    with pytest.raises(store.CampaignSaveError) as caught:
        store.load(1)
    assert str(path) in str(caught.value) and "not valid JSON" in str(caught.value)
    assert store.slots()[0].error is not None
    assert store.has_backup(1)
    restored = store.restore_backup(1)
    assert restored.stars == 0 and store.load(1).to_dict() == restored.to_dict()
    assert path.with_name(path.name + ".damaged").exists()


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("seed", -4, "'seed'"),
        ("ironman", "yes", "'ironman'"),
        ("records", {"gate": {"stars": 7, "wins": 1, "losses": 0}}, "'stars'"),
        ("unlocked", ["back:rainbow"], "'unlocked'"),
        ("table", "back:ember", "'table'"),
        ("match", {"encounter": 3}, "'match'"),
    ],
)
def test_a_damaged_field_is_named(field: str, value: object, problem: str) -> None:
    path = store.save(Chronicle(1, "Anna", 3))
    data = json.loads(path.read_text("utf-8"))
    data["chronicle"][field] = value
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(store.CampaignSaveError, match=problem):
        store.load(1)


def test_veteran_is_offered_once_a_chronicle_is_won(campaign: Campaign) -> None:
    chronicle = Chronicle(1, "Anna", 3)
    store.save(chronicle)
    assert not store.veteran_unlocked()
    chronicle.record(campaign, campaign.encounters[campaign.finale], 2, "")
    store.save(chronicle)
    assert store.veteran_unlocked()
    veteran = start_match(campaign, Chronicle(2, "Ben", 3, veteran=True), "gate")
    assert [s.level for s in veteran.seats] == ["heuristic", "heuristic"]  # the rival one level up
