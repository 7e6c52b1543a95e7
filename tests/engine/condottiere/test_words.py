"""What players read speaks their language: no rule IDs and no card tokens in the log or the
result (rule IDs stay in refusals, the "why not?" detail) — issue 8."""

from __future__ import annotations

import re

from crimson_table.engine import GAMES
from crimson_table.engine.rng import Rng

RULE_ID = re.compile(r"[A-Z]{2}-R\d+")
TOKEN = re.compile(r"\b(?:Co|Bi|Sc|Dr|He|Wi|Sp|Su)\b")


def _texts(game: str, players: int, seed: int) -> tuple[list[str], str]:
    rules = GAMES[game]
    state = rules.new_game(players, seed, {})
    rng = Rng.from_seed(seed)
    texts: list[str] = []
    for _ in range(3000):
        if rules.is_over(state):
            break
        legal = rules.legal_actions(state)
        state, events = rules.apply_action(state, legal[rng.below(len(legal))])
        texts += [t for e in events for t in (e.text, e.private_text) if t]
    outcome = rules.outcome(state)
    return texts, outcome.reason if outcome else ""


def test_condottiere_log_lines_and_the_result_carry_no_rule_ids_nor_card_tokens() -> None:
    for seed, players in ((1, 3), (2, 2), (3, 6)):
        texts, reason = _texts("condottiere", players, seed)
        assert reason and not RULE_ID.search(reason), reason
        leaking = [t for t in texts if RULE_ID.search(t) or TOKEN.search(t)]
        assert not leaking, leaking[:3]


def test_the_result_reads_as_words_won_by_connected_or_total_regions() -> None:
    from crimson_table.engine.condottiere.ops import reason_for_players

    assert reason_for_players("won by connected regions (CO-R47, CO-R48)") == "won by connected regions"
