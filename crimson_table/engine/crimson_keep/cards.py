"""Crimson Keep data tables: the 37 numbered clan cards, tactics, keep defence, solo deck (CK2 s.4-5)."""

from __future__ import annotations

from dataclasses import dataclass

BUILDING, COMBAT, CAVERN = "building", "combat", "cavern"

# rune symbols (CK2 s.3.1)
RUNES = ("EMB", "FAN", "ECL", "SER", "CRO", "SHA")
RUNE_NAMES = {
    "EMB": "Ember",
    "FAN": "Fang",
    "ECL": "Eclipse",
    "SER": "Serpent",
    "CRO": "Crown",
    "SHA": "Shard",
}


@dataclass(frozen=True)
class Card:
    """One numbered clan card (CK2 section 5)."""

    number: int
    name: str
    set: str
    attack_icon: bool
    defence_icon: bool
    defence_dice: int = 1
    rune: str = ""
    arch: bool = False
    stair: bool = False
    summoning: bool = False


def _b(n: int, name: str, a: bool, d: bool, dice: int = 1, **kw: object) -> Card:
    return Card(n, name, BUILDING, a, d, dice, **kw)  # type: ignore[arg-type]


CLAN_LEADER, DRAGON_CRYSTAL, SORCERESS = 30, 31, 37
SUMMONING = (CLAN_LEADER, DRAGON_CRYSTAL, SORCERESS)
MINOX, LAVA_WYRM, SCORCH_KNIGHTS, FIRE_FALCON, WINGED_TYVERN = 7, 8, 9, 10, 11
FOOD_CELLAR, FIRE_STALLIONS, BLACKSMITH, BLACK_ARMOURY, KRAGARS = 12, 13, 14, 15, 16
MORGULTH_TROLL, DRAGON_RAM, FIRE_WRAITH, DRAGON_CANNON, DRAGUSA = 17, 18, 19, 20, 21
GREAT_HALL, BLACK_MIRROR, WARLOCK, BLACK_GATE = 28, 29, 35, 36
FIRELANCERS = (32, 33, 34)
CAVERN_CARDS = (12, 13, 14, 15, 16)

_TABLE: tuple[Card, ...] = (
    *(
        _b(1 + i, f"Crimson Arch ({RUNE_NAMES[r]})", False, True, rune=r, arch=True)
        for i, r in enumerate(RUNES)
    ),
    Card(7, "Minox", COMBAT, True, True),
    Card(8, "Lava Wyrm", COMBAT, True, False),
    Card(9, "Scorch Knights", COMBAT, True, False),
    Card(10, "Fire Falcon", COMBAT, True, False),
    Card(11, "Winged Tyvern", COMBAT, True, True),
    Card(12, "Food Cellar", CAVERN, False, False, 0),
    Card(13, "Fire Stallions", CAVERN, False, False, 0),
    Card(14, "Blacksmith", CAVERN, False, False, 0),
    Card(15, "Black Armoury", CAVERN, False, False, 0),
    Card(16, "Kragars", CAVERN, False, False, 0),
    Card(17, "Morgulth Troll", COMBAT, True, True),
    Card(18, "Dragon Ram", COMBAT, True, False),
    Card(19, "Fire Wraith", COMBAT, False, True),
    Card(20, "Dragon Cannon", COMBAT, True, False),
    Card(21, "Dragusa", COMBAT, True, True),
    *(
        _b(22 + i, f"Obsidian Stair ({RUNE_NAMES[r]})", True, False, rune=r, stair=True)
        for i, r in enumerate(RUNES)
    ),
    _b(28, "Great Hall", False, True),
    _b(29, "Black Mirror", False, True),
    _b(30, "Clan Leader", True, True, 2, summoning=True),
    _b(31, "Dragon Crystal", False, True, 2, summoning=True),
    _b(32, "Firelancer I", True, False),
    _b(33, "Firelancer II", True, False),
    _b(34, "Firelancer III", True, False),
    _b(35, "Warlock", True, False),
    _b(36, "Black Gate", False, True, 2),
    _b(37, "Sorceress", True, True, 2, summoning=True),
)
CARDS: dict[int, Card] = {c.number: c for c in _TABLE}
NUMBERS = tuple(range(1, 38))


def card(n: int) -> Card:
    """The card with number ``n`` (1..37)."""
    return CARDS[n]


NAMES = tuple(CARDS[n].name if n in CARDS else "" for n in range(38))  # by card number (0 unused)


def name(n: int) -> str:
    """A card's display name."""
    return CARDS[n].name


def keep_value(n: int, active: bool) -> int:
    """Final Battle column value (CK2-R38): 0/2, Summoning 3/4."""
    if CARDS[n].summoning:
        return 4 if active else 3
    return 2 if active else 0


def pairs(a: int, b: int) -> bool:
    """An Arch and a Stair with the same rune (CK2-R30)."""
    ca, cb = CARDS[a], CARDS[b]
    return bool(ca.rune) and ca.rune == cb.rune and ca.arch != cb.arch


# Battle Tactics (CK2 s.4.1)
TACTICS = {1: "Reserve Troops", 2: "Hidden Weapon", 3: "Shield Wall", 4: "Second Wind", 5: "Ancestral Banner"}
# Keep Defence (CK2 s.4.2): (name, orientation A, orientation B)
KEEP_DEFENCE = {
    1: ("Crimsidian Ramparts", "Fortify", "Buttress"),
    2: ("Harpoon Volley", "Pierce the Wing", "Barbed Net"),
    3: ("Ancestral Ward", "Turn the Flame", "Deep Foundations"),
}
SOLO_DECK = {
    1: "Spectral Charge", 2: "Crimson Rising", 3: "Stone upon Stone", 4: "Lances of Ash",
    5: "Siege of the Dead", 6: "Whispers of Kai", 7: "The Gate Opens", 8: "Talons and Horns",
    9: "Restless Spirit", 10: "Council of Ghosts",
}  # fmt: skip

# Summon Board (CK2 s.3.2): objective ids in column order B, C, A, K
OBJECTIVES = ("B1", "B2", "B3", "C1", "C2", "C3", "A1", "A2", "A3", "K1", "K2", "K3")
OBJECTIVE_NAMES = {
    "B1": "Rising Stone", "B2": "Three Towers", "B3": "Crimson Spire", "C1": "Blooded", "C2": "Breach",
    "C3": "Collapse", "A1": "Alignment", "A2": "Alignment", "A3": "Alignment", "K1": "Cavern Dwellers",
    "K2": "Full Muster", "K3": "Crimson Trinity",
}  # fmt: skip
COMBAT_BONUS = {"C1": 2, "C2": 2, "C3": 3}
RUNIC_OBJECTIVES = (("EMB", "ECL", "CRO"), ("FAN", "SER", "SHA"))  # seat 0 Left, seat 1 Right
SUMMON_MAX = 30
DRAGON_START = (9, 15, 21)
DRAGON_NAMES = ("Weak", "Strong", "Mighty")
TILE_SETS = {"quickest": (2, 2, 2, 2), "short": (1, 2, 2, 2), "regular": (1, 1, 2, 2),
             "long": (1, 1, 1, 2), "epic": (1, 1, 1, 1)}  # fmt: skip
# Action Tracks (CK2 s.2): index, name, final space
TRACK_NAMES = ("Build", "Craft", "Power", "March")
TRACK_FINAL = (4, 4, 5, 4)
BUILD, CRAFT, POWER, MARCH = 0, 1, 2, 3
FREE_NAMES = ("Move Weak", "Move Strong", "Move Mighty", "War Chest")
