"""Match: the log, undo policy, save/load with hash check, atomic writes (DESIGN.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crimson_table.engine import Action, IllegalAction
from crimson_table.play.match import Match, Seat
from crimson_table.play.saves import SaveError, backup_path

HUMANS = [Seat("Anna", "human"), Seat("Ben", "human")]


def _play(match: Match, count: int) -> None:
    for _ in range(count):
        if match.is_over():
            return
        match.apply(match.bot_choose())


def test_a_new_match_starts_at_step_zero_with_a_seat_to_act() -> None:
    match = Match.new("two_crowns", HUMANS, seed=5)
    assert match.step == 0 and match.log == [] and match.current_seat() in (0, 1)


def test_apply_records_the_action_and_its_events() -> None:
    match = Match.new("two_crowns", HUMANS, seed=5)
    action = match.legal_actions()[0]
    events = match.apply(action)
    assert match.log == [action] and match.step == 1
    assert match.events == events
    assert match.actor_of(0) in (0, 1)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    match = Match.new("two_crowns", HUMANS, seed=5)
    before = match.state_hash()
    legal = set(match.legal_actions())
    other = Match.new("two_crowns", HUMANS, seed=6)
    _play(other, 12)
    foreign = next(a for a in other.legal_actions() if a not in legal)
    with pytest.raises(IllegalAction):
        match.apply(foreign)
    assert match.state_hash() == before and match.step == 0


def test_save_then_load_restores_the_same_position(tmp_path: Path) -> None:
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Bot", "bot", "random")], seed=11)
    _play(match, 30)
    path = match.save(tmp_path / "game.ctsave.json")
    loaded = Match.load(path)
    assert loaded.state_hash() == match.state_hash()
    assert loaded.log == match.log and loaded.seats == match.seats and loaded.seed == 11


def test_saving_twice_keeps_the_previous_file_as_a_backup(tmp_path: Path) -> None:
    match = Match.new("two_crowns", HUMANS, seed=3)
    path = tmp_path / "g.ctsave.json"
    match.save(path)
    first = path.read_text()
    _play(match, 5)
    match.save(path)
    assert backup_path(path).read_text() == first and path.read_text() != first
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a Crimson Table save"),
        ('{"format": "other"}', "not a Crimson Table save"),
    ],
)
def test_a_corrupt_file_names_the_file_and_the_problem(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "broken.ctsave.json"
    path.write_text(content)
    with pytest.raises(SaveError) as err:
        Match.load(path)
    assert str(path) in str(err.value) and problem in str(err.value)


def test_a_tampered_log_is_caught_by_the_state_hash(tmp_path: Path) -> None:
    match = Match.new("two_crowns", HUMANS, seed=4)
    _play(match, 20)
    data = match.to_json()
    data["state_hash"] = "0" * 64
    path = tmp_path / "t.ctsave.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="state hash"):
        Match.load(path)


def test_an_unreplayable_move_names_its_number(tmp_path: Path) -> None:
    match = Match.new("two_crowns", HUMANS, seed=4)
    _play(match, 6)
    data = match.to_json()
    data["log"][3] = {"kind": "no_such_move"}
    path = tmp_path / "m.ctsave.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="move 4"):
        Match.load(path)


def test_a_save_for_an_unknown_game_is_refused(tmp_path: Path) -> None:
    data = Match.new("two_crowns", HUMANS, seed=4).to_json()
    data["game"] = "chess"
    path = tmp_path / "u.ctsave.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="unknown game"):
        Match.load(path)


def test_undo_takes_back_a_decision_that_revealed_nothing() -> None:
    match, quiet = _match_with_a_quiet_choice()
    before_hash, before_step = match.state_hash(), match.step
    match.apply(quiet)
    assert match.can_undo()
    assert match.undo() == [quiet]
    assert match.state_hash() == before_hash and match.step == before_step


def test_undo_never_crosses_a_random_outcome() -> None:
    match = Match.new("two_crowns", HUMANS, seed=8)
    _play(match, 1)
    # The opening roll and the deal used the PRNG: there is nothing before them to return to.
    while match.step and not match._steps[-1].barrier:
        match.undo()
    assert not match.can_undo()
    with pytest.raises(IllegalAction):
        match.undo()


def test_undo_never_takes_back_another_humans_decision() -> None:
    match = Match.new("two_crowns", HUMANS, seed=9)
    for _ in range(200):
        actor = match.current_seat()
        match.apply(match.bot_choose())
        now = match.current_seat()
        if now is not None and now != actor and not match._steps[-1].barrier:
            assert not match.can_undo()
            return
    pytest.fail("no hand-over between the humans without a barrier in 200 moves")


def _match_with_a_quiet_choice() -> tuple[Match, Action]:
    """A match where the seat to act has a choice that neither reveals nor rolls, nor hands over."""
    match = Match.new("two_crowns", HUMANS, seed=21)
    for _ in range(300):
        seat = match.current_seat()
        for action in match.legal_actions():
            trial = Match.from_json(match.to_json())
            trial.apply(action)
            if not trial._steps[-1].barrier and trial.current_seat() == seat:
                return match, action
        match.apply(match.bot_choose())
    raise AssertionError("no quiet same-seat choice in 300 moves")


def test_undo_takes_back_your_own_revealed_card_but_not_a_bot_reply_that_revealed_one() -> None:
    """Condottiere: a card you played face up is yours to take back until a bot shows one of its own."""
    match = Match.new("condottiere", [Seat("Anna"), Seat("Bot", "bot", "random")], seed=4)
    for _ in range(400):
        if match.is_over():
            break
        actor = match.current_seat()
        action = match.bot_choose()
        match.apply(action)
        step = match._steps[-1]
        if actor == 0 and step.action.KIND == "play_card" and not step.random and match.current_seat() == 0:
            assert step.reveals and match.can_undo()
        if actor == 1 and step.reveals and not step.random and match.current_seat() == 0:
            assert not match.can_undo()
            return
    pytest.fail("no bot card play followed by Anna's turn in 400 moves")


def test_refusal_names_the_rule_and_leaves_the_match_unchanged() -> None:
    from crimson_table.engine.two_crowns.actions import CommitDefence

    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed=3)
    refused = match.refusal(CommitDefence())
    assert refused is not None and refused.rule_id.startswith("TC-R") and match.step == 0
    assert match.refusal(match.legal_actions()[0]) is None


def test_events_for_a_seat_hide_what_only_another_seat_may_see() -> None:
    match = Match.new("two_crowns", [Seat("Anna"), Seat("Ben")], seed=3)
    events = match.apply(match.legal_actions()[0])
    while not any(e.private_to for e in events):
        events = match.apply(match.legal_actions()[0])
    hidden = next(e for e in events if e.private_to)
    (owner,) = hidden.private_to or ()
    other = 1 - owner
    assert match.events_for(owner, events) == events
    seen = next(e for e in match.events_for(other, events) if e.kind == hidden.kind)
    assert dict(seen.data) == dict(hidden.public) and not seen.private_text


@pytest.mark.parametrize("anna", ["human", "bot"])
def test_committing_a_defence_reveals_the_attack_so_the_defender_cannot_take_it_back(anna: str) -> None:
    """Issue 8: Ben commits, the attack is shown; Ctrl+Z must not turn it face down again."""
    match = Match.new("two_crowns", [Seat("Anna", anna), Seat("Ben")], seed=12)
    for _ in range(400):
        action = match.bot_choose()
        actor = match.current_seat()
        match.apply(action)
        if action.KIND == "commit_defence" and actor == 1:
            assert any(e.kind == "reveal" and e.data["seat"] != 1 for e in match._steps[-1].events)
            assert not match.can_undo() and "hidden cards" in (match.undo_refusal() or "")
            with pytest.raises(IllegalAction):
                match.undo()
            return
    pytest.fail("Ben never committed a defence in 400 moves")


def test_crimson_company_undo_never_takes_back_the_computers_move_or_a_drawn_card() -> None:
    """Issue 8: one Ctrl+Z took back the computer's placement and a freshly drawn card together."""
    match = Match.new("crimson_company", [Seat("Anna"), Seat("Bot", "bot", "heuristic")], seed=5)
    draws = 0
    while not match.is_over():
        match.apply(match.bot_choose())
        step = match._steps[-1]
        if step.actor == 1:
            assert not match.can_undo()
        if any(e.kind in ("deck_top", "refill_offer") for e in step.events):
            draws += 1
            assert not match.can_undo()
        if match.can_undo():
            before = match.step
            assert match.undo() == [step.action] and match.step == before - 1
            match.apply(step.action)
    assert draws > 0


def test_undo_takes_back_one_decision_at_a_time() -> None:
    match, quiet = _match_with_a_quiet_choice()
    match.apply(quiet)
    assert len(match.undo()) == 1


def test_a_position_with_no_legal_move_that_is_not_over_cannot_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged start position can leave a game with no legal move and no end (a Crimson Keep
    position without Battle Tactics, forty moves on): the match names it, never hands out a move."""
    from crimson_table.engine import GAMES
    from crimson_table.play.match import NoLegalMove
    from tests.ui.fake_game import DEAD_END

    monkeypatch.setitem(GAMES, DEAD_END.INFO.id, DEAD_END)
    match = Match.new("dead_end_cards", [Seat("Ben", "bot", "random"), Seat("Anna", "bot", "random")], seed=3)
    match.apply(match.bot_choose())
    assert match.cannot_go_on() is None
    match.apply(match.bot_choose())
    assert not match.is_over() and match.legal_actions() == []
    problem = match.cannot_go_on()
    assert isinstance(problem, NoLegalMove)
    assert str(problem) == "This game cannot go on: Dead End Cards reached a position with no legal move"
    with pytest.raises(NoLegalMove, match="cannot go on"):
        match.bot_choose("heuristic")


def test_a_finished_game_is_over_not_stuck() -> None:
    match = Match.new("two_crowns", [Seat("Anna", "bot", "random"), Seat("Ben", "bot", "random")], seed=5)
    while not match.is_over():
        match.apply(match.bot_choose())
    assert match.legal_actions() == [] and match.cannot_go_on() is None


def test_a_crimson_company_match_keeps_the_events_of_its_first_income() -> None:
    """CC-R2/R6: the game starts with P1's Income, before any decision; its log lines (the turn and
    the coins) belong to the match's events like every later turn's."""
    match = Match.new("crimson_company", HUMANS, seed=5)
    kinds = [e.kind for e in match.events]
    assert "turn" in kinds and kinds.index("turn") < kinds.index("coins")
    income = next(e for e in match.events if e.kind == "coins")
    assert income.text.startswith("Income: 3 coins from the supply")
    match.apply(match.legal_actions()[0])
    assert [e.kind for e in match.events][: len(kinds)] == kinds  # the steps' events follow it


def test_a_match_from_a_set_up_position_has_no_opening_events() -> None:
    match = Match.new("crimson_company", HUMANS, seed=5)
    position = Match.from_position("crimson_company", HUMANS, 5, match.rules.to_dict(match.state))
    assert position.events == []


def test_a_match_that_let_go_of_its_past_states_rebuilds_each_one_exactly() -> None:
    kept = Match.new("condottiere", [Seat("A"), Seat("B"), Seat("C")], seed=4)
    lean = Match.new("condottiere", [Seat("A"), Seat("B"), Seat("C")], seed=4)
    for _ in range(60):
        action = kept.bot_choose()
        kept.apply(action)
        lean.apply(action)
        lean.forget_states(2)  # as the online server does after every move
    assert sum(s is None for s in lean._states) == 60 - 2  # the start and the last two stay
    assert lean.state_hash() == kept.state_hash()
    for step in (0, 1, 30, 58, 59, 60):
        assert lean.rules.to_dict(lean.state_at(step)) == kept.rules.to_dict(kept.state_at(step))


def test_undo_back_past_the_states_let_go_rebuilds_the_position() -> None:
    kept = Match.new("crimson_keep", HUMANS, seed=3)
    lean = Match.new("crimson_keep", HUMANS, seed=3)
    for _ in range(300):  # play until a decision may be taken back twice in a row
        probe = Match.from_json(lean.to_json())
        if probe.can_undo():
            probe.undo()
            if probe.can_undo():
                break
        action = kept.legal_actions()[0]
        kept.apply(action)
        lean.apply(action)
        lean.forget_states(1)
    else:
        pytest.fail("no two decisions in a row could be taken back")
    for match in (kept, lean):
        match.undo()
        match.undo()
    assert lean.state_hash() == kept.state_hash()
    action = kept.legal_actions()[-1]
    kept.apply(action)
    lean.apply(action)
    lean.forget_states(1)
    assert lean.state_hash() == kept.state_hash()


# --------------------------------------------------------------------------- loading a long save


def _long_crimson_keep_save() -> dict[str, object]:
    """A few hundred Crimson Keep actions by seeded random choices (bench/long_save.py goes to 4,394)."""
    import random

    options = {"tiles_left": "epic", "tiles_right": "epic", "round_limit": 0}
    match = Match.new(
        "crimson_keep", [Seat("Left", "bot", "random"), Seat("Right", "bot", "random")], 1, options
    )
    choose = random.Random(1)
    while not match.is_over() and match.step < 600:
        match.apply(choose.choice(match.legal_actions()))
    return match.to_json()


@pytest.fixture(scope="module")
def long_save() -> dict[str, object]:
    return _long_crimson_keep_save()


def test_loading_a_long_save_runs_no_collection_over_the_states_it_keeps(
    long_save: dict[str, object],
) -> None:
    """The replay keeps every state (undo, replays): the collector would traverse them again and
    again, and a load would grow faster than its log (bench/long_save.py)."""
    import gc

    collections: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(note)
    try:
        loaded = Match.from_json(long_save)
    finally:
        gc.callbacks.remove(note)
    assert loaded.step == 600 and loaded.state_hash() == long_save["state_hash"]
    assert collections == []
    assert gc.isenabled()


def test_a_load_leaves_the_collector_as_it_found_it_even_when_the_log_is_refused(
    long_save: dict[str, object],
) -> None:
    import gc

    broken = {**long_save, "log": [*long_save["log"][:50], {"kind": "no-such-move"}]}  # type: ignore[misc]
    with pytest.raises(SaveError):
        Match.from_json(broken)
    assert gc.isenabled()
    gc.disable()
    try:
        Match.from_json(long_save)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_loaded_long_save_undoes_and_replays_exactly_as_the_match_played(
    long_save: dict[str, object],
) -> None:
    """Loading keeps the state after every step: each equals the one the played match had."""
    import random

    options = {"tiles_left": "epic", "tiles_right": "epic", "round_limit": 0}
    played = Match.new(
        "crimson_keep", [Seat("Left", "bot", "random"), Seat("Right", "bot", "random")], 1, options
    )
    choose = random.Random(1)
    while not played.is_over() and played.step < 600:
        played.apply(choose.choice(played.legal_actions()))
    loaded = Match.from_json(long_save)
    rules = loaded.rules
    assert [rules.to_dict(loaded.state_at(i)) for i in range(0, 601, 37)] == [
        rules.to_dict(played.state_at(i)) for i in range(0, 601, 37)
    ]
