"""The card backs and table cloths a chronicle unlocks: only what the art code can draw.

A card back is a field colour and a crest the card-back painter already knows
(``ui/art/_card_parts.back``: any emblem of ``ui/art/emblems.py``); a table cloth is the felt
in another colour, or the walnut boards.  They apply to the campaign's own matches: card backs
on every face-down card drawn with the game's default back (Crusader Kingdoms keeps its two
rulebook decks), cloths on the four felt tables (Crimson Keep keeps its walnut).  An unlock in
the map is written ``back:<key>`` or ``table:<key>``.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """One unlockable look."""

    kind: str  # "back" or "table"
    key: str
    label: str
    colour: Colour  # the back's field, or the cloth's centre colour
    crest: str = ""  # a back's crest emblem
    walnut: bool = False  # a table of walnut boards instead of felt


LOOKS: dict[str, Look] = {
    f"{look.kind}:{look.key}": look
    for look in (
        Look("back", "ember", "Ember Crown", (0x6E, 0x12, 0x22), "crown"),
        Look("back", "wyrm", "Wyrm Seal", (0x1E, 0x3E, 0x2A), "dragon"),
        Look("back", "griffin", "Griffin Ward", (0x1C, 0x2E, 0x5A), "griffin"),
        Look("table", "crimson", "Crimson baize", (0x5E, 0x1A, 0x24)),
        Look("table", "midnight", "Midnight baize", (0x1A, 0x2A, 0x4A)),
        Look("table", "walnut", "Walnut boards", (0x2B, 0x1D, 0x14), walnut=True),
    )
}

KINDS = ("back", "table")


def looks_of(kind: str, unlocked: list[str]) -> list[Look]:
    """The unlocked looks of one kind, in catalogue order."""
    return [look for token, look in LOOKS.items() if look.kind == kind and token in unlocked]


def describe(token: str) -> str:
    """ "Card back: Ember Crown" for ``back:ember``."""
    look = LOOKS[token]
    return f"{'Card back' if look.kind == 'back' else 'Table'}: {look.label}"
