"""The Condottiere heuristic bot: always legal, follows the supplement's AI hints, far stronger than random."""

from __future__ import annotations

from crimson_table.ai.base import Bot, make_context
from crimson_table.ai.condottiere.heuristic import HeuristicBot
from crimson_table.ai.random_bot import RandomBot
from crimson_table.engine.condottiere.actions import (
    ChooseRegion,
    KeepCard,
    Pass,
    PlacePope,
    PlayCard,
    TakeBack,
)
from crimson_table.engine.condottiere.notation import position
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.state import CondottiereState
from crimson_table.engine.core import Action
from crimson_table.engine.rng import Rng


def _decide(state: CondottiereState, seed: int = 1) -> Action:
    return HeuristicBot().choose(make_context(RULES, state, seed))


def _play(seed: int, players: int, hero: int) -> tuple[int, ...]:
    """One game, the heuristic bot at ``hero`` and random bots elsewhere; returns the winners."""
    state = RULES.new_game(players, seed)
    bots: dict[int, Bot] = {seat: RandomBot() for seat in range(players)}
    bots[hero] = HeuristicBot()
    step = 0
    while not RULES.is_over(state):
        seat = RULES.current_player(state)
        assert seat is not None
        ctx = make_context(RULES, state, Rng.from_seed(seed * 100_003 + step).next64())
        action = bots[seat].choose(ctx)
        assert action in ctx.legal
        state, _ = RULES.apply_action(state, action)
        step += 1
    outcome = RULES.outcome(state)
    assert outcome is not None
    return outcome.winners


def test_the_heuristic_bot_wins_at_least_24_of_30_three_player_games_against_two_random_bots() -> None:
    wins = sum(hero in _play(seed, 3, hero) for seed in range(30) for hero in [seed % 3])
    assert wins >= 24, f"only {wins}/30 wins"


def test_the_bot_plays_legal_moves_to_the_end_with_two_to_six_players() -> None:
    for players in range(2, 7):
        assert _play(players * 31, players, players - 1)


def test_the_bot_is_deterministic() -> None:
    state = RULES.new_game(4, 12)
    assert _decide(state, 5) == _decide(state, 5)


def test_alone_at_the_end_it_plays_the_cheapest_card_that_wins() -> None:
    """CO-AI2: behind 5 to 6 with everyone else passed, a 2 is enough; the 10 is kept."""
    s = position(2, hands={0: "2 10 He", 1: "1"}, region="roma", lines={0: "5", 1: "6"}, passed=[1])
    assert _decide(s) == PlayCard("2")


def test_alone_and_ahead_it_passes() -> None:
    """CO-AI2: strictly ahead with nobody else in the battle, any further card is wasted."""
    s = position(2, hands={0: "2 10", 1: "1"}, region="roma", lines={0: "6", 1: "5"}, passed=[1])
    assert _decide(s) == Pass()


def test_ahead_with_a_surrender_it_ends_the_battle() -> None:
    """CO-AI10: strictly ahead now while the opponent still holds cards."""
    s = position(2, hands={0: "Su 1", 1: "10 10 10"}, region="roma", lines={0: "10", 1: "6"})
    assert _decide(s) == PlayCard("Su")


def test_it_keeps_winter_rather_than_spending_it_for_nothing() -> None:
    """CO-AI5: with the lines empty a Winter changes nothing, so a Mercenary goes first."""
    s = position(3, hands={0: "Wi 6", 1: "1 2", 2: "1 2"}, region="roma")
    assert _decide(s) == PlayCard("6")


def test_giving_up_a_battle_it_rescues_its_ten_with_a_scarecrow() -> None:
    """CO-AI9: far behind, it takes back its big Mercenary before passing."""
    hands = {0: "Sc 1", 1: "10 10 10 10", 2: "1"}
    s = position(3, hands=hands, region="roma", lines={0: "10", 1: "10 10 He Dr"}, passed=[2])
    assert _decide(s) == PlayCard("Sc")
    s, _ = RULES.apply_action(s, PlayCard("Sc"))
    assert _decide(s) == TakeBack("10")


def test_it_never_offers_a_region_that_wins_the_game_for_an_opponent() -> None:
    """CO-AI12: an opponent holding Venezia, Ferrara and Bologna must not be offered Urbino."""
    s = position(3, hands={0: "1", 1: "1", 2: "1"}, control={"venezia": 1, "ferrara": 1, "bologna": 1})
    choice = _decide(s)
    assert isinstance(choice, ChooseRegion) and choice.region not in ("urbino", "mantova")


def test_it_prefers_a_region_that_extends_its_own_group() -> None:
    s = position(3, hands={0: "1", 1: "1", 2: "1"}, control={"lucca": 0, "siena": 0})
    assert _decide(s) == ChooseRegion("firenze")


def test_it_puts_the_favor_on_the_region_an_opponent_needs_to_win() -> None:
    """CO-AI12: the Bishop's player protects Urbino from the player holding Venezia-Ferrara-Bologna."""
    control = {"venezia": 1, "ferrara": 1, "bologna": 1}
    s = position(3, hands={0: "Bi", 1: "1", 2: "1"}, region="roma", control=control)
    s, _ = RULES.apply_action(s, PlayCard("Bi"))
    assert _decide(s) in (PlacePope("urbino"), PlacePope("mantova"))


def test_at_a_round_end_it_keeps_its_most_valuable_cards() -> None:
    s = position(2, hands={0: "1 10 Sc", 1: ""}, region="roma")
    s, _ = RULES.apply_action(s, Pass())
    assert _decide(s) == KeepCard("10")
