"""The online part of the results screen: the whole game kept, and the rematch.

While the results show, the table's connection is read here (the table below is not updated
once covered).  Once the game is over the whole game is asked for (``RemoteMatch.ask_replay``);
when it has come and replayed to the position this seat was shown, it is kept as a save marked
online (``net/record.py``), so Watch again, Show all hands and Statistics work as for a local
game, and the Load list keeps it.

Rematch asks the server (``net/rematch.py``); another player's ask shows as an offer box over
the results ("Ann wants a rematch": Accept or Decline).  A decline or a player gone is told in a
notice and in the results' status line.  When every player has accepted, the server moves this
connection to the new table and it opens here as the old one did; the closers of the old table
(the connection, a host's own server) go over to the new one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pygame

from crimson_table.net import record
from crimson_table.net.client import RemoteMatch
from crimson_table.play.match import Match
from crimson_table.ui.widgets import fonts
from crimson_table.ui.widgets.buttons import dim, draw_panel
from crimson_table.ui.widgets.theme import CRIMSON, INK

if TYPE_CHECKING:
    from crimson_table.ui.app import App
    from crimson_table.ui.tables.remote_feed import RemoteFeed

OFFER_SIZE = (640, 236)
NOTICE_SECONDS = 5.0


def names_text(names: list[str]) -> str:
    """ "Ben", "Ben and Clara", "Ben, Clara and Dan".

    >>> names_text(["Ben", "Clara", "Dan"])
    'Ben, Clara and Dan'
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class OnlineResults:
    """The finished online game's record and its rematch, for one results screen."""

    def __init__(self, app: App, feed: RemoteFeed) -> None:
        self.app = app
        self.feed = feed
        self.match: RemoteMatch = feed.match
        self.kept: Path | None = None  # where the whole game was kept (None: not yet, or the disk refused)
        self.keeping_done = False
        self.asked = False  # this seat asked for (or accepted) the offer that stands
        self.declined = False  # this seat declined the offer that stands (the box closes at once)
        self.offer: dict[str, Any] | None = None  # the server's last word, as last shown
        self.status = ""

    @property
    def is_player(self) -> bool:
        """True at a seat (a spectator neither asks nor answers)."""
        return self.match.seat is not None

    @property
    def record(self) -> Match | None:
        """The whole game, once the server sent it and it replayed here."""
        return self.match.record

    def offered_to_me(self) -> bool:
        """An offer from someone else stands and waits for this seat's answer."""
        offer = self.offer or {}
        waiting = self.match.seat in offer.get("waiting", [])
        return offer.get("state") == "offered" and waiting and not (self.asked or self.declined)

    # -- each frame --------------------------------------------------------------------------------
    def update(self) -> bool:
        """Read the connection; keep the game once it came; follow the rematch.  True when the
        rematch's table opened (the results are gone)."""
        self.feed.update()
        self.match.ask_replay()
        if self.record is not None and not self.keeping_done:
            self.keeping_done = True
            self.kept = record.keep(self.record, self.match.table_id or "", self.match.seat)
        if self.match.rematch_offer is not self.offer:
            self._follow(self.match.rematch_offer)
        successor = self.match.successor
        if successor is not None and successor.ready:
            self._open(successor)
            return True
        return False

    def _follow(self, offer: dict[str, Any] | None) -> None:
        """Tell what the server said of the rematch (an offer, a decline, someone gone)."""
        self.offer = offer
        if offer is None:
            return
        state, name = offer.get("state"), str(offer.get("name", ""))
        if state == "offered":
            self.asked = self.asked or self.match.seat in offer.get("accepted", [])
            waiting = [
                self.feed.table.seat_names[s] for s in offer.get("waiting", []) if s != self.match.seat
            ]
            self.status = f"Waiting for {names_text(waiting)} to accept the rematch." if waiting else ""
            return
        self.asked = self.declined = False
        if state == "refused":  # this seat's ask (the feed has shown the server's notice)
            self.status = str(offer.get("message", ""))
            return
        if offer.get("seat") == self.match.seat:
            self.status = "You declined the rematch."
            return
        self.status = (
            f"{name} declined the rematch."
            if state == "declined"
            else f"{name} has left the table: no rematch."
        )
        self.app.toast(self.status, "info", NOTICE_SECONDS)

    def _open(self, successor: RemoteMatch) -> None:
        """The rematch's table, over a fresh menu; what closing the old table ended, the new one ends."""
        closers, self.feed.closers = self.feed.closers, []
        table = self.app.start_match(cast(Match, successor))
        remote = getattr(table, "remote", None)
        if remote is not None:
            remote.closers.extend(closers)
        self.app.toast("Rematch: the same seats, a new deal.", "info")

    # -- the player's answers ----------------------------------------------------------------------
    def ask(self) -> None:
        """Ask for a rematch, or accept the one offered."""
        if self.is_player and not self.asked:
            if not self.offered_to_me():
                self.status = "Rematch asked: waiting for the others."
            self.asked = True
            self.match.ask_rematch()

    def decline(self) -> None:
        """Decline the rematch another player asked for."""
        if self.offered_to_me():
            self.declined = True
            self.match.answer_rematch(False)

    def line(self) -> str:
        """The status line under the statistics: the rematch, else what became of the game's record."""
        if self.status:
            return self.status
        if self.match.record_problem is not None:
            return f"The whole game could not be kept ({self.match.record_problem})."
        if self.record is None:
            return "Fetching the whole game from the server…"
        if self.kept is None:
            return "The whole game could not be written to your saves folder."
        return "Kept with your saved games: watch it again from Load at any time."


def offer_rect(panel: pygame.Rect) -> pygame.Rect:
    """The offer box: over the lower part of the results panel, where its buttons are."""
    rect = pygame.Rect((0, 0), OFFER_SIZE)
    rect.midbottom = (panel.centerx, panel.bottom - 24)
    return rect


def draw_offer(
    surface: pygame.Surface, rect: pygame.Rect, offer: dict[str, Any], names: tuple[str, ...], me: int | None
) -> None:
    """ "Ann wants a rematch", what it is, and whom else it waits for (its buttons are the scene's)."""
    dim(surface, 90)
    draw_panel(surface, rect)
    fonts.blit_text(
        surface, f"{offer.get('name', '')} wants a rematch", fonts.HEADING, CRIMSON,
        (rect.centerx, rect.y + 26), anchor="midtop", bold=True,
    )  # fmt: skip
    fonts.blit_text(
        surface, "The same game, options and seats, with a new deal.", fonts.BODY, INK,
        (rect.centerx, rect.y + 72), anchor="midtop",
    )  # fmt: skip
    others = [names[s] for s in offer.get("waiting", []) if s < len(names) and s != me]
    line = f"Also waiting for {names_text(others)}" if others else "Everyone else has accepted."
    fonts.blit_text(
        surface, line, fonts.SMALL, INK,
        (rect.centerx, rect.y + 104), anchor="midtop", italic=True,
    )  # fmt: skip
