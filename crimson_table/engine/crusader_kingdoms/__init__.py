"""Crusader Kingdoms: The War for the Holy Land (rules per the supplement's CK-R IDs)."""
