"""What the menu and setup need to know about Crimson Company, without loading its rules."""

from crimson_table.engine.core import GameInfo

INFO = GameInfo(
    id="crimson_company",
    title="Crimson Company",
    min_players=2,
    max_players=2,
    blurb="Bid for sellswords and deploy them across three lanes; take two of the three castles.",
    hidden_hands=False,
)
