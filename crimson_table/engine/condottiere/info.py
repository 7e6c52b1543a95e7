"""What the menu and setup need to know about Condottiere, without loading its rules."""

from crimson_table.engine.core import GameInfo

INFO = GameInfo(
    id="condottiere",
    title="Condottiere",
    min_players=2,
    max_players=6,
    blurb="Hire mercenaries, bluff with scarecrows and win the regions of Renaissance Italy.",
)
