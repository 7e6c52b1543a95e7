"""Computer seats of online tables think in worker processes, never on the server's event loop.

A decision travels as :class:`crimson_table.play.bot_worker.BotRequest` (game, seed, options,
log, level, bot seed, state hash): the worker rebuilds the position, checks its hash and asks
the bot, which sees only its seat's view (``ai.base.make_context``) — the same path as the app's
bot process, so a computer seat plays online exactly as it does at one screen.

Each worker keeps the positions of the tables it served last (:data:`KEPT_POSITIONS`), so a
table's next decision replays only the actions since.
"""

from __future__ import annotations

import multiprocessing
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
    """A pool of ``workers`` spawned processes (the same start method on every OS)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
