"""The match an encounter starts: seats, options, seed, Veteran's raise, ironman and saving.

The player sits in seat 0; every other seat is the rival's (a bot at the encounter's level), or
in a solo mode the rulebook's automaton plays inside the engine (Crusader Kingdoms' solitaire
against the Muslim Bot, Crimson Keep against Kai).

Veteran difficulty raises each encounter one step: the rival's bot one level up where the game
has one (``ai.registry.levels_for``), and the games' own difficulty options one notch
(Crusader Kingdoms' Muslim Bot difficulty, Crimson Keep's Hard Mode).

A :class:`CampaignMatch` keeps the chronicle's slot file current: every save of the match (the
table autosaves after each move) writes the slot with the match inside it, atomically.  In an
ironman chronicle there is no undo, and the slot is the only save.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast

from crimson_table.ai.registry import levels_for
from crimson_table.campaign.chronicle_map import Campaign, Encounter
from crimson_table.campaign.progress import Chronicle, ChronicleError, encounter_seed
from crimson_table.campaign.renown import GAMES_PACKAGE
from crimson_table.campaign.rivals import RIVALS
from crimson_table.engine.core import brief
from crimson_table.engine.registry import GAMES, game_part
from crimson_table.play import autosave
from crimson_table.play.match import Match, Seat, check_header
from crimson_table.play.saves import SaveError

IRONMAN_UNDO = "Ironman chronicle: every move is final."


class CampaignMatch(Match):
    """A match of the chronicle: saves go to the slot; no undo in an ironman chronicle."""

    def __init__(self, game_id: str, seats: list[Seat], seed: int, options: Mapping[str, Any] | None) -> None:
        super().__init__(game_id, seats, seed, options)
        self.ironman = False
        self.encounter = ""
        self.attempt = 0
        self.keeper: Callable[[CampaignMatch], Path] | None = None  # writes the chronicle's slot

    def undo_refusal(self) -> str | None:
        """Ironman: never; otherwise the ordinary rules of undo."""
        return IRONMAN_UNDO if self.ironman else super().undo_refusal()

    def save(self, path: Path | str) -> Path:
        """The table's autosave (and, in ironman, every save) goes into the chronicle's slot; a
        save the player asks for in an ordinary chronicle is also written where asked."""
        slot = self.keeper(self) if self.keeper is not None else None
        if slot is not None and (self.ironman or autosave.is_autosave(path)):
            return slot
        return super().save(path)

    def snapshot(self) -> dict[str, Any]:
        """The chronicle's ``match`` field: which encounter, which attempt, the match's save."""
        return {"encounter": self.encounter, "attempt": self.attempt, "save": self.to_json()}


def rival_level(encounter: Encounter, veteran: bool) -> str:
    """The rival's bot level: the map's, one up in Veteran where the game has one."""
    levels = levels_for(encounter.game)
    index = levels.index(encounter.level)
    return levels[min(index + 1, len(levels) - 1)] if veteran else encounter.level


def encounter_options(encounter: Encounter, veteran: bool) -> dict[str, Any]:
    """The game options of the match: the map's, one notch harder in Veteran."""
    options = GAMES.info(encounter.game).validate_options(encounter.players, encounter.options)
    if veteran:
        for name, steps in harder_options(encounter.game).items():
            if name in options and options[name] in steps:
                options[name] = steps[options[name]]
    return options


def harder_options(game_id: str) -> dict[str, dict[Any, Any]]:
    """The game's own difficulty options one notch harder (a Veteran's), option -> {value: harder}:
    ``HARDER`` in its ``campaign/games/<game_id>.py``, none if it has none."""
    harder: dict[str, dict[Any, Any]] = getattr(game_part(GAMES_PACKAGE, game_id), "HARDER", {})
    return harder


def automaton_name(game_id: str) -> str:
    """The rulebook's solo opponent of ``game_id`` as the conditions name it (``AUTOMATON``)."""
    return str(getattr(game_part(GAMES_PACKAGE, game_id), "AUTOMATON", "the solo rival"))


def seats_for(encounter: Encounter, player: str, veteran: bool, level: str | None = None) -> list[Seat]:
    """The player in seat 0, the rival's bots in the others (named after the rival)."""
    rival = RIVALS[encounter.rival]
    bot_level = level or rival_level(encounter, veteran)
    seats = [Seat(player or "Wanderer", "human")]
    rivals = encounter.players - 1
    for i in range(rivals):
        name = (
            rival.name
            if rivals == 1
            else rival.members[i]
            if i < len(rival.members)
            else f"{rival.name} {_ROMAN[i]}"
        )
        seats.append(Seat(name, "bot", bot_level))
    return seats


_ROMAN = ("I", "II", "III", "IV", "V", "VI")


def start_match(
    campaign: Campaign, chronicle: Chronicle, key: str, level: str | None = None
) -> CampaignMatch:
    """A new match of encounter ``key`` (its attempt counted in the chronicle).

    ``level`` replaces the rival's bot level (tests and the smoke run play quick bots).
    """
    encounter = campaign.encounters[key]
    attempt, seed = chronicle.begin(key)
    seats = seats_for(encounter, chronicle.name, chronicle.veteran, level)
    options = encounter_options(encounter, chronicle.veteran)
    match = cast(CampaignMatch, CampaignMatch.new(encounter.game, seats, seed, options))
    match.ironman, match.encounter, match.attempt = chronicle.ironman, key, attempt
    return match


def resume_match(chronicle: Chronicle) -> CampaignMatch | None:
    """The match the chronicle was in the middle of (replayed from its log), or None."""
    held = chronicle.match
    if held is None:
        return None
    match = cast(
        CampaignMatch, CampaignMatch.from_json(held["save"], source=f"the chronicle in slot {chronicle.slot}")
    )
    match.ironman, match.encounter, match.attempt = chronicle.ironman, held["encounter"], int(held["attempt"])
    return match


def check_held_match(campaign: Campaign, chronicle: Chronicle) -> None:
    """Refuse a match in play that its encounter could not have started: an encounter the map does
    not hold, an attempt not yet begun, another game, seed or options than the encounter deals,
    or other seats (the player's own seat human, the rivals' bots, as many as the encounter
    seats).  Raises ChronicleError naming the problem; nothing is replayed."""
    held = chronicle.match
    if held is None:
        return
    key = held["encounter"]
    if key not in campaign.encounters:
        raise ChronicleError(f"the match in play names no encounter of the map ({brief(key)})")
    encounter = campaign.encounters[key]
    if held["attempt"] >= chronicle.next_attempt(key):
        number = held["attempt"] + 1
        raise ChronicleError(f"the match in play is attempt {number} of {encounter.label}, never begun")
    try:
        header, seats = check_header(held["save"], "the match in play")
    except SaveError as exc:
        raise ChronicleError(f"the match in play {exc.problem}") from None
    seed = encounter_seed(chronicle.seed, key, held["attempt"])
    _check_deal(encounter, seed, encounter_options(encounter, chronicle.veteran), header, seats)


def _check_deal(
    encounter: Encounter, seed: int, options: dict[str, Any], header: dict[str, Any], seats: list[Seat]
) -> None:
    """The held match's game, seed, options and seats are the ones its encounter deals."""
    what = f"the match in play of {encounter.label}"
    if header["game"] != encounter.game:
        raise ChronicleError(f"{what} is a game of {brief(header['game'])}, not {encounter.game!r}")
    if header["seed"] != seed:
        raise ChronicleError(f"{what} was not dealt from the chronicle's seed")
    if header["options"] != options:
        raise ChronicleError(f"{what} has other options than the encounter's")
    kinds = [seat.kind for seat in seats]
    if kinds != ["human"] + ["bot"] * (encounter.players - 1):
        rivals = encounter.players - 1
        raise ChronicleError(
            f"{what} must seat the player, then {rivals} rival bot(s), not {', '.join(kinds)}"
        )


def keeper_for(chronicle: Chronicle) -> Callable[[CampaignMatch], Path]:
    """The function a campaign match saves through: the slot, with the match inside it."""
    from crimson_table.campaign import store

    def keep(match: CampaignMatch) -> Path:
        chronicle.match = match.snapshot()
        return store.save(chronicle)

    return keep
