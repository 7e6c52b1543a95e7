"""What the menu and setup need to know about Two Crowns, without loading its rules."""

from crimson_table.engine.core import GameInfo, OptionSpec

INFO = GameInfo(
    id="two_crowns",
    title="Two Crowns",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            name="best_of",
            label="Match length",
            choices=(1, 3),
            default=1,
            choice_labels=("Single game", "Best of three"),
            help="One game, or best of three (the loser of a game starts the next).",
        ),
    ),
    blurb="Two lords, two castles: send Knights against the walls, draw fresh troops, and bribe your way to the crown.",
    hidden_hands=True,
)
