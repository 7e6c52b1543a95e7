"""The Crusader Kingdoms table as shown: castles, garrisons, bonuses, the attack under way.

Built from a seat's ``player_view`` and advanced by that seat's REDACTED events as their beats
start (``tables/shown.py``).  ``mirror()`` holds what the events determine exactly: who holds each
region, the garrisons, every Card Bonus, the turn and who has passed.  Hands, piles and the Bot's
areas are display fields: moved by the events where they say enough, rebuilt from the view when the
table settles.  Plain data, no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from crimson_table.engine.core import Event
from crimson_table.engine.crusader_kingdoms.ops import UNLIMITED_CASTLES
from crimson_table.engine.crusader_kingdoms.view import AttackView, CrusaderKingdomsView, SeatRow
from crimson_table.ui.tables.shown import EventTable, apply_events

BOT = -2
INDEP = -1


@dataclass
class AttackCard:
    """One card of the attack on the table: its owner, its side, its face (None = face down), its deck."""

    seat: int
    side: str
    card: str | None
    deck: str


@dataclass
class ShownAttack:
    """The attack under way as the table shows it."""

    attacker: int
    region: str
    kind: str
    event: str
    cards: list[AttackCard] = field(default_factory=list)
    garrisons: list[str] = field(default_factory=list)
    revealed: bool = False
    dice: tuple[list[int], list[int], int, int] | None = None  # attack, defence faces, their hits
    won: bool | None = None
    strength: int | None = None  # the Bot's attack: its army's strength, which is its dice (CK-R49)


@dataclass(frozen=True)
class SeatInfo:
    """One row of the view's seat table (CK-R9, supplement 4.3)."""

    colour: str
    kingdom: str
    religion: str
    supply: int = 0  # CK-R1: castles in the seat's supply (CK-R33: all on the map wins); 0 = unlimited

    @classmethod
    def from_view(cls, row: SeatRow) -> SeatInfo:
        """From ``view["seats"][i]`` (the 1-2 player game's unlimited supply reads 0)."""
        castles = int(row.get("castles", 0) or 0)
        supply = castles if 0 < castles < UNLIMITED_CASTLES else 0
        return cls(str(row["colour"]), str(row["kingdom"]), str(row["religion"]), supply)


@dataclass
class CrusaderShown:
    """What the Crusader Kingdoms table shows for ``viewer``."""

    viewer: int
    players: int
    mode: str
    turn: int
    owner: dict[str, int]
    garrisons: list[str]
    bonus: list[int]
    bot_bonus: int
    passed: list[bool]
    hand: list[str]
    hand_sizes: list[int]
    hand_decks: list[list[int]]
    hands: list[list[str] | None]
    draw_sizes: dict[str, int]
    discard_c: list[str | None]
    discard_m: list[str | None]
    kept: list[list[str]]
    bot_hand_size: int
    bot_army: list[str]
    bot_stack: list[str]
    attack: ShownAttack | None
    winners: list[int]
    reason: str
    last_bot_card: str = ""
    seats: tuple[SeatInfo, ...] = ()  # the view's seat table: colour, kingdom, religion (CK-R9)
    blind: bool = False  # a spectator: the viewer seat's hand is a count too, drawn face down
    bot_cards: list[str] | None = None  # all hands open: the Muslim Bot's hand

    def knows(self, seat: int) -> bool:
        """True for the viewer's own hand, held as cards (a spectator's viewer seat: a count)."""
        return seat == self.viewer and not self.blind

    @classmethod
    def from_view(cls, view: CrusaderKingdomsView, seat: int) -> CrusaderShown:
        """The table exactly as ``view`` describes it (a spectator's or all-hands view: ``seat`` is only
        the place at the bottom; its hand from ``hands``, None for a spectator)."""
        own = view["hand"] if view["seat"] is not None else view["hands"][seat]
        bot_cards = view["bot_cards"]
        return cls(
            viewer=seat,
            players=int(view["players"]),
            mode=str(view["mode"]),
            turn=int(view["turn"]),
            owner={str(k): int(v) for k, v in view["owner"].items()},
            garrisons=[str(g) for g in view["garrisons"]],
            bonus=[int(b) for b in view["bonus"]],
            bot_bonus=int(view["bot_bonus"]),
            passed=[bool(p) for p in view["passed"]],
            hand=[str(c) for c in own or []],
            blind=own is None,
            bot_cards=None if bot_cards is None else [str(c) for c in bot_cards],
            hand_sizes=[int(n) for n in view["hand_sizes"]],
            hand_decks=[[int(n) for n in d] for d in view["hand_decks"]],
            hands=[None if h is None else [str(c) for c in h] for h in view["hands"]],
            draw_sizes={str(k): int(v) for k, v in view["draw_sizes"].items()},
            discard_c=list(view["discard_c"]),
            discard_m=list(view["discard_m"]),
            kept=[[str(c) for c in k] for k in view["kept"]],
            bot_hand_size=int(view["bot_hand_size"]),
            bot_army=[str(c) for c in view["bot_army"]],
            bot_stack=[str(c) for c in view["bot_stack"]],
            attack=_attack_from(
                view.get("attack"),
                [str(c) for c in view["bot_army"]],
                int(view.get("bot_army_strength") or 0),
            ),
            winners=[int(w) for w in view["winners"]],
            reason=str(view["reason"]),
            seats=tuple(SeatInfo.from_view(row) for row in view.get("seats", ())),
        )

    def apply(self, events: Sequence[Event]) -> None:
        """Advance by these (redacted) events, in order."""
        apply_events(self, _APPLY, events)

    def mirror(self) -> dict[str, Any]:
        """The fields the events determine exactly."""
        return {
            "owner": dict(self.owner),
            "garrisons": sorted(self.garrisons),
            "bonus": list(self.bonus),
            "bot_bonus": self.bot_bonus,
            "turn": self.turn,
            "passed": list(self.passed),
        }

    @property
    def coop(self) -> bool:
        """True in the solitaire and 2-player games (against the Bot)."""
        return self.mode in ("solo", "coop")

    def castles(self, seat: int) -> int:
        """How many regions ``seat`` holds."""
        return sum(1 for o in self.owner.values() if o == seat)

    def take_from_hand(self, seat: int, card: str | None, deck: str = "") -> None:
        """A card leaves ``seat``'s hand (its face known to the viewer, or only its deck)."""
        if seat < 0 or seat >= self.players:
            return
        if self.knows(seat) and card in self.hand:
            self.hand.remove(card)
        hand = self.hands[seat]
        if hand is not None and card in hand:
            hand.remove(card)
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
        d = 0 if (deck or (card or "c")[:1].upper()) == "C" else 1
        self.hand_decks[seat][d] = max(0, self.hand_decks[seat][d] - 1)


def _attack_from(a: AttackView | None, army: list[str], army_strength: int) -> ShownAttack | None:
    if not a:
        return None
    bot = int(a["attacker"]) == BOT
    cards = [AttackCard(BOT, "ATT", c, "M") for c in army] if bot else []  # CK-R49
    cards += [
        AttackCard(int(a["attacker"]), "ATT", c, d)
        for c, d in zip(a["troops"], a["troop_decks"], strict=True)
    ]
    cards += [
        AttackCard(int(a["helper"]), "ATT", c, d)
        for c, d in zip(a["helper_troops"], a["helper_decks"], strict=True)
    ]
    cards += [AttackCard(int(p), str(side), c, str(d)) for p, c, side, d in a["responses"]]
    return ShownAttack(
        attacker=int(a["attacker"]),
        region=str(a["region"]),
        kind=str(a["kind"]),
        event=str(a["event"]),
        cards=cards,
        garrisons=[str(g) for g in a["garrisons"]],
        revealed=bool(a["revealed"]),
        strength=army_strength if bot else None,
    )


# -- the events ------------------------------------------------------------------------------------------


def _capture(m: CrusaderShown, e: Event) -> None:
    region = str(e.data["region"])
    m.owner[region] = int(e.data["seat"])
    if region in m.garrisons:
        m.garrisons.remove(region)


def _garrison(m: CrusaderShown, e: Event) -> None:
    region = str(e.data["region"])
    if region not in m.garrisons:
        m.garrisons.append(region)


def _truce(m: CrusaderShown, e: Event) -> None:
    region = e.data.get("region")
    if region and region in m.garrisons:
        m.garrisons.remove(str(region))


def _use_garrison(m: CrusaderShown, e: Event) -> None:
    if m.attack is not None:
        m.attack.garrisons.append(str(e.data["region"]))


def _bot_garrisons(m: CrusaderShown, e: Event) -> None:
    if m.attack is not None:
        m.attack.garrisons = [str(r) for r in e.data["regions"]]


def _combat(m: CrusaderShown, e: Event) -> None:
    """CK-R24: the garrisons used are gone whatever the result; the dice stay shown."""
    a = m.attack
    if a is None:
        return
    a.region = a.region or str(e.data["region"])
    for r in a.garrisons:
        if r in m.garrisons:
            m.garrisons.remove(r)
    d = e.data
    a.dice = ([int(v) for v in d["attack_dice"]], [int(v) for v in d["defence_dice"]],
              int(d["attack_hits"]), int(d["defence_hits"]))  # fmt: skip
    a.won = bool(d["won"])


def _bonus(m: CrusaderShown, e: Event) -> None:
    seat, value = int(e.data["seat"]), int(e.data["bonus"])
    if seat == BOT:
        m.bot_bonus = value
    else:
        m.bonus[seat] = value


def _turn(m: CrusaderShown, e: Event) -> None:
    """CK-R11: a new turn: bonuses back to 0, nobody has passed, the attack is long over."""
    m.turn = int(e.data["turn"])
    m.bonus = [0] * m.players
    m.bot_bonus = 0
    m.passed = [False] * m.players
    m.attack = None


def _pass(m: CrusaderShown, e: Event) -> None:
    if m.coop:
        m.passed[int(e.data["seat"])] = True  # CK-R36


def _announce(m: CrusaderShown, e: Event) -> None:
    d = e.data
    m.attack = ShownAttack(int(d["seat"]), str(d["region"]), str(d["kind"]), str(d.get("event") or ""))


def _bot_attack(m: CrusaderShown, e: Event) -> None:
    """The Bot's army attacks (CK-R49): its army cards are the attack."""
    if e.data.get("attacks"):  # the target is named by the next events (the view has it meanwhile)
        m.attack = ShownAttack(
            BOT, str(e.data.get("region") or ""), "bot", "", strength=int(e.data["strength"])
        )
        m.attack.cards = [AttackCard(BOT, "ATT", c, "M") for c in m.bot_army]


def _placed(m: CrusaderShown, e: Event) -> None:
    """A card placed face down in the attack (its face only for its owner)."""
    seat, side, card = int(e.data["seat"]), str(e.data.get("side", "ATT")), e.data.get("card")
    deck = str(card)[:1].upper() if card else _deck_of_hand(m, seat)
    m.take_from_hand(seat, None if card is None else str(card), deck)
    if m.attack is not None:
        m.attack.cards.append(AttackCard(seat, side, None if card is None else str(card), deck))


def _deck_of_hand(m: CrusaderShown, seat: int) -> str:
    """The deck of a face-down card: the seat's religion (a Seduction card may differ; resync fixes it)."""
    return "M" if seat == BOT or not 0 <= seat < len(m.seats) else m.seats[seat].religion


def _reveal(m: CrusaderShown, e: Event) -> None:
    a = m.attack
    if a is None:
        return
    troops = [str(c) for c in e.data["troops"]]
    responses = [(int(p), str(c), str(side)) for p, c, side in e.data["responses"]]
    if a.attacker == BOT:  # CK-R49: the Bot attacks with its army, face up all along, and no troops
        troops = [str(c) for c in e.data.get("army", m.bot_army)]
        a.strength = int(e.data.get("strength", a.strength or 0))
    cards = [AttackCard(a.attacker, "ATT", c, c[:1].upper()) for c in troops]
    cards += [AttackCard(p, side, c, c[:1].upper()) for p, c, side in responses]
    a.cards, a.revealed = cards, True


def _bot_response(m: CrusaderShown, e: Event) -> None:
    card = str(e.data["card"])
    if card in m.bot_stack:
        m.bot_stack.remove(card)
    if m.attack is not None:
        m.attack.cards.append(AttackCard(BOT, "DEF", card, "M"))


def _bot_card(m: CrusaderShown, e: Event) -> None:
    """CK-R46: the Bot's top card joins its army or its response stack (as the engine says)."""
    card = m.last_bot_card = str(e.data["card"])
    m.bot_hand_size = max(0, m.bot_hand_size - 1)
    _to_the_bot(m, card, e.data.get("to"))


def _seduction(m: CrusaderShown, e: Event) -> None:
    """CK-R54: the Bot takes a Christian's card: out of that hand, into its army or stack."""
    card = str(e.data["card"])
    m.take_from_hand(int(e.data["seat"]), card)
    _to_the_bot(m, card, e.data.get("to"))


def _to_the_bot(m: CrusaderShown, card: str, to: object) -> None:
    if to == "army":
        m.bot_army.append(card)
    elif to == "stack":
        m.bot_stack.append(card)


def _bot_draw(m: CrusaderShown, e: Event) -> None:
    m.bot_hand_size += int(e.data.get("count", 0))


def _army(m: CrusaderShown, e: Event) -> None:
    m.bot_army = [str(c) for c in e.data["army"]]


def _draw(m: CrusaderShown, e: Event) -> None:
    seat = int(e.data["seat"])
    cards = e.data.get("cards")
    count = len(cards) if cards is not None else int(e.data.get("count", 0))
    m.hand_sizes[seat] += count
    if cards is not None and m.knows(seat):
        m.hand.extend(str(c) for c in cards)


def _hand_card(m: CrusaderShown, e: Event) -> None:
    """A card of a hand discarded (by choice, at random, for an event or an incursion)."""
    card = e.data.get("card")
    m.take_from_hand(int(e.data["seat"]), None if card is None else str(card), str(e.data.get("deck", "")))


def _game_over(m: CrusaderShown, e: Event) -> None:
    m.winners = [int(w) for w in e.data.get("winners", [])]
    m.reason = str(e.data.get("reason", ""))
    m.attack = None


_APPLY: EventTable[CrusaderShown] = {
    "capture": _capture,
    "garrison": _garrison,
    "truce": _truce,
    "use_garrison": _use_garrison,
    "bot_garrisons": _bot_garrisons,
    "combat": _combat,
    "bonus": _bonus,
    "turn": _turn,
    "pass": _pass,
    "announce": _announce,
    "bot_activation": _bot_attack,
    "commit": _placed,
    "respond": _placed,
    "reveal": _reveal,
    "bot_response": _bot_response,
    "bot_card": _bot_card,
    "seduction": _seduction,
    "bot_draw": _bot_draw,
    "army": _army,
    "draw": _draw,
    "discard": _hand_card,
    "random_discard": _hand_card,
    "forced_discard": _hand_card,
    "incursion": _hand_card,
    "event": _hand_card,
    "game_over": _game_over,
}
