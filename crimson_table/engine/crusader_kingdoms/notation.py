"""A short text notation for Crusader Kingdoms positions (for tests: "the position where...").

Tokens separated by spaces, each ``key=value``; all are optional except ``mode``::

    mode=comp4 turn=2 actor=2 own=harim:3g,aleppo:3g bonus=0,0,0,-1 h2=c_frankish_knights,c_turcopoles

- ``mode``: solo, coop, comp3 or comp4; ``diff``: the Bot's difficulty (CK-R55).
- ``own``: region owners that differ from setup, ``key:owner`` with owner a seat number, ``B``
  (the Bot) or ``I`` (independent); a ``g`` suffix adds a garrison.  Regions not listed keep
  their setup owner and have no garrison.
- ``bonus``: seat bonuses; ``botbonus``; ``h0``..``h3``: hands; ``bothand`` (top first),
  ``army`` (in joining order), ``stack`` (bottom to top); ``passed``: seats out of the turn
  (1-2P); ``kept0``..: events in play; ``dice``: die faces the next rolls will show.

Every card not placed by the text is in its deck's draw pile in canonical order (top = last).
The position is a round start (phase ``act``) of seat ``actor``.
"""

from __future__ import annotations

from collections import Counter

from crimson_table.engine.crusader_kingdoms import flow
from crimson_table.engine.crusader_kingdoms.cards import deck_list, deck_of, sort_cards
from crimson_table.engine.crusader_kingdoms.state import ACT, BOT, INDEP, NONE, CKState, validate

PLAYERS = {"solo": 1, "coop": 2, "comp3": 3, "comp4": 4}


def _cards(value: str) -> list[str]:
    return [c for c in value.split(",") if c]


def position(text: str) -> CKState:
    """Build the position a notation describes (StateError if it breaks an invariant)."""
    fields = dict(tok.split("=", 1) for tok in text.split())
    players = PLAYERS[fields["mode"]]
    s, _ = flow.setup(players, int(fields.get("seed", "0")), fields.get("diff", "standard"))
    owner = s.owner[:]  # a new list: an owner list is never changed in place (state.set_owner)
    for spec in _cards(fields.get("own", "")):
        key, who = spec.split(":")
        r = s.board.index[key]
        s.garrison[r] = who.endswith("g")
        who = who.rstrip("g")
        owner[r] = BOT if who == "B" else INDEP if who == "I" else int(who)
    s.owner = owner
    s.hands = [_cards(fields.get(f"h{p}", "")) for p in range(players)]
    for h in s.hands:
        sort_cards(h)
    s.kept = [_cards(fields.get(f"kept{p}", "")) for p in range(players)]
    s.bot_hand, s.bot_army = _cards(fields.get("bothand", "")), _cards(fields.get("army", ""))
    s.bot_stack = _cards(fields.get("stack", ""))
    s.bonus = [int(v) for v in fields["bonus"].split(",")] if "bonus" in fields else [0] * players
    s.bot_bonus = int(fields.get("botbonus", "0"))
    s.turn = int(fields.get("turn", "1"))
    s.actor = s.last = int(fields.get("actor", "0"))
    s.passed = [p in {int(v) for v in _cards(fields.get("passed", ""))} for p in range(players)]
    s.dice = [int(v) for v in _cards(fields.get("dice", ""))]
    s.phase, s.passes, s.bot_vs, s.bot_step, s.attack, s.event = ACT, 0, NONE, 0, None, ""
    used = Counter(c for zone in (*s.hands, *s.kept, s.bot_hand, s.bot_army, s.bot_stack) for c in zone)
    for deck in ("C", "M"):
        rest = Counter(deck_list(deck, s.coop)) - Counter(
            {c: n for c, n in used.items() if deck_of(c) == deck}
        )
        pile = [c for c in deck_list(deck, s.coop) if rest[c] > 0 and not rest.subtract([c])]
        if deck == "C":
            s.draw_c, s.discard_c, s.down_c = pile, [], []
        else:
            s.draw_m, s.discard_m, s.down_m = pile, [], []
    validate(s)
    return s


def notation(s: CKState) -> str:
    """The notation of a round-start position (draw and discard piles are not written)."""
    setup, _ = flow.setup(s.players, 0, s.difficulty)
    names = s.board.names
    own = []
    for r, o in enumerate(s.owner):
        if o != setup.owner[r] or s.garrison[r]:
            code = "B" if o == BOT else "I" if o == INDEP else str(o)
            own.append(f"{names[r]}:{code}{'g' if s.garrison[r] else ''}")
    toks = [f"mode={s.mode}", f"turn={s.turn}", f"actor={s.actor}"]
    if s.difficulty != "standard":
        toks.append(f"diff={s.difficulty}")
    if own:
        toks.append("own=" + ",".join(own))
    if any(s.bonus):
        toks.append("bonus=" + ",".join(str(b) for b in s.bonus))
    if s.bot_bonus:
        toks.append(f"botbonus={s.bot_bonus}")
    toks += [f"h{p}=" + ",".join(h) for p, h in enumerate(s.hands) if h]
    toks += [f"kept{p}=" + ",".join(k) for p, k in enumerate(s.kept) if k]
    for key, zone in (("bothand", s.bot_hand), ("army", s.bot_army), ("stack", s.bot_stack)):
        if zone:
            toks.append(f"{key}=" + ",".join(zone))
    if any(s.passed):
        toks.append("passed=" + ",".join(str(p) for p in range(s.players) if s.passed[p]))
    if s.dice:
        toks.append("dice=" + ",".join(str(d) for d in s.dice))
    return " ".join(toks)
