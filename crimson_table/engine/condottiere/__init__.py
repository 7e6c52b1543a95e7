"""Condottiere (2-6 players): battles for the regions of Renaissance Italy (supplement CO-R1..CO-R53)."""
