"""A chronicle in progress: its seed, the stars won, the looks unlocked, and what is open.

Plain data with a JSON form (``to_dict`` / ``from_dict``, which checks every field and raises
:class:`ChronicleError` naming it).  What is open follows from the campaign map:

* a chapter opens once the chronicle's stars (the best result of each encounter, summed) reach
  its ``stars``;
* an encounter is *completed* once won, *available* when its chapter is open and every path
  into it starts at a completed encounter, else *locked*;
* the chronicle is won with its finale; Veteran difficulty is then offered for new chronicles.

Seeds are deterministic: an encounter's first match is dealt from
``encounter_seed(chronicle seed, encounter key)``, a retry from the same plus the attempt number,
so the same chronicle seed replays the same chronicle.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from crimson_table.campaign.chronicle_map import Campaign, Encounter
from crimson_table.campaign.looks import LOOKS
from crimson_table.engine.core import first_few

COMPLETED, AVAILABLE, LOCKED = "completed", "available", "locked"
MAX_NAME = 18
SEED_LIMIT = 2**31


class ChronicleError(ValueError):
    """A chronicle's saved data does not make sense (the message names the field)."""


def encounter_seed(chronicle_seed: int, encounter: str, attempt: int = 0) -> int:
    """The seed of an encounter's match: a stable hash of the chronicle seed and the encounter
    (and the attempt, from the first retry on), never Python's salted ``hash``.

    >>> encounter_seed(7, "gate") == encounter_seed(7, "gate")
    True
    >>> encounter_seed(7, "gate") != encounter_seed(7, "gate", 1)
    True
    """
    text = f"{chronicle_seed}:{encounter}" + (f":{attempt}" if attempt else "")
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") % SEED_LIMIT


@dataclass
class Record:
    """What happened in one encounter so far."""

    stars: int = 0  # the best result
    wins: int = 0
    losses: int = 0

    def to_dict(self) -> dict[str, int]:
        """JSON form."""
        return {"stars": self.stars, "wins": self.wins, "losses": self.losses}


@dataclass
class Result:
    """What one finished match changed in the chronicle."""

    encounter: str
    stars: int
    margin: str
    won: bool
    best_before: int
    unlocked: list[str] = field(default_factory=list)  # looks newly unlocked
    chapters_opened: list[str] = field(default_factory=list)
    chronicle_won: bool = False


@dataclass
class Chronicle:
    """One chronicle slot's progress."""

    slot: int
    name: str
    seed: int
    ironman: bool = False
    veteran: bool = False
    records: dict[str, Record] = field(default_factory=dict)
    unlocked: list[str] = field(default_factory=list)
    back: str = ""  # the chosen card back token ("" = the game's own)
    table: str = ""  # the chosen table token ("" = the game's own)
    won: bool = False
    attempts: dict[str, int] = field(default_factory=dict)  # matches started per encounter
    match: dict[str, Any] | None = None  # the match in play: encounter, attempt, save

    # -- what is open ------------------------------------------------------------------------------
    @property
    def stars(self) -> int:
        """Renown: the best stars of every encounter, summed."""
        return sum(r.stars for r in self.records.values())

    def best(self, encounter: str) -> int:
        """The best stars won in one encounter (0 if never won)."""
        record = self.records.get(encounter)
        return record.stars if record else 0

    def chapter_open(self, campaign: Campaign, chapter: str) -> bool:
        """True once the renown reaches the chapter's stars."""
        return self.stars >= campaign.chapters[chapter].stars

    def status(self, campaign: Campaign, encounter: str) -> str:
        """``completed``, ``available`` or ``locked``."""
        enc = campaign.encounters[encounter]
        if self.best(encounter) > 0:
            return COMPLETED
        if self.chapter_open(campaign, enc.chapter) and all(self.best(k) > 0 for k in enc.requires):
            return AVAILABLE
        return LOCKED

    def why_locked(self, campaign: Campaign, encounter: str) -> str:
        """A sentence saying what opens a locked encounter."""
        enc = campaign.encounters[encounter]
        chapter = campaign.chapters[enc.chapter]
        if not self.chapter_open(campaign, enc.chapter):
            return f"{chapter.label} opens at {chapter.stars} stars (you have {self.stars})."
        missing = [campaign.encounters[k].label for k in enc.requires if self.best(k) == 0]
        return "Win " + " and ".join(missing) + " first." if missing else ""

    def next_attempt(self, encounter: str) -> int:
        """The attempt number of the next match of ``encounter`` (0 for the first)."""
        return self.attempts.get(encounter, 0)

    # -- recording ---------------------------------------------------------------------------------
    def begin(self, encounter: str) -> tuple[int, int]:
        """A match of ``encounter`` starts: (attempt, seed)."""
        attempt = self.next_attempt(encounter)
        self.attempts[encounter] = attempt + 1
        return attempt, encounter_seed(self.seed, encounter, attempt)

    def record(self, campaign: Campaign, encounter: Encounter, stars: int, margin: str) -> Result:
        """A finished match: best stars, unlocks, chapters opened, the finale."""
        before_open = {k for k in campaign.chapters if self.chapter_open(campaign, k)}
        record = self.records.setdefault(encounter.key, Record())
        result = Result(encounter.key, stars, margin, stars > 0, record.stars)
        if stars > 0:
            record.wins += 1
            record.stars = max(record.stars, stars)
            if result.best_before == 0:
                result.unlocked += self._unlock(encounter.unlocks)
        else:
            record.losses += 1
        for key, chapter in campaign.chapters.items():
            if key not in before_open and self.chapter_open(campaign, key):
                result.chapters_opened.append(key)
                result.unlocked += self._unlock(chapter.unlocks)
        if stars > 0 and encounter.key == campaign.finale and not self.won:
            self.won = result.chronicle_won = True
        self.match = None
        return result

    def _unlock(self, tokens: tuple[str, ...]) -> list[str]:
        fresh = [t for t in tokens if t not in self.unlocked]
        self.unlocked += fresh
        return fresh

    def check_against(self, campaign: Campaign) -> None:
        """Refuse a chronicle the campaign map cannot have produced: records or attempts of
        encounters the map does not hold (they would count stars towards chapters, past the most
        the map gives), or a won chronicle whose finale was never won.  ChronicleError names it."""
        for field_name, keys in (("records", self.records), ("attempts", self.attempts)):
            unknown = [key for key in keys if key not in campaign.encounters]
            if unknown:
                listed = first_few(unknown)
                raise ChronicleError(f"field {field_name!r} names encounters the map does not hold: {listed}")
        if self.won and self.best(campaign.finale) == 0:
            raise ChronicleError(
                f"the chronicle is marked won, but its finale {campaign.finale!r} was never won"
            )

    # -- JSON ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON form (the slot file's ``chronicle``)."""
        return {
            "slot": self.slot,
            "name": self.name,
            "seed": self.seed,
            "ironman": self.ironman,
            "veteran": self.veteran,
            "records": {k: r.to_dict() for k, r in sorted(self.records.items())},
            "unlocked": list(self.unlocked),
            "back": self.back,
            "table": self.table,
            "won": self.won,
            "attempts": dict(sorted(self.attempts.items())),
            "match": self.match,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Chronicle:
        """Checked inverse of :meth:`to_dict`; ChronicleError names the first bad field."""
        if not isinstance(data, dict):
            raise ChronicleError("the chronicle is not an object")
        chron = cls(
            slot=_int(data, "slot", 1, 99),
            name=_str(data, "name")[:MAX_NAME] or "Wanderer",
            seed=_int(data, "seed", 0, SEED_LIMIT - 1),
            ironman=_bool(data, "ironman"),
            veteran=_bool(data, "veteran"),
            records=_records(data.get("records")),
            unlocked=_tokens(data.get("unlocked")),
            back=_look(data, "back", "back"),
            table=_look(data, "table", "table"),
            won=_bool(data, "won"),
            attempts=_counts(data.get("attempts")),
            match=_match(data.get("match")),
        )
        return chron


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ChronicleError(f"field {key!r} must be a whole number {low}..{high}, not {value!r}"[:120])
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ChronicleError(f"field {key!r} must be text")
    return "".join(c for c in value if c.isprintable()).strip()


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ChronicleError(f"field {key!r} must be true or false")
    return value


def _records(raw: Any) -> dict[str, Record]:
    if not isinstance(raw, dict):
        raise ChronicleError("field 'records' must be an object")
    out: dict[str, Record] = {}
    for key, value in raw.items():
        if not isinstance(value, dict):
            raise ChronicleError(f"the record of {key!r} must be an object")
        out[str(key)] = Record(
            _int(value, "stars", 0, 3), _int(value, "wins", 0, 10**6), _int(value, "losses", 0, 10**6)
        )
    return out


def _tokens(raw: Any) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(t, str) and t in LOOKS for t in raw):
        raise ChronicleError("field 'unlocked' must be a list of known looks")
    return list(dict.fromkeys(raw))


def _look(data: dict[str, Any], key: str, kind: str) -> str:
    value = data.get(key, "")
    if value == "":
        return ""
    if not isinstance(value, str) or value not in LOOKS or LOOKS[value].kind != kind:
        raise ChronicleError(f"field {key!r} is not a known {kind} look")
    return value


def _counts(raw: Any) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise ChronicleError("field 'attempts' must be an object")
    return {str(k): _int(raw, k, 0, 10**6) for k in raw}


def _match(raw: Any) -> dict[str, Any] | None:
    if raw is None:
        return None
    if (
        not isinstance(raw, dict)
        or not isinstance(raw.get("encounter"), str)
        or not isinstance(raw.get("save"), dict)
    ):
        raise ChronicleError("field 'match' must hold the encounter and the match's save")
    _int(raw, "attempt", 0, 10**6)
    return raw
