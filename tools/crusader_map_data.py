"""The data of both Crusader Kingdoms boards (supplement sections 4.1 and 4.2).

Read by ``make_crusader_maps.py``.  Each region row: key, display name, RDV, coastal flag,
supplement position (x, y normalized: 0 = west / north, 1 = east / south) and neighbours;
the 1-2 player board adds the Region Number and the Victory Points.  ``SITES`` moves a
region's drawing site where the supplement's position would make the drawn borders cross
(the supplement's K4 of Acre, Nablus, Jaffa and Jerusalem needs one of the four inside the
triangle of the others); the label anchor is then the site too.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RegionRow:
    """One region of a board as the supplement tables give it."""

    key: str
    label: str
    defense: int
    coastal: bool
    x: float
    y: float
    adjacent: tuple[str, ...]
    number: int = 0
    vp: int = 0


def _rows(text: str, numbered: bool) -> list[RegionRow]:
    rows: list[RegionRow] = []
    for line in text.strip().splitlines():
        cells = [c.strip() for c in line.split("|")]
        if numbered:
            number, key, label, rdv, vp, coast, x, y, adj = cells
        else:
            key, label, rdv, coast, x, y, adj = cells
            number = vp = "0"
        rows.append(
            RegionRow(
                key=key,
                label=label,
                defense=int(rdv),
                coastal=coast == "Y",
                x=float(x),
                y=float(y),
                adjacent=tuple(a.strip() for a in adj.split(",")),
                number=int(number),
                vp=int(vp),
            )
        )
    return rows


# Section 4.1: "Saladin and the 2nd Crusade" (3-4 players), 23 regions.
SALADIN = _rows(
    """
marash | Marash | 2 | N | 0.50 | 0.03 | edessa, turbessel, antioch
edessa | Edessa | 2 | N | 0.92 | 0.08 | marash, turbessel, aleppo
turbessel | Turbessel | 2 | N | 0.72 | 0.12 | edessa, marash, aleppo
antioch | Antioch | 4 | Y | 0.34 | 0.18 | marash, harim, latakia, aleppo
harim | Harim | 2 | N | 0.50 | 0.22 | antioch, aleppo, shaizar
aleppo | Aleppo | 3 | N | 0.68 | 0.25 | edessa, turbessel, antioch, harim, hama
latakia | Latakia | 3 | Y | 0.24 | 0.31 | antioch, shaizar, tortosa
shaizar | Shaizar | 3 | N | 0.44 | 0.34 | harim, latakia, hama
hama | Hama | 3 | N | 0.60 | 0.38 | aleppo, shaizar, homs
tortosa | Tortosa | 2 | Y | 0.26 | 0.42 | latakia, homs, tripoli
homs | Homs | 3 | N | 0.54 | 0.47 | hama, tortosa, tripoli, baalbek, damascus
tripoli | Tripoli | 3 | Y | 0.26 | 0.52 | tortosa, homs, baalbek, beirut
baalbek | Baalbek | 3 | N | 0.44 | 0.56 | homs, tripoli, beirut, damascus
beirut | Beirut | 2 | Y | 0.22 | 0.61 | tripoli, baalbek, damascus, tyre
damascus | Damascus | 4 | N | 0.58 | 0.64 | homs, baalbek, beirut, acre, kerak
tyre | Tyre | 3 | Y | 0.20 | 0.69 | beirut, acre
acre | Acre | 3 | Y | 0.13 | 0.76 | tyre, damascus, nablus, jaffa, jerusalem
nablus | Nablus | 2 | N | 0.28 | 0.80 | acre, jaffa, jerusalem
jaffa | Jaffa | 2 | Y | 0.07 | 0.83 | acre, nablus, jerusalem, ascalon
jerusalem | Jerusalem | 4 | N | 0.28 | 0.89 | acre, nablus, jaffa, ascalon, gaza, kerak
ascalon | Ascalon | 3 | Y | 0.05 | 0.91 | jaffa, jerusalem, gaza
gaza | Gaza | 2 | Y | 0.10 | 0.98 | ascalon, jerusalem, kerak
kerak | Kerak | 4 | N | 0.44 | 0.96 | damascus, jerusalem, gaza
""",
    numbered=False,
)

# Section 4.2: "1st and 3rd Crusades" (solitaire and 2 players), 14 regions.
CRUSADES = _rows(
    """
1 | jerusalem | Jerusalem | 4 | 6 | N | 0.32 | 0.88 | acre, jaffa, ascalon
2 | damascus | Damascus | 4 | 4 | N | 0.62 | 0.62 | homs, beirut, acre
3 | aleppo | Aleppo | 4 | 4 | N | 0.72 | 0.10 | antioch, marah, hama
4 | acre | Acre | 3 | 4 | Y | 0.18 | 0.74 | beirut, damascus, jaffa, jerusalem
5 | antioch | Antioch | 4 | 4 | Y | 0.30 | 0.08 | aleppo, latakia, marah
6 | tripoli | Tripoli | 3 | 3 | Y | 0.24 | 0.49 | tortosa, homs, beirut
7 | ascalon | Ascalon | 3 | 3 | Y | 0.10 | 0.96 | jaffa, jerusalem
8 | homs | Homs | 2 | 3 | N | 0.56 | 0.46 | hama, tortosa, tripoli, damascus
9 | jaffa | Jaffa | 2 | 3 | Y | 0.08 | 0.85 | acre, jerusalem, ascalon
10 | hama | Hama | 2 | 2 | N | 0.64 | 0.34 | aleppo, marah, homs
11 | beirut | Beirut | 2 | 2 | Y | 0.20 | 0.61 | tripoli, damascus, acre
12 | tortosa | Tortosa | 2 | 2 | Y | 0.20 | 0.36 | latakia, homs, tripoli
13 | latakia | Latakia | 2 | 2 | Y | 0.16 | 0.22 | antioch, marah, tortosa
14 | marah | Marah | 1 | 2 | N | 0.52 | 0.22 | antioch, aleppo, latakia, hama
""",
    numbered=True,
)

# Drawing sites (normalized) where the supplement's position cannot be used as is.
SITES: dict[str, dict[str, tuple[float, float]]] = {
    "saladin": {"nablus": (0.165, 0.815), "acre": (0.15, 0.745), "jaffa": (0.06, 0.845)},
    "crusades": {},
}

# Rivers and lakes (normalized polylines), drawn on the land as art only.
RIVERS: dict[str, list[list[tuple[float, float]]]] = {
    "saladin": [
        # Orontes: from the Bekaa north past Homs, Hama and Shaizar, then west by Antioch.
        [(0.47, 0.58), (0.50, 0.50), (0.53, 0.42), (0.51, 0.36), (0.45, 0.30), (0.41, 0.24),
         (0.37, 0.20), (0.30, 0.21), (0.25, 0.22)],
        # Euphrates, east of Turbessel.
        [(0.84, -0.02), (0.82, 0.05), (0.86, 0.13), (0.90, 0.20), (0.97, 0.26)],
        # Litani.
        [(0.42, 0.60), (0.37, 0.65), (0.29, 0.67), (0.24, 0.66)],
    ],
    "crusades": [
        [(0.46, 0.52), (0.50, 0.45), (0.55, 0.38), (0.54, 0.30), (0.47, 0.18), (0.40, 0.13),
         (0.33, 0.13), (0.26, 0.14)],
        [(0.88, -0.02), (0.87, 0.06), (0.91, 0.14), (0.97, 0.22)],
        [(0.39, 0.68), (0.40, 0.75), (0.39, 0.81), (0.40, 0.86)],
    ],
}  # fmt: skip

# Card areas on the board (pixel rectangles x, y, w, h on the 1536 x 896 board).
AREAS: dict[str, dict[str, tuple[int, int, int, int]]] = {
    "saladin": {
        "turn_track": (40, 36, 360, 60),
        "christian_draw": (40, 140, 150, 210),
        "christian_discard": (240, 140, 150, 210),
        "christian_bonus_track": (40, 390, 360, 70),
        "christian_castle_pool": (40, 500, 170, 130),
        "christian_garrison_pool": (230, 500, 170, 130),
        "christian_kept_events": (40, 670, 360, 150),
        "muslim_draw": (1140, 140, 150, 210),
        "muslim_discard": (1340, 140, 150, 210),
        "muslim_bonus_track": (1140, 390, 360, 70),
        "muslim_castle_pool": (1140, 500, 170, 130),
        "muslim_garrison_pool": (1330, 500, 170, 130),
        "muslim_kept_events": (1140, 670, 360, 150),
    },
    "crusades": {
        "turn_track": (40, 36, 360, 60),
        "christian_draw": (40, 140, 150, 210),
        "christian_discard": (240, 140, 150, 210),
        "christian_bonus_track": (40, 390, 360, 70),
        "christian_castle_pool": (40, 500, 170, 130),
        "christian_garrison_pool": (230, 500, 170, 130),
        "christian_kept_events": (40, 670, 360, 150),
        "bot_hand": (1140, 36, 150, 200),
        "muslim_draw": (1340, 36, 150, 200),
        "muslim_discard": (1340, 260, 150, 200),
        "bot_response": (1140, 260, 150, 200),
        "bot_army": (1140, 484, 350, 170),
        "muslim_bonus_track": (1140, 676, 350, 60),
        "muslim_castle_pool": (1140, 756, 170, 100),
        "muslim_garrison_pool": (1320, 756, 170, 100),
    },
}

BOARDS = {
    "saladin": ("crusader_saladin_2nd", "Saladin and the 2nd Crusade", SALADIN),
    "crusades": ("crusader_1st_3rd", "The 1st and 3rd Crusades", CRUSADES),
}
