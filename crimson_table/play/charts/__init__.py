"""Each game's charts on the statistics page: one module per game, ``charts/<game_id>.py``, holding
``charts(views, names) -> list[Chart]`` (the views of one seat, move by move; the seats' names).

``play/stats.py`` finds a game's module by its id (``engine/registry.game_part``), so adding a
game's statistics is adding its module here; a game without one shows the shared figures only.
"""
