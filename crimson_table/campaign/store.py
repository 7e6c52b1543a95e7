"""The chronicle slots on disk: ``<user data>/campaign/chronicle_<n>.json``.

Every write goes through ``play/saves.atomic_write_json`` (the previous file kept as
``.bak``), every read through ``play/saves.read_json`` (size, depth, UTF-8, JSON checked).  A
slot that cannot be used raises :class:`CampaignSaveError` naming the file and the problem;
``has_backup`` / ``restore_backup`` offer the previous version.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crimson_table.campaign.progress import Chronicle, ChronicleError
from crimson_table.play.saves import SaveError, atomic_write_json, backup_path, campaign_dir, read_json

FORMAT = "crimson-table-chronicle"
VERSION = 1
SLOTS = 3


class CampaignSaveError(SaveError):
    """A chronicle slot file that cannot be used (``str()`` names the file and the problem)."""


@dataclass(frozen=True)
class SlotInfo:
    """One slot as the campaign menu lists it: empty, a chronicle, or a problem."""

    slot: int
    chronicle: Chronicle | None = None
    error: CampaignSaveError | None = None

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


def load(slot: int, path: Path | None = None) -> Chronicle:
    """Read slot ``slot`` (or the file ``path`` for it); problems raise CampaignSaveError."""
    where = path or slot_path(slot)
    try:
        data = read_json(where)
    except SaveError as exc:
        raise CampaignSaveError(exc.path, exc.problem) from None
    return _parse(where, data, slot)


def _parse(where: Path, data: Any, slot: int) -> Chronicle:
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
    except ChronicleError as exc:
        raise CampaignSaveError(where, f"is damaged: {exc}") from None
    if chronicle.slot != slot:
        raise CampaignSaveError(where, f"belongs to slot {chronicle.slot}, not slot {slot}")
    return chronicle


def has_backup(slot: int) -> bool:
    """True when the slot has a previous version that can itself be read."""
    backup = backup_path(slot_path(slot))
    if not backup.is_file():
        return False
    try:
        load(slot, backup)
    except CampaignSaveError:
        return False
    return True


def restore_backup(slot: int) -> Chronicle:
    """Put the backup back as the slot (the damaged file is kept as ``.damaged``)."""
    chronicle = load(slot, backup_path(slot_path(slot)))
    path = slot_path(slot)
    if path.exists():
        path.replace(path.with_name(path.name + ".damaged"))
    save(chronicle)
    return chronicle


def delete(slot: int) -> None:
    """Remove a slot and its backup."""
    path = slot_path(slot)
    for victim in (path, backup_path(path)):
        victim.unlink(missing_ok=True)


def slots(count: int = SLOTS) -> list[SlotInfo]:
    """Every slot: empty, its chronicle, or the problem reading it."""
    out = []
    for slot in range(1, count + 1):
        if not slot_path(slot).exists():
            out.append(SlotInfo(slot))
            continue
        try:
            out.append(SlotInfo(slot, chronicle=load(slot)))
        except CampaignSaveError as exc:
            out.append(SlotInfo(slot, error=exc))
    return out


def veteran_unlocked() -> bool:
    """True once any slot's chronicle was won (Veteran is then offered for new chronicles)."""
    return any(info.chronicle is not None and info.chronicle.won for info in slots())
