"""The Two Crowns table: scene, layout, shown model, choreography (anim), paint and gestures."""

from crimson_table.ui.tables import TableSpec

TABLE = TableSpec(
    game_id="two_crowns",
    scene="crimson_table.ui.tables.two_crowns.scene:TwoCrownsScene",
    shown="crimson_table.ui.tables.two_crowns.shown:TwoCrownsShown",
)
