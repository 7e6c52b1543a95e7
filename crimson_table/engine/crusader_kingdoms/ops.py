"""The primitives: seats and religions, regions, dice, drawing and discarding cards, bonuses and
garrisons.

Every function here that changes the state mutates the (already cloned) state it is given, and
at most names what comes next by setting ``state.phase`` (a decision, or a step of ``flow``'s
table such as ``ROUND_DONE``); none calls onward into a phase, so the phases (combat, events),
the Bot and the flow all stand on this module and it on none of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from crimson_table.engine.core import Event, fast_event, seat_ref
from crimson_table.engine.crusader_kingdoms.cards import BY_ID, CHRISTIAN, MUSLIM, deck_of, sort_cards, title
from crimson_table.engine.crusader_kingdoms.state import (
    ANNOUNCE,
    BOT,
    PLACE,
    ROUND_DONE,
    SHARED_BITS,
    Attack,
    CKState,
    map_facts,
    own,
    own_hand,
)
from crimson_table.engine.rng import resumed

UNLIMITED_CASTLES = 99  # CK-R1: the 1-2 player game's castle supply has no limit

# CK-R9 / 4.3: seat order, colours, kingdoms, religion, castles, base draw and starting regions.
SEATS: dict[str, tuple[tuple[str, str, str, int, int, tuple[str, ...]], ...]] = {
    "comp4": (
        ("yellow", "Emirate of Damascus", MUSLIM, 7, 8, ("damascus", "homs")),
        ("blue", "Kingdom of Jerusalem", CHRISTIAN, 7, 8, ("jerusalem", "acre")),
        ("red", "Principality of Antioch", CHRISTIAN, 7, 8, ("antioch", "latakia")),
        ("green", "Emirate of Aleppo", MUSLIM, 7, 8, ("aleppo", "edessa")),
    ),
    "comp3": (
        ("green", "Saladin", MUSLIM, 9, 12, ("damascus", "homs", "aleppo", "edessa")),
        ("blue", "Kingdom of Jerusalem", CHRISTIAN, 7, 8, ("jerusalem", "acre")),
        ("red", "Principality of Antioch", CHRISTIAN, 7, 8, ("antioch", "latakia")),
    ),
    "coop": (
        ("red", "Richard the Lion-heart", CHRISTIAN, UNLIMITED_CASTLES, 8, ("tripoli",)),
        ("blue", "Leopold V", CHRISTIAN, UNLIMITED_CASTLES, 8, ("antioch",)),
    ),
    "solo": (("red", "The 1st Crusade", CHRISTIAN, UNLIMITED_CASTLES, 12, ("marah",)),),
}
BOT_BASE = {  # CK-R55
    "solo": {"standard": 8, "challenging": 9, "greatest": 11},
    "coop": {"standard": 12, "challenging": 14, "greatest": 15},
}


new_event = fast_event  # the events of this game's modules: every field set at once (speed)


def religion(s: CKState, seat: int) -> str:
    """``C`` or ``M`` for a seat; the Bot is Muslim."""
    return MUSLIM if seat == BOT else SEATS[s.mode][seat][2]


def castles_supply(s: CKState, seat: int) -> int:
    """CK-R1: castles of a seat (``UNLIMITED_CASTLES`` in 1-2P)."""
    return SEATS[s.mode][seat][3]


def base_draw(s: CKState, seat: int) -> int:
    """4.3: cards per turn before the bonus."""
    return SEATS[s.mode][seat][4]


def starting_regions(s: CKState, seat: int) -> list[int]:
    """The seat's starting regions (CK-R15 exception)."""
    return [s.board.index[k] for k in SEATS[s.mode][seat][5]]


def kingdom(s: CKState, seat: int) -> str:
    """The seat's kingdom name."""
    return "the Muslim Bot" if seat == BOT else SEATS[s.mode][seat][1]


_WHO: dict[int, str] = {BOT: "the Bot", **{seat: seat_ref(seat) for seat in range(4)}}  # a constant table
_SUBJECT: dict[int, str] = {**_WHO, BOT: "The Bot"}


def who(seat: int) -> str:
    """The log token for a seat or the Bot."""
    return _WHO.get(seat) or seat_ref(seat)


def subject(seat: int) -> str:
    """:func:`who` at the start of a sentence ("The Bot takes Latakia.", not "the Bot …")."""
    return _SUBJECT.get(seat) or seat_ref(seat)


def bonus_text(value: int) -> str:
    """A Card Bonus as players write it (CK-R3): "+2", "-1", and "0" with no sign."""
    return f"{value:+d}" if value else "0"


def regions_of(s: CKState, seat: int) -> tuple[int, ...]:
    """Regions with ``seat``'s castle, by index (worked out once per map, :class:`MapFacts`: the
    garrison, reward, truce and attack questions ask it again and again of an unchanged map)."""
    facts = map_facts(s)
    mine = facts.regions.get(seat)
    if mine is None:
        mine = facts.regions[seat] = tuple(r for r, o in enumerate(s.owner) if o == seat)
    return mine


def neighbours_of(s: CKState, regions: Iterable[int]) -> set[int]:
    """Every region adjacent to one of ``regions`` (they may be among them)."""
    nb = s.board.neighbours
    return {n for r in regions for n in nb[r]}


def is_border(s: CKState, seat: int, region: int) -> bool:
    """True if ``region`` is adjacent to a region ``seat`` controls."""
    return any(s.owner[n] == seat for n in s.board.neighbours[region])


def border_owners(s: CKState, seat: int) -> set[int]:
    """The owners (seats, ``INDEP``, ``BOT``) of the regions adjacent to a region of ``seat``."""
    nb, owner = s.board.neighbours, s.owner
    return {owner[n] for r in regions_of(s, seat) for n in nb[r]}


def ally(s: CKState, seat: int) -> int | None:
    """CK-R37: the other cooperative Christian, if any."""
    if s.mode != "coop":
        return None
    return 1 - seat


def _may_attack(mode: str, attacker: int, defender: int) -> bool:
    """CK-R32 (3P Christians) and CK-R37 (co-op partners) between two seats of ``mode``."""
    if attacker == defender:
        return False
    rows = SEATS[mode]
    if mode == "comp3":
        return not (rows[attacker][2] == CHRISTIAN and rows[defender][2] == CHRISTIAN)
    return mode == "comp4"


# Per mode and seat: the seats it may not attack, itself included (a constant table).
SHIELDED: dict[str, tuple[frozenset[int], ...]] = {
    mode: tuple(
        frozenset(d for d in range(len(rows)) if not _may_attack(mode, a, d)) for a in range(len(rows))
    )
    for mode, rows in SEATS.items()
}


def can_attack_between(s: CKState, attacker: int, defender: int) -> bool:
    """CK-R32 (3P Christians) and CK-R37 (co-op partners) forbid some attacks; the independents
    (``INDEP``) and the Bot may always be attacked, and the Bot attacks anyone."""
    return attacker == BOT or defender not in SHIELDED[s.mode][attacker]


# ---------------------------------------------------------------------------------------------
# Dice (CK-R57, CK-R58)


def roll(s: CKState, count: int) -> list[int]:
    """``count`` die faces 1-6: queued faces first (test scenarios), then the PRNG."""
    rng = resumed(s.rng)
    if not s.dice:  # the usual case: every face from the PRNG, randint(1, 6) die by die
        faces = rng.rolls(6, count)
        s.rng = rng.state
        return faces
    queued = min(count, len(s.dice))
    faces = s.dice[:queued]
    del own(s, "dice")[:queued]
    if count > queued:
        faces += rng.rolls(6, count - queued)
        s.rng = rng.state
    return faces


def roll_both(s: CKState, attack: int, defence: int) -> tuple[list[int], list[int]]:
    """The attack's ``attack`` dice, then the defence's ``defence``: :func:`roll` twice, the PRNG's
    faces drawn in one pass when no face is queued."""
    if s.dice:
        return roll(s, attack), roll(s, defence)
    rng = resumed(s.rng)
    faces = rng.rolls(6, attack + defence)
    s.rng = rng.state
    return faces[:attack], faces[attack:]


def roll_one(s: CKState) -> int:
    """One die face 1-6 (:func:`roll` of one die, without the list)."""
    if s.dice:
        return roll(s, 1)[0]
    rng = resumed(s.rng)
    face = 1 + rng.below(6)
    s.rng = rng.state
    return face


def hits(faces: list[int], shield: str) -> int:
    """CK-R21 / CK-R57: faces 1-2 are Christian shields, 3-4 Muslim, 5-6 blank."""
    low = 1 if shield == CHRISTIAN else 3
    return faces.count(low) + faces.count(low + 1)


def below(s: CKState, n: int) -> int:
    """A uniform int in [0, n) from the state's PRNG."""
    rng = resumed(s.rng)
    value = rng.below(n)
    s.rng = rng.state
    return value


def shuffle(s: CKState, cards: list[str]) -> None:
    """Shuffle in place with the state's PRNG."""
    rng = resumed(s.rng)
    rng.shuffle(cards)
    s.rng = rng.state


# ---------------------------------------------------------------------------------------------
# Cards


_PILE_NAMES = {CHRISTIAN: ("draw_c", "discard_c", "down_c"), MUSLIM: ("draw_m", "discard_m", "down_m")}


def piles(s: CKState, deck: str) -> tuple[list[str], list[str], list[bool]]:
    """(draw, discard, face-down flags) of a deck, to change (each the state's own, :func:`own`)."""
    draw, pile, down = _PILE_NAMES[deck]
    return own(s, draw), own(s, pile), own(s, down)


def draw_cards(s: CKState, deck: str, count: int) -> list[str]:
    """Up to ``count`` cards from the top of a deck's draw pile, one by one; CK-R31 reshuffles the
    discards whenever it is empty.  Fewer once both piles are empty."""
    drawn: list[str] = []
    if count <= 0:
        return drawn
    names = _PILE_NAMES[deck]
    draw = own(s, names[0])  # the discards only change (are copied) at a reshuffle
    if count <= len(draw):  # the usual case, no reshuffle: the top cards in one slice, top first
        drawn = draw[: -count - 1 : -1]
        del draw[-count:]
        return drawn
    for _ in range(count):
        if not draw:
            if not getattr(s, names[1]):  # nothing left to draw or reshuffle: every further draw is empty
                break
            discard, down = own(s, names[1]), own(s, names[2])
            draw.extend(discard)
            discard.clear()
            down.clear()
            shuffle(s, draw)
        drawn.append(draw.pop())
    return drawn


# Per card: its deck's discard pile and face-down flags, and their bits in ``CKState.shared`` (a
# constant table: discard is hot).
_DISCARD_TO = {
    cid: (pile, down, SHARED_BITS[pile] | SHARED_BITS[down])
    for cid in BY_ID
    for _draw, pile, down in [_PILE_NAMES[deck_of(cid)]]
}


def discard(s: CKState, cid: str, face_down: bool = False) -> None:
    """Put a card on its own deck's discard pile (CK-R5, CK-R61)."""
    pile, down, bits = _DISCARD_TO[cid]
    if s.shared & bits:  # either list still shared with the state before: both replaced, card included
        setattr(s, pile, [*getattr(s, pile), cid])
        setattr(s, down, [*getattr(s, down), face_down])
        s.shared &= ~bits
        return
    getattr(s, pile).append(cid)
    getattr(s, down).append(face_down)


def discard_all(s: CKState, cards: list[str]) -> None:
    """:func:`discard` of each of ``cards`` face up, in order (an attack's troops, the Bot's army after
    its attack: CK-R25, CK-R49).  Cards of one deck, the usual case, join its pile in one step."""
    if not cards:
        return
    pile, down, bits = _DISCARD_TO[cards[0]]
    if not _SAME_DECK[pile].issuperset(cards):  # both decks: one by one
        for cid in cards:
            discard(s, cid)
        return
    faces_up = [False] * len(cards)
    if s.shared & bits:  # either list still shared with the state before: both replaced
        setattr(s, pile, [*getattr(s, pile), *cards])
        setattr(s, down, [*getattr(s, down), *faces_up])
        s.shared &= ~bits
        return
    getattr(s, pile).extend(cards)
    getattr(s, down).extend(faces_up)


# Per discard pile: the cards that go there (a constant table for :func:`discard_all`).
_SAME_DECK = {
    pile: frozenset(c for c in BY_ID if _DISCARD_TO[c][0] == pile) for pile in ("discard_c", "discard_m")
}


def give(s: CKState, seat: int, cid: str) -> None:
    """Add a card to a hand (kept sorted)."""
    hand = own_hand(s, seat)
    hand.append(cid)
    sort_cards(hand)


def take_random(s: CKState, seat: int) -> str | None:
    """Remove and return a random card from a hand (None if empty)."""
    hand = own_hand(s, seat)
    if not hand:
        return None
    return hand.pop(below(s, len(hand)))


def private_to(s: CKState, seat: int) -> tuple[int, ...]:
    """Who may see ``seat``'s hand: the seat, and its partner in the co-op game (CK-R37)."""
    partner = ally(s, seat)
    return (seat,) if partner is None else (seat, partner)


def hand_event(s: CKState, kind: str, seat: int, cid: str, public_text: str, private_text: str) -> Event:
    """An event about one hidden card of ``seat``'s hand."""
    return seen_hand_event(private_to(s, seat), kind, seat, cid, public_text, private_text)


def seen_hand_event(
    seen: tuple[int, ...], kind: str, seat: int, cid: str, public_text: str, private_text: str
) -> Event:
    """:func:`hand_event` for the seats ``seen`` who may see ``seat``'s hand (:func:`private_to`)."""
    return new_event(kind, {"seat": seat, "card": cid}, public_text, private_to=seen,
                     private_text=private_text, reveals=True, public={"seat": seat, "deck": deck_of(cid)})  # fmt: skip


def random_discard(s: CKState, seat: int, ev: list[Event], why: str) -> None:
    """A random card of ``seat``'s hand (the Bot: its top card) goes face down (CK-R5, CK-R51)."""
    if seat == BOT:
        if s.bot_hand:
            discard(s, own(s, "bot_hand").pop(0), face_down=True)
            ev.append(
                new_event(
                    "bot_discard", {"why": why}, f"The Bot discards its top card ({why}).", reveals=True
                )
            )
        return
    cid = take_random(s, seat)
    if cid is None:
        ev.append(new_event("no_effect", {"seat": seat}, f"{subject(seat)} has no card to lose ({why})."))
        return
    discard(s, cid, face_down=True)
    ev.append(hand_event(s, "random_discard", seat, cid, f"{subject(seat)} discards a random card ({why}).",
                         f"{subject(seat)} discards {title(cid)} at random ({why})."))  # fmt: skip


def change_bonus(s: CKState, seat: int, delta: int, ev: list[Event]) -> None:
    """CK-R29: move a Card Bonus; beyond +2 a garrison is owed, below -2 is ignored."""
    if seat == BOT:
        if delta > 0 and s.bot_bonus >= 2:
            bot_garrison(s, ev, "Card Bonus overflow")
            return
        s.bot_bonus = max(-2, min(2, s.bot_bonus + delta))
        ev.append(
            new_event(
                "bonus",
                {"seat": BOT, "bonus": s.bot_bonus},
                f"The Bot's Card Bonus is now {bonus_text(s.bot_bonus)}.",
            )
        )
        return
    if delta > 0 and s.bonus[seat] >= 2:
        own(s, "overflow").append(seat)
        return
    own(s, "bonus")[seat] = max(-2, min(2, s.bonus[seat] + delta))
    ev.append(new_event("bonus", {"seat": seat, "bonus": s.bonus[seat]},
                        f"{subject(seat)}'s Card Bonus is now {bonus_text(s.bonus[seat])}."))  # fmt: skip


def free_regions(s: CKState, seat: int) -> list[int]:
    """Regions ``seat`` controls that have no garrison (CK-R2)."""
    return [r for r in regions_of(s, seat) if not s.garrison[r]]


def bot_garrison(s: CKState, ev: list[Event], why: str) -> None:
    """CK-R54: a green garrison in the lowest-numbered Muslim region without one."""
    for r, owner in enumerate(s.owner):
        if owner == BOT and not s.garrison[r]:
            own(s, "garrison")[r] = True
            ev.append(new_event("garrison", {"seat": BOT, "region": s.board.names[r]},
                                f"The Bot places a garrison in {s.board.label(r)} ({why})."))  # fmt: skip
            return


def place_garrison(s: CKState, region: int, ev: list[Event]) -> None:
    """Castle Builders / Add Troops (``pick_why == builders``), a conquest reward, or a CK-R29 overflow garrison.

    Only a placement in phase ``place`` settles the owed garrison at the head of the queue (its owner
    is the actor there): a conquest reward (phase ``reward``, CK-R22) is the attacker's own choice and
    leaves a Concerted Attack helper's owed garrison queued, for him to place when the round ends.
    """
    seat = s.actor
    if s.pick_why == "builders":
        s.pick_why = ""
    elif s.phase == PLACE and s.overflow:
        own(s, "overflow").pop(0)
    own(s, "garrison")[region] = True
    ev.append(new_event("garrison", {"seat": seat, "region": s.board.names[region]},
                        f"{subject(seat)} places a garrison in {s.board.label(region)}."))  # fmt: skip
    end_round(s)


# ---------------------------------------------------------------------------------------------
# What comes next: a step of flow's table, run once the current handler returns


def end_round(s: CKState) -> None:
    """The round (or the Bot's decision) is finished: ``flow`` settles owed garrisons (CK-R29) and
    goes on to the next round."""
    s.phase = ROUND_DONE


def open_attack(s: CKState, seat: int, region: int, kind: str, event: str) -> None:
    """An attack on ``region`` by ``seat`` (``event``: the card that makes it, or ""): ``combat``
    announces it (CK-R19 step 1), then the attacker commits."""
    s.attack = Attack.opened(seat, region, kind, event)
    s.phase = ANNOUNCE
