"""The mark the poll keeps of a mail it takes from the inbox, read from the mail as the
server gave it (``wtg.mail.message.mailcopy``): what tells the mail a key of the inbox
names now from the one the journal or the archive kept under it (``wtg.mail.poll.samekey``,
``wtg.mail.poll.archivedcopies``)."""

from __future__ import annotations

from wtg.mail.incoming.noreply import raw_headers, sender_address
from wtg.mail.message.extract import parse_headers
from wtg.mail.message.mailcopy import bytes_mark, earlier_mark, kept_mark
from wtg.mail.servers.inbox import Incoming


def mark_of(message: Incoming) -> str:
    """The mark the poll keeps of ``message`` in the journal (``kept_mark``), its header
    read as the poll reads it; a digest of its bytes when its header cannot be read (the
    poll then quarantines it: another mail all the same)."""
    data = message.raw or message.head
    try:
        sender = sender_address(raw_headers(parse_headers(data)))
    except Exception:  # a mail is untrusted input: its bytes tell it from another
        return bytes_mark(data)
    return kept_mark(message_id_of(message), sender, message.raw, message.head)


def marks_of(message: Incoming) -> tuple[str, ...]:
    """``mark_of(message)``, and the mark a wtg before this one kept for it
    (``earlier_mark``: a row it wrote is kept two weeks)."""
    mark = mark_of(message)
    try:
        sender = sender_address(raw_headers(parse_headers(message.raw or message.head)))
    except Exception:  # a mail is untrusted input: its mark alone
        return (mark,)
    return (mark, earlier_mark(message_id_of(message), sender, message.raw, message.head))


def message_id_of(message: Incoming) -> str:
    """The Message-ID of ``message`` as the poll keeps it in the journal (stripped, 8-bit
    bytes replaced); "" when it has none or its header cannot be read."""
    try:
        found = parse_headers(message.raw or message.head).get("Message-ID", "")
    except Exception:  # a mail is untrusted input
        return ""
    return str(found).strip().encode("utf-8", "replace").decode()
