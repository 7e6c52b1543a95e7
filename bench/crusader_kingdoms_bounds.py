"""Crusader Kingdoms: how far the 3-4 player game lets Captain get against random bots.

Run from the repository root: ``python bench/crusader_kingdoms_bounds.py [--games 400] [--seed 900000]``.

Captain (the heuristic) plays one seat; each other seat is a random bot, or a *passive* one that
never takes an action (it passes every round, places no response, uses no garrison, declines
every choice it may decline).  A passive seat takes away what that seat does to the game, so
the lineups below measure two things the dice and the seats decide, whatever a bot does:

* ``4p_vs_passive``: Captain alone on the map against three seats that do nothing.  How often
  it reaches its seventh castle (CK-R33) is the ceiling of its own growth under the dice.
* ``3p_vs_saladin``: Captain as a Christian against a random Saladin, the other Christian
  passive: Saladin's four castles and twelve cards a turn (section 4.3) against Captain's two and
  eight, with no third player to take Saladin's castles or to outgrow Captain.

Each lineup prints Captain's win share (a victory shared by k counts 1/k), its 95% Wilson
interval, and the castle counts at the end (Captain's and the best opponent's).  Game i uses seed
``--seed + i``, with Captain's seat rotated over the seats the lineup names, as
``crusader_kingdoms_strength.py`` does.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crusader_kingdoms_strength import wilson  # noqa: E402

from crimson_table.ai.base import BotContext  # noqa: E402
from crimson_table.ai.registry import bot_for  # noqa: E402
from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.core import Action  # noqa: E402
from crimson_table.engine.crusader_kingdoms import flow  # noqa: E402
from crimson_table.engine.crusader_kingdoms.actions import (  # noqa: E402
    CommitDone,
    Decline,
    GarrisonsDone,
    Pass,
    RespondDone,
    TakeBonus,
)
from crimson_table.play.simulate import play_bots  # noqa: E402

SALADIN = 0


class PassiveBot:
    """A seat that does nothing it can avoid (a bench device, not a player)."""

    name = "passive"

    def choose(self, ctx: BotContext) -> Action:
        """Pass, or the first "done / decline" the decision offers."""
        for kind in (Pass, CommitDone, RespondDone, GarrisonsDone, Decline, TakeBonus):
            for action in ctx.legal:
                if isinstance(action, kind):
                    return action
        return ctx.legal[0]


@dataclass(frozen=True)
class Lineup:
    """Who sits where: Captain at one of ``hero_seats``, and which other seats are passive."""

    players: int
    hero_seats: tuple[int, ...]
    passive: str  # "none", "all", "saladin", "ally" (the other Christian in 3 players)

    def kind(self, hero: int, seat: int) -> str:
        """The bot kind at ``seat`` when Captain sits at ``hero``."""
        if seat == hero:
            return "heuristic"
        if self.passive == "all":
            return "passive"
        if self.passive == "saladin" and seat == SALADIN:
            return "passive"
        if self.passive == "ally" and seat != SALADIN:
            return "passive"
        return "random"


LINEUPS = {
    "4p_vs_random": Lineup(4, (0, 1, 2, 3), "none"),
    "4p_vs_passive": Lineup(4, (0, 1, 2, 3), "all"),
    "3p_christian_vs_random": Lineup(3, (1, 2), "none"),
    "3p_vs_saladin": Lineup(3, (1, 2), "ally"),
    "3p_vs_ally": Lineup(3, (1, 2), "saladin"),
}


def play(lineup: Lineup, seed: int, hero: int) -> tuple[float, int, int]:
    """One game: (Captain's share of the victory, its castles, the best opponent's castles)."""
    kinds = [lineup.kind(hero, seat) for seat in range(lineup.players)]
    bots = [PassiveBot() if k == "passive" else bot_for("crusader_kingdoms", k) for k in kinds]
    state, _ = play_bots("crusader_kingdoms", bots, seed)
    winners = GAMES["crusader_kingdoms"].outcome(state).winners
    share = 1 / len(winners) if hero in winners else 0.0
    castles = [flow.castle_count(state, p) for p in range(lineup.players)]
    return share, castles[hero], max(c for p, c in enumerate(castles) if p != hero)


def measure(name: str, games: int, seed: int) -> dict[str, object]:
    """Captain's results in one lineup."""
    lineup = LINEUPS[name]
    start = time.perf_counter()
    won, mine, best = 0.0, Counter[int](), Counter[int]()
    for i in range(games):
        share, own, rival = play(lineup, seed + i, lineup.hero_seats[i % len(lineup.hero_seats)])
        won += share
        mine[own] += 1
        best[rival] += 1
    return {
        "lineup": name,
        "games": games,
        "captain_wins": round(won / games, 3),
        "wilson_95": [round(x, 3) for x in wilson(won, games)],
        "captain_castles": dict(sorted(mine.items())),
        "best_opponent_castles": dict(sorted(best.items())),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    """Print one line per lineup."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--lineups", default=",".join(LINEUPS), help="comma list of: " + ", ".join(LINEUPS))
    args = parser.parse_args()
    for name in args.lineups.split(","):
        print(measure(name, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
