"""Another program filing this host's mail: two hosts configured on one IMAP mailbox (a
second host's wtg.yaml copied from the first, an old install's cron left running after
the games folder moved) each take every mail of the inbox, and a form of the other's game
is held here as no game of this host, its player, a stranger here, told nothing.

Each poll reads the UIDNEXT of the folders it files into (``processed_folder``,
``rejected_folder``) before it moves anything, and again once its moves are done, and keeps
them in the spool (``FOLDER_MARKS``). A folder whose UIDNEXT grew between two polls had
mail put into it by something else: the poll says so. A poll cut short while it moved
mail leaves no marks (the next one only notes them), so its own moves are never taken for
another's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, parse_iso

FOLDER_MARKS = "imap-folder-marks.json"
"""In the spool: the mailbox and the marks of its folders after this host's last poll."""

Marks = Mapping[str, tuple[int, int]]
"""A folder's name: its UIDVALIDITY and UIDNEXT."""


class Marked(Record):
    """A poll's folder marks: as it found them, and whether it has moved mail since."""

    mailbox: str
    marks: Marks
    moving: bool


def others_filed(spool: Path, mailbox: str, now: Marks, inbox: str = "INBOX") -> str | None:
    """The line of the mail put into ``mailbox``'s folders since the marks this host
    kept (``now``: as they are before this poll moves anything); None when none was, or
    no marks were kept for this mailbox (the first poll, a config changed, a poll cut
    short while it moved mail). ``inbox``: the folder this host polls, where the mails
    go back when the other program was this host's old install (``_moved_back``)."""
    kept = _kept(spool, mailbox)
    if kept is None:
        return None
    came = [
        (folder, next_uid - kept[folder][1])
        for folder, (validity, next_uid) in now.items()
        if folder in kept and kept[folder][0] == validity and next_uid > kept[folder][1]
    ]
    if not came:
        return None
    said = " and ".join(
        f"{counted(number, 'mail')} came into {folder}" if index == 0 else f"{number} into {folder}"
        for index, (folder, number) in enumerate(came)
    )
    return (
        f"{said} since this host's last poll, moved there by another program: another "
        "wtg host polls this mailbox (a copy of this config, an old install's cron), a "
        "mail client files into its folders, or the mail server delivers into them (some "
        "file a mail to an address user+folder@ in that folder); the mails it takes never "
        "reach this host's "
        "games, their players not told. Give each host a mailbox of its own, and stop the "
        "other program (its quarantine, `quarantine` given there, holds the forms of this "
        f"host's games it took{_moved_back(came, inbox)})"
    )


def _moved_back(came: list[tuple[str, int]], inbox: str) -> str:
    """What to do with the mails when the other program is this host's old install, left
    running after the host moved (gmtrial43): it filed them into its own copy of the games,
    where neither the quarantine nor this host has them. Moved back into the inbox, each
    is filed by this host's next poll, and a mail it handled itself is known as a copy and
    left alone. The mails are the newest of each folder: the other program's, since this
    host's last poll."""
    mails = " and ".join(
        f"the newest {counted(number, 'mail')} of {folder}"
        if index == 0
        else f"{number} of {folder}"
        for index, (folder, number) in enumerate(came)
    )
    return (
        "; an old install of this host, left running after the host moved, filed them into "
        f"its own copy of the games: once it is stopped, move {mails} back into {inbox}, "
        "and this host's next poll files each it has not filed itself"
    )


def others_took(folder: str) -> str:
    """The line of mail that came into the inbox ``folder`` since this host's last poll
    and was gone from it before this poll (``FiledInFolders.inbox_gone``): another host
    polling the mailbox that files into folders of other names, whose moves no mark of
    this host's folders shows."""
    return (
        f"mail came into {folder} since this host's last poll and was taken out of it by "
        "another program before this poll: another wtg host polls this mailbox (a copy of "
        "this config, an old install's cron, a host filing into folders of other names), a "
        "mail client moves or deletes mail there, or a rule of the mail server moves it "
        "after delivery; the mails it takes never reach this host's games, their players "
        "not told. Give each host a mailbox of its own, and stop the other program (its "
        "quarantine, `quarantine` given there, holds the forms of this host's games it took)"
    )


def kept_inbox(spool: Path, mailbox: str) -> tuple[int, int] | None:
    """The inbox's UIDVALIDITY and the UID from which on this host's last poll of
    ``mailbox`` saw no mail (``keep_marks``'s ``inbox``); None when none was kept."""
    data = _read(spool)
    if data is None or data.get("mailbox") != mailbox:
        return None
    pair = data.get("inbox")
    try:
        return (int(pair[0]), int(pair[1])) if isinstance(pair, list) else None
    except (TypeError, ValueError, IndexError):
        return None


SEEN_SHOWN = 24 * 3600
"""Seconds `wtg status --host` says the last mail another program filed (``others_seen``)."""


class Seen(Record):
    """The last time a poll found mail another program filed, and its line."""

    at: datetime
    line: str


def keep_marks(
    spool: Path,
    mailbox: str,
    marks: Marks | None,
    seen: Seen | None = None,
    inbox: tuple[int, int] | None = None,
) -> None:
    """Keep ``mailbox``'s marks as this host left its folders; None while this poll moves
    mail (a poll killed then leaves nothing to compare with). ``seen``: mail another
    program filed, found by this poll; else the last found is kept (``others_seen``).
    ``inbox``: the inbox's UIDVALIDITY and the UID from which on this poll saw no mail."""
    kept = seen or others_seen(spool)
    data = {
        "mailbox": mailbox,
        "marks": None if marks is None else {f: list(pair) for f, pair in marks.items()},
        "inbox": None if marks is None or inbox is None else list(inbox),
        "seen": None if kept is None else {"at": iso(kept.at), "line": kept.line},
    }
    write_atomic(spool / FOLDER_MARKS, json.dumps(data), sync=False)


def others_seen(spool: Path, now: datetime | None = None) -> Seen | None:
    """The last mail another program filed that a poll found (`wtg status --host`); with
    ``now``, only one found in the ``SEEN_SHOWN`` before it. None when there is none."""
    data = _read(spool)
    seen = data.get("seen") if data is not None else None
    if not isinstance(seen, dict):
        return None
    try:
        found = Seen(at=parse_iso(str(seen["at"])), line=str(seen["line"]))
    except (KeyError, ValueError):
        return None
    if now is not None and (now - found.at).total_seconds() > SEEN_SHOWN:
        return None
    return found


def _read(spool: Path) -> dict[str, object] | None:
    try:
        data = json.loads((spool / FOLDER_MARKS).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or torn: the poll notes them anew
        return None
    return data if isinstance(data, dict) else None


def _kept(spool: Path, mailbox: str) -> dict[str, tuple[int, int]] | None:
    data = _read(spool)
    if data is None or data.get("mailbox") != mailbox:
        return None
    marks = data.get("marks")
    if not isinstance(marks, dict):
        return None
    try:
        return {str(f): (int(pair[0]), int(pair[1])) for f, pair in marks.items()}
    except (TypeError, ValueError, IndexError):
        return None


__all__ = [
    "FOLDER_MARKS",
    "Marked",
    "Marks",
    "Seen",
    "keep_marks",
    "kept_inbox",
    "others_filed",
    "others_seen",
    "others_took",
]
