"""The solo campaign, "the Crimson Chronicle": one player across all five games.

Pure Python over play/ and engine/ (and ai/'s level registry); never ui/ or pygame
(import-linter).  The screens are in ``ui/screens/campaign*.py``.

* ``chronicle_map``: reads and checks ``maps/campaign.tmx`` (chapters, encounters, paths);
* ``rivals``: the named rivals (portrait features, introduction, outcome lines);
* ``renown``: 1-3 stars from an encounter's final position, defined per game;
* ``looks``: the card backs and table cloths the chronicle unlocks;
* ``progress``: a chronicle (seed, stars, unlocks, ironman, Veteran) and what is open;
* ``encounters``: the match an encounter starts (seed, seats, options, Veteran's raise);
* ``store``: the chronicle slots on disk (atomic writes, clear errors, the backup);
* ``autoplay``: a chronicle or one encounter played by bots, headless (tests, smoke, bench).
"""
