"""A mail as a server that builds its bytes anew each time it is fetched gives it (Exchange
is one, from what it stored of the mail): its headers in another order and folded anew, a
header of its own added, the Date in its own zone, its text sent as 8bit given as
quoted-printable or base64."""

from __future__ import annotations

import email
import email.policy
from datetime import timezone
from email.message import EmailMessage
from email.utils import format_datetime, parsedate_to_datetime

FOLDED = email.policy.SMTP.clone(max_line_length=50)
"""Headers folded at 50 columns: not where the sender's client folded them."""
SUBJECT = "orders for turn 1, sent from my phone on the train home"
"""A subject long enough to be folded where its sender did not fold it."""


def sent_8bit(text: str, sender: str, message_id: str | None, subject: str = SUBJECT) -> bytes:
    """A mail of ``text`` as a player's client sends it (one UTF-8 part, 8bit; None: without
    a Message-ID, as some phones' apps and scripts send), with the Received line of the
    server that took it in."""
    msg = EmailMessage()
    msg["Received"] = "from mx.players.example by mx.example.org; Mon, 7 Dec 2026 10:02:04 +0000"
    msg["From"] = sender
    msg["To"] = "gm@example.org"
    msg["Subject"] = subject
    msg["Date"] = "Mon, 07 Dec 2026 11:02:03 +0100"
    if message_id is not None:
        msg["Message-ID"] = message_id
    msg.set_content(text, cte="8bit")
    return msg.as_bytes(policy=email.policy.SMTP)


def rebuilt(raw: bytes, encoding: str = "quoted-printable") -> bytes:
    """``raw``, one text part, as a server that builds it anew gives it: ``encoding`` its
    transfer encoding."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    out = EmailMessage()
    out["X-MS-Exchange-Organization-AuthAs"] = "Anonymous"
    for name, value in reversed(msg.items()):
        if name.lower().startswith("content-") or name.lower() == "mime-version":
            continue
        if name.lower() == "date":
            value = format_datetime(parsedate_to_datetime(str(value)).astimezone(timezone.utc))
        out[name] = str(value)
    out.set_content(msg.get_content(), cte=encoding)
    again = out.as_bytes(policy=FOLDED)
    assert again != raw and encoding.encode() in again
    return again
