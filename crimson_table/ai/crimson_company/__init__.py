"""Crimson Company bots: the Captain heuristic (``heuristic``) and the Master settings (``search``)."""

# The levels this game offers beyond Novice ("random"), weakest first (``ai/registry.py`` reads it).
LEVELS = ("heuristic", "master")
