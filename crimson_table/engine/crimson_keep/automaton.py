"""Kai, the solo opponent (CK2-R72..R95) — not written yet."""

from __future__ import annotations

from crimson_table.engine.core import Event
from crimson_table.engine.crimson_keep.state import CKState


def kai_keep(s: CKState, drawn: list[int], keep: int) -> None:
    """CK2-R82: keep by MODE."""
    c = s.clans[1]
    ordered = sorted(drawn, reverse=s.mode == "H")
    c.hand += ordered[:keep]
    c.discard += ordered[keep:]


def kai_turn(s: CKState, events: list[Event]) -> None:
    """CK2-R74."""
    raise NotImplementedError("Kai is not implemented yet")


def kai_resume(s: CKState, events: list[Event]) -> None:
    """Continue Kai's turn after a decision of the player."""
    raise NotImplementedError("Kai is not implemented yet")
