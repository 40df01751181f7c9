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
its Message-ID and a digest of its sender, subject, date and text, or without a Message-ID
of these and its Received lines; ``wtg.mail.poll.mailmark``): a mail whose mark is not the
one kept for its key is another mail, handled as new under a key of its own
(``told_apart``). The Message-ID alone tells nothing: a client, a list or a phone's app that
writes one on every mail had each of its later mails moved unread (mailkeys44). A row whose
mark says nothing (a journal of a wtg before this one kept none for a mail without a
Message-ID, or for one quarantined) is the mail's when its copy in the archive is
(``wtg.mail.poll.archivedcopies``), else taken as another mail: in doubt a mail is read, and
its orders filed again replace the same orders. A key whose copy in the archive, of any
month, holds another mail (its record let go after ``MESSAGES_KEPT``) gets a key of its own
too: the copy is never written over, and the answers the outbox keeps under the key, sent
months before, never stand for the new mail's. So does a key the journal and the archive
know nothing of whose answers the outbox holds: its mail was one of a flood, let go with its
copy (``wtg.mail.spool.floodcopies``). The mailboxes a host moves to have keys of
their own besides (``wtg.mail.servers.mailboxkeys``); this is for a host that moved before
there were marks, a server that gave a folder made anew an old folder's UIDVALIDITY, or a
program that names the files of a maildir as it counts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from wtg.mail.message.mailcopy import BYTES, QUARANTINED, TEXT, bytes_mark
from wtg.mail.poll.archivedcopies import Archived, archived_as
from wtg.mail.poll.mailmark import marks_of, message_id_of
from wtg.mail.servers.inbox import Incoming


class Journaled(Protocol):
    """What ``told_apart`` reads of the journal."""

    def outcomes(self, keys: Sequence[str]) -> dict[str, str]: ...

    def marks(self, keys: Sequence[str]) -> dict[str, str]: ...


def told_apart(
    batch: list[Incoming],
    known: dict[str, str],
    journal: Journaled,
    archive: Path,
    answered: Callable[[str], bool] = lambda key: False,
) -> tuple[list[Incoming], dict[str, str]]:
    """``batch`` and ``known`` (the outcomes the journal keeps for its keys), each mail whose
    key the journal keeps for another mail, or whose copy in ``archive`` is another mail's,
    given a key of its own: the key and a digest of its mark (``imap:<uidvalidity>:<uid>.
    <digest>``), by which its record, its copy in the archive and its answers in the outbox
    are its own and not the other mail's (whose answer, sent months before, took the place
    of its confirmation); ``known`` then holds what the journal keeps for that key (a poll
    that handled it and could not move it). ``answered``: whether the outbox holds answers
    of a key (``wtg.mail.incoming.earlieranswers``): a key the journal and the archive know
    nothing of whose answers it holds was another mail's, let go with its copy as one of a
    flood (``wtg.mail.spool.floodcopies``; a mail's copy is written before any answer)."""
    marks = journal.marks(list(known)) if known else {}
    archived = Archived(archive)
    renamed: list[str] = []
    mails = []
    for message in batch:
        if message.key in known:
            mark = marks.get(message.key, "")
            # a row without a mark (a wtg before marks wrote it): its copy in the archive
            # tells, and in doubt (none) the mail is read
            other = another_mail(message, mark) if mark else not archived_as(message, archived)
        else:
            own = archived_as(message, archived)
            other = own is False or (own is None and answered(message.key))
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
    mark; or the key a wtg before this one gave it (a digest of its Message-ID alone, or of
    the mark it kept, ``marks_of``) when the journal keeps that key for this mail (handled,
    and not moved out)."""
    mark, *earlier = marks_of(message)
    befores = [f"{message.key}.{_digest(text)}" for text in (message_id_of(message), *earlier)]
    kept = journal.marks(befores)
    for before in befores:
        if before in kept and not another_mail(message, kept[before]):
            return before
    return f"{message.key}.{_digest(mark)}"


def another_mail(message: Incoming, kept: str) -> bool:
    """Whether ``kept``, the mark the journal keeps for ``message``'s key, was written for
    another mail: its Message-ID, sender, subject, date and text are not ``message``'s (nor
    its sender and body's bytes, as a wtg before this one kept them), or, for a mark of a
    mail without a Message-ID, its Received lines, subject, date and text are not (nor its
    bytes, as a wtg before this one kept them). True when the row has no mark to tell by:
    in doubt, the mail is read."""
    if " " in kept or kept.startswith((TEXT, BYTES)):  # a copy mark, a text or bytes mark
        return kept not in marks_of(message)
    if kept.startswith(QUARANTINED):
        return bytes_mark(message.raw or message.head, QUARANTINED) != kept
    return True


def _digest(text: str) -> str:
    """The first twelve hex digits of ``text``'s SHA-256: a key's suffix."""
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]
