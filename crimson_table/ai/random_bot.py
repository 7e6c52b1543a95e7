"""The random bot: any legal action, uniformly, from its own seed."""

from __future__ import annotations

from crimson_table.ai.base import BotContext
from crimson_table.engine.core import Action
from crimson_table.engine.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, ctx: BotContext) -> Action:
        """A uniformly random legal action."""
        return ctx.legal[Rng.from_seed(ctx.seed).below(len(ctx.legal))]
