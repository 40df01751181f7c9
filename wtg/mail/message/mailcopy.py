"""When a mail is a copy of one handled before: the same Message-ID, from the same sender,
with the same body (a mail delivered twice, or met again under another key of the inbox);
for a mail without a Message-ID, the same bytes (the GM's mail moved back into the inbox,
which his server gives whole as it gave it before).

A Message-ID alone proves nothing: anyone may write any (a forger who read a player's, in
a copy the player sent others), and some clients and scripts write the same one on every
mail. The journal keeps the ``kept_mark`` of each mail in place of its bare Message-ID (its
messages.message_id), and a mail whose mark it holds is a copy. The mark tells the poll too
whether the mail a key of the inbox names now is the one the journal kept it for
(``wtg.mail.poll.samekey``)."""

from __future__ import annotations

import hashlib
import re

_HEAD_END = re.compile(rb"\r?\n\r?\n")
BYTES = "bytes:"
"""How the mark of a mail without a Message-ID begins: a digest of its bytes follows."""
QUARANTINED = "quarantined:"
"""How the mark of a mail quarantined begins (a digest of its bytes follows): no copy is
known by it, so that the GM's mail moved back by hand is read again, as ever."""


def copy_mark(message_id: str, sender: str | None, raw: bytes) -> str:
    """What a copy of the mail shares with it: its Message-ID, then a digest of its sender
    (as the poll answers him) and its body (the bytes after its header, which servers and
    routes do not change); "" for a mail without a Message-ID (its ``kept_mark`` is its bytes)."""
    if not message_id:
        return ""
    found = _HEAD_END.search(raw)
    body = raw[found.end() :] if found is not None else b""
    digest = hashlib.sha256()
    digest.update((sender or "").encode("utf-8", "surrogateescape") + b"\0")
    digest.update(body)
    return f"{message_id} {digest.hexdigest()[:32]}"


def kept_mark(message_id: str, sender: str | None, raw: bytes, head: bytes = b"") -> str:
    """What the journal keeps of a mail: its ``copy_mark``; for a mail without a Message-ID,
    ``bytes:`` and a digest of its bytes as the server gave them (``raw``, or its header
    ``head`` when it was too big to fetch), which only the same mail has: two mails the
    server received each have their own Received and Date lines."""
    return copy_mark(message_id, sender, raw) or bytes_mark(raw or head)


def bytes_mark(data: bytes, start: str = BYTES) -> str:
    """``start`` and a digest of ``data``: a mark without a space, which no ``copy_mark``
    is (a Message-ID, a space, a digest)."""
    return start + hashlib.sha256(data).hexdigest()[:32]
