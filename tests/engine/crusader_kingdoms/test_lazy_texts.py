"""The log lines of a Bot activation, an announced attack, a combat and the Bot's army after it are
written when first read (``core.lazy_event``): read long after their action, when the game is over,
each must say what its event's data says, and read the same as right after the action."""

from __future__ import annotations

from typing import Any

import pytest

from crimson_table.engine.core import Event, LazyTextEvent, counted
from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.engine.crusader_kingdoms.cards import title
from crimson_table.engine.crusader_kingdoms.ops import subject
from crimson_table.engine.crusader_kingdoms.rules import RULES
from crimson_table.engine.rng import Rng


def _said(event: Event, players: int) -> str | None:
    """What the line must read, from the event's data alone (None: a kind this test does not spell)."""
    d: Any = event.data
    labels = dict(zip(board_for(players).names, board_for(players).labels, strict=True))
    if event.kind == "combat":
        att, dfn = len(d["attack_dice"]), len(d["defence_dice"])
        return (f"Attack {counted(att, 'die', 'dice')} ({counted(d['attack_hits'], 'hit')}) against defence "
                f"{counted(dfn, 'die', 'dice')} ({counted(d['defence_hits'], 'hit')}): "
                f"the attack {'succeeds' if d['won'] else 'fails'}.")  # fmt: skip
    if event.kind == "bot_activation":
        attacked = f"it attacks {labels[d['region']]}" if d["attacks"] else "no attack"
        return f"The Bot rolls {d['roll']} against army strength {d['strength']}: {attacked}."
    if event.kind == "army":
        return "The Bot's army after the attack: " + (", ".join(map(title, d["army"])) or "none") + "."
    if event.kind == "announce":
        what = f" ({title(d['event'])})" if d["event"] else ""
        return f"{subject(d['seat'])} attacks {labels[d['region']]}{what}."
    return None


@pytest.mark.parametrize(("players", "seed"), [(p, seed) for p in (1, 2, 3, 4) for seed in range(5)])
def test_lazy_log_lines_read_at_the_end_of_the_game_say_what_their_data_says(players: int, seed: int) -> None:
    state, picker = RULES.new_game(players, 300 + seed), Rng.from_seed(seed)
    logged: list[tuple[Event, str]] = []
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        state, events = RULES.apply_action(state, legal[picker.below(len(legal))])
        for event in events:
            if isinstance(event, LazyTextEvent) and len(logged) % 2:
                logged.append((event, event.text))  # every other one read at once, the rest at the end
            else:
                logged.append((event, ""))
    spelled = 0
    for event, at_once in logged:
        said = _said(event, players)
        if said is not None:
            spelled += 1
            assert event.text == said, event.kind
        assert not at_once or event.text == at_once
    kinds = {event.kind for event, _ in logged if isinstance(event, LazyTextEvent)}
    assert spelled and "combat" in kinds
