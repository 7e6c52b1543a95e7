"""Generate the campaign map of the forgotten kingdom of Vareth: tileset PNG, ``.tsx``, ``.tmx``.

Run from the repository root::

    python tools/make_campaign_map.py

Writes ``maps/campaign_tiles.png``, ``maps/campaign_tiles.tsx`` and ``maps/campaign.tmx``.
The same script always writes the same bytes.

What the map holds (read by ``crimson_table/campaign/chronicle_map.py`` with pytmx's default
settings; an object's own Tiled Name is its key, a display name goes in ``label``):

* a tile layer ``terrain``: the painted kingdom (sea, fields, coast, forest, mountains);
* an object layer ``chapters``: one rectangle per chapter (``label``, ``order``, ``stars``
  needed to open it, ``blurb``, ``unlocks`` given when it opens);
* an object layer ``encounters``: one ellipse per encounter (``label``, ``chapter``, ``game``,
  ``rival``, ``level``, ``players``, ``options`` as ``name=value; ...`` of the game's real
  options, ``unlocks`` given by the first win);
* an object layer ``paths``: polylines between encounters (``from``, ``to``): an encounter
  opens once every path leading to it starts at a won encounter.

Map properties: ``title`` and ``finale`` (the encounter whose win completes the chronicle).
Edit any of it in Tiled and the campaign changes with it.  pygame is used here only.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tiled_writer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TILE = 32
COLS, ROWS = 40, 24
WIDTH, HEIGHT = COLS * TILE, ROWS * TILE  # 1280 x 768
SUPER = 4

Pt = tuple[float, float]


class Rng:
    """SplitMix64, the same generator as the engine's (kept local: the tool imports no game code)."""

    MASK = (1 << 64) - 1

    def __init__(self, state: int) -> None:
        self.state = state & self.MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7)

    def below(self, n: int) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return (z ^ (z >> 31)) % n


# ---------------------------------------------------------------------------------------------
# The chronicle: chapters, encounters and paths

CHAPTERS = (
    # key, label, order, stars needed, rectangle (x, y, w, h), unlocks, blurb
    ("ashen_march", "I · The Ashen March", 1, 0, (120, 380, 440, 388), "",
     "Burnt fields at the kingdom's edge, where the chronicle begins."),
    ("salt_coast", "II · The Salt Coast", 2, 3, (100, 0, 460, 380), "back:ember",
     "Harbours and saltworks under a grey sky."),
    ("thorn_woods", "III · The Thorn Woods", 3, 9, (560, 0, 420, 768), "table:crimson",
     "An old forest that remembers the crown."),
    ("crimson_throne", "IV · The Crimson Throne", 4, 16, (980, 0, 300, 768), "back:wyrm",
     "The mountain seat of the usurper queen."),
)  # fmt: skip

ENCOUNTERS = (
    # key, label, chapter, (x, y), game, rival, level, players, options, unlocks
    ("gate", "The Burnt Gate", "ashen_march", (250, 650), "two_crowns", "odo", "random", 2, "", ""),
    ("ford", "The Ford of Reeds", "ashen_march", (430, 585), "crimson_company", "brisa", "random", 2, "", ""),
    ("market", "Ash Market", "ashen_march", (300, 470), "condottiere", "cask", "random", 3, "", ""),
    ("lighthouse", "The Drowned Light", "salt_coast", (200, 300), "crusader_kingdoms", "ashar",
     "heuristic", 1, "difficulty=standard", ""),
    ("saltworks", "The Saltworks", "salt_coast", (440, 255), "crimson_keep", "kai_salt", "heuristic", 1,
     "tiles_left=short; tiles_right=regular", ""),
    ("harbour", "Merrow's Harbour", "salt_coast", (300, 110), "two_crowns", "merrow", "heuristic", 2, "",
     "table:midnight"),
    ("woodcutters", "The Woodcutters' Camp", "thorn_woods", (660, 610), "condottiere", "axes",
     "heuristic", 4, "", ""),
    ("abbey", "The Abbey of Still Bells", "thorn_woods", (700, 380), "crimson_company", "clemence",
     "heuristic", 2, "", ""),
    ("thornkeep", "Thornkeep", "thorn_woods", (860, 190), "crimson_keep", "kai_thorn", "heuristic", 1,
     "hard_mode=true", "back:griffin"),
    ("hermitage", "The Hermitage", "thorn_woods", (880, 520), "crusader_kingdoms", "sadiq", "heuristic",
     1, "difficulty=challenging", ""),
    ("high_pass", "The High Pass", "crimson_throne", (1060, 640), "crimson_company", "hild", "master",
     2, "", ""),
    ("fortress", "The Iron Fortress", "crimson_throne", (1200, 500), "condottiere", "council", "master",
     5, "", ""),
    ("citadel", "The Sand Citadel", "crimson_throne", (1050, 380), "crusader_kingdoms", "ashar_grand",
     "heuristic", 1, "difficulty=greatest", ""),
    ("dragonspire", "The Dragonspire", "crimson_throne", (1200, 250), "crimson_keep", "tavish",
     "heuristic", 2, "hard_mode=true", ""),
    ("throne", "The Crimson Throne", "crimson_throne", (1090, 160), "two_crowns", "morwen", "master", 2,
     "best_of=3", "table:walnut"),
)  # fmt: skip

PATHS = (
    # from, to, bend (a point the road passes through, or None for a straight road)
    ("gate", "ford", (350, 640)),
    ("gate", "market", (240, 560)),
    ("market", "lighthouse", (230, 390)),
    ("lighthouse", "saltworks", (330, 300)),
    ("lighthouse", "harbour", (220, 190)),
    ("saltworks", "abbey", (560, 320)),
    ("ford", "woodcutters", (540, 640)),
    ("woodcutters", "abbey", (660, 500)),
    ("abbey", "thornkeep", (780, 260)),
    ("abbey", "hermitage", (800, 470)),
    ("hermitage", "high_pass", (980, 600)),
    ("thornkeep", "citadel", (960, 300)),
    ("high_pass", "fortress", (1140, 600)),
    ("citadel", "dragonspire", (1130, 320)),
    ("fortress", "dragonspire", (1230, 380)),
    ("dragonspire", "throne", (1150, 200)),
)  # fmt: skip

FINALE = "throne"
MARKER = 56  # an encounter's ellipse, in map pixels

# ---------------------------------------------------------------------------------------------
# Geometry of the land

# The kingdom's outline: the land runs off the top and right edges; sea to the west and south.
COAST: tuple[Pt, ...] = (
    (170, 0), (150, 70), (95, 150), (120, 250), (78, 330), (150, 410), (110, 500), (160, 590),
    (140, 680), (230, 740), (360, 700), (470, 745), (600, 700), (700, 740), (820, 710),
    (930, 768),
)  # fmt: skip
FRAME: tuple[Pt, ...] = ((1280, 768), (1280, 0))
ISLAND: tuple[Pt, ...] = ((30, 560), (70, 530), (95, 575), (60, 620), (25, 605))
LAKE: tuple[Pt, ...] = ((760, 430), (830, 410), (850, 455), (800, 490), (745, 470))


def _subdivide(points: list[Pt], step: float) -> list[Pt]:
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        pieces = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / step))
        out.extend((x0 + (x1 - x0) * k / pieces, y0 + (y1 - y0) * k / pieces) for k in range(1, pieces + 1))
    return out


def _wobble(points: list[Pt], amplitude: float, seed: int) -> list[Pt]:
    rng = Rng.from_seed(seed)
    out = [points[0]]
    for i in range(1, len(points) - 1):
        (ax, ay), (x, y), (bx, by) = points[i - 1], points[i], points[i + 1]
        length = math.hypot(bx - ax, by - ay) or 1.0
        shift = amplitude * (rng.below(2001) / 1000.0 - 1.0)
        out.append((x - (by - ay) / length * shift, y + (bx - ax) / length * shift))
    return [*out, points[-1]]


def _chaikin(points: list[Pt], rounds: int) -> list[Pt]:
    for _ in range(rounds):
        out = [points[0]]
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            out += [
                (0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1),
                (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1),
            ]
        points = [*out[:1], *out[2:-1], points[-1]]
    return points


def coastline() -> list[Pt]:
    """The smoothed coast from the top edge round to the bottom edge."""
    return _chaikin(_wobble(_subdivide(list(COAST), 12.0), 5.0, 77), 2)


def blob(points: tuple[Pt, ...], seed: int) -> list[Pt]:
    """A small closed shape (an island, a lake), smoothed."""
    ring = [*points, points[0]]
    return _chaikin(_wobble(_subdivide(ring, 8.0), 2.5, seed), 2)


def path_points(start: Pt, bend: Pt | None, end: Pt) -> list[Pt]:
    """A road from one encounter's centre to another's, through its bend."""
    return [start, bend, end] if bend is not None else [start, end]


# ---------------------------------------------------------------------------------------------
# Art

SEA = (46, 78, 104)
SEA_WAVE = (84, 120, 146)
SHALLOW = (98, 140, 158)
LAND = (226, 210, 170)
INK = (70, 50, 32)
FIELD = (204, 180, 118)
ASH = (168, 150, 128)
FOREST = (78, 104, 60)
FOREST_DARK = (52, 74, 42)
ROCK = (150, 124, 92)
SNOW = (246, 242, 232)


def _noise(surface: pygame.Surface, seed: int, base: tuple[int, int, int], spread: int) -> None:
    rng = Rng.from_seed(seed)
    for y in range(TILE):
        for x in range(TILE):
            d = rng.below(2 * spread + 1) - spread
            surface.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))


def sea_tile(variant: int) -> pygame.Surface:
    """Grey-blue water with a wave stroke or two."""
    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    _noise(s, 100 + variant, SEA, 3)
    for x, y in [[(5, 8), (18, 21)], [(14, 4), (4, 19)], [(10, 14)]][variant]:
        pygame.draw.arc(s, SEA_WAVE, (x, y, 10, 5), 0.3, math.pi - 0.3, 1)
    return s


def _mountain(s: pygame.Surface, x: int, y: int, size: int) -> None:
    peak, left, right = (x, y - size), (x - size, y + size // 3), (x + size, y + size // 3)
    pygame.draw.polygon(s, (214, 196, 152), [peak, left, right])
    pygame.draw.polygon(s, (176, 146, 104), [peak, (x + 2, y + size // 3), right])
    pygame.draw.lines(s, ROCK, False, [left, peak, right], 2)
    pygame.draw.polygon(s, SNOW, [peak, (x - size // 3, y - size // 3), (x + size // 4, y - size // 2)])


def land_tile(kind: str, variant: int) -> pygame.Surface:
    """Parchment land with the glyph of its terrain."""
    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    _noise(s, 200 + variant, LAND, 4)
    if kind == "fields":
        for k in range(4):
            pygame.draw.line(s, FIELD, (5, 8 + 5 * k + variant), (27, 6 + 5 * k + variant), 1)
    elif kind == "ash":
        for x, y in ([(8, 10), (20, 20)], [(14, 8), (6, 22), (24, 16)], [(16, 16)])[variant % 3]:
            pygame.draw.line(s, ASH, (x - 4, y), (x + 4, y - 2), 2)
            pygame.draw.circle(s, ASH, (x + 5, y - 3), 1)
    elif kind == "forest":
        for x, y in ([(9, 12), (21, 15), (13, 24)], [(8, 19), (19, 9), (23, 23)], [(15, 14), (8, 25)])[
            variant % 3
        ]:
            pygame.draw.polygon(s, FOREST, [(x, y - 7), (x - 5, y + 3), (x + 5, y + 3)])
            pygame.draw.polygon(s, FOREST_DARK, [(x, y - 7), (x, y + 3), (x + 5, y + 3)])
            pygame.draw.line(s, INK, (x, y + 3), (x, y + 6), 1)
    elif kind == "mountains":
        for x, y, size in ([(11, 19, 8), (22, 22, 7)], [(16, 20, 10)], [(9, 22, 7), (20, 16, 8)])[
            variant % 3
        ]:
            _mountain(s, x, y, size)
    elif kind == "hills":
        for x, y in ([(5, 13), (16, 21)], [(4, 20), (15, 11)], [(9, 16)])[variant % 3]:
            pygame.draw.arc(s, ROCK, (x, y, 13, 9), 0.15, math.pi - 0.15, 2)
    return s


def _hash(col: int, row: int, salt: int) -> int:
    return Rng.from_seed(col * 1009 + row * 9176 + salt).below(1000)


def terrain_of(col: int, row: int) -> str:
    """The land's character: ash fields in the south-west, fields on the coast, the forest in the
    middle, mountains in the east."""
    x, y = (col + 0.5) * TILE, (row + 0.5) * TILE
    roll = _hash(col, row, 4)
    east = x + 60 * math.sin(y / 90.0)
    if east > 1010:
        return "mountains" if roll < 620 else "hills"
    if east > 960:
        return "hills" if roll < 700 else "forest"
    if x > 560:
        return "forest" if roll < 700 else "plain"
    if y > 380:
        return "ash" if roll < 450 else "fields" if roll < 700 else "plain"
    return "fields" if roll < 380 else "hills" if roll < 460 else "plain"


def _mask(polys: list[list[Pt]]) -> pygame.Surface:
    big = pygame.Surface((WIDTH * SUPER, HEIGHT * SUPER), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    for poly in polys:
        pygame.draw.polygon(big, (255, 255, 255, 255), [(x * SUPER, y * SUPER) for x, y in poly])
    return pygame.transform.smoothscale(big, (WIDTH, HEIGHT))


def _lines(lines: list[list[Pt]], colour: tuple[int, int, int], width: float) -> pygame.Surface:
    big = pygame.Surface((WIDTH * SUPER, HEIGHT * SUPER), pygame.SRCALPHA)
    big.fill((*colour, 0))
    for line in lines:
        pygame.draw.lines(big, (*colour, 255), False, [(x * SUPER, y * SUPER) for x, y in line],
                          max(1, round(width * SUPER)))  # fmt: skip
    return pygame.transform.smoothscale(big, (WIDTH, HEIGHT))


def _tinted(mask: pygame.Surface, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
    layer = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
    layer.fill((*colour, alpha))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer


def _full(mask: pygame.Surface, col: int, row: int, margin: int = 4) -> bool:
    for y in range(-margin, TILE + margin, 2):
        for x in range(-margin, TILE + margin, 2):
            px, py = col * TILE + x, row * TILE + y
            if 0 <= px < WIDTH and 0 <= py < HEIGHT and mask.get_at((px, py)).a < 255:
                return False
    return True


def _empty(mask: pygame.Surface, col: int, row: int) -> bool:
    return all(
        mask.get_at((col * TILE + x, row * TILE + y)).a == 0
        for y in range(0, TILE, 2)
        for x in range(0, TILE, 2)
    )


def paint() -> tuple[pygame.Surface, dict[tuple[int, int], str]]:
    """The whole map picture and, per cell, its terrain name (for the tile properties)."""
    coast = coastline()
    land_poly = [*coast, *FRAME]
    island, lake = blob(ISLAND, 5), blob(LAKE, 9)
    land = _mask([land_poly, island])
    water = _mask([lake])
    land.blit(_tinted(water, (0, 0, 0), 255), (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    glow = pygame.transform.gaussian_blur(_mask([land_poly, island]), 10)
    sea = [sea_tile(v) for v in range(3)]
    picture = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
    land_layer = pygame.Surface((WIDTH, HEIGHT), pygame.SRCALPHA)
    kinds: dict[tuple[int, int], str] = {}
    for row in range(ROWS):
        for col in range(COLS):
            at = (col * TILE, row * TILE)
            picture.blit(sea[_hash(col, row, 5) % 3], at)
            full = _full(land, col, row)
            kind = terrain_of(col, row) if full else "plain"
            land_layer.blit(land_tile(kind, _hash(col, row, 8) % 3), at)
            if full:
                kinds[col, row] = kind
            elif _empty(land, col, row):
                kinds[col, row] = "sea" if _empty(glow, col, row) else "shallows"
            else:
                kinds[col, row] = "coast"
    picture.blit(_tinted(glow, SHALLOW, 150), (0, 0))
    land_layer.blit(land, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(land_layer, (0, 0))
    shores = [coast, [*island, island[0]], [*lake, lake[0]]]
    shade = pygame.transform.gaussian_blur(_lines(shores, (150, 118, 78), 5), 4)
    shade.blit(land, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(shade, (0, 0))
    picture.blit(_lines(shores, INK, 1.6), (0, 0))
    return picture, kinds


# ---------------------------------------------------------------------------------------------
# Files


def _props(props: dict[str, str | int]) -> list[str]:
    out = ["   <properties>"]
    for key, value in props.items():
        kind = ' type="int"' if isinstance(value, int) else ""
        out.append(f"    <property name={quoteattr(key)}{kind} value={quoteattr(str(value))}/>")
    return out + ["   </properties>"]


def chapter_objects(first_id: int) -> list[str]:
    """One rectangle per chapter."""
    lines = []
    for i, (key, label, order, stars, (x, y, w, h), unlocks, blurb) in enumerate(CHAPTERS):
        lines.append(f'  <object id="{first_id + i}" name="{key}" type="chapter" x="{x}" y="{y}" '
                     f'width="{w}" height="{h}">')  # fmt: skip
        props: dict[str, str | int] = {"blurb": blurb, "label": label, "order": order, "stars": stars}
        if unlocks:
            props["unlocks"] = unlocks
        lines += [*_props(props), "  </object>"]
    return lines


def encounter_objects(first_id: int) -> list[str]:
    """One ellipse per encounter, centred on its place."""
    lines = []
    for i, (key, label, chapter, (cx, cy), game, rival, level, players, options, unlocks) in enumerate(
        ENCOUNTERS
    ):
        x, y = cx - MARKER / 2, cy - MARKER / 2
        lines.append(f'  <object id="{first_id + i}" name="{key}" type="encounter" x="{tiled_writer.num(x)}" '
                     f'y="{tiled_writer.num(y)}" width="{MARKER}" height="{MARKER}">')  # fmt: skip
        props: dict[str, str | int] = {"chapter": chapter, "game": game, "label": label, "level": level}
        if options:
            props["options"] = options
        props["players"] = players
        props["rival"] = rival
        if unlocks:
            props["unlocks"] = unlocks
        lines += [*_props(props), "   <ellipse/>", "  </object>"]
    return lines


def path_objects(first_id: int) -> list[str]:
    """One polyline per path, from the centre of one encounter to the centre of the next."""
    centres = {e[0]: e[3] for e in ENCOUNTERS}
    lines = []
    for i, (start, end, bend) in enumerate(PATHS):
        pts = path_points(centres[start], bend, centres[end])
        x0, y0 = pts[0]
        points = " ".join(f"{tiled_writer.num(x - x0)},{tiled_writer.num(y - y0)}" for x, y in pts)
        lines.append(
            f'  <object id="{first_id + i}" name="{start}-{end}" type="path" x="{tiled_writer.num(x0)}" y="{tiled_writer.num(y0)}">'
        )
        lines += [*_props({"from": start, "to": end}), f'   <polyline points="{points}"/>', "  </object>"]
    return lines


def write_tmx(path: Path, gids: list[int]) -> None:
    """The map: one CSV tile layer and the three object layers."""
    rows = [",".join(str(g) for g in gids[r * COLS : (r + 1) * COLS]) for r in range(ROWS)]
    first_enc = 1 + len(CHAPTERS)
    first_path = first_enc + len(ENCOUNTERS)
    next_id = first_path + len(PATHS)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{COLS}" height="{ROWS}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="5" nextobjectid="{next_id}">',
        " <properties>",
        f'  <property name="finale" value="{FINALE}"/>',
        '  <property name="source" value="generated by tools/make_campaign_map.py"/>',
        '  <property name="title" value="The Crimson Chronicle"/>',
        " </properties>",
        ' <tileset firstgid="1" source="campaign_tiles.tsx"/>',
        f' <layer id="1" name="terrain" width="{COLS}" height="{ROWS}">',
        '  <data encoding="csv">',
        ",\n".join(rows),
        "</data>",
        " </layer>",
        ' <objectgroup id="2" name="chapters" visible="0">',
        *chapter_objects(1),
        " </objectgroup>",
        ' <objectgroup id="3" name="paths">',
        *path_objects(first_path),
        " </objectgroup>",
        ' <objectgroup id="4" name="encounters">',
        *encounter_objects(first_enc),
        " </objectgroup>",
        "</map>",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    """Paint the kingdom and write the three files under ``maps/``."""
    picture, kinds = paint()
    tiles, gids, firsts = tiled_writer.cut_tiles(picture, TILE, COLS, ROWS)
    names = [kinds[first] for first in firsts]
    columns = 16
    width, height, sheet = tiled_writer.tileset_image(tiles, columns, TILE)
    out = ROOT / "maps"
    out.mkdir(exist_ok=True)
    tiled_writer.write_png(out / "campaign_tiles.png", width, height, sheet)
    terrain = [{"terrain": name} for name in names]
    tiled_writer.write_tsx(
        out / "campaign_tiles.tsx", "campaign_tiles", TILE, columns, (width, height), len(names), terrain
    )
    write_tmx(out / "campaign.tmx", gids)
    print(
        f"{len(CHAPTERS)} chapters, {len(ENCOUNTERS)} encounters, {len(PATHS)} paths, {len(tiles)} unique tiles -> {out}"
    )


if __name__ == "__main__":
    main()
