"""Both Crusader Kingdoms boards match the supplement's tables 4.1 and 4.2."""

from __future__ import annotations

import math
import os

import pytest

from crimson_table.engine.crusader_kingdoms.board import card_areas, crusades, saladin
from crimson_table.engine.tiled import MapData, load_map
from crimson_table.resources import map_path

# 4.1: key -> (RDV, coastal, neighbours)
SALADIN_TABLE = {
    "marash": (2, False, "edessa turbessel antioch"),
    "edessa": (2, False, "marash turbessel aleppo"),
    "turbessel": (2, False, "edessa marash aleppo"),
    "antioch": (4, True, "marash harim latakia aleppo"),
    "harim": (2, False, "antioch aleppo shaizar"),
    "aleppo": (3, False, "edessa turbessel antioch harim hama"),
    "latakia": (3, True, "antioch shaizar tortosa"),
    "shaizar": (3, False, "harim latakia hama"),
    "hama": (3, False, "aleppo shaizar homs"),
    "tortosa": (2, True, "latakia homs tripoli"),
    "homs": (3, False, "hama tortosa tripoli baalbek damascus"),
    "tripoli": (3, True, "tortosa homs baalbek beirut"),
    "baalbek": (3, False, "homs tripoli beirut damascus"),
    "beirut": (2, True, "tripoli baalbek damascus tyre"),
    "damascus": (4, False, "homs baalbek beirut acre kerak"),
    "tyre": (3, True, "beirut acre"),
    "acre": (3, True, "tyre damascus nablus jaffa jerusalem"),
    "nablus": (2, False, "acre jaffa jerusalem"),
    "jaffa": (2, True, "acre nablus jerusalem ascalon"),
    "jerusalem": (4, False, "acre nablus jaffa ascalon gaza kerak"),
    "ascalon": (3, True, "jaffa jerusalem gaza"),
    "gaza": (2, True, "ascalon jerusalem kerak"),
    "kerak": (4, False, "damascus jerusalem gaza"),
}

# 4.2: key -> (number, RDV, VP, coastal, neighbours)
CRUSADES_TABLE = {
    "jerusalem": (1, 4, 6, False, "acre jaffa ascalon"),
    "damascus": (2, 4, 4, False, "homs beirut acre"),
    "aleppo": (3, 4, 4, False, "antioch marah hama"),
    "acre": (4, 3, 4, True, "beirut damascus jaffa jerusalem"),
    "antioch": (5, 4, 4, True, "aleppo latakia marah"),
    "tripoli": (6, 3, 3, True, "tortosa homs beirut"),
    "ascalon": (7, 3, 3, True, "jaffa jerusalem"),
    "homs": (8, 2, 3, False, "hama tortosa tripoli damascus"),
    "jaffa": (9, 2, 3, True, "acre jerusalem ascalon"),
    "hama": (10, 2, 2, False, "aleppo marah homs"),
    "beirut": (11, 2, 2, True, "tripoli damascus acre"),
    "tortosa": (12, 2, 2, True, "latakia homs tripoli"),
    "latakia": (13, 2, 2, True, "antioch marah tortosa"),
    "marah": (14, 1, 2, False, "antioch aleppo latakia hama"),
}

MAPS = ("crusader_saladin_2nd.tmx", "crusader_1st_3rd.tmx")


@pytest.fixture(scope="module", params=MAPS)
def board_map(request: pytest.FixtureRequest) -> MapData:
    return load_map(map_path(request.param))


def test_saladin_board_has_the_23_regions_rdv_and_coasts_of_table_4_1() -> None:
    """CK-R4: RDV and coastal flag of every region."""
    b = saladin()
    assert sorted(b.names) == sorted(SALADIN_TABLE)
    for key, (rdv, coastal, _adj) in SALADIN_TABLE.items():
        i = b.index[key]
        assert (b.defense[i], b.coastal[i]) == (rdv, coastal), key


def test_saladin_board_adjacency_equals_table_4_1() -> None:
    """CK-R4: the adjacency lists."""
    b = saladin()
    for key, (_rdv, _coastal, adj) in SALADIN_TABLE.items():
        assert sorted(b.names[n] for n in b.neighbours[b.index[key]]) == sorted(adj.split()), key


def test_crusades_board_has_numbers_rdv_vp_and_coasts_of_table_4_2() -> None:
    """CK-R4: Region Numbers 1-14, all different, and VP on the 1-2 player map."""
    b = crusades()
    assert sorted(b.names) == sorted(CRUSADES_TABLE)
    for key, (number, rdv, vp, coastal, adj) in CRUSADES_TABLE.items():
        i = b.index[key]
        assert (b.numbers[i], b.defense[i], b.vp[i], b.coastal[i]) == (number, rdv, vp, coastal), key
        assert sorted(b.names[n] for n in b.neighbours[i]) == sorted(adj.split()), key
    assert sum(b.vp) == 44
    assert b.numbers == tuple(range(1, 15))


def test_labels_are_display_names() -> None:
    assert saladin().label(saladin().index["jerusalem"]) == "Jerusalem"
    assert crusades().label(crusades().index["marah"]) == "Marah"


def test_map_adjacency_is_symmetric_and_connected(board_map: MapData) -> None:
    """CK-R4: adjacency is symmetric."""
    for region in board_map.regions.values():
        for n in region.adjacent:
            assert region.name in board_map.regions[n].adjacent
    assert board_map.is_connected()


def test_neighbouring_polygons_share_a_border(board_map: MapData) -> None:
    def segs(poly: tuple[tuple[float, float], ...]) -> set[frozenset[tuple[float, float]]]:
        return {frozenset((poly[i], poly[(i + 1) % len(poly)])) for i in range(len(poly))}

    for region in board_map.regions.values():
        for n in region.adjacent:
            shared = segs(region.polygon) & segs(board_map.regions[n].polygon)
            assert sum(math.dist(*s) for s in shared) > 20, (region.name, n)


def test_non_neighbours_never_share_a_border(board_map: MapData) -> None:
    regions = list(board_map.regions.values())
    points = {r.name: set(r.polygon) for r in regions}
    for a in regions:
        for b in regions:
            if a.name < b.name and b.name not in a.adjacent:
                assert len(points[a.name] & points[b.name]) == 0, (a.name, b.name)


def test_label_anchor_lies_inside_its_region(board_map: MapData) -> None:
    for region in board_map.regions.values():
        assert region.contains(*region.label_anchor), region.name


@pytest.mark.parametrize("name", MAPS)
def test_map_loads_with_pytmx_default_settings(name: str) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    tmx = pytmx.TiledMap(str(map_path(name)), image_loader=lambda *a, **k: lambda *x, **y: None)
    layer = tmx.get_layer_by_name("regions")
    names = {o.name for o in layer if hasattr(o, "points")}
    assert len(names) == (23 if "saladin" in name else 14)
    assert all("label" in o.properties for o in layer if hasattr(o, "points"))


@pytest.mark.parametrize("players", [1, 3])
def test_card_areas_are_named_rectangles(players: int) -> None:
    areas = card_areas(players)
    wanted = {"christian_draw", "christian_discard", "christian_castle_pool", "christian_garrison_pool",
              "christian_bonus_track", "muslim_draw", "muslim_discard", "muslim_castle_pool",
              "muslim_garrison_pool", "muslim_bonus_track", "turn_track"}  # fmt: skip
    if players == 1:
        wanted |= {"bot_hand", "bot_response", "bot_army"}
    assert wanted <= set(areas)
    assert all(a.width > 0 and a.height > 0 for a in areas.values())


# 4.1 and 4.2: key -> normalized map position (x from the coast eastwards, y from the north)
SALADIN_XY = {
    "marash": (0.50, 0.03), "edessa": (0.92, 0.08), "turbessel": (0.72, 0.12), "antioch": (0.34, 0.18),
    "harim": (0.50, 0.22), "aleppo": (0.68, 0.25), "latakia": (0.24, 0.31), "shaizar": (0.44, 0.34),
    "hama": (0.60, 0.38), "tortosa": (0.26, 0.42), "homs": (0.54, 0.47), "tripoli": (0.26, 0.52),
    "baalbek": (0.44, 0.56), "beirut": (0.22, 0.61), "damascus": (0.58, 0.64), "tyre": (0.20, 0.69),
    "acre": (0.13, 0.76), "nablus": (0.28, 0.80), "jaffa": (0.07, 0.83), "jerusalem": (0.28, 0.89),
    "ascalon": (0.05, 0.91), "gaza": (0.10, 0.98), "kerak": (0.44, 0.96),
}  # fmt: skip
CRUSADES_XY = {
    "jerusalem": (0.32, 0.88), "damascus": (0.62, 0.62), "aleppo": (0.72, 0.10), "acre": (0.18, 0.74),
    "antioch": (0.30, 0.08), "tripoli": (0.24, 0.49), "ascalon": (0.10, 0.96), "homs": (0.56, 0.46),
    "jaffa": (0.08, 0.85), "hama": (0.64, 0.34), "beirut": (0.20, 0.61), "tortosa": (0.20, 0.36),
    "latakia": (0.16, 0.22), "marah": (0.52, 0.22),
}  # fmt: skip


def test_every_region_is_drawn_where_the_supplement_places_it(board_map: MapData) -> None:
    """CK-R4: each region has a map position.  The drawn boards scale the supplement's positions (and
    move a few drawing sites so that borders do not cross), so the check is the compass order: a
    region clearly north (west) of another in the table is drawn north (west) of it."""
    table = SALADIN_XY if len(board_map.regions) == 23 else CRUSADES_XY
    at = {key: region.label_anchor for key, region in board_map.regions.items()}
    assert set(at) == set(table)
    assert all(0 < x < board_map.width_px and 0 < y < board_map.height_px for x, y in at.values())
    for a, (ax, ay) in table.items():
        for b, (bx, by) in table.items():
            if ay + 0.1 < by:
                assert at[a][1] < at[b][1], f"{a} should be drawn north of {b}"
            if ax + 0.1 < bx:
                assert at[a][0] < at[b][0], f"{a} should be drawn west of {b}"
