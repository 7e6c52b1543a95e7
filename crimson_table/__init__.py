"""Crimson Table: five tabletop games with every rule enforced."""

__version__ = "0.1.0"
