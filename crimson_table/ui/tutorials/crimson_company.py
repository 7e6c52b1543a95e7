"""The Crimson Company tutorial: bids matched and passed, a lane scored, effects that destroy and flip.

Plain data read by :func:`crimson_table.play.tutorial.parse`.  Seed 10 deals the offer Demon,
Standard Bearer, Alchemist, Ironclad Knight, and you open.  Lanes are 0-2 in the data and
"lane 1-3" on the table, left to right.
"""

TUTORIAL = {
    "game": "crimson_company",
    "title": "Learn Crimson Company",
    "seed": 10,
    "seats": ["Anna", "Countess Vey"],
    "learner": 0,
    "intro": (
        "Three castles stand between you and the Countess, one in each lane. Hire sellswords, "
        "fill a lane, and take its castle. Two castles win."
    ),
    "steps": [
        {
            "title": "Recruiting",
            "say": (
                "Bid 1 coin on the Ironclad Knight. Each turn you put coins on one card on "
                "offer; strength 7 is a fine start."
            ),
            "expect": {"kind": "bid", "card": "ironclad_knight", "amount": 1},
            "reply": [{"kind": "pass"}],
            "explain": (
                "The Countess passed: your coin went to the supply and the Knight is yours. Had "
                "she matched, she would have paid you and taken the card."
            ),
        },
        {
            "title": "Deploying",
            "say": "Play the Knight into lane 1, on the left. What you recruit is played this same turn.",
            "expect": {"kind": "deploy", "card": "ironclad_knight", "lane": 0},
            "explain": (
                "When either side of a lane holds 4 cards, the lane is scored: the stronger side "
                "takes its castle. Now it is the Countess' turn."
            ),
            "then": [{"kind": "bid", "card": "standard_bearer", "amount": 2}],
        },
        {
            "title": "Match or pass",
            "say": (
                "She bids 2 on the Standard Bearer. Match it: you pay 2, she takes the 4 coins "
                "on the card, and the card is yours."
            ),
            "expect": {"kind": "match"},
            "explain": (
                "Matching snatches a card from your opponent but feeds her purse. You play the "
                "Bearer on your own turn. Your turn starts with 3 coins of income."
            ),
        },
        {
            "say": "Bid 1 on the Pikeman: strength 5, no effect to worry about.",
            "expect": {"kind": "bid", "card": "pikeman", "amount": 1},
            "reply": [{"kind": "pass"}],
        },
        {
            "say": (
                "Play the Standard Bearer into lane 1. When the lane is scored it gives +1 to "
                "every other face-up card on your side there."
            ),
            "expect": {"kind": "deploy", "card": "standard_bearer", "lane": 0},
        },
        {
            "say": "Play the Pikeman into lane 1 as well. One more card there and the lane is scored.",
            "expect": {"kind": "deploy", "card": "pikeman", "lane": 0},
            "explain": "Watch the Countess: she pays a lot for the Demon.",
            "then": [
                {"kind": "bid", "card": "demon", "amount": 6},
                {"kind": "deploy", "card": "demon", "lane": 0},
                {"kind": "pick_card", "card": "ironclad_knight"},
            ],
        },
        {
            "title": "Face down",
            "say": (
                "Her Demon flipped your Knight face down: strength 0, no effect. Bid 3 on the "
                "Alchemist, which destroys a card when played."
            ),
            "expect": {"kind": "bid", "card": "alchemist", "amount": 3},
            "reply": [{"kind": "pass"}],
        },
        {
            "say": "Play the Alchemist into lane 1: your fourth card there, so the lane will be scored.",
            "expect": {"kind": "deploy", "card": "alchemist", "lane": 0},
            "explain": "The Alchemist's effect happens at once: you choose what it destroys.",
        },
        {
            "title": "Scoring",
            "say": ("Destroy her Demon. She gains 6 coins, its strength, but the castle is worth far more."),
            "expect": {"kind": "pick_card", "card": "demon"},
            "explain": (
                "Lane 1 was scored: your 12 (the Bearer lifted the Pikeman and the Alchemist) "
                "against 0. The castle is yours, and every card in the lane was destroyed."
            ),
            "then": [
                {"kind": "bid", "card": "fairy", "amount": 6},
                {"kind": "deploy", "card": "fairy", "lane": 1},
            ],
        },
        {
            "say": "She played a Fairy in lane 2. Bid 2 on the Stone Giant, the strongest card of all.",
            "expect": {"kind": "bid", "card": "stone_giant", "amount": 2},
            "reply": [{"kind": "match"}],
            "explain": (
                "She matched: she paid you 2 and keeps the Giant. You have nothing to play this "
                "turn, but you are 2 coins richer."
            ),
            "then": [{"kind": "bid", "card": "outrider", "amount": 3}],
        },
        {
            "say": (
                "She bids 3 on the Outrider. Match it: at the start of each of your turns it "
                "moves itself to another open lane."
            ),
            "expect": {"kind": "match"},
            "reply": [{"kind": "deploy", "card": "stone_giant", "lane": 2}],
            "explain": "She placed her Stone Giant in lane 3.",
        },
        {
            "say": "Bid 2 on the Undead. When it is destroyed, it comes back face up in another lane.",
            "expect": {"kind": "bid", "card": "undead", "amount": 2},
            "reply": [{"kind": "pass"}],
        },
        {
            "say": "Play the Outrider into lane 2, against her Fairy.",
            "expect": {"kind": "deploy", "card": "outrider", "lane": 1},
        },
        {
            "say": "Play the Undead into lane 2 as well.",
            "expect": {"kind": "deploy", "card": "undead", "lane": 1},
            "then": [{"kind": "bid", "card": "monk", "amount": 7}],
        },
        {
            "title": "Passing",
            "say": (
                "She bids 7 on the Monk. Pass: her 7 coins go to the supply and she gets the "
                "card. Keeping your coins is often wiser."
            ),
            "expect": {"kind": "pass"},
            "reply": [
                {"kind": "deploy", "card": "monk", "lane": 1},
                {"kind": "pick_card", "card": "fairy"},
                {"kind": "pick_card", "card": "undead"},
            ],
            "explain": (
                "Her Monk flipped her own Fairy face down, then your Undead. At the start of your "
                "turn your Outrider moved itself to lane 3."
            ),
        },
        {
            "say": (
                "Bid 2 on the Plague Doctor: when its lane is scored, every face-down card there counts 3."
            ),
            "expect": {"kind": "bid", "card": "plague_doctor", "amount": 2},
            "reply": [{"kind": "pass"}],
        },
        {
            "say": "Play it into lane 2, where your Undead lies face down: it will count 3 again.",
            "expect": {"kind": "deploy", "card": "plague_doctor", "lane": 1},
            "explain": (
                "Lane 2 now holds two cards a side. The next cards played there decide who takes its castle."
            ),
        },
    ],
    "outro": (
        "Every turn is income, one bid, deploying, then scoring. A lane with 4 cards on a side is "
        "scored; on a tie the cards stay and it is scored again later. Two castles win. If the "
        "deck runs out first, castles, then strength in play, then coins decide."
    ),
}
