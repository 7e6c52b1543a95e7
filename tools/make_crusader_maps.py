"""Generate both Crusader Kingdoms boards: tileset PNG, ``.tsx`` and ``.tmx`` (deterministic).

Run from the repository root::

    python tools/make_crusader_maps.py

Writes ``maps/crusader_saladin_2nd.{tmx,tsx,png}`` (3-4 players, 23 regions, supplement 4.1)
and ``maps/crusader_1st_3rd.{tmx,tsx,png}`` (1-2 players, 14 regions, supplement 4.2).
The same script always writes the same bytes; nothing is downloaded.

How the regions are built
-------------------------
The supplement's adjacency graph, drawn with straight lines between the region sites, is
planar.  Its faces are found by walking the embedding.  Each region's polygon is its cell
in the *barycentric dual*: every border runs from a junction inside one face, through the
midpoint of the edge, to a junction inside the other face.  A triangular face has one
junction (its centroid); a larger face keeps a shrunken copy of itself as a *void* between
the regions around it (painted as mountains, or as the Jordan lakes), so regions that are
not neighbours never touch.  Along the outer face each region's outline is pushed outward
to form the land's edge; the run of coastal regions faces the sea, the rest the desert.
Every border is one chain of points, subdivided, wobbled and smoothed once (points on a
0.5 px grid, exact in binary, so pytmx's offsets add back to the same floats), so two
neighbours always share exactly the same points.  The adjacency read back from the chains
must equal the supplement's table, and the coastal flags must equal the regions that touch
the sea.

The art (sea, coast glow, parchment land with hills, dunes and fields, rivers, dashed
borders, panels for the card areas) is painted with pygame on one picture and cut into
32 x 32 tiles; identical tiles are stored once.
"""

from __future__ import annotations

import math
import os
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tiled_writer  # noqa: E402
from crusader_map_data import AREAS, BOARDS, RIVERS, SITES, RegionRow  # noqa: E402
from tiled_writer import num, point_object, polygon_object  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
Pt = tuple[float, float]

TILE = 32
COLS, ROWS = 48, 28
W, H = TILE * COLS, TILE * ROWS  # 1536 x 896
X0, LW, Y0, LH = 470.0, 600.0, 40.0, 816.0  # where the supplement's unit square lands
OUT_D = 34.0  # how far the land reaches beyond the outer sites
VOID_SCALE = 0.42
SUPER = 3


class Rng:
    """SplitMix64, the engine's generator (kept local: the tool imports no game code)."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = (seed * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & self.MASK

    def below(self, n: int) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return (z ^ (z >> 31)) % n

    def unit(self) -> float:
        return self.below(2001) / 1000.0 - 1.0


def to_px(x: float, y: float) -> Pt:
    return (X0 + x * LW, Y0 + y * LH)


# ---------------------------------------------------------------------------------------------
# Planar embedding and faces


@dataclass
class Geometry:
    """Everything built for one board."""

    sites: dict[str, Pt]
    regions: dict[str, list[Pt]]
    voids: list[tuple[str, list[Pt]]]
    sea: list[Pt]
    coast: list[Pt]
    borders: list[list[Pt]] = field(default_factory=list)


def _angle(a: Pt, b: Pt) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def faces(sites: dict[str, Pt], adj: dict[str, tuple[str, ...]]) -> list[list[str]]:
    """Faces of the straight-line embedding (each a walk of vertices)."""
    order = {k: sorted(adj[k], key=lambda n, k=k: _angle(sites[k], sites[n])) for k in sites}
    seen: set[tuple[str, str]] = set()
    out: list[list[str]] = []
    for u in sites:
        for v in adj[u]:
            if (u, v) in seen:
                continue
            walk: list[str] = []
            a, b = u, v
            while (a, b) not in seen:
                seen.add((a, b))
                walk.append(a)
                nb = order[b]
                a, b = b, nb[(nb.index(a) - 1) % len(nb)]
            out.append(walk)
    return out


def _area(pts: list[Pt]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=False)) / 2


def _crosses(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    def o(p: Pt, q: Pt, r: Pt) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return o(a, b, c) * o(a, b, d) < 0 and o(c, d, a) * o(c, d, b) < 0


def check_planar(sites: dict[str, Pt], adj: dict[str, tuple[str, ...]]) -> None:
    edges = sorted({tuple(sorted((k, n))) for k in adj for n in adj[k]})
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1 :]:
            if len({a, b, c, d}) == 4 and _crosses(sites[a], sites[b], sites[c], sites[d]):
                raise SystemExit(f"edges {a}-{b} and {c}-{d} cross: move a site in crusader_map_data.SITES")


# ---------------------------------------------------------------------------------------------
# Chains: subdivide, wobble, smooth (endpoints fixed)


def _subdivide(points: list[Pt], step: float) -> list[Pt]:
    out = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        pieces = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / step))
        out.extend((x0 + (x1 - x0) * k / pieces, y0 + (y1 - y0) * k / pieces) for k in range(1, pieces + 1))
    return out


def _wobble(points: list[Pt], amplitude: float, seed: int) -> list[Pt]:
    rng = Rng(seed)
    out = [points[0]]
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by) = points[i - 1], points[i + 1]
        length = math.hypot(bx - ax, by - ay) or 1.0
        shift = amplitude * rng.unit()
        x, y = points[i]
        out.append((x - (by - ay) / length * shift, y + (bx - ax) / length * shift))
    return [*out, points[-1]] if len(points) > 1 else out


def _chaikin(points: list[Pt], rounds: int) -> list[Pt]:
    for _ in range(rounds):
        if len(points) < 3:
            return points
        out: list[Pt] = [points[0]]
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        points = [out[0], *out[2:-1], points[-1]]
    return points


def smooth_chain(raw: list[Pt], seed: int, amplitude: float = 3.5) -> list[Pt]:
    """Subdivided, wobbled and smoothed; endpoints kept exactly, rounded to 0.1 px."""
    pts = _chaikin(_wobble(_subdivide(raw, 12.0), amplitude, seed), 2)
    out: list[Pt] = []
    for x, y in pts:
        p = (_half(min(max(x, 0.0), W)), _half(min(max(y, 0.0), H)))
        if not out or out[-1] != p:
            out.append(p)
    return out


def _half(v: float) -> float:
    """Round to a multiple of 0.5 px: exact in binary, so Tiled's offsets add back exactly."""
    return round(v * 2) / 2


def _key(p: Pt) -> Pt:
    return (_half(p[0]), _half(p[1]))


def join(chains: list[list[Pt]], name: str) -> list[Pt]:
    """Chains end to end (each reversed when needed) into one closed ring."""
    pts = list(chains[0])
    if (
        len(chains) > 1
        and pts[0] in (chains[1][0], chains[1][-1])
        and pts[-1] not in (chains[1][0], chains[1][-1])
    ):
        pts.reverse()
    for chain in chains[1:]:
        if chain[0] == pts[-1]:
            pts.extend(chain[1:])
        elif chain[-1] == pts[-1]:
            pts.extend(list(reversed(chain))[1:])
        else:
            raise SystemExit(f"{name}: ring broken")
    if pts[-1] != pts[0]:
        raise SystemExit(f"{name}: ring does not close")
    pts.pop()
    if _area(pts) < 0:
        pts.reverse()
    return pts


# ---------------------------------------------------------------------------------------------
# The dual construction


def _norm(dx: float, dy: float) -> Pt:
    length = math.hypot(dx, dy) or 1.0
    return (dx / length, dy / length)


class Dual:
    """Junction points and chains of one board's dual."""

    def __init__(self, sites: dict[str, Pt], adj: dict[str, tuple[str, ...]]) -> None:
        self.sites, self.adj = sites, adj
        self.faces = faces(sites, adj)
        areas = [_area([sites[v] for v in f]) for f in self.faces]
        self.outer = max(range(len(self.faces)), key=lambda i: abs(areas[i]) * (1 if areas[i] < 0 else 0.001))
        self.q: dict[tuple[int, str, str], Pt] = {}
        self.corner: dict[tuple[int, int], list[Pt]] = {}  # (face, position) -> chain q_in .. q_out
        for fi, walk in enumerate(self.faces):
            self._junctions(fi, walk)

    def mid(self, a: str, b: str) -> Pt:
        (ax, ay), (bx, by) = self.sites[a], self.sites[b]
        return ((ax + bx) / 2, (ay + by) / 2)

    def _junctions(self, fi: int, walk: list[str]) -> None:
        k = len(walk)
        pts = [self.sites[v] for v in walk]
        if fi == self.outer:
            for i in range(k):
                a, b = walk[i], walk[(i + 1) % k]
                (ax, ay), (bx, by) = self.sites[a], self.sites[b]
                nx, ny = _norm(-(by - ay), bx - ax)
                mx, my = self.mid(a, b)
                self.q[fi, a, b] = _key((mx + nx * OUT_D, my + ny * OUT_D))
            for i in range(k):
                prev, v, nxt = walk[i - 1], walk[i], walk[(i + 1) % k]
                t_next, t_prev = (
                    _angle(self.sites[v], self.sites[nxt]),
                    _angle(self.sites[v], self.sites[prev]),
                )
                wedge = (t_prev - t_next) % (2 * math.pi) or 2 * math.pi
                bis = t_next + wedge / 2
                vx, vy = self.sites[v]
                reach = OUT_D * (1.0 if wedge < math.pi * 1.2 else 1.25)
                c = (vx + math.cos(bis) * reach, vy + math.sin(bis) * reach)
                self.corner[fi, i] = [self.q[fi, prev, v], _key(c), self.q[fi, v, nxt]]
            return
        cx, cy = sum(p[0] for p in pts) / k, sum(p[1] for p in pts) / k
        for i in range(k):
            a, b = walk[i], walk[(i + 1) % k]
            mx, my = self.mid(a, b)
            s = 0.0 if k == 3 else VOID_SCALE
            self.q[fi, a, b] = _key((cx + s * (mx - cx), cy + s * (my - cy)))
        for i in range(k):
            prev, v, nxt = walk[i - 1], walk[i], walk[(i + 1) % k]
            if k > 3:
                self.corner[fi, i] = [self.q[fi, prev, v], self.q[fi, v, nxt]]

    def face_of(self, a: str, b: str) -> int:
        for fi, walk in enumerate(self.faces):
            k = len(walk)
            if any(walk[i] == a and walk[(i + 1) % k] == b for i in range(k)):
                return fi
        raise SystemExit(f"no face for {a}->{b}")


def build(rows: list[RegionRow], board: str) -> Geometry:
    """Region polygons, voids, sea and coastline of one board, in map pixels."""
    adj = {r.key: r.adjacent for r in rows}
    coastal = {r.key: r.coastal for r in rows}
    moved = SITES[board]
    sites = {r.key: to_px(*moved.get(r.key, (r.x, r.y))) for r in rows}
    check_planar(sites, adj)
    dual = Dual(sites, adj)
    chains: dict[tuple, list[Pt]] = {}
    for a in sites:
        for b in adj[a]:
            if a < b:
                q1, q2 = dual.q[dual.face_of(a, b), a, b], dual.q[dual.face_of(b, a), b, a]
                chains["b", a, b] = smooth_chain([q1, dual.mid(a, b), q2], zlib.crc32(f"{a}|{b}".encode()))
    for (fi, i), raw in dual.corner.items():
        amp = 2.2 if fi == dual.outer else 3.0
        chains["c", fi, i] = smooth_chain(raw, zlib.crc32(f"{board}{fi}:{i}".encode()), amp)
    regions = {key: _region_ring(dual, chains, key) for key in sites}
    voids = _voids(dual, chains, rows)
    sea, coast = _sea(dual, chains, coastal)
    borders = [c for k, c in chains.items() if k[0] == "b"]
    return Geometry(sites, regions, voids, sea, coast, borders)


def _region_ring(dual: Dual, chains: dict[tuple, list[Pt]], key: str) -> list[Pt]:
    parts: list[list[Pt]] = []
    for fi, walk in enumerate(dual.faces):
        k = len(walk)
        for i, v in enumerate(walk):
            if v != key:
                continue
            nxt = walk[(i + 1) % k]
            if (fi, i) in dual.corner:
                parts.append(chains["c", fi, i])
            a, b = sorted((v, nxt))
            parts.append(chains["b", a, b])
    pts = list(parts.pop(0))
    flipped = False
    while parts:
        for j, chain in enumerate(parts):
            if chain[0] == pts[-1]:
                pts.extend(parts.pop(j)[1:])
                break
            if chain[-1] == pts[-1]:
                pts.extend(list(reversed(parts.pop(j)))[1:])
                break
        else:
            if flipped:
                raise SystemExit(f"{key}: cannot close its outline")
            pts.reverse()
            flipped = True
    if pts[-1] != pts[0]:
        raise SystemExit(f"{key}: outline does not close")
    pts.pop()
    if _area(pts) < 0:
        pts.reverse()
    return pts


def join_open(chains: list[list[Pt]]) -> list[Pt]:
    """Chains end to end into one open polyline."""
    pts = list(chains[0])
    if len(chains) > 1 and pts[0] in (chains[1][0], chains[1][-1]):
        pts.reverse()
    for chain in chains[1:]:
        pts.extend(chain[1:] if chain[0] == pts[-1] else list(reversed(chain))[1:])
    return pts


def _voids(dual: Dual, chains: dict[tuple, list[Pt]], rows: list[RegionRow]) -> list[tuple[str, list[Pt]]]:
    out: list[tuple[str, list[Pt]]] = []
    for fi, walk in enumerate(dual.faces):
        if fi == dual.outer or len(walk) == 3:
            continue
        ring = join([chains["c", fi, i] for i in range(len(walk))], f"void {walk}")
        kind = "lake" if {"jerusalem", "damascus"} <= set(walk) else "mountains"
        out.append((kind, ring))
    return out


def _sea(dual: Dual, chains: dict[tuple, list[Pt]], coastal: dict[str, bool]) -> tuple[list[Pt], list[Pt]]:
    """The sea polygon (the longest run of coastal regions on the outer face, closed by the frame)."""
    walk = dual.faces[dual.outer]
    k = len(walk)
    start = next(i for i in range(k) if not coastal[walk[i]])
    best: list[int] = []
    run: list[int] = []
    for j in range(1, k + 1):
        i = (start + j) % k
        if coastal[walk[i]]:
            run.append(i)
        else:
            best, run = (run if len(run) > len(best) else best), []
    best = run if len(run) > len(best) else best
    touched = {walk[i] for i in best}
    if touched != {key for key, c in coastal.items() if c}:
        raise SystemExit(
            f"coastal flags {sorted(k for k, c in coastal.items() if c)} != sea {sorted(touched)}"
        )
    coast = join_open([chains["c", dual.outer, i] for i in best])
    if coast[0][1] > coast[-1][1]:
        coast.reverse()
    north, south = coast[0], coast[-1]
    cilicia = smooth_chain([north, (north[0] - 40, north[1] * 0.55), (north[0] - 150, 0.0)], 77, 6.0)
    sinai = smooth_chain([south, (south[0] - 30, (south[1] + H) / 2), (south[0] - 110, float(H))], 78, 5.0)
    full = list(reversed(cilicia)) + coast[1:-1] + sinai
    frame = [(0.0, float(H)), (0.0, 0.0)]
    return full + frame, full


# ---------------------------------------------------------------------------------------------
# Painting

SEA = (30, 64, 104)
SEA_WAVE = (62, 104, 150)
SHALLOW = (88, 140, 170)
PARCHMENT = (232, 216, 174)
DESERT = (214, 184, 128)
DUNE = (178, 142, 88)
INK = (70, 48, 30)
HILL = (140, 106, 70)
RIVER = (70, 120, 168)
PANEL = (46, 34, 26)
GOLD = (196, 160, 84)


def _mask(polys: list[list[Pt]]) -> pygame.Surface:
    big = pygame.Surface((W * SUPER, H * SUPER), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    for poly in polys:
        pygame.draw.polygon(big, (255, 255, 255, 255), [(x * SUPER, y * SUPER) for x, y in poly])
    return pygame.transform.smoothscale(big, (W, H))


def _lines(
    lines: list[list[Pt]], colour: tuple[int, int, int], width: float, closed: bool = False
) -> pygame.Surface:
    big = pygame.Surface((W * SUPER, H * SUPER), pygame.SRCALPHA)
    big.fill((*colour, 0))
    for line in lines:
        pts = [(x * SUPER, y * SUPER) for x, y in line]
        pygame.draw.lines(big, (*colour, 255), closed, pts, max(1, round(width * SUPER)))
    return pygame.transform.smoothscale(big, (W, H))


def _dashes(line: list[Pt], on: float = 7.0, off: float = 5.0) -> list[list[Pt]]:
    out: list[list[Pt]] = []
    cur: list[Pt] = []
    travelled, drawing = 0.0, True
    for a, b in zip(line, line[1:], strict=False):
        seg = math.dist(a, b)
        if drawing:
            cur.append(a)
        travelled += seg
        limit = on if drawing else off
        if travelled >= limit:
            if drawing:
                cur.append(b)
                if len(cur) > 1:
                    out.append(cur)
                cur = []
            drawing, travelled = not drawing, 0.0
    if drawing and len(cur) > 1:
        out.append(cur)
    return out


def _texture(base: tuple[int, int, int], spread: int, seed: int) -> pygame.Surface:
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    s.fill(base)
    rng = Rng(seed)
    for _ in range(W * H // 40):
        x, y = rng.below(W), rng.below(H)
        d = rng.below(2 * spread + 1) - spread
        s.set_at((x, y), tuple(max(0, min(255, c + d)) for c in base))
    return s


def _glyphs(surface: pygame.Surface, land: pygame.Surface, seed: int) -> None:
    """Hills inland, dunes to the east, fields near the coast, on cells fully inside land."""
    rng = Rng(seed)
    for gy in range(20, H - 10, 26):
        for gx in range(20, W - 10, 30):
            x, y = gx + rng.below(12) - 6, gy + rng.below(10) - 5
            if land.get_at((x, y)).a < 250 or land.get_at((min(W - 1, x + 12), y)).a < 250:
                continue
            nx = (x - X0) / LW
            roll = rng.below(100)
            if nx > 0.66 and roll < 55:
                pygame.draw.arc(surface, DUNE, (x - 8, y - 3, 16, 8), 0.2, math.pi - 0.2, 2)
            elif 0.3 < nx < 0.62 and roll < 45:
                pygame.draw.polygon(surface, (200, 178, 134), [(x, y - 8), (x - 9, y + 3), (x + 9, y + 3)])
                pygame.draw.lines(surface, HILL, False, [(x - 9, y + 3), (x, y - 8), (x + 9, y + 3)], 2)
            elif nx <= 0.3 and roll < 30:
                for k in range(3):
                    pygame.draw.line(
                        surface, (196, 176, 118), (x - 8, y - 4 + 4 * k), (x + 8, y - 5 + 4 * k), 1
                    )


def _void_art(surface: pygame.Surface, kind: str, ring: list[Pt], seed: int) -> None:
    if kind == "lake":
        pygame.draw.polygon(surface, (120, 110, 84), ring)
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        cx = sum(xs) / len(xs)
        top, bottom = min(ys), max(ys)
        h = bottom - top
        pygame.draw.ellipse(surface, (64, 112, 156), (cx - 9, top + h * 0.08, 18, h * 0.2))
        pygame.draw.ellipse(surface, (64, 112, 156), (cx - 8, top + h * 0.62, 16, h * 0.3))
        pygame.draw.line(surface, RIVER, (cx, top + h * 0.28), (cx, top + h * 0.62), 2)
        return
    pygame.draw.polygon(surface, (168, 140, 104), ring)
    rng = Rng(seed)
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    for _ in range(40):
        x = min(xs) + rng.below(int(max(xs) - min(xs)) + 1)
        y = min(ys) + rng.below(int(max(ys) - min(ys)) + 1)
        if _inside((x, y - 8), ring) and _inside((x - 8, y + 3), ring) and _inside((x + 8, y + 3), ring):
            pygame.draw.polygon(surface, (190, 164, 124), [(x, y - 9), (x - 8, y + 3), (x + 8, y + 3)])
            pygame.draw.polygon(surface, (132, 100, 66), [(x, y - 9), (x + 2, y + 3), (x + 8, y + 3)])
            pygame.draw.lines(surface, (96, 70, 44), False, [(x - 8, y + 3), (x, y - 9), (x + 8, y + 3)], 1)


def _inside(pt: Pt, poly: list[Pt]) -> bool:
    x, y = pt
    res = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=False):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            res = not res
    return res


def _invert(mask: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    out.fill((255, 255, 255, 255))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    out.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def _panels(surface: pygame.Surface, areas: dict[str, tuple[int, int, int, int]]) -> None:
    for x, y, w, h in areas.values():
        panel = pygame.Surface((w, h), pygame.SRCALPHA)
        panel.fill((*PANEL, 120))
        surface.blit(panel, (x, y))
        pygame.draw.rect(surface, GOLD, (x, y, w, h), 2, border_radius=6)
        pygame.draw.rect(surface, (*GOLD, 90), (x + 4, y + 4, w - 8, h - 8), 1, border_radius=4)


def paint(geo: Geometry, board: str) -> pygame.Surface:
    picture = _texture(DESERT, 6, 11)
    sea_mask = _mask([geo.sea])
    land_mask = _mask(list(geo.regions.values()))
    sea = _texture(SEA, 4, 12)
    rng = Rng(13)
    for _ in range(260):
        x, y = rng.below(W), rng.below(H)
        pygame.draw.arc(sea, SEA_WAVE, (x, y, 10, 5), 0.3, math.pi - 0.3, 1)
    glow = pygame.transform.gaussian_blur(_lines([geo.coast], (255, 255, 255), 22), 10)
    shallow = pygame.Surface((W, H), pygame.SRCALPHA)
    shallow.fill((*SHALLOW, 170))
    shallow.blit(glow, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    sea.blit(shallow, (0, 0))
    sea.blit(sea_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    for gx in range(10, W, 44):
        for gy in range(10, H, 38):
            if picture.get_at((gx, gy))[:3] and sea_mask.get_at((gx, gy)).a == 0 and (gx + gy) % 3 == 0:
                pygame.draw.arc(picture, DUNE, (gx, gy, 14, 6), 0.2, math.pi - 0.2, 1)
    picture.blit(sea, (0, 0))
    land = _texture(PARCHMENT, 5, 14)
    _glyphs(land, land_mask, 15)
    land.blit(land_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(land, (0, 0))
    for i, (kind, ring) in enumerate(geo.voids):
        _void_art(picture, kind, ring, 20 + i)
    rivers = pygame.Surface((W, H), pygame.SRCALPHA)
    for line in RIVERS[board]:
        pts = [to_px(x, y) for x, y in line]
        pygame.draw.lines(rivers, RIVER, False, _chaikin(_subdivide(pts, 10), 3), 3)
    rivers.blit(_invert(sea_mask), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(rivers, (0, 0))
    dashes = [d for b in geo.borders for d in _dashes(b)]
    picture.blit(_lines(dashes, INK, 1.8), (0, 0))
    picture.blit(_lines([geo.coast], INK, 2.0), (0, 0))
    picture.blit(_lines([r + r[:1] for r in geo.regions.values()], (90, 64, 40), 0.8), (0, 0))
    _panels(picture, AREAS[board])
    return picture


# ---------------------------------------------------------------------------------------------
# Files


def _region_props(row: RegionRow, numbered: bool) -> dict[str, str]:
    props = {
        "adjacent": ",".join(row.adjacent),
        "coastal": "true" if row.coastal else "false",
        "defense": str(row.defense),
        "label": row.label,
    }
    if numbered:
        props["region_number"] = str(row.number)
        props["vp"] = str(row.vp)
    return props


def object_layers(geo: Geometry, rows: list[RegionRow], board: str) -> tuple[list[str], int]:
    """The ``regions`` layer (polygons then label points), ``areas`` and ``names`` layers."""
    numbered = board == "crusades"
    lines = [' <objectgroup id="2" name="regions">']
    oid = 1
    for row in rows:
        lines += polygon_object(oid, row.key, "region", geo.regions[row.key], _region_props(row, numbered))
        oid += 1
    for row in rows:
        x, y = geo.sites[row.key]
        lines += point_object(oid, f"{row.key} label", "label", x, y, {"region": row.key})
        oid += 1
    lines += [" </objectgroup>", ' <objectgroup id="3" name="areas">']
    for name, (x, y, w, h) in AREAS[board].items():
        lines.append(
            f'  <object id="{oid}" name="{name}" type="area" x="{x}" y="{y}" width="{w}" height="{h}"/>'
        )
        oid += 1
    lines += [" </objectgroup>", ' <objectgroup id="4" name="names">']
    for name, (x, y, w, _h) in AREAS[board].items():
        caption = escape(name.replace("_", " ").capitalize())
        lines.append(
            f'  <object id="{oid}" name="{name} caption" type="name" x="{x + 8}" y="{y + 6}" width="{w - 16}" height="18">'
        )
        lines += [
            f'   <text fontfamily="Serif" pixelsize="12" color="#ffe8d8a8">{caption}</text>',
            "  </object>",
        ]
        oid += 1
    for row in rows:
        x, y = geo.sites[row.key]
        lines.append(
            f'  <object id="{oid}" name="{row.key} name" type="name" x="{num(x - 80)}" y="{num(y + 6)}" '
            f'width="160" height="20">'
        )
        text = f"{row.label} ({row.defense})"
        if numbered:
            text = f"{row.number}. {text} {row.vp} VP"
        text = escape(text)
        lines += [f'   <text fontfamily="Serif" pixelsize="13" bold="1" color="#ff3a2a1c" halign="center">{text}</text>',
                  "  </object>"]  # fmt: skip
        oid += 1
    lines.append(" </objectgroup>")
    return lines, oid


def write_tmx(
    path: Path, name: str, title: str, gids: list[int], geo: Geometry, rows: list[RegionRow], board: str
) -> None:
    objects, next_id = object_layers(geo, rows, board)
    props = {
        "game": "crusader_kingdoms",
        "title": title,
        "source": "generated by tools/make_crusader_maps.py",
    }
    tiled_writer.write_tmx(path, (COLS, ROWS, TILE), gids, f"{name}_tiles.tsx", props, objects, (5, next_id))


def check(geo: Geometry, rows: list[RegionRow]) -> None:
    """Stop if a polygon does not hold its site or crosses itself, or adjacency was lost."""
    for row in rows:
        poly = geo.regions[row.key]
        if not _inside(geo.sites[row.key], poly):
            raise SystemExit(f"{row.key}: site outside its polygon")
        n = len(poly)
        for i in range(n):
            for j in range(i + 2, n):
                if (i == 0 and j == n - 1) or not _crosses(
                    poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]
                ):
                    continue
                raise SystemExit(f"{row.key}: polygon crosses itself at {i}, {j}")
    for row in rows:
        mine = set(zip(geo.regions[row.key], geo.regions[row.key][1:], strict=False))
        for other in rows:
            if other.key == row.key:
                continue
            theirs = set(zip(geo.regions[other.key][1:], geo.regions[other.key], strict=False))
            touching = len(mine & theirs) > 0
            if touching != (other.key in row.adjacent):
                raise SystemExit(f"{row.key} / {other.key}: drawn border does not match the table")


def main() -> None:
    out = ROOT / "maps"
    out.mkdir(exist_ok=True)
    for board, (name, title, rows) in BOARDS.items():
        geo = build(rows, board)
        check(geo, rows)
        tiles, gids, _firsts = tiled_writer.cut_tiles(paint(geo, board), TILE, COLS, ROWS)
        columns = 32
        width, height, sheet = tiled_writer.tileset_image(tiles, columns, TILE)
        tiled_writer.write_png(out / f"{name}_tiles.png", width, height, sheet)
        tiled_writer.write_tsx(
            out / f"{name}_tiles.tsx", f"{name}_tiles", TILE, columns, (width, height), len(tiles)
        )
        write_tmx(out / f"{name}.tmx", name, title, gids, geo, rows, board)
        print(f"{name}: {len(rows)} regions, {len(geo.voids)} voids, {len(tiles)} unique tiles")


if __name__ == "__main__":
    pass
    main()
