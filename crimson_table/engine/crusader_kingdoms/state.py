"""The Crusader Kingdoms state, its cheap clone and its validated JSON round trip.

Zones: draw piles (last element = top), discard piles (with a face-down flag per card,
CK-R5), hands (kept sorted in the canonical card order), events kept in play, the Muslim
Bot's hand (index 0 = top, CK-R42), army and response stack (last = top), the cards of an
attack in progress, and the event being resolved.  Every card of both decks is in exactly
one zone.  Regions are numbered as in :mod:`board`; ``owner`` holds a seat, ``INDEP`` or
``BOT`` per region.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from crimson_table.engine.core import JSON, Action, StateError
from crimson_table.engine.crusader_kingdoms.board import Board, board_for
from crimson_table.engine.crusader_kingdoms.cards import deck_list, deck_of, is_card

GAME_ID = "crusader_kingdoms"
INDEP = -1  # CK-R7: an independent region (3-4 players)
BOT = -2  # the Muslim Bot (1-2 players), never a seat
ALL = -3  # CK-R38: a Bot round against ALL Christians
NONE = -9  # no Bot round in progress

# Phases: who decides what.
ACT = "act"  # CK-R14: one round action
TARGET_SEAT = "target_seat"  # an event's chosen player
TARGET_REGION = "target_region"  # an event's chosen region (attack targets)
TRUCE = "truce"  # m_truce: the defender picks the attacker's penalty
COMMIT = "commit"  # CK-R19 step 2: troops and ATT responses, face down
HELP = "help"  # c_concerted_attack: the named helper adds troops
RESPOND = "respond"  # CK-R26: one response window
GARRISON = "garrison"  # CK-R28: the defender picks garrisons
REWARD = "reward"  # CK-R22: +1 Card Bonus or a garrison
PLACE = "place"  # CK-R29 / events: place one garrison
PICK = "pick"  # a card chosen from a hand (Assassins, Scorched Earth, Succession)
DECLINE_ATTACK = "spies"  # c_spies: attack one of his regions, or not
OVER = "over"
STORED_PHASES = (ACT, TARGET_SEAT, TARGET_REGION, TRUCE, COMMIT, HELP, RESPOND, GARRISON, REWARD, PLACE, PICK,
          DECLINE_ATTACK, OVER)  # fmt: skip

# Steps: no decision, never stored between actions.  ``flow.settle`` runs them in turn until a
# seat must decide (one of the phases above) or the game is over.
IDLE = "idle"  # the next round: a seat's, or a step of the Bot's (CK-R38, CK-R45)
ROUND_DONE = "round_done"  # a round is finished: owed garrisons (CK-R29), then the next round
ANNOUNCE = "announce"  # an attack is announced (CK-R19 step 1): truce, then commitment
WINDOWS = "windows"  # the response windows open (CK-R26): the Bot's attack skips commitment

MODES = ("solo", "coop", "comp3", "comp4")
DIFFICULTIES = ("standard", "challenging", "greatest")


@dataclass(slots=True)
class Attack:
    """An attack in progress (CK-R19), or an Independent Attack (m_independent_attack)."""

    attacker: int  # seat, or BOT
    region: int
    kind: str  # normal, siege, forced, concert, spies, independent, bot
    event: str  # the triggering event card ("" if none), public
    troops: list[str] = field(default_factory=list)  # attacker's, face down until revealed
    helper: int = NONE
    helper_troops: list[str] = field(default_factory=list)
    responses: list[tuple[int, str, str]] = field(default_factory=list)  # (seat, card, side)
    window: list[int] = field(default_factory=list)  # seats still to get their window
    garrisons: list[int] = field(default_factory=list)
    revealed: bool = False

    @staticmethod
    def opened(attacker: int, region: int, kind: str, event: str) -> Attack:
        """``Attack(attacker, region, kind, event)``: a new attack, no card committed yet (slots set
        directly: the dataclass __init__ makes its five empty lists through factories)."""
        n: Attack = _new(Attack)
        n.attacker = attacker
        n.region = region
        n.kind = kind
        n.event = event
        n.troops = []
        n.helper = NONE
        n.helper_troops = []
        n.responses = []
        n.window = []
        n.garrisons = []
        n.revealed = False
        return n

    def clone(self) -> Attack:
        """A copy sharing nothing mutable (slots set directly: no __init__ call)."""
        n: Attack = _new(Attack)
        n.attacker = self.attacker  # one slot a line: no tuple packed and unpacked per line
        n.region = self.region
        n.kind = self.kind
        n.event = self.event
        n.troops = self.troops[:]
        n.helper = self.helper
        n.helper_troops = self.helper_troops[:]
        n.responses = self.responses[:]
        n.window = self.window[:]
        n.garrisons = self.garrisons[:]
        n.revealed = self.revealed
        return n

    def cards(self) -> list[str]:
        """Every card of the attack (not the event)."""
        cards = self.troops + self.helper_troops
        if self.responses:  # most attacks have none: no comprehension made for them
            cards += [c for _s, c, _side in self.responses]
        return cards


@dataclass(slots=True)
class MapFacts:
    """What one map (one ``owner`` list) decides for the rules, each answer worked out when first asked:
    speed only, never part of the position.

    ``owner`` is the very list the answers were read from.  An owner list is never changed in place
    (a region changing hands makes a new list, :func:`set_owner`), so every state whose ``owner`` is
    that list has this map: the states an action builds share their parent's facts until a capture.
    """

    owner: list[int]
    moves: dict[int, tuple[list[Action], list[int]]] = field(default_factory=dict)
    """Per seat: its attacks (CK-R15) and the opponents it may make an Incursion against (CK-R16)."""
    bot_targets: dict[int, int | None] = field(default_factory=dict)
    """Per Bot round (a seat or ``ALL``): the region CK-R48 has the Bot attack, if any."""
    events: dict[tuple[int, str], bool] = field(default_factory=dict)
    """Per (seat, event card): whether the map gives the event a target (CK-R17)."""
    regions: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per owner (a seat, ``INDEP`` or ``BOT``): the regions it holds, by index."""


@dataclass(slots=True)
class CKState:
    """The whole game."""

    rng: int
    players: int
    mode: str
    difficulty: str
    turn: int
    phase: str
    actor: int
    owner: list[int]
    garrison: list[bool]
    bonus: list[int]
    bot_bonus: int
    hands: list[list[str]]
    draw_c: list[str]
    draw_m: list[str]
    discard_c: list[str]
    discard_m: list[str]
    down_c: list[bool]  # CK-R5: face-down flag per discard
    down_m: list[bool]
    kept: list[list[str]]  # CK-R17: "Stays in play" events per seat
    truces: list[tuple[int, int]]  # m_truce pairs this turn
    passes: int  # CK-R12: passes in a row
    passed: list[bool]  # CK-R36: Christians out of the turn (1-2P)
    last: int  # the seat whose round it is (or was last)
    bot_hand: list[str]
    bot_army: list[str]
    bot_stack: list[str]
    bot_vs: int  # NONE, a seat, or ALL
    bot_step: int  # 0: reveal a card, 1: activation, 2: done
    attack: Attack | None
    event: str  # the event card being resolved ("" if none)
    target: int  # the event's chosen player (NONE if none)
    pick_from: int  # PICK: whose hand; NONE otherwise
    pick_why: str
    overflow: list[int]  # CK-R29: seats owed a garrison placement
    dice: list[int]  # queued die faces (test scenarios), used before the PRNG
    winners: tuple[int, ...]
    reason: str
    # Derived from ``players`` and ``mode`` once (read in every rule; not part of the position).
    board: Board = field(init=False, repr=False, compare=False)
    coop: bool = field(init=False, repr=False, compare=False)  # solitaire and 2 players, against the Bot
    # Speed only, not part of the position (never copied to a clone): the (phase, actor, rng) this state
    # had when its legal actions were last listed, and that list (``rules._listed``).
    listed: tuple[tuple[str, int, int], list[Any]] | None = field(
        init=False, default=None, repr=False, compare=False
    )
    # Speed only, not part of the position either: which lists are still shared with the state this one
    # was forked from (``SHARED_BY_FORK`` bits; ``own`` and ``own_hand`` copy one before it changes).
    shared: int = field(init=False, default=0, repr=False, compare=False)
    # Speed only, not part of the position: the answers of this state's map (``map_facts``), and those
    # of every map this game has met, by owners (shared by every state of the game an action builds).
    facts: MapFacts | None = field(init=False, default=None, repr=False, compare=False)
    maps: dict[tuple[int, ...], MapFacts] = field(init=False, default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.board = board_for(self.players)  # CK-R7 / CK-R8: the board of this player count
        self.coop = self.mode in ("solo", "coop")

    def clone(self) -> CKState:
        """A copy sharing nothing mutable with ``self``."""
        n = self.fork()
        n.owner, n.garrison, n.bonus = self.owner[:], self.garrison[:], self.bonus[:]
        n.draw_c, n.draw_m, n.discard_c, n.discard_m = (
            self.draw_c[:],
            self.draw_m[:],
            self.discard_c[:],
            self.discard_m[:],
        )
        n.down_c, n.down_m, n.kept = self.down_c[:], self.down_m[:], list(map(list.copy, self.kept))
        n.truces, n.passed = self.truces[:], self.passed[:]
        n.hands = list(map(list.copy, self.hands))
        n.bot_hand, n.bot_army, n.bot_stack = self.bot_hand[:], self.bot_army[:], self.bot_stack[:]
        n.overflow, n.dice = self.overflow[:], self.dice[:]
        n.shared = 0
        n.facts = None
        n.maps = {}
        return n

    def fork(self) -> CKState:
        """A copy for an action to build on (only the rules' ``apply_action`` uses it).

        The attack in progress is copied (nearly every step of an attack changes it), and the list of
        hands (not the hands).  The map is shared and never changed in place (:func:`set_owner`).  The
        lists of :data:`SHARED_BITS` (the garrisons, bonuses, the four piles,
        kept events, truces, passes, owed garrisons, queued dice, the Bot's hand, army and stack) and
        each seat's hand stay shared with ``self`` until the action changes one: every change goes
        through :func:`own` or :func:`own_hand`, which copy the list first, or replaces the list with a
        new one (a few hot spots: a discard, the Bot's revealed card) and clears its bit.
        Copying a score of lists that most actions never touch was the largest self time of a
        random playout.  Slots are set directly: no ``__init__`` call.
        """
        n: CKState = _new(CKState)  # one slot a line: no tuple packed and unpacked per line
        n.rng = self.rng
        n.players = self.players
        n.mode = self.mode
        n.difficulty = self.difficulty
        n.turn = self.turn
        n.phase = self.phase
        n.actor = self.actor
        n.owner = self.owner
        n.garrison = self.garrison
        n.bonus = self.bonus
        n.bot_bonus = self.bot_bonus
        n.hands = self.hands[:]  # each seat's hand shared (own_hand)
        n.draw_c = self.draw_c
        n.draw_m = self.draw_m
        n.discard_c = self.discard_c
        n.discard_m = self.discard_m
        n.down_c = self.down_c
        n.down_m = self.down_m
        n.kept = self.kept
        n.truces = self.truces
        n.passes = self.passes
        n.passed = self.passed
        n.last = self.last
        n.bot_hand = self.bot_hand
        n.bot_army = self.bot_army
        n.bot_stack = self.bot_stack
        n.bot_vs = self.bot_vs
        n.bot_step = self.bot_step
        n.attack = None if self.attack is None else self.attack.clone()
        n.event = self.event
        n.target = self.target
        n.pick_from = self.pick_from
        n.pick_why = self.pick_why
        n.overflow = self.overflow
        n.dice = self.dice
        n.winners = self.winners
        n.reason = self.reason
        n.board = self.board
        n.coop = self.coop
        n.shared = SHARED_BY_FORK
        n.listed = None
        n.facts = self.facts  # the same owner list, the same answers (MapFacts)
        n.maps = self.maps  # the same game, the same maps met
        return n


# The lists :meth:`CKState.fork` leaves shared, one bit each; ``own`` copies one before its first change.
SHARED_BITS: dict[str, int] = {
    name: 1 << i
    for i, name in enumerate(
        ("garrison", "bonus", "draw_c", "draw_m", "discard_c", "discard_m", "down_c", "down_m",
         "kept", "truces", "passed", "overflow", "dice", "bot_hand", "bot_army", "bot_stack")
    )
}  # fmt: skip
_HAND = 1 << len(SHARED_BITS)  # seat 0's hand; seat k's is _HAND << k
SHARED_BY_FORK = sum(SHARED_BITS.values()) | sum(_HAND << seat for seat in range(4))


def own(s: CKState, name: str) -> Any:
    """``s``'s list ``name``, copied first if it is still shared with the state ``s`` was forked from
    (``kept``: each seat's list too).  Every change to a list of :data:`SHARED_BITS` goes through here."""
    bit = SHARED_BITS[name]
    value = getattr(s, name)
    if s.shared & bit:
        value = list(map(list.copy, value)) if name == "kept" else value[:]
        setattr(s, name, value)
        s.shared &= ~bit
    return value


def own_hand(s: CKState, seat: int) -> list[str]:
    """``seat``'s hand, to change: copied first if it is still shared with the state ``s`` was forked
    from.  Every change to a hand goes through here."""
    bit = _HAND << seat
    hand = s.hands[seat]
    if s.shared & bit:
        hand = s.hands[seat] = hand[:]
        s.shared &= ~bit
    return hand


def set_owner(s: CKState, region: int, owner: int) -> None:
    """``region`` changes hands.  The owner list is replaced, never changed in place: the states built
    before share the old one, and the answers :class:`MapFacts` keeps for it stay true."""
    owners = s.owner[:]
    owners[region] = owner
    s.owner = owners


def map_facts(s: CKState) -> MapFacts:
    """The answers kept for ``s``'s map: the state's own when its owner list is the one they were worked
    out from, else those of an equal map met earlier in the same game (``CKState.maps``: a region lost
    and taken back), else new and empty.  A map met before hands the state its owner list (equal, and
    never changed in place either): the states an action builds then share it and its answers."""
    facts = s.facts
    if facts is None or facts.owner is not s.owner:
        key = tuple(s.owner)
        facts = s.maps.get(key)
        if facts is None:
            facts = s.maps[key] = MapFacts(s.owner)
        s.owner = facts.owner
        s.facts = facts
    return facts


_new = object.__new__


def mode_for(players: int) -> str:
    """CK-R7 / CK-R8: the game variant of a player count."""
    return {1: "solo", 2: "coop", 3: "comp3", 4: "comp4"}[players]


# ---------------------------------------------------------------------------------------------
# Serialization


def _attack_dict(a: Attack | None) -> JSON:
    if a is None:
        return None
    return {
        "attacker": a.attacker, "region": a.region, "kind": a.kind, "event": a.event,
        "troops": a.troops[:], "helper": a.helper, "helper_troops": a.helper_troops[:],
        "responses": [[seat, c, side] for seat, c, side in a.responses], "window": a.window[:],
        "garrisons": a.garrisons[:], "revealed": a.revealed,
    }  # fmt: skip


def to_dict(s: CKState) -> dict[str, JSON]:
    """A JSON-able dict of the whole state."""
    return {
        "game": GAME_ID, "rng": s.rng, "players": s.players, "mode": s.mode, "difficulty": s.difficulty,
        "turn": s.turn, "phase": s.phase, "actor": s.actor, "owner": s.owner[:], "garrison": s.garrison[:],
        "bonus": s.bonus[:], "bot_bonus": s.bot_bonus, "hands": [h[:] for h in s.hands],
        "draw_c": s.draw_c[:], "draw_m": s.draw_m[:], "discard_c": s.discard_c[:],
        "discard_m": s.discard_m[:], "down_c": s.down_c[:], "down_m": s.down_m[:],
        "kept": [k[:] for k in s.kept], "truces": [list(t) for t in s.truces], "passes": s.passes,
        "passed": s.passed[:], "last": s.last, "bot_hand": s.bot_hand[:], "bot_army": s.bot_army[:],
        "bot_stack": s.bot_stack[:], "bot_vs": s.bot_vs, "bot_step": s.bot_step,
        "attack": _attack_dict(s.attack), "event": s.event, "target": s.target, "pick_from": s.pick_from,
        "pick_why": s.pick_why, "overflow": s.overflow[:], "dice": s.dice[:], "winners": list(s.winners),
        "reason": s.reason,
    }  # fmt: skip


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise StateError(f"crusader_kingdoms state: {message}")


def _int(d: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value: Any = d.get(key)
    _need(isinstance(value, int) and not isinstance(value, bool), f"{key!r} must be an int")
    _need(low <= value <= high, f"{key!r} = {value} is out of range {low}..{high}")
    return int(value)


def _str(d: Mapping[str, Any], key: str, choices: tuple[str, ...] | None = None) -> str:
    value = d.get(key)
    _need(isinstance(value, str), f"{key!r} must be a string")
    _need(choices is None or value in choices, f"{key!r} = {value!r} is not one of {choices}")
    return str(value)


def _cards(value: Any, what: str) -> list[str]:
    _need(isinstance(value, list) and all(is_card(c) for c in value), f"{what} must be a list of card ids")
    return list(value)


def _ints(value: Any, what: str, low: int, high: int, length: int | None = None) -> list[int]:
    ok = isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    _need(ok, f"{what} must be a list of ints")
    _need(all(low <= v <= high for v in value), f"{what} holds a value outside {low}..{high}")
    _need(length is None or len(value) == length, f"{what} must have {length} entries")
    return list(value)


def _bools(value: Any, what: str, length: int | None = None) -> list[bool]:
    _need(isinstance(value, list) and all(isinstance(v, bool) for v in value), f"{what} must be booleans")
    _need(length is None or len(value) == length, f"{what} must have {length} entries")
    return list(value)


def _attack_from(d: Any, players: int, regions: int) -> Attack | None:
    if d is None:
        return None
    _need(isinstance(d, Mapping), "'attack' must be an object or null")
    responses = d.get("responses")
    _need(isinstance(responses, list), "attack responses must be a list")
    parsed: list[tuple[int, str, str]] = []
    for r in responses:
        ok = isinstance(r, list) and len(r) == 3 and isinstance(r[0], int) and is_card(r[1])
        _need(ok and r[2] in ("ATT", "DEF") and 0 <= r[0] < players, "bad attack response")
        parsed.append((int(r[0]), str(r[1]), str(r[2])))
    event = _str(d, "event")
    _need(event == "" or is_card(event), "attack event must be a card id or empty")
    revealed = d.get("revealed")
    _need(isinstance(revealed, bool), "attack 'revealed' must be a boolean")
    return Attack(
        attacker=_int(d, "attacker", BOT, players - 1),
        region=_int(d, "region", 0, regions - 1),
        kind=_str(d, "kind", ("normal", "siege", "forced", "concert", "spies", "independent", "bot")),
        event=event,
        troops=_cards(d.get("troops"), "attack troops"),
        helper=_int(d, "helper", NONE, players - 1),
        helper_troops=_cards(d.get("helper_troops"), "helper troops"),
        responses=parsed,
        window=_ints(d.get("window"), "attack window", 0, players - 1),
        garrisons=_ints(d.get("garrisons"), "attack garrisons", 0, regions - 1),
        revealed=bool(revealed),
    )


def from_dict(d: Mapping[str, JSON]) -> CKState:
    """Rebuild and validate a state (StateError names the broken rule)."""
    _need(isinstance(d, Mapping) and d.get("game") == GAME_ID, "not a crusader_kingdoms state")
    players = _int(d, "players", 1, 4)
    regions = len(board_for(players).names)
    s = CKState(
        rng=_int(d, "rng", 0, (1 << 64) - 1),
        players=players,
        mode=_str(d, "mode", MODES),
        difficulty=_str(d, "difficulty", DIFFICULTIES),
        turn=_int(d, "turn", 1, 3),
        phase=_str(d, "phase", STORED_PHASES),
        actor=_int(d, "actor", -1, players - 1),
        owner=_ints(d.get("owner"), "owner", BOT, players - 1, regions),
        garrison=_bools(d.get("garrison"), "garrison", regions),
        bonus=_ints(d.get("bonus"), "bonus", -2, 2, players),
        bot_bonus=_int(d, "bot_bonus", -2, 2),
        hands=[_cards(h, "hand") for h in _list(d, "hands", players)],
        draw_c=_cards(d.get("draw_c"), "draw_c"),
        draw_m=_cards(d.get("draw_m"), "draw_m"),
        discard_c=_cards(d.get("discard_c"), "discard_c"),
        discard_m=_cards(d.get("discard_m"), "discard_m"),
        down_c=_bools(d.get("down_c"), "down_c"),
        down_m=_bools(d.get("down_m"), "down_m"),
        kept=[_cards(k, "kept") for k in _list(d, "kept", players)],
        truces=[(t[0], t[1]) for t in (_ints(t, "truce", 0, players - 1, 2) for t in _list(d, "truces"))],
        passes=_int(d, "passes", 0, players),
        passed=_bools(d.get("passed"), "passed", players),
        last=_int(d, "last", 0, players - 1),
        bot_hand=_cards(d.get("bot_hand"), "bot_hand"),
        bot_army=_cards(d.get("bot_army"), "bot_army"),
        bot_stack=_cards(d.get("bot_stack"), "bot_stack"),
        bot_vs=_int(d, "bot_vs", NONE, players - 1),
        bot_step=_int(d, "bot_step", 0, 2),
        attack=_attack_from(d.get("attack"), players, regions),
        event=_str(d, "event"),
        target=_int(d, "target", NONE, players - 1),
        pick_from=_int(d, "pick_from", NONE, players - 1),
        pick_why=_str(d, "pick_why"),
        overflow=_ints(d.get("overflow"), "overflow", 0, players - 1),
        dice=_ints(d.get("dice"), "dice", 1, 6),
        winners=tuple(_ints(d.get("winners"), "winners", 0, players - 1)),
        reason=_str(d, "reason"),
    )
    validate(s)
    return s


def _list(d: Mapping[str, Any], key: str, length: int | None = None) -> list[Any]:
    value: Any = d.get(key)
    _need(isinstance(value, list), f"{key!r} must be a list")
    _need(length is None or len(value) == length, f"{key!r} must have {length} entries")
    return list(value)


def all_cards(s: CKState) -> list[str]:
    """Every card in every zone (with repeats)."""
    out = s.draw_c + s.draw_m + s.discard_c + s.discard_m + s.bot_hand + s.bot_army + s.bot_stack
    for h in s.hands + s.kept:
        out += h
    if s.attack is not None:
        out += s.attack.cards()
        if s.attack.event:
            out.append(s.attack.event)
    if s.event:  # the event being resolved; an attack's own event card has left it (combat.announce)
        out.append(s.event)
    return out


def validate(s: CKState) -> None:
    """The rules' invariants (StateError on the first broken one)."""
    small = s.coop
    _need(s.mode == mode_for(s.players), "CK-R7/CK-R8: mode does not match the player count")
    want = Counter(deck_list("C", small) + deck_list("M", small))
    _need(Counter(all_cards(s)) == want, "cards are not conserved (a card is missing or in two zones)")
    _need(all(deck_of(c) == "C" for c in s.draw_c + s.discard_c), "CK-R13: a Muslim card in a Christian pile")
    _need(
        all(deck_of(c) == "M" for c in s.draw_m + s.discard_m + s.bot_hand),
        "a Christian card in a Muslim pile",
    )
    _need(len(s.down_c) == len(s.discard_c) and len(s.down_m) == len(s.discard_m), "discard flags misaligned")
    for r, g in enumerate(s.garrison):
        _need(not g or s.owner[r] != INDEP, "CK-R2: a garrison in an uncontrolled region")
    _need(not s.coop or INDEP not in s.owner, "CK-R8: the 1-2 player game has no independent regions")
    _need(s.coop or BOT not in s.owner, "CK-R7: no Bot in the 3-4 player game")
    _need((s.phase == OVER) == (s.actor == -1), "the game is over exactly when nobody acts")
    attack_phases = (COMMIT, HELP, RESPOND, GARRISON, TRUCE)
    _need(s.phase not in attack_phases or s.attack is not None, f"phase {s.phase} needs an attack")
    _need(s.phase != PICK or s.pick_from != NONE, "phase pick needs a hand to pick from")
