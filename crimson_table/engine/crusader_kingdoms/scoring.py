"""The end of the game: sudden victory (CK-R33), the Bot eliminated (CK-R40), final scoring
(CK-R34, CK-R56) and the scores the end screen shows.
"""

from __future__ import annotations

from crimson_table.engine.core import Event
from crimson_table.engine.crusader_kingdoms.ops import (
    bonus_text,
    castles_supply,
    new_event,
    regions_of,
    who,
)
from crimson_table.engine.crusader_kingdoms.state import (
    BOT,
    OVER,
    CKState,
)


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
