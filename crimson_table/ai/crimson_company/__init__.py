"""Crimson Company bots: the Captain heuristic (``heuristic``) and the Master settings (``search``)."""
