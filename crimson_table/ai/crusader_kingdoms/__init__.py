"""Crusader Kingdoms bots: the heuristic (and the Master's search settings)."""

# The levels this game offers beyond Novice ("random"), weakest first (``ai/registry.py`` reads it).
LEVELS = ("heuristic", "master")
# Where this game's measurements say something else of a level than the setup legend's usual line:
# Master searches the round's move only, and what decides here is the dice: it is a step above Captain
# (31 % of 4-player games against three Captains, the even share 25 %; docs/bench-history.md), less
# than in the other games, and the legend says what it weighs.
LEVEL_HELP = {"master": "looks ahead before each round's move, through many rolls of the dice."}
