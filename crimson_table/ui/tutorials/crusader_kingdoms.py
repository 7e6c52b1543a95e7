"""The Crusader Kingdoms tutorial: solitaire against the Muslim Bot, over two and a half turns.

Plain data read by :func:`crimson_table.play.tutorial.parse`.  One seat: the Bot is the
engine's automaton, so it needs no script; seed 1 fixes its cards and every die.  You start in
Marah with Knights Templar, Frankish Knights, Siege Engines and a Raid among your twelve cards.
"""

TUTORIAL = {
    "game": "crusader_kingdoms",
    "title": "Learn Crusader Kingdoms",
    "seed": 1,
    "seats": ["Anna"],
    "learner": 0,
    "intro": (
        "You lead a crusader kingdom against the Muslim Bot. The game lasts three turns; in each "
        "you take one action per round and the Bot answers every one of them."
    ),
    "steps": [
        {
            "title": "Attacking",
            "say": "Attack Hama, next to your castle in Marah. You may only attack regions that border yours.",
            "expect": {"kind": "attack", "region": "hama"},
        },
        {
            "title": "Troops",
            "say": (
                "Commit the Knights Templar, face down. Each troop rolls as many attack dice "
                "as its strength: these roll 4."
            ),
            "expect": {"kind": "commit", "card": "c_knights_templar"},
        },
        {
            "say": "Commit the Frankish Knights too: 3 more dice.",
            "expect": {"kind": "commit", "card": "c_frankish_knights"},
        },
        {
            "title": "Responses",
            "say": (
                "Add the Siege Engines. A response like this is played inside an attack: +2 dice "
                "against a region with a castle, and every Bot region has one."
            ),
            "expect": {"kind": "commit", "card": "c_siege_engines"},
        },
        {
            "title": "The dice",
            "say": (
                "Press Done. Both sides roll; each die showing your shield is a hit. You need "
                "more hits than the defence: a tie goes to the defender."
            ),
            "expect": {"kind": "commit_done"},
            "explain": (
                "2 hits against 0: Hama is yours and your castle stands there. Then the Bot took "
                "its round: it turned over Commerce, a Card Bonus for itself."
            ),
        },
        {
            "title": "Events",
            "say": "Play your Raid, an event: the Bot discards a random card from its hand.",
            "expect": {"kind": "play_event", "card": "c_raid"},
            "explain": (
                "The Bot lost a card. In its round it turned over Bedouin Raiders: troops join "
                "its army, and it attacks only when its die rolls below the army's strength."
            ),
        },
        {
            "say": "Attack Homs, which borders Hama: every region you take opens new targets.",
            "expect": {"kind": "attack", "region": "homs"},
        },
        {
            "say": "Commit a Crossbowmen (strength 2).",
            "expect": {"kind": "commit", "card": "c_crossbowmen"},
        },
        {
            "say": "Commit the second Crossbowmen.",
            "expect": {"kind": "commit", "card": "c_crossbowmen"},
        },
        {
            "say": "Commit the Turcopoles: 6 dice against Homs' 2.",
            "expect": {"kind": "commit", "card": "c_turcopoles"},
        },
        {
            "say": "Press Done and roll.",
            "expect": {"kind": "commit_done"},
            "explain": (
                "Homs fell. The Bot's army of Kurdish Cavalry struck back at once, but its 3 dice "
                "found no hit against your castle's 2 defence dice."
            ),
        },
        {
            "title": "Incursion",
            "say": (
                "Make an Incursion with your Pilgrims: you pay the card and roll one die. On "
                "your shield, the Bot loses a random card."
            ),
            "expect": {"kind": "incursion", "target": -2, "card": "c_pilgrims"},
            "explain": "No shield this time. A weak troop is a cheap price for the chance.",
        },
        {
            "title": "Discarding",
            "say": (
                "Discard your Foot Sergeants. Cards kept at the end of a turn are taken out of "
                "your next draw, so weak ones are better swapped for fresh ones."
            ),
            "expect": {"kind": "discard", "card": "c_foot_sergeants"},
        },
        {
            "title": "Passing",
            "say": (
                "Pass. Against the Bot a pass ends your turn; it then keeps playing until its hand is empty."
            ),
            "expect": {"kind": "pass"},
            "explain": (
                "The Bot attacked Homs once more and failed. Turn 2 began: you drew your cards "
                "for the turn, the Bot drew 9."
            ),
        },
        {
            "title": "Card Bonus",
            "say": (
                "Play Venetian Merchants: Card Bonus +1. It means one more card next turn and "
                "one more point at the end."
            ),
            "expect": {"kind": "play_event", "card": "c_venetian_merchants"},
            "explain": "The Bot's Halqa Guard made its army 7 strong, and it attacks Homs!",
        },
        {
            "title": "Defending",
            "say": "Place the Militia on the defence: 2 extra dice for a region with a castle.",
            "expect": {"kind": "respond", "card": "c_militia", "side": "DEF"},
        },
        {
            "say": "Place Sally from the Walls as well: one die more for you, one fewer for the attack.",
            "expect": {"kind": "respond", "card": "c_sally_out", "side": "DEF"},
            "explain": "Its 6 dice hit twice, your 5 hit three times: Homs holds.",
        },
        {
            "say": "Play the Byzantine Alliance to draw 2 more cards.",
            "expect": {"kind": "play_event", "card": "c_byzantine_alliance"},
        },
        {
            "say": "Pass, and keep your strong troops for the last turn.",
            "expect": {"kind": "pass"},
            "explain": "The Bot plays on alone. Its Scorched Earth makes you give up a troop of your choice.",
        },
        {
            "say": "Give up the Pilgrims, your weakest troop.",
            "expect": {"kind": "pick_card", "card": "c_pilgrims"},
            "explain": (
                "Its Cavalry took Homs back while you held no defence. Turn 3, the last, has "
                "begun with a strong hand for you."
            ),
        },
        {
            "title": "The last turn",
            "say": "Win Homs back: attack it.",
            "expect": {"kind": "attack", "region": "homs"},
        },
        {
            "say": "Commit the Knights Templar.",
            "expect": {"kind": "commit", "card": "c_knights_templar"},
        },
        {
            "say": "Commit a Frankish Knights.",
            "expect": {"kind": "commit", "card": "c_frankish_knights"},
        },
        {
            "say": "And the other Frankish Knights: 10 dice.",
            "expect": {"kind": "commit", "card": "c_frankish_knights"},
        },
        {
            "say": "Press Done and roll.",
            "expect": {"kind": "commit_done"},
            "explain": ("The Bot's Feigned Retreat cost you 2 dice, but 8 were plenty: Homs is yours again."),
        },
    ],
    "outro": (
        "After turn 3, add up the points of your regions and your Card Bonus, minus the Bot's. "
        "15 or more is a victory, 11 to 14 a marginal one. With 3-4 players you fight each other "
        "instead, and the most castles wins."
    ),
}
