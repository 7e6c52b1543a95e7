"""Crimson Keep bots."""
