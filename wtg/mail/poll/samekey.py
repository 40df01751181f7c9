"""A key the journal or the archive knows, given by the server to another mail.

A mail's key on IMAP is its folder's UIDVALIDITY and its UID (``imap:<uidvalidity>:<uid>``),
which name a mail within one folder of one server only. A host that moves to another
mailbox (another provider, another account, a folder of another name) may meet a folder
whose UIDVALIDITY is the one the old folder had: servers that number their folders from 1,
or two folders made in the same second by servers that take the clock for it. Each new mail
then came with the key of a mail handled months before, and the poll, which takes a key the
journal holds for a mail it handled and could not move, moved it out of the inbox unread:
the player's orders were never filed, and nobody was told (gmtrial43). A maildir's key is
its file's name, which a program that files mail by names of its own (``1``, ``2``, ...)
gives again.

The journal keeps each mail's mark beside its key (``wtg.mail.message.mailcopy.kept_mark``:
its Message-ID and a digest of its sender and body, or a digest of its bytes): a mail
whose mark is not the one kept for its key is another mail, handled as new under a key of
its own (``told_apart``). The Message-ID alone tells nothing: a client, a list or a phone's
app that writes one on every mail had each of its later mails moved unread (mailkeys44). A
row whose mark says nothing (a journal of a wtg before this one kept none for a mail without
a Message-ID, or for one quarantined) is taken as another mail: in doubt a mail is read,
and its orders filed again replace the same orders. A key whose copy in the archive, of any
month, holds another mail's bytes (its record let go after ``MESSAGES_KEPT``) gets a key of
its own too: the copy is never written over, and the answers the outbox keeps under the
key, sent months before, never stand for the new mail's. The mailboxes a host moves to have
keys of their own besides (``wtg.mail.servers.mailboxkeys``); this is for a host that moved
before there were marks, a server that gave a folder made anew an old folder's UIDVALIDITY,
or a program that names the files of a maildir as it counts.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from wtg.mail.incoming.noreply import raw_headers, sender_address
from wtg.mail.message.extract import parse_headers
from wtg.mail.message.mailcopy import BYTES, QUARANTINED, bytes_mark, kept_mark
from wtg.mail.servers.inbox import Incoming


class Journaled(Protocol):
    """What ``told_apart`` reads of the journal."""

    def outcomes(self, keys: Sequence[str]) -> dict[str, str]: ...

    def marks(self, keys: Sequence[str]) -> dict[str, str]: ...


def told_apart(
    batch: list[Incoming], known: dict[str, str], journal: Journaled, archive: Path
) -> tuple[list[Incoming], dict[str, str]]:
    """``batch`` and ``known`` (the outcomes the journal keeps for its keys), each mail whose
    key the journal keeps for another mail, or whose copy in ``archive`` is another mail's,
    given a key of its own: the key and a digest of its mark (``imap:<uidvalidity>:<uid>.
    <digest>``), by which its record, its copy in the archive and its answers in the outbox
    are its own and not the other mail's (whose answer, sent months before, took the place
    of its confirmation); ``known`` then holds what the journal keeps for that key (a poll
    that handled it and could not move it)."""
    marks = journal.marks(list(known)) if known else {}
    archived = Archived(archive, len(batch))
    renamed: list[str] = []
    mails = []
    for message in batch:
        if message.key in known:
            other = another_mail(message, marks.get(message.key, ""))
        else:
            other = archived_other(message, archived)
        if other:
            message = message.replaced(key=own_key(message, journal))
            renamed.append(message.key)
        mails.append(message)
    if not renamed:
        return batch, known
    kept = {m.key: known[m.key] for m in mails if m.key in known}
    return mails, kept | journal.outcomes(renamed)


def own_key(message: Incoming, journal: Journaled) -> str:
    """The key of its own of a mail whose key is another mail's: its key and a digest of its
    mark; or the key a wtg before this one gave it (a digest of its Message-ID alone) when
    the journal keeps that key for this mail (handled, and not moved out)."""
    mark = mark_of(message)
    before = f"{message.key}.{_digest(message_id_of(message))}"
    if not another_mail(message, journal.marks([before]).get(before, "")):
        return before
    return f"{message.key}.{_digest(mark)}"


def another_mail(message: Incoming, kept: str) -> bool:
    """Whether ``kept``, the mark the journal keeps for ``message``'s key, was written for
    another mail: its Message-ID, sender and body are not ``message``'s (or, for a mark of
    its bytes, its bytes are not). True when the row has no mark to tell by: in doubt, the
    mail is read."""
    if " " in kept:  # a Message-ID, a space, a digest: a copy mark
        return mark_of(message) != kept
    for start in (BYTES, QUARANTINED):
        if kept.startswith(start):
            return bytes_mark(message.raw or message.head, start) != kept
    return True


LISTED_ABOVE = 5000
"""Looks for a batch's copies in the archive (its mails times the archive's months) above
which each month's folder is listed once instead: a listed name costs far less than a
look of its own."""


class Archived:
    """The archive's copies under a name, in any month (``archive/YYYY-MM/``): a batch of a
    few mails looks each up, one of many lists each month's folder once."""

    def __init__(self, archive: Path, mails: int) -> None:
        try:
            self.months = [entry.path + os.sep for entry in os.scandir(archive) if entry.is_dir()]
        except FileNotFoundError:  # no mail archived yet
            self.months = []
        self.listed: list[tuple[str, set[str]]] | None = None
        if mails * len(self.months) > LISTED_ABOVE:
            self.listed = [(month, _names(month)) for month in self.months]

    def copies(self, name: str) -> list[str]:
        """The paths of the copies named ``name``."""
        if self.listed is None:
            return [month + name for month in self.months if os.path.exists(month + name)]
        return [month + name for month, names in self.listed if name in names]


def _names(folder: str) -> set[str]:
    """The names in ``folder``; none when it cannot be read (a month's folder another user
    owns, after a command run as root, tells nothing: ``os.path.exists`` does the same)."""
    try:
        return set(os.listdir(folder))
    except OSError:
        return set()


def archived_other(message: Incoming, archived: Archived) -> bool:
    """Whether a copy in the archive under ``message``'s key (in any month: the server gave
    the key months before, or a program filing a maildir its name) holds another mail:
    neither its own bytes, nor the start of them (the copy of a poll killed while writing
    it). The journal lets the record of a mail go after two weeks, the outbox keeps the
    answers of its key for ever: the new mail's confirmation was taken for the one sent
    then, and never went."""
    for path in archived.copies(message.kept_in(Path()).name):
        try:
            there = Path(path).read_bytes()
        except FileNotFoundError:
            continue
        except OSError:  # a copy it cannot read: maybe another mail's, never written over
            return True
        if not message.kept_bytes().startswith(there):
            return True
    return False


def mark_of(message: Incoming) -> str:
    """The mark the poll keeps of ``message`` in the journal (``kept_mark``), its header
    read as the poll reads it; a digest of its bytes when its header cannot be read (the
    poll then quarantines it: another mail all the same)."""
    data = message.raw or message.head
    try:
        headers = raw_headers(parse_headers(data))
        sender = sender_address(headers)
    except Exception:  # a mail is untrusted input: its bytes tell it from another
        return bytes_mark(data)
    return kept_mark(message_id_of(message), sender, message.raw, message.head)


def message_id_of(message: Incoming) -> str:
    """The Message-ID of ``message`` as the poll keeps it in the journal (stripped, 8-bit
    bytes replaced); "" when it has none or its header cannot be read."""
    try:
        found = parse_headers(message.raw or message.head).get("Message-ID", "")
    except Exception:  # a mail is untrusted input
        return ""
    return str(found).strip().encode("utf-8", "replace").decode()


def _digest(text: str) -> str:
    """The first twelve hex digits of ``text``'s SHA-256: a key's suffix."""
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]
