"""The moment of the backup a host was restored from, kept in its spool until its polls
find no mail it filed after that moment and never read (``wtg.mail.poll.filedafter``).

A backup is the host as it was when it was made: restored after the host went on, the
mail the host filed since is in the mail server's folders (``processed_folder``,
``rejected_folder``), not in the inbox, and the restored journal never saw it. Only
`wtg restore`'s own output named it, and a GM who forgot it ran the turns without those
orders.
"""

from __future__ import annotations

import contextlib
import json
from datetime import datetime
from pathlib import Path

from wtg.files import private
from wtg.files.store import write_atomic
from wtg.game.schedule import parse_iso

AFTER_BACKUP = "after-backup.json"
"""In the spool of a host restored from a backup: when the backup was made."""


def note_backup(spool: Path, made: str, restored: str) -> None:
    """Keep in ``spool`` (a host being restored) the moment its backup was made, and the
    moment of the restore."""
    private.make_dirs(spool)
    write_atomic(spool / AFTER_BACKUP, json.dumps({"made": made, "restored": restored}) + "\n")


def backup_made(spool: Path) -> tuple[datetime, datetime] | None:
    """When the backup this host was restored from was made, and when it was restored,
    while its polls still look for the mail filed between the two; None otherwise (or when
    the file cannot be read)."""
    try:
        data = json.loads((spool / AFTER_BACKUP).read_text(encoding="utf-8"))
        return parse_iso(data["made"]), parse_iso(data["restored"])
    except (OSError, ValueError, TypeError, KeyError):
        return None


def note_unread(spool: Path, unread: dict[str, list[int]]) -> None:
    """Keep what a poll found filed after the backup and never read here (the UIDs of each
    folder): `run-turn --due` holds the turns due while any is (``unread_kept``). Written
    only when it changes; nothing when the file is gone (a GM removed it meanwhile)."""
    try:
        data = json.loads((spool / AFTER_BACKUP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if not isinstance(data, dict) or data.get("unread") == unread:
        return
    write_atomic(spool / AFTER_BACKUP, json.dumps({**data, "unread": unread}) + "\n")


def unread_kept(spool: Path) -> tuple[datetime, dict[str, list[int]]] | None:
    """When the backup was made and what the last poll found filed after it and never read
    (``note_unread``); None when no poll found any, or the file is gone or does not read."""
    made = backup_made(spool)
    try:
        unread = json.loads((spool / AFTER_BACKUP).read_text(encoding="utf-8")).get("unread")
    except (OSError, ValueError, AttributeError):
        return None
    if made is None or not isinstance(unread, dict) or not unread:
        return None
    kept = {
        str(folder): [uid for uid in uids if isinstance(uid, int)]
        for folder, uids in unread.items()
        if isinstance(uids, list)
    }
    return (made[0], kept) if any(kept.values()) else None


def looked(spool: Path) -> None:
    """Nothing filed after the backup is left unread: the polls look no more."""
    with contextlib.suppress(FileNotFoundError):
        (spool / AFTER_BACKUP).unlink()
