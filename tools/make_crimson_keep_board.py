"""Generate the Crimson Keep main board: tileset PNG, ``.tsx`` and ``.tmx`` (deterministic).

Run from the repository root::

    python tools/make_crimson_keep_board.py

Writes ``maps/crimson_keep_tiles.png``, ``maps/crimson_keep_tiles.tsx`` and
``maps/crimson_keep_board.tmx``.  The same script always writes the same bytes.

Layout (supplement CK2 section 1), 64 px tiles, 15 x 10 tiles:

* tile columns 3..11 hold the 9 x 5 main grid (grid column c = tile column c + 3),
  level 5 on tile row 1 down to level 1 on tile row 5; both keeps are 3 x 5, the
  no-man's land is grid columns 3..5 with the gates on (3,1) and (5,1);
* tile row 6 holds the Monolith (off-grid, centred on grid column 4, 4 Dragon slots);
* tile rows 7..9 hold the two clans' Action Tracks (four tracks each) with the token
  supply between them;
* tile columns 0..2 and 12..14 are the Left and Right Clan Board areas.

Object layers (read by ``crimson_table/engine/crimson_keep/board.py`` through
``engine/tiled.py`` with pytmx's default settings): ``spaces`` (one rectangle per
grid space, named ``cell_<c>_<l>``), ``monolith``, ``tracks`` and ``clan_boards``.
Custom property names never shadow pytmx attributes; display names go in ``label``.
"""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TILE = 64
COLS, ROWS = 15, 10
GRID_X0 = 3  # tile column of grid column 0
LEVEL1_ROW = 5  # tile row of level 1
KEEPS = {"left": {"A": 0, "B": 1, "C": 2}, "right": {"C": 6, "B": 7, "A": 8}}
NO_MANS_LAND = (3, 4, 5)
GATES = {"left": (3, 1), "right": (5, 1)}
TRACKS = (("build", 4, "Move Weak"), ("craft", 4, "Move Strong"), ("power", 5, "Move Mighty"),
          ("march", 4, "War Chest"))  # fmt: skip
TRACK_ACTIONS = {"build": "Place, Replace", "craft": "Flip, Draw", "power": "Special Ability, Battle",
                 "march": "Move"}  # fmt: skip

# tile kinds, in tileset order
KINDS = (
    "sky", "keep_left", "keep_right", "ground", "gate_left", "gate_right", "air",
    "monolith", "rock", "track", "wood_left", "wood_right", "supply",
)  # fmt: skip
BASE = {
    "sky": (36, 24, 40), "keep_left": (78, 52, 96), "keep_right": (52, 92, 60),
    "ground": (92, 64, 44), "gate_left": (110, 70, 120), "gate_right": (70, 120, 80),
    "air": (58, 34, 44), "monolith": (20, 18, 22), "rock": (60, 48, 40), "track": (84, 40, 36),
    "wood_left": (70, 50, 66), "wood_right": (50, 66, 54), "supply": (120, 96, 40),
}  # fmt: skip


def _speckle(s: pygame.Surface, base: tuple[int, int, int], salt: int) -> None:
    s.fill(base)
    state = salt * 7919 + 17
    for _ in range(90):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        x, y = state % TILE, (state >> 8) % TILE
        d = ((state >> 16) % 21) - 10
        s.set_at((x, y), tuple(max(0, min(255, v + d)) for v in base))


def paint_tile(kind: str) -> pygame.Surface:
    """One 64 x 64 tile of the given kind."""
    s = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    _speckle(s, BASE[kind], KINDS.index(kind) + 1)
    dark = tuple(max(0, v - 40) for v in BASE[kind])
    light = tuple(min(255, v + 50) for v in BASE[kind])
    if kind.startswith("keep"):
        pygame.draw.rect(s, dark, (0, 0, TILE, TILE), 3)
        pygame.draw.line(s, dark, (0, TILE // 2), (TILE, TILE // 2), 2)
        pygame.draw.line(s, dark, (TILE // 2, 0), (TILE // 2, TILE // 2), 2)
        pygame.draw.rect(s, light, (20, 20, 24, 24), 2)  # building icon frame
    elif kind.startswith("gate"):
        pygame.draw.rect(s, dark, (0, 0, TILE, TILE), 3)
        pygame.draw.arc(s, light, (12, 10, 40, 60), 0, 3.1416, 4)
        pygame.draw.line(s, light, (12, 40), (12, 62), 4)
        pygame.draw.line(s, light, (51, 40), (51, 62), 4)
    elif kind == "ground":
        pygame.draw.rect(s, dark, (0, 0, TILE, TILE), 2)
        pygame.draw.polygon(s, light, [(32, 18), (46, 32), (32, 46), (18, 32)], 2)  # combat icon
    elif kind == "air":
        pygame.draw.rect(s, dark, (0, 0, TILE, TILE), 1)
    elif kind == "monolith":
        pygame.draw.rect(s, (150, 20, 30), (4, 4, TILE - 8, TILE - 8), 3)
    elif kind == "track":
        pygame.draw.circle(s, light, (32, 32), 18, 3)
    elif kind.startswith("wood"):
        for y in range(8, TILE, 16):
            pygame.draw.line(s, dark, (0, y), (TILE, y), 1)
    elif kind == "supply":
        pygame.draw.circle(s, (200, 170, 80), (22, 32), 10)
        pygame.draw.circle(s, (160, 160, 190), (42, 32), 10)
    return s


def tile_kind(tx: int, ty: int) -> str:
    """What the tile at tile column ``tx``, row ``ty`` shows."""
    if tx < GRID_X0:
        return "wood_left"
    if tx >= GRID_X0 + 9:
        return "wood_right"
    c = tx - GRID_X0
    if ty == 0:
        return "sky"
    if 1 <= ty <= LEVEL1_ROW:
        level = LEVEL1_ROW + 1 - ty
        if c in KEEPS["left"].values():
            return "keep_left"
        if c in KEEPS["right"].values():
            return "keep_right"
        if level == 1:
            return (
                "gate_left"
                if (c, 1) == GATES["left"]
                else "gate_right"
                if (c, 1) == GATES["right"]
                else "ground"
            )
        return "air"
    if ty == 6:
        return "monolith" if c in (3, 4, 5) else "rock"
    return "supply" if c == 4 else "rock"


def rgba(surface: pygame.Surface) -> bytes:
    """Raw RGBA bytes of a surface."""
    return pygame.image.tobytes(surface, "RGBA")


def write_png(path: Path, width: int, height: int, data: bytes) -> None:
    """A plain RGBA PNG written with zlib (byte-for-byte reproducible)."""

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))

    stride = width * 4
    raw = b"".join(b"\x00" + data[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
    path.write_bytes(png + chunk(b"IEND", b""))


def write_tileset(out: Path) -> None:
    """The tileset PNG (one row of tiles) and its ``.tsx`` with a ``kind`` property per tile."""
    sheet = pygame.Surface((TILE * len(KINDS), TILE), pygame.SRCALPHA)
    for i, kind in enumerate(KINDS):
        sheet.blit(paint_tile(kind), (i * TILE, 0))
    write_png(out / "crimson_keep_tiles.png", sheet.get_width(), TILE, rgba(sheet))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="crimson_keep_tiles" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{len(KINDS)}" columns="{len(KINDS)}">',
        f' <image source="crimson_keep_tiles.png" width="{TILE * len(KINDS)}" height="{TILE}"/>',
    ]
    for i, kind in enumerate(KINDS):
        lines += [f' <tile id="{i}">', "  <properties>", f'   <property name="kind" value="{kind}"/>',
                  "  </properties>", " </tile>"]  # fmt: skip
    lines.append("</tileset>")
    (out / "crimson_keep_tiles.tsx").write_text("\n".join(lines) + "\n", encoding="utf-8")


class Objects:
    """Accumulates Tiled objects (rectangles) for one map, numbering them."""

    def __init__(self) -> None:
        self.next_id = 1

    def rect(
        self, name: str, otype: str, x: float, y: float, w: float, h: float, props: dict[str, object]
    ) -> list[str]:
        """One rectangle object as TMX lines."""
        oid = self.next_id
        self.next_id += 1
        head = f'  <object id="{oid}" name="{name}" type="{otype}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"'
        if not props:
            return [head + "/>"]
        out = [head + ">", "   <properties>"]
        for key, value in props.items():
            if isinstance(value, bool):
                out.append(f'    <property name="{key}" type="bool" value="{str(value).lower()}"/>')
            elif isinstance(value, int):
                out.append(f'    <property name="{key}" type="int" value="{value}"/>')
            else:
                out.append(f"    <property name={quoteattr(key)} value={quoteattr(str(value))}/>")
        return out + ["   </properties>", "  </object>"]


def space_objects(o: Objects) -> list[str]:
    """One rectangle per grid space (c, l)."""
    lines: list[str] = []
    for level in range(1, 6):
        for c in range(9):
            x, y = (GRID_X0 + c) * TILE, (LEVEL1_ROW + 1 - level) * TILE
            props: dict[str, object] = {"col": c, "level": level}
            for side, cols in KEEPS.items():
                for letter, kc in cols.items():
                    if kc == c:
                        props.update(zone=f"keep_{side}", keep_column=letter)
            if c in NO_MANS_LAND:
                props["zone"] = "no_mans_land"
            for side, g in GATES.items():
                if g == (c, level):
                    props["gate"] = side
            props["label"] = _space_label(c, level)
            lines += o.rect(f"cell_{c}_{level}", "space", x, y, TILE, TILE, props)
    return lines


def _space_label(c: int, level: int) -> str:
    for side, cols in KEEPS.items():
        for letter, kc in cols.items():
            if kc == c:
                return f"{side.title()} {level}{letter}"
    return f"Battlefield ({c},{level})"


def monolith_objects(o: Objects) -> list[str]:
    """The Monolith and its four Dragon card slots (off-grid)."""
    y = 6 * TILE
    x0 = (GRID_X0 + 3) * TILE
    lines = o.rect("monolith", "monolith", x0, y, 3 * TILE, TILE,
                   {"reference_column": 4, "dragon_slots": 4, "label": "The Monolith"})  # fmt: skip
    for i in range(4):
        lines += o.rect(
            f"dragon_slot_{i + 1}", "dragon_slot", x0 + 8 + i * 44, y + 8, 40, 48, {"slot": i + 1}
        )
    return lines


def track_objects(o: Objects) -> list[str]:
    """Each clan's four Action Tracks: one object per track space, plus the token supply."""
    lines: list[str] = []
    for side in ("left", "right"):
        base_tx = GRID_X0 if side == "left" else GRID_X0 + 5
        for t, (track, final, free) in enumerate(TRACKS):
            for step in range(final + 1):
                x = base_tx * TILE + step * 32 + 4 + (0 if side == "left" else (5 - final) * 32)
                y = 7 * TILE + t * 44 + 8
                props: dict[str, object] = {"clan": side, "track": track, "step": step, "final": step == final,
                                            "order": t + 1, "actions": TRACK_ACTIONS[track]}  # fmt: skip
                if step == final:
                    props["free_action"] = free
                lines += o.rect(f"track_{side}_{track}_{step}", "track_space", x, y, 28, 28, props)
    lines += o.rect("token_supply", "supply", (GRID_X0 + 4) * TILE, 7 * TILE, TILE, 3 * TILE,
                    {"label": "Battle Token supply"})  # fmt: skip
    return lines


CLAN_AREAS = (
    ("summoning", 3, "Summoning Cards"), ("barracks", 3, "Barracks"), ("caverns", 3, "Caverns"),
)  # fmt: skip


def clan_board_objects(o: Objects) -> list[str]:
    """Both Clan Boards: slots for summoning cards, barracks, caverns, piles and the summon board."""
    lines: list[str] = []
    for side in ("left", "right"):
        x0 = 0 if side == "left" else (GRID_X0 + 9) * TILE
        for row, (area, slots, label) in enumerate(CLAN_AREAS):
            for i in range(slots):
                lines += o.rect(f"{side}_{area}_{i + 1}", area, x0 + i * TILE + 4, (row + 1) * TILE + 4, 56, 56,
                                {"clan": side, "slot": i + 1, "label": f"{label} {i + 1}"})  # fmt: skip
        piles = (("pool", "Caverns token pool"), ("tactics", "Battle Tactics"), ("deck", "Clan Deck"))
        for i, (area, label) in enumerate(piles):
            lines += o.rect(f"{side}_{area}", area, x0 + i * TILE + 4, 4 * TILE + 4, 56, 56,
                            {"clan": side, "label": label})  # fmt: skip
        for i, (area, label) in enumerate((("discard", "Discard pile"), ("destroyed", "Destroyed pile"))):
            lines += o.rect(f"{side}_{area}", area, x0 + i * TILE + 4, 5 * TILE + 4, 56, 56,
                            {"clan": side, "label": label})  # fmt: skip
        lines += o.rect(f"{side}_summon_board", "summon_board", x0, 6 * TILE, 3 * TILE, 4 * TILE,
                        {"clan": side, "label": "Summon Board", "track_spaces": 31})  # fmt: skip
        lines += o.rect(f"{side}_hand", "hand", x0, 0, 3 * TILE, TILE, {"clan": side, "label": "Hand"})
    return lines


def write_tmx(out: Path) -> None:
    """The map: one CSV tile layer and four object layers."""
    gids = [KINDS.index(tile_kind(tx, ty)) + 1 for ty in range(ROWS) for tx in range(COLS)]
    rows = [",".join(str(g) for g in gids[r * COLS : (r + 1) * COLS]) for r in range(ROWS)]
    o = Objects()
    layers = [("spaces", space_objects(o)), ("monolith", monolith_objects(o)), ("tracks", track_objects(o)),
              ("clan_boards", clan_board_objects(o))]  # fmt: skip
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{COLS}" height="{ROWS}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{len(layers) + 2}" nextobjectid="{o.next_id}">',
        " <properties>",
        '  <property name="game" value="crimson_keep"/>',
        '  <property name="grid_columns" type="int" value="9"/>',
        '  <property name="grid_levels" type="int" value="5"/>',
        '  <property name="source" value="generated by tools/make_crimson_keep_board.py"/>',
        " </properties>",
        ' <tileset firstgid="1" source="crimson_keep_tiles.tsx"/>',
        f' <layer id="1" name="board" width="{COLS}" height="{ROWS}">',
        '  <data encoding="csv">',
        ",\n".join(rows),
        "</data>",
        " </layer>",
    ]
    for i, (name, objs) in enumerate(layers):
        lines += [f' <objectgroup id="{i + 2}" name="{name}">', *objs, " </objectgroup>"]
    lines.append("</map>")
    (out / "crimson_keep_board.tmx").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    """Write the three files under ``maps/``."""
    pygame.init()
    out = ROOT / "maps"
    out.mkdir(exist_ok=True)
    write_tileset(out)
    write_tmx(out)
    print(f"wrote crimson_keep_board.tmx, {len(KINDS)} tiles -> {out}")


if __name__ == "__main__":
    main()
