"""Two Crowns: a two-player duel of castles, Knights and bribed specials (rules in the supplement)."""
