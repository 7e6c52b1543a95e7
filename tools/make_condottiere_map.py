"""Generate the Condottiere map of Italy: tileset PNG, ``.tsx`` and ``.tmx`` (deterministic).

Run from the repository root::

    python tools/make_condottiere_map.py

Writes ``maps/condottiere_tiles.png``, ``maps/condottiere_tiles.tsx`` and
``maps/condottiere_italy.tmx``.  The same script always writes the same bytes.

How the map is built
--------------------
The 17 regions (supplement table CO-T2) form a planar partition drawn by hand in
*permille* coordinates (0..1000 on both axes; CO-T3 uses the same frame).  Every border
is a named *chain* of points, written once: ``"milano|genova"`` is the border the two
regions share, ``"coast:lucca"`` a stretch of coast, ``"frame:..."`` the map's edge.  A
region's polygon is the ring of its chains, so two neighbours always share the exact same
points and non-neighbours never touch (the only junctions are triple points).  Chains
are subdivided, given a little seeded wobble and smoothed (Chaikin), each once, so the
shared borders stay identical.  The adjacency is then read back from the chain names and
must equal CO-T2.

The art is painted on one 800 x 800 picture (sea tiles, shallow water, parchment land
with terrain glyphs, a sepia coastline) and cut into 32 x 32 tiles; identical tiles are
stored once, so open sea and inland tiles are shared and the coast tiles are unique.
pygame is used here only (never in the engine).
"""

from __future__ import annotations

import math
import os
import zlib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


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


TILE = 32
COLS = ROWS = 25
SIZE = TILE * COLS  # 800 px: square, as CO-T3 asks
SCALE = SIZE / 1000.0
SUPER = 4  # supersampling for anti-aliased masks and lines

import tiled_writer  # noqa: E402 - sits beside this script
from condottiere_map_data import (  # noqa: E402 - sits beside this script
    CENTRES,
    CHAINS,
    CO_T2_EDGES,
    FOREIGN_RING,
    ISLANDS,
    RINGS,
    SPINE,
    TITLES,
    Item,
    J,
    Pt,
)

# ---------------------------------------------------------------------------------------------
# Geometry


def _point(item: Item) -> Pt:
    return J[item] if isinstance(item, str) else item


def _subdivide(points: list[Pt], step: float) -> list[Pt]:
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        pieces = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / step))
        out.extend((x0 + (x1 - x0) * k / pieces, y0 + (y1 - y0) * k / pieces) for k in range(1, pieces + 1))
    return out


def _wobble(points: list[Pt], amplitude: float, seed: int, closed: bool) -> list[Pt]:
    rng = Rng.from_seed(seed)
    out = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        if not closed and i in (0, n - 1):
            out.append((x, y))
            continue
        (ax, ay), (bx, by) = points[i - 1], points[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay) or 1.0
        shift = amplitude * (rng.below(2001) / 1000.0 - 1.0)
        out.append((x - (by - ay) / length * shift, y + (bx - ax) / length * shift))
    return out


def _chaikin(points: list[Pt], rounds: int, closed: bool) -> list[Pt]:
    for _ in range(rounds):
        pairs = (
            list(zip(points, points[1:] + points[:1], strict=False))
            if closed
            else list(zip(points, points[1:], strict=False))
        )
        out: list[Pt] = [] if closed else [points[0]]
        for (x0, y0), (x1, y1) in pairs:
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        if not closed:
            out = [out[0], *out[2:-1], points[-1]]
        points = out
    return points


def _to_px(points: list[Pt]) -> list[Pt]:
    out: list[Pt] = []
    for x, y in points:
        p = (round(x * SCALE, 1), round(y * SCALE, 1))
        if not out or out[-1] != p:
            out.append(p)
    return out


def build_chain(name: str) -> list[Pt]:
    """The final pixel points of one chain (smoothed unless it is an edge of the map)."""
    raw = [_point(item) for item in CHAINS[name]]
    if name.startswith("frame:"):
        return _to_px(raw)
    coast = name.startswith("coast:")
    seed = zlib.crc32(name.encode())
    pts = _subdivide(raw, 9.0 if coast else 14.0)
    pts = _wobble(pts, 1.6 if coast else 4.0, seed, closed=False)
    return _to_px(_chaikin(pts, 2, closed=False))


def build_island(name: str) -> list[Pt]:
    """A closed island outline in pixels (the bottom edge of Sardinia stays straight)."""
    pts = _subdivide(ISLANDS[name] + ISLANDS[name][:1], 9.0)[:-1]
    pts = _wobble(pts, 1.6, zlib.crc32(name.encode()), closed=True)
    pts = _chaikin(pts, 2, closed=True)
    return _to_px([(x, min(y, 1000.0)) if y < 990 else (x, 1000.0) for x, y in pts])


def assemble(ring: list[str], chains: dict[str, list[Pt]]) -> list[Pt]:
    """Join chains end to end (each reversed when needed) into one closed ring."""
    first, second = chains[ring[0]], chains[ring[1]]
    pts = list(first) if first[-1] in (second[0], second[-1]) else list(reversed(first))
    for name in ring[1:]:
        chain = chains[name]
        if chain[0] == pts[-1]:
            pts.extend(chain[1:])
        elif chain[-1] == pts[-1]:
            pts.extend(list(reversed(chain))[1:])
        else:
            raise SystemExit(f"ring broken at chain {name!r}")
    if pts[-1] != pts[0]:
        raise SystemExit(f"ring {ring} does not close")
    pts.pop()
    if _signed_area(pts) < 0:  # clockwise on screen (y down)
        pts.reverse()
    return pts


def _signed_area(pts: list[Pt]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=False)) / 2.0


def _segments_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    def orient(p: Pt, q: Pt, r: Pt) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def check_simple(name: str, pts: list[Pt]) -> None:
    """Stop if a polygon crosses itself."""
    n = len(pts)
    segs = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if _segments_cross(*segs[i], *segs[j]):
                raise SystemExit(f"polygon {name} crosses itself at segments {i} and {j}")


def inside(pt: Pt, poly: list[Pt]) -> bool:
    """Even-odd point-in-polygon test."""
    x, y = pt
    result = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=False):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
    return result


def adjacency_from_chains() -> set[frozenset[str]]:
    """Neighbour pairs as drawn: one per shared border chain."""
    return {frozenset(name.split("|")) for name in CHAINS if "|" in name}


def build_geometry() -> tuple[dict[str, list[Pt]], list[list[Pt]], list[list[Pt]]]:
    """Region polygons, other land polygons, and the coast lines to stroke (all in px)."""
    chains = {name: build_chain(name) for name in CHAINS}
    regions = {key: assemble(ring, chains) for key, ring in RINGS.items()}
    others = [assemble(FOREIGN_RING, chains)] + [build_island(name) for name in ISLANDS]
    coasts = [chains[n] for n in CHAINS if n.startswith("coast:")] + [p + p[:1] for p in others[1:]]
    want = {frozenset(e.split("-")) for e in CO_T2_EDGES}
    if adjacency_from_chains() != want or len(want) != 34:
        raise SystemExit("drawn borders do not match CO-T2")
    for key, poly in regions.items():
        check_simple(key, poly)
        centre = (CENTRES[key][0] * SCALE, CENTRES[key][1] * SCALE)
        if not inside(centre, poly):
            raise SystemExit(f"CO-T3 centre of {key} is outside its polygon")
    for i, poly in enumerate(others):
        check_simple(f"land #{i}", poly)
    return regions, others, coasts


# ---------------------------------------------------------------------------------------------
# Art

SEA = (26, 58, 102)
SEA_WAVE = (60, 102, 150)
SHALLOW = (84, 136, 172)
PARCHMENT = (233, 218, 178)
PARCHMENT_DARK = (150, 118, 78)
FOREIGN = (205, 199, 176)
INK = (74, 52, 32)
MOUNTAIN = (139, 108, 74)
FOREST = (96, 112, 62)


def _noise(surface: pygame.Surface, seed: int, base: tuple[int, int, int], spread: int) -> None:
    rng = Rng.from_seed(seed)
    for y in range(TILE):
        for x in range(TILE):
            d = rng.below(2 * spread + 1) - spread
            surface.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))


def sea_tile(variant: int) -> pygame.Surface:
    """Deep blue water with a few wave strokes."""
    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    _noise(s, 100 + variant, SEA, 3)
    waves = [[(6, 9), (19, 22)], [(14, 5), (3, 20), (21, 25)], [(10, 15)]][variant]
    for x, y in waves:
        pygame.draw.arc(s, SEA_WAVE, (x, y, 9, 5), 0.3, math.pi - 0.3, 1)
    return s


def land_tile(variant: int, base: tuple[int, int, int] = PARCHMENT) -> pygame.Surface:
    """Plain parchment."""
    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    _noise(s, 200 + variant + sum(base), base, 4)
    return s


def _mountain(s: pygame.Surface, x: int, y: int, size: int) -> None:
    peak, left, right = (x, y - size), (x - size, y + size // 3), (x + size, y + size // 3)
    pygame.draw.polygon(s, (214, 196, 152), [peak, left, right])
    pygame.draw.polygon(s, (176, 146, 104), [peak, (x + 2, y + size // 3), right])
    pygame.draw.lines(s, MOUNTAIN, False, [left, peak, right], 2)
    pygame.draw.line(s, (250, 246, 236), peak, (x - size // 3, y - size // 3), 2)


def terrain_tile(kind: str, variant: int) -> pygame.Surface:
    """Parchment with a terrain glyph: mountains, hills, forest or fields."""
    s = land_tile(variant)
    if kind == "mountains":
        peaks = [[(11, 17, 8), (21, 21, 8)], [(16, 18, 10)], [(9, 21, 7), (18, 15, 9), (25, 24, 6)]]
        for x, y, size in peaks[variant % 3]:
            _mountain(s, x, y, size)
    elif kind == "hills":
        for x, y in ([(6, 14), (17, 22)], [(4, 21), (16, 12)])[variant % 2]:
            pygame.draw.arc(s, MOUNTAIN, (x, y, 12, 9), 0.15, math.pi - 0.15, 2)
    elif kind == "forest":
        for x, y in ([(9, 12), (20, 16), (12, 23)], [(8, 18), (18, 10), (22, 22)])[variant % 2]:
            pygame.draw.circle(s, FOREST, (x, y), 4)
            pygame.draw.line(s, INK, (x, y + 3), (x, y + 6), 1)
    elif kind == "fields":
        for k in range(4):
            pygame.draw.line(s, (196, 172, 110), (6, 9 + 5 * k), (26, 7 + 5 * k), 1)
    return s


def foreign_tile(variant: int) -> pygame.Surface:
    """Greyed land outside the game, lightly hatched."""
    s = land_tile(variant, FOREIGN)
    for k in range(-TILE, TILE, 8):
        pygame.draw.line(s, (188, 181, 158), (k, TILE), (k + TILE, 0), 1)
    return s


def _mask(polys: list[list[Pt]], widen: int = 0) -> pygame.Surface:
    """An anti-aliased white mask of the polygons, alpha = coverage."""
    big = pygame.Surface((SIZE * SUPER, SIZE * SUPER), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    for poly in polys:
        pts = [(x * SUPER, y * SUPER) for x, y in poly]
        pygame.draw.polygon(big, (255, 255, 255, 255), pts)
        pygame.draw.lines(big, (255, 255, 255, 255), True, pts, 3 + widen * SUPER)
    return pygame.transform.smoothscale(big, (SIZE, SIZE))


def _lines(lines: list[list[Pt]], colour: tuple[int, int, int], width: float) -> pygame.Surface:
    big = pygame.Surface((SIZE * SUPER, SIZE * SUPER), pygame.SRCALPHA)
    big.fill((*colour, 0))
    for line in lines:
        pygame.draw.lines(big, (*colour, 255), False, [(x * SUPER, y * SUPER) for x, y in line],
                          max(1, round(width * SUPER)))  # fmt: skip
    return pygame.transform.smoothscale(big, (SIZE, SIZE))


def _tinted(mask: pygame.Surface, colour: tuple[int, int, int], alpha: int) -> pygame.Surface:
    layer = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    layer.fill((*colour, alpha))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer


def _cell_hash(col: int, row: int, salt: int) -> int:
    return Rng.from_seed(col * 1009 + row * 9176 + salt).below(1000)


def _spine_distance(x: float, y: float) -> float:
    best = 1e9
    for (x0, y0), (x1, y1) in zip(SPINE, SPINE[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x - x0 - t * dx, y - y0 - t * dy))
    return best


def terrain_of(col: int, row: int) -> str:
    """The terrain glyph of an inland cell of Italy."""
    x, y = (col + 0.5) * 40.0, (row + 0.5) * 40.0  # permille
    alps = 75 + 25 * math.sin(x / 90.0)
    if y < alps and x < 800:
        return "mountains" if _cell_hash(col, row, 0) < 800 else "hills"
    if y < alps + 40 and _cell_hash(col, row, 1) < 500:
        return "hills"
    spine = _spine_distance(x, y)
    if spine < 22:
        return "mountains" if _cell_hash(col, row, 2) < 450 else "hills"
    if spine < 55:
        return "hills" if _cell_hash(col, row, 3) < 600 else "forest"
    roll = _cell_hash(col, row, 4)
    return "forest" if roll < 140 else "fields" if roll < 330 else "plain"


def _full(mask: pygame.Surface, col: int, row: int, margin: int = 3) -> bool:
    lo, hi = -margin, TILE + margin
    for y in range(lo, hi, 2):
        for x in range(lo, hi, 2):
            px, py = col * TILE + x, row * TILE + y
            if 0 <= px < SIZE and 0 <= py < SIZE and mask.get_at((px, py)).a < 255:
                return False
    return True


def _empty(mask: pygame.Surface, col: int, row: int) -> bool:
    for y in range(0, TILE, 2):
        for x in range(0, TILE, 2):
            if mask.get_at((col * TILE + x, row * TILE + y)).a > 0:
                return False
    return True


def paint(regions: dict[str, list[Pt]], others: list[list[Pt]], coasts: list[list[Pt]]) -> tuple:
    """The whole map picture plus, per cell, the terrain name (for the tile properties)."""
    italy, foreign = _mask(list(regions.values())), _mask(others)
    glow_mask = _mask(list(regions.values()) + others, widen=6)
    glow_mask = pygame.transform.gaussian_blur(glow_mask, 9)
    sea = [sea_tile(v) for v in range(3)]
    land = [land_tile(v) for v in range(3)]
    away = [foreign_tile(v) for v in range(2)]
    picture = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    land_layer = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    away_layer = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    kinds: dict[tuple[int, int], str] = {}
    for row in range(ROWS):
        for col in range(COLS):
            at = (col * TILE, row * TILE)
            picture.blit(sea[_cell_hash(col, row, 5) % 3], at)
            away_layer.blit(away[_cell_hash(col, row, 6) % 2], at)
            if _full(italy, col, row, margin=5):
                kind = terrain_of(col, row)
                variant = _cell_hash(col, row, 8) % 3
                tile = land[variant] if kind == "plain" else terrain_tile(kind, variant)
                land_layer.blit(tile, at)
                kinds[col, row] = kind
            else:
                land_layer.blit(land[_cell_hash(col, row, 7) % 3], at)
                kinds[col, row] = "foreign" if _full(foreign, col, row) else "sea"
                if kinds[col, row] == "sea" and not _empty(glow_mask, col, row):
                    kinds[col, row] = "coast"
    picture.blit(_tinted(glow_mask, SHALLOW, 150), (0, 0))
    land_layer.blit(italy, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    away_layer.blit(foreign, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(away_layer, (0, 0))
    picture.blit(land_layer, (0, 0))
    shade = pygame.transform.gaussian_blur(_lines(coasts, PARCHMENT_DARK, 5), 4)
    shade.blit(_mask(list(regions.values()) + others), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    shade.blit(_tinted(_full_alpha(), (255, 255, 255), 110), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(shade, (0, 0))
    picture.blit(_lines(coasts, INK, 1.6), (0, 0))
    for cell, kind in kinds.items():
        if kind in ("plain", "fields", "forest", "hills", "mountains") and not _full(italy, *cell, margin=0):
            kinds[cell] = "coast"
    return picture, kinds


def _full_alpha() -> pygame.Surface:
    s = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    s.fill((255, 255, 255, 255))
    return s


# ---------------------------------------------------------------------------------------------
# Files


def cut_tiles(
    picture: pygame.Surface, kinds: dict[tuple[int, int], str]
) -> tuple[list[bytes], list[str], list[int]]:
    """Unique tiles (RGBA bytes), their terrain names, and the map's gids row by row."""
    tiles, gids, firsts = tiled_writer.cut_tiles(picture, TILE, COLS, ROWS)
    return tiles, [kinds[first] for first in firsts], gids


def region_objects(regions: dict[str, list[Pt]]) -> list[str]:
    """One polygon object per region, then one label point per region."""
    neighbours: dict[str, list[str]] = {key: [] for key in regions}
    for edge in CO_T2_EDGES:
        a, b = edge.split("-")
        neighbours[a].append(b)
        neighbours[b].append(a)
    lines: list[str] = []
    oid = 1
    for key, poly in regions.items():
        props = {"adjacent": ",".join(neighbours[key]), "label": TITLES[key]}
        lines += tiled_writer.polygon_object(oid, key, "region", poly, props)
        oid += 1
    for key in regions:
        x, y = CENTRES[key][0] * SCALE, CENTRES[key][1] * SCALE
        lines += tiled_writer.point_object(oid, f"{key} label", "label", x, y, {"region": key})
        oid += 1
    return lines


def write_tmx(path: Path, gids: list[int], regions: dict[str, list[Pt]]) -> None:
    """The map: one CSV tile layer and the ``regions`` object layer."""
    props = {"game": "condottiere", "source": "generated by tools/make_condottiere_map.py"}
    objects = [' <objectgroup id="2" name="regions">', *region_objects(regions), " </objectgroup>"]
    next_ids = (3, 2 * len(regions) + 1)
    tiled_writer.write_tmx(path, (COLS, ROWS, TILE), gids, "condottiere_tiles.tsx", props, objects, next_ids)


def main() -> None:
    """Build everything and write the three files under ``maps/``."""

    regions, others, coasts = build_geometry()
    picture, kinds = paint(regions, others, coasts)
    tiles, names, gids = cut_tiles(picture, kinds)
    columns = 16
    width, height, sheet = tiled_writer.tileset_image(tiles, columns, TILE)
    out = ROOT / "maps"
    out.mkdir(exist_ok=True)
    tiled_writer.write_png(out / "condottiere_tiles.png", width, height, sheet)
    terrains = [{"terrain": name} for name in names]
    tiled_writer.write_tsx(
        out / "condottiere_tiles.tsx",
        "condottiere_tiles",
        TILE,
        columns,
        (width, height),
        len(names),
        terrains,
    )
    write_tmx(out / "condottiere_italy.tmx", gids, regions)
    print(f"{len(regions)} regions, {len(tiles)} unique tiles -> {out}")


if __name__ == "__main__":
    main()
