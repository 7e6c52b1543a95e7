"""The Crimson Keep table: the Tiled board, clan and summon boards, battles and the Dragon."""

from crimson_table.ui.tables import TableSpec

TABLE = TableSpec(
    game_id="crimson_keep",
    scene="crimson_table.ui.tables.crimson_keep.scene:CrimsonKeepScene",
    walnut=True,
    shown="crimson_table.ui.tables.crimson_keep.shown:CrimsonKeepShown",
)
