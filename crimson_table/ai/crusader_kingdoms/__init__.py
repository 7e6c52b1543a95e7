"""Crusader Kingdoms bots: the heuristic (and the Master's search settings)."""

# The levels this game offers beyond Novice ("random"), weakest first (``ai/registry.py`` reads it).
LEVELS = ("heuristic", "master")
# Where this game's measurements say something else of a level than the setup legend's usual line:
# Master measured level with Captain here, not above: the dice decide more (docs/bench-history.md).
LEVEL_HELP = {"master": "looks ahead before each round's move; here the dice keep it level with Captain."}
