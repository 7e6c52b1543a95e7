"""The events a table animates from: everything that moves or leaves has its own event (issue 12).

The Minox's Horn Dash moves it before the battle (a ``move`` event), Deep Foundations destroys the
column's top cards one by one (``remove`` events), Kai's Solo Deck line names the card; the shown
model of the table follows these events to exactly the position the view describes.
"""

from __future__ import annotations

from crimson_table.engine.crimson_keep.actions import Ability, FireAttack, PlayKeepDefence, Tactic
from crimson_table.engine.crimson_keep.board import cell
from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import DRAGON
from crimson_table.engine.rng import Rng
from crimson_table.ui.tables.crimson_keep.shown import CrimsonKeepShown
from tests.engine.crimson_keep.conftest import Dice, pos


def _events(s, *actions):  # type: ignore[no-untyped-def]
    out = []
    for a in actions:
        assert a in RULES.legal_actions(s), a
        s, events = RULES.apply_action(s, a)
        out += events
    return s, out


def _shown_follows(before, after, events) -> None:  # type: ignore[no-untyped-def]
    for seat in (0, 1):
        m = CrimsonKeepShown.from_view(RULES.player_view(before, seat), seat)
        m.apply([e.for_seat(seat) for e in events])
        assert m.board == CrimsonKeepShown.from_view(RULES.player_view(after, seat), seat).board


def test_ck2_r66_the_minox_dash_is_a_move_event_before_the_battle(dice: Dice) -> None:
    s = pos("turn=L L:3,1=7+ R:5,1=17+ R.barracks=8")
    after, events = _events(s, Ability(7, "horn_dash", 17))
    kinds = [e.kind for e in events]
    assert "move" in kinds and kinds.index("move") < kinds.index("battle")
    move = events[kinds.index("move")]
    assert move.data == {"seat": 0, "card": 7, "from": cell(3, 1), "to": cell(4, 1), "dash": True}
    assert move.for_seat(1).data == move.data  # public: the other seat animates it too
    assert "Minox dashes to" in move.text
    _shown_follows(s, after, events)
    dice.set(6, 1)
    done, more = _events(after, Tactic(3), Tactic(3))
    _shown_follows(after, done, more)


def test_kd3_deep_foundations_destroys_the_top_two_cards_with_remove_events(dice: Dice) -> None:
    s = pos(
        "turn=L dragon=L stage=2 injuries=0 dice=4 obliterate=0 R:6,1=2+ R:6,2=22- R:6,3=23- R:4,1=7+ R.kd=3"
    )
    s.phase, s.actor = DRAGON, s.dragon
    dice.set(1, 1, 1, 1)
    after, events = _events(s, FireAttack(), PlayKeepDefence(3, 1))
    removes = [e for e in events if e.kind == "remove"]
    assert [(e.data["card"], e.data["pile"], e.data["cell"]) for e in removes] == [
        (23, "destroyed", cell(6, 3)),
        (22, "destroyed", cell(6, 2)),
    ]
    assert [e.kind for e in events].index("fire") < events.index(removes[0])
    assert "Deep Foundations" in removes[0].text
    assert sorted(after.clans[1].destroyed) == [22, 23] and not after.clans[1].ruined[2]
    _shown_follows(s, after, events)


def test_the_solo_deck_line_names_the_card() -> None:
    s = RULES.new_game(1, 5, {})
    pick = Rng.from_seed(2)
    for _ in range(400):
        s, events = RULES.apply_action(s, RULES.legal_actions(s)[pick.below(len(RULES.legal_actions(s)))])
        flips = [e for e in events if e.kind == "solo_card"]
        if flips:
            from crimson_table.engine.crimson_keep.cards import SOLO_DECK

            card = int(flips[0].data["card"])
            assert flips[0].text == f"Kai flips Solo card SD{card}, {SOLO_DECK[card]}"
            return
    raise AssertionError("Kai never flipped a Solo card")
