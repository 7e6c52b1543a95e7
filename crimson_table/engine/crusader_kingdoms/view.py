"""What each seat may know (CK-R5, CK-R37), and full states consistent with it.

Public: castles, garrisons, Card Bonuses, kept events, truces, face-up discards, the Bot's
army and response stack, hand sizes and how many cards of each deck every hand holds (the
backs differ), the sides of face-down attack cards.  Private: hands (the co-op partners
see each other's, CK-R37), draw piles, face-down discards, the Bot's hand (its size is
public), face-down attack cards until the reveal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypedDict, cast

from crimson_table.engine.core import JSON
from crimson_table.engine.crusader_kingdoms.cards import deck_of, is_troop, sort_cards
from crimson_table.engine.crusader_kingdoms.dice import army_strength
from crimson_table.engine.crusader_kingdoms.ops import SEATS, ally, religion
from crimson_table.engine.crusader_kingdoms.state import OVER, PICK, Attack, CKState, mode_for
from crimson_table.engine.crusader_kingdoms.targets import can_respond
from crimson_table.engine.rng import Rng

OPEN = -1  # the viewer of the open view (the game is over): sees every hidden card


class SeatRow(TypedDict):
    """One seat's rulebook colour, kingdom, religion and castle supply (CK-R9 / 4.3)."""

    colour: str
    kingdom: str
    religion: str
    castles: int


class AttackView(TypedDict):
    """The attack under way; a card is None where the viewer may not see it yet."""

    attacker: int
    region: str
    kind: str
    event: str
    troops: list[str | None]
    troop_decks: list[str]
    helper: int
    helper_troops: list[str | None]
    helper_decks: list[str]
    responses: list[list[Any]]  # [seat, card or None, side, deck]
    window: list[int]
    garrisons: list[str]
    revealed: bool


class CrusaderKingdomsView(TypedDict):
    """What ``player_view`` and ``open_view`` give: the keys are checked by mypy where they are read."""

    game: str
    seat: int | None
    players: int
    mode: str
    difficulty: str
    turn: int
    phase: str
    current_player: int | None
    owner: dict[str, int]  # region name -> owner
    garrisons: list[str]
    bonus: list[int]
    bot_bonus: int
    hand: list[str]
    hands: list[list[str] | None]
    hand_sizes: list[int]
    hand_decks: list[list[int]]  # per seat: [Christian cards, Muslim cards]
    draw_sizes: dict[str, int]  # deck ("C", "M") -> cards left
    discard_c: list[str | None]
    discard_m: list[str | None]
    kept: list[list[str]]
    truces: list[list[int]]
    passes: int
    passed: list[bool]
    last: int
    bot_hand_size: int
    bot_cards: list[str] | None
    bot_army: list[str]
    bot_stack: list[str]
    bot_vs: int
    bot_step: int
    attack: AttackView | None
    event: str
    target: int
    pick_from: int
    pick_why: str
    overflow: list[int]
    dice: list[int]
    winners: list[int]
    reason: str
    bot_army_strength: int
    seats: list[SeatRow]


def crusader_kingdoms_view(view: Mapping[str, JSON]) -> CrusaderKingdomsView:
    """A view the rules built, met as the generic contract's mapping (a bot's context, a table), as
    this game's: the one place the type is narrowed."""
    return cast(CrusaderKingdomsView, view)


def _sees_hand(s: CKState, seat: int | None, owner: int) -> bool:
    """``seat`` may see ``owner``'s hand: his own, his co-op partner's, or one shown for a pick
    (a spectator, ``None``, sees none; the open view, ``OPEN``, every one)."""
    if seat is None:
        return False
    if seat == OPEN or owner == seat or ally(s, seat) == owner:
        return True
    return s.phase == PICK and s.actor == seat and s.pick_from == owner


def _sees_card(s: CKState, seat: int | None, owner: int, a: Attack) -> bool:
    return a.revealed or seat == OPEN or (seat is not None and (owner == seat or ally(s, seat) == owner))


def _decks(cards: list[str]) -> list[int]:
    return [sum(1 for c in cards if deck_of(c) == "C"), sum(1 for c in cards if deck_of(c) == "M")]


def _attack_view(s: CKState, seat: int | None) -> AttackView | None:
    a = s.attack
    if a is None:
        return None

    def cards(owner: int, cs: list[str]) -> list[str | None]:
        return [c if _sees_card(s, seat, owner, a) else None for c in cs]

    return {
        "attacker": a.attacker, "region": s.board.names[a.region], "kind": a.kind, "event": a.event,
        "troops": cards(a.attacker, a.troops), "troop_decks": [deck_of(c) for c in a.troops],
        "helper": a.helper, "helper_troops": cards(a.helper, a.helper_troops),
        "helper_decks": [deck_of(c) for c in a.helper_troops],
        "responses": [[p, c if _sees_card(s, seat, p, a) else None, side, deck_of(c)] for p, c, side in a.responses],
        "window": a.window[:], "garrisons": [s.board.names[r] for r in a.garrisons], "revealed": a.revealed,
    }  # fmt: skip


def player_view(s: CKState, seat: int | None) -> CrusaderKingdomsView:
    """A JSON-able dict of exactly what ``seat`` may know (None: a spectator, every hand a count)."""
    return _view(s, seat)


def open_view(s: CKState) -> CrusaderKingdomsView:
    """The table with every hand, the Bot's hand and face-down discards face up (the rules check
    the game is over)."""
    return _view(s, OPEN)


def _view(s: CKState, seat: int | None) -> CrusaderKingdomsView:
    """The view of ``seat``: a seat, None (a spectator) or ``OPEN`` (every card face up)."""
    names = s.board.names
    opened = seat == OPEN
    return {
        "game": "crusader_kingdoms", "seat": None if opened else seat, "players": s.players, "mode": s.mode,
        "difficulty": s.difficulty, "turn": s.turn, "phase": s.phase,
        "current_player": None if s.phase == OVER else s.actor,
        "owner": {names[r]: o for r, o in enumerate(s.owner)},
        "garrisons": [names[r] for r, g in enumerate(s.garrison) if g],
        "bonus": s.bonus[:], "bot_bonus": s.bot_bonus,
        "hand": s.hands[seat][:] if seat is not None and not opened else [],
        "hands": [s.hands[p][:] if _sees_hand(s, seat, p) else None for p in range(s.players)],
        "hand_sizes": [len(h) for h in s.hands], "hand_decks": [_decks(h) for h in s.hands],
        "draw_sizes": {"C": len(s.draw_c), "M": len(s.draw_m)},
        "discard_c": [None if d and not opened else c for c, d in zip(s.discard_c, s.down_c, strict=True)],
        "discard_m": [None if d and not opened else c for c, d in zip(s.discard_m, s.down_m, strict=True)],
        "kept": [k[:] for k in s.kept], "truces": [list(t) for t in s.truces], "passes": s.passes,
        "passed": s.passed[:], "last": s.last, "bot_hand_size": len(s.bot_hand),
        "bot_cards": s.bot_hand[:] if opened else None, "bot_army": s.bot_army[:],
        "bot_stack": s.bot_stack[:], "bot_vs": s.bot_vs, "bot_step": s.bot_step,
        "attack": _attack_view(s, seat), "event": s.event, "target": s.target, "pick_from": s.pick_from,
        "pick_why": s.pick_why, "overflow": s.overflow[:], "dice": s.dice[:], "winners": list(s.winners),
        "reason": s.reason, "bot_army_strength": army_strength(s) if s.coop else 0, "seats": seat_table(s.players),
    }  # fmt: skip


def seat_table(players: int) -> list[SeatRow]:
    """CK-R9 / 4.3, per seat in seat order: the rulebook colour, kingdom, religion and castle supply
    (the view's ``seats``; also read before a game starts, e.g. by the setup screen's badges)."""
    return [
        {"colour": colour, "kingdom": name, "religion": faith, "castles": castles}
        for colour, name, faith, castles, _base, _start in SEATS[mode_for(players)]
    ]


def _hidden_slots(s: CKState, seat: int) -> list[tuple[list[str], int]]:
    """Every (zone, index) whose card ``seat`` cannot see."""
    slots: list[tuple[list[str], int]] = []
    for zone in (s.draw_c, s.draw_m, s.bot_hand):
        slots += [(zone, i) for i in range(len(zone))]
    for zone, down in ((s.discard_c, s.down_c), (s.discard_m, s.down_m)):
        slots += [(zone, i) for i in range(len(zone)) if down[i]]
    for p in range(s.players):
        if not _sees_hand(s, seat, p):
            slots += [(s.hands[p], i) for i in range(len(s.hands[p]))]
    a = s.attack
    if a is not None:
        if not _sees_card(s, seat, a.attacker, a):
            slots += [(a.troops, i) for i in range(len(a.troops))]
        if not _sees_card(s, seat, a.helper, a):
            slots += [(a.helper_troops, i) for i in range(len(a.helper_troops))]
    return slots


def determinize(s: CKState, seat: int, seed: int) -> CKState:
    """Re-deal every card ``seat`` cannot see, deck by deck (card backs are public)."""
    d = s.clone()
    rng = Rng.from_seed(seed)
    slots = _hidden_slots(d, seat)
    responses = d.attack.responses if d.attack is not None else []
    hidden_resp = [i for i, (p, _c, _side) in enumerate(responses) if d.attack is not None
                   and not _sees_card(d, seat, p, d.attack)]  # fmt: skip
    troop_slots = (
        {id(z) for z in (d.attack.troops, d.attack.helper_troops)} if d.attack is not None else set()
    )
    armed = _armed_slot(d, slots)

    def troop_slot(z: list[str], i: int) -> bool:
        return id(z) in troop_slots or (armed is not None and z is armed[0] and i == armed[1])

    for deck in ("C", "M"):
        mine = [(z, i) for z, i in slots if deck_of(z[i]) == deck]
        resp = [i for i in hidden_resp if deck_of(responses[i][1]) == deck]
        pool = sorted([z[i] for z, i in mine] + [responses[i][1] for i in resp])
        rng.shuffle(pool)
        # a face-down response is a Response card its seat could place on that side (CK-R27)
        fits = [partial(_placeable, d, responses[i][0], responses[i][2]) for i in resp]
        for i, cid in zip(resp, _deal_responses(pool, fits), strict=True):
            responses[i] = (responses[i][0], cid, responses[i][2])
        for z, i in [(z, i) for z, i in mine if troop_slot(z, i)]:
            z[i] = _take(pool, is_troop)
        for z, i in [(z, i) for z, i in mine if not troop_slot(z, i)]:
            z[i] = pool.pop()
    for hand in d.hands:
        sort_cards(hand)
    d.rng = rng.fork()  # the real future stays unknown
    return d


def _armed_slot(s: CKState, slots: list[tuple[list[str], int]]) -> tuple[list[str], int] | None:
    """The hidden hand slot that must hold a Troop card: an attacker who announced an attack but
    has committed nothing yet (a Truce penalty is being chosen) holds one (CK-R15 (a)).  Chosen
    from public facts only: a slot of his own deck if he holds one (card backs are public)."""
    a = s.attack
    if a is None or a.troops or a.kind in ("independent", "bot") or a.attacker < 0:
        return None
    hand = s.hands[a.attacker]
    hidden = [(z, i) for z, i in slots if z is hand]
    own = [(z, i) for z, i in hidden if deck_of(z[i]) == religion(s, a.attacker)]
    return (own or hidden)[0] if hidden else None


def _placeable(s: CKState, seat: int, side: str, cid: str) -> bool:
    """Whether ``seat`` could have placed ``cid`` on ``side`` of the attack under way: the conditions
    are public and stay true while the attack lasts (CK-R27), so the card face down is one of these."""
    return can_respond(s, seat, cid, side)


def _deal_responses(pool: list[str], fits: Sequence[Callable[[str], bool]]) -> list[str]:
    """One card of the shuffled ``pool`` for each face-down response, each one its slot ``fits``, taken
    out of the pool.  Each slot takes the last fitting card left; where that leaves a slot with none (an
    earlier slot took the only card it could hold), the cards are matched by augmenting paths instead:
    the true cards are in the pool, so a match always exists."""
    taken: list[int] = []
    for fit in fits:
        spare = [k for k in range(len(pool) - 1, -1, -1) if k not in taken and fit(pool[k])]
        if not spare:
            taken = _matching(pool, fits)
            break
        taken.append(spare[0])
    dealt = [pool[k] for k in taken]
    for k in sorted(taken, reverse=True):
        del pool[k]
    return dealt


def _matching(pool: list[str], fits: Sequence[Callable[[str], bool]]) -> list[int]:
    """A pool index for each slot, all different, each fitting its slot (Kuhn's augmenting paths)."""
    holder: dict[int, int] = {}  # pool index -> slot

    def place(slot: int, seen: set[int]) -> bool:
        for k in range(len(pool) - 1, -1, -1):
            if k in seen or not fits[slot](pool[k]):
                continue
            seen.add(k)
            if k not in holder or place(holder[k], seen):
                holder[k] = slot
                return True
        return False

    for slot in range(len(fits)):
        place(slot, set())
    by_slot = {slot: k for k, slot in holder.items()}
    return [by_slot[slot] for slot in range(len(fits))]


def _take(pool: list[str], kind: Callable[[str], bool]) -> str:
    """The last card of the pool of a kind (the pool always holds one: the real card is in it)."""
    for i in range(len(pool) - 1, -1, -1):
        if kind(pool[i]):
            return pool.pop(i)
    return pool.pop()
