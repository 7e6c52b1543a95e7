"""The Muslim Bot's attack panel shows what the Bot attacks with (CK-R49): its army's cards and its
strength, which is its number of dice, from the moment it attacks until the dice are rolled; the
army grows card by card as the Bot reveals troops (CK-R46), not only when the table resyncs."""

from __future__ import annotations

from crimson_table.engine.core import Event
from crimson_table.play.match import Match, Seat
from crimson_table.ui.tables.crusader_kingdoms import paint
from crimson_table.ui.tables.crusader_kingdoms.shown import BOT, CrusaderShown


def _bot_attacks(seed: int) -> tuple[CrusaderShown, list[Event]]:
    """A solo game up to the action that makes the Bot attack: the shown table before it, and the
    events as Anna sees them from there until the attack's dice are rolled."""
    match = Match.new(
        "crusader_kingdoms", [Seat("Anna", "bot", "heuristic")], seed, {"difficulty": "standard"}
    )
    for _ in range(600):
        shown = CrusaderShown.from_view(match.view(0), 0)
        events = match.events_for(0, match.apply(match.bot_choose()))
        if any(e.kind == "bot_activation" and e.data["attacks"] for e in events):
            while not any(e.kind == "combat" and e.data.get("region") for e in _after_activation(events)):
                events += match.events_for(0, match.apply(match.bot_choose()))
            return shown, events
    raise AssertionError("the Bot never attacked")


def _after_activation(events: list[Event]) -> list[Event]:
    start = next(i for i, e in enumerate(events) if e.kind == "bot_activation" and e.data["attacks"])
    return events[start:]


def test_the_bots_attack_panel_holds_its_army_and_says_its_strength_until_the_roll() -> None:
    for seed in (1, 2, 3, 4, 5):
        shown, events = _bot_attacks(seed)
        start = next(i for i, e in enumerate(events) if e.kind == "bot_activation" and e.data["attacks"])
        army = next(e for e in events[start:] if e.kind == "reveal").data[
            "army"
        ]  # the engine's army (CK-R49)
        strength = int(events[start].data["strength"])
        assert army, f"seed {seed}: the Bot attacks with an army"
        shown.apply(events[:start])
        for event in events[start:]:
            if event.kind == "combat":
                break
            shown.apply([event])
            a = shown.attack
            assert a is not None and a.attacker == BOT
            assert [c.card for c in a.cards if c.side == "ATT"] == army, (seed, event.kind)
            assert a.strength == strength
            assert paint._attack_label(a) == f"Attack · army strength {strength}: {strength} dice"
