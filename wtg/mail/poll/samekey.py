"""A key the journal knows, given by the server to another mail.

A mail's key on IMAP is its folder's UIDVALIDITY and its UID (``imap:<uidvalidity>:<uid>``),
which name a mail within one folder of one server only. A host that moves to another
mailbox (another provider, another account, a folder of another name) may meet a folder
whose UIDVALIDITY is the one the old folder had: servers that number their folders from 1,
or two folders made in the same second by servers that take the clock for it. Each new mail
then came with the key of a mail handled months before, and the poll, which takes a key the
journal holds for a mail it handled and could not move, moved it out of the inbox unread:
the player's orders were never filed, and nobody was told (gmtrial43).

The journal keeps each mail's copy mark beside its key, its Message-ID first: a mail whose
Message-ID is not the one kept for its key is another mail, handled as new under a key of
its own (``told_apart``). A row kept without a Message-ID (the mail had none) tells
nothing, and the key is taken as it is. The mailboxes a host moves to have keys of their
own besides (``wtg.mail.servers.mailboxkeys``); this is for a host that moved before
there were marks, or a server that gave a folder made anew an old folder's UIDVALIDITY.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol

from wtg.mail.message.extract import parse_headers
from wtg.mail.servers.inbox import Incoming


class Journaled(Protocol):
    """What ``told_apart`` reads of the journal."""

    def outcomes(self, keys: Sequence[str]) -> dict[str, str]: ...

    def marks(self, keys: Sequence[str]) -> dict[str, str]: ...


def told_apart(
    batch: list[Incoming], known: dict[str, str], journal: Journaled
) -> tuple[list[Incoming], dict[str, str]]:
    """``batch`` and ``known`` (the outcomes the journal keeps for its keys), each mail whose
    key the journal keeps for another mail given a key of its own: the key and a digest of
    its Message-ID (``imap:<uidvalidity>:<uid>.<digest>``), by which its record, its copy
    in the archive and its answers in the outbox are its own and not the other mail's (whose
    answer, sent months before, took the place of its confirmation); ``known`` then holds
    what the journal keeps for that key (a poll that handled it and could not move it)."""
    if not known:
        return batch, known
    marks = journal.marks(list(known))
    renamed: list[str] = []
    mails = []
    for message in batch:
        if message.key in known and another_mail(message, marks.get(message.key, "")):
            digest = hashlib.sha256(message_id_of(message).encode("utf-8", "replace"))
            message = message.replaced(key=f"{message.key}.{digest.hexdigest()[:12]}")
            renamed.append(message.key)
        mails.append(message)
    if not renamed:
        return batch, known
    kept = {m.key: known[m.key] for m in mails if m.key in known}
    return mails, kept | journal.outcomes(renamed)


def another_mail(message: Incoming, kept_mark: str) -> bool:
    """Whether ``kept_mark``, the copy mark the journal keeps for ``message``'s key, was
    written for another mail: its Message-ID is not ``message``'s. False when the row has
    none to tell by."""
    kept_id = kept_mark.rpartition(" ")[0]  # the mark: the Message-ID, a space, a digest
    if not kept_id:
        return False
    return message_id_of(message) != kept_id


def message_id_of(message: Incoming) -> str:
    """The Message-ID of ``message`` as the poll keeps it in the journal (stripped, 8-bit
    bytes replaced); "" when it has none."""
    found = parse_headers(message.raw or message.head).get("Message-ID", "")
    return str(found).strip().encode("utf-8", "replace").decode()
