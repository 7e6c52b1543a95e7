"""The Condottiere tutorial: three battles, every special in your first hand, a round's end.

Plain data read by :func:`crimson_table.play.tutorial.parse`.  Seed 54 gives you the
Condottiere token and 2, 5, 10, Courtesan, Drummer, Spring, Bishop, two Scarecrows, Surrender.
Cards are named as in the engine's actions ("5", "Dr", "Co", "Sc"...).
"""

TUTORIAL = {
    "game": "condottiere",
    "title": "Learn Condottiere",
    "seed": 54,
    "seats": ["Anna", "Duke Malatesta"],
    "learner": 0,
    "intro": (
        "Italy is up for grabs. Win regions in battle: six of them, or four that touch, wins the "
        "game. Your hand of 10 must last the whole round, so spend it wisely."
    ),
    "steps": [
        {
            "title": "Choosing a battle",
            "say": (
                "You hold the Condottiere token, so you choose where to fight. Send it to Firenze: "
                "it borders seven regions, a good start for a group that touches."
            ),
            "expect": {"kind": "choose_region", "region": "firenze"},
        },
        {
            "title": "Your battle line",
            "say": (
                "Play your Mercenary 5. Each turn you play one card face up, or pass. Keep "
                "the 10 back for now: a big card shown early invites trouble."
            ),
            "expect": {"kind": "play_card", "card": "5"},
            "reply": [{"kind": "play_card", "card": "4"}],
            "explain": "The Duke answered with a 4. Turns alternate until both of you pass.",
        },
        {
            "say": "Play the Drummer. It doubles every Mercenary in your own line: your 5 now counts 10.",
            "expect": {"kind": "play_card", "card": "Dr"},
            "reply": [{"kind": "play_card", "card": "5"}],
            "explain": "He added a 5: his 9 against your 10.",
        },
        {
            "say": "Play your 2. With the Drummer it is worth 4: 14 against 9.",
            "expect": {"kind": "play_card", "card": "2"},
            "reply": [{"kind": "pass"}],
            "explain": "He passed. A pass is final: he plays no more cards in this battle.",
        },
        {
            "title": "Passing",
            "say": "Pass too. You are ahead, and every card you keep helps you in the next battles.",
            "expect": {"kind": "pass"},
            "explain": (
                "Your 14 beat his 9: Firenze is yours. Every card played is discarded, and as the "
                "winner you keep the token."
            ),
        },
        {
            "say": "Choose Siena, next to Firenze. Four regions that touch win the game.",
            "expect": {"kind": "choose_region", "region": "siena"},
        },
        {
            "title": "The Courtesan",
            "say": (
                "Play the Courtesan: strength 1, and whoever has the most Courtesans in a battle "
                "takes the token afterwards."
            ),
            "expect": {"kind": "play_card", "card": "Co"},
            "reply": [{"kind": "play_card", "card": "5"}],
        },
        {
            "title": "The Bishop",
            "say": (
                "Play the Bishop. It discards every Mercenary of the highest printed value in "
                "play: right now that is his 5."
            ),
            "expect": {"kind": "play_card", "card": "Bi"},
            "explain": "His 5 is gone. The Bishop also hands you the Pope's favour.",
        },
        {
            "say": (
                "Place the Pope's favour on Lucca. No battle may be fought in its region, so it "
                "can shield one you plan to take later."
            ),
            "expect": {"kind": "place_pope", "region": "lucca"},
            "reply": [{"kind": "play_card", "card": "5"}],
            "explain": "He played his other 5.",
        },
        {
            "say": (
                "Now play your 10: 11 against his 5. He may still hold a Bishop; that is the risk "
                "of a big card."
            ),
            "expect": {"kind": "play_card", "card": "10"},
            "reply": [{"kind": "play_card", "card": "Dr"}],
            "explain": "His Drummer doubles his 5: 10 against your 11.",
        },
        {
            "title": "Spring",
            "say": (
                "Play Spring. The highest Mercenaries in play get +3, whoever owns them: that is your 10."
            ),
            "expect": {"kind": "play_card", "card": "Sp"},
            "reply": [{"kind": "play_card", "card": "Co"}],
            "explain": "He added a Courtesan: 11 against your 14.",
        },
        {
            "title": "Surrender",
            "say": "Play Surrender. The battle ends at once and is counted as it stands: you are ahead.",
            "expect": {"kind": "play_card", "card": "Su"},
            "explain": (
                "Siena is yours, 14 to 11. One Courtesan each is no clear leader, so the winner "
                "keeps the token."
            ),
        },
        {
            "say": "Choose Roma: it touches both of your regions.",
            "expect": {"kind": "choose_region", "region": "roma"},
        },
        {
            "title": "An empty hand",
            "say": (
                "You hold only Scarecrows, no Mercenary. Dismiss your hand: you show it, discard "
                "it, and that counts as passing."
            ),
            "expect": {"kind": "dismiss_hand"},
            "reply": [
                {"kind": "play_card", "card": "Co"},
                {"kind": "pass"},
                {"kind": "keep_card", "card": "Su"},
                {"kind": "keep_card", "card": "Bi"},
                {"kind": "choose_region", "region": "spoleto"},
                {"kind": "play_card", "card": "6"},
            ],
            "explain": (
                "He took Roma. With at most one player holding cards, the round ended: he kept two "
                "cards, and everyone was dealt 10 plus one per region held. You have 12."
            ),
        },
        {
            "title": "A new round",
            "say": "He chose Spoleto and played a 6. Play a 3 to test him.",
            "expect": {"kind": "play_card", "card": "3"},
            "reply": [{"kind": "play_card", "card": "5"}],
            "explain": "He doubled down with a 5: 11 against 3. This battle is not worth your cards.",
        },
        {
            "title": "The Scarecrow",
            "say": "Play a Scarecrow: it lets you take one of your Mercenaries back into your hand.",
            "expect": {"kind": "play_card", "card": "Sc"},
        },
        {
            "say": "Take back your 3: it will fight again in a battle you can win.",
            "expect": {"kind": "take_back", "card": "3"},
            "reply": [{"kind": "play_card", "card": "1"}],
        },
        {
            "say": "Pass. Losing a battle cheaply is part of winning the round.",
            "expect": {"kind": "pass"},
            "explain": "He took Spoleto, but your 10 and both Bishops are still in your hand.",
        },
    ],
    "outro": (
        "At the end of a battle, Winter makes every Mercenary 1, then Drummers double, then Spring "
        "adds 3, then Heroines (10) and Courtesans (1) are added. The first to six regions, or "
        "four that touch, wins."
    ),
}
