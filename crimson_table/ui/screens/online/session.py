"""An online table as this screen holds it: the RemoteMatch, and the server when this app hosts.

The table's scene owns the session once the game starts (its RemoteFeed closes it when the
table closes): leaving the table closes the connection, and a host's leaving stops the server and
withdraws the table's announcement on the network (``net/lan.py``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import pygame

from crimson_table.net import lan
from crimson_table.net.client import RemoteMatch
from crimson_table.net.hosting import HostedServer
from crimson_table.play.match import Match

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.scene import Scene

log = logging.getLogger(__name__)


@dataclass
class OnlineSession:
    """One screen's seat at an online table (``server``: the host's own, else None)."""

    match: RemoteMatch
    server: HostedServer | None = None
    address: str = ""  # what friends type to reach the server (host:port)
    announcer: lan.LanAnnouncer | None = None  # the host's table announced on the network

    @property
    def hosting(self) -> bool:
        """True when this screen created the table."""
        return self.server is not None

    def announce(self) -> None:
        """Keep the table's announcement on the network as the lobby stands (open seats, spectators);
        returns at once (the announcer talks to the network on its own thread)."""
        if self.announcer is None:
            return
        table = lan.announcement(self.match.lobby, self.address)
        if table is not None:
            self.announcer.publish(table)

    def close(self) -> None:
        """Leave the table: close the connection, and stop the server and withdraw the table's
        announcement if this screen runs it."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.match.close()
        if self.server is not None:
            self.server.stop()
            self.server = None


def open_table(app: App, session: OnlineSession) -> Scene:
    """The game's own table for this seat, over a fresh main menu; the table then owns the session."""
    # The table holds a Match: RemoteMatch offers the part of Match that tables use (net/client.py).
    table = app.start_match(cast(Match, session.match))
    remote = getattr(table, "remote", None)
    if remote is not None:
        remote.closers.append(session.close)
    return table


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard; False where there is none (the text stays selectable)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError) as exc:  # no clipboard (headless, some Wayland setups)
        log.info("no clipboard: %s", exc)
        return False
