"""Tables on the local network: a host's app announces its open table, a joiner's app lists them.

Announcing and browsing use multicast DNS (zeroconf), an optional extra (``pip install
".[lan]"`` in a checkout, or ``pip install zeroconf``): without it the app works as before and the Join screen says how to turn
LAN discovery on (:func:`missing`).  zeroconf is imported only when a browser or an announcer
starts, never with this module.

A table is one service of type :data:`SERVICE_TYPE`; its TXT record (:func:`encode_txt`,
:func:`decode_txt`) says what a passer-by may know before asking the server anything: the game,
the host's name, the table's id, how many seats are open, whether spectators may watch, and the
protocol version.  It holds no code or token: a seat still needs its invite code.

zeroconf answers on threads of its own and registering takes more than a second, so neither
side ever calls it from the caller's thread: :class:`LanAnnouncer` and :class:`LanBrowser` each
run one worker thread that does the talking, and their methods return at once.  The browser
keeps what it found in a :class:`LanListing` (a lock, a version number that grows with each
change, and a callback: the app's thread-safe wake), which the Join screen reads once a frame.
"""

from __future__ import annotations

import logging
import queue
import socket
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from crimson_table.net.protocol import MAX_ID, MAX_NAME, MAX_SEATS, PROTOCOL_VERSION

log = logging.getLogger(__name__)

SERVICE_TYPE = "_crimsontable._tcp.local."
EXTRA_HINT = (  # the frozen app bundles zeroconf: a pip command means nothing to its player
    "LAN discovery is not part of this build"
    if getattr(sys, "frozen", False)
    else "LAN discovery is off: it needs zeroconf (pip install zeroconf, the lan extra)"
)
RESOLVE_MS = 3000  # how long the browser waits for a found table's address and TXT record
MAX_LISTED = 50  # tables kept in a listing, however many a (hostile) network announces
MAX_GAME_ID = 40


@dataclass(frozen=True)
class LanTable:
    """One table announced on the network, as the Join screen lists it."""

    service: str  # the zeroconf service name (unique on the network)
    host: str  # the host's name
    game: str  # the game id
    table: str  # the table id (``watch`` takes it; a seat still needs its code)
    address: str  # host:port, as the Join form takes it
    open_seats: int
    spectators: bool
    protocol: int = PROTOCOL_VERSION

    @property
    def compatible(self) -> bool:
        """True when this app speaks the table's protocol."""
        return self.protocol == PROTOCOL_VERSION


def missing() -> bool:
    """True when zeroconf (the ``lan`` extra) cannot be imported: no LAN discovery then."""
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return True
    return False


def service_name(table_id: str) -> str:
    """The service name a table is announced under (its id keeps it unique)."""
    return f"Crimson Table {table_id}.{SERVICE_TYPE}"


# -- the TXT record ---------------------------------------------------------------------------------
def encode_txt(table: LanTable) -> dict[str, str]:
    """The TXT record of an announced table (short keys: a record stays well under 400 bytes).

    >>> encode_txt(LanTable("s", "Anna", "two_crowns", "t1", "10.0.0.2:8765", 1, True))
    {'v': '1', 'game': 'two_crowns', 'host': 'Anna', 'table': 't1', 'open': '1', 'watch': '1'}
    """
    return {
        "v": str(table.protocol),
        "game": table.game,
        "host": table.host,
        "table": table.table,
        "open": str(table.open_seats),
        "watch": "1" if table.spectators else "0",
    }


def decode_txt(service: str, address: str, properties: Mapping[Any, Any]) -> LanTable | None:
    """The table a TXT record announces, or None for a record that is not a well-formed table's
    (anyone on the network may announce anything: every field is checked and bounded).

    >>> decode_txt("s", "10.0.0.2:8765", {b"v": b"1", b"game": b"condottiere", b"host": b"Ben",
    ...     b"table": b"t1", b"open": b"2", b"watch": b"0"}).open_seats
    2
    >>> decode_txt("s", "10.0.0.2:8765", {b"game": b"condottiere"}) is None
    True
    """
    fields = {_text(k): _text(v) for k, v in list(properties.items())[:32]}
    try:
        version, open_seats = int(fields["v"]), int(fields["open"])
        game, host, table = fields["game"], fields["host"], fields["table"]
    except (KeyError, ValueError, TypeError):
        return None
    if not (0 <= open_seats <= MAX_SEATS and 0 < len(table) <= MAX_ID and 0 < len(game) <= MAX_GAME_ID):
        return None
    if not 0 < len(host) <= MAX_NAME or not host.isprintable():
        return None
    return LanTable(service, host, game, table, address, open_seats, fields.get("watch") == "1", version)


def _text(value: Any) -> str:
    """A TXT key or value as text (zeroconf gives bytes, or None for a key without a value)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def announcement(lobby: Mapping[str, Any], address: str) -> LanTable | None:
    """What the host's app announces of its table at ``address`` (host:port), from the server's last
    lobby message (None until the table has answered)."""
    table, game, seats = lobby.get("table"), lobby.get("game"), lobby.get("seats")
    if not isinstance(table, str) or not isinstance(game, str) or not isinstance(seats, list):
        return None
    host = next((str(s["name"]) for s in seats if s.get("kind") == "host"), "Host")
    open_seats = sum(1 for s in seats if s.get("kind") == "open")
    return LanTable(
        service_name(table),
        host,
        game,
        table,
        address,
        open_seats,
        bool(lobby.get("spectators")),
    )


# -- what the browser found -------------------------------------------------------------------------
class LanListing:
    """The tables found so far, shared between zeroconf's threads and the frame loop."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, LanTable] = {}
        self.version = 0  # grows with each change: a screen rebuilds its list when it moved
        self.on_change = on_change

    def put(self, table: LanTable) -> None:
        """A table found (or its record changed); tables of another protocol version are left out."""
        with self._lock:
            if not table.compatible or self._tables.get(table.service) == table:
                return
            if table.service not in self._tables and len(self._tables) >= MAX_LISTED:
                return
            self._tables[table.service] = table
            self.version += 1
        self._changed()

    def remove(self, service: str) -> None:
        """A table went away (its host closed it)."""
        with self._lock:
            if self._tables.pop(service, None) is None:
                return
            self.version += 1
        self._changed()

    def tables(self) -> list[LanTable]:
        """The tables found, by host name then address (a stable order for the screen)."""
        with self._lock:
            found = list(self._tables.values())
        return sorted(found, key=lambda t: (t.host.casefold(), t.address, t.table))

    def _changed(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # noqa: BLE001 - a caller's wake-up never stops the browser
                log.exception("the LAN listing's callback failed")


# -- zeroconf's side --------------------------------------------------------------------------------
def _zeroconf(interfaces: list[str] | None) -> Any:
    """A zeroconf instance (IPv4) on ``interfaces`` (None: every interface)."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    return Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)


class _Worker:
    """One daemon thread working through a queue of jobs; :meth:`close` returns at once."""

    def __init__(self, name: str) -> None:
        self.error: str | None = None
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def _start(self) -> None:
        self._thread.start()

    def _do(self, job: Callable[[], None]) -> None:
        self._jobs.put(job)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - zeroconf's failures (no network) end LAN discovery only
                log.warning("LAN discovery: %s", exc)
                self.error = str(exc) or type(exc).__name__
        self._finish()

    def _finish(self) -> None:
        """Release zeroconf (on the worker thread, after every job)."""

    def close(self) -> None:
        """Stop (the worker finishes its jobs and releases zeroconf by itself; never blocks)."""
        self._jobs.put(None)

    def join(self, timeout: float) -> bool:
        """Wait until the worker has finished (tests); True if it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


class LanAnnouncer(_Worker):
    """Announces one table on the network, keeps its TXT record current, and withdraws it on close."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        super().__init__("crimson-table-lan-announce")
        self._interfaces = interfaces
        self._zc: Any = None
        self._info: Any = None
        self._wanted: LanTable | None = None  # the caller's side: the last table asked for
        self._start()

    def publish(self, table: LanTable) -> None:
        """Announce ``table``, or update its record if it changed (call as often as you like)."""
        if table == self._wanted:
            return
        self._wanted = table
        self._do(lambda: self._publish(table))

    def _publish(self, table: LanTable) -> None:
        from zeroconf import ServiceInfo

        if self._zc is None:
            self._zc = _zeroconf(self._interfaces)
        host, _sep, port = table.address.rpartition(":")
        info = ServiceInfo(
            SERVICE_TYPE,
            table.service,
            addresses=[socket.inet_aton(host)],
            port=int(port),
            properties=encode_txt(table),
            server=f"crimson-table-{table.table.lower()}.local.",
        )
        if self._info is None:
            self._zc.register_service(info, allow_name_change=True)
        else:
            info.name = self._info.name  # zeroconf may have renamed it on a clash when registering
            self._zc.update_service(info)
        self._info = info

    def _finish(self) -> None:
        if self._zc is None:
            return
        try:
            if self._info is not None:
                self._zc.unregister_service(self._info)
        finally:
            self._zc.close()


class LanBrowser(_Worker):
    """Looks for tables on the network and keeps them in :attr:`listing` (live, from zeroconf's thread)."""

    def __init__(
        self, on_change: Callable[[], None] | None = None, interfaces: list[str] | None = None
    ) -> None:
        super().__init__("crimson-table-lan-browse")
        self.listing = LanListing(on_change)
        self._interfaces = interfaces
        self._zc: Any = None
        self._browser: Any = None
        self._do(self._browse)
        self._start()

    def _browse(self) -> None:
        from zeroconf import ServiceBrowser

        self._zc = _zeroconf(self._interfaces)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_change])

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's thread: a service came, changed or went (resolved on the worker, never here)."""
        if state_change.name == "Removed":
            self.listing.remove(name)
        else:
            self._do(lambda: self._resolve(service_type, name))

    def _resolve(self, service_type: str, name: str) -> None:
        from zeroconf import ServiceInfo

        info = ServiceInfo(service_type, name)
        if not info.request(self._zc, RESOLVE_MS):
            return
        addresses = info.parsed_addresses()
        if not addresses or info.port is None:
            return
        table = decode_txt(name, f"{addresses[0]}:{info.port}", info.properties or {})
        if table is not None:
            self.listing.put(table)

    def _finish(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
        if self._zc is not None:
            self._zc.close()
