"""The Condottiere table: scene, layout, shown model, choreography (anim), paint, map, stats and gestures."""

from crimson_table.ui.tables import TableSpec

TABLE = TableSpec(
    game_id="condottiere",
    scene="crimson_table.ui.tables.condottiere.scene:CondottiereScene",
    shown="crimson_table.ui.tables.condottiere.shown:CondottiereShown",
)
