"""A rematch at a finished online table, and the frames that tell every seat how it goes.

Any person seated at a finished table may ask for a rematch; the ask is that seat's own accept.
The server then tells every connection (``rematch``, state ``offered``: who asked, who has accepted,
whom it waits for).  Each other person answers; once every person's seat has accepted, the server
opens a new table with the same game, options and seats (computer seats at their level, a fresh
seed drawn by the server), started at once, and moves every connection there: each seat is sent
``rematched`` with its own new seat token only, then the new table as after a ``join``.  A decline,
or a person leaving while the offer stands, ends the offer (state ``declined`` or ``gone``, naming
who), and the others are told; someone may ask again, up to :data:`MAX_ASKS` times a table.

The server keeps the offer in memory only: a server restarted meanwhile has none (ask again).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crimson_table.engine.core import JSON

if TYPE_CHECKING:
    from crimson_table.net.server import Table

MAX_ASKS = 3  # offers one finished table may see (a declined one counts): no endless asking


@dataclass
class RematchOffer:
    """A rematch asked for at one table: the seat that asked and every person's seat that accepted."""

    by: int
    accepted: set[int] = field(default_factory=set)


def people(table: Table) -> list[int]:
    """The seats people sit at (the computer seats need not answer)."""
    return [i for i, seat in enumerate(table.seats) if seat.kind != "bot"]


def absent(table: Table) -> list[int]:
    """People's seats with nobody connected at them now."""
    return [i for i in people(table) if table.holder(i) is None]


def waiting_for(table: Table, offer: RematchOffer) -> list[int]:
    """The people whose answer the offer still waits for."""
    return [i for i in people(table) if i not in offer.accepted]


def offered(table: Table, offer: RematchOffer) -> dict[str, JSON]:
    """The frame every connection gets while an offer stands (public: names and seats only)."""
    return {
        "type": "rematch",
        "table": table.id,
        "state": "offered",
        "by": offer.by,
        "name": table.match.seats[offer.by].name,
        "accepted": sorted(offer.accepted),
        "waiting": waiting_for(table, offer),
    }


def ended(table: Table, state: str, seat: int) -> dict[str, JSON]:
    """The frame that ends an offer: ``declined`` by ``seat``, or ``gone`` (``seat`` left the table)."""
    return {
        "type": "rematch",
        "table": table.id,
        "state": state,
        "seat": seat,
        "name": table.match.seats[seat].name,
    }


def seat_specs(table: Table) -> list[dict[str, str]]:
    """The seats of the finished table as a ``create`` request lists them: the same people at the
    same places (the host's seat stays the host's), each computer seat at its level."""
    return [
        {"kind": record.kind, "name": table.match.seats[index].name, "level": record.level}
        for index, record in enumerate(table.seats)
    ]
