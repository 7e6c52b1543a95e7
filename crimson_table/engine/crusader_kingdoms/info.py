"""What the menu and setup need to know about Crusader Kingdoms, without loading its rules."""

from crimson_table.engine.core import GameInfo, OptionSpec

INFO = GameInfo(
    id="crusader_kingdoms",
    title="Crusader Kingdoms",
    min_players=1,
    max_players=4,
    options=(
        OptionSpec(
            name="difficulty",
            label="Bot difficulty",
            choices=("standard", "challenging", "greatest"),
            default="standard",
            help="1-2 players: how many cards the Muslim Bot draws (CK-R55).",
            choice_labels=("Standard", "Challenging", "Greatest challenge"),
        ),
    ),
    solo_modes=("1st Crusade (solitaire against the Muslim Bot)",),
    blurb="Castles, cards and custom dice: carve out a kingdom in the Levant of the Crusades.",
)
