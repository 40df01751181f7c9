"""When a mail is a copy of one handled before: the same Message-ID, from the same sender,
with the same body (a mail delivered twice, or met again under another key of the inbox).

A Message-ID alone proves nothing: anyone may write any (a forger who read a player's, in
a copy the player sent others), and some clients and scripts write the same one on every
mail. The journal keeps the ``copy_mark`` of each mail in place of its bare Message-ID (its
messages.message_id),
and a mail whose mark it holds is a copy."""

from __future__ import annotations

import hashlib
import re

_HEAD_END = re.compile(rb"\r?\n\r?\n")


def copy_mark(message_id: str, sender: str | None, raw: bytes) -> str:
    """What a copy of the mail shares with it: its Message-ID, then a digest of its sender
    (as the poll answers him) and its body (the bytes after its header, which servers and
    routes do not change); "" for a mail without a Message-ID (none is a copy)."""
    if not message_id:
        return ""
    found = _HEAD_END.search(raw)
    body = raw[found.end() :] if found is not None else b""
    digest = hashlib.sha256()
    digest.update((sender or "").encode("utf-8", "surrogateescape") + b"\0")
    digest.update(body)
    return f"{message_id} {digest.hexdigest()[:32]}"
