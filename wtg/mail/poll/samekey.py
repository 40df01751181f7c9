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
Message-ID is not the one kept for its key is another mail, handled as new (its row is
replaced by its own). A row kept without a Message-ID (the mail had none) tells nothing,
and the key is taken as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.mail.message.extract import parse_headers
from wtg.mail.servers.inbox import Incoming


def same_mails(
    known: Mapping[str, str], marks: Mapping[str, str], batch: Sequence[Incoming]
) -> dict[str, str]:
    """``known`` (the outcomes the journal keeps for keys of ``batch``) without the keys
    whose row was written for another mail than the one of ``batch`` that has the key now
    (``marks``: the journal's copy mark of each)."""
    if not known:
        return dict(known)
    by_key = {message.key: message for message in batch}
    return {
        key: outcome
        for key, outcome in known.items()
        if key not in by_key or not another_mail(by_key[key], marks.get(key, ""))
    }


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
