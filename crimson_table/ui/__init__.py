"""The pygame-ce user interface: app loop, scene stack, shared widgets, one scene per game.

Nothing here decides legality: scenes turn gestures into candidate actions and ask the
engine (``Match.apply``), then animate the events it returns (DESIGN.md, "UI contract").
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
