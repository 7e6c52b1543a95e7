"""The Crusader Kingdoms heuristic bot (supplement section 5, hints CK-H1..CK-H15).

It sees only its seat's view.  In short:

* every attack target is scored by the chance to win (exact dice odds, CK-R57) against an
  estimated defence (CK-H1: RDV, usable garrisons, likely responses; against the Bot its
  public stack top and neighbouring garrisons, CK-H12) times what the region is worth
  (CK-H2: taking a player's castle, hurting the leader; VP against the Bot), per card spent;
* troops are committed strongest first until the odds reach 0.65 (CK-H3), ATT responses
  only when they lift the odds by 0.1;
* it defends with DEF responses and garrisons when the attack is big or the region matters
  (CK-H4, CK-H8), takes the bonus as conquest reward (CK-H5; in turn 3 too, for the
  tie-break of CK-R34), never lends a troop to a rival's Concerted Attack, plays bonus
  and garrison events early, Raids the fullest hand (CK-H10), and in turn 3 turns spare
  troops into Incursions (CK-H6, CK-H14).
"""

from __future__ import annotations

from functools import cache

from crimson_table.ai.base import BotContext
from crimson_table.engine.core import Action
from crimson_table.engine.crusader_kingdoms.actions import (
    Attack,
    ChooseRegion,
    ChooseSeat,
    Commit,
    CommitDone,
    Decline,
    Discard,
    GarrisonsDone,
    Incursion,
    Pass,
    PickCard,
    PlaceGarrison,
    PlayEvent,
    Respond,
    RespondDone,
    TakeBonus,
    TrucePenalty,
    UseGarrison,
)
from crimson_table.engine.crusader_kingdoms.board import Board, board_for
from crimson_table.engine.crusader_kingdoms.cards import CHRISTIAN, is_response, is_troop, strength
from crimson_table.engine.crusader_kingdoms.ops import SEATS
from crimson_table.engine.crusader_kingdoms.view import (
    AttackView,
    CrusaderKingdomsView,
    crusader_kingdoms_view,
)
from crimson_table.engine.rng import Rng

BOT_SEAT, INDEP = -2, -1
ATT_PLUS = {"c_siege_engines": 2, "c_true_cross": 1, "c_knightly_charge": 1, "c_italian_fleet": 2, "m_leader": 2,
            "m_naphtha_throwers": 2, "m_feigned_retreat": 2}  # fmt: skip
DEF_PLUS = {"c_militia": 2, "c_true_cross": 1, "c_sally_out": 2, "c_italian_fleet": 2, "m_leader": 2, "m_ahdath": 2,
            "m_naphtha_throwers": 2, "m_feigned_retreat": 2}  # fmt: skip
STACK_DEF = {"c_militia": 2, "c_true_cross": 1, "c_sally_out": 2, "m_leader": 2, "m_ahdath": 2,
             "m_naphtha_throwers": 2, "m_feigned_retreat": 2}  # fmt: skip
GOOD_EVENTS = ("c_venetian_merchants", "m_commerce", "c_castle_builders", "m_add_troops", "c_byzantine_alliance",
               "m_mercenaries", "m_jews", "c_troubadours", "m_succession", "c_raid", "m_raid", "m_seduction",
               "m_scorched_earth", "c_assassins", "m_watchtowers", "m_truce")  # fmt: skip
ATTACK_EVENTS = ("c_siege_towers", "c_forced_march", "c_concerted_attack", "c_spies", "m_independent_attack")
# Attack events that carry an attack of ours (the vehicle), with the attack kind they make.
VEHICLES = {"c_siege_towers": "siege", "c_concerted_attack": "concert", "c_forced_march": "forced",
            "c_spies": "spies"}  # fmt: skip
_VEHICLE_CARDS = frozenset(VEHICLES)
TARGET = 0.45
DISCARD_DEAD_CARDS = True
RESPONSE_CAP = 2.0  # CK-H1: defence dice expected from a player's responses, at most
LEADER_VALUE = 1.5  # CK-H2: extra worth of a castle taken from the castle leader
PLAYER_VALUE = 0.6  # CK-H2: extra worth of a castle taken from a player (not an independent)
RIVAL_VALUE = 0.0  # extra worth of a castle taken from a player with at least as many castles
LATE_ALL_IN = True  # turn 3: the last attack takes every ATT-only card left
DEF_KEEP = 0  # DEF-only responses kept when passing in turns 1-2 (CK-H6: carried, each costs a draw)
HELP_RIVALS = False  # add a troop to a rival's Concerted Attack (competitive game)
LATE_PER_CARD = True  # turn 3: divide an attack's worth by the cards it spends
ALWAYS_DEFEND = True  # CK-H4: defend (responses, garrisons) every attack on our regions
# CK-H5: take +1 Card Bonus as conquest reward before this turn (4: always; it breaks CK-R34 ties)
BONUS_UNTIL_TURN = 4
THRESHOLD = 0.1  # CK-H2: the least P(win) worth an attack in turns 1-2 (competitive game)
THRESHOLD_LATE = 0.05  # ... and in turn 3, when unplayed troops are worthless
COOP_THRESHOLDS = (0.2, 0.12)  # the same against the Muslim Bot (turns 1-2, turn 3)
INDEP_EXTRA = 0.3  # CK-H1: defence dice the other seats' responses add to an independent region (4P)
INDEP_EXTRA_3P = 0.0
VEHICLE_PREFERENCE = 1.01  # an attack event carries an attack that scores the same as a plain one
BONUS_WORTH = 0.3  # CK-H5: extra worth of any capture in turns 1-2 while our Card Bonus is under 2
DENY_VALUE = 0.0  # extra worth of an independent region that borders the castle leader (a rival)
EXPOSURE_VALUE = 0.0  # worth per neighbouring region of a player who may attack us
# The knobs above that one competitive game kind ("4p", "3p_christian", "3p_saladin", see
# game_kind) sets otherwise: a joint search over these knobs per game kind (docs/bench-history.md),
# +1.6 (4p) and +1.9 (3p) points of games won against random bots over 6,000 fresh
# games a size.  Saladin's seat keeps the constants.
KNOBS = ("TARGET", "RESPONSE_CAP", "LEADER_VALUE", "PLAYER_VALUE", "RIVAL_VALUE", "DEF_KEEP", "BONUS_UNTIL_TURN",
         "THRESHOLD", "THRESHOLD_LATE", "INDEP_EXTRA", "INDEP_EXTRA_3P", "VEHICLE_PREFERENCE", "BONUS_WORTH",
         "DENY_VALUE", "EXPOSURE_VALUE")  # fmt: skip
KIND_KNOBS: dict[str, dict[str, float]] = {
    # CK-H2, CK-H3: a little cheaper per attack; a player's castle worth less unless he has at least our
    # castles; a region next to seats that may attack us worth less, an independent next to the leader more
    "4p": {"TARGET": 0.41, "RESPONSE_CAP": 1.73, "LEADER_VALUE": 1.47, "PLAYER_VALUE": 0.26, "RIVAL_VALUE": 0.39,
           "THRESHOLD": 0.07, "THRESHOLD_LATE": 0.05, "INDEP_EXTRA": 0.32, "VEHICLE_PREFERENCE": 1.08,
           "BONUS_WORTH": 0.37, "DENY_VALUE": 0.12, "EXPOSURE_VALUE": -0.16},
    # Saladin's castles first, long shots too (CK-H9: press Saladin)
    "3p_christian": {"TARGET": 0.4, "RESPONSE_CAP": 1.39, "LEADER_VALUE": 1.58, "PLAYER_VALUE": 1.27,
                     "RIVAL_VALUE": 0.76, "THRESHOLD": 0.03, "THRESHOLD_LATE": 0.03, "VEHICLE_PREFERENCE": 1.05,
                     "BONUS_WORTH": 0.0},
}  # fmt: skip


@cache
def win_probability(att: int, dfn: int) -> float:
    """P(attack hits > defence hits) with each die hitting on 1/3 (CK-R21, CK-R57)."""
    if att <= 0:
        return 0.0
    pa, pd = _binomial(att), _binomial(max(0, dfn))
    total, below = 0.0, 0.0
    for k, p in enumerate(pa):
        total += p * below  # the defence scored fewer than k hits
        below += pd[k] if k < len(pd) else 0.0
    return total


@cache
def _binomial(n: int) -> tuple[float, ...]:
    from math import comb  # noqa: PLC0415

    return tuple(comb(n, k) * (1 / 3) ** k * (2 / 3) ** (n - k) for k in range(n + 1))


def game_kind(view: CrusaderKingdomsView, seat: int) -> str:
    """The game kind of ``seat``'s view: 4p, 3p_christian, 3p_saladin, or coop (against the Muslim Bot)."""
    if view["mode"] in ("solo", "coop"):
        return "coop"
    if view["players"] == 4:
        return "4p"
    return "3p_christian" if view["seats"][seat]["religion"] == CHRISTIAN else "3p_saladin"


class _View:
    """Convenient reads of one seat's view."""

    def __init__(self, view: CrusaderKingdomsView) -> None:
        seat = view["seat"]
        if seat is None:
            raise ValueError("a bot reads its own seat's view, not a spectator's")
        self.v = view
        self.seat: int = seat
        self.players: int = view["players"]
        self.board: Board = board_for(self.players)
        self.owner: list[int] = [view["owner"][n] for n in self.board.names]
        self.garrison = {self.board.index[n] for n in view["garrisons"]}
        self.coop = view["mode"] in ("solo", "coop")
        self.hand: list[str] = view["hand"]
        self.turn: int = view["turn"]
        self.kind = game_kind(view, seat)
        over = KIND_KNOBS.get(self.kind, {})
        here = globals()
        self.k: dict[str, float] = {name: over.get(name, here[name]) for name in KNOBS}

    def attack(self) -> AttackView:
        """The attack under way (the phases that decide on one always have one)."""
        attack = self.v["attack"]
        if attack is None:
            raise ValueError("no attack under way")
        return attack

    def mine(self, seat: int | None = None) -> list[int]:
        who = self.seat if seat is None else seat
        return [r for r, o in enumerate(self.owner) if o == who]

    def castles(self, seat: int) -> int:
        return self.owner.count(seat)

    def leader(self) -> int:
        counts = [self.castles(p) for p in range(self.players)]
        return max(range(self.players), key=lambda p: (counts[p], self.v["bonus"][p]))

    def hand_size(self, seat: int) -> int:
        return int(self.v["bot_hand_size"]) if seat == BOT_SEAT else int(self.v["hand_sizes"][seat])

    def garrisons_near(self, region: int, owner: int) -> int:
        spots = [region, *self.board.neighbours[region]]
        return sum(1 for r in spots if self.owner[r] == owner and r in self.garrison)

    def estimate_defence(self, region: int, att: int, kind: str = "normal") -> float:
        """CK-H1 / CK-H12: the defence dice to expect (Siege Towers: the RDV counts 2 lower)."""
        owner = self.owner[region]
        base = max(0, self.board.defense[region] - 2) if kind == "siege" else self.board.defense[region]
        if owner == INDEP:
            return base + self.k["INDEP_EXTRA" if self.players == 4 else "INDEP_EXTRA_3P"]
        if owner == BOT_SEAT:
            d = base + (1 if region in self.garrison else 0)
            stack = self.v["bot_stack"]
            if att >= 3 and stack:
                d += STACK_DEF.get(stack[-1], 0)
            extra = sum(
                1 for n in self.board.neighbours[region] if self.owner[n] == BOT_SEAT and n in self.garrison
            )
            return d + min(extra, max(0, att - d))
        cards = self.hand_size(owner)
        return base + self.garrisons_near(region, owner) + min(self.k["RESPONSE_CAP"], cards / 3.0)

    def value(self, region: int) -> float:
        """CK-H2: what taking ``region`` is worth (VP against the Bot, CK-H15)."""
        owner = self.owner[region]
        if self.coop:
            return 1.0 + self.board.vp[region] / 2.0
        v, k = 1.0, self.k
        if owner >= 0:
            v += k["PLAYER_VALUE"] + (
                k["LEADER_VALUE"] if owner == self.leader() and owner != self.seat else 0.0
            )
            if self.castles(owner) >= self.castles(self.seat):  # a swing against a rival ahead of us
                v += k["RIVAL_VALUE"]
        elif owner == INDEP and k["DENY_VALUE"]:
            leader = self.leader()
            if leader != self.seat and any(self.owner[n] == leader for n in self.board.neighbours[region]):
                v += k["DENY_VALUE"]
        if k["EXPOSURE_VALUE"]:
            v += k["EXPOSURE_VALUE"] * sum(
                1
                for n in self.board.neighbours[region]
                if self.owner[n] >= 0 and self.threatens(self.owner[n])
            )
        if self.v["bonus"][self.seat] < 2 and self.turn < 3:
            v += k["BONUS_WORTH"]
        return v

    def threatens(self, seat: int) -> bool:
        """May ``seat`` (a player) attack our regions (not ourselves, not a fellow Christian in 3P)?"""
        return seat != self.seat and can_attack(self, seat)


def card_dice(view: _View, region: int, cid: str, troops_so_far: list[str]) -> int:
    """Dice a card adds to our attack on ``region`` (0 if it cannot or should not be committed)."""
    if is_troop(cid):
        return strength(cid)
    if cid not in ATT_PLUS:
        return 0
    owner = view.owner[region]
    if cid == "c_siege_engines" and owner == INDEP:
        return 0
    if cid == "c_italian_fleet" and not view.board.coastal[region]:
        return 0
    if cid == "c_knightly_charge":
        return 2 if any(strength(t) >= 3 for t in troops_so_far) else 1
    return ATT_PLUS[cid]


def plan_attack(
    view: _View, region: int, committed: int = 0, kind: str = "normal"
) -> tuple[float, list[str], float]:
    """CK-H3: (P(win), cards to add best first, score per card); troops first, then responses.

    ``kind`` is the attack's vehicle (an attack event is not counted among the cards spent:
    it is worth nothing but as the vehicle of an attack)."""
    hand = [c for c in view.hand if c not in _VEHICLE_CARDS]
    pool = sorted(hand, key=lambda c: (-card_dice(view, region, c, hand), c))
    pool = [c for c in pool if card_dice(view, region, c, hand) > 0]
    plan: list[str] = []
    att = committed

    def defence(att: int) -> int:
        return round(view.estimate_defence(region, att, kind))

    p = win_probability(att, defence(att)) if att else 0.0
    target = view.k["TARGET"]
    for cid in pool:
        if p >= target and any(is_troop(c) for c in plan) or (p >= target and committed):
            break
        plan.append(cid)
        att += card_dice(view, region, cid, plan)
        p = win_probability(att, defence(att))
    if not committed and not any(is_troop(c) for c in plan):
        return 0.0, [], 0.0
    if LATE_ALL_IN and view.turn == 3 and not view.coop:
        att = _all_in(view, region, hand, pool, plan, att)
        p = win_probability(att, defence(att))
    cards = max(1, len(plan)) if LATE_PER_CARD or view.turn < 3 else 1
    return p, plan, p * view.value(region) / cards


def _all_in(view: _View, region: int, hand: list[str], pool: list[str], plan: list[str], att: int) -> int:
    """Turn 3: the last troops carry every ATT-only card left (nothing else could use it)."""
    rest = hand[:]
    for cid in plan:
        rest.remove(cid)
    if any(is_troop(c) for c in rest):
        return att
    for cid in pool:
        if cid in rest and cid not in DEF_PLUS:
            rest.remove(cid)
            plan.append(cid)
            att += card_dice(view, region, cid, plan)
    return att


def attack_threshold(view: _View) -> float:
    """CK-H2: the least P(win) worth an attack now (every leftover card is worthless after turn 3)."""
    early, late = COOP_THRESHOLDS if view.coop else (view.k["THRESHOLD"], view.k["THRESHOLD_LATE"])
    return early if view.turn < 3 else late


def has_troops(view: _View) -> bool:
    """A Troop card in hand (every attack needs one, CK-R15)."""
    return any(is_troop(c) for c in view.hand)


def can_attack(view: _View, owner: int) -> bool:
    """CK-R15 (c), CK-R32, CK-R37 on the view: may this seat attack a region of ``owner``?"""
    if owner == view.seat:
        return False
    if owner < 0:
        return True
    if view.coop:
        return False
    faiths = [seat["religion"] for seat in view.v["seats"]]
    return not (view.players == 3 and faiths[owner] == faiths[view.seat] == CHRISTIAN)


def vehicle_targets(view: _View, cid: str) -> list[int]:
    """The regions an attack event of ours could attack (none with no region of ours)."""
    mine = view.mine()
    kind = VEHICLES[cid]
    reach: set[int] = set()
    for m in mine:
        reach |= view.board.within_two(m) if kind == "forced" else set(view.board.neighbours[m])
    out = [r for r in sorted(reach) if can_attack(view, view.owner[r])]
    if kind == "siege":
        out = [r for r in out if view.owner[r] != INDEP]
    if kind == "spies":
        out = [r for r in out if view.owner[r] >= 0]
    return out


class HeuristicBot:
    """Rules of thumb from the supplement's AI hints; a function of the view and the seed."""

    name = "heuristic"

    def choose(self, ctx: BotContext) -> Action:
        """One of ``ctx.legal``."""
        view = _View(crusader_kingdoms_view(ctx.view))
        handler = getattr(self, f"_{view.v['phase']}", None)
        choice = handler(view, ctx.legal) if handler is not None else None
        if choice is None or choice not in ctx.legal:
            choice = self._fallback(ctx)
        return choice

    def _fallback(self, ctx: BotContext) -> Action:
        for kind in (CommitDone, RespondDone, GarrisonsDone, Decline, TakeBonus, Pass):
            for a in ctx.legal:
                if isinstance(a, kind):
                    return a
        return ctx.legal[Rng.from_seed(ctx.seed).below(len(ctx.legal))]

    # -- round action ----------------------------------------------------------------------

    def _act(self, view: _View, legal: list[Action]) -> Action | None:
        threshold = attack_threshold(view)
        best, best_score = None, 0.0
        for a, p, score in self._attack_options(view, legal):
            if p >= threshold and score > best_score:
                best, best_score = a, score
        events = [a for a in legal if isinstance(a, PlayEvent)]
        for a in events:
            if a.card in ("c_venetian_merchants", "m_commerce", "c_castle_builders", "m_add_troops",
                          "c_byzantine_alliance", "m_mercenaries", "m_watchtowers"):  # fmt: skip
                return a
        if best is not None:
            return best
        for a in events:
            if a.card in GOOD_EVENTS:
                return a
            if a.card == "m_independent_attack":
                return a
        return self._spare(view, legal)

    def _attack_options(self, view: _View, legal: list[Action]) -> list[tuple[Action, float, float]]:
        """Every attack we could start now, plain or carried by an attack event, with its
        P(win) and score; a vehicle is preferred at an equal score (its card is spent for free)."""
        out: list[tuple[Action, float, float]] = []
        for a in legal:
            if isinstance(a, Attack):
                p, _plan, score = plan_attack(view, view.board.index[a.region])
                out.append((a, p, score))
            elif isinstance(a, PlayEvent) and a.card in VEHICLES and has_troops(view):
                kind = VEHICLES[a.card]
                for r in vehicle_targets(view, a.card):
                    p, _plan, score = plan_attack(view, r, kind=kind)
                    out.append((a, p, score * view.k["VEHICLE_PREFERENCE"]))
        return out

    def _spare(self, view: _View, legal: list[Action]) -> Action | None:
        """CK-H6 / CK-H14: turn spare troops into Incursions, drop dead cards, else pass."""
        incursions = [a for a in legal if isinstance(a, Incursion)]
        if incursions:
            weak = min(incursions, key=lambda a: (strength(a.card), -view.hand_size(a.target)))
            target_cards = view.hand_size(weak.target)
            if target_cards and view.turn == 3:
                return weak
        if view.turn < 3 and not view.coop and DISCARD_DEAD_CARDS:
            dead = self._dead_card(view, legal)
            if dead is not None:
                return Discard(dead)
        return Pass()

    def _dead_card(self, view: _View, legal: list[Action]) -> str | None:
        """CK-H6: a card not worth carrying (each carried card costs a fresh draw)."""
        playable = {a.card for a in legal if isinstance(a, PlayEvent)}
        defence = [c for c in view.hand if is_response(c) and c in DEF_PLUS and c not in ATT_PLUS]
        for cid in view.hand:
            if cid in defence[int(view.k["DEF_KEEP"]) :]:
                return cid
            if cid in VEHICLES and not has_troops(view):
                return cid  # a vehicle without a troop to carry
            if not is_troop(cid) and not is_response(cid) and cid not in playable and cid not in VEHICLES:
                return cid
        return None

    # -- attack decisions ------------------------------------------------------------------

    def _commit(self, view: _View, legal: list[Action]) -> Action | None:
        attack = view.attack()
        region = view.board.index[attack["region"]]
        troops = [c for c in attack["troops"] if c]
        committed = sum(strength(c) for c in troops)
        committed += sum(ATT_PLUS.get(c or "", 0) for _p, c, side, _d in attack["responses"] if side == "ATT")
        if attack["kind"] == "independent":
            committed += 4
        _p, plan, _score = plan_attack(view, region, committed, kind=attack["kind"])
        if not troops and attack["kind"] != "independent":
            plan = [c for c in plan if is_troop(c)] or plan
        legal_cards = {a.card for a in legal if isinstance(a, Commit)}
        for cid in plan:
            if cid in legal_cards:
                return Commit(cid)
        if "m_regrouping" in legal_cards and any(strength(t) >= 3 for t in troops):
            return Commit("m_regrouping")
        return CommitDone()

    def _help(self, view: _View, legal: list[Action]) -> Action | None:
        troops = [a for a in legal if isinstance(a, Commit)]
        if not HELP_RIVALS and not view.coop:
            return CommitDone()  # a troop of ours would win a rival the castle, for one Card Bonus
        if troops and not view.attack()["helper_troops"]:
            return min(troops, key=lambda a: strength(a.card))
        return CommitDone()

    def _respond(self, view: _View, legal: list[Action]) -> Action | None:
        attack = view.attack()
        region = view.board.index[attack["region"]]
        owner = view.owner[region]
        attacker = attack["attacker"]
        placed = [p for p, _c, _s, _d in attack["responses"] if p == view.seat]
        if placed:
            return RespondDone()
        defends = owner == view.seat or (view.coop and owner >= 0)
        threat = attacker >= 0 and not view.coop and attacker != view.seat and (
            view.castles(attacker) >= SEATS[view.v["mode"]][attacker][3] - 2)  # fmt: skip
        if defends or threat:
            size = len(attack["troops"]) + len(attack["helper_troops"])
            if (
                ALWAYS_DEFEND
                or attacker == BOT_SEAT
                or size >= 2
                or len(view.mine()) <= 2
                or threat
                or view.turn == 3
            ):
                best = [a for a in legal if isinstance(a, Respond) and a.side == "DEF"]
                if best:
                    return max(best, key=lambda a: DEF_PLUS.get(a.card, 0))
        if attacker == view.seat or (view.coop and attacker >= 0):
            helps = [a for a in legal if isinstance(a, Respond) and a.side == "ATT" and a.card in ATT_PLUS]
            if helps and view.turn == 3:
                return helps[0]
        return RespondDone()

    def _garrison(self, view: _View, legal: list[Action]) -> Action | None:
        attack = view.attack()
        region = attack["region"]
        uses = [a for a in legal if isinstance(a, UseGarrison)]
        for a in uses:
            if a.region == region:
                return a
        size = len(attack["troops"])
        important = ALWAYS_DEFEND or attack["attacker"] == BOT_SEAT or size >= 2 or len(view.mine()) <= 2
        important = important or view.turn == 3
        if uses and important:
            return uses[0]
        return GarrisonsDone()

    def _reward(self, view: _View, legal: list[Action]) -> Action | None:
        if TakeBonus() in legal and (view.turn < view.k["BONUS_UNTIL_TURN"] or self._tie_likely(view)):
            return TakeBonus()
        return self._place(view, legal)

    def _tie_likely(self, view: _View) -> bool:
        mine = view.castles(view.seat)
        return any(view.castles(p) == mine for p in range(view.players) if p != view.seat)

    def _place(self, view: _View, legal: list[Action]) -> Action | None:
        spots = [a for a in legal if isinstance(a, PlaceGarrison)]
        if not spots:
            return None

        def exposure(a: PlaceGarrison) -> tuple[int, int]:
            r = view.board.index[a.region]
            enemies = sum(1 for n in view.board.neighbours[r] if view.owner[n] not in (view.seat, INDEP))
            number = -view.board.numbers[r] if view.coop else 0
            return enemies, number

        return max(spots, key=exposure)

    # -- event choices ---------------------------------------------------------------------

    def _target_seat(self, view: _View, legal: list[Action]) -> Action | None:
        seats = [a for a in legal if isinstance(a, ChooseSeat)]
        if not seats:
            return None
        if view.v["event"] == "c_spies":  # the player whose region is our best attack target

            def target_worth(a: ChooseSeat) -> float:
                regions = [r for r in vehicle_targets(view, "c_spies") if view.owner[r] == a.seat]
                return max((plan_attack(view, r, kind="spies")[2] for r in regions), default=-1.0)

            return max(seats, key=target_worth)
        leader = view.leader()
        return max(seats, key=lambda a: (view.hand_size(a.seat) + (3 if a.seat == leader else 0), -a.seat))

    def _target_region(self, view: _View, legal: list[Action]) -> Action | None:
        regions = [a for a in legal if isinstance(a, ChooseRegion)]
        if not regions:
            return None
        if view.v["event"] == "m_independent_attack":
            leader = view.leader()

            def weak(a: ChooseRegion) -> tuple[int, float]:
                r = view.board.index[a.region]
                return (int(view.owner[r] == leader), -view.estimate_defence(r, 4))

            return max(regions, key=weak)
        kind = VEHICLES.get(view.v["event"], "normal")
        return max(regions, key=lambda a: plan_attack(view, view.board.index[a.region], kind=kind)[2])

    def _spies(self, view: _View, legal: list[Action]) -> Action | None:
        regions = [a for a in legal if isinstance(a, ChooseRegion)]
        threshold = attack_threshold(view)
        scored = [(plan_attack(view, view.board.index[a.region], kind="spies"), a) for a in regions]
        good = [(plan[2], a) for plan, a in scored if plan[0] >= threshold]
        return max(good, key=lambda x: x[0])[1] if good else Decline()

    def _pick(self, view: _View, legal: list[Action]) -> Action | None:
        picks = [a for a in legal if isinstance(a, PickCard)]
        if not picks:
            return None
        if view.v["pick_from"] != view.seat:  # Assassins: take his best card
            return max(picks, key=lambda a: strength(a.card) + (2.5 if is_response(a.card) else 0))
        return min(picks, key=lambda a: strength(a.card) + (2.5 if is_response(a.card) else 1.5))

    def _truce(self, view: _View, legal: list[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, TrucePenalty)]
        garrisons = [a for a in options if a.option != "bonus"]
        return garrisons[0] if garrisons else (options[0] if options else None)
