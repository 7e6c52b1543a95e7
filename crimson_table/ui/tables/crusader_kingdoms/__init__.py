"""The Crusader Kingdoms table: the Levant map as the table (scene, layout, shown model, anim, paint, gestures)."""

from crimson_table.ui.tables import TableSpec

TABLE = TableSpec(
    game_id="crusader_kingdoms",
    scene="crimson_table.ui.tables.crusader_kingdoms.scene:CrusaderScene",
    shown="crimson_table.ui.tables.crusader_kingdoms.shown:CrusaderShown",
    seat_colours="crimson_table.ui.tables.crusader_kingdoms.layout:seat_colours",
    other_modes=(4, 3),  # the 3-4 player game is played on its own board
)
