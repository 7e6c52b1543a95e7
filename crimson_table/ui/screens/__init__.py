"""The app's screens: menu, setup, load, settings, rules, pause, dialogs and game over (never a table)."""
