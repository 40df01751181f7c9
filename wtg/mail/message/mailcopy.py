"""When a mail is a copy of one handled before: the same Message-ID, from the same sender,
with the same subject, date and text (a mail delivered twice, or met again under another
key of the inbox); for a mail without a Message-ID, the same Received lines too (the GM's
mail moved back into the inbox, which his server gives as it gave it before).

A Message-ID alone proves nothing: anyone may write any (a forger who read a player's, in
a copy the player sent others), and some clients and scripts write the same one on every
mail. The journal keeps the ``kept_mark`` of each mail in place of its bare Message-ID (its
messages.message_id), and a mail whose mark it holds is a copy. The mark tells the poll too
whether the mail a key of the inbox names now is the one the journal kept it for
(``wtg.mail.poll.samekey``).

What the mark reads of a mail is what the poll reads of it, as it reads it: the text of
each part decoded, not the bytes that carry it. Some servers build a mail's bytes anew
each time it is fetched (Exchange is one: its headers in another order and folded anew, a
header of its own added, a body sent as 8bit given as quoted-printable or base64, another
charset, other boundaries between the parts), and a mail handled and not moved out (a move
that failed, a poll killed before it) was taken for another mail and answered twice. The
subject and the date are in it: two mails of one Message-ID and one body (a script that
writes one on every mail) that ask other things by their subject, or were written at
other times, are two mails. So is how the poll reads each part: whether it reads it for a
form and as what (a body, an attached text file, HTML), its lines as a flowed text's join,
the forwarded messages it sits in; two mails the poll reads other orders from never share a
mark, or the second would be dropped as a copy of the first."""

from __future__ import annotations

import email.utils
import hashlib
import re
from collections.abc import Iterator
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import Message

from wtg.mail.message.extract import (
    flowing,
    html_text,
    parse_headers,
    parse_mail,
    part_kind,
    part_text,
    unflow,
)

_HEAD_END = re.compile(rb"\r?\n\r?\n")
TEXT = "text:"
"""How the mark of a mail without a Message-ID begins (``text_mark``)."""
BYTES = "bytes:"
"""How the mark of a mail without a Message-ID began in a wtg before this one: a digest of
its bytes followed (``earlier_mark``)."""
QUARANTINED = "quarantined:"
"""How the mark of a mail quarantined begins (a digest of its bytes follows): no copy is
known by it, so that the GM's mail moved back by hand is read again, as ever."""
UNREADABLE = UnicodeError
"""What the email package raises reading a hostile mail as ``_read`` reads it: a file name
given in RFC 2231's form (``filename*=punycode''...``) in a charset whose codec fails even
when told to replace what it cannot read (punycode, idna, undefined). The rest of what
such a mail holds it reads without raising, whatever it is: broken MIME, a charset of no
name known, a header of megabytes, base64 that is none, a part with no payload (its
defects noted, bytes given as they are). Whatever else ``_read`` raises is a bug of
wtg's, never taken for a mail of its own."""


def copy_mark(
    message_id: str, sender: str | None, raw: bytes, head: bytes = b"", read: Message | None = None
) -> str:
    """What a copy of the mail shares with it: its Message-ID, then a digest of its sender
    (as the poll answers him), its subject and date and its parts' text (``_read``); "" for
    a mail without a Message-ID (its ``kept_mark`` is its ``text_mark``). ``head``: the
    header of a mail too big to fetch (``raw`` empty), whose subject and date are read;
    ``read``: the mail as ``parse_mail`` read it already (``raw``, or ``head``)."""
    if not message_id:
        return ""
    return f"{message_id} {_digest(sender, _read(raw, head, read, received=False))}"


def text_mark(
    sender: str | None, raw: bytes, head: bytes = b"", read: Message | None = None
) -> str:
    """The mark of a mail without a Message-ID: ``text:`` and a digest of its sender, its
    Received lines (each server's on its way in, which only one delivery of it has: two
    mails the server received each have their own), its subject, date and text, read as
    ``copy_mark`` reads them: not the bytes, which a server may build anew."""
    return TEXT + _digest(sender, _read(raw, head, read, received=True))


def kept_mark(
    message_id: str, sender: str | None, raw: bytes, head: bytes = b"", read: Message | None = None
) -> str:
    """What the journal keeps of a mail: its ``copy_mark``, or for a mail without a
    Message-ID its ``text_mark``."""
    return copy_mark(message_id, sender, raw, head, read) or text_mark(sender, raw, head, read)


def earlier_mark(message_id: str, sender: str | None, raw: bytes, head: bytes = b"") -> str:
    """The mark a wtg before this one kept (its Message-ID, then a digest of its sender and
    of its body's bytes as the server gave them; without a Message-ID ``bytes:`` and a
    digest of its bytes): a row it wrote, kept two weeks, still knows its mail after an
    upgrade."""
    if not message_id:
        return bytes_mark(raw or head)
    found = _HEAD_END.search(raw)
    body = raw[found.end() :] if found is not None else b""
    digest = hashlib.sha256()
    digest.update((sender or "").encode("utf-8", "surrogateescape") + b"\0")
    digest.update(body)
    return f"{message_id} {digest.hexdigest()[:32]}"


def _digest(sender: str | None, pieces: Iterator[str]) -> str:
    """The first 32 hex digits of the SHA-256 of ``sender`` and ``pieces``, each ended."""
    digest = hashlib.sha256()
    for piece in (sender or "", *pieces):
        digest.update(piece.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()[:32]


def bytes_mark(data: bytes, start: str = BYTES) -> str:
    """``start`` and a digest of ``data``: a mark without a space, which no ``copy_mark``
    is (a Message-ID, a space, a digest)."""
    return start + hashlib.sha256(data).hexdigest()[:32]


def _read(raw: bytes, head: bytes, read: Message | None, received: bool) -> Iterator[str]:
    """What the mark reads of a mail: its subject (its encoded words decoded, its spaces
    and folding as one space), its date (the moment, in whatever zone and form it is
    written), then each part's type and how the poll reads it (``_parts``) and its text
    (decoded from its transfer encoding and charset, its lines' ends and trailing spaces
    and the blank lines at its end aside, ``_text``) or, for a part that is no text, its
    bytes decoded. Boundaries, a wrapper of parts, a part's other headers and the text
    before and after the parts are not read: a server writes its own. A mail the
    email package cannot read whole (``UNREADABLE``) is read, from there on, as the bytes
    of its body. ``received``: its Received lines first, each unfolded, its spaces as one."""
    try:
        mail = read if read is not None else parse_mail(raw) if raw else parse_headers(head)
        if received:
            yield from (" ".join(str(line).split()) for line in mail.get_all("Received", []))
        yield _subject(mail)
        yield _date(mail)
        if raw:
            yield from _parts(mail)
    except UNREADABLE:  # a mail is untrusted input: its body's bytes tell it apart
        found = _HEAD_END.search(raw)
        yield (raw[found.end() :] if found is not None else b"").decode("ascii", "surrogateescape")


def _subject(mail: Message) -> str:
    """The subject's text, its encoded words decoded where they can be: in one of at most
    ``SUBJECT_DECODED`` characters (the email package decodes encoded words in time that
    grows with the square of their number: a subject of 200,000 of them, a mail of 3 MB,
    held the poll for minutes), the rest as written."""
    written = " ".join(str(mail.get("Subject", "")).split())
    if "=?" not in written or len(written) > SUBJECT_DECODED:
        return written
    try:
        return " ".join(str(make_header(decode_header(written))).split())
    except (HeaderParseError, ValueError, LookupError, UnicodeError):  # a broken encoded word
        return written


SUBJECT_DECODED = 4000
"""Characters of a subject whose encoded words the mark decodes: a client's subject, one
of a long list's, is far shorter."""


def _date(mail: Message) -> str:
    """The moment the Date header names, as seconds since the epoch; its text, spaces as one,
    when it names none."""
    written = " ".join(str(mail.get("Date", "")).split())
    try:
        return str(email.utils.parsedate_to_datetime(written).timestamp())
    except (ValueError, OverflowError):  # no date, or none the parser reads
        return written


def _parts(mail: Message) -> Iterator[str]:
    """Each part that holds no parts: how the poll reads it (its type, whether it is read
    for a form and as what, ``part_kind``, the forwarded messages it sits in), then its
    text (``_text``) or its bytes. A wrapper a server puts the parts in
    (a multipart/mixed of its own) is not read: the poll reads none. An HTML part's text is
    the text the poll reads in it (``html_to_text``), not its tags: a server that writes a
    mail's HTML anew at each fetch (a tracking attribute added, its blanks and lines laid
    out anew, as Exchange makes a mail's HTML again from what it stored) gives one mail."""
    for part, forwards in _leaves(mail):
        kind = part.get_content_type()
        read_as = part_kind(part, kind)
        yield f"{kind} {read_as} {forwards}"
        if not kind.startswith("text/"):
            data = part.get_payload(decode=True)
            yield (data if isinstance(data, bytes) else b"").decode("latin-1")
            continue
        # as the poll reads it for a form: decoded once, an HTML part's parsed once
        text = html_text(part) if read_as == "html" else part_text(part)[0]
        yield _text(text, *flowing(part))


def _leaves(mail: Message) -> Iterator[tuple[Message, tuple[int, ...]]]:
    """Each part of ``mail`` that holds no parts, in their order, with the forwarded
    messages (message/rfc822 parts) it sits in, each by its number, as the poll numbers
    them (``wtg.mail.message.extract``): the order lines of a forwarded form are the
    forwarded sender's, not the player's."""
    forwards = 0
    waiting: list[tuple[Message, tuple[int, ...]]] = [(mail, ())]
    while waiting:
        part, within = waiting.pop()
        if part.get_content_type() == "message/rfc822":
            forwards += 1
            within = (*within, forwards)
        if not part.is_multipart():
            yield part, within
            continue
        inner = [child for child in part.get_payload() if isinstance(child, Message)]
        waiting.extend((child, within) for child in reversed(inner))


def _text(text: str, flowed: bool, delsp: bool) -> str:
    """A part's text as the poll reads its lines: LF line ends, a flowed text's lines
    joined where they go on (``unflow``: a line ending in a blank joined to the next), each
    line's trailing blanks and the blank lines at its end aside. Joined, not marked as
    flowed: a server that gives the text again without its format=flowed, or with its
    lines' blanks dropped where none joined two, gives the same lines."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if flowed:
        text = unflow(text, delsp=delsp)
    if " \n" not in text and "\t\n" not in text:  # most texts: no line to strip
        return text.rstrip(" \t\n")
    return "\n".join(line.rstrip(" \t") for line in text.split("\n")).rstrip(" \t\n")
