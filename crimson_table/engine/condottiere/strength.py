"""Pure scoring rules: line strength, battle winner, the token, groups and victory.

>>> line_strengths([["10", "6", "5", "Dr"], ["3", "He", "Co", "Wi"]])  # CO-TS2
[6, 12]
>>> line_strengths([["10", "6", "5", "Dr"], ["3", "He", "Co"]])
[42, 14]
"""

from __future__ import annotations

from collections.abc import Sequence

from crimson_table.engine.condottiere.cards import COURTESAN, DRUMMER, HEROINE, MERCENARY, SPRING, WINTER

NOBODY = -1


def top_mercenary(lines: Sequence[Sequence[str]]) -> int:
    """Highest *printed* Mercenary strength in play, 0 if none (CO-R25, CO-R27)."""
    best = 0
    for line in lines:
        for card in line:
            value = MERCENARY.get(card, 0)
            if value > best:
                best = value
    return best


def season(lines: Sequence[Sequence[str]]) -> str:
    """The season in play: ``"winter"``, ``"spring"`` or ``""`` (CO-R24..CO-R26).

    Winter and Spring are never in play together (CO-R26: each discards the other).  Lines
    that show both for a moment (a table animating the card before its effect) count Winter.
    """
    if any(WINTER in line for line in lines):
        return "winter"
    return "spring" if any(SPRING in line for line in lines) else ""


def card_strengths(lines: Sequence[Sequence[str]]) -> list[list[int | None]]:
    """Every card's value in its line by CO-R32/CO-R33; None for cards that add nothing.

    Winter first (every Mercenary counts 1), then the Drummer (doubles), then Spring
    (+3 to the Mercenaries of the top printed value, after doubling).

    >>> card_strengths([["10", "6", "Dr"], ["3", "He", "Co", "Sp"]])
    [[23, 12, None], [3, 10, 1, None]]
    """
    kind = season(lines)
    top = top_mercenary(lines) if kind == "spring" else 0
    return [_card_values(line, kind == "winter", top) for line in lines]


def _card_values(line: Sequence[str], winter: bool, top: int) -> list[int | None]:
    factor = 2 if DRUMMER in line else 1  # CO-R23: more Drummers add nothing
    values: list[int | None] = []
    for card in line:
        printed = MERCENARY.get(card)
        if printed is not None:
            value = (1 if winter else printed) * factor  # CO-R24, CO-R23
            values.append(value + 3 if top and printed == top else value)  # CO-R25, by printed value
        elif card == HEROINE:  # CO-R21
            values.append(10)
        elif card == COURTESAN:  # CO-R22
            values.append(1)
        else:
            values.append(None)
    return values


def line_strengths(lines: Sequence[Sequence[str]]) -> list[int]:
    """Every line's strength by CO-R32/CO-R33: the sum of :func:`card_strengths` (kept fast for bots)."""
    kind = season(lines)
    top = top_mercenary(lines) if kind == "spring" else 0
    return [line_strength(line, kind == "winter", top) for line in lines]


def line_strength(line: Sequence[str], winter: bool, top: int) -> int:
    """One line's strength when Winter is in play or not, and ``top`` is the printed value Spring
    adds 3 to (0: no Spring); :func:`line_strengths` reads both from every line (CO-R32/CO-R33)."""
    factor = 2 if DRUMMER in line else 1  # CO-R23
    total = 0
    for card in line:
        printed = MERCENARY.get(card)
        if printed is not None:
            total += (1 if winter else printed) * factor + (3 if top and printed == top else 0)  # CO-R24/R25
        elif card == HEROINE:  # CO-R21
            total += 10
        elif card == COURTESAN:  # CO-R22
            total += 1
    return total


def battle_winner(strengths: Sequence[int]) -> int:
    """CO-R36: the seat with the strictly highest strength, else NOBODY."""
    best = max(strengths)
    leaders = [seat for seat, value in enumerate(strengths) if value == best]
    return leaders[0] if len(leaders) == 1 else NOBODY


def token_receiver(lines: Sequence[Sequence[str]], winner: int, holder: int) -> tuple[int, str]:
    """CO-R37/CO-R38: who takes the Condottiere token, and why."""
    counts = [line.count(COURTESAN) for line in lines]
    most = max(counts)
    if most >= 1 and counts.count(most) == 1:
        return counts.index(most), "most Courtesans"
    if winner != NOBODY:
        return winner, "battle winner"
    return (holder + 1) % len(lines), "passed to the left"


def groups(owned: set[int], neighbours: Sequence[Sequence[int]]) -> list[set[int]]:
    """CO-R50: the player's regions split into connected groups."""
    left = set(owned)
    out: list[set[int]] = []
    while left:
        start = left.pop()
        group, todo = {start}, [start]
        while todo:
            for n in neighbours[todo.pop()]:
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        out.append(group)
    return out


def largest_group(owned: set[int], neighbours: Sequence[Sequence[int]]) -> int:
    """Size of the biggest connected group (0 with no regions)."""
    return max((len(g) for g in groups(owned, neighbours)), default=0)


def owned_by(control: Sequence[int], seat: int) -> set[int]:
    """Regions whose control marker is ``seat``'s."""
    return {region for region, owner in enumerate(control) if owner == seat}


def has_won(
    control: Sequence[int], seat: int, neighbours: Sequence[Sequence[int]], goal: tuple[int, int]
) -> str:
    """CO-R48: ``"total"`` or ``"connected"`` if ``seat`` reached a threshold, else ``""``."""
    owned = owned_by(control, seat)
    total, connected = goal
    if len(owned) >= total:
        return "total"
    if largest_group(owned, neighbours) >= connected:
        return "connected"
    return ""


def most_regions(
    control: Sequence[int], players: int, neighbours: Sequence[Sequence[int]]
) -> tuple[int, ...]:
    """CO-R52/CO-R53: most regions, then the largest group; remaining ties share the win."""
    counts = [len(owned_by(control, seat)) for seat in range(players)]
    best = max(counts)
    tied = [seat for seat in range(players) if counts[seat] == best]
    sizes = {seat: largest_group(owned_by(control, seat), neighbours) for seat in tied}
    biggest = max(sizes.values())
    return tuple(seat for seat in tied if sizes[seat] == biggest)
