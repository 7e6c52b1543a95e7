"""The Crimson Keep tutorial: solitaire against Kai, from the setup to a battle that topples her gate.

Plain data read by :func:`crimson_table.play.tutorial.parse`.  One seat: Kai is the engine's
automaton, so she needs no script; seed 1 fixes her cards and every die.  A keep space ``dest`` is
``column * 5 + level - 1`` (column 0 = A at the back, 2 = C facing the enemy); -1 is the Barracks,
-2 the Caverns.
"""

TUTORIAL = {
    "game": "crimson_keep",
    "title": "Learn Crimson Keep",
    "seed": 1,
    "seats": ["Anna"],
    "learner": 0,
    "intro": (
        "Build a keep of crimsidian, find runes, and summon the Dragon to burn Kai's keep. Kai, a "
        "ghostly rival, races to fill and wake all of her own keep first."
    ),
    "steps": [
        {
            "title": "Battle tactics",
            "say": (
                "Leave out Second Wind. You fight with four of your five tactics cards; the other "
                "four are plainer to use while you learn."
            ),
            "expect": {"kind": "exclude_tactic", "tactic": 4},
            "explain": "Now you draw 5 cards and keep 3.",
        },
        {
            "title": "Your first hand",
            "say": "Keep the Crimson Arch (Shard): a building with a rune.",
            "expect": {"kind": "keep_card", "card": 6},
        },
        {
            "say": (
                "Keep the Obsidian Stair (Shard). An Arch and a Stair with the same rune, side by "
                "side and both ACTIVE, make an alignment."
            ),
            "expect": {"kind": "keep_card", "card": 27},
        },
        {
            "say": "Keep the Fire Wraith, a combat card that can walk out and fight.",
            "expect": {"kind": "keep_card", "card": 19},
            "explain": (
                "Kai took her first turn: she built a Stair. Now yours: two actions each turn, "
                "and each action moves the tracker of its track."
            ),
        },
        {
            "title": "Building",
            "say": "Place the Arch in column B, level 1. Buildings go on level 1 or on top of another building.",
            "expect": {"kind": "place", "card": 6, "dest": 5},
        },
        {
            "say": "Place the Stair in column C, level 1, right beside the Arch.",
            "expect": {"kind": "place", "card": 27, "dest": 10},
            "explain": (
                "Two actions: your turn is over. Kai built a Firelancer and woke it. Cards always "
                "arrive INACTIVE."
            ),
        },
        {
            "title": "Flipping",
            "say": "Flip the Arch to its ACTIVE side. Only ACTIVE cards use their abilities.",
            "expect": {"kind": "flip", "card": 6},
        },
        {
            "say": "Flip the Stair too: with both ACTIVE, the Shard pair is aligned.",
            "expect": {"kind": "flip", "card": 27},
            "explain": "An aligned pair holds a battle token of 1 on each card.",
        },
        {
            "title": "Battle tokens",
            "say": "Let the Arch store a Defence token: it adds to a defending card's total.",
            "expect": {"kind": "store_token", "card": 6, "attack": False},
        },
        {
            "say": "Let the Stair store an Attack token, for your fighters.",
            "expect": {"kind": "store_token", "card": 27, "attack": True},
            "explain": "Kai built her Black Gate and a Firelancer III.",
        },
        {
            "title": "The Barracks",
            "say": "Place the Fire Wraith in your Barracks, where combat cards wait.",
            "expect": {"kind": "place", "card": 19, "dest": -1},
        },
        {
            "say": "Deploy the Fire Wraith to your gate, the level-1 space in front of your keep.",
            "expect": {"kind": "deploy", "card": 19},
            "explain": "Your hand is empty, so your next turn starts with a free draw.",
        },
        {
            "say": "Take the Draw Bonus: draw 5 cards and keep 3.",
            "expect": {"kind": "draw_bonus", "take": True},
        },
        {
            "say": "Keep the Scorch Knights, a second fighter.",
            "expect": {"kind": "keep_card", "card": 9},
        },
        {
            "say": "Keep the Food Cellar: your first Cavern card completes an objective.",
            "expect": {"kind": "keep_card", "card": 12},
        },
        {
            "say": "Keep the Crimson Arch (Eclipse).",
            "expect": {"kind": "keep_card", "card": 3},
        },
        {
            "say": "Flip the Fire Wraith ACTIVE. Only an ACTIVE fighter may move and battle.",
            "expect": {"kind": "flip", "card": 19},
        },
        {
            "title": "Runes",
            "say": "Place the Food Cellar in your Caverns.",
            "expect": {"kind": "place", "card": 12, "dest": -2},
            "explain": (
                "A rune! Each objective on your summon board gives one, moving your summon "
                "tracker toward the Dragon markers."
            ),
        },
        {
            "title": "Marching",
            "say": "Move the Fire Wraith one space forward. A move comes before your first action.",
            "expect": {"kind": "move", "steps": 1},
        },
        {
            "say": "Place the Scorch Knights in the Barracks.",
            "expect": {"kind": "place", "card": 9, "dest": -1},
        },
        {
            "say": "Place the Crimson Arch (Eclipse) on top of the Shard Arch: your keep grows to level 2.",
            "expect": {"kind": "place", "card": 3, "dest": 6},
            "explain": "Your Build tracker reached the end of its track: a free action is yours.",
        },
        {
            "title": "Free actions",
            "say": "Use it: move your Weak Dragon marker one space down, so you reach it sooner.",
            "expect": {"kind": "free_action", "track": 0},
        },
        {
            "say": "Decline the Draw Bonus this time: you need actions, not cards.",
            "expect": {"kind": "draw_bonus", "take": False},
        },
        {
            "say": "Move the Fire Wraith forward again, up to Kai's keep.",
            "expect": {"kind": "move", "steps": 1},
        },
        {
            "title": "Battle",
            "say": "Battle her Black Gate with the Fire Wraith.",
            "expect": {"kind": "battle", "card": 19, "target": 36},
            "explain": "Each side secretly picks a tactics card, then rolls.",
        },
        {
            "say": "Play Reserve Troops. Higher total wins; a tie rolls again.",
            "expect": {"kind": "tactic", "tactic": 1},
            "explain": (
                "5 to 4: the Black Gate is destroyed and the card on it fell. A collapse gives you "
                "runes and cards. Your Wraith, having won, leaves the field."
            ),
        },
    ],
    "outro": (
        "With runes in three columns, your three Summoning cards ACTIVE in the keep, and your "
        "tracker at a Dragon marker, summon the Dragon. It then burns Kai's columns one by one; "
        "destroy all three to win."
    ),
}
