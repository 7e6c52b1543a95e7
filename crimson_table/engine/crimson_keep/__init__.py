"""Crimson Keep: two clans race to summon a Dragon (or one clan against Kai)."""
