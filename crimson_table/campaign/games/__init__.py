"""Each game's part in the chronicle: one module per game, ``games/<game_id>.py``, found by its id.

A module holds ``IN_WORDS`` (how its stars are earned, a line the introduction shows) and
``stars(d, outcome, seat) -> (stars, margin in words)`` read from the final position
(``rules.to_dict`` of the last state and ``rules.outcome``) in the terms the game keeps score in;
and where it has them ``HARDER`` (its own difficulty options one notch up, for a Veteran chronicle)
and ``AUTOMATON`` (the rulebook's solo opponent, as the conditions name it).  A game without a
module here is judged by its score (``renown.generic``).
"""
