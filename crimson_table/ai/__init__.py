"""Bots: they see only a player's view (plus determinize), never the full state."""
