"""Crimson Table's art and sound, drawn and synthesised by our own code (shared/ART.md).

Modules (import the one you need; nothing renders at import time, everything is cached on first use):

- ``palette``   brand and table colours, the six Okabe-Ito seat colours and their pattern names
- ``patterns``  ``fill_pattern``, ``pattern_tile``, ``player_badge``
- ``cards``     ``CardSpec``, ``render_card``, ``render_back``, ``drop_shadow``, ``lifted_card``, ``desaturate``
- ``emblems``   the central card illustrations by name
- ``table``     ``felt``, ``walnut``, ``panel``, ``castle``
- ``dice``      ``d20_face``, ``d20_tumble_frames``, ``d6_face``, ``d6_tumble_frames``
- ``icons``     ``game_tile``, ``app_icon``, ``ui_icon``, ``effect_icon``
- ``sounds``    ``get``, ``play`` and the synthesis behind ``tools/make_assets.py``
"""
