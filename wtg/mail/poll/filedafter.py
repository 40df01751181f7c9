"""The mail a host restored from a backup filed after the backup was made, named at each
poll until none is left unread (docs/gm.md, "Backups").

Restored after the host went on, the host's journal is the backup's: the mail the host
filed since is in the mail server's folders, not in the inbox, and only `wtg restore`'s
own output said so; a GM who forgot it ran the turns without those orders. Each poll of a
host restored (``wtg.mail.spool.afterbackup``), before it moves any mail, reads the mails
of those folders that came into the inbox from a day before the backup (a mail that came
before it may have been filed after it) to the restore (the restored host's own polls
filed what came since), and names each the journal does not know (``marks_of``, or the
mark of one quarantined, as the poll keeps them): their folder, count and UIDs, and what
to do. It moves none back itself: a mail there may be another host's on the same mailbox
(a form of a game this host does not have), and the GM who moves them chooses which. Once
none is left (moved back and filed, or none came), the polls look no more.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from wtg.core.plurals import counted
from wtg.game.schedule import moment_text
from wtg.host.config import GmConfig
from wtg.mail.message.mailcopy import QUARANTINED, bytes_mark
from wtg.mail.poll.mailmark import marks_of
from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.afterbackup import AFTER_BACKUP, unread_kept
from wtg.mail.spool.journal import Journal
from wtg.text.shellcommand import shell_command

BEFORE = timedelta(days=1)
"""How long before the backup a mail may have come and been filed after it."""
SHOWN = 10
"""The UIDs named of a folder; the rest counted."""


def unread_after(journal: Journal, found: list[tuple[str, int, Incoming]]) -> dict[str, list[int]]:
    """Of ``found`` (each mail's folder, UID and mail), the UIDs of each folder whose mail
    the journal does not know."""
    unread: dict[str, list[int]] = {}
    for folder, uid, mail in found:
        quarantined = bytes_mark(mail.raw or mail.head, QUARANTINED)  # as the poll keeps one
        if all(journal.key_of_message_id(mark) is None for mark in (*marks_of(mail), quarantined)):
            unread.setdefault(folder, []).append(uid)
    return unread


def _named(unread: dict[str, list[int]]) -> str:
    """The mails of ``unread``: each folder's count and UIDs."""
    parts = []
    for folder, uids in unread.items():
        shown = ", ".join(str(uid) for uid in sorted(uids)[:SHOWN])
        more = f" and {len(uids) - SHOWN} more" if len(uids) > SHOWN else ""
        parts.append(f"{counted(len(uids), 'mail')} in {folder} (UID {shown}{more})")
    return " and ".join(parts)


def unread_line(made: datetime, inbox: str, unread: dict[str, list[int]], spool: Path) -> str:
    """What the GM is told of the mails filed after the backup and never read here."""
    return (
        f"this host was restored from a backup made {moment_text(made)}: "
        f"{_named(unread)} came in since then or a little before, and this host never "
        "read them (the host before the restore filed them, or another host on this "
        f"mailbox): move each of yours back into {inbox} (in a mail client, from that folder "
        "to the inbox), and the next poll files it; `run-turn --due` runs no turn until "
        f"then ({_go_on(spool)}). Each poll says this until none is left"
    )


def due_held_line(made: datetime, inbox: str, unread: dict[str, list[int]], spool: Path) -> str:
    """What `run-turn --due` says when it runs no turn, because the last poll found mail
    filed after the backup and never read here (``unread_line``). Ruling (movedhost46): a
    turn run without orders that lie in the processed folder is run again by a rollback,
    its players mailed twice, and the turn they sent orders for is lost to them; a due
    run held costs a delay the GM ends with one move in a mail client, or one command."""
    return (
        f"no turn run: this host was restored from a backup made {moment_text(made)}, and "
        f"its last poll found {_named(unread)} that came in since then or a little before "
        "and that this host never read (a player's orders, perhaps, for a turn due): move "
        f"each of yours back into {inbox} (in a mail client), and the next poll files it, "
        f"then the turns due run; {_go_on(spool)}"
    )


def inbox_named(gm: GmConfig) -> str:
    """The inbox the GM moves the mails back into, as the lines of this module name it."""
    return gm.imap.folder if gm.imap is not None else "the inbox"


def turns_held(gm: GmConfig) -> str | None:
    """Before `run-turn --due` (or `wtg serve`) runs the turns due: why it runs none (the
    last poll found mail filed after the backup and never read here: ``due_held_line``),
    else None."""
    kept = unread_kept(gm.spool)
    if kept is None:
        return None
    return due_held_line(kept[0], inbox_named(gm), kept[1], gm.spool)


def _go_on(spool: Path) -> str:
    """The command that runs the turns due without the mails left unread."""
    note = shell_command("rm", str(spool / AFTER_BACKUP))
    return (
        f"to run the turns without the mails you leave there, `{note}`: the polls then "
        "name them no more"
    )
