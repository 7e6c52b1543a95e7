"""Shared widgets for every scene: buttons, toasts, log panel, dice tray, curtain, drag and drop,
animations, fonts, theme and player badges."""

from crimson_table.ui.widgets.badge import player_badge

__all__ = ["player_badge"]
