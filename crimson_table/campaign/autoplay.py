"""A chronicle played by bots, headless: one encounter, or the whole chronicle to its finale.

The player's seat is a bot too (``player_level``); ``rival_level`` replaces every rival's level
(the quickest bots keep tests fast).  Each match goes through the same path as the app's: the
chronicle counts the attempt and deals from ``encounter_seed``, the match saves into the slot
(``CampaignMatch.keeper``), and the result is recorded and saved.
"""

from __future__ import annotations

from crimson_table.ai.base import make_context
from crimson_table.ai.registry import bot_for
from crimson_table.campaign import store
from crimson_table.campaign.chronicle_map import Campaign
from crimson_table.campaign.encounters import CampaignMatch, keeper_for, start_match
from crimson_table.campaign.progress import AVAILABLE, COMPLETED, Chronicle, Result
from crimson_table.campaign.renown import renown
from crimson_table.engine.rng import Rng

MAX_ACTIONS = 100_000
SAVE_EVERY = 50  # a match save point every this many actions (the app saves after every move)


def play_out(match: CampaignMatch, player_level: str = "heuristic", save: bool = True) -> None:
    """Bots play ``match`` to its end (seat 0 at ``player_level``, the others at their seats')."""
    levels = [player_level, *(s.level for s in match.seats[1:])]
    bots = [bot_for(match.game_id, level) for level in levels]
    seeds = Rng.from_seed(match.seed ^ 0xC4A1)
    for step in range(MAX_ACTIONS):
        seat = match.current_seat()
        if seat is None:
            return
        match.apply(bots[seat].choose(make_context(match.rules, match.state, seeds.next64())))
        if save and match.keeper is not None and step % SAVE_EVERY == 0:
            match.keeper(match)
    raise RuntimeError(f"{match.game_id}: no end after {MAX_ACTIONS} actions")


def play_encounter(
    campaign: Campaign,
    chronicle: Chronicle,
    key: str,
    *,
    player_level: str = "heuristic",
    rival_level: str | None = None,
    save: bool = True,
) -> Result:
    """One match of encounter ``key``, recorded in the chronicle (and saved when ``save``)."""
    match = start_match(campaign, chronicle, key, level=rival_level)
    if save:
        match.keeper = keeper_for(chronicle)
    play_out(match, player_level, save)
    return finish(campaign, chronicle, match, save)


def finish(campaign: Campaign, chronicle: Chronicle, match: CampaignMatch, save: bool = True) -> Result:
    """Stars for a finished match, recorded in the chronicle and saved."""
    earned = renown(match.rules, match.state)
    result = chronicle.record(campaign, campaign.encounters[match.encounter], earned.stars, earned.margin)
    if save:
        store.save(chronicle)
    return result


def next_encounter(campaign: Campaign, chronicle: Chronicle) -> str | None:
    """The first available encounter in map order; when none is, the first completed one below
    three stars (more renown opens the next chapter); None when nothing is left to play."""
    for key in campaign.encounters:
        if chronicle.status(campaign, key) == AVAILABLE:
            return key
    for key in campaign.encounters:
        if chronicle.status(campaign, key) == COMPLETED and chronicle.best(key) < 3:
            return key
    return None


def play_chronicle(
    campaign: Campaign,
    chronicle: Chronicle,
    *,
    player_level: str = "heuristic",
    rival_level: str | None = None,
    max_matches: int = 200,
    save: bool = True,
) -> list[Result]:
    """Play until the chronicle is won (or ``max_matches`` ran out); every result, in order."""
    results: list[Result] = []
    while not chronicle.won and len(results) < max_matches:
        key = next_encounter(campaign, chronicle)
        if key is None:
            break
        results.append(
            play_encounter(
                campaign, chronicle, key, player_level=player_level, rival_level=rival_level, save=save
            )
        )
    return results
