"""What the menu and setup need to know about Crusader Kingdoms, without loading its rules."""

from crimson_table.engine.core import GameInfo, OptionSpec

INFO = GameInfo(
    id="crusader_kingdoms",
    title="Crusader Kingdoms",
    min_players=1,
    max_players=4,
    options=(
        OptionSpec(  # CK-R55
            name="difficulty",
            label="Bot difficulty",
            choices=("standard", "challenging", "greatest"),
            default="standard",
            help="Cards the Muslim Bot draws each turn (1 and 2 player games).",
            choice_labels=("Standard", "Challenging", "Greatest challenge"),
            players=(1, 2),  # the Muslim Bot and its base draw (CK-R44, CK-R55): 1-2 player games only
        ),
    ),
    solo_modes=("1st Crusade (solitaire against the Muslim Bot)",),
    blurb="Castles, cards and custom dice: carve out a kingdom in the Levant of the Crusades.",
)
