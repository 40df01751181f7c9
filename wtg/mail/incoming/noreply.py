"""Mail that must never get an automatic reply, and how often anyone gets one.

The poller answers players automatically; answering an auto-responder, a mailing
list or a bounce could start a mail loop. Headers are read raw (unfolded, never
parsed by the email policy), so a malformed header cannot make a check raise.
Subjects are never looked at: "Re: Out of office" may well be a player.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Sequence
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import Message
from email.utils import getaddresses
from functools import lru_cache

from wtg.core.printable import printable
from wtg.mail.outgoing.compose import writable
from wtg.mail.outgoing.listid import ascii_address, domain_of, ours
from wtg.mail.outgoing.utf8address import read_utf8
from wtg.text.addresses import mailbox_of

_DAEMONS = frozenset(("mailer-daemon", "postmaster"))
_BULK = frozenset(("bulk", "list", "junk", "auto_reply"))
_SUPPRESS = frozenset(("all", "oof", "autoreply"))
_LIST_HEADERS = ("List-Id", "List-Unsubscribe")
_AUTO_HEADERS = ("X-Autoreply", "X-Autorespond")
LOOP_MAX = 2000
VALUE_SHOWN = 80
"""Characters of a header's value (or an address) that a reason quotes (``_shown``): the
reason is the mail's outcome, a line of `wtg poll -v`, of the log, of `wtg status` and the
digest; a mail's ``Auto-Submitted: auto-replied`` followed by 24,000 characters of its own
made that line 24,000 characters long on the GM's terminal."""
"""Characters of the longest X-Loop value that may be ours: our address (at most 254), or
encoded words of it."""


Headers = dict[str, list[str]]
"""A mail's raw header values (as received, not unfolded) by lower-cased name."""


def raw_headers(msg: Message) -> Headers:
    """A mail's headers grouped by name, once for all the checks (they ask for ten headers)
    and ``sender_address``: hand them to both instead of the mail."""
    headers: Headers = {}
    for key, value in msg.raw_items():
        headers.setdefault(key.lower(), []).append(value)
    return headers


def auto_reply_reason(msg: Message | Headers, our_loop_id: str) -> str | None:
    """Why this mail must get no automatic reply, or None when a reply is fine."""
    headers = _grouped(msg)
    for check in _CHECKS:
        reason = check(headers, our_loop_id)
        if reason:
            return reason
    return None


def sender_address(msg: Message | Headers) -> str | None:
    """The lower-cased address to reply to: the From's, or the Reply-To's when it is usable
    and of the From's mailbox name in the From's domain (the same, or one above or below
    it); None without a usable From. The GM's server checks the From's domain (DMARC:
    ``wtg.mail.incoming.senderauth``), no one checks a Reply-To: one to another domain, or to
    another mailbox of a provider's domain that anyone may have an account of (gmail.com), would
    have the host answer a third party. A From that names two addresses (in one header or
    in two) is none: the server checks one of them, and the poll would answer another
    (``From: <mallory@evil.example.>, victim@example.org``, DMARC judged for evil.example,
    whose first address no mail can be written to)."""
    headers = _grouped(msg)
    found = [address for value in _values(headers, "From") for _, address in _addresses(value)]
    if len({address.lower() for address in found if "@" in address}) > 1:
        return None
    sender = next((address.lower() for address in found if _usable(address)), None)
    if sender is None:
        return None
    for value in _values(headers, "Reply-To"):
        address = _first_address(value)
        if address is not None and _same_mailbox(address, sender):
            return address
    return sender


def from_address(msg: Message | Headers, sender: str | None) -> str | None:
    """The address of the From (lower-cased), the one the GM's server checks (DMARC), when
    ``sender_address`` found a usable From (``sender``, its answer address): the mail is
    answered at its Reply-To of the same mailbox, but it came from this address."""
    if sender is None:
        return None
    found = [
        address for value in _values(_grouped(msg), "From") for _, address in _addresses(value)
    ]
    return next((address.lower() for address in found if _usable(address)), None)


def hosts_own(address: str | None, our_loop_id: str, dashed: Collection[str] = ()) -> bool:
    """Whether ``address`` is the host's own (``our_loop_id``: the address it sends from,
    ``compose.loop_id``), in any case, or another address of its mailbox (``mailbox_of``:
    ``gm+lobby@``, ``gm-lobby@`` at a domain of ``dashed``, at Gmail its name with dots or at
    googlemail.com; its server delivers them all to the host). The host's own mail carries
    its X-Loop and Auto-Submitted and is turned away as a loop when it comes back; a mail
    From the host's address without them is a forgery, whose answers would go to the host
    itself and whose requests no one could confirm."""
    if not address or not our_loop_id:
        return False
    mine, theirs = ascii_address(our_loop_id), ascii_address(address)
    return "@" in mine and mailbox_of(theirs, dashed) == mailbox_of(mine, dashed)


class ReplyLimiter:
    """At most ``limit`` automatic replies to one sender within ``window`` seconds."""

    @staticmethod
    def allowed(
        sender: str,
        now: float,
        history: Sequence[float],
        limit: int = 3,
        window: float = 3600,
    ) -> bool:
        """``history``: when this sender was last answered (the caller keeps it)."""
        if not sender or limit <= 0:
            return False
        recent = sum(1 for stamp in history if stamp > now - window)
        return recent < limit


def oversized(raw: bytes, limit: int) -> bool:
    """A mail too big to read (and to answer)."""
    return len(raw) > limit


def _shown(value: str) -> str:
    """A header's value (or an address) as a reason quotes it: without control sequences
    (``printable``) and cut to ``VALUE_SHOWN`` characters, `` [...]`` after a value cut."""
    value = printable(value)
    return value if len(value) <= VALUE_SHOWN else f"{value[:VALUE_SHOWN]} [...]"


def _auto_submitted(headers: Headers, _loop: str) -> str | None:
    for value in _values(headers, "Auto-Submitted"):
        if _token(value) != "no":
            return f"Auto-Submitted: {_shown(value) or '(empty)'}"
    return None


def _precedence(headers: Headers, _loop: str) -> str | None:
    for value in _values(headers, "Precedence"):
        if _token(value) in _BULK:
            return f"Precedence: {_shown(value)}"
    return None


def _mailing_list(headers: Headers, our_loop_id: str) -> str | None:
    """A mailing list's mail. The List-Id of one of our own games (``wtg.mail.outgoing.listid``) is
    none: a player's mail that kept it (a forward or a redirect of a report) is his, and
    our own mail come back is known by its X-Loop and Auto-Submitted."""
    for name in _LIST_HEADERS:
        values = _values(headers, name)
        if name == "List-Id" and values:
            domain = domain_of(our_loop_id)
            values = [value for value in values if not ours(value, domain)]
        if values:
            return f"a mailing list message ({name})"
    return None


def _bounce_sender(headers: Headers, _loop: str) -> str | None:
    for value in _values(headers, "Return-Path"):
        if value.strip("<> ") == "":
            return "empty return path (a bounce or a notification)"
    for name in ("Return-Path", "From"):
        for value in _values(headers, name):
            for _, address in _addresses(value):
                if address.partition("@")[0].lower() in _DAEMONS:
                    return f"sent by {_shown(address)} ({name})"
    return None


def _our_loop(headers: Headers, our_loop_id: str) -> str | None:
    if any(same_loop(value, our_loop_id) for value in _values(headers, "X-Loop")):
        return f"X-Loop: {our_loop_id} (our own mail came back)"
    return None


def same_loop(value: str, our_loop_id: str) -> bool:
    """Whether an X-Loop value is ours: alike once an encoded word is decoded and the
    domain put in its ASCII form (a host whose address has a non-ASCII domain sent its
    X-Loop as an encoded word before its value was made ASCII). A value longer than
    ``LOOP_MAX`` is none of ours, and is not decoded: the email package decodes thousands
    of encoded words in time that grows faster than their number (64,000 of them, one
    header of a mail under the size limit, held it for seconds)."""
    wanted = ascii_address(our_loop_id)
    if not wanted or len(value) > LOOP_MAX:
        return False
    return ascii_address(_decoded(value)) == wanted


def _decoded(value: str) -> str:
    """A header's value with its encoded words decoded (as it stands when it has none or
    they cannot be read)."""
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value)))
    except (HeaderParseError, ValueError, LookupError, UnicodeError):  # a broken base64 word
        return value


def _auto_headers(headers: Headers, _loop: str) -> str | None:
    for name in _AUTO_HEADERS:
        if _values(headers, name):
            return f"an automatic reply ({name})"
    for value in _values(headers, "X-Auto-Response-Suppress"):
        if {item.strip().lower() for item in value.split(",")} & _SUPPRESS:
            return f"X-Auto-Response-Suppress: {_shown(value)}"
    return None


def _report(headers: Headers, _loop: str) -> str | None:
    for value in _values(headers, "Content-Type"):
        if _token(value) == "multipart/report":
            return "a delivery or disposition report (multipart/report)"
    return None


_CHECKS: tuple[Callable[[Headers, str], str | None], ...] = (
    _auto_submitted,
    _precedence,
    _mailing_list,
    _bounce_sender,
    _our_loop,
    _auto_headers,
    _report,
)


def _grouped(msg: Message | Headers) -> Headers:
    return msg if isinstance(msg, dict) else raw_headers(msg)


def _values(headers: Headers, name: str) -> list[str]:
    """Every value of header ``name``, unfolded, without parsing it; 8-bit bytes (a mail
    written in UTF-8 headers, RFC 6532: ``From: δοκιμή@παράδειγμα.δοκιμή``, which the
    parser keeps as surrogates) read as UTF-8 where they are."""
    found = headers.get(name.lower())
    return [read_utf8(_unfold(value)) for value in found] if found else []  # most: none


def _unfold(value: object) -> str:
    return " ".join(str(value).split())


def _token(value: str) -> str:
    return value.split(";", 1)[0].strip().lower()


@lru_cache(maxsize=16)
def _addresses(value: str) -> tuple[tuple[str, str], ...]:
    """The addresses of a header value, as the email package reads them (none when its
    parser gives up on a hostile value). A mail's From is read by several checks (its
    answer address, the address its server checked, a daemon's, the host's own): parsed
    once."""
    try:
        return tuple(getaddresses([value]))
    except RecursionError:  # the stdlib's address parser recurses on some header values
        return ()


def _first_address(value: str) -> str | None:
    for _, address in _addresses(value):
        if _usable(address):
            return address.lower()
    return None


def _domain(address: str) -> str:
    return address.rpartition("@")[2].rstrip(".")


def _same_mailbox(one: str, other: str) -> bool:
    """Whether two addresses have one mailbox name (their local part, without case) in
    domains that are one, or one below the other."""
    return one.rpartition("@")[0].lower() == other.rpartition("@")[0].lower() and _kin(
        _domain(one), _domain(other)
    )


def _kin(one: str, other: str) -> bool:
    """Whether two domains are one, or one is below the other (``mail.example.org`` and
    ``example.org``)."""
    return one == other or one.endswith(f".{other}") or other.endswith(f".{one}")


LOCAL_MAX = 64
DOMAIN_MAX = 255
LABEL_MAX = 63
ADDRESS_MAX = 254
"""The longest local part, domain, domain label and address a relay takes (RFC 5321,
4.5.3.1: a path is at most 256 octets with its angle brackets; RFC 1035 for a label)."""


def _usable(address: str) -> bool:
    """Whether ``address`` can be answered: one address, of printable characters, that a
    mail of ours can be made to (``compose.writable``), no longer than a relay delivers to
    (``_within_lengths``). One not in ASCII is answered too (``dana@bücher.example`` at its
    domain's IDNA form, ``δοκιμή@παράδειγμα.δοκιμή`` by SMTPUTF8: docs/mail.md,
    "Addresses not in ASCII"); before, such a player's HELP or JOIN got no answer at all."""
    local, at, domain = address.rpartition("@")
    printable = address.isprintable() and " " not in address
    plain = bool(at and local and domain) and printable and not domain.startswith(".")
    return plain and _within_lengths(local, domain) and writable(address)


def _within_lengths(local: str, domain: str) -> bool:
    """Whether an address of this ``local`` part and ``domain`` is within the lengths SMTP
    allows: a longer one is no address a relay takes, and an answer to it (a forged From's
    HELP, a refusal) came back as a bounce. An IP literal (``[10.0.0.5]``) has no labels."""
    if not (local.isascii() and domain.isascii()):  # counted in octets as they go out
        local, domain = local.encode("utf-8").decode("latin-1"), _octets(domain)
    if len(local) > LOCAL_MAX or len(domain) > DOMAIN_MAX:
        return False
    if len(local) + 1 + len(domain) > ADDRESS_MAX:
        return False
    return domain.startswith("[") or all(len(label) <= LABEL_MAX for label in domain.split("."))


def _octets(domain: str) -> str:
    """A domain as it goes out: its IDNA form (``bücher.example`` is
    ``xn--bcher-kva.example``), its UTF-8 octets (one character each) where it has none."""
    with contextlib.suppress(UnicodeError):
        return domain.encode("idna").decode("ascii")
    return domain.encode("utf-8").decode("latin-1")
