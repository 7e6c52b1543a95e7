"""Invite codes: what a host hands a friend to take a seat, in one piece of text.

A friend's seat opens with its seat token (``join``); an open seat with the table's invitation
(``claim``, with the name the newcomer types).  A code carries the table id and that secret, kept
apart by a mark neither ever holds (both are URL-safe base64: letters, digits, ``-`` and ``_``):
``<table>.<token>`` for a seat, ``<table>+<invitation>`` for the open seats.  The server's
address travels beside the code (it is the same for every seat).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SEAT_MARK, OPEN_MARK = ".", "+"
_CODE = re.compile(r"^([A-Za-z0-9_-]{1,64})([.+])([A-Za-z0-9_-]{1,64})$")
_TABLE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_ADDRESS = re.compile(r"^(?:(wss?)://)?([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})/?$")


@dataclass(frozen=True)
class Invite:
    """A parsed code: the table, the secret, and whether it opens a named seat or an open one."""

    table: str
    secret: str
    open_seat: bool


def seat_code(table: str, token: str) -> str:
    """The code that takes one named seat (its seat token)."""
    return f"{table}{SEAT_MARK}{token}"


def open_code(table: str, invitation: str) -> str:
    """The code that claims any open seat of the table."""
    return f"{table}{OPEN_MARK}{invitation}"


def parse_code(text: str) -> Invite | None:
    """The invite in ``text`` (spaces around it ignored), or None if it is no code."""
    found = _CODE.match(text.strip())
    if found is None:
        return None
    table, mark, secret = found.groups()
    return Invite(table, secret, open_seat=mark == OPEN_MARK)


def parse_table(text: str) -> str | None:
    """The table a spectator asks to watch: a table id, or the table part of any of its codes (the
    secret is not needed to watch, and is not sent).

    >>> parse_table(" Tb1x+secret "), parse_table("Tb1x"), parse_table("no table")
    ('Tb1x', 'Tb1x', None)
    """
    invite = parse_code(text)
    if invite is not None:
        return invite.table
    found = _TABLE.match(text.strip())
    return found.group(0) if found else None


def server_url(address: str) -> str | None:
    """``host:port`` (or a ``ws://`` / ``wss://`` URL) as the URL a client connects to, or None."""
    found = _ADDRESS.match(address.strip())
    if found is None or not 0 < int(found.group(3)) < 65536:
        return None
    scheme, host, port = found.groups()
    return f"{scheme or 'ws'}://{host}:{int(port)}"
