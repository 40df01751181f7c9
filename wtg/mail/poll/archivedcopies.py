"""The copies the archive keeps under a mail's key, in any month (``archive/YYYY-MM/``),
and whether they are that mail's or another's that the server gave the key before: the
journal lets the record of a mail go after two weeks, and a row of a wtg before marks
tells nothing; the archive's copy tells which mail the key was given to
(``wtg.mail.poll.samekey``)."""

from __future__ import annotations

import os
from pathlib import Path

from wtg.mail.poll.mailmark import mark_of
from wtg.mail.servers.inbox import Incoming


class Archived:
    """The archive's copies under a name, in any month (``archive/YYYY-MM/``), each name
    looked up in each month's folder. A poll of one mail, the most of them, looks a dozen
    times on an archive a year old and lists no folder of thousands of copies; a poll of
    5,000 mails looks 60,000 times, far less than what it spends reading the mails, and
    a month's folder of more copies costs a look no more (``bench/bench_archived.py``)."""

    def __init__(self, archive: Path) -> None:
        try:
            self.months = [entry.path + os.sep for entry in os.scandir(archive) if entry.is_dir()]
        except FileNotFoundError:  # no mail archived yet
            self.months = []

    def copies(self, name: str) -> list[str]:
        """The paths of the copies named ``name`` (none in a month's folder that cannot be
        read: one another user owns, after a command run as root, tells nothing)."""
        return [month + name for month in self.months if os.path.exists(month + name)]


def archived_as(message: Incoming, archived: Archived) -> bool | None:
    """Whether the copies in the archive under ``message``'s key are its own: True when
    there is one and each holds its bytes, the start of them (the copy of a poll killed
    while writing it) or the same mail as its server gives it now (its mark: a server that
    builds a mail's bytes anew each time); False when one holds another mail (the server
    gave the key months before, or a program filing a maildir its name), or cannot be read
    (maybe another mail's, never written over); None when there is none. The journal lets
    the record of a mail go after two weeks, the outbox keeps the answers of its key for
    ever: the new mail's confirmation was taken for the one sent then, and never went."""
    own = None
    for path in archived.copies(message.kept_in(Path()).name):
        try:
            there = Path(path).read_bytes()
        except FileNotFoundError:
            continue
        except OSError:  # a copy it cannot read
            return False
        if not _holds(message, there):
            return False
        own = True
    return own


def _holds(message: Incoming, there: bytes) -> bool:
    """Whether ``there``, a copy in the archive, is ``message``."""
    if message.kept_bytes().startswith(there):
        return True
    return bool(message.raw) and mark_of(message.replaced(raw=there)) == mark_of(message)
