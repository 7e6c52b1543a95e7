"""What a seat may see, and determinization (engine contract).

Hidden: the other clan's hand and its cards on offer in a draw (counts only), every
deck's order (own deck: count only, contents are deducible), the other side's
unplayed Battle Tactics (available count; the used pile is public), a face-down
tactic not yet revealed, Kai's Solo Deck order.  Everything on the table is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from crimson_table.engine.core import JSON
from crimson_table.engine.crimson_keep.state import KEEP, TACTIC, TOKENS, CKState, copy_ctx, state_to_dict
from crimson_table.engine.rng import Rng

_HIDDEN_STEPS = ("tac_a", "tac_d", "tok_d", "tok_a", "roll")


class ClanView(TypedDict):
    """One clan as a viewer sees it: its ``Clan`` fields, hidden piles as counts (an int where the
    viewer may not see the cards)."""

    deck: int
    hand: list[int] | int
    discard: list[int]
    destroyed: list[int]
    slots: list[int]
    barracks: list[int]
    caverns: list[int]
    pool: list[int]
    active: list[bool]
    used: list[bool]
    tokens: list[int]
    tactics: list[int] | int
    tactics_used: list[int]
    tracks: list[int]
    advanced: list[bool]
    found: list[int]
    tiles: list[int]
    summon: int
    dragons: list[int]
    pending: list[bool]
    protection: int
    draw_bonus: bool
    kd: list[int] | int
    ruined: list[bool]
    kd_spent: list[int]


class CrimsonKeepView(TypedDict):
    """What ``player_view`` and ``open_view`` give: the position's fields (``state_to_dict`` without the
    PRNG) with the hidden cards as counts; the keys are checked by mypy where they are read.  A decision's
    context (``ctx``, and each frame of ``resume``) keeps keys that depend on the decision."""

    game: str
    seat: int | None
    players: int
    hard: bool
    round_limit: int
    board: list[int]
    clans: list[ClanView]
    phase: str
    actor: int
    current: int
    actions_left: int
    acted: int
    ability_used: bool
    turn: int
    rounds: int
    ctx: dict[str, Any]
    resume: list[dict[str, Any]]
    dragon: int
    final_stage: int
    injuries: int
    dice: int
    obliterate: int
    solo_deck: int
    solo_up: list[int]
    mode: str
    kai_active_mode: bool
    winners: list[int]
    reason: str
    mirrored: bool
    hands: list[list[int] | None]


def crimson_keep_view(view: Mapping[str, JSON]) -> CrimsonKeepView:
    """A view the rules built, met as the generic contract's mapping (a bot's context, a table), as
    this game's: the one place the type is narrowed."""
    return cast(CrimsonKeepView, view)


def _battle_hidden(s: CKState) -> bool:
    return isinstance(s.ctx.get("tac"), list) and s.ctx.get("step") in _HIDDEN_STEPS


def _hidden_tac_side(s: CKState, seat: int) -> int:
    """The battle side (0 attacker, 1 defender) whose face-down tactic ``seat`` cannot see, or -1."""
    sides = _hidden_tac_sides(s, frozenset((seat,)))
    return sides[0] if sides else -1


def _ctxs(s: CKState) -> list[dict[str, Any]]:
    return [s.ctx] + [r["ctx"] for r in s.resume]


def player_view(s: CKState, seat: int | None) -> CrimsonKeepView:
    """A JSON-able dict of what ``seat`` may know (None: a spectator, both hands as counts)."""
    return _view(s, seat, frozenset() if seat is None else frozenset((seat,)))


def open_view(s: CKState) -> CrimsonKeepView:
    """The table with both hands, unplayed tactics and Keep Defence cards face up (the rules check
    the game is over); decks stay counts."""
    return _view(s, None, frozenset((0, 1)))


def _view(s: CKState, seat: int | None, sees: frozenset[int]) -> CrimsonKeepView:
    """The view of ``seat`` (None: nobody's) who sees the hidden cards of the clans in ``sees``."""
    d = state_to_dict(s)
    d.pop("rng")
    d["seat"] = seat
    for i, c in enumerate(d["clans"]):
        c["deck"] = len(c["deck"])
        if i not in sees:
            c["hand"] = len(c["hand"])
            c["tactics"] = len(c["tactics"])
            c["kd"] = len(c["kd"])  # Keep Defence cards are held face down (CK2-R93)
    d["hands"] = [c["hand"][:] if i in sees else None for i, c in enumerate(d["clans"])]
    d["solo_deck"] = len(d["solo_deck"])
    contexts = [d["ctx"]] + [r["ctx"] for r in d["resume"]]
    phases = [d["phase"]] + [r["phase"] for r in d["resume"]]
    actors = [d["actor"]] + [r["actor"] for r in d["resume"]]
    for ctx, phase, actor in zip(contexts, phases, actors, strict=True):
        if phase == KEEP and actor not in sees and "offer" in ctx:
            ctx["offer"] = len(ctx["offer"])
    for side in _hidden_tac_sides(s, sees):
        d["ctx"]["tac"][side] = "?"
    return cast(CrimsonKeepView, d)  # built from the state's dict in place: tests/engine/test_view_types.py


def _hidden_tac_sides(s: CKState, sees: frozenset[int]) -> list[int]:
    """The battle sides (0 attacker, 1 defender) whose face-down tactic a viewer who sees the
    clans in ``sees`` cannot see."""
    if not _battle_hidden(s):
        return []
    att = int(s.ctx["att"])
    owners = (att, 1 - att)
    return [side for side in (0, 1) if owners[side] not in sees and int(s.ctx["tac"][side])]


def determinize(s: CKState, seat: int, seed: int) -> CKState:
    """Re-deal what ``seat`` cannot see, from the view and the seed only."""
    out = s.clone()
    out.resume = [copy_ctx(r) for r in out.resume]  # the frames are shared with ``s``: offers change below
    rng = Rng.from_seed(seed)
    opp = 1 - seat
    own = out.mine(seat)
    own.deck = sorted(own.deck)
    rng.shuffle(own.deck)
    o = out.mine(opp)
    offers = [(i, ctx) for i, ctx in enumerate(_all_ctx(out)) if _is_keep_of(out, i, opp)]
    pool = sorted(o.deck + o.hand + [n for _i, ctx in offers for n in ctx["offer"]])
    rng.shuffle(pool)
    k = len(o.hand)
    o.hand = pool[:k]
    rest = pool[k:]
    for _i, ctx in offers:
        m = len(ctx["offer"])
        ctx["offer"], rest = sorted(rest[:m]), rest[m:]
    o.deck = rest
    _tactics(out, opp, rng)
    kd_pool = sorted({1, 2, 3} - set(o.kd_spent))
    rng.shuffle(kd_pool)
    o.kd = sorted(kd_pool[: len(o.kd)])
    deck = sorted(out.solo_deck)
    rng.shuffle(deck)
    out.solo_deck = deck
    out.rng = rng.next64()  # the future dice are not part of the view
    return out


def _all_ctx(s: CKState) -> list[dict[str, Any]]:
    return [s.ctx] + [r["ctx"] for r in s.resume]


def _is_keep_of(s: CKState, i: int, seat: int) -> bool:
    phase = s.phase if i == 0 else s.resume[i - 1]["phase"]
    actor = s.actor if i == 0 else s.resume[i - 1]["actor"]
    ctx = _all_ctx(s)[i]
    return phase == KEEP and actor == seat and isinstance(ctx.get("offer"), list)


def _tactics(s: CKState, opp: int, rng: Rng) -> None:
    """The opponent's unplayed tactics (and a face-down one) are any of the unseen cards.

    A clan's face-down tactic has left its hand (CK2-R22), so it is one of the unseen cards beside the
    ones it still holds; Kai plays one of the 4 she holds and keeps them all (CK2-R86), so hers is one of
    those 4.
    """
    c = s.mine(opp)
    hidden_side = _hidden_tac_side(s, 1 - opp)
    pool = sorted(set(range(1, 6)) - set(c.tactics_used))
    rng.shuffle(pool)
    k = len(c.tactics)
    c.tactics = sorted(pool[:k])
    if hidden_side >= 0:
        s.ctx["tac"][hidden_side] = rng.choice(c.tactics) if s.is_kai(opp) else pool[k]


__all__ = [
    "player_view",
    "open_view",
    "determinize",
    "crimson_keep_view",
    "CrimsonKeepView",
    "ClanView",
    "TACTIC",
    "TOKENS",
]
