"""The Two Crowns tutorial: two attacks, a defence won on a tie, both kinds of draw and a Feint.

Plain data read by :func:`crimson_table.play.tutorial.parse`; the moves are matchers on the
action's dict (``action_from_dict``).  Card ids are the deal of seed 51: yours are 0-52, the
opponent's 53-105 (``engine/two_crowns/cards.py``).
"""

TUTORIAL = {
    "game": "two_crowns",
    "title": "Learn Two Crowns",
    "seed": 51,
    "seats": ["Anna", "Baron Ashford"],
    "learner": 0,
    "intro": (
        "Two castles of 20 points face each other. Bring the Baron's castle down to 0 and "
        "the crown is yours. We will play his first few turns together."
    ),
    "steps": [
        {
            "title": "Who starts",
            "say": "Roll for the first turn. The higher die moves first.",
            "expect": {"kind": "roll_first"},
            "explain": "You rolled higher, so you open the game.",
        },
        {
            "title": "Your turn",
            "say": (
                "Choose Attack. Each turn you do one thing: attack, or draw cards. Your hand "
                "is full and strong, so strike now."
            ),
            "expect": {"kind": "choose_attack"},
            "explain": "Now pick up to four cards for the attack, at least one a Knight.",
        },
        {
            "say": "Lay your Knight 3 face down. Knights carry the fight: their numbers are added up.",
            "expect": {"kind": "add_to_attack", "card": 29},
            "explain": "The Baron sees only a face-down card, not which one.",
        },
        {
            "say": "Add a Knight 2. Your attack now counts 5.",
            "expect": {"kind": "add_to_attack", "card": 22},
        },
        {
            "say": (
                "Add the Vassal. If you pay it 2 gold when the cards are shown, it doubles "
                "your Knights. You hold a Gold 2, so you can afford it."
            ),
            "expect": {"kind": "add_to_attack", "card": 46},
            "explain": "Gold never goes into the group: it stays in hand and pays for specials.",
        },
        {
            "say": "Launch the attack. Three cards are enough; keep the rest for defence.",
            "expect": {"kind": "commit_attack"},
            "reply": [
                {"kind": "add_to_defence", "card": 79},
                {"kind": "add_to_defence", "card": 68},
                {"kind": "add_to_defence", "card": 53},
                {"kind": "commit_defence"},
            ],
            "explain": (
                "The Baron defended with three cards, and both groups were turned over: your "
                "Knights 3 + 2 and the Vassal against his Knights 2 + 1 + 1."
            ),
        },
        {
            "title": "Paying for specials",
            "say": "Pay the Vassal with your Gold 2. An unpaid special is simply cancelled.",
            "expect": {"kind": "pay_with", "card": 44},
            "explain": (
                "Your Knights 3 + 2 doubled make 10 against his 4: his castle loses the "
                "difference, 6 points. Your Knights go to rest for a turn; his are discarded."
            ),
            "then": [
                {"kind": "choose_attack"},
                {"kind": "add_to_attack", "card": 66},
                {"kind": "add_to_attack", "card": 58},
                {"kind": "commit_attack"},
            ],
        },
        {
            "title": "Defending",
            "say": (
                "The Baron attacks with two cards. Defend with your Knight 2: resting Knights "
                "cannot fight, so this is your best Knight."
            ),
            "expect": {"kind": "add_to_defence", "card": 24},
        },
        {
            "say": "Hold the walls. The defender wins ties, so 2 is enough if he sent two Knight 1s.",
            "expect": {"kind": "commit_defence"},
            "explain": (
                "2 against 2: a tie, and ties go to the defender. His Knights are discarded, "
                "yours come back to your hand, and your resting Knights return too."
            ),
        },
        {
            "title": "Drawing",
            "say": (
                "Make a Large draw. When your hand and resting cards count fewer than 7, "
                "it fills your hand back up to 7."
            ),
            "expect": {"kind": "large_draw"},
            "explain": (
                "You drew a Feint and a Knight 1. Now watch the Baron: he uses the Dice of "
                "Destiny, then draws."
            ),
            "then": [{"kind": "dice_of_destiny"}, {"kind": "large_draw"}],
        },
        {
            "title": "Dice of Destiny",
            "say": (
                "The Baron rolled his castle die: 14 became 18. Only one player may ever use it, "
                "once. Now choose a Precise draw, to trade a weak card for a better one."
            ),
            "expect": {"kind": "precise_draw"},
        },
        {
            "say": "Discard your Knight 1: it is your weakest card.",
            "expect": {"kind": "discard_for_draw", "card": 3},
            "explain": "You draw two cards and will keep only one of them.",
        },
        {
            "say": "Keep the Vassal. The Feint you let go is discarded.",
            "expect": {"kind": "keep_drawn", "card": 45},
            "explain": "A precise draw is slower than a large one, but it lets you pick.",
            "then": [
                {"kind": "choose_attack"},
                {"kind": "add_to_attack", "card": 81},
                {"kind": "add_to_attack", "card": 76},
                {"kind": "commit_attack"},
            ],
        },
        {
            "title": "The Feint",
            "say": (
                "Two cards attack you again. Defend with your Feint. A Feint costs nothing: if "
                "the other group has at least as many cards as yours, its best Knight leaves."
            ),
            "expect": {"kind": "add_to_defence", "card": 33},
        },
        {
            "say": "Add your Knight 3, and no more: two cards against his two keeps the Feint alive.",
            "expect": {"kind": "add_to_defence", "card": 29},
        },
        {
            "say": "Hold the walls.",
            "expect": {"kind": "commit_defence"},
            "explain": (
                "The Feint pulled his Knight 3 out of the battle. His Knight 2 against your "
                "Knight 3: you win, and your castle is untouched."
            ),
        },
        {
            "title": "The counter-attack",
            "say": "Attack again: the Baron has few Knights left in hand.",
            "expect": {"kind": "choose_attack"},
        },
        {
            "say": "Lay your Knight 3.",
            "expect": {"kind": "add_to_attack", "card": 29},
        },
        {
            "say": "Add a Knight 2.",
            "expect": {"kind": "add_to_attack", "card": 24},
        },
        {
            "say": "Add the other Knight 2.",
            "expect": {"kind": "add_to_attack", "card": 22},
        },
        {
            "say": (
                "Add the Knight 1 as your fourth card. Not the Vassal: you hold only 1 gold, "
                "and an unpaid Vassal would be wasted."
            ),
            "expect": {"kind": "add_to_attack", "card": 10},
        },
        {
            "say": "Launch the attack: 8 points of Knights.",
            "expect": {"kind": "commit_attack"},
            "reply": [
                {"kind": "add_to_defence", "card": 56},
                {"kind": "add_to_defence", "card": 54},
                {"kind": "add_to_defence", "card": 71},
                {"kind": "commit_defence"},
            ],
            "explain": "Your 8 against his 3: his castle loses 5 more points, down to 13.",
        },
    ],
    "outro": (
        "That is the whole game. A castle at 0 loses at once, and so does a player who starts "
        "a turn with no Knight to attack with and no card to draw. Bishops steal the other "
        "side's best Knight; Catapults hit the castle for 10. Play on, and finish the Baron."
    ),
}
