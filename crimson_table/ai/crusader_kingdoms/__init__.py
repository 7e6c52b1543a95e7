"""Crusader Kingdoms bots: the heuristic (and the Master's search settings)."""
