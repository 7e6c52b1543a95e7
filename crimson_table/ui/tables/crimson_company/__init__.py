"""The Crimson Company table: scene, layout, shown model, choreography (anim), paint and gestures."""

from crimson_table.ui.tables import TableSpec

TABLE = TableSpec(
    game_id="crimson_company",
    scene="crimson_table.ui.tables.crimson_company.scene:CrimsonCompanyScene",
    shown="crimson_table.ui.tables.crimson_company.shown:CCShown",
)
