"""Each IMAP mailbox the host polled, and the mark its mails' keys carry.

A mail's key on IMAP is its folder's UIDVALIDITY and its UID, which name a mail within
one folder of one server only. The key names the mail's record in the journal, its copy in
the archive and the answers queued for it in the outbox, whose sent mail wtg never removes.
A host that moves to another mailbox (another provider, another account, a folder of
another name) may meet a folder with the UIDVALIDITY the old folder had: servers that
number their folders from 1, or two folders made in the same second by servers that take
the clock for it. Each new mail then had the key of a mail of the old folder: the journal
took it for that mail and the poll moved it out of the inbox unread, and the confirmation
of a mail it did file was taken for the one sent months before and never sent
(gmtrial43).

The first mailbox a host polls keeps the keys it always had (``imap:<uidvalidity>:<uid>``);
each other mailbox is given a mark once, ``m2.``, ``m3.``, ..., which its keys carry after
``imap:`` (``imap:m2.<uidvalidity>:<uid>``). The marks are kept in the spool
(``MAILBOXES``), written before the first mail of a new mailbox is read.
"""

from __future__ import annotations

import json
from pathlib import Path

from wtg.files import private
from wtg.files.filelock import exclusive
from wtg.files.store import write_atomic
from wtg.host.config import ImapConfig

MAILBOXES = "imap-mailboxes.json"
"""In the spool: each mailbox polled (``mailbox_of``) and the mark of its mails' keys."""


def mailbox_of(config: ImapConfig) -> str:
    """The mailbox ``config`` polls, as one text: its login, server, port and folder (the
    login and the server's name in any case are one; INBOX is one folder in any case)."""
    folder = "INBOX" if config.folder.upper() == "INBOX" else config.folder
    return f"{(config.username or '').casefold()}@{config.host.casefold()}:{config.port}/{folder}"


def key_mark(spool: Path, config: ImapConfig) -> str:
    """The mark the keys of the mails of ``config``'s mailbox carry: "" for the first
    mailbox the host polled, else the one given to it when it was first polled; a mailbox
    polled for the first time is given one here, kept before any of its mails is read,
    under the marks' lock (``LOCK``). OSError when another process holds that lock (it
    gives a mailbox of its own a mark this instant): the next poll gives this one."""
    mailbox = mailbox_of(config)
    marks = _read(spool / MAILBOXES)
    if mailbox in marks:
        return marks[mailbox]
    private.make_dirs(spool)  # a host's first poll makes its spool
    with exclusive(spool / LOCK, lambda: OSError(f"{spool / MAILBOXES}: {BUSY}")):
        marks = _read(spool / MAILBOXES)  # as the one before this lock left it
        if mailbox in marks:
            return marks[mailbox]
        given = "" if not marks else f"m{len(marks) + 1}."
        while given and given in marks.values():  # a file mended by hand: no mark twice
            given = f"m{int(given[1:-1]) + 1}."
        marks[mailbox] = given
        write_atomic(spool / MAILBOXES, json.dumps({"mailboxes": marks}, indent=1) + "\n")
    return given


LOCK = "imap-mailboxes.lock"
"""In the spool: held while a mailbox is given its mark. The marks are read, given and
written by the poll before it takes its own lock (`wtg poll` opens its inbox first); two
polls of two configs opening two new mailboxes at once both read the marks without the
other's, both gave ``m2.``, and the file kept one of them: the other's mails took the keys
of the first's, and a mark given again at its next poll."""
BUSY = (
    "another wtg is giving a mailbox polled for the first time its mark; this poll stops "
    "before it reads a mail, and the next one gives this mailbox its own"
)
"""What a poll that finds the marks' lock held is told (it stops; the next one goes on)."""


MEND = (
    '; mend it as wtg wrote it ({"mailboxes": {MAILBOX: MARK}}), or remove it: the next '
    "poll's mailbox is then noted as the first, its mails' keys unmarked"
)
"""What a marks file that does not read is told with (a hand's edit: wtg writes it whole)."""


def _read(path: Path) -> dict[str, str]:
    """The marks kept; none when the file is not there (the first poll, or a host of a wtg
    before this one: its mailbox now keeps the keys it always had)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise OSError(
            f"{path}: cannot read the marks of the mailboxes polled: {exc}{MEND}"
        ) from exc
    mailboxes = data.get("mailboxes") if isinstance(data, dict) else None
    if not isinstance(mailboxes, dict):
        raise OSError(
            f"{path}: cannot read the marks of the mailboxes polled: not as wtg wrote it{MEND}"
        )
    return {str(name): str(mark) for name, mark in mailboxes.items()}
