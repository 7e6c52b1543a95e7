"""Gestures as candidate actions: a click on a region, a card dropped on the attack, a pile or a
region, buttons for the rest.  What is legal comes from ``match.legal_actions()``; the engine judges
what is tried (``match.refusal`` / ``try_action``), the table never decides legality itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from crimson_table.engine.core import Action
from crimson_table.engine.crusader_kingdoms.actions import (
    Attack,
    ChooseRegion,
    ChooseSeat,
    Commit,
    Discard,
    Incursion,
    PickCard,
    PlaceGarrison,
    PlayEvent,
    Respond,
    TrucePenalty,
    UseGarrison,
)
from crimson_table.engine.crusader_kingdoms.cards import title

REGION_ACTIONS = (Attack, ChooseRegion, UseGarrison, PlaceGarrison)
CARD_ACTIONS = (Commit, Respond, PlayEvent, Discard, Incursion, PickCard)
BOT = -2


def action_region(action: Action) -> str | None:
    """The region a region decision names (a truce penalty may name a garrison's region)."""
    if isinstance(action, REGION_ACTIONS):
        return str(action.region)
    if isinstance(action, TrucePenalty) and action.option != "bonus":
        return str(action.option)
    return None


def glowing_regions(legal: Sequence[Action]) -> set[str]:
    """The regions a click may choose now: they glow gold."""
    return {r for r in (action_region(a) for a in legal) if r is not None}


def region_action(legal: Sequence[Action], key: str) -> Action | None:
    """The decision a click on region ``key`` makes (None when the region is no choice now)."""
    for action in legal:
        if action_region(action) == key:
            return action
    return None


def card_actions(legal: Sequence[Action], card: str) -> list[Action]:
    """Everything the viewer may do with one hand card now."""
    return [a for a in legal if isinstance(a, CARD_ACTIONS) and getattr(a, "card", None) == card]


def button_actions(legal: Sequence[Action]) -> list[Action]:
    """Decisions that are neither a region nor a card: Pass, Done, the reward, a player..."""
    return [a for a in legal if not isinstance(a, CARD_ACTIONS) and action_region(a) is None]


def drop_action(
    legal: Sequence[Action], card: str, zone: tuple[str, str], owner: int | None = None
) -> Action | None:
    """The decision a hand card dropped on ``zone`` makes: ``("attack", "ATT"|"DEF")``,
    ``("discard", deck)``, ``("region", key)`` (an Incursion against its holder, else the event)."""
    kind, what = zone
    options = card_actions(legal, card)
    for a in options:
        if kind == "attack" and isinstance(a, Commit) and what == "ATT":
            return a
        if kind == "attack" and isinstance(a, Respond) and a.side == what:
            return a
        if kind == "discard" and isinstance(a, Discard):
            return a
        if kind == "region" and isinstance(a, Incursion) and owner is not None and a.target == owner:
            return a
    for a in options:
        if kind in ("region", "board") and isinstance(a, PlayEvent):
            return a
    return None


def fallback_action(kind: str, card: str) -> Action:
    """A candidate for a drop no legal action matches, so the engine says why (a red toast)."""
    if kind == "discard":
        return Discard(card)
    if kind == "attack":
        return Commit(card)
    return PlayEvent(card)


def button_label(action: Action, names: Sequence[str]) -> str:
    """A short label naming seats by name."""

    def name(seat: int) -> str:
        return "the Bot" if seat == BOT else names[seat] if 0 <= seat < len(names) else "?"

    if isinstance(action, ChooseSeat):
        return f"Choose {name(action.seat)}"
    if isinstance(action, Incursion):
        return f"Incursion vs {name(action.target)}"
    if isinstance(action, Respond):
        return "On the attack" if action.side == "ATT" else "On the defence"
    if isinstance(action, Commit):
        return "Into the attack"
    if isinstance(action, PlayEvent):
        return f"Play {title(action.card)}"
    if isinstance(action, Discard):
        return "Discard"
    if isinstance(action, PickCard):
        return f"Choose {title(action.card)}"
    return action.label
