"""Master at six seats: Captain's and the search's shortcuts decide exactly as the full work did.

Master's time is mostly Captain playing rollouts on sampled states.  Captain now recounts only its
own line for a card that stays there (``Leads``), keeps what a region is worth until the control
markers change, and the rollouts build a lighter view (``search_view``); none of it may change a
choice, at any seat count.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from crimson_table.ai.base import make_context
from crimson_table.ai.condottiere.heuristic import HeuristicBot, Leads, _lead, simulate
from crimson_table.ai.ismcts import IsmctsBot
from crimson_table.ai.registry import master_bot
from crimson_table.engine.condottiere.cards import full_deck
from crimson_table.engine.condottiere.rules import RULES
from crimson_table.engine.condottiere.view import search_view
from crimson_table.engine.rng import Rng

# What only the table shows: the figures derived from the lines, the discard pile, the last result.
TABLE_ONLY = {"strengths", "card_strengths", "season", "discard", "last_result"}


def _game_states(players: int, seed: int) -> list[Any]:
    """Every state of one game six Captains play."""
    state, picker, out = RULES.new_game(players, seed), Rng.from_seed(seed), []
    while not RULES.is_over(state):
        out.append(state)
        state, _ = RULES.apply_action(
            state, HeuristicBot().choose(make_context(RULES, state, picker.next64()))
        )
    return out


def test_the_lead_after_a_card_is_the_lead_with_every_line_recounted() -> None:
    """CO-R21..CO-R27: a Mercenary under Spring, Winter, Spring and the Bishop reach other lines."""
    deck, draw = sorted(set(full_deck())), random.Random(34)
    for _ in range(3000):
        players = draw.randint(2, 6)
        lines = [[draw.choice(deck) for _ in range(draw.randint(0, 5))] for _ in range(players)]
        me = draw.randrange(players)
        leads = Leads(lines, me)
        assert leads.now == _lead(lines, me)
        for card in deck:
            assert leads.after(card) == _lead(simulate(lines, me, card), me), (lines, me, card)


def test_the_search_view_is_the_players_view_without_what_only_the_table_shows() -> None:
    """CO-R5: the same seat sees the same; only the derived figures are left out."""
    for state in _game_states(6, 3)[::7]:
        for seat in range(6):
            full = RULES.player_view(state, seat)
            assert search_view(state, seat) == {k: v for k, v in full.items() if k not in TABLE_ONLY}


def test_captain_chooses_the_same_from_the_search_view_at_every_seat_count() -> None:
    for players in (2, 3, 6):
        for k, state in enumerate(_game_states(players, 8)):
            plain = HeuristicBot().choose(make_context(RULES, state, k))
            assert HeuristicBot().choose(make_context(RULES, state, k, search_view)) == plain


def _positions(players: int, count: int, seed: int) -> list[tuple[Any, int]]:
    state, picker, out = RULES.new_game(players, seed), Rng.from_seed(seed), []
    while not RULES.is_over(state) and len(out) < count:
        ctx = make_context(RULES, state, picker.next64())
        if len(ctx.legal) > 1 and picker.below(3) == 0:
            out.append((state, ctx.seed))
        state, _ = RULES.apply_action(state, HeuristicBot().choose(ctx))
    return out


def test_master_at_six_seats_chooses_what_it_chose_before_the_shortcuts() -> None:
    """Recorded with the full work (commit bb31f30), 60 iterations a decision: same seed, same action."""
    recorded = [
        {"kind": "play_card", "card": "2"},
        {"kind": "pass"},
        {"kind": "play_card", "card": "5"},
        {"kind": "play_card", "card": "Bi"},
        {"kind": "play_card", "card": "2"},
        {"kind": "play_card", "card": "Sc"},
        {"kind": "play_card", "card": "6"},
        {"kind": "pass"},
    ]
    chosen = []
    for state, seed in _positions(6, 8, 21):
        bot = master_bot("condottiere")
        bot = IsmctsBot(replace(bot.config, iterations=60))
        ctx = make_context(RULES, state, seed)
        action = bot.choose(ctx)
        assert action in ctx.legal
        chosen.append(action.to_dict())
    assert chosen == recorded
