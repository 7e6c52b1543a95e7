"""The speed-ups of Crimson Keep's playout path give what the plain code gave: the events and log lines made
once at import are the ones their steps always made, and the Replace options picked row by row in one pass are
the options the cell-by-cell walk lists (CK2-R10, the Black Gate only on level 1, CK2-R7), and so are
the Black Mirror's swaps read from the keep's cards alone, a Firelancer's lines read from their table, and
the flips of a clan that used no card this turn listed without reading each card's flags."""

from __future__ import annotations

import pytest

from crimson_table.engine import GAMES
from crimson_table.engine.core import Action, Event, seat_ref
from crimson_table.engine.crimson_keep import abilities, automaton, kai_ops, solo_deck, turn
from crimson_table.engine.crimson_keep.actions import SPACE_NAMES, ability_action, space_name
from crimson_table.engine.crimson_keep.board import COLUMNS, FWD, LEVELS, LINES, cell, col, lvl
from crimson_table.engine.crimson_keep.cards import BLACK_GATE, BLACK_MIRROR, CARDS, SOLO_DECK, name
from crimson_table.engine.crimson_keep.queries import (
    IS_BUILDING,
    board_numbers,
    building_at,
    hand_cards,
    keep_cards,
)
from crimson_table.engine.crimson_keep.state import MAIN, NONE_USED, CKState
from crimson_table.engine.rng import Rng

from ..playouts import random_positions

_NUMBERS = sorted(CARDS)


def test_the_events_made_at_import_are_the_events_their_steps_always_made() -> None:
    for seat in (0, 1):
        assert turn._TURN_TEXT[seat] == f"{seat_ref(seat)}'s turn"
        for n in _NUMBERS:
            for up, side in ((True, "ACTIVE"), (False, "INACTIVE")):
                flip = Event(
                    "flip",
                    {"seat": seat, "card": n, "active": up},
                    f"{seat_ref(seat)} flips {name(n)} {side}",
                )
                assert turn.FLIP_EVENTS[seat][up][n] == flip
    for n in _NUMBERS:
        assert kai_ops.KAI_FLIP_EVENTS[n] == Event(
            "flip", {"seat": 1, "card": n, "active": True}, f"Kai flips {name(n)} ACTIVE"
        )
        assert kai_ops._KAI_BUILD_TEXT[n] == f"Kai builds {name(n)}"
    tosses = (
        Event("kai_toss", {"mode": "L"}, "Kai tosses the Turn Marker: LOW", reveals=True),
        Event("kai_toss", {"mode": "H"}, "Kai tosses the Turn Marker: HIGH", reveals=True),
    )
    assert tuple(automaton._TOSS_EVENTS) == tosses  # by HIGH
    for card, title in SOLO_DECK.items():
        solo = Event("solo_card", {"card": card}, f"Kai flips Solo card SD{card}, {title}", reveals=True)
        assert solo_deck._SOLO_CARD_EVENTS[card] == solo
    for mirrored in (False, True):
        assert list(SPACE_NAMES[mirrored]) == [space_name(x, mirrored) for x in range(45)]


def _replace_walk(s: CKState, seat: int) -> list[Action]:
    """The Building cards' Replace options as the cell-by-cell walk lists them (the definition)."""
    builds = [n for n in hand_cards(s, seat) if IS_BUILDING[n]]
    return [
        turn.REPLACED[old][n]
        for x, old in keep_cards(s, seat)
        for n in builds
        if n != BLACK_GATE or x % LEVELS == 0
    ]


@pytest.mark.parametrize("players", [1, 2])
def test_replace_options_are_those_of_the_cell_by_cell_walk(players: int) -> None:
    compared = 0
    for seed in range(12):
        for s in random_positions("crimson_keep", players, 500 + seed, seed):
            if s.phase != MAIN or s.actor != s.current or (players == 1 and s.current == 1):
                continue
            seat = s.current
            listed = turn.replace_options(s, seat)
            walked = _replace_walk(s, seat)
            assert listed[: len(walked)] == walked  # the Building cards' options come first, in this order
            assert all(a.KIND == "replace" for a in listed)
            compared += bool(walked)
    assert compared > 200  # keeps with Building cards to replace met often enough to mean something


def _mirror_walk(s: CKState, seat: int) -> list[Action]:
    """The Black Mirror's swaps as the board walk lists them (CK2-R15): from every own keep card to the own
    Building card above it (never moving the Black Gate off level 1) and beside it, in cell order."""
    out: list[Action] = []
    for y, n in keep_cards(s, seat):
        for z in (y + 1, y + LEVELS):
            if z >= 45 or (z == y + 1 and y % LEVELS == LEVELS - 1):
                continue
            m = building_at(s, seat, z)
            if m and not (z == y + 1 and BLACK_GATE in (n, m)):
                out.append(ability_action(BLACK_MIRROR, "swap", n, m))
    return out


def test_the_black_mirror_swaps_are_those_of_the_board_walk() -> None:
    compared = 0
    for seed in range(12):
        for s in random_positions("crimson_keep", 2, 700 + seed, seed):
            for seat in (0, 1):
                walked = _mirror_walk(s, seat)
                assert abilities._opt_mirror(s, seat, -1) == walked
                compared += len(walked) > 1
    assert compared > 500  # keeps with several pairs met often enough to mean something


def _line_walk(seat: int, x: int, dl: int) -> list[int]:
    """A line's cells (CK2 s.1.3) stepped out one by one from x toward the enemy (the definition)."""
    out, k = [], 1
    while 0 <= col(x) + FWD[seat] * k < COLUMNS and 1 <= lvl(x) + dl * k <= LEVELS:
        out.append(cell(col(x) + FWD[seat] * k, lvl(x) + dl * k))
        k += 1
    return out


def test_the_line_table_holds_the_cells_of_each_line() -> None:
    for seat in (0, 1):
        for dl in (-1, 0, 1):
            for x in range(45):
                assert list(LINES[seat][dl + 1][x]) == _line_walk(seat, x, dl)
    assert LINES[0][1][cell(2, 3)] == tuple(cell(c, 3) for c in range(3, 9))  # straight ahead to the far edge


@pytest.mark.parametrize("players", [1, 2])
def test_the_flips_of_a_clan_that_used_nothing_are_those_of_the_flag_walk(players: int) -> None:
    unused = 0
    for seed in range(8):
        for s in random_positions("crimson_keep", players, 900 + seed, seed):
            for seat in (0, 1):
                c = s.clans[seat]
                mine = sorted([*board_numbers(s, seat), *c.caverns])
                walked = [turn.FLIPS[n] for n in mine if c.active[n] or not c.used[n]]  # CK2-R11
                assert turn.flip_options(s, seat) == walked
                if c.used is NONE_USED:
                    assert not any(c.used)
                    unused += bool(walked)
    assert unused > 300  # clans that used nothing this turn met often enough to mean something


def test_the_events_kept_per_combination_are_the_events_their_steps_made() -> None:
    kai, ref = 1, seat_ref
    for seat in (0, 1):
        assert turn.turn_event(seat, 7) == Event("turn", {"seat": seat, "turn": 7}, f"{ref(seat)}'s turn")
        assert turn.turn_event(seat, 7) is turn.turn_event(seat, 7)  # made once, then shared
        stow = Event(
            "place", {"seat": seat, "card": 11, "cell": -1}, f"{ref(seat)} places {name(11)} in the Barracks"
        )
        assert turn._stow_event(seat, 11, -1) == stow
    built = Event("place", {"seat": kai, "card": 4, "cell": 40}, f"Kai builds {name(4)}")
    assert kai_ops._kai_build_event(4, 40) == built
    swapped = Event("replace", {"seat": kai, "card": 5, "old": 4}, f"Kai replaces {name(4)} with {name(5)}")
    assert kai_ops._kai_replace_event(5, 4) == swapped


@pytest.mark.parametrize("players", [1, 2])
def test_no_event_changes_once_reported(players: int) -> None:
    """Events are shared between results (ops.ev): what a step reported must read the same at the game's end."""
    rules = GAMES["crimson_keep"]
    for seed in range(6):
        state, picker = rules.new_game(players, 40 + seed, {}), Rng.from_seed(seed)
        reported: list[tuple[Event, str]] = []
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            state, events = rules.apply_action(state, legal[picker.below(len(legal))])
            reported += [(e, repr(e)) for e in events]
        assert all(repr(e) == seen for e, seen in reported)
        assert len({id(e) for e, _ in reported}) < len(reported)  # some event object reported twice
