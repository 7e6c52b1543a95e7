"""Clones share the clans, the board and the clan lists that change rarely (state.SHARED) until they
change: no rule may change a shared one in place.

Every step of random games (2 players, solo against Kai on both sides, hard mode, and from a
position just before a Summon, so through the Final Battle) checks that ``apply_action`` left
the position it was given exactly as it was, shared lists included.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from crimson_table.engine.crimson_keep.rules import RULES
from crimson_table.engine.crimson_keep.state import SHARED, CKState, Clan
from crimson_table.engine.rng import Rng

from .conftest import pos

# The Left clan meets the Strong Dragon with its tasks done; the Right clan has tokens to buy Keep Defence
BEFORE_SUMMON = (
    "turn=L L:0,1=30+ L:1,1=31+ L:2,1=37+ L:1,2=2- L:4,1=7+ L.hand=5 L.pool=1 L.summon=15 "
    "L.dragons=-1,15,21 L.pending=0,1,0 L.found=B1:1,A1:1,K3:1 R.pool=2,2,2,-2,3"
)


def _dump(s: CKState) -> str:
    return json.dumps(RULES.to_dict(s), sort_keys=True)


def _play_checking(s: CKState, seed: int, steps: int = 400) -> set[str]:
    """Random play from ``s``; every input position must be unchanged. Returns the phases seen."""
    picker = Rng.from_seed(seed)
    phases = set()
    for _ in range(steps):
        if RULES.is_over(s):
            break
        phases.add(s.phase)
        legal = RULES.legal_actions(s)
        before = _dump(s)
        new, _events = RULES.apply_action(s, legal[picker.below(len(legal))])
        assert _dump(s) == before, "apply_action changed the position it was given"
        s = new
    return phases


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (1, {}), (1, {"your_clan": "right"}), (2, {"hard_mode": True})],
)
def test_random_games_never_change_their_input(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        _play_checking(RULES.new_game(players, 40 + seed, options), seed)


def test_final_battles_never_change_their_input() -> None:
    phases: set[str] = set()
    for seed in range(12):
        s = pos(BEFORE_SUMMON)
        summon = next(a for a in RULES.legal_actions(s) if a.KIND == "summon")
        s, _ = RULES.apply_action(s, summon)
        assert s.dragon == 0
        s.hard = seed % 2 == 1
        phases |= _play_checking(s, seed)
    assert {"dragon", "kd_buy", "kd_play"} <= phases


def test_shared_names_are_clan_lists() -> None:
    clan_fields = set(Clan.__slots__)
    assert set(SHARED) <= clan_fields


class _Frozen(list[Any]):
    """A list that refuses every change in place."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a list shared by clones was changed in place")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]


class _FrozenDict(dict[str, Any]):
    """A dict that refuses every change in place."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a resume frame shared by clones was changed in place")

    __setitem__ = __delitem__ = pop = popitem = clear = update = setdefault = _refuse  # type: ignore[assignment]


def _deep_frozen(v: Any) -> Any:
    if isinstance(v, list):
        return _Frozen(_deep_frozen(x) for x in v)
    if isinstance(v, dict):
        return _FrozenDict({k: _deep_frozen(x) for k, x in v.items()})
    return v


class _FrozenClan(Clan):
    """A clan shared by clones: no field may be set (every change goes through ``CKState.mine``, which copies
    it first), and every list of it refuses changes in place."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"a clan shared by clones was changed in place ({name})")


def _frozen_clan(c: Clan) -> _FrozenClan:
    if isinstance(c, _FrozenClan):
        return c
    out: _FrozenClan = object.__new__(_FrozenClan)
    for name in Clan.__slots__:
        v = getattr(c, name)
        object.__setattr__(out, name, _Frozen(v) if isinstance(v, list) else v)
    return out


def _freeze_shared(s: CKState, clans: list[Clan] | None = None, board: list[int] | None = None) -> None:
    if board is not None:  # the board too is shared with the clone until a cell changes (CKState.cells)
        s.board = board
    for name in ("solo_deck", "solo_up", "winners"):
        setattr(s, name, _Frozen(getattr(s, name)))
    s.resume[:] = [r if isinstance(r, _FrozenDict) else _deep_frozen(r) for r in s.resume]
    if clans is not None:  # both clans are shared with the clone: frozen, the same objects in both states
        s.clans[:] = clans
    for c in s.clans:
        for name in SHARED:
            object.__setattr__(c, name, _Frozen(getattr(c, name)))


def _freezing_clones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every clone freezes what it shares with its original: the clans (``CKState.mine`` copies one before
    any change), the clans' ``SHARED`` lists and the resume frames."""
    plain = CKState.clone

    def clone(self: CKState) -> CKState:
        out = plain(self)
        assert out.owned == self.owned == 0, "a clone and its original own no clan"
        clans = [_frozen_clan(c) for c in self.clans]
        assert out.board is self.board
        board = self.board if isinstance(self.board, _Frozen) else _Frozen(self.board)
        _freeze_shared(self, clans, board)
        _freeze_shared(out, clans, board)
        return out

    monkeypatch.setattr(CKState, "clone", clone)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (1, {}), (1, {"your_clan": "right"}), (2, {"hard_mode": True}), (1, {"hard_mode": True})],
)
def test_shared_lists_are_never_changed_in_place(
    monkeypatch: pytest.MonkeyPatch, players: int, options: dict[str, Any]
) -> None:
    """Every clone's shared clans, lists and frames refuse changes: a rule that edits one in place fails at once."""
    _freezing_clones(monkeypatch)
    picker = Rng.from_seed(players)
    s = RULES.new_game(players, 90 + players, options)
    for _ in range(300):
        if RULES.is_over(s):
            break
        legal = RULES.legal_actions(s)
        s, _events = RULES.apply_action(s, legal[picker.below(len(legal))])


def test_listing_leaves_no_steady_promise() -> None:
    """``legal_actions`` and the checks end their read-only pass (CKState.steady) even when they fail."""
    s = RULES.new_game(2, 5, {})
    RULES.legal_actions(s)
    assert s.steady is None
    fresh = RULES.from_dict(RULES.to_dict(s))  # no memo entry yet: the same lists
    assert fresh.memo is None and RULES.legal_actions(s) == RULES.legal_actions(fresh)


def test_final_battles_never_change_a_shared_clan(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same through the Final Battle (Keep Defence bought and played, the Dragon's attacks)."""
    _freezing_clones(monkeypatch)
    phases: set[str] = set()
    for seed in range(6):
        s = pos(BEFORE_SUMMON)
        summon = next(a for a in RULES.legal_actions(s) if a.KIND == "summon")
        s, _ = RULES.apply_action(s, summon)
        phases |= _play_checking(s, seed)
    assert {"dragon", "kd_buy", "kd_play"} <= phases


def _flip_in_place(s: CKState, a: Any, events: list[Any]) -> None:
    c = s.clans[s.current]  # the bug: not s.mine(s.current)
    c.active[a.card] = not c.active[a.card]
    s.actions_left -= 1


def _flag_in_place(s: CKState, a: Any, events: list[Any]) -> None:
    s.clans[s.current].protection = 0  # the bug: not s.mine(s.current)
    s.actions_left -= 1


def _cell_in_place(s: CKState, a: Any, events: list[Any]) -> None:
    s.board[0] = s.board[0]  # the bug: not s.cells()[0]
    s.actions_left -= 1


@pytest.mark.parametrize("bad", [_flip_in_place, _flag_in_place, _cell_in_place])
def test_a_clan_changed_without_mine_is_caught(monkeypatch: pytest.MonkeyPatch, bad: Any) -> None:
    """The check above fails when a rule changes a shared clan (a list of it, or a field) or the shared board
    in place."""
    from crimson_table.engine.crimson_keep import turn  # noqa: PLC0415
    from crimson_table.engine.crimson_keep.actions import Flip  # noqa: PLC0415

    _freezing_clones(monkeypatch)
    monkeypatch.setitem(turn.EFFECTS, Flip, bad)
    s = RULES.new_game(2, 3, {})
    with pytest.raises(AssertionError, match="shared by clones was changed in place"):
        for _ in range(300):
            legal = RULES.legal_actions(s)
            flips = [a for a in legal if a.KIND == "flip"]
            s, _events = RULES.apply_action(s, flips[0] if flips else legal[0])
