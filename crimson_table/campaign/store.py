"""The chronicle slots on disk: ``<user data>/campaign/chronicle_<n>.json``.

Every write goes through ``play/saves.atomic_write_json`` (the previous file kept as
``.bak``), every read through ``play/saves.read_json`` (a regular file of at most
``MAX_SLOT_BYTES``, depth, UTF-8, JSON checked).  A slot is then checked against the campaign
map (``maps/campaign.tmx``): its records and attempts name the map's encounters, and a match in
play is the game, seed, options and seats its encounter deals.  A slot that cannot be used
raises :class:`CampaignSaveError` naming the file and the problem; ``has_backup`` /
``restore_backup`` offer the previous version.  Temporary files a killed write left behind are
removed when the slots are listed, as the saves' are.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crimson_table.campaign.chronicle_map import Campaign, load_campaign
from crimson_table.campaign.encounters import check_held_match
from crimson_table.campaign.progress import Chronicle, ChronicleError
from crimson_table.play.saves import (
    SaveError,
    atomic_write_json,
    backup_path,
    campaign_dir,
    read_json,
    remove_stale_temp_files,
)

FORMAT = "crimson-table-chronicle"
VERSION = 1
SLOTS = 3
# A chronicle is a few kB, a match in play within it ~100 kB at most; a slot over this is refused
# (naming the limit) before it is parsed, so the campaign menu opens at once whatever is there.
MAX_SLOT_BYTES = 2 * 1024 * 1024


class CampaignSaveError(SaveError):
    """A chronicle slot file that cannot be used (``str()`` names the file and the problem)."""


@dataclass(frozen=True)
class SlotInfo:
    """One slot as the campaign menu lists it: empty, a chronicle, or a problem."""

    slot: int
    chronicle: Chronicle | None = None
    error: CampaignSaveError | None = None
    backup: bool = False  # a slot that cannot be read has a previous version that can

    @property
    def empty(self) -> bool:
        """True when nothing was ever saved in the slot."""
        return self.chronicle is None and self.error is None


def slot_path(slot: int) -> Path:
    """The file of slot ``slot`` (1-based)."""
    return campaign_dir() / f"chronicle_{slot}.json"


def save(chronicle: Chronicle) -> Path:
    """Write the chronicle atomically (the previous version becomes the backup)."""
    data = {"format": FORMAT, "version": VERSION, "chronicle": chronicle.to_dict()}
    return atomic_write_json(slot_path(chronicle.slot), data)


@functools.lru_cache(maxsize=1)
def _bundled_campaign() -> Campaign:
    return load_campaign()


def load(slot: int, path: Path | None = None, campaign: Campaign | None = None) -> Chronicle:
    """Read slot ``slot`` (or the file ``path`` for it) and check it against ``campaign`` (the
    bundled map by default); problems raise CampaignSaveError."""
    where = path or slot_path(slot)
    try:
        data = read_json(where, MAX_SLOT_BYTES)
    except SaveError as exc:
        raise CampaignSaveError(exc.path, exc.problem) from None
    return _parse(where, data, slot, campaign or _bundled_campaign())


def _parse(where: Path, data: Any, slot: int, campaign: Campaign) -> Chronicle:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignSaveError(where, "is not a Crimson Table chronicle (format marker missing)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CampaignSaveError(where, f"has no valid chronicle version ({version!r})"[:120])
    if version > VERSION:
        raise CampaignSaveError(
            where, f"was written by a newer version of the app (chronicle version {version})"
        )
    try:
        chronicle = Chronicle.from_dict(data.get("chronicle"))
        chronicle.check_against(campaign)
        check_held_match(campaign, chronicle)
    except ChronicleError as exc:
        raise CampaignSaveError(where, f"is damaged: {exc}") from None
    if chronicle.slot != slot:
        raise CampaignSaveError(where, f"belongs to slot {chronicle.slot}, not slot {slot}")
    return chronicle


def has_backup(slot: int, campaign: Campaign | None = None) -> bool:
    """True when the slot has a previous version that can itself be read."""
    backup = backup_path(slot_path(slot))
    if not backup.is_file():
        return False
    try:
        load(slot, backup, campaign)
    except CampaignSaveError:
        return False
    return True


def restore_backup(slot: int, campaign: Campaign | None = None) -> Chronicle:
    """Put the backup back as the slot (the damaged file is kept as ``.damaged``)."""
    chronicle = load(slot, backup_path(slot_path(slot)), campaign)
    path = slot_path(slot)
    if path.exists():
        path.replace(path.with_name(path.name + ".damaged"))
    save(chronicle)
    return chronicle


def delete(slot: int) -> None:
    """Remove a slot, its backup and any temporary file a killed write of it left."""
    path = slot_path(slot)
    for victim in (path, backup_path(path)):
        victim.unlink(missing_ok=True)
    remove_stale_temp_files(path.parent, path, max_age=0.0)


def slots(count: int = SLOTS, campaign: Campaign | None = None) -> list[SlotInfo]:
    """Every slot: empty, its chronicle, or the problem reading it (and whether its backup reads).
    Temporary files older than a minute, left by a write that was killed, are removed first."""
    remove_stale_temp_files(campaign_dir())
    out = []
    for slot in range(1, count + 1):
        if not slot_path(slot).exists():
            out.append(SlotInfo(slot))
            continue
        try:
            out.append(SlotInfo(slot, chronicle=load(slot, campaign=campaign)))
        except CampaignSaveError as exc:
            out.append(SlotInfo(slot, error=exc, backup=has_backup(slot, campaign)))
    return out


def veteran_unlocked(campaign: Campaign | None = None) -> bool:
    """True once any slot's chronicle was won (Veteran is then offered for new chronicles)."""
    return any(info.chronicle is not None and info.chronicle.won for info in slots(campaign=campaign))
