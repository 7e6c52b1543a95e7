"""Engine speed: random playouts, actions per second per game.

A game is timed over several rounds of random playouts (legal_actions + apply_action per step,
``new_game`` included).  The machine is shared, so every round of every game is read beside a
fixed pure-Python baseline (shuffling a 53-card list with the engine PRNG, frozen as it was when the
quiet box was measured: :class:`YardstickRng`) timed just before it:
the two share the load of that moment, and the ratio of the pair is what the run reports, as
min / median / max over the rounds.  A baseline measured once before all games would be read
against games played under another load.  The quiet-box estimate is the ratio times the baseline's rate
measured on a quiet box (:data:`QUIET_BASELINE`).  Every rate is also taken
per CPU second of the process (``time.process_time``): on a loaded box a process waits for a
core for part of its wall time, and the CPU ratio is the steadier reading of the two.

``--against DIR`` also times another checkout (e.g. ``git archive`` of an older commit) in the
same rounds: both checkouts then play in child processes, one after the other, after the same
baseline.

    python bench/engine_throughput.py [--rounds 5] [--seconds 1.0] [--game crimson_company] [--players N] [--against DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if __name__ == "__main__":  # this checkout's package, not whichever one is installed (editable)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from crimson_table.engine import GAMES  # noqa: E402
from crimson_table.engine.rng import GOLDEN, MASK64, Rng  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
QUIET_BASELINE = 37_883
"""Shuffles per second of the baseline on the development box when it was quiet (2026-11-29)."""
HERE = "this checkout"

Speed = tuple[float, float]
"""Work per wall second and per CPU second of the process."""
Rate = Callable[[str, float, int], Speed]
"""Actions per second of one game for about ``seconds``, from a seed: one checkout's playouts."""


def game_and_players(spec: str) -> tuple[str, int]:
    """A game's id and its players from ``"game"`` (the default: 3 where the game allows it, else the
    nearest it allows) or ``"game/N"`` (``--players N``; ``crimson_keep/1`` is solo against Kai).

    >>> game_and_players("crimson_keep/1"), game_and_players("condottiere")
    (('crimson_keep', 1), ('condottiere', 3))
    """
    game_id, _, players = spec.partition("/")
    info = GAMES[game_id].INFO
    return game_id, int(players) if players else max(info.min_players, min(3, info.max_players))


def playout_rate(spec: str, seconds: float, seed: int) -> Speed:
    """Actions per wall and per CPU second of uniformly random play for about ``seconds`` (``spec``:
    see :func:`game_and_players`).  An automaton's moves (Kai's) are actions like a player's."""
    game_id, players = game_and_players(spec)
    rules = GAMES[game_id]
    picker = Rng.from_seed(seed)
    actions, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = rules.new_game(players, seed + actions, {})
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start), actions / (time.process_time() - cpu)


def fixed_games(game_id: str, games: int) -> int:
    """Actions of ``games`` random games (seeds 1000, 1001, ...; one picker of seed 1): a fixed amount
    of work, for counting instructions with callgrind, which the load of a shared box does not touch."""
    rules = GAMES[game_id]
    players = max(rules.INFO.min_players, min(3, rules.INFO.max_players))
    picker, actions = Rng.from_seed(1), 0
    for seed in range(1000, 1000 + games):
        state = rules.new_game(players, seed, {})
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            state, _ = rules.apply_action(state, legal[picker.below(len(legal))])
            actions += 1
    return actions


class YardstickRng:
    """The engine's PRNG as it was when :data:`QUIET_BASELINE` was measured (2026-11-29): SplitMix64,
    and a shuffle that calls :meth:`below` per card.  The yardstick is frozen here because the engine's
    own ``Rng.shuffle`` was later made faster, with the same permutations (next64 inlined on 2026-12-01,
    about 1.12x; values mixed side by side on 2026-12-07, about 2x): timed as the baseline, each of
    those would have lowered every quiet-box estimate for no change in the games.
    ``tests/engine/test_throughput_bench.py`` checks it shuffles exactly as the engine does."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next64(self) -> int:
        """The next raw 64-bit value."""
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` without modulo bias."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def baseline_rate(seconds: float) -> Speed:
    """Shuffles of a 53-card list per wall and per CPU second with the frozen yardstick
    (:class:`YardstickRng`): the machine's pure-Python speed now."""
    rng, deck, done = YardstickRng(Rng.from_seed(1).state), list(range(53)), 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        rng.shuffle(deck)
        done += 1
    return done / (time.perf_counter() - start), done / (time.process_time() - cpu)


def child_rate(checkout: Path) -> Rate:
    """:func:`playout_rate` of ``checkout``'s engine, in a child process that imports it."""

    def rate(game_id: str, seconds: float, seed: int) -> Speed:
        code = (
            "import sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[2]);"
            "from engine_throughput import playout_rate;"
            "print(*playout_rate(sys.argv[3], float(sys.argv[4]), int(sys.argv[5])))"
        )
        args = [
            sys.executable,
            "-c",
            code,
            str(ROOT / "bench"),
            str(checkout),
            game_id,
            str(seconds),
            str(seed),
        ]
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        out = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=checkout)
        wall, cpu = out.stdout.split()[-2:]
        return float(wall), float(cpu)

    return rate


def spread(values: Sequence[float], digits: int = 0) -> dict[str, float]:
    """min / median / max of ``values``, rounded."""
    return {
        "min": round(min(values), digits),
        "median": round(statistics.median(values), digits),
        "max": round(max(values), digits),
    }


def measure(
    games: Sequence[str], rounds: int, seconds: float, checkouts: dict[str, Rate]
) -> dict[str, dict[str, list[float]]]:
    """Per game and checkout, each round's actions/s and its ratio to the baseline timed just before.

    Round by round and game by game: the baseline, then every checkout's playouts of that game
    (in turn, their order reversed every other round so neither always goes first).
    """
    columns = ("actions_per_s", "ratio", "baseline", "cpu_actions_per_s", "cpu_ratio", "cpu_baseline")
    rates = {f"{game} {name}": {column: [] for column in columns} for game in games for name in checkouts}
    for r in range(rounds):
        for game in games:
            base, cpu_base = baseline_rate(seconds)
            order = list(checkouts.items())
            for name, rate in order if r % 2 == 0 else reversed(order):
                actions, cpu_actions = rate(game, seconds, r)
                values = (actions, actions / base, base, cpu_actions, cpu_actions / cpu_base, cpu_base)
                row = rates[f"{game} {name}"]
                for column, value in zip(columns, values, strict=True):
                    row[column].append(value)
    return rates


def summary(rates: dict[str, dict[str, list[float]]]) -> dict[str, dict[str, dict[str, float]]]:
    """min / median / max of actions/s, ratio and baseline, and the ratio at the quiet box's baseline."""
    return {
        key: {
            "actions_per_s": spread(row["actions_per_s"]),
            "ratio_to_baseline": spread(row["ratio"], 3),
            "baseline_shuffles_per_s": spread(row["baseline"]),
            "quiet_box_actions_per_s": spread([ratio * QUIET_BASELINE for ratio in row["ratio"]]),
            "cpu_actions_per_s": spread(row["cpu_actions_per_s"]),
            "cpu_ratio_to_baseline": spread(row["cpu_ratio"], 3),
            "cpu_baseline_shuffles_per_s": spread(row["cpu_baseline"]),
            "cpu_quiet_box_actions_per_s": spread([ratio * QUIET_BASELINE for ratio in row["cpu_ratio"]]),
        }
        for key, row in rates.items()
    }


def figures(games: Sequence[str] | None = None, rounds: int = 5, seconds: float = 1.0) -> dict[str, object]:
    """This checkout's figures per game (:func:`summary`), with the load average before and after."""
    load_before = os.getloadavg()
    result: dict[str, object] = dict(
        summary(measure(games or list(GAMES), rounds, seconds, {HERE: playout_rate}))
    )
    result["load_average"] = {
        "before": [round(v, 2) for v in load_before],
        "after": [round(v, 2) for v in os.getloadavg()],
    }
    return result


def _line(name: str, values: dict[str, float], unit: str = "") -> str:
    return f"{name} {values['min']:,g} / {values['median']:,g} / {values['max']:,g}{unit}"


def main() -> None:
    """Run the benchmark and print min / median / max per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--players", type=int, help="players per game (1 = Crimson Keep solo against Kai)")
    parser.add_argument("--against", type=Path, help="another checkout to time in the same rounds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.rounds < 3:
        parser.error("at least 3 rounds: the report is min / median / max")
    games = args.game or list(GAMES)
    if args.players is not None:
        games = [f"{game}/{args.players}" for game in games]
    if args.against is None:
        result = figures(games, args.rounds, args.seconds)
    else:
        checkouts = {"against": child_rate(args.against), HERE: child_rate(ROOT)}
        load_before = os.getloadavg()
        result = dict(summary(measure(games, args.rounds, args.seconds, checkouts)))
        result["load_average"] = {
            "before": [round(v, 2) for v in load_before],
            "after": [round(v, 2) for v in os.getloadavg()],
        }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, row in result.items():
        if key == "load_average":
            continue
        assert isinstance(row, dict)
        print(key)
        for clock, prefix in (("wall", ""), ("CPU", "cpu_")):
            print(f"    {clock:4}: {_line('actions/s', row[prefix + 'actions_per_s'])}")
            print(f"          {_line('x baseline', row[prefix + 'ratio_to_baseline'])}", end="")
            print(f"  ({_line('baseline', row[prefix + 'baseline_shuffles_per_s'])})")
            print(
                f"          {_line(f'quiet box (x {QUIET_BASELINE:,})', row[prefix + 'quiet_box_actions_per_s'])}"
            )
    loads = result["load_average"]
    assert isinstance(loads, dict)
    print(f"{args.rounds} rounds (min / median / max); load average {loads['before']} -> {loads['after']}")


if __name__ == "__main__":
    main()
