"""What even a perfect Crusader Kingdoms engine reaches in the engine bench's playout loop, solo and co-op.

Random playouts as ``engine_throughput.playout_rate`` plays them, with the CPU time spent inside some
functions measured by wrappers (each wrapper's own cost, timed on an empty function, taken off):

* the Muslim Bot's decisions (``automaton.bot_round``: a revealed card and its event, the activation;
  ``bot_defence``; ``disband_army``): the rate if they cost nothing;
* the PRNG (``Rng.shuffle``, ``below``, ``below_each``: the decks reshuffled each turn, the dice, the
  random player's own pick): the rate if everything else cost nothing;

and a replay of the first positions timing ``legal_actions`` + ``clone`` alone.  Rates are per CPU
second, and as quiet-box estimates: × 37,883 / the 53-card shuffle baseline timed in the same process.

    python bench/crusader_kingdoms_bound.py --players 1 [--games 1500]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import Any

if __name__ == "__main__":  # this checkout's package
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine_throughput import QUIET_BASELINE, baseline_rate  # noqa: E402

from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.crusader_kingdoms import automaton, combat, flow  # noqa: E402
from crimson_table.engine.rng import Rng  # noqa: E402

clock = time.process_time
spent: dict[str, float] = {}
calls: dict[str, int] = {}


def timed(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    """``f``, its CPU time and calls added to ``name`` (outermost calls only)."""
    spent[name], calls[name] = 0.0, 0
    depth = [0]

    def wrapper(*args: Any) -> Any:
        if depth[0]:
            return f(*args)
        depth[0] += 1
        calls[name] += 1
        start = clock()
        try:
            return f(*args)
        finally:
            spent[name] += clock() - start
            depth[0] -= 1

    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--games", type=int, default=1500)
    args = parser.parse_args()
    empty = timed("empty", lambda: None)
    start = clock()
    for _ in range(200_000):
        empty()
    overhead = (clock() - start) / 200_000
    bot_round = timed("bot", automaton.bot_round)
    flow.automaton = type("Bot", (), {"bot_round": staticmethod(bot_round)})  # type: ignore[assignment]
    combat.bot_defence = timed("bot", automaton.bot_defence)
    combat.disband_army = timed("bot", automaton.disband_army)
    for method in ("shuffle", "below", "below_each"):
        setattr(Rng, method, timed("rng", getattr(Rng, method)))
    rules = GAMES["crusader_kingdoms"]
    picker, actions, positions = Rng.from_seed(1), 0, []
    start = clock()
    for game in range(args.games):
        state = rules.new_game(args.players, 1000 + game, {})
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            if game < 300:
                positions.append(state)
            state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
            actions += 1
    wrapped = sum(n for name, n in calls.items() if name != "empty")
    total = clock() - start - wrapped * overhead

    bot, rng = (spent[name] - calls[name] * overhead for name in ("bot", "rng"))
    base = baseline_rate(1.0)[1]  # after the counts: it shuffles too

    def line(what: str, rate: float) -> None:
        print(f"  {what:40} {rate:9,.0f} actions/CPU s, quiet box {rate / base * QUIET_BASELINE:9,.0f}")

    print(
        f"crusader_kingdoms/{args.players}: {actions:,} actions of {args.games} games; baseline {base:,.0f}"
    )
    line("random playouts", actions / total)
    line(f"the Muslim Bot free ({100 * bot / total:.0f}% of the time)", actions / (total - bot))
    line(f"all but the PRNG free ({100 * rng / total:.0f}% of the time)", actions / rng)
    best = float("inf")
    for _ in range(5):
        for position in positions:
            position.listed = None
        start = clock()
        for position in positions:
            rules.legal_actions(position)
            position.clone()
        best = min(best, clock() - start)
    line("legal_actions + clone alone", len(positions) / best)


if __name__ == "__main__":
    main()
