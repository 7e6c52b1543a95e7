"""Whose eyes a table is seen through (``BaseGameScene.sight``; a replay offers all three).

Plain names, apart from the table toolkit, so that a screen can open a replay seen a certain way
(the results' "Show all hands") without importing a table.
"""

SEAT_SIGHT = "seat"  # the viewer seat's own view
SPECTATOR = "spectator"  # a spectator at no seat: every hand face down (the viewer seat is a place)
ALL_OPEN = "open"  # the game is over: every hand face up
