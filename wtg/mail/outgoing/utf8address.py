"""An address whose own part is not ASCII (``δοκιμή@παράδειγμα.δοκιμή``, ``用户@例子.广告``):
how a mail of ours is addressed to it (RFC 6532, internationalised headers).

Such an address cannot be written in ASCII: an encoded word may not stand in an address,
and IDNA covers a domain only. A mail to it carries its To in UTF-8 as it is (the domain in
IDNA, as the envelope carries it), and goes out only through an SMTP server that offers
SMTPUTF8 (``wtg.mail.servers.transport``); the maildir transport writes it as it is. An
address whose own part is ASCII (``dana@bücher.example``) is none of these: its domain is
written in IDNA and the mail is plain ASCII (``compose._ascii_domain``).
"""

from __future__ import annotations

from email.errors import NonASCIILocalPartDefect
from email.headerregistry import Address
from email.message import Message

from wtg.text.addresses import ascii_domain

_NOT_IN_LOCAL = frozenset(' "\\<>()[],;:@')
"""Characters an unquoted own part may not hold: an address of ours is written bare, so
one that would need quotes (``"ü ü"@example.org``) is refused, as an ASCII one is."""


class Utf8Address(str):
    """A To (or From) header's value that must be written in UTF-8 as it is: ``local@domain``
    with a non-ASCII ``local``, made by ``header_value`` alone, so the policy that folds a
    mail's headers (``compose.POLICY``) knows it from any other text."""


def needs_utf8(address: Address, defects: tuple[object, ...]) -> bool:
    """Whether ``address`` (the one address of a header the registry read, with the
    header's ``defects``) is one whose own part is not ASCII, and nothing else is wrong
    with it."""
    local = address.username
    if local.isascii() or not local.isprintable():
        return False
    if any(char in _NOT_IN_LOCAL for char in local):
        return False
    return all(isinstance(defect, NonASCIILocalPartDefect) for defect in defects)


def header_value(address: Address) -> Utf8Address:
    """``address`` as a mail's To carries it: its own part as it is, its domain in IDNA
    where it has an IDNA form, no display name (one beside a UTF-8 address would need the
    quoting rules of RFC 6532, for a name the player's client shows anyway)."""
    domain = ascii_domain(f"x@{address.domain}").rpartition("@")[2]
    return Utf8Address(f"{address.username}@{domain}")


def header_line(name: str, value: Utf8Address, linesep: str) -> bytes:
    """The header line of a ``Utf8Address``: UTF-8, never folded (an address has no
    space to fold at)."""
    return f"{name}: {value}{linesep}".encode()


def read_utf8(value: str) -> str:
    """A header's value as read from a mail's bytes (8-bit bytes kept as surrogates by the
    parser) with those bytes read as UTF-8: a To of ours, or a From a player's client wrote
    in UTF-8 (RFC 6532); as it is when they are not UTF-8 (an address of such bytes is none:
    its surrogates are no printable characters)."""
    if value.isascii():
        return value
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8")
    except UnicodeError:
        return value


def header_text(head: Message, name: str) -> str:
    """The first ``name`` header of a mail read back from its bytes (``parse_headers``), as
    text: its 8-bit bytes read as UTF-8 (``read_utf8``), where the parser's own reading of
    them gives a U+FFFD for each (the digest listed a mail to ``δοκιμή@...`` as to
    ``������@...``); "" when it has none."""
    wanted = name.lower()
    for key, value in head.raw_items():
        if key.lower() == wanted:
            return read_utf8(str(value))
    return ""
