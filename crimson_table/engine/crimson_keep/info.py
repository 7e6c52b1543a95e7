"""What the menu and setup need to know about Crimson Keep, without loading its rules."""

from crimson_table.engine.core import GameInfo, OptionSpec

_TILES = ("regular", "quickest", "short", "long", "epic")
_TILE_LABELS = (
    "Regular (1,1,2,2)",
    "Quickest (2,2,2,2)",
    "Short (1,2,2,2)",
    "Long (1,1,1,2)",
    "Epic (1,1,1,1)",
)

INFO = GameInfo(
    id="crimson_keep",
    title="Crimson Keep",
    min_players=1,
    max_players=2,
    options=(
        OptionSpec(  # CK2-R44
            "hard_mode",
            "Hard mode",
            (False, True),
            False,
            "A failed Fire Attack also costs the Dragon one die.",
        ),
        OptionSpec(  # CK2-R46
            "tiles_left",
            "Left clan's runes",
            _TILES,
            "regular",
            "Its rune value tiles: higher values make a quicker game.",
            _TILE_LABELS,
        ),
        OptionSpec(
            "tiles_right",
            "Right clan's runes",
            _TILES,
            "regular",
            "The same for the Right clan.",
            _TILE_LABELS,
        ),
        OptionSpec(  # CK2-R72
            "your_clan",
            "Your clan vs Kai",
            ("left", "right"),
            "left",
            "",  # solo only: Kai takes the other side (the label says it; no room for a line)
            ("Left", "Right"),
            players=(1,),  # only Kai's game has a side to choose against her
        ),
        OptionSpec(  # CK2-R47
            "round_limit",
            "Summon deadline",
            (100, 0, 50, 200),
            100,
            "The game is drawn after this many rounds without a Summon.",
            ("100 rounds", "Never", "50 rounds", "200 rounds"),
        ),
    ),
    solo_modes=("kai",),
    blurb="Build a keep of crimsidian, find the runes and summon the Dragon before the rival clan.",
    hidden_hands=True,
)
