"""Crimson Keep bots."""

# The levels this game offers beyond Novice ("random"), weakest first (``ai/registry.py`` reads it).
LEVELS = ("heuristic", "master")
