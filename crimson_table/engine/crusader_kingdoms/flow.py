"""The turn structure: setup, draws, whose round it is, end of turn and scoring.

``advance`` runs everything that needs no decision (draws, the Bot's rounds, the end of a
turn) until some seat must decide, or the game is over.  Every handler finishes a round
with ``round_done``, which settles owed garrisons (CK-R29) and then advances.
"""

from __future__ import annotations

from crimson_table.engine.core import Event
from crimson_table.engine.crusader_kingdoms import automaton
from crimson_table.engine.crusader_kingdoms.board import board_for
from crimson_table.engine.crusader_kingdoms.cards import (
    CHRISTIAN,
    MUSLIM,
    card,
    deck_list,
    deck_of,
    sort_cards,
)
from crimson_table.engine.crusader_kingdoms.common import (
    BOT_BASE,
    SEATS,
    base_draw,
    bonus_text,
    castles_supply,
    draw_cards,
    free_regions,
    new_event,
    piles,
    regions_of,
    religion,
    shuffle,
    subject,
    who,
)
from crimson_table.engine.crusader_kingdoms.state import (
    ACT,
    ALL,
    BOT,
    IDLE,
    INDEP,
    NONE,
    OVER,
    PLACE,
    CKState,
    mode_for,
    own,
    own_hand,
)
from crimson_table.engine.rng import seed_state


def setup(players: int, seed: int, difficulty: str) -> tuple[CKState, list[Event]]:
    """CK-R7 / CK-R8: the board, the castles, both shuffled decks; then turn 1 starts."""
    mode = mode_for(players)
    board = board_for(players)
    small = mode in ("solo", "coop")
    owner = [BOT if small else INDEP] * len(board.names)
    for seat, row in enumerate(SEATS[mode]):
        for key in row[5]:
            owner[board.index[key]] = seat
    s = CKState(
        rng=seed_state(seed), players=players, mode=mode, difficulty=difficulty, turn=1, phase=IDLE, actor=0,
        owner=owner, garrison=[False] * len(owner), bonus=[0] * players, bot_bonus=0,
        hands=[[] for _ in range(players)], draw_c=deck_list(CHRISTIAN, small), draw_m=deck_list(MUSLIM, small),
        discard_c=[], discard_m=[], down_c=[], down_m=[], kept=[[] for _ in range(players)], truces=[],
        passes=0, passed=[False] * players, last=0, bot_hand=[], bot_army=[], bot_stack=[], bot_vs=NONE,
        bot_step=0, attack=None, event="", target=NONE, pick_from=NONE, pick_why="", overflow=[], dice=[],
        winners=(), reason="",
    )  # fmt: skip
    shuffle(s, s.draw_c)
    shuffle(s, s.draw_m)
    ev = [
        new_event(
            "setup", {"mode": mode}, f"Crusader Kingdoms ({mode}): the decks are shuffled.", reveals=True
        )
    ]
    start_turn(s, ev)
    advance(s, ev)
    return s, ev


def start_turn(s: CKState, ev: list[Event]) -> None:
    """CK-R11: draws in seat order (CK-R30), the Bot's draw (CK-R44), bonuses reset to 0."""
    ev.append(new_event("turn", {"turn": s.turn}, f"Turn {s.turn} begins."))
    for seat in range(s.players):
        count = max(0, base_draw(s, seat) + s.bonus[seat] - len(s.hands[seat]))
        drawn = draw_cards(s, religion(s, seat), count)
        hand = own_hand(s, seat)
        hand.extend(drawn)
        sort_cards(hand)
        ev.append(new_event("draw", {"seat": seat, "cards": drawn}, f"{subject(seat)} draws {len(drawn)} cards.",
                            private_to=_viewers(s, seat), private_text=f"{subject(seat)} draws {len(drawn)} cards.",
                            reveals=True, public={"seat": seat, "count": len(drawn)}))  # fmt: skip
    if s.coop:
        count = max(0, BOT_BASE[s.mode][s.difficulty] + s.bot_bonus)
        drawn = draw_cards(s, MUSLIM, count)
        own(s, "bot_hand").extend(drawn)
        ev.append(
            new_event("bot_draw", {"count": len(drawn)}, f"The Bot draws {len(drawn)} cards.", reveals=True)
        )
    s.bonus = [0] * s.players
    s.bot_bonus = 0
    s.passes, s.passed, s.truces = 0, [False] * s.players, []
    s.last, s.bot_vs, s.bot_step = 0, NONE, 0
    s.phase, s.actor = ACT, 0


def _viewers(s: CKState, seat: int) -> tuple[int, ...]:
    return (0, 1) if s.mode == "coop" else (seat,)


def round_done(s: CKState, ev: list[Event]) -> None:
    """A round (or a Bot decision point) is finished: settle owed garrisons, then advance."""
    if s.phase == OVER:
        return
    while s.overflow:
        seat = s.overflow[0]
        spots = free_regions(s, seat)
        if len(spots) > 1:
            s.phase, s.actor = PLACE, seat
            return
        own(s, "overflow").pop(0)
        if spots:
            own(s, "garrison")[spots[0]] = True
            ev.append(new_event("garrison", {"seat": seat, "region": s.board.names[spots[0]]},
                                f"{subject(seat)} places a garrison in {s.board.label(spots[0])} (Card Bonus overflow)."))  # fmt: skip
        else:
            ev.append(
                new_event(
                    "overflow_lost", {"seat": seat}, f"{subject(seat)}'s bonus increase is lost (CK-R29)."
                )
            )
    if s.event:
        finish_event(s)
    s.target = NONE
    s.phase = IDLE
    if s.coop and s.bot_vs == NONE:
        s.bot_vs, s.bot_step = s.last, 0
    advance(s, ev)


def finish_event(s: CKState) -> None:
    """CK-R17: the resolved event goes to the discard pile, or stays in play in front of its player."""
    cid, s.event = s.event, ""
    s.target = NONE
    if card(cid).stays:
        own(s, "kept")[s.last].append(cid)
    else:
        from crimson_table.engine.crusader_kingdoms.common import discard  # noqa: PLC0415

        discard(s, cid)


def advance(s: CKState, ev: list[Event]) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while s.phase == IDLE:
        if s.coop:
            _advance_coop(s, ev)
        else:
            _advance_competitive(s, ev)


def _advance_competitive(s: CKState, ev: list[Event]) -> None:
    """CK-R12: the next seat in the cycle, or the end of the turn after N passes in a row."""
    if s.passes >= s.players:
        end_turn(s, ev)
        return
    s.last = (s.last + 1) % s.players
    s.phase, s.actor = ACT, s.last


def _advance_coop(s: CKState, ev: list[Event]) -> None:
    """CK-R38: each Christian's round is followed by a Bot round against him."""
    if s.bot_vs != NONE:
        if automaton.bot_round_step(s, ev):
            return
        previous, s.bot_vs = s.bot_vs, NONE
        if previous == ALL:
            if s.bot_hand:
                s.bot_vs, s.bot_step = ALL, 0
            else:
                end_turn(s, ev)
            return
    nxt = _next_christian(s)
    if nxt is None:
        if s.bot_hand:
            s.bot_vs, s.bot_step = ALL, 0
        else:
            end_turn(s, ev)
        return
    s.last = nxt
    s.phase, s.actor = ACT, nxt


def _next_christian(s: CKState) -> int | None:
    for k in range(1, s.players + 1):
        seat = (s.last + k) % s.players
        if not s.passed[seat]:
            return seat
    return None


def end_turn(s: CKState, ev: list[Event]) -> None:
    """CK-R13: hands stay, each deck's draw, discard and kept events are shuffled together."""
    kept = own(s, "kept")
    for seat in range(s.players):
        for cid in kept[seat]:
            piles(s, deck_of(cid))[0].append(cid)
        kept[seat] = []
    for deck in (CHRISTIAN, MUSLIM):
        draw, pile, down = piles(s, deck)
        draw.extend(pile)
        pile.clear()
        down.clear()
        draw.sort()
        shuffle(s, draw)
    ev.append(
        new_event(
            "end_turn", {"turn": s.turn}, f"Turn {s.turn} ends; both decks are reshuffled.", reveals=True
        )
    )
    if s.turn >= 3:
        final_scoring(s, ev)
        return
    s.turn += 1
    start_turn(s, ev)


def castle_count(s: CKState, seat: int) -> int:
    """Castles of ``seat`` on the map."""
    return len(regions_of(s, seat))


def check_sudden_victory(s: CKState, seat: int, ev: list[Event]) -> bool:
    """CK-R33: every castle of the supply on the map wins at once (3-4 players only)."""
    if s.coop or seat == BOT or castle_count(s, seat) < castles_supply(s, seat):
        return False
    game_over(
        s, (seat,), f"Sudden victory: {who(seat)} has all {castles_supply(s, seat)} castles on the map.", ev
    )
    return True


def check_bot_eliminated(s: CKState, ev: list[Event]) -> bool:
    """CK-R40: the Bot with no region ends the game at once; it is scored (CK-R56)."""
    if not s.coop or BOT in s.owner:
        return False
    ev.append(new_event("bot_eliminated", {}, "The Bot holds no region: the game ends at once."))
    final_scoring(s, ev)
    return True


def final_scoring(s: CKState, ev: list[Event]) -> None:
    """CK-R34 (most castles, then highest bonus, shared ties) or CK-R56 (victory points)."""
    if s.coop:
        vp = victory_points(s)
        winners = tuple(range(s.players)) if vp >= 11 else ()
        # The state's result text stays as saves recorded it (the state hash covers it); the end
        # screen adds the breakdown (victory_breakdown).
        game_over(s, winners, f"{victory_level(vp)}: {vp} victory points.", ev)
        return
    best = max(castle_count(s, p) for p in range(s.players))
    tied = [p for p in range(s.players) if castle_count(s, p) == best]
    top = max(s.bonus[p] for p in tied)
    winners = tuple(p for p in tied if s.bonus[p] == top)
    names = ", ".join(who(p) for p in winners)
    game_over(s, winners, f"After turn 3: {names} with {best} castles (Card Bonus {bonus_text(top)}).", ev)


def victory_points(s: CKState) -> int:
    """CK-R56: VP of Christian regions + the Christian bonuses - the Bot's bonus."""
    return regions_vp(s) + sum(s.bonus) - s.bot_bonus


def regions_vp(s: CKState) -> int:
    """CK-R56: the VP of the regions the Christians hold."""
    return sum(s.board.vp[r] for r, o in enumerate(s.owner) if o >= 0)


def victory_level(vp: int) -> str:
    """CK-R56: the result's name."""
    return "Victory" if vp >= 15 else "Marginal victory" if vp >= 11 else "Defeat"


def victory_breakdown(vp: int, regions: int, bonuses: int, bot_bonus: int, players: int) -> str:
    """CK-R56 in words (the end screen's line under the level): how the victory points add up and
    what the next level takes, e.g. "Regions 10, Card Bonus +1, the Bot's Card Bonus 0: 11 VP; a
    Victory takes 15." """
    ours = ("Card Bonus " if players == 1 else "Card Bonuses ") + bonus_text(bonuses)
    text = f"Regions {regions}, {ours}, the Bot's Card Bonus {bonus_text(bot_bonus)}: {vp} VP"
    nxt = {"Defeat": "a Marginal victory takes 11", "Marginal victory": "a Victory takes 15"}.get(
        victory_level(vp)
    )
    return f"{text}; {nxt}." if nxt else f"{text}."


def game_over(s: CKState, winners: tuple[int, ...], reason: str, ev: list[Event]) -> None:
    """End the game now."""
    s.winners, s.reason = winners, reason
    s.phase, s.actor = OVER, -1
    ev.append(new_event("game_over", {"winners": list(winners), "reason": reason}, reason))


def scores(s: CKState) -> tuple[float, ...]:
    """Per seat: castles + bonus/10 (3-4P), or the shared victory points (1-2P)."""
    if s.coop:
        return tuple(float(victory_points(s)) for _ in range(s.players))
    return tuple(castle_count(s, p) + s.bonus[p] / 10 for p in range(s.players))


def score_parts(score: float) -> tuple[int, int]:
    """A 3-4P score of :func:`scores` as (castles, Card Bonus): CK-R34 ranks by castles, then bonus
    (-2..+2, so the tenths never reach the next castle).

    >>> score_parts(5.2), score_parts(4.8), score_parts(3.0)
    ((5, 2), (5, -2), (3, 0))
    """
    castles = round(score)
    return castles, round((score - castles) * 10)
