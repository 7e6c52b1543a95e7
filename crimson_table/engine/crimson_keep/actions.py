"""Crimson Keep actions: every decision is small (a button, a card, a space).

The acting seat is never part of an action: it is always the state's deciding seat.
Own cards are named by their number (1..37, unique within a clan); enemy targets by
the enemy card's number.  Board spaces are cell codes ``c * 5 + l - 1``; ``BARRACKS``
and ``CAVERNS`` name those Clan Board areas.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from crimson_table.engine.core import Action, ActionCodec
from crimson_table.engine.crimson_keep.cards import (
    DRAGON_NAMES,
    FREE_NAMES,
    KEEP_DEFENCE,
    TACTICS,
    TRACK_NAMES,
    name,
)

BARRACKS, CAVERNS = -1, -2


def _card(n: int) -> str:
    return name(n) if 1 <= n <= 37 else f"card {n}"


COLUMNS = 9  # the Main Board's grid (engine/crimson_keep/board.py reads it from the map)
# How a player names the board's columns (CK2 s.1.1), as drawn from the left: each keep's columns A, B,
# C (C faces the battlefield: its front), and the battlefield between the two gates (CK2-R8).
_KEEP_COLUMNS = {0: ("Left", "rear"), 1: ("Left", "middle"), 2: ("Left", "front"),
                 6: ("Right", "front"), 7: ("Right", "middle"), 8: ("Right", "rear")}  # fmt: skip
_BATTLEFIELD = {3: "the Left gate", 4: "the middle of the battlefield", 5: "the Right gate"}


def space_name(cell: int, mirrored: bool = False) -> str:
    """A cell named as a player reads the board (a keep's level and column, a gate), or the Clan Board
    area.

    ``mirrored`` (solo with the player on the Right, CK2-R72): the state keeps the player's keep in
    columns 0-2 and the table shows the grid turned round, so column c is drawn as 8 - c.

    >>> space_name(1), space_name(1, mirrored=True), space_name(BARRACKS)
    ("level 2 of the Left keep's rear column", "level 2 of the Right keep's rear column", 'the Barracks')
    >>> space_name(15), space_name(20), space_name(27)
    ('the Left gate', 'the middle of the battlefield', 'level 3 above the Right gate')
    """
    if cell == BARRACKS:
        return "the Barracks"
    if cell == CAVERNS:
        return "the Caverns"
    column, level = cell // 5, cell % 5 + 1
    drawn = COLUMNS - 1 - column if mirrored else column
    if drawn in _BATTLEFIELD:
        return _BATTLEFIELD[drawn] if level == 1 else f"level {level} above {_BATTLEFIELD[drawn]}"
    side, place = _KEEP_COLUMNS[drawn]
    return f"level {level} of the {side} keep's {place} column"


# the board's spaces named by [mirrored][cell], made once at import (event texts name them)
SPACE_NAMES = tuple(tuple(space_name(x, mirrored) for x in range(45)) for mirrored in (False, True))


def token_name(t: int) -> str:
    """``Attack(2)`` / ``Defence(1)``."""
    return f"Attack({t})" if t > 0 else f"Defence({-t})"


@dataclass(frozen=True)
class ExcludeTactic(Action):
    """CK2-R96: leave one of the 5 Battle Tactics cards out of this game."""

    KIND: ClassVar[str] = "exclude_tactic"
    tactic: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Leave out {TACTICS.get(self.tactic, '?')}"


@dataclass(frozen=True)
class KeepCard(Action):
    """CK2-R12: keep one of the drawn cards."""

    KIND: ClassVar[str] = "keep_card"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Keep {_card(self.card)}"


@dataclass(frozen=True)
class TakeDrawBonus(Action):
    """CK2-R13: take (or decline) the free Draw Bonus."""

    KIND: ClassVar[str] = "draw_bonus"
    take: bool

    @property
    def label(self) -> str:
        """Button text."""
        return "Take the Draw Bonus" if self.take else "Decline the Draw Bonus"


@dataclass(frozen=True)
class Move(Action):
    """CK2-R14: move the ACTIVE champion forward (2 = Dragon Ram's extra space, CK2-R65)."""

    KIND: ClassVar[str] = "move"
    steps: int = 1

    @property
    def label(self) -> str:
        """Button text."""
        return "Move forward" if self.steps == 1 else f"Move forward {self.steps} spaces"


@dataclass(frozen=True)
class Place(Action):
    """CK2-R6: place a card from hand or a Summoning slot."""

    KIND: ClassVar[str] = "place"
    card: int
    dest: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Place {_card(self.card)} on {space_name(self.dest)}"


@dataclass(frozen=True)
class Deploy(Action):
    """CK2-R8: send a Barracks card to your gate (INACTIVE)."""

    KIND: ClassVar[str] = "deploy"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Deploy {_card(self.card)}"


@dataclass(frozen=True)
class Replace(Action):
    """CK2-R10: replace own card ``old`` with ``card``."""

    KIND: ClassVar[str] = "replace"
    card: int
    old: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Replace {_card(self.old)} with {_card(self.card)}"


@dataclass(frozen=True)
class Flip(Action):
    """CK2-R11: flip one own card."""

    KIND: ClassVar[str] = "flip"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Flip {_card(self.card)}"


@dataclass(frozen=True)
class Draw(Action):
    """CK2-R12: discard the hand, draw 5, keep 3."""

    KIND: ClassVar[str] = "draw"

    @property
    def label(self) -> str:
        """Button text."""
        return "Draw (5, keep 3)"


@dataclass(frozen=True)
class Ability(Action):
    """CK2-R15: use an ACTIVE card's Special Ability (mode/target/extra per CK2-R48..R71)."""

    KIND: ClassVar[str] = "ability"
    card: int
    mode: str = ""
    target: int = 0
    extra: int = 0

    @property
    def label(self) -> str:
        """Button text."""
        parts = [f"{_card(self.card)}:", self.mode or "use"]
        if self.target:
            parts.append(f"-> {self.target}")
        if self.extra:
            parts.append(f"({self.extra})")
        return " ".join(parts)


@dataclass(frozen=True)
class Battle(Action):
    """CK2-R18: own ACTIVE card ``card`` battles adjacent enemy card ``target``."""

    KIND: ClassVar[str] = "battle"
    card: int
    target: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"{_card(self.card)} battles enemy {_card(self.target)}"


@dataclass(frozen=True)
class FreeAction(Action):
    """CK2-R4: a track's free action (0..3), or 4 + d = the Grand free action on Dragon d (CK2-R5)."""

    KIND: ClassVar[str] = "free_action"
    track: int

    @property
    def label(self) -> str:
        """Button text."""
        if self.track >= 4:
            return f"Grand free action: {DRAGON_NAMES[(self.track - 4) % 3]} Dragon down 2"
        return f"{FREE_NAMES[self.track]} ({TRACK_NAMES[self.track]} track)"


@dataclass(frozen=True)
class Protect(Action):
    """CK2-R17: move the Protection token onto your ACTIVE champion."""

    KIND: ClassVar[str] = "protect"

    @property
    def label(self) -> str:
        """Button text."""
        return "Protect your champion"


@dataclass(frozen=True)
class Summon(Action):
    """CK2-R33: summon the Weak (0), Strong (1) or Mighty (2) Dragon."""

    KIND: ClassVar[str] = "summon"
    dragon: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Summon the {DRAGON_NAMES[self.dragon % 3]} Dragon"


@dataclass(frozen=True)
class PassDragon(Action):
    """CK2-R33 Pass (CK2-R35: decline)."""

    KIND: ClassVar[str] = "pass_dragon"

    @property
    def label(self) -> str:
        """Button text."""
        return "Pass this Dragon"


@dataclass(frozen=True)
class EndTurn(Action):
    """CK2-R2: rest the remaining action slots and end the turn."""

    KIND: ClassVar[str] = "end_turn"

    @property
    def label(self) -> str:
        """Button text."""
        return "End turn"


@dataclass(frozen=True)
class StoreToken(Action):
    """CK2-R16: the type of the token card ``card`` stores."""

    KIND: ClassVar[str] = "store_token"
    card: int
    attack: bool

    @property
    def label(self) -> str:
        """Button text."""
        return f"{_card(self.card)} stores an {'Attack' if self.attack else 'Defence'} token"


@dataclass(frozen=True)
class Choose(Action):
    """One card of a multi-card choice (Sorceress flips, CK2-R50)."""

    KIND: ClassVar[str] = "choose"
    card: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Flip {_card(self.card)}"


@dataclass(frozen=True)
class Done(Action):
    """Stop choosing (no more flips / tokens / no reroll / no Keep Defence card)."""

    KIND: ClassVar[str] = "done"

    @property
    def label(self) -> str:
        """Button text."""
        return "Done"


@dataclass(frozen=True)
class Tactic(Action):
    """CK2-R19 step 1: the Battle Tactics card played face down."""

    KIND: ClassVar[str] = "tactic"
    tactic: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Play {TACTICS.get(self.tactic, '?')}"


@dataclass(frozen=True)
class TakeToken(Action):
    """CK2-R20: take one more accessible token (source 0 = the Caverns pool)."""

    KIND: ClassVar[str] = "take_token"
    source: int
    value: int

    @property
    def label(self) -> str:
        """Button text."""
        where = "the Caverns pool" if self.source == 0 else _card(self.source)
        return f"Take {token_name(self.value)} from {where}"


@dataclass(frozen=True)
class Reroll(Action):
    """BT4 Second Wind: reroll your die number ``die``."""

    KIND: ClassVar[str] = "reroll"
    die: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Reroll die {self.die + 1}"


@dataclass(frozen=True)
class BuyKeepDefence(Action):
    """CK2-R37: take one Keep Defence card."""

    KIND: ClassVar[str] = "buy_kd"
    kd: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Take {KEEP_DEFENCE.get(self.kd, ('?',))[0]}"


@dataclass(frozen=True)
class PlayKeepDefence(Action):
    """CK2-R41: play a Keep Defence card face down with orientation A (0) or B (1)."""

    KIND: ClassVar[str] = "play_kd"
    kd: int
    side: int

    @property
    def label(self) -> str:
        """Button text."""
        entry = KEEP_DEFENCE.get(self.kd, ("?", "?", "?"))
        return f"Play {entry[0]}: {entry[1 + (self.side % 2)]}"


@dataclass(frozen=True)
class Obliterate(Action):
    """CK2-R40: obliterate the defender's keep column 0 = A, 1 = B, 2 = C."""

    KIND: ClassVar[str] = "obliterate"
    column: int

    @property
    def label(self) -> str:
        """Button text."""
        return f"Obliterate column {'ABC'[self.column % 3]}"


@dataclass(frozen=True)
class FireAttack(Action):
    """CK2-R41: Fire Attack the closest column."""

    KIND: ClassVar[str] = "fire_attack"

    @property
    def label(self) -> str:
        """Button text."""
        return "Fire Attack"


CLASSES: tuple[type[Action], ...] = (
    ExcludeTactic, KeepCard, TakeDrawBonus, Move, Place, Deploy, Replace, Flip, Draw, Ability, Battle, FreeAction,
    Protect, Summon, PassDragon, EndTurn, StoreToken, Choose, Done, Tactic, TakeToken, Reroll, BuyKeepDefence,
    PlayKeepDefence, Obliterate, FireAttack,
)  # fmt: skip
CODEC = ActionCodec(CLASSES)


# Shared instances for the option lists (actions are immutable): building the lists and the
# legality check (``in`` tries identity first) stay cheap in long playouts and searches.
def shown_label(action: Action, mirrored: bool) -> str:
    """An action's button text with its board spaces named as the player sees them (see space_name).

    >>> shown_label(Place(30, 1), mirrored=True)
    "Place Clan Leader on level 2 of the Right keep's rear column"
    >>> shown_label(Place(30, 1), mirrored=False)
    "Place Clan Leader on level 2 of the Left keep's rear column"
    """
    if isinstance(action, Place) and action.dest >= 0:
        return f"Place {_card(action.card)} on {space_name(action.dest, mirrored)}"
    if isinstance(action, Ability) and action.mode == "master" and action.extra:  # Kragars: card, cell + 1
        return (
            f"{_card(action.card)}: build {_card(action.target)} on {space_name(action.extra - 1, mirrored)}"
        )
    return action.label


place_action = lru_cache(maxsize=None)(Place)
replace_action = lru_cache(maxsize=None)(Replace)
flip_action = lru_cache(maxsize=None)(Flip)
battle_action = lru_cache(maxsize=None)(Battle)
deploy_action = lru_cache(maxsize=None)(Deploy)
ability_action = lru_cache(maxsize=None)(Ability)
move_action = lru_cache(maxsize=None)(Move)
free_action = lru_cache(maxsize=None)(FreeAction)
summon_action = lru_cache(maxsize=None)(Summon)
bonus_action = lru_cache(maxsize=None)(TakeDrawBonus)
keep_action = lru_cache(maxsize=None)(KeepCard)
exclude_action = lru_cache(maxsize=None)(ExcludeTactic)
store_action = lru_cache(maxsize=None)(StoreToken)
choose_action = lru_cache(maxsize=None)(Choose)
tactic_action = lru_cache(maxsize=None)(Tactic)
token_action = lru_cache(maxsize=None)(TakeToken)
reroll_action = lru_cache(maxsize=None)(Reroll)
buy_action = lru_cache(maxsize=None)(BuyKeepDefence)
play_kd_action = lru_cache(maxsize=None)(PlayKeepDefence)
obliterate_action = lru_cache(maxsize=None)(Obliterate)
END_TURN, DRAW, DONE, PROTECT, PASS_DRAGON, FIRE_ATTACK = (
    EndTurn(),
    Draw(),
    Done(),
    Protect(),
    PassDragon(),
    FireAttack(),
)
