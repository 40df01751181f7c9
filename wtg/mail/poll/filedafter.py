"""The mail a host restored from a backup filed after the backup was made, named at each
poll until none is left unread (docs/gm.md, "Backups").

Restored after the host went on, the host's journal is the backup's: the mail the host
filed since is in the mail server's folders, not in the inbox, and only `wtg restore`'s
own output said so; a GM who forgot it ran the turns without those orders. Each poll of a
host restored (``wtg.mail.spool.afterbackup``), before it moves any mail, reads the mails
of those folders that came into the inbox from a day before the backup (a mail that came
before it may have been filed after it) to the poll (the old host, its cron left on, filed
what came until the restored host's first poll claimed the mailbox; what the restored host
filed, its journal knows), and names each the journal does not know (``marks_of``, or the
mark of one quarantined, as the poll keeps them): their folder, count and UIDs, and what
to do. It moves none back itself: a mail there may be another host's on the same mailbox
(a form of a game this host does not have), and the GM who moves them chooses which. Once
none is left (moved back and filed, or none came), the polls look no more.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from wtg.game.schedule import moment_text
from wtg.host.config import GmConfig
from wtg.mail.message.mailcopy import QUARANTINED, bytes_mark
from wtg.mail.poll.mailmark import marks_of
from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.afterbackup import Unread, go_on, held_line, moved_how, unread_named
from wtg.mail.spool.journal import Journal

BEFORE = timedelta(days=1)
"""How long before the backup a mail may have come and been filed after it."""


def unread_after(journal: Journal, found: list[tuple[str, int | str, Incoming]]) -> Unread:
    """Of ``found`` (each mail's folder, UID or file name, and mail), the UIDs (or names) of
    each folder whose mail the journal does not know."""
    unread: Unread = {}
    for folder, uid, mail in found:
        quarantined = bytes_mark(mail.raw or mail.head, QUARANTINED)  # as the poll keeps one
        if all(journal.key_of_message_id(mark) is None for mark in (*marks_of(mail), quarantined)):
            unread.setdefault(folder, []).append(uid)
    return unread


def unread_line(made: datetime, inbox: str, unread: Unread, spool: Path) -> str:
    """What the GM is told of the mails filed after the backup and never read here."""
    return (
        f"this host was restored from a backup made {moment_text(made)}: "
        f"{unread_named(unread)} came in since then or a little before, and this host never "
        "read them (the host before the restore filed them, or another host on this "
        f"mailbox): move each of yours back into {inbox} "
        f"{moved_how(inbox, ', from that folder to the inbox')}, and the next poll files "
        f"it; `run-turn --due` runs no turn until then ({go_on(spool)}). Each poll says this "
        "until none is left"
    )


def inbox_named(gm: GmConfig) -> str:
    """The inbox the GM moves the mails back into, as the lines of this module name it: a
    Maildir's by the folder a file is moved into (hosts47)."""
    if gm.imap is not None:
        return gm.imap.folder
    return str(gm.maildir_in / "new") if gm.transport == "maildir" else "the inbox"


def turns_held(gm: GmConfig) -> str | None:
    """Before `run-turn --due` (or `wtg serve`) runs the turns due: why it runs none (the
    last poll found mail filed after the backup and never read here: ``due_held_line``),
    else None."""
    return held_line(gm.spool, inbox_named(gm))
