"""Playing a match: seats, the action log, undo, bot turns, saves and bot-vs-bot runs (no pygame)."""
