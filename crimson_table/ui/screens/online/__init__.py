"""Play online: host a table for friends, or join one with an invite code.

``start.py`` (Host a table / Join a table) opens from the main menu's "Play online"; ``host.py``
is the new-game form with online seats, ``join.py`` the address-and-code form, and both lead to
``lobby.py``, which opens the game's own table once the host starts.  ``session.py`` holds what
a screen's online table is made of (the RemoteMatch and, for the host, the server it runs).
"""
