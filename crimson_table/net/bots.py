"""Computer seats of online tables think in worker processes, never on the server's event loop.

A decision travels as :class:`crimson_table.play.bot_worker.BotRequest` (game, seed, options,
log, level, bot seed, state hash): the worker rebuilds the position, checks its hash and asks
the bot, which sees only its seat's view (``ai.base.make_context``) — the same path as the app's
bot process, so a computer seat plays online exactly as it does at one screen.

Each worker keeps the positions of the tables it served last (:data:`KEPT_POSITIONS`), so a
table's next decision replays only the actions since.  A worker ends with the server: a pool's
workers wait on a queue whose pipe they hold both ends of, so a server killed outright (``kill -9``,
an app that crashed while hosting) would leave them waiting for ever; each one watches its parent
and leaves when it is gone.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor

from crimson_table.engine.core import JSON
from crimson_table.play.bot_worker import BotRequest, Replayer, decide

KEPT_POSITIONS = 64
_replayers: OrderedDict[tuple[str, int, int], Replayer] = OrderedDict()


def decide_for_table(table_key: str, request: BotRequest) -> dict[str, JSON]:
    """The bot's action for ``request`` (run in a worker), reusing that table's last position."""
    key = (table_key, request.players, request.seed)
    replayer = _replayers.pop(key, None) or Replayer()
    _replayers[key] = replayer
    while len(_replayers) > KEPT_POSITIONS:
        _replayers.popitem(last=False)
    return decide(request, replayer)


def worker_pool(workers: int) -> Executor:
    """A pool of ``workers`` spawned processes (the same start method on every OS), each ending
    when the process that started it ends (:func:`leave_with_parent`)."""
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=leave_with_parent
    )


def leave_with_parent() -> None:
    """In a worker: a daemon thread waits for the parent's end (its sentinel) and ends this process."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a child of multiprocessing: nothing to watch
        return

    def watch() -> None:
        parent.join()
        os._exit(0)  # the server is gone: nobody will ever ask again

    threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()
