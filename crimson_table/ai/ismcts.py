"""The "Master" level: single-observer Information-Set Monte Carlo Tree Search.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search"
(IEEE TCIAIG 4(2), 2012).  The tree belongs to the observer (the bot's seat) and its
edges are actions, so one tree gathers the statistics of every state the observer
cannot tell apart.  Each iteration:

1. samples a full state with ``ctx.determinize`` (the only way the search meets a state);
2. descends with UCB1 among the children whose action is legal in *that* sample,
   counting each child's availability so rarely-legal actions are not penalised;
3. expands one action not yet in the tree;
4. finishes the game with a rollout policy (random, or a game's heuristic bot), optionally
   stopped after a number of actions and scored by an evaluator (or a neutral 0.5);
5. backs up one reward per seat (1 win, 0 loss, ``1/k`` for a win shared by ``k``
   seats), each node taking the reward of the seat whose action led to it.

The root action chosen is the most visited; :meth:`IsmctsBot.analyse` reports every root
action's visits and mean reward (:class:`RootStat`, what the hints explain).  Options (progressive bias from a prior
policy, quiet-state evaluation, skipped action kinds) are in :class:`SearchConfig`; the
per-game settings of the "master" level are in ``crimson_table/ai/<game>/search.py``.

Actions are compared across samples by their ``to_dict`` JSON.  The search is
budgeted by iterations and draws every random number from ``ctx.seed``: the same context gives
the same choice on any machine.  Only the app may add a :class:`TimeBudget` (a wall-clock cap
read from a clock it hands in); tests, benches and hints never do, so they stay reproducible.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crimson_table.ai.base import Bot, BotContext, ViewOf, make_context
from crimson_table.engine.core import Action, GameRules, Outcome
from crimson_table.engine.rng import Rng

RolloutPolicy = Callable[[GameRules[Any], Any, Rng], Action]
"""Picks the next action of a rollout from a full (sampled) state."""

Finisher = Callable[[GameRules[Any], Any, Rng], list[float]]
"""Plays a sampled state from a leaf of the tree to a result by itself: rewards per seat."""

Evaluator = Callable[[GameRules[Any], Any], "list[float] | None"]
"""Rewards per seat, each in [0, 1], for a rollout stopped before the end; None when the
state is not quiet enough to judge (the rollout then plays on, see ``SearchConfig``)."""


def outcome_rewards(outcome: Outcome, seats: int) -> list[float]:
    """The outcome's own ``rewards`` where it gives them (solo and co-op games), else 1 for a sole
    winner, ``1/k`` each for ``k`` winners, 0 for the others; no winner: all ``1/seats`` (a draw)."""
    if outcome.rewards:
        return list(outcome.rewards)
    if not outcome.winners:
        return [1.0 / seats] * seats
    share = 1.0 / len(outcome.winners)
    return [share if seat in outcome.winners else 0.0 for seat in range(seats)]


def random_policy(rules: GameRules[Any], state: Any, rng: Rng) -> Action:
    """A uniformly random legal action."""
    legal = rules.legal_actions(state)
    return legal[rng.below(len(legal))]


class BotPolicy:
    """A rollout policy that asks a bot, through a context built from the sampled state (its view
    by ``view_of``: a game's lighter view for its own bots, else ``rules.player_view``)."""

    def __init__(self, bot: Bot, view_of: ViewOf | None = None) -> None:
        self.bot = bot
        self.view_of = view_of

    def __call__(self, rules: GameRules[Any], state: Any, rng: Rng) -> Action:
        """The bot's choice in ``state``."""
        return self.bot.choose(make_context(rules, state, rng.next64(), self.view_of))


@dataclass(frozen=True)
class SearchConfig:
    """How hard and how the search looks.

    - ``iterations``: the budget (one determinization and one rollout each);
      ``exploration`` is UCB1's constant (rewards lie in [0, 1]).
    - ``rollout`` plays the rollouts; ``rollout_depth`` caps them (None: to the end).  A
      capped rollout is scored by ``evaluate``, or 0.5 for every seat without one.  When
      ``evaluate`` answers None (not a quiet state) the rollout plays on, at most
      ``quiet_limit`` more actions, until it answers (then 0.5 for every seat).
    - ``prior`` (progressive bias): a policy asked once per tree node; its action is
      expanded first and gets ``prior_weight / (visits + 1)`` on top of its UCB1 score.
    - ``skip_kinds``: action kinds the tree never tries (e.g. taking back a selection,
      which only wastes iterations), unless nothing else is legal.
    - ``finish``: a game's own fast rollout from a leaf to rewards; when set it replaces
      ``rollout``, ``rollout_depth`` and ``evaluate``.
    - ``key``: the identity of an action in the tree (default its ``to_dict`` JSON).  A game may
      merge equivalent actions (two copies of one card) so that one edge gathers what every
      sample says about them; the first legal action of the most visited key is chosen.
    - ``refine``: a game's belief about the hidden cards, ``(sample, observer seat) -> sample``:
      it rearranges each determinization (e.g. a face-down group made of what a sensible player
      lays).  It sees only the sample, so the bot stays a function of its view and seed.
    """

    iterations: int = 200
    exploration: float = 0.7
    rollout: RolloutPolicy = random_policy
    rollout_depth: int | None = None
    evaluate: Evaluator | None = None
    quiet_limit: int = 200
    prior: RolloutPolicy | None = None
    prior_weight: float = 1.0
    skip_kinds: frozenset[str] = frozenset()
    finish: Finisher | None = None
    key: Callable[[Action], str] | None = None
    refine: Callable[[Any, int], Any] | None = None


@dataclass(frozen=True)
class TimeBudget:
    """A wall-clock cap on one decision, which only the app's bot process sets.

    On a loaded machine (the bot process also runs at a lower priority than the table) the
    iteration budget alone can take several seconds of wall time, most of all with many seats.
    With a budget the search stops at the first iteration boundary after ``seconds`` of
    ``clock``, once it has done at least ``min_share`` of its iterations.  The trade-off: a
    capped decision depends on the machine's speed and load, so it is no longer reproducible
    from the seed, and on a slow or busy machine it searches less (down to ``min_share``, so
    Master never falls to a handful of samples); on an idle machine Master finishes its
    iterations well inside the cap and plays exactly as without it.  ``clock`` is injected
    (``time.monotonic`` in the app, a fake in tests): the search itself never reads the time.
    """

    seconds: float
    clock: Callable[[], float]
    min_share: float = 0.2

    def floor(self, iterations: int) -> int:
        """The iterations done whatever the clock says."""
        return min(iterations, math.ceil(iterations * self.min_share))


@dataclass(frozen=True)
class RootStat:
    """What the search learnt about one root action: how often it was tried and how it did.

    ``win_rate`` is the mean reward of the acting seat after that action (1 win, 0 loss, shares
    for shared wins; an evaluator's win share for a stopped rollout), in [0, 1].
    """

    action: Action
    visits: int
    win_rate: float


class Node:
    """One edge of the observer's tree: the action taken and who took it."""

    __slots__ = ("action", "key", "seat", "children", "visits", "reward", "avail", "hint")

    def __init__(self, action: Action | None, key: str, seat: int) -> None:
        self.action = action
        self.key = key
        self.seat = seat
        self.hint: str | None = None
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1

    def ucb(self, exploration: float) -> float:
        """UCB1 with the availability count in place of the parent's visits."""
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.avail) / self.visits)


class IsmctsBot:
    """Single-observer ISMCTS; strength set by :class:`SearchConfig` (mostly ``iterations``)."""

    name = "master"

    def __init__(self, config: SearchConfig | None = None) -> None:
        self.config = config or SearchConfig()
        self.budget: TimeBudget | None = None  # the app's wall-clock cap; None: iterations only
        self._keys: dict[Action, str] = {}

    def choose(self, ctx: BotContext) -> Action:
        """The most visited root action (ties: the better mean, then ``ctx.legal`` order)."""
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        root = self.search(ctx)
        best, best_rank = ctx.legal[0], (-1, -1.0)
        for action in ctx.legal:
            child = root.children.get(self.key(action))
            if child is None or child.visits == 0:
                continue
            rank = (child.visits, child.reward / child.visits)
            if rank > best_rank:
                best, best_rank = action, rank
        return best

    def analyse(self, ctx: BotContext) -> list[RootStat]:
        """Search from ``ctx`` and report every root action tried, best first (the order
        :meth:`choose` ranks them: visits, then mean reward; one entry per ``key``, the first legal
        action of that key).  Same context, same answer (the search is seeded by ``ctx.seed``)."""
        root = self.search(ctx)
        stats: dict[str, RootStat] = {}
        for action in ctx.legal:
            k = self.key(action)
            child = root.children.get(k)
            if k in stats or child is None or child.visits == 0:
                continue
            stats[k] = RootStat(action, child.visits, child.reward / child.visits)
        return sorted(stats.values(), key=lambda s: (s.visits, s.win_rate), reverse=True)

    def key(self, action: Action) -> str:
        """The action's identity across samples: its ``to_dict`` as canonical JSON."""
        found = self._keys.get(action)
        if found is None:
            if self.config.key is not None:
                found = self.config.key(action)
            else:
                found = json.dumps(action.to_dict(), sort_keys=True, separators=(",", ":"))
            self._keys[action] = found
        return found

    def search(self, ctx: BotContext) -> Node:
        """Run the configured iterations from ``ctx`` (fewer if :attr:`budget` runs out first) and
        return the root of the tree; ``root.visits`` is the number of iterations done."""
        rng = Rng.from_seed(ctx.seed)
        root = Node(None, "", ctx.seat)
        refine = self.config.refine
        budget, iterations = self.budget, self.config.iterations
        floor = budget.floor(iterations) if budget is not None else iterations
        end = budget.clock() + budget.seconds if budget is not None else 0.0
        for done in range(iterations):
            if done >= floor and budget is not None and budget.clock() >= end:
                break
            sample = ctx.determinize(rng.next64())
            if refine is not None:
                sample = refine(sample, ctx.seat)
            self._iterate(ctx.rules, sample, root, rng)
        return root

    def _iterate(self, rules: GameRules[Any], state: Any, root: Node, rng: Rng) -> None:
        path = [root]
        node = root
        while not rules.is_over(state):
            seat = rules.current_player(state)
            assert seat is not None
            child, action = self._select(rules, state, node, seat, rng)
            state, _events = rules.apply_action(state, action)
            path.append(child)
            if child.visits == 0:
                break
            node = child
        rewards = self._rollout(rules, state, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]

    def _select(
        self, rules: GameRules[Any], state: Any, node: Node, seat: int, rng: Rng
    ) -> tuple[Node, Action]:
        """Expand an untried legal action if there is one, else the best UCB1 child."""
        cfg = self.config
        legal = rules.legal_actions(state)
        if cfg.skip_kinds:
            kept = [a for a in legal if a.KIND not in cfg.skip_kinds]
            legal = kept or legal
        if cfg.prior is not None and node.hint is None and len(legal) > 1:
            node.hint = self.key(cfg.prior(rules, state, rng))
        untried: list[tuple[str, Action]] = []
        present: list[tuple[Node, Action]] = []
        seen: set[str] = set()
        for action in legal:
            k = self.key(action)
            if k in seen:
                continue  # an action equivalent to one listed already (``SearchConfig.key``)
            seen.add(k)
            child = node.children.get(k)
            if child is None:
                untried.append((k, action))
            else:
                child.avail += 1
                present.append((child, action))
        if untried:
            hinted = [pair for pair in untried if pair[0] == node.hint]
            k, action = hinted[0] if hinted else untried[rng.below(len(untried))]
            child = Node(action, k, seat)
            node.children[k] = child
            return child, action
        c, w, hint = cfg.exploration, cfg.prior_weight, node.hint
        return max(present, key=lambda p: p[0].ucb(c) + (w / (p[0].visits + 1) if p[0].key == hint else 0.0))

    def _rollout(self, rules: GameRules[Any], state: Any, rng: Rng) -> list[float]:
        """Play on with the rollout policy; rewards per seat."""
        cfg = self.config
        if cfg.finish is not None:
            return cfg.finish(rules, state, rng)
        cap = cfg.rollout_depth
        depth = 0
        while not rules.is_over(state):
            if cap is not None and depth >= cap:
                rewards = cfg.evaluate(rules, state) if cfg.evaluate is not None else None
                if rewards is not None:
                    return rewards
                if cfg.evaluate is None or depth >= cap + cfg.quiet_limit:
                    return [0.5] * rules.num_players(state)
            state, _events = rules.apply_action(state, cfg.rollout(rules, state, rng))
            depth += 1
        outcome = rules.outcome(state)
        assert outcome is not None
        return outcome_rewards(outcome, rules.num_players(state))


class PhaseMaster(IsmctsBot):
    """Master searching only the decisions of one phase (a turn's or round's main action); the
    rule-of-thumb bot ``captain`` takes every smaller decision, as it does in the rollouts."""

    searched_phase = ""

    def __init__(self, config: SearchConfig, captain: Bot) -> None:
        super().__init__(config)
        self.captain = captain

    def captain_first(self, ctx: BotContext) -> Action | None:
        """A choice of the searched phase Captain makes instead of the search (none by default)."""
        return None

    def choose(self, ctx: BotContext) -> Action:
        """A forced move at once, Captain's choice outside the searched phase, else the search's."""
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        if ctx.view.get("phase") != self.searched_phase:
            return self.captain.choose(ctx)
        first = self.captain_first(ctx)
        return first if first is not None else super().choose(ctx)
