"""Settings for every test: bots decide in the test's own process, at once (no clock to wait for).

The app's bots think in a child process (``crimson_table/play/bot_worker.py``); a UI test that
waited for one would depend on how loaded the machine is.  ``tests/play/test_bot_worker.py``
starts real processes on purpose.
"""

from __future__ import annotations

import os

os.environ.setdefault("CRIMSON_TABLE_BOTS", "inline")
