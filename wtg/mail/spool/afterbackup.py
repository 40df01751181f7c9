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

from wtg.core.plurals import counted
from wtg.files import private
from wtg.files.store import write_atomic
from wtg.game.schedule import moment_text, parse_iso
from wtg.text.shellcommand import shell_command

AFTER_BACKUP = "after-backup.json"
"""In the spool of a host restored from a backup: when the backup was made."""
UNREAD = "after-backup-unread.json"
"""Beside it: what the last poll found filed after the backup and never read here. A file
of its own, so that a poll never writes ``AFTER_BACKUP`` again: it read that file and
wrote it again with what it found, and a GM's `rm` of it (the line's way on) that came in
between was undone (hosts47). It counts only while ``AFTER_BACKUP`` is there."""
SHOWN = 10
"""The UIDs named of a folder; the rest counted."""
Unread = dict[str, list[int | str]]
"""The mails filed after the backup and never read here, by folder: each one's UID in an
IMAP folder, or its file's name in a Maildir's folder (``.processed/cur``)."""


def note_backup(spool: Path, made: str, restored: str) -> None:
    """Keep in ``spool`` (a host being restored) the moment its backup was made, and the
    moment of the restore."""
    private.make_dirs(spool)
    with contextlib.suppress(FileNotFoundError):  # a backup of a host restored before
        (spool / UNREAD).unlink()
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


def note_unread(spool: Path, unread: Unread) -> None:
    """Keep what a poll found filed after the backup and never read here (the UIDs of each
    folder): `run-turn --due` holds the turns due while any is (``unread_kept``). Written
    only when it changes, in a file of its own (``UNREAD``): ``AFTER_BACKUP`` is only ever
    removed, so a GM's `rm` of it stands whenever it comes."""
    if _kept_unread(spool) == unread:
        return
    write_atomic(spool / UNREAD, json.dumps({"unread": unread}) + "\n")


def _kept_unread(spool: Path) -> object:
    """What ``note_unread`` kept last, as read; a file of round 46 kept it in
    ``AFTER_BACKUP``, read when there is no ``UNREAD``. None when neither holds it."""
    for name in (UNREAD, AFTER_BACKUP):
        try:
            data = json.loads((spool / name).read_text(encoding="utf-8"))
        except FileNotFoundError:
            continue
        except (OSError, ValueError):
            return None
        return data.get("unread") if isinstance(data, dict) else None
    return None


def unread_kept(spool: Path) -> tuple[datetime, Unread] | None:
    """When the backup was made and what the last poll found filed after it and never read
    (``note_unread``); None when no poll found any, or ``AFTER_BACKUP`` is gone or does not
    read (the GM removed it: the mails left there are his choice)."""
    made = backup_made(spool)
    if made is None:
        return None
    unread = _kept_unread(spool)
    if not isinstance(unread, dict) or not unread:
        return None
    kept: Unread = {
        str(folder): [uid for uid in uids if isinstance(uid, (int, str))]
        for folder, uids in unread.items()
        if isinstance(uids, list)
    }
    return (made[0], kept) if any(kept.values()) else None


def looked(spool: Path) -> None:
    """Nothing filed after the backup is left unread: the polls look no more (the note of
    the backup removed first: a kill between the two leaves the finding, which counts for
    nothing without it, and the next poll's ``looked`` removes it)."""
    for name in (AFTER_BACKUP, UNREAD):
        with contextlib.suppress(FileNotFoundError):
            (spool / name).unlink()


def held_line(spool: Path, inbox: str) -> str | None:
    """Why `run-turn --due` runs no turn on the host of ``spool`` (``due_held_line``, the
    mails to be moved back into ``inbox``), as it, `wtg serve`, `wtg status` and the
    digest say it; None when it runs them."""
    kept = unread_kept(spool)
    if kept is None:
        return None
    return due_held_line(kept[0], inbox, kept[1], spool)


def due_held_line(made: datetime, inbox: str, unread: Unread, spool: Path) -> str:
    """What `run-turn --due` says when it runs no turn, because the last poll found mail
    filed after the backup and never read here (``wtg.mail.poll.filedafter``). Ruling
    (movedhost46): a turn run without orders that lie in the processed folder is run again
    by a rollback, its players mailed twice, and the turn they sent orders for is lost to
    them; a due run held costs a delay the GM ends with one move in a mail client, or one
    command."""
    return (
        f"no turn run: this host was restored from a backup made {moment_text(made)}, and "
        f"its last poll found {unread_named(unread)} that came in since then or a little "
        "before and that this host never read (a player's orders, perhaps, for a turn due): "
        f"move each of yours back into {inbox} {moved_how(inbox, '')}, and the next poll files "
        f"it, then the turns due run; {go_on(spool)}"
    )


def moved_how(inbox: str, more: str) -> str:
    """How the GM moves a mail back into ``inbox``, in brackets: a Maildir's ``new/`` (a
    path) by moving its file (hosts47: before, "in a mail client" for a Maildir's too), a
    mail server's folder in a mail client, ``more`` after it."""
    folder = Path(inbox)
    if folder.is_absolute() and folder.name == "new":
        return "(`mv` each file into it)"
    return f"(in a mail client{more})"


def unread_named(unread: Unread) -> str:
    """The mails of ``unread``: each folder's count and UIDs (a Maildir's: its files)."""
    parts = []
    for folder, uids in unread.items():
        files = any(isinstance(uid, str) for uid in uids)
        shown = ", ".join(str(uid) for uid in sorted(uids, key=str if files else int)[:SHOWN])
        more = f" and {len(uids) - SHOWN} more" if len(uids) > SHOWN else ""
        named = "files" if files else "UID"
        parts.append(f"{counted(len(uids), 'mail')} in {folder} ({named} {shown}{more})")
    return " and ".join(parts)


def go_on(spool: Path) -> str:
    """The command that runs the turns due without the mails left unread."""
    note = shell_command("rm", str(spool / AFTER_BACKUP))
    return (
        f"to run the turns without the mails you leave there, `{note}`: the polls then "
        "name them no more"
    )
