"""The Crimson Keep state, its cheap clone and its validated JSON round trip.

Seats: 0 = Left clan, 1 = Right clan (in solo mode seat 1 is Kai, never a player).  In a solo
game where the player chose the Right clan (CK2-R72) ``mirrored`` is True: the sides swap (seat 0
plays the Right clan's Summon Board and runes, Kai the Left) while the grid keeps seat 0's keep in
columns 0-2, i.e. the position is stored as its mirror image; only the table draws it turned round
(every rule is stated relative to a clan: its keep, its gate, forward).
The Main Board is ``board``: 45 cells (``cell = c * 5 + l - 1``), each 0 or a card ref
``seat * 100 + number``.  Per clan, every one of its numbered cards is in exactly one
zone: deck (last = top), hand, discard, destroyed, summoning slots, barracks, caverns
or the board.  ``active``/``used``/``tokens`` are indexed by card number.

Tokens are ints: ``+v`` an Attack token of value v, ``-v`` a Defence token.
``ctx`` holds the data of the decision under way (a battle, a draw to keep from...),
JSON-able plain values only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from crimson_table.engine.core import JSON, StateError
from crimson_table.engine.crimson_keep.board import GRID
from crimson_table.engine.crimson_keep.cards import (
    BUILDING,
    CARDS,
    CAVERN,
    CAVERN_CARDS,
    COMBAT,
    NUMBERS,
    SUMMONING,
)

GAME_ID = "crimson_keep"
CELLS = 45

# phases
SETUP = "setup"  # choose the Battle Tactics card left out
KEEP = "keep"  # keep cards from a draw, one at a time
MAIN = "main"  # a normal turn: actions, free actions
STORE = "store"  # owner chooses a stored token's type (CK2-R16)
SORCERESS = "sorceress"  # CK2-R50 flips, one at a time
TACTIC = "tactic"  # battle step 1
TOKENS = "tokens"  # battle steps 2/3
REROLL = "reroll"  # BT4 Second Wind
MEETING = "meeting"  # CK2-R33 Summon or Pass at the end of a turn
KD_BUY = "kd_buy"  # CK2-R37
DRAGON = "dragon"  # CK2-R39 the Dragon Clan's action
KD_PLAY = "kd_play"  # CK2-R41 the defender may play a Keep Defence card
OVER = "over"
FIGHT = "fight"  # a battle opens: its steps run (never a decision: settled before apply_action returns)
PURCHASE = "purchase"  # the defender's tokens buy Keep Defence (CK2-R37; never a decision, like FIGHT)
TURN = "turn"  # passing: the next turn starts (never a decision: settled before apply_action returns)
# the phases a position may rest in, waiting for a decision (a save in TURN is refused)
DECISIONS = (
    SETUP,
    KEEP,
    MAIN,
    STORE,
    SORCERESS,
    TACTIC,
    TOKENS,
    REROLL,
    MEETING,
    KD_BUY,
    DRAGON,
    KD_PLAY,
    OVER,
)


@dataclass(slots=True)
class Clan:
    """One clan's cards, tokens, tracks and Summon Board.

    The lists named in ``SHARED`` change rarely (draws, setup, battles' tactics, the Final Battle), so they
    are never changed in place: a change assigns a new list (see :func:`without`), and ``clone``
    shares them instead of copying them.  A state's clone shares the clans themselves until one changes
    (:meth:`CKState.mine` clones it then).
    """

    deck: list[int]
    hand: list[int]
    discard: list[int]
    destroyed: list[int]
    slots: list[int]  # Summoning cards still on the Clan Board
    barracks: list[int]
    caverns: list[int]
    pool: list[int]  # Caverns token pool
    active: list[bool]  # by card number (0 unused)
    used: list[bool]
    tokens: list[int]
    tactics: list[int]  # available Battle Tactics
    tactics_used: list[int]
    tracks: list[int]
    advanced: list[bool]
    found: list[int]  # completions per objective (cards.OBJECTIVES order)
    tiles: list[int]  # rune value per Summon Board column (B, C, A, K)
    summon: int
    dragons: list[int]  # Weak, Strong, Mighty positions; -1 = removed
    pending: list[bool]
    protection: int  # 0 in the box, -1 on the Black Armoury, n = on combat card n
    draw_bonus: bool
    kd: list[int]  # Keep Defence cards held
    ruined: list[bool]  # keep columns A, B, C destroyed in the Final Battle
    kd_spent: list[int]  # Keep Defence cards played (and DESTROYED), public

    def clone(self) -> Clan:
        """A copy sharing nothing mutable but the ``SHARED`` lists, which are never changed in place
        (slots set one by one: cheaper than calling ``__init__``)."""
        o: Clan = _new_object(Clan)
        o.deck = self.deck
        o.hand = self.hand[:]
        o.discard = self.discard[:]
        o.destroyed = self.destroyed
        o.slots = self.slots
        o.barracks = self.barracks
        o.caverns = self.caverns
        o.pool = self.pool
        o.active = self.active[:]
        o.used = self.used
        o.tokens = self.tokens
        o.tactics = self.tactics
        o.tactics_used = self.tactics_used
        o.tracks = self.tracks
        o.advanced = self.advanced
        o.found = self.found
        o.tiles = self.tiles
        o.summon = self.summon
        o.dragons = self.dragons
        o.pending = self.pending
        o.protection = self.protection
        o.draw_bonus = self.draw_bonus
        o.kd = self.kd
        o.ruined = self.ruined
        o.kd_spent = self.kd_spent
        return o


_new_object = object.__new__

# Clan lists shared between a state and its clones: a change assigns a new list, never edits one
SHARED = ("deck", "destroyed", "slots", "barracks", "caverns", "pool", "used", "tokens", "tactics", "tactics_used",
          "tracks", "advanced", "found", "tiles", "dragons", "pending", "kd", "ruined", "kd_spent")  # fmt: skip


# ``Clan.used`` at the start of a turn (CK2-R1): no card used yet.  One list shared by every clan that has used
# nothing (``used`` is a ``SHARED`` list, never changed in place), so a listing asks ``used is NONE_USED``
# instead of reading every card's flag; a clan loaded from a save holds an equal list of its own, which only
# takes the slower path
NONE_USED: list[bool] = [False] * 38


def without(values: list[int], v: int) -> list[int]:
    """A new list: ``values`` less the first ``v`` (for the ``SHARED`` lists).

    >>> a = [3, 1, 3]
    >>> without(a, 3), a
    ([1, 3], [3, 1, 3])
    """
    out = values[:]
    out.remove(v)
    return out


def replaced(values: list[Any], i: int, v: Any) -> list[Any]:
    """A new list: ``values`` with item ``i`` set to ``v`` (for the ``SHARED`` lists).

    >>> a = [0, 0, 0]
    >>> replaced(a, 1, 5), a
    ([0, 5, 0], [0, 0, 0])
    """
    out = values[:]
    out[i] = v
    return out


def new_clan() -> Clan:
    """An empty clan (filled by setup)."""
    return Clan([], [], [], [], [], [], [], [], [False] * 38, [False] * 38, [0] * 38, [], [], [0] * 4,
                [False] * 4, [0] * 12, [1, 1, 2, 2], 0, [9, 15, 21], [False] * 3, 0, False, [], [False] * 3,
                [])  # fmt: skip


def _copy(v: Any) -> Any:
    """A deep copy of plain JSON data (only lists and dicts are walked; a scalar is not called on)."""
    if isinstance(v, list):
        if _FLAT.issuperset(map(type, v)):  # no list or dict inside (checked in C): a slice
            return v[:]
        return [_copy(x) if isinstance(x, _NESTED) else x for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) if isinstance(x, _NESTED) else x for k, x in v.items()}
    return v


_NESTED = (list, dict)
_FLAT = frozenset((int, bool, str, float, type(None)))  # the scalar types of JSON data


def copy_ctx(d: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a decision's context (plain JSON values): only its lists and dicts are walked.

    >>> a = {"offer": [3, 5], "left": 2, "tok": [[1], []]}
    >>> b = copy_ctx(a)
    >>> b == a, b["offer"] is a["offer"], b["tok"][0] is a["tok"][0]
    (True, False, False)
    """
    out = dict(d)
    for k, v in d.items():
        if type(v) is list and _FLAT.issuperset(map(type, v)):  # _copy's first case, without its call
            out[k] = v[:]
        elif isinstance(v, _NESTED):
            out[k] = _copy(v)
    return out


@dataclass(slots=True)
class CKState:
    """The whole game.  ``solo_deck``, ``solo_up``, ``winners`` and the frames of ``resume`` are never
    changed in place (a change assigns a new list; a frame's context is copied when it resumes), so
    clones share them."""

    rng: int
    players: int  # 2, or 1 = solo against Kai (seat 1)
    hard: bool
    round_limit: int
    board: list[int]
    clans: list[Clan]
    phase: str
    actor: int  # the seat deciding now (-1 when over)
    current: int  # whose turn it is
    actions_left: int
    acted: int  # actions taken this turn (Move only before the first)
    ability_used: bool  # whether a Great Hall option 2 is pending (unused)
    turn: int
    rounds: int  # full rounds without a Summon (CK2-R47)
    ctx: dict[str, Any]
    resume: list[dict[str, Any]]  # decisions to return to, innermost last
    dragon: int  # Dragon Clan seat, -1 before the Final Battle
    final_stage: int  # 0 none, 1 defender's full turn, 2 one action per turn
    injuries: int
    dice: int
    obliterate: int
    solo_deck: list[int]
    solo_up: list[int]
    mode: str  # Kai's toss: "H"/"L"
    kai_active_mode: bool
    winners: list[int]
    reason: str
    mirrored: bool = False  # solo: the player (seat 0) plays the Right clan, Kai the Left (CK2-R72)
    # speed only, not part of the position: (a copy of the board, its ops.board_memo entry), shared by
    # clones; an entry is used only while the board still equals that copy
    memo: tuple[list[int], list[Any]] | None = field(default=None, repr=False, compare=False)
    # speed only, not part of the position: bit ``seat`` set while ``clans[seat]`` is this state's own, bit
    # 4 while ``board`` is; a clone shares both clans and the board with the state it was made from (neither
    # owns them then), and every change goes through :meth:`mine` or :meth:`cells`, which copy a shared one first
    owned: int = field(default=7, repr=False, compare=False)
    # speed only, not part of the position (never copied to a clone): this state's ``ops.board_memo``
    # entry while a pass that cannot change its board runs over it (listing, the rune and store checks), so
    # the pass asks for it without comparing boards; None otherwise
    steady: list[Any] | None = field(default=None, repr=False, compare=False)
    # speed only, not part of the position (never copied to a clone): the fingerprint of this state when
    # ``legal_actions`` last listed it and that list, so ``apply_action`` accepts one of those very objects
    # without listing again (the fingerprint guards against a caller that edits a position in place)
    listed: tuple[tuple[Any, ...], list[Any]] | None = field(default=None, repr=False, compare=False)

    def clone(self) -> CKState:
        """A copy sharing nothing mutable with ``self`` but the two clans, which both change only through
        :meth:`mine` (copied first), and the frames of ``resume``, which are never changed in place (a
        frame's context is copied when it resumes)."""
        o: CKState = _new_object(CKState)  # slots set one by one: cheaper than calling __init__
        o.rng = self.rng
        o.players = self.players
        o.hard = self.hard
        o.round_limit = self.round_limit
        o.board = self.board  # shared until a cell changes (cells)
        o.clans = self.clans[:]  # shared until one changes (mine)
        o.owned = self.owned = 0
        o.phase = self.phase
        o.actor = self.actor
        o.current = self.current
        o.actions_left = self.actions_left
        o.acted = self.acted
        o.ability_used = self.ability_used
        o.turn = self.turn
        o.rounds = self.rounds
        o.ctx = copy_ctx(self.ctx) if self.ctx else {}
        o.resume = self.resume[:]
        o.dragon = self.dragon
        o.final_stage = self.final_stage
        o.injuries = self.injuries
        o.dice = self.dice
        o.obliterate = self.obliterate
        o.solo_deck = self.solo_deck
        o.solo_up = self.solo_up
        o.mode = self.mode
        o.kai_active_mode = self.kai_active_mode
        o.winners = self.winners
        o.reason = self.reason
        o.mirrored = self.mirrored
        o.memo = self.memo
        o.steady = o.listed = None
        return o

    def mine(self, seat: int) -> Clan:
        """``seat``'s clan to change: this state's own, copied first if it is shared with a clone.  Every
        change to a clan, a ``SHARED`` list assigned anew included, goes through here; reading
        ``clans[seat]`` is for reading only (and a clan read before a call that may change it is read
        again after it)."""
        if self.owned >> seat & 1:
            return self.clans[seat]
        self.owned |= 1 << seat
        c = self.clans[seat] = self.clans[seat].clone()
        return c

    def cells(self) -> list[int]:
        """The board to change: this state's own, copied first if it is shared with a clone.  Every change
        to a cell goes through here; reading ``board`` is for reading only (a board no state owns is never
        changed again, so ``ops.board_memo`` may keep it without a copy)."""
        if self.owned & 4:
            return self.board
        self.owned |= 4
        b = self.board = self.board[:]
        return b

    def resume_frame(self) -> None:
        """Return to the innermost interrupted decision (its context copied: frames are shared)."""
        r = self.resume.pop()
        self.phase, self.actor, self.ctx = str(r["phase"]), int(r["actor"]), copy_ctx(r["ctx"])

    def side(self, seat: int) -> int:
        """The clan side ``seat`` plays: 0 = Left, 1 = Right (CK2-R72)."""
        return seat ^ 1 if self.mirrored else seat

    @property
    def solo(self) -> bool:
        """True in solo mode (seat 1 is Kai)."""
        return self.players == 1

    def is_kai(self, seat: int) -> bool:
        """True if ``seat`` is played by the automaton."""
        return self.players == 1 and seat == 1


# -- JSON round trip ---------------------------------------------------------------------------------


def _clan_to_dict(c: Clan) -> dict[str, JSON]:
    """A clan's fields: scalars as they are, flat lists (of ints and bools only) copied."""
    return {
        name: getattr(c, name)[:] if name not in _CLAN_SCALARS else getattr(c, name) for name in _CLAN_FIELDS
    }


def state_to_dict(s: CKState) -> dict[str, JSON]:
    """A JSON-able dict (``rng`` and ``game`` at top level)."""
    out: dict[str, JSON] = {"game": GAME_ID}
    for name in _STATE_FIELDS:
        v = getattr(s, name)
        if name == "clans":
            v = [_clan_to_dict(c) for c in v]
        elif isinstance(v, _NESTED):
            v = _copy(v)
        out[name] = v
    return out


_SCALARS = {"rng": int, "players": int, "hard": bool, "round_limit": int, "phase": str, "actor": int,
            "current": int, "actions_left": int, "acted": int, "ability_used": bool, "turn": int, "rounds": int,
            "dragon": int, "final_stage": int, "injuries": int, "dice": int, "obliterate": int, "mode": str,
            "kai_active_mode": bool, "reason": str, "mirrored": bool}  # fmt: skip
_CLAN_SCALARS = {"summon": int, "protection": int, "draw_bonus": bool}
_SPEED_ONLY = ("memo", "owned", "steady", "listed")  # memos on the state, not part of the position
_STATE_FIELDS = tuple(
    f.name for f in fields(CKState) if f.name not in _SPEED_ONLY
)  # the position's fields, in order
_CLAN_FIELDS = tuple(g.name for g in fields(Clan))
_INTS = frozenset((int, bool))


def _typed(where: str, v: Any, t: type) -> Any:
    if t is int and (not isinstance(v, int) or isinstance(v, bool)):
        raise StateError(f"{where} must be an int")
    if t is not int and not isinstance(v, t):
        raise StateError(f"{where} must be a {t.__name__}")
    return v


def _int_list(where: str, v: Any, length: int | None = None, clan: int | None = None) -> list[Any]:
    """``v`` copied if it is a list of ints (of ``length`` if given); the error names ``where`` (in ``clan``)."""
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise StateError(
            _where(where, clan) + " must be a list" + (f" of {length}" if length is not None else "")
        )
    if not _INTS.issuperset(map(type, v)):  # every element an int (or a bool)
        raise StateError(_where(where, clan) + " holds a non-int")
    return list(v)


def _where(name: str, clan: int | None) -> str:
    return name if clan is None else f"clan {clan} {name}"


_CLAN_LENGTHS = {"active": 38, "used": 38, "tokens": 38, "tracks": 4, "advanced": 4, "found": 12, "tiles": 4,
                 "dragons": 3, "pending": 3, "ruined": 3}  # fmt: skip
_CLAN_FLAGS = ("active", "used", "advanced", "pending", "ruined")  # lists of bools (JSON may hold 0/1)


def _clan_from(i: int, d: Any) -> Clan:
    if not isinstance(d, Mapping):
        raise StateError(f"clan {i} must be an object")
    vals: dict[str, Any] = {}
    for name in _CLAN_FIELDS:
        if name not in d:
            raise StateError(f"clan {i} lacks {name!r}")
        v = d[name]
        if name in _CLAN_SCALARS:
            vals[name] = _typed(f"clan {i} {name}", v, _CLAN_SCALARS[name])
        else:
            vals[name] = _int_list(name, v, _CLAN_LENGTHS.get(name), clan=i)
    for key in _CLAN_FLAGS:
        vals[key] = list(map(bool, vals[key]))
    return Clan(**vals)


def state_from_dict(data: Mapping[str, JSON]) -> CKState:
    """Rebuild and validate a state; anything wrong raises StateError naming the rule."""
    if not isinstance(data, Mapping) or data.get("game") != GAME_ID:
        raise StateError("not a Crimson Keep state")
    vals: dict[str, Any] = {}
    extra = set(data) - set(_STATE_FIELDS) - {"game"}
    if extra:
        raise StateError(f"unknown state fields {sorted(extra)}")
    for name in _STATE_FIELDS:
        if name == "mirrored" and name not in data:
            vals[name] = False  # saves from before the clan choice (CK2-R72)
            continue
        if name not in data:
            raise StateError(f"state lacks {name!r}")
        v = data[name]
        if name in _SCALARS:
            vals[name] = _typed(name, v, _SCALARS[name])
        elif name == "clans":
            if not isinstance(v, list) or len(v) != 2:
                raise StateError("clans must be a list of 2")
            vals[name] = [_clan_from(i, c) for i, c in enumerate(v)]
        elif name in ("ctx",):
            if not isinstance(v, Mapping):
                raise StateError("ctx must be an object")
            vals[name] = _copy(dict(v))
        elif name == "resume":
            if not isinstance(v, list) or not all(isinstance(x, Mapping) for x in v):
                raise StateError("resume must be a list of objects")
            vals[name] = [_copy(dict(x)) for x in v]
        else:
            vals[name] = _int_list(name, v, CELLS if name == "board" else None)
    s = CKState(**vals)
    validate(s)
    return s


def offered(s: CKState, seat: int) -> list[int]:
    """Cards ``seat`` is choosing from in a draw (KEEP decisions, current or interrupted)."""
    out: list[int] = []
    frames = [(s.phase, s.actor, s.ctx)] + [
        (r.get("phase"), r.get("actor"), r.get("ctx", {})) for r in s.resume
    ]
    for phase, actor, ctx in frames:
        if phase == KEEP and actor == seat:
            offer = ctx.get("offer") if isinstance(ctx, dict) else None
            if not isinstance(offer, list) or not all(isinstance(n, int) for n in offer):
                raise StateError("CK2-R12: a draw on offer must list card numbers")
            out += offer
    return out


def _need(ok: bool, why: str) -> None:
    if not ok:
        raise StateError(why)


def validate(s: CKState) -> None:
    """The invariants: phase known, seats and counters in range, cards conserved per clan (CK2 s.5),
    every card where its set may stand (CK2 s.1.2), the decision under way well formed."""
    _need(s.phase in DECISIONS, f"unknown phase {s.phase!r}")
    _need(s.players in (1, 2), "players must be 1 or 2")
    _need(s.players == 1 or not s.mirrored, "CK2-R72: only a solo game swaps the clan sides")
    _need(s.current in (0, 1), "CK2-R1: the current clan must be seat 0 or 1")
    _need(
        s.actor == -1 if s.phase == OVER else s.actor in (0, 1), "CK2-R1: the deciding seat is out of range"
    )
    _need(
        not (s.players == 1 and s.actor == 1 and s.phase not in (MAIN, DRAGON, KD_PLAY)),
        "CK2-R72: Kai never decides",
    )
    _need(0 <= s.actions_left <= 8 and 0 <= s.acted <= 12, "CK2-R2: action slots out of range")
    _need(s.dragon in (-1, 0, 1) and s.final_stage in (0, 1, 2), "CK2-R36: Final Battle state out of range")
    _need(
        (s.dragon >= 0) == (s.final_stage >= 1), "CK2-R36: a Dragon Clan exactly when the Final Battle runs"
    )
    _need(
        0 <= s.injuries <= 4 and 1 <= s.dice <= 4 and 0 <= s.obliterate <= 2, "CK2-R41: Dragon out of range"
    )
    _need(s.mode in ("H", "L") and s.round_limit >= 0 and s.rounds >= 0 and s.turn >= 0, "bad counters")
    _need(all(w in (0, 1) for w in s.winners), "winners must be seats")
    deck10 = sorted(s.solo_deck + s.solo_up)
    _need(
        deck10 == (list(range(1, 11)) if s.solo else []), "CK2-R83: the Solo Deck holds SD1..SD10 once each"
    )
    for seat, clan in enumerate(s.clans):
        _validate_clan(s, seat, clan)
    _validate_board(s)
    for frame in [{"phase": s.phase, "actor": s.actor, "ctx": s.ctx}, *s.resume]:
        _validate_frame(s, frame)


def _validate_clan(s: CKState, seat: int, clan: Clan) -> None:
    zones = clan.deck + clan.hand + clan.discard + clan.destroyed + clan.slots + clan.barracks + clan.caverns
    zones += [r % 100 for r in s.board if r and r // 100 == seat]
    zones += offered(s, seat)
    expected = sorted(n for n in NUMBERS if not (s.is_kai(seat) and n in CAVERN_CARDS))
    _need(sorted(zones) == expected, f"CK2 s.5: clan {seat}'s cards are not each in exactly one zone")
    _need(
        len(clan.barracks) <= 3 and len(clan.caverns) <= 3,
        "CK2 s.1.4: Barracks and Caverns hold at most 3 cards",
    )
    _need(all(CARDS[n].set == COMBAT for n in clan.barracks), "CK2-R6: only Combat cards in the Barracks")
    _need(all(CARDS[n].set == CAVERN for n in clan.caverns), "CK2-R6: only Cavern cards in the Caverns")
    _need(all(n in SUMMONING for n in clan.slots), "CK2-R96: only Summoning cards in the Summoning slots")
    _need(0 <= clan.summon <= 30, "CK2 s.3.2: summon tracker out of range")
    _need(all(d == -1 or 0 <= d <= 30 for d in clan.dragons), "CK2 s.3.2: Dragon tracker out of range")
    _need(
        all(0 <= v <= f for v, f in zip(clan.tracks, (4, 4, 5, 4), strict=True)),
        "CK2 s.2: tracker out of range",
    )
    _need(all(0 <= k <= 2 for k in clan.found), "CK2-R29: objective completions out of range")
    _need(
        all(v in (0, 1, 2) for v in clan.tiles), "CK2-R46: rune value tiles are 0 (Kai's blank board), 1 or 2"
    )
    _need(
        all(-5 <= v <= 5 for v in clan.tokens) and all(v and -5 <= v <= 5 for v in clan.pool),
        "CK2-R16: bad token",
    )
    _need(-1 <= clan.protection <= 37, "CK2-R17: bad Protection token place")
    kd = clan.kd + clan.kd_spent
    _need(all(k in (1, 2, 3) for k in kd) and len(set(kd)) == len(kd), "CK2 s.4.2: bad Keep Defence")
    tac = clan.tactics + clan.tactics_used
    _need(
        all(1 <= k <= 5 for k in tac) and len(set(tac)) == len(tac) and len(tac) <= 5, "CK2-R22: bad tactics"
    )


def _validate_board(s: CKState) -> None:
    keeps = [set(GRID.keep_columns[0].values()), set(GRID.keep_columns[1].values())]
    combat = [0, 0]
    for x, r in enumerate(s.board):
        if not r:
            continue
        seat, n = r // 100, r % 100
        _need(seat in (0, 1) and 1 <= n <= 37, "board holds a bad card ref")
        c, lvl = x // 5, x % 5 + 1
        kind = CARDS[n].set
        if kind == BUILDING:
            _need(c in keeps[seat], "CK2 s.1.2: Building cards stand only in their own keep")
            _need(
                lvl == 1 or s.board[x - 1] // 100 == seat and s.board[x - 1] != 0,
                "CK2-R7: an unsupported Building",
            )
        else:
            _need(
                kind == COMBAT and lvl == 1 and c not in keeps[seat],
                "CK2 s.1.2: a card where it may not stand",
            )
            combat[seat] += 1
    _need(max(combat) <= 1, "CK2 s.1.2: one combat card per clan on the Battlefield")


_CTX_INTS = {KEEP: ("left",), STORE: ("card", "value"), SORCERESS: ("left",), MEETING: ("dragon",), KD_BUY: ("left",),
             TACTIC: ("att", "a", "d"), TOKENS: ("att", "a", "d"), REROLL: ("att", "a", "d")}  # fmt: skip


def _validate_frame(s: CKState, frame: dict[str, Any]) -> None:
    phase, actor, ctx = frame.get("phase"), frame.get("actor"), frame.get("ctx")
    if not (phase in DECISIONS and isinstance(actor, int) and isinstance(ctx, dict)):
        raise StateError("a malformed decision frame")
    _need(actor in (0, 1) or phase == OVER, "CK2-R1: an interrupted decision of no seat")
    for key in _CTX_INTS.get(str(phase), ()):
        v = ctx.get(key) if isinstance(ctx, dict) else None
        _need(isinstance(v, int) and not isinstance(v, bool), f"the {phase} decision lacks {key!r}")
    if phase in (TACTIC, TOKENS, REROLL):
        _need(ctx["att"] in (0, 1) and 1 <= ctx["a"] <= 37 and 1 <= ctx["d"] <= 37, "CK2-R19: bad battle")
        ok = (isinstance(ctx.get("tac"), list) and len(ctx["tac"]) == 2 and isinstance(ctx.get("tok"), list)
              and len(ctx["tok"]) == 2 and isinstance(ctx.get("dice"), list) and len(ctx["dice"]) == 2
              and isinstance(ctx.get("bonus"), list) and len(ctx["bonus"]) == 2
              and ctx.get("step") in ("tac_a", "tac_d", "tok_d", "tok_a", "roll", "bt_a", "bt_d", "end")
              and ctx.get("kind") in ("battle", "blitz", "dash"))  # fmt: skip
        _need(ok, "CK2-R19: a malformed battle")
        _need(
            all(isinstance(v, int) for part in ctx["tok"] + ctx["dice"] for v in part),
            "CK2-R19: bad battle values",
        )
    if phase == MEETING:
        _need(ctx["dragon"] in (0, 1, 2), "CK2-R33: bad Dragon")
    if phase == STORE:
        _need(1 <= ctx["card"] <= 37 and ctx["value"] in (1, 2), "CK2-R16: bad store")
    if phase in (DRAGON, KD_PLAY, KD_BUY):
        _need(s.dragon in (0, 1), "CK2-R39: no Dragon Clan")
    if phase == SORCERESS:
        _need(isinstance(ctx.get("done"), list), "CK2-R50: bad Sorceress choice")
    if phase == SETUP:
        order = ctx.get("order")
        seats = [0] if s.solo else [0, 1]  # each player clan once (Kai sets up by CK2-R72, not here)
        if not isinstance(order, list) or sorted(order) != seats or order[0] != (0 if s.solo else s.current):
            raise StateError("CK2-R96: bad setup order")
        _need(isinstance(ctx.get("i"), int) and 0 <= ctx["i"] < len(order), "CK2-R96: bad setup step")
        _need(actor == order[ctx["i"]], "CK2-R96: a clan sets up out of turn")
    if phase == MAIN and "kai" in ctx:
        _need(ctx["kai"] in ("toss", "move", "draw1", "place", "draw2", "solo", "summon", "activate", "final1",
                             "single", "end"), "CK2-R74: bad Kai step")  # fmt: skip
