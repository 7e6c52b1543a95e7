"""A short text notation of a Crimson Keep position (MAIN phase), for tests.

Whitespace-separated tokens, in this canonical order (defaults are omitted):

* ``turn=L`` (or ``R``), ``actions=2``, ``solo=1``, ``hard=1``, ``mirrored=1`` (solo, the player on the Right), ``dragon=L stage=2 injuries=1 dice=4
  obliterate=1`` (Final Battle), ``seed=N`` (the PRNG state);
* board cards ``L:2,1=36+`` (Left's card 36 ACTIVE on (2,1); ``-`` INACTIVE; ``t3`` / ``t-2``
  a stored Attack(3) / Defence(2) token; ``u`` used this turn);
* per clan ``L.hand=3,33``, ``L.slots=30,31,37``, ``L.barracks=7``, ``L.caverns=14+t2``,
  ``L.discard=...``, ``L.destroyed=...``, ``L.deck=...`` (bottom .. top; default: every card not
  placed elsewhere, ascending), ``L.pool=1,-1``, ``L.summon=13``, ``L.dragons=-1,15,21``,
  ``L.pending=0,1,0``, ``L.tracks=3,0,0,0``, ``L.advanced=0,1,0,0``, ``L.found=C1:1``,
  ``L.tiles=1,2,1,2`` (B, C, A, K; default Combat 2, Runic 1), ``L.tactics=1,2,3,4``,
  ``L.used=`` (tactics), ``L.protection=-1``, ``L.kd=1,3``, ``L.kd_spent=2``, ``L.ruined=0,0,1``, ``L.bonus=1``.

>>> from crimson_table.engine.crimson_keep.notation import parse, write
>>> write(parse("turn=L L:2,1=36+ L.hand=3"))
'turn=L L:2,1=36+ L.hand=3'
"""

from __future__ import annotations

from crimson_table.engine.crimson_keep.cards import NUMBERS, OBJECTIVES, SUMMONING
from crimson_table.engine.crimson_keep.state import MAIN, CKState, new_clan, validate

SIDE = "LR"
_DEFAULT_TILES = [1, 2, 1, 2]
_LISTS = ("hand", "slots", "barracks", "discard", "destroyed", "deck", "pool", "kd", "kd_spent", "used")
_VECTORS = {"dragons": [9, 15, 21], "pending": [0, 0, 0], "tracks": [0, 0, 0, 0], "advanced": [0, 0, 0, 0],
            "tiles": _DEFAULT_TILES, "ruined": [0, 0, 0], "tactics": [1, 2, 3, 4]}  # fmt: skip


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x != ""]


def _card_token(text: str) -> tuple[int, bool, int, bool]:
    """``36+t3u`` -> (36, active, token, used)."""
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    n = int(text[:i])
    rest = text[i:]
    active = rest.startswith("+")
    rest = rest[1:] if rest[:1] in "+-" else rest
    used = rest.endswith("u")
    rest = rest[:-1] if used else rest
    token = int(rest[1:]) if rest.startswith("t") else 0
    return n, active, token, used


def _fmt_card(n: int, active: bool, token: int, used: bool) -> str:
    return f"{n}{'+' if active else '-'}{f't{token}' if token else ''}{'u' if used else ''}"


def parse(text: str) -> CKState:
    """Build the position (raises ValueError / StateError on bad input)."""
    clans = [new_clan(), new_clan()]
    for c in clans:
        c.tiles, c.tactics, c.slots = _DEFAULT_TILES[:], [1, 2, 3, 4], []
    s = CKState(rng=1, players=2, hard=False, round_limit=100, board=[0] * 45, clans=clans, phase=MAIN, actor=0,
                current=0, actions_left=2, acted=0, ability_used=False, turn=1, rounds=0, ctx={}, resume=[],
                dragon=-1, final_stage=0, injuries=0, dice=4, obliterate=0, solo_deck=[], solo_up=[], mode="H",
                kai_active_mode=False, winners=[], reason="")  # fmt: skip
    decks: dict[int, list[int]] = {}
    for tok in text.split():
        key, _, val = tok.partition("=")
        if ":" in key and key[0] in SIDE:
            seat = SIDE.index(key[0])
            c_, l_ = _ints(key[2:])
            n, active, token, used = _card_token(val)
            x = c_ * 5 + l_ - 1
            s.board[x] = seat * 100 + n
            cl = clans[seat]
            cl.active[n], cl.tokens[n], cl.used[n] = active, token, used
        elif "." in key:
            seat = SIDE.index(key[0])
            _clan_field(s, seat, key[2:], val, decks)
        else:
            _global(s, key, val)
    for seat, cl in enumerate(clans):
        if seat in decks:
            cl.deck = decks[seat]
        else:
            placed = cl.hand + cl.slots + cl.barracks + cl.caverns + cl.discard + cl.destroyed
            placed += [r % 100 for r in s.board if r and r // 100 == seat]
            kai = s.is_kai(seat)
            cl.deck = [n for n in NUMBERS if n not in placed and not (kai and 12 <= n <= 16)]
    s.actor = s.current
    if s.solo and not s.solo_deck and not s.solo_up:
        s.solo_deck = list(range(1, 11))
    validate(s)
    return s


def _clan_field(s: CKState, seat: int, field: str, val: str, decks: dict[int, list[int]]) -> None:
    cl = s.clans[seat]
    if field == "caverns":
        for part in val.split(","):
            if part:
                n, active, token, used = _card_token(part)
                cl.caverns.append(n)
                cl.active[n], cl.tokens[n], cl.used[n] = active, token, used
    elif field == "deck":
        decks[seat] = _ints(val)
    elif field in _LISTS:
        setattr(cl, "tactics_used" if field == "used" else field, _ints(val))
    elif field in _VECTORS:
        v = _ints(val)
        if field in ("pending", "advanced", "ruined"):
            setattr(cl, field, [bool(x) for x in v])
        else:
            setattr(cl, field, v)
    elif field == "found":
        for part in val.split(","):
            if part:
                obj, _, k = part.partition(":")
                cl.found[OBJECTIVES.index(obj)] = int(k)
    elif field in ("summon", "protection"):
        setattr(cl, field, int(val))
    elif field == "bonus":
        cl.draw_bonus = bool(int(val))
    else:
        raise ValueError(f"unknown clan field {field!r}")


def _global(s: CKState, key: str, val: str) -> None:
    if key == "turn":
        s.current = SIDE.index(val)
    elif key == "dragon":
        s.dragon = SIDE.index(val)
    elif key == "mirrored":
        s.mirrored = bool(int(val))
    elif key in ("actions", "stage", "injuries", "dice", "obliterate", "seed", "solo", "hard"):
        attr = {"actions": "actions_left", "stage": "final_stage", "seed": "rng", "solo": "players"}.get(
            key, key
        )
        v = int(val)
        if key == "solo":
            v = 1 if v else 2
        if key == "hard":
            s.hard = bool(v)
        else:
            setattr(s, attr, v)
    else:
        raise ValueError(f"unknown token {key!r}")


def write(s: CKState) -> str:
    """The canonical text of a MAIN-phase position (round trip with :func:`parse`)."""
    out = [f"turn={SIDE[s.current]}"]
    if s.actions_left != 2:
        out.append(f"actions={s.actions_left}")
    if s.solo:
        out.append("solo=1")
    if s.hard:
        out.append("hard=1")
    if s.mirrored:
        out.append("mirrored=1")
    if s.dragon >= 0:
        out += [f"dragon={SIDE[s.dragon]}", f"stage={s.final_stage}", f"injuries={s.injuries}", f"dice={s.dice}",
                f"obliterate={s.obliterate}"]  # fmt: skip
    if s.rng != 1:
        out.append(f"seed={s.rng}")
    for x, r in enumerate(s.board):
        if r:
            seat, n = r // 100, r % 100
            cl = s.clans[seat]
            out.append(
                f"{SIDE[seat]}:{x // 5},{x % 5 + 1}={_fmt_card(n, cl.active[n], cl.tokens[n], cl.used[n])}"
            )
    for seat in (0, 1):
        out += _clan_tokens(s, seat)
    return " ".join(out)


def _clan_tokens(s: CKState, seat: int) -> list[str]:
    cl = s.clans[seat]
    p = SIDE[seat]
    out: list[str] = []
    for field in ("hand", "slots", "barracks"):
        v = getattr(cl, field)
        if v:
            out.append(f"{p}.{field}={','.join(map(str, v))}")
    if cl.caverns:
        cav = [_fmt_card(n, cl.active[n], cl.tokens[n], cl.used[n]) for n in cl.caverns]
        out.append(f"{p}.caverns={','.join(cav)}")
    for field in ("discard", "destroyed"):
        v = getattr(cl, field)
        if v:
            out.append(f"{p}.{field}={','.join(map(str, v))}")
    placed = cl.hand + cl.slots + cl.barracks + cl.caverns + cl.discard + cl.destroyed
    placed += [r % 100 for r in s.board if r and r // 100 == seat]
    default_deck = [n for n in NUMBERS if n not in placed and not (s.is_kai(seat) and 12 <= n <= 16)]
    if cl.deck != default_deck:
        out.append(f"{p}.deck={','.join(map(str, cl.deck))}")
    for field in ("pool", "kd", "kd_spent"):
        v = getattr(cl, field)
        if v:
            out.append(f"{p}.{field}={','.join(map(str, v))}")
    if cl.summon:
        out.append(f"{p}.summon={cl.summon}")
    for field, default in _VECTORS.items():
        v = [int(x) for x in getattr(cl, field)]
        if v != default:
            out.append(f"{p}.{field}={','.join(map(str, v))}")
    found = [f"{o}:{cl.found[i]}" for i, o in enumerate(OBJECTIVES) if cl.found[i]]
    if found:
        out.append(f"{p}.found={','.join(found)}")
    if cl.tactics_used:
        out.append(f"{p}.used={','.join(map(str, cl.tactics_used))}")
    if cl.protection:
        out.append(f"{p}.protection={cl.protection}")
    if cl.draw_bonus:
        out.append(f"{p}.bonus=1")
    return out


__all__ = ["parse", "write", "SUMMONING"]
