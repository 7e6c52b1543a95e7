"""The Master level (single-observer ISMCTS): legal, deterministic, context-only, stronger than random."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from crimson_table.ai.base import Bot, BotContext, make_context
from crimson_table.ai.condottiere.search import condottiere_value
from crimson_table.ai.crimson_company.search import crimson_company_value
from crimson_table.ai.ismcts import IsmctsBot, SearchConfig, TimeBudget, outcome_rewards
from crimson_table.ai.random_bot import RandomBot
from crimson_table.ai.registry import (
    LEVEL_NAMES,
    LEVELS,
    WALL_CAP_SECONDS,
    bot_for,
    grandmaster_bot,
    levels_for,
    master_config,
    with_wall_cap,
)
from crimson_table.ai.two_crowns.search import two_crowns_playout, two_crowns_value
from crimson_table.engine import GAMES
from crimson_table.engine.core import Outcome
from crimson_table.engine.rng import Rng
from crimson_table.engine.two_crowns.actions import AddToAttack, ChooseAttack, UndoSelection
from crimson_table.engine.two_crowns.notation import from_notation

MASTER_GAMES = [game_id for game_id, levels in LEVELS.items() if "master" in levels]
SETUPS = [
    ("two_crowns", 2),
    ("crimson_company", 2),
    ("condottiere", 2),
    ("condottiere", 3),
    ("condottiere", 6),
]


def _small(game_id: str, iterations: int = 12) -> IsmctsBot:
    """The game's Master settings (or the generic ones) with few iterations, for speed."""
    config = master_config(game_id) if game_id in MASTER_GAMES else SearchConfig()
    return IsmctsBot(replace(config, iterations=iterations))


def _positions(game_id: str, players: int, count: int, seed: int = 3) -> list[tuple[Any, int]]:
    """``count`` states (with a context seed) from a game the heuristic bots play."""
    rules = GAMES[game_id]
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed)
    bots = [bot_for(game_id, "heuristic") for _ in range(players)]
    out: list[tuple[Any, int]] = []
    while not rules.is_over(state) and len(out) < count:
        ctx = make_context(rules, state, picker.next64())
        if len(ctx.legal) > 1 and picker.below(3) == 0:
            out.append((state, ctx.seed))
        state, _ = rules.apply_action(state, bots[ctx.seat].choose(ctx))
    return out


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_master_returns_a_legal_action_from_several_positions(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    bot = _small(game_id)
    positions = _positions(game_id, players, 5)
    assert len(positions) == 5
    for state, seed in positions:
        ctx = make_context(rules, state, seed)
        assert bot.choose(ctx) in ctx.legal


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_master_picks_the_same_action_for_the_same_seed(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    for state, seed in _positions(game_id, players, 3, seed=11):
        first = _small(game_id).choose(make_context(rules, state, seed))
        again = _small(game_id).choose(make_context(rules, state, seed))
        assert first == again


class _SealedRules:
    """Rules that refuse to be shown one particular state (the real one)."""

    def __init__(self, rules: Any, sealed: Any) -> None:
        self._rules = rules
        self._sealed = sealed

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._rules, name)
        if not callable(method):
            return method

        def guarded(*args: Any, **kwargs: Any) -> Any:
            assert all(arg is not self._sealed for arg in args), f"{name} was given the real state"
            return method(*args, **kwargs)

        return guarded


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_master_reaches_states_only_through_the_contexts_determinize(game_id: str, players: int) -> None:
    rules = GAMES[game_id]
    state, seed = _positions(game_id, players, 1)[0]
    seat = rules.current_player(state)
    assert seat is not None
    samples: list[int] = []

    def determinize(sample_seed: int) -> Any:
        samples.append(sample_seed)
        return rules.determinize(state, seat, sample_seed)

    ctx = BotContext(
        rules=_SealedRules(rules, state),
        seat=seat,
        view={},
        legal=rules.legal_actions(state),
        determinize=determinize,
        seed=seed,
    )
    bot = _small(game_id)
    assert bot.choose(ctx) in ctx.legal
    assert len(samples) == bot.config.iterations


def test_an_action_is_keyed_by_its_json_so_equal_actions_share_a_key() -> None:
    rules = GAMES["two_crowns"]
    state = rules.new_game(2, 1, {})
    action = rules.legal_actions(state)[0]
    rebuilt = rules.action_from_dict(action.to_dict())
    bot = IsmctsBot()
    assert bot.key(action) == bot.key(rebuilt) == IsmctsBot().key(rebuilt)


def test_rewards_are_one_for_a_sole_winner_and_shared_between_joint_winners() -> None:
    assert outcome_rewards(Outcome(winners=(1,)), 3) == [0.0, 1.0, 0.0]
    assert outcome_rewards(Outcome(winners=(0, 2)), 3) == [0.5, 0.0, 0.5]
    assert outcome_rewards(Outcome(winners=()), 2) == [0.5, 0.5]
    assert outcome_rewards(Outcome(winners=(), rewards=(0.0,)), 1) == [0.0]  # a defeat, not a draw


@pytest.mark.parametrize(
    ("game_id", "players"), [("crusader_kingdoms", 1), ("crusader_kingdoms", 2), ("crimson_keep", 1)]
)
def test_seats_that_play_against_the_game_score_a_defeat_as_a_loss_and_a_win_as_whole(
    game_id: str, players: int
) -> None:
    # CK-R37/CK-R56 (Crusader Kingdoms solitaire and co-op), Kai's win (Crimson Keep solo): with no
    # winner among the seats, a search once scored a defeat as a draw of one seat, a whole win.
    rules = GAMES[game_id]
    seen: set[float] = set()
    for seed in range(12):
        state = rules.new_game(players, seed, {})
        bot = RandomBot()
        step = 0
        while not rules.is_over(state):
            state, _ = rules.apply_action(state, bot.choose(make_context(rules, state, seed * 7919 + step)))
            step += 1
        outcome = rules.outcome(state)
        assert outcome is not None
        rewards = outcome_rewards(outcome, players)
        if outcome.winners:
            assert rewards == [1.0] * players, f"{game_id} seed {seed}: a win shared out: {outcome}"
        else:
            assert all(r < 1.0 for r in rewards), f"{game_id} seed {seed}: a loss as a win: {outcome}"
        assert len(set(rewards)) == 1  # together: one result for every seat
        seen.add(rewards[0])
    assert 0.0 in seen, "no defeat among the random games: the test checks nothing"


def test_a_rollout_cap_without_an_evaluator_scores_one_half_for_everyone() -> None:
    rules = GAMES["crimson_company"]
    ctx = make_context(rules, rules.new_game(2, 4, {}), 9)
    bot = IsmctsBot(SearchConfig(iterations=8, rollout_depth=0))
    root = bot.search(ctx)
    assert root.visits == 8
    assert all(child.reward == 0.5 * child.visits for child in root.children.values())


def _master_score(game_id: str, players: int, seed: int, iterations: int) -> float:
    """One game of Master (seat ``seed % players``) against random bots."""
    rules = GAMES[game_id]
    hero = seed % players
    bots: list[Bot] = [RandomBot() for _ in range(players)]
    bots[hero] = _small(game_id, iterations)
    state = rules.new_game(players, seed, {})
    picker = Rng.from_seed(seed)
    while not rules.is_over(state):
        ctx = make_context(rules, state, picker.next64())
        state, _ = rules.apply_action(state, bots[ctx.seat].choose(ctx))
    outcome = rules.outcome(state)
    assert outcome is not None
    return 1.0 / len(outcome.winners) if hero in outcome.winners else 0.0


@pytest.mark.parametrize(("game_id", "players"), [("crimson_company", 2), ("condottiere", 3)])
def test_master_beats_random_bots_in_every_one_of_four_quick_games(game_id: str, players: int) -> None:
    scores = [_master_score(game_id, players, seed, iterations=25) for seed in range(4)]
    assert sum(scores) == 4, scores


def test_master_is_offered_where_it_was_measured_to_beat_the_heuristic() -> None:
    assert [LEVEL_NAMES[lv] for lv in ("random", "heuristic", "master", "grandmaster")] == [
        "Novice",
        "Captain",
        "Master",
        "Grandmaster",
    ]
    for game_id in GAMES:
        assert ("master" in levels_for(game_id)) == (game_id in MASTER_GAMES)
        assert all(level in LEVEL_NAMES for level in levels_for(game_id))
    for game_id in MASTER_GAMES:
        assert levels_for(game_id)[-1] in ("master", "grandmaster")
        assert bot_for(game_id, "master").name == "master"


def test_grandmaster_is_master_with_about_three_seconds_of_iterations() -> None:
    for game_id in MASTER_GAMES:
        master, grand = master_config(game_id), grandmaster_bot(game_id).config
        assert grand.iterations >= 5 * master.iterations
        assert (grand.exploration, grand.rollout_depth, grand.finish) == (
            master.exploration,
            master.rollout_depth,
            master.finish,
        )


def test_the_two_crowns_rollout_player_finishes_a_game_with_legal_moves_only() -> None:
    rules = GAMES["two_crowns"]
    state = rules.new_game(2, 8, {})
    rng = Rng.from_seed(8)
    moves = 0
    while not rules.is_over(state):
        action = two_crowns_playout(rules, state, rng)
        assert action in rules.legal_actions(state)
        state, _ = rules.apply_action(state, action)
        moves += 1
    assert moves < 1000


def test_the_condottiere_value_waits_for_the_battle_to_end_then_shares_one_win() -> None:
    rules = GAMES["condottiere"]
    state = rules.new_game(3, 2, {})
    assert len(condottiere_value(rules, state) or []) == 3
    assert sum(condottiere_value(rules, state) or []) == pytest.approx(1.0)
    region = rules.legal_actions(state)[0]
    in_battle, _ = rules.apply_action(state, region)
    assert condottiere_value(rules, in_battle) is None


def test_the_crimson_company_value_gives_the_two_seats_complementary_chances() -> None:
    rules = GAMES["crimson_company"]
    first, second = crimson_company_value(rules, rules.new_game(2, 5, {}))
    assert 0.0 <= first <= 1.0
    assert first + second == pytest.approx(1.0)


def test_the_prior_policys_action_is_expanded_first() -> None:
    rules = GAMES["condottiere"]
    ctx = make_context(rules, rules.new_game(3, 6, {}), 4)
    heuristic = bot_for("condottiere", "heuristic")
    config = replace(master_config("condottiere"), iterations=1)
    root = IsmctsBot(config).search(ctx)
    assert [child.action for child in root.children.values()] == [heuristic.choose(ctx)]


def test_a_skipped_action_kind_is_never_tried_while_something_else_is_legal() -> None:
    rules = GAMES["two_crowns"]
    state = from_notation("turn 3 seat 0 castles 20 20 destiny - | hand K1 K2 F deck 10 | hand K3 deck 10")
    for action in (ChooseAttack(), AddToAttack(state.hands[0][0])):
        state, _ = rules.apply_action(state, action)
    ctx = make_context(rules, state, 2)
    assert UndoSelection() in ctx.legal
    bot = IsmctsBot(SearchConfig(iterations=30, skip_kinds=frozenset({UndoSelection.KIND})))
    root = bot.search(ctx)
    assert bot.key(UndoSelection()) not in root.children
    assert len(root.children) == len(ctx.legal) - 1


def test_the_two_crowns_value_scores_a_rollout_when_a_best_of_three_game_ends() -> None:
    rules = GAMES["two_crowns"]
    state = rules.new_game(2, 3, {"best_of": 3})
    rng = Rng.from_seed(3)
    assert two_crowns_value(rules, state) is None
    while state.game_number == 1:
        state, _ = rules.apply_action(state, two_crowns_playout(rules, state, rng))
        assert state.game_number > 1 or two_crowns_value(rules, state) is None
    leader = state.crowns.index(1)
    assert (two_crowns_value(rules, state) or [])[leader] == pytest.approx(0.75)


class _FakeClock:
    """A clock that moves one second each time it is read (no test waits for the real one)."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        now = self.now
        self.now += 1.0
        return now


def _condottiere_six_seat_context() -> BotContext:
    state, seed = _positions("condottiere", 6, 1)[0]
    return make_context(GAMES["condottiere"], state, seed)


def test_a_time_budget_stops_the_search_at_the_first_iteration_boundary_after_its_seconds() -> None:
    bot = _small("condottiere", iterations=400)
    bot.budget = TimeBudget(seconds=100.0, clock=_FakeClock(), min_share=0.2)
    root = bot.search(_condottiere_six_seat_context())
    # The end is read first (0 + 100 s); from iteration 80 (20 % of 400) on, each boundary reads
    # the clock once: 1, 2, ... 100 s, the 100th read stops it before iteration 80 + 99 starts.
    assert root.visits == 179


def test_a_spent_time_budget_still_does_its_least_share_and_picks_a_legal_action() -> None:
    bot = _small("condottiere", iterations=400)
    bot.budget = TimeBudget(seconds=0.0, clock=_FakeClock(), min_share=0.2)
    ctx = _condottiere_six_seat_context()
    assert bot.search(ctx).visits == 80
    assert bot.choose(ctx) in ctx.legal


def test_without_a_time_budget_the_search_does_every_iteration_and_never_reads_a_clock() -> None:
    bot = _small("condottiere", iterations=150)
    assert bot.budget is None
    assert bot.search(_condottiere_six_seat_context()).visits == 150


def test_a_budget_that_is_never_reached_leaves_the_choice_as_the_seed_makes_it() -> None:
    ctx = _condottiere_six_seat_context()
    capped = _small("condottiere", iterations=60)
    capped.budget = TimeBudget(seconds=1e9, clock=_FakeClock())
    assert capped.choose(ctx) == _small("condottiere", iterations=60).choose(ctx)


def test_only_the_searching_levels_get_the_apps_wall_clock_cap() -> None:
    clock = _FakeClock()
    master = with_wall_cap(bot_for("condottiere", "master"), "master", clock)
    assert isinstance(master, IsmctsBot) and master.budget == TimeBudget(WALL_CAP_SECONDS["master"], clock)
    captain = with_wall_cap(bot_for("condottiere", "heuristic"), "heuristic", clock)
    assert getattr(captain, "budget", None) is None
    assert isinstance(bot_for("condottiere", "master"), IsmctsBot)
    assert bot_for("condottiere", "master").budget is None  # a fresh bot: iterations only
