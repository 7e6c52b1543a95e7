"""Event cards played by players (CK-R17, sections 3.2 and 3.3), and the Incursion (CK-R16).

An event that needs a player or a region asks for it in the next decision; a card chosen
from a hand is one more decision (PICK).  The event card stays in ``state.event`` until its
effect is resolved (CK-R17), or travels with the attack it creates.

A phase module: its handlers change the state through :mod:`ops` and end by naming what comes
next (a decision of this module's phases, ``ops.open_attack`` or ``ops.end_round``); they never
import another phase (combat) or the flow.
"""

from __future__ import annotations

from collections.abc import Callable

from crimson_table.engine.core import Action, Event
from crimson_table.engine.crusader_kingdoms.actions import (
    ChooseRegion,
    ChooseSeat,
    Decline,
    PickCard,
    PlaceGarrison,
)
from crimson_table.engine.crusader_kingdoms.cards import (
    CHRISTIAN,
    EVENT_IDS,
    MUSLIM,
    card,
    is_response,
    is_troop,
    title,
)
from crimson_table.engine.crusader_kingdoms.ops import (
    border_owners,
    change_bonus,
    discard,
    draw_cards,
    end_round,
    free_regions,
    give,
    hits,
    new_event,
    open_attack,
    place_garrison,
    private_to,
    random_discard,
    religion,
    roll,
    subject,
    take_random,
    who,
)
from crimson_table.engine.crusader_kingdoms.state import (
    BOT,
    DECLINE_ATTACK,
    PICK,
    PLACE,
    TARGET_REGION,
    TARGET_SEAT,
    CKState,
    map_facts,
    own,
    own_hand,
)
from crimson_table.engine.crusader_kingdoms.targets import (
    EVENT_KINDS,
    attack_targets,
    has_troop,
    independent_targets,
)

SEAT_EVENTS = ("c_raid", "m_raid", "c_assassins", "c_troubadours", "c_spies", "m_seduction", "m_scorched_earth",
               "m_jews", "m_succession", "m_truce")  # fmt: skip
ATTACK_EVENTS = ("c_siege_towers", "c_forced_march", "c_concerted_attack")
BONUS_EVENTS = ("c_venetian_merchants", "m_commerce")
GARRISON_EVENTS = ("c_castle_builders", "m_add_troops")
NO_TARGET_EVENTS = EVENT_IDS - {*SEAT_EVENTS, *ATTACK_EVENTS, *GARRISON_EVENTS, "m_independent_attack"}
"""Events needing no player, region or garrison spot (bonus, draws, Mercenaries, Watchtowers): always
playable (CK-R17), so their listing asks nothing of the map."""


def seat_options(s: CKState, seat: int, cid: str) -> list[int]:
    """The players an event may target."""
    others = [p for p in range(s.players) if p != seat]
    if cid == "m_seduction":
        near = border_owners(s, seat)
        return [p for p in others if religion(s, p) == CHRISTIAN and p in near]
    if cid == "m_scorched_earth":
        near = border_owners(s, seat)
        return [p for p in others if p in near]
    return others


def region_options(s: CKState, seat: int, cid: str) -> list[int]:
    """The regions an event may attack."""
    if cid == "m_independent_attack":
        return independent_targets(s, seat)
    return attack_targets(s, seat, EVENT_KINDS.get(cid, "normal"))


def playable(s: CKState, seat: int, cid: str) -> bool:
    """CK-R17: an event whose target or condition cannot be met cannot be played."""
    if cid in NO_TARGET_EVENTS:
        return True
    if cid in GARRISON_EVENTS:
        return bool(free_regions(s, seat))
    if cid in ATTACK_EVENTS and not has_troop(s, seat):
        return False
    facts = map_facts(s)  # the rest is the map's to say: worked out once per map (MapFacts)
    key = (seat, cid)
    allowed = facts.events.get(key)
    if allowed is None:
        allowed = facts.events[key] = _map_allows(s, seat, cid)
    return allowed


def _map_allows(s: CKState, seat: int, cid: str) -> bool:
    """:func:`playable` but for the garrison events and an attack event's troop: whether the map
    gives the event a target."""
    if cid in ("c_raid", "m_raid") and s.coop:
        return True  # CK-R39: the Bot is the target
    if cid in SEAT_EVENTS:
        return bool(seat_options(s, seat, cid))
    if cid in ATTACK_EVENTS or cid == "m_independent_attack":
        return bool(region_options(s, seat, cid))
    return True


def play(s: CKState, seat: int, cid: str, ev: list[Event]) -> None:
    """Show the event and start resolving it."""
    own_hand(s, seat).remove(cid)
    s.event = cid
    ev.append(
        new_event("event", {"seat": seat, "card": cid}, f"{subject(seat)} plays {title(cid)}.", reveals=True)
    )
    if cid in ("c_raid", "m_raid") and s.coop:
        random_discard(s, BOT, ev, title(cid))
        end_round(s)
    elif cid in SEAT_EVENTS:
        options = seat_options(s, seat, cid)
        if len(options) == 1:
            choose_seat(s, options[0], ev)
        else:
            s.phase, s.actor = TARGET_SEAT, seat
    elif cid in ATTACK_EVENTS or cid == "m_independent_attack":
        s.phase, s.actor = TARGET_REGION, seat
    elif cid in GARRISON_EVENTS:
        s.pick_why = "builders"
        spots = free_regions(s, seat)
        if len(spots) == 1:
            place_garrison(s, spots[0], ev)
        else:
            s.phase, s.actor = PLACE, seat
    else:
        _immediate(s, seat, cid, ev)
        end_round(s)


def _immediate(s: CKState, seat: int, cid: str, ev: list[Event]) -> None:
    if cid in BONUS_EVENTS:
        change_bonus(s, seat, 1, ev)
    elif cid == "c_byzantine_alliance":
        drawn = draw_cards(s, CHRISTIAN, 2)
        for c in drawn:
            give(s, seat, c)
        ev.append(new_event("draw", {"seat": seat, "cards": drawn}, f"{subject(seat)} draws {len(drawn)} cards.",
                            private_to=(seat,), reveals=True, public={"seat": seat, "count": len(drawn)}))  # fmt: skip
    elif cid == "m_mercenaries":
        revealed = draw_cards(s, MUSLIM, 3)
        for c in revealed:
            if is_troop(c):
                give(s, seat, c)
            else:
                discard(s, c)
        ev.append(new_event("mercenaries", {"cards": revealed}, "Mercenaries reveal: "
                            + (", ".join(title(c) for c in revealed) or "nothing") + ".", reveals=True))  # fmt: skip
    elif cid == "m_watchtowers":
        ev.append(
            new_event(
                "stays", {"seat": seat, "card": cid}, f"{subject(seat)}'s Watchtowers stay in play this turn."
            )
        )


def choose_seat(s: CKState, target: int, ev: list[Event]) -> None:
    """Apply an event to its chosen player."""
    seat, cid = s.last, s.event
    s.target = target
    # What follows depends on the chosen player's hidden hand (or the PRNG): a reveal.
    ev.append(new_event("target", {"seat": seat, "target": target, "card": cid},
                        f"{subject(seat)} aims {title(cid)} at {who(target)}.", reveals=True))  # fmt: skip
    if cid in ("c_raid", "m_raid"):
        random_discard(s, target, ev, title(cid))
    elif cid in ("c_assassins", "c_spies", "m_jews"):
        _show_hand(s, target, seat, ev)
        if cid == "m_jews":
            change_bonus(s, seat, 1, ev)
        elif cid == "c_assassins" and any(is_troop(c) or is_response(c) for c in s.hands[target]):
            s.phase, s.actor, s.pick_from, s.pick_why = PICK, seat, target, "assassins"
            return
        elif cid == "c_spies":
            s.phase, s.actor = DECLINE_ATTACK, seat
            return
    elif cid == "c_troubadours":
        change_bonus(s, target, -1, ev)
        change_bonus(s, seat, 1, ev)
    elif cid == "m_seduction":
        taken = take_random(s, target)
        if taken is not None:
            give(s, seat, taken)
            ev.append(new_event("seduction", {"seat": seat, "from": target, "card": taken},
                                f"{subject(seat)} takes a random card from {who(target)}.", private_to=(seat, target),
                                private_text=f"{subject(seat)} takes {title(taken)} from {who(target)}.", reveals=True,
                                public={"seat": seat, "from": target}))  # fmt: skip

    elif cid == "m_scorched_earth":
        if any(is_troop(c) for c in s.hands[target]):
            s.phase, s.actor, s.pick_from, s.pick_why = PICK, target, target, "scorched_earth"
            return
        _show_hand(s, target, seat, ev)
    elif cid == "m_succession":
        change_bonus(s, target, -1, ev)
        if s.hands[target]:
            s.phase, s.actor, s.pick_from, s.pick_why = PICK, target, target, "succession"
            return
    elif cid == "m_truce":
        own(s, "truces").append((seat, target))
        ev.append(
            new_event("truce", {"seats": [seat, target]}, f"Truce between {who(seat)} and {who(target)}.")
        )
    end_round(s)


def _show_hand(s: CKState, target: int, seat: int, ev: list[Event]) -> None:
    hand = s.hands[target][:]
    ev.append(new_event("show_hand", {"seat": target, "to": seat, "cards": hand}, f"{subject(target)} shows his hand to {who(seat)}.",
                        private_to=(seat, target), private_text=f"{subject(target)}'s hand: "
                        + (", ".join(title(c) for c in hand) or "empty") + ".", reveals=True,
                        public={"seat": target, "to": seat}))  # fmt: skip


def pick_options(s: CKState) -> list[str]:
    """Cards that may be picked in the PICK phase."""
    hand = s.hands[s.pick_from]
    if s.pick_why == "assassins":
        ok = [c for c in hand if is_troop(c) or is_response(c)]
    elif s.pick_why == "scorched_earth":
        ok = [c for c in hand if is_troop(c)]
    else:
        ok = hand[:]
    return list(dict.fromkeys(ok))


def pick(s: CKState, cid: str, ev: list[Event]) -> None:
    """The chosen card leaves the hand face down (a forced discard, CK-R5): only the two players see it."""
    owner, chooser = s.pick_from, s.actor
    own_hand(s, owner).remove(cid)
    discard(s, cid, face_down=True)
    why = {"assassins": "Assassins", "scorched_earth": "Scorched Earth", "succession": "Succession"}[
        s.pick_why
    ]
    seen = tuple(
        sorted(set(private_to(s, owner)) | ({chooser, s.last} if s.pick_why == "assassins" else set()))
    )
    ev.append(new_event("forced_discard", {"seat": owner, "card": cid, "why": why},
                        f"{subject(owner)} discards a card face down ({why}).", private_to=seen,
                        private_text=f"{subject(owner)} discards {title(cid)} ({why}).", reveals=True,
                        public={"seat": owner, "why": why}))  # fmt: skip
    s.pick_from, s.pick_why = -9, ""
    end_round(s)


def choose_region(s: CKState, region: int, ev: list[Event]) -> None:
    """The region an attack event targets: the attack is announced (with the event)."""
    cid = s.event
    kind = "independent" if cid == "m_independent_attack" else EVENT_KINDS[cid]
    open_attack(s, s.last, region, kind, cid)


def spies_targets(s: CKState) -> list[int]:
    """c_spies: the spied player's regions bordering you, if you hold a troop."""
    if not has_troop(s, s.last):
        return []
    return attack_targets(s, s.last, "spies", s.target)


# ---------------------------------------------------------------------------------------------
# Incursion (CK-R16)


def incursion_targets(s: CKState, seat: int) -> list[int]:
    """Opponents sharing a border with ``seat`` (the Bot only, in 1-2P: CK-R37, CK-R39)."""
    return incursion_targets_among(s, seat, border_owners(s, seat))


def incursion_targets_among(s: CKState, seat: int, near: set[int]) -> list[int]:
    """:func:`incursion_targets` from the owners of the regions next to ``seat``'s (``border_owners``)."""
    if s.coop:
        return [BOT] if BOT in near else []
    return [p for p in range(s.players) if p != seat and p in near]


def incursion(s: CKState, seat: int, target: int, cid: str, ev: list[Event]) -> None:
    """Discard a troop face up, roll one die: your shield makes the target lose a random card."""
    own_hand(s, seat).remove(cid)
    discard(s, cid)
    ev.append(new_event("incursion", {"seat": seat, "target": target, "card": cid},
                        f"{subject(seat)} makes an Incursion against {who(target)}, paying {title(cid)}.", reveals=True))  # fmt: skip
    if target >= 0 and "m_watchtowers" in s.kept[target]:
        ev.append(new_event("no_effect", {"seat": target}, "Watchtowers: the Incursion has no effect."))
    else:
        face = roll(s, 1)
        hit = hits(face, religion(s, seat)) == 1
        ev.append(new_event("incursion_roll", {"face": face[0], "hit": hit},
                            f"The die shows {face[0]}: {'a hit' if hit else 'no effect'}.", reveals=True))  # fmt: skip
        if hit:
            random_discard(s, target, ev, "Incursion")
    end_round(s)


def stays(cid: str) -> bool:
    """True for "Stays in play" events."""
    return card(cid).stays


# ---------------------------------------------------------------------------------------------
# The decisions of the event phases, and what each one does

_DECLINE = Decline()


def target_seat_actions(s: CKState) -> list[Action]:
    """TARGET_SEAT: the player the event is aimed at."""
    return [ChooseSeat(p) for p in seat_options(s, s.actor, s.event)]


def target_region_actions(s: CKState) -> list[Action]:
    """TARGET_REGION: the region the event attacks."""
    choose = s.board.choose_regions
    return [choose[r] for r in region_options(s, s.actor, s.event)]


def spies_actions(s: CKState) -> list[Action]:
    """DECLINE_ATTACK: c_spies' attack on one of the spied player's regions, or none."""
    choose = s.board.choose_regions
    return [*(choose[r] for r in spies_targets(s)), _DECLINE]


def pick_actions(s: CKState) -> list[Action]:
    """PICK: a card of the hand being picked from (CK-R54, events)."""
    return [PickCard(c) for c in pick_options(s)]


def place_actions(s: CKState) -> list[Action]:
    """PLACE: a free region of the actor's for a garrison (CK-R29, events)."""
    place = s.board.place_garrisons
    return [place[r] for r in free_regions(s, s.actor)]


def _choose_seat(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, ChooseSeat):
        choose_seat(s, a.seat, ev)


def _choose_region(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, ChooseRegion):
        choose_region(s, s.board.index[a.region], ev)


def _decline(s: CKState, a: Action, ev: list[Event]) -> None:
    end_round(s)


def _pick(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PickCard):
        pick(s, a.card, ev)


def _place_garrison(s: CKState, a: Action, ev: list[Event]) -> None:
    if isinstance(a, PlaceGarrison):
        place_garrison(s, s.board.index[a.region], ev)


_MOVES: dict[type[Action], Callable[[CKState, Action, list[Event]], None]] = {
    ChooseSeat: _choose_seat, ChooseRegion: _choose_region, Decline: _decline, PickCard: _pick,
    PlaceGarrison: _place_garrison,
}  # fmt: skip


def apply(s: CKState, a: Action, ev: list[Event]) -> None:
    """One decision of an event phase (the rules checked it is among the legal ones)."""
    _MOVES[type(a)](s, a, ev)
