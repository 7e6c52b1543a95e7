"""Condottiere statistics for the results panel: who held which regions, battles won, counts.

Everything is read from public information only: the control markers of a player's view and the
public events of the match (battle results, cards played, round ends).  Values are fitted to the
results panel's column (label left, value right-aligned within 310 px at 17 px type); a long list
of regions continues on the next row.
"""

from __future__ import annotations

from collections.abc import Callable

from crimson_table.engine.condottiere.view import CondottiereView, condottiere_view
from crimson_table.play.match import Match
from crimson_table.ui.widgets import fonts

COLUMN_PX = 310
TEXT_SIZE = fonts.SMALL + 1
MAX_ROWS = 12


def _width(text: str, bold: bool = False) -> int:
    return fonts.font(TEXT_SIZE, bold=bold).size(text)[0]


def region_rows(label: str, titles: list[str]) -> list[tuple[str, str]]:
    """The regions a seat holds: one row if the names fit beside ``label``, else continuation rows."""
    if not titles:
        return [(label, "no region")]
    rows: list[tuple[str, str]] = []
    current: list[str] = []
    for title in titles:
        room = COLUMN_PX - _width(label if not rows else "") - 16
        if current and _width(", ".join([*current, title]), bold=True) > room:
            rows.append((label if not rows else "", ", ".join(current)))
            current = []
        current.append(title)
    rows.append((label if not rows else "", ", ".join(current)))
    return rows


def public_view(match: Match) -> CondottiereView:
    """A view to read what every seat knows (who holds which region, the round): that of a seat
    played at this screen, the only one an online table knows, else the public view (a spectator's,
    the only one a spectator's table knows)."""
    return condottiere_view(match.view(next(iter(match.local_seats()), None)))


def battles_won(match: Match) -> list[int]:
    """Battles won per seat, from the public battle results."""
    wins = [0] * len(match.seats)
    for event in match.events_for(None, match.events):  # what a spectator may read
        if event.kind == "battle_result" and event.data.get("winner") is not None:
            wins[int(event.data["winner"])] += 1
    return wins


def seat_rows(match: Match, title: Callable[[str], str]) -> list[tuple[str, str]]:
    """One row per seat with the regions it holds; per-seat battles won when there is room."""
    control = public_view(match)["control"]
    rows = []
    for seat, player in enumerate(match.seats):
        held = sorted(title(key) for key, owner in control.items() if owner == seat)
        rows += region_rows(player.name, held)
    wins = battles_won(match)
    if len(rows) + len(match.seats) + 3 <= MAX_ROWS:
        rows += [(f"Battles won by {p.name}", str(wins[i])) for i, p in enumerate(match.seats)]
    elif any(wins):
        best = max(wins)
        leaders = [match.seats[i].name for i, w in enumerate(wins) if w == best]
        rows.append(("Most battles won", f"{' & '.join(leaders)} ({best})"))
    return rows


def match_rows(match: Match) -> list[tuple[str, str]]:
    """Battles fought, ties, rounds and cards played (the panel keeps the first twelve rows)."""
    public = match.events_for(None, match.events)  # what a spectator may read
    results = [e for e in public if e.kind == "battle_result"]
    ties = sum(1 for e in results if e.data.get("winner") is None)
    played = sum(1 for e in public if e.kind == "play_card")
    rounds = int(public_view(match)["round"])
    return [
        ("Battles fought", str(len(results))),
        ("Battles tied", str(ties)),
        ("Rounds played", str(rounds)),
        ("Cards played", str(played)),
    ]
