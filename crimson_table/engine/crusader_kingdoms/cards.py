"""Both decks as data (supplement sections 3.2 and 3.3) and the small helpers over them.

Card ids carry their deck: ``c_`` Christian (red back), ``m_`` Muslim (green back).  A
Response card's placement is a set of sides (``ATT``/``DEF``) plus conditions: ``own``
(your own attack / a region you control), ``castle`` (the target holds a castle) and
``coastal`` (CK-R60).
"""

from __future__ import annotations

from dataclasses import dataclass

TROOP, RESPONSE, EVENT = "troop", "response", "event"
ATT, DEF = "ATT", "DEF"
CHRISTIAN, MUSLIM = "C", "M"


@dataclass(frozen=True)
class Card:
    """One card type: id, title, type, strength, copies, copies removed in 1-2P, placement."""

    id: str
    title: str
    type: str
    strength: int = 0
    count: int = 1
    removed_12p: int = 0
    sides: tuple[str, ...] = ()
    own: bool = False
    castle: bool = False
    coastal: bool = False
    stays: bool = False
    text: str = ""

    @property
    def deck(self) -> str:
        """``C`` or ``M``, from the id prefix."""
        return CHRISTIAN if self.id.startswith("c_") else MUSLIM


def _t(cid: str, title: str, strength: int, count: int, removed: int = 0) -> Card:
    return Card(cid, title, TROOP, strength, count, removed, text="Standard troop.")


_EITHER = (ATT, DEF)

CARDS: tuple[Card, ...] = (
    # 3.2 Christian deck, 46 cards.
    _t("c_pilgrims", "Pilgrims", 1, 4),
    _t("c_foot_sergeants", "Foot Sergeants", 1, 3),
    _t("c_crossbowmen", "Crossbowmen", 2, 4),
    _t("c_turcopoles", "Turcopoles", 2, 4),
    _t("c_italian_marines", "Italian Marines", 2, 2),
    _t("c_frankish_knights", "Frankish Knights", 3, 4),
    _t("c_knights_templar", "Knights Templar", 4, 2),
    _t("c_knights_hospitaller", "Knights Hospitaller", 4, 1),
    Card("c_militia", "Militia", RESPONSE, count=3, sides=(DEF,), castle=True,
         text="The defence rolls 2 extra dice."),
    Card("c_siege_engines", "Siege Engines", RESPONSE, count=2, sides=(ATT,), castle=True,
         text="The attack rolls 2 extra dice."),
    Card("c_true_cross", "Relic of the True Cross", RESPONSE, sides=_EITHER,
         text="That side rolls 1 extra die; if that side wins, the relic returns to its owner's hand."),
    Card("c_knightly_charge", "Knightly Charge", RESPONSE, sides=(ATT,),
         text="The attack rolls 1 extra die, or 2 if it includes a troop of strength 3 or more."),
    Card("c_sally_out", "Sally from the Walls", RESPONSE, sides=(DEF,), castle=True,
         text="The defence rolls 1 extra die and the attack 1 die fewer."),
    Card("c_italian_fleet", "Italian Fleet", RESPONSE, sides=_EITHER, coastal=True,
         text="On a coastal region: that side rolls 2 extra dice."),
    Card("c_raid", "Raid", EVENT, count=2, text="Another player discards one random card."),
    Card("c_venetian_merchants", "Venetian Merchants", EVENT, count=2, text="Your Card Bonus +1."),
    Card("c_castle_builders", "Castle Builders", EVENT, count=2,
         text="Place a garrison in a region of yours that has none."),
    Card("c_siege_towers", "Siege Towers", EVENT,
         text="Attack a border region holding a castle; its defence value counts 2 lower."),
    Card("c_forced_march", "Forced March", EVENT, text="Attack a region up to 2 steps from your land."),
    Card("c_byzantine_alliance", "Byzantine Alliance", EVENT, text="Draw 2 Christian cards."),
    Card("c_concerted_attack", "Concerted Attack", EVENT, removed_12p=1,
         text="Attack; your fellow believer may add troops and gains +1 Card Bonus if it succeeds."),
    Card("c_assassins", "Assassins", EVENT, removed_12p=1,
         text="See another player's hand and discard a Troop or Response of your choice from it."),
    Card("c_troubadours", "Troubadours", EVENT, removed_12p=1,
         text="Your Card Bonus +1, another player's -1."),
    Card("c_spies", "Spies", EVENT, removed_12p=1,
         text="See another player's hand; you may then attack one of his regions bordering you."),
    # 3.3 Muslim deck, 46 cards.
    _t("m_bedouin_raiders", "Bedouin Raiders", 1, 4),
    _t("m_town_levies", "Town Levies", 1, 2),
    _t("m_turkmen_horse_archers", "Turkmen Horse Archers", 2, 5),
    _t("m_kurdish_cavalry", "Kurdish Cavalry", 2, 3),
    _t("m_ghulams", "Ghulams", 3, 3),
    _t("m_mamluks", "Mamluks", 3, 3),
    _t("m_halqa_guard", "Halqa Guard", 4, 3, removed=1),
    Card("m_leader", "Leader", RESPONSE, count=2, sides=_EITHER, own=True,
         text="On your own attack or your own region: that side rolls 2 extra dice."),
    Card("m_regrouping", "Regrouping", RESPONSE, count=2, sides=(ATT,), own=True,
         text="On your own attack: your strongest troop returns to your hand afterwards."),
    Card("m_ahdath", "Ahdath (Urban Militia)", RESPONSE, count=2, sides=(DEF,), castle=True,
         text="The defence rolls 2 extra dice."),
    Card("m_feigned_retreat", "Feigned Retreat", RESPONSE, count=2, sides=_EITHER,
         text="The opposing side rolls 2 dice fewer."),
    Card("m_naphtha_throwers", "Naphtha Throwers", RESPONSE, sides=_EITHER,
         text="That side rolls 2 extra dice."),
    Card("m_raid", "Raid", EVENT, count=2, text="Another player discards one random card."),
    Card("m_add_troops", "Add Troops", EVENT, count=2,
         text="Place a garrison in a region of yours that has none."),
    Card("m_commerce", "Commerce", EVENT, count=2, text="Your Card Bonus +1."),
    Card("m_seduction", "Seduction", EVENT,
         text="Take a random card from a bordering Christian player's hand."),
    Card("m_scorched_earth", "Scorched Earth", EVENT,
         text="A bordering player discards a Troop of his choice, or shows you his hand."),
    Card("m_mercenaries", "Mercenaries", EVENT, removed_12p=1,
         text="Reveal 3 Muslim cards: keep the troops, discard the rest."),
    Card("m_independent_attack", "Independent Attack", EVENT, removed_12p=1,
         text="The independents attack a player's region next to them with 4 dice."),
    Card("m_jews", "Jewish Communities", EVENT, removed_12p=1,
         text="See another player's hand; your Card Bonus +1."),
    Card("m_succession", "Succession", EVENT, removed_12p=1,
         text="Another player: Card Bonus -1 and discards a card of his choice."),
    Card("m_watchtowers", "Watchtowers", EVENT, removed_12p=1, stays=True,
         text="This turn: +1 defence die on your regions; Incursions against you fail."),
    Card("m_truce", "Truce", EVENT, removed_12p=1, stays=True,
         text="This turn, an attack between you and another player costs the attacker a bonus or a garrison."),
)  # fmt: skip

BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
TROOP_IDS = frozenset(c.id for c in CARDS if c.type == TROOP)  # hot loops test membership
EVENT_IDS = frozenset(c.id for c in CARDS if c.type == EVENT)
RESPONSE_IDS = frozenset(c.id for c in CARDS if c.type == RESPONSE)
ORDER: dict[str, int] = {c.id: i for i, c in enumerate(CARDS)}
TITLES: dict[str, str] = {c.id: c.title for c in CARDS}
STRENGTHS: dict[str, int] = {c.id: c.strength for c in CARDS}  # 0 for every card but a troop


def card(cid: str) -> Card:
    """The card type of an id (KeyError if unknown)."""
    return BY_ID[cid]


def is_card(value: object) -> bool:
    """True for a known card id."""
    return isinstance(value, str) and value in BY_ID


def deck_of(cid: str) -> str:
    """``C`` or ``M``."""
    return CHRISTIAN if cid.startswith("c_") else MUSLIM


def title(cid: str) -> str:
    """The card's name for players (the id itself for an unknown one)."""
    return TITLES.get(cid, cid)


def strength(cid: str) -> int:
    """A troop's strength (0 for other cards)."""
    return STRENGTHS[cid]


def is_troop(cid: str) -> bool:
    """True for Troop cards."""
    return BY_ID[cid].type == TROOP


def is_response(cid: str) -> bool:
    """True for Response cards."""
    return BY_ID[cid].type == RESPONSE


def is_event(cid: str) -> bool:
    """True for Event cards."""
    return BY_ID[cid].type == EVENT


def _deck(deck: str, small_game: bool) -> tuple[str, ...]:
    out: list[str] = []
    for c in CARDS:
        if c.deck == deck:
            out.extend([c.id] * (c.count - (c.removed_12p if small_game else 0)))
    return tuple(out)


# Both decks of both game sizes, as constant tuples (CK-R8 removes cards for 1-2 players).
_DECKS = {(deck, small): _deck(deck, small) for deck in (CHRISTIAN, MUSLIM) for small in (False, True)}


def deck_list(deck: str, small_game: bool) -> list[str]:
    """Every card of one deck in canonical order (CK-R8 removes cards for 1-2 players)."""
    return list(_DECKS[deck, small_game])


def sort_cards(cards: list[str]) -> None:
    """Sort a hand in place into the canonical card order."""
    cards.sort(key=ORDER.__getitem__)
