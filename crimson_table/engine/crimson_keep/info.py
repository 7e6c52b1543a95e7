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
        OptionSpec(
            "hard_mode",
            "Hard Mode",
            (False, True),
            False,
            "A failed Fire Attack also costs the Dragon one die (CK2-R44).",
        ),
        OptionSpec(
            "tiles_left",
            "Rune tiles (Left clan)",
            _TILES,
            "regular",
            "Game length / difficulty for the Left clan (CK2-R46).",
            _TILE_LABELS,
        ),
        OptionSpec(
            "tiles_right",
            "Rune tiles (Right clan)",
            _TILES,
            "regular",
            "Game length / difficulty for the Right clan (CK2-R46).",
            _TILE_LABELS,
        ),
        OptionSpec(
            "your_clan",
            "Your clan (solo against Kai)",
            ("left", "right"),
            "left",
            "Solo: the clan side you play; Kai takes the other (CK2-R72). No effect with 2 players.",
            ("Left (Kai plays Right)", "Right (Kai plays Left)"),
        ),
        OptionSpec(
            "round_limit",
            "Draw after rounds without a Summon",
            (100, 0, 50, 200),
            100,
            "Engine guard CK2-R47 (0 = off).",
            ("100", "Off", "50", "200"),
        ),
    ),
    solo_modes=("kai",),
    blurb="Build a keep of crimsidian, find the runes and summon the Dragon before the rival clan.",
    hidden_hands=True,
)
