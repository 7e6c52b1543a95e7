"""The Crimson Keep table as shown: the main board and the clan boards, advanced event by event.

Plain data, no pygame.  ``board`` holds the 45 grid spaces (``seat * 100 + number`` or 0),
``barracks``/``caverns``/``slots`` the clan board areas, ``hand`` the viewer's hand and
``hand_count`` both hand sizes.  ``view`` keeps the player_view the model was built from: tracks,
tokens, runes and the summon board are drawn from it and change when the table resyncs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_keep.board import board as main_board
from crimson_table.engine.crimson_keep.view import CrimsonKeepView
from crimson_table.ui.tables.shown import EventTable, apply_events

BARRACKS, CAVERNS = -1, -2


@dataclass
class CrimsonKeepShown:
    """What the Crimson Keep table displays for ``viewer``."""

    viewer: int
    board: list[int]
    active: list[list[bool]]
    barracks: list[list[int]]
    caverns: list[list[int]]
    slots: list[list[int]]
    hand: list[int]
    hand_count: list[int]
    view: CrimsonKeepView  # the view it was built from (the painter reads it while moves are shown)
    dragon: int = -1  # the Dragon Clan's seat
    duel: dict[str, Any] | None = None  # display only: the battle shown in the duel panel
    blind: bool = False  # a spectator: the viewer seat's hand is a count too, drawn face down
    open_hand: list[int] | None = None  # all hands open: the other clan's hand, drawn face up

    def knows(self, seat: int) -> bool:
        """True for the viewer's own hand, held as cards (a spectator's viewer seat: a count)."""
        return seat == self.viewer and not self.blind

    @classmethod
    def from_view(cls, view: CrimsonKeepView, seat: int) -> CrimsonKeepShown:
        """The table exactly as ``view`` (``seat``'s player_view) describes it."""
        clans = view["clans"]
        own = clans[seat]["hand"]
        other = clans[1 - seat]["hand"] if view["seat"] is None else None  # all hands open: a list
        return cls(
            viewer=seat,
            board=list(view["board"]),
            active=[list(c["active"]) for c in clans],
            barracks=[list(c["barracks"]) for c in clans],
            caverns=[list(c["caverns"]) for c in clans],
            slots=[list(c["slots"]) for c in clans],
            hand=list(own) if isinstance(own, list) else [],
            hand_count=[len(c["hand"]) if isinstance(c["hand"], list) else int(c["hand"]) for c in clans],
            dragon=int(view.get("dragon", -1)),
            duel=_duel_of(view),
            view=view.copy(),
            blind=not isinstance(own, list),
            open_hand=list(other) if isinstance(other, list) else None,
        )

    def apply(self, events: Sequence[Event]) -> None:
        """Advance by these (redacted) events, in order."""
        apply_events(self, _APPLY, events)

    def mirror(self) -> dict[str, Any]:
        """The board and clan-board areas (they mirror the view)."""
        return {
            "board": list(self.board),
            "barracks": [list(b) for b in self.barracks],
            "caverns": [list(c) for c in self.caverns],
            "slots": [list(s) for s in self.slots],
        }

    # -- queries the painter uses ----------------------------------------------------------------------
    def where(self, seat: int, card: int) -> int | None:
        """The grid cell of ``seat``'s ``card`` (BARRACKS / CAVERNS for those areas), or None."""
        ref = seat * 100 + card
        if ref in self.board:
            return self.board.index(ref)
        if card in self.barracks[seat]:
            return BARRACKS
        if card in self.caverns[seat]:
            return CAVERNS
        return None

    def is_active(self, seat: int, card: int) -> bool:
        """True if the card shows its ACTIVE side."""
        return bool(self.active[seat][card])

    # -- leaving and arriving ------------------------------------------------------------------------
    def take_off(self, seat: int, card: int) -> int | None:
        """Remove ``seat``'s ``card`` from wherever it is on the table; returns where it was."""
        where = self.where(seat, card)
        if where is None:
            return None
        if where >= 0:
            self.board[where] = 0
        elif where == BARRACKS:
            self.barracks[seat].remove(card)
        else:
            self.caverns[seat].remove(card)
        return where

    def from_hand(self, seat: int, card: int) -> None:
        """``card`` leaves ``seat``'s hand (or Summoning slots)."""
        if card in self.slots[seat]:
            self.slots[seat].remove(card)
            return
        if self.knows(seat) and card in self.hand:
            self.hand.remove(card)
        self.hand_count[seat] = max(0, self.hand_count[seat] - 1)

    def put(self, seat: int, card: int, where: int) -> None:
        """Put ``card`` at a cell, or into the Barracks / Caverns."""
        if where >= 0:
            self.board[where] = seat * 100 + card
        elif where == BARRACKS:
            self.barracks[seat].append(card)
        else:
            self.caverns[seat].append(card)


def _duel_of(view: CrimsonKeepView) -> dict[str, Any] | None:
    """The battle under way in the view (its decision context), for the duel panel."""
    for ctx in [view.get("ctx", {})] + [r.get("ctx", {}) for r in view.get("resume", [])]:
        if isinstance(ctx, Mapping) and all(k in ctx for k in ("att", "a", "d")):
            return {k: ctx[k] for k in ("att", "a", "d", "tac", "tok", "dice") if k in ctx}
    return None


def _seat(event: Event) -> int:
    return int(event.data.get("seat", 0))


def _place(m: CrimsonKeepShown, e: Event) -> None:
    seat, card, cell = _seat(e), int(e.data["card"]), int(e.data["cell"])
    m.from_hand(seat, card)
    m.put(seat, card, cell)
    m.active[seat][card] = bool(e.data.get("active", False))


def _replace(m: CrimsonKeepShown, e: Event) -> None:
    seat, card, old = _seat(e), int(e.data["card"]), int(e.data["old"])
    for area in (m.barracks[seat], m.caverns[seat]):
        if old in area:  # replaced in place, keeping the area's order
            m.from_hand(seat, card)
            area[area.index(old)] = card
            m.active[seat][card] = m.active[seat][old] = False
            return
    where = m.take_off(seat, old)
    if where is not None and where >= 0 and card in m.barracks[seat]:  # from the Barracks to the gate
        m.barracks[seat].remove(card)
        m.board[main_board().cell(*main_board().gates[seat])] = seat * 100 + card
        m.active[seat][card] = m.active[seat][old] = False
        return
    m.from_hand(seat, card)
    if where is not None:
        if where in (BARRACKS, CAVERNS):
            m.put(seat, card, where)
        else:
            m.board[where] = seat * 100 + card
    m.active[seat][card] = False
    m.active[seat][old] = False


def _deploy(m: CrimsonKeepShown, e: Event) -> None:
    seat, card = _seat(e), int(e.data["card"])
    m.take_off(seat, card)
    gate = main_board().gates[seat]
    m.board[main_board().cell(*gate)] = seat * 100 + card


def _move(m: CrimsonKeepShown, e: Event) -> None:
    seat, card = _seat(e), int(e.data["card"])
    m.take_off(seat, card)
    m.board[int(e.data["to"])] = seat * 100 + card


def _push(m: CrimsonKeepShown, e: Event) -> None:
    seat, card = _seat(e), int(e.data["card"])
    m.take_off(seat, card)
    m.board[int(e.data["to"])] = seat * 100 + card


def _remove(m: CrimsonKeepShown, e: Event) -> None:
    seat, card = _seat(e), int(e.data["card"])
    m.take_off(seat, card)
    m.active[seat][card] = False


def _collapse(m: CrimsonKeepShown, e: Event) -> None:
    seat = _seat(e)
    for card in e.data["cards"]:
        m.take_off(seat, int(card))
        m.active[seat][int(card)] = False


def _ruin(m: CrimsonKeepShown, e: Event) -> None:
    seat, k = _seat(e), int(e.data["column"])
    b = main_board()
    column = b.keep_columns[seat]["ABC"[k]]
    for level in range(1, b.levels + 1):
        cell = b.cell(column, level)
        if m.board[cell] and m.board[cell] // 100 == seat:
            m.board[cell] = 0


def _swap(m: CrimsonKeepShown, e: Event) -> None:
    seat = _seat(e)
    a, b = (int(c) for c in e.data["cards"])
    wa, wb = m.where(seat, a), m.where(seat, b)
    if wa is not None and wb is not None and wa >= 0 and wb >= 0:
        m.board[wa], m.board[wb] = m.board[wb], m.board[wa]


def _flip(m: CrimsonKeepShown, e: Event) -> None:
    m.active[_seat(e)][int(e.data["card"])] = bool(e.data.get("active", True))


def _draw(m: CrimsonKeepShown, e: Event) -> None:
    seat = _seat(e)
    cards = e.data.get("cards")
    if isinstance(cards, list):
        if m.knows(seat):
            m.hand.extend(int(c) for c in cards)
        m.hand_count[seat] += len(cards)
    else:
        m.hand_count[seat] += int(e.data.get("count", 0))


def _summon(m: CrimsonKeepShown, e: Event) -> None:
    m.dragon = _seat(e)


_APPLY: EventTable[CrimsonKeepShown] = {
    "place": _place,
    "replace": _replace,
    "deploy": _deploy,
    "move": _move,
    "push": _push,
    "remove": _remove,
    "collapse": _collapse,
    "ruin": _ruin,
    "swap": _swap,
    "flip": _flip,
    "draw": _draw,
    "summon": _summon,
}
