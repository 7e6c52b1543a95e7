"""Crimson Company: a two-player bidding and lane-battle card game (30 unique sellswords)."""
