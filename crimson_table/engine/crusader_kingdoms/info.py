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
            label="Muslim Bot difficulty (1-2 players)",
            choices=("standard", "challenging", "greatest"),
            default="standard",
            help="CK-R55: how many cards the Muslim Bot draws each turn in the solitaire and 2-player games.",
            choice_labels=("Standard", "Challenging", "Greatest challenge"),
        ),
    ),
    solo_modes=("1st Crusade (solitaire against the Muslim Bot)",),
    blurb="Castles, cards and custom dice: carve out a kingdom in the Levant of the Crusades.",
)
