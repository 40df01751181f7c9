"""The name a mail's From shows its sender as (``Jürgen Müller <j@example.org>``), as
his client wrote it: an RFC 2047 encoded word (``=?utf-8?q?J=C3=BCrgen?=``) decoded, and
8-bit bytes (which the parser keeps as surrogates) read as UTF-8, else as the fallback
charsets of a mail's text. Its white space, line breaks among it, is one space. What a
hostile From holds beyond that (a control character, a bidi override) is left for the
caller's check of a name: this only reads."""

from __future__ import annotations

import email.errors
import email.utils
from email.header import decode_header, make_header
from email.message import Message

from wtg.mail.message.extract import decode_bytes

NAME_MAX = 200
"""Characters of a display name read (a name a game takes is far shorter)."""


def display_name(msg: Message) -> str:
    """The display name of the mail's From, decoded; "" when it has none or the email
    package's parser gives up on it."""
    raw = next((str(value) for key, value in msg.raw_items() if key.lower() == "from"), "")
    try:  # read raw: the parser's own reading of 8-bit bytes puts U+FFFD for each
        shown = email.utils.parseaddr(raw)[0]
    except RecursionError:  # the stdlib's address parser recurses on some header values
        return ""
    return " ".join(_decoded(_eight_bit(shown[: NAME_MAX * 4])).split())[:NAME_MAX]


def _eight_bit(text: str) -> str:
    """A header's raw 8-bit bytes (surrogates, as the compat32 parser keeps them) as text."""
    if text.isascii() or not any("\udc80" <= char <= "\udcff" for char in text):
        return text
    raw = text.encode("utf-8", "surrogateescape")
    return decode_bytes(raw, None)[0]


def _decoded(text: str) -> str:
    """``text`` with its encoded words decoded (as it stands when it has none, or one that
    cannot be read)."""
    if "=?" not in text:
        return text
    try:
        return str(make_header(decode_header(text)))
    except (email.errors.HeaderParseError, ValueError, LookupError, UnicodeError):
        return text
