"""Whether a mail's From is known to be forged: the DMARC result (RFC 7489) that the GM's own
mail server wrote into the mail's ``Authentication-Results`` header (RFC 8601).

Anyone may write any address in a From, and an answer to a forged one is backscatter: mail
to someone who never wrote, which gets the GM's server blacklisted. Most servers that take a
GM's mail (Gmail, Microsoft 365, Postfix with OpenDMARC, rspamd) check the From's domain
and write the result on top of the mail. A mail whose From fails DMARC is never answered
(``wtg.mail.poll.poller``); its orders are still filed when their code is right: the code is the
key to a player's orders, the From never was.

Only the GM's own server's header is read, as RFC 8601 section 5 says: anyone may write an
``Authentication-Results`` line into the mail he sends, below those the servers on the way
add on top. With ``mail.authserv_id`` set, the headers whose authserv-id is one of those are
read, and the topmost of them that gives a DMARC result decides; without it, the topmost
header alone (Microsoft 365 writes no authserv-id at all); with ``[]``, none. A forged
header below can only say ``pass`` (the mail answered, as without any header) or ``fail``
about the forger's own mail. A ``pass`` lifts the day's cap of answers (``Verdict.passed``),
so it is believed from the topmost header of ``mail.authserv_id`` alone: a server that
writes DKIM and SPF but no DMARC result, and leaves a sender's headers of its name in the
mail, had a forger's lower ``dmarc=pass`` of the GM's server's name believed. Nor is it
believed when a header of those names below it gives a DMARC result too: a server that adds
its header at the bottom of the mail's (Exim's ``add_header`` without ``:at_start:``, a
milter's ``smfi_addheader``) has a sender's own header above its, and the server checked
the mail once; the lower result, when it says ``fail``, is read.

The header is read here, by the standard library's ``re``: the ``authres`` package (the
classic parser, last released in 2019) refuses Microsoft 365's headers, which have no
authserv-id. A header that cannot be read is no result: one line in the log, never a stop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from email.utils import getaddresses

from wtg.core.errors import MailError
from wtg.core.record import Record

HEADER = "authentication-results"
"""The header's name, as ``noreply.raw_headers`` keys it."""
WORD = "authres"
"""The word the poll's line of a mail not answered for its DMARC result starts with."""
_KEY = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)?(?:/[0-9]+)?")
_VALUE = re.compile(r'(?:"(?:[^"\\]|\\.)*")?[^\s;"]*')
"""A property's value: a token, a domain, an address (its local part maybe quoted)."""
_ID = re.compile(r"[A-Za-z0-9._-]+")
_VERSION = re.compile(r"[0-9]+")


class Result(Record):
    """One method's result: ``dmarc=fail header.from=example.org``."""

    method: str
    result: str
    properties: tuple[tuple[str, str], ...]
    """``(ptype.property, value)``, lower-cased names: ``("header.from", "example.org")``."""

    def get(self, name: str) -> str | None:
        return next((value for key, value in self.properties if key == name), None)


class Stamp(Record):
    """One ``Authentication-Results`` header: who wrote it (its authserv-id, lower-cased;
    "" when it names none, as Microsoft 365's) and its results."""

    authserv_id: str
    results: tuple[Result, ...]


class Malformed(MailError, ValueError):
    """A header that is not an ``Authentication-Results`` value."""


def parse(value: str) -> Stamp:
    """The header's value read: comments dropped, results split at ``;``. Malformed when it
    is not one (an open comment or quote, a result without ``=``)."""
    parts = _parts(_uncommented(value))
    if not parts or not parts[0]:
        raise Malformed("no authserv-id and no result")
    head, results = parts[0], [part for part in parts[1:] if part]
    if "=" in head:  # no authserv-id: a result first (Microsoft 365)
        authserv_id, results = "", [part for part in parts if part]
    else:
        words = head.split()  # the authserv-id, and a version after it
        versioned = len(words) == 2 and _VERSION.fullmatch(words[1])
        if not _ID.fullmatch(words[0]) or not (len(words) == 1 or versioned):
            raise Malformed(f"not an authserv-id: {head[:40]!r}")
        authserv_id = words[0].lower()
    if [part.lower() for part in results] == ["none"]:
        return Stamp(authserv_id, ())
    return Stamp(authserv_id, tuple(_result(part) for part in results))


def _result(part: str) -> Result:
    """``method[/version]=result [reason=...] [ptype.property=value ...]``; any other
    ``key=value`` (Microsoft's ``action=none``) is passed over."""
    pairs = _pairs(part)
    if not pairs:
        raise Malformed(f"not a result: {part[:40]!r}")
    (method, result), rest = pairs[0], pairs[1:]
    if "." in method or not result:
        raise Malformed(f"not a result: {part[:40]!r}")
    properties = tuple((key.lower(), value) for key, value in rest if "." in key)
    return Result(method.partition("/")[0].lower(), result.lower(), properties)


def _pairs(part: str) -> list[tuple[str, str]]:
    """The ``key=value`` pairs of a result, in order; Malformed when something else stands
    between them."""
    pairs: list[tuple[str, str]] = []
    at = 0
    while True:
        while at < len(part) and part[at].isspace():
            at += 1
        if at == len(part):
            return pairs
        key = _KEY.match(part, at)
        if key is None:
            raise Malformed(f"not a result: {part[:40]!r}")
        at = key.end()
        while at < len(part) and part[at].isspace():
            at += 1
        if at == len(part) or part[at] != "=":
            raise Malformed(f"not a result: {part[:40]!r}")
        at += 1
        while at < len(part) and part[at].isspace():
            at += 1
        value = _VALUE.match(part, at)
        assert value is not None  # it matches the empty text
        at = value.end()
        text = value[0]
        if len(text) > 1 and text[0] == text[-1] == '"':
            text = re.sub(r"\\(.)", r"\1", text[1:-1])
        pairs.append((key[0], text))


def _uncommented(value: str) -> str:
    """The value with its comments (nested parentheses) made spaces, and folded lines
    unfolded; a quoted string kept as it is."""
    out: list[str] = []
    depth = 0
    quoted = escaped = False
    for ch in value:
        if escaped:
            escaped = False
            if depth == 0:
                out.append(ch)
            continue
        if ch == "\\" and (quoted or depth):
            escaped = True
            if depth == 0:
                out.append(ch)
            continue
        if quoted:
            quoted = ch != '"'
            out.append(ch)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                raise Malformed("a comment closed that was never opened")
            depth -= 1
            if depth == 0:
                out.append(" ")
        elif depth == 0:
            quoted = ch == '"'
            out.append(" " if ch in "\r\n\t" else ch)
    if depth or quoted:
        raise Malformed("an open comment or quoted string")
    return "".join(out)


def _parts(text: str) -> list[str]:
    """The text split at each ``;`` outside a quoted string, each part stripped."""
    parts: list[str] = []
    current: list[str] = []
    quoted = escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\" and quoted:
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    parts.append("".join(current).strip())
    return parts


class Verdict(Record):
    """What the trusted headers say of a mail's From: ``failed``, the line of a DMARC
    failure (``dmarc=fail for example.org``) or None; ``unread``, the problem of a trusted
    header that could not be read (treated as no result) or None."""

    failed: str | None = None
    unread: str | None = None
    passed: str | None = None
    """The From's domain (lower-cased) for which a header of ``mail.authserv_id`` says
    ``dmarc=pass``: the From is that domain's own (its DKIM signature or SPF, aligned with
    it). Read only from a header whose authserv-id the GM named: without the setting, the
    topmost header is read, which a forger writes himself when the GM's server adds none,
    and a forged ``pass`` would lift a bound meant for forged mail."""


def verdict(
    values: Sequence[str], authserv_ids: tuple[str, ...] | None, from_values: Sequence[str] = ()
) -> Verdict:
    """The DMARC verdict of the ``Authentication-Results`` values of a mail, topmost first
    (as the mail holds them), read as the module says; ``from_values``: its From headers,
    for the domain named when the result names none."""
    if authserv_ids is not None and not authserv_ids:
        return Verdict()
    unread: str | None = None
    topmost = True  # no header of the GM's server read yet: a pass below the first is no one's
    decided: Verdict | None = None
    for value in values[:1] if authserv_ids is None else values:
        try:
            stamp = parse(value)
        except (Malformed, RecursionError) as problem:
            if authserv_ids is None or _id_of(value) in authserv_ids:
                unread = f"{WORD}: a header that cannot be read ({problem}): read as no result"
                topmost = False
            continue
        if authserv_ids is not None and stamp.authserv_id not in authserv_ids:
            continue
        vouching, topmost = topmost, False
        dmarc = [result for result in stamp.results if result.method == "dmarc"]
        if not dmarc:
            continue
        if decided is not None:  # a second DMARC result of the server's name: one is forged,
            vouching = False  # its fail read, no pass believed
        failed = next((result for result in dmarc if result.result == "fail"), None)
        if failed is None:
            passed = next((result for result in dmarc if result.result == "pass"), None)
            if passed is None or authserv_ids is None or not vouching:
                return Verdict(unread=unread)
            if len(_from_addresses(from_values)) > 1:  # which of them the server checked?
                return Verdict(unread=unread)
            domain = (passed.get("header.from") or _from_domain(from_values)).lower()
            decided = Verdict(unread=unread, passed=domain or None)
            continue  # believed when no header below of the server's name gives DMARC too
        domain = failed.get("header.from") or _from_domain(from_values)
        return Verdict(failed=f"dmarc=fail for {domain}" if domain else "dmarc=fail", unread=unread)
    return decided if decided is not None else Verdict(unread=unread)


def _id_of(value: str) -> str:
    """The first word of a header that could not be read, lower-cased: its authserv-id,
    when it names one."""
    words = value.replace(";", " ").split()
    return words[0].lower() if words else ""


def _from_addresses(values: Sequence[str]) -> list[str]:
    """The addresses of a mail's From headers, all of them: a ``dmarc=pass`` vouches for
    one From, and a mail of two (two From headers, or two addresses in one) may have had
    its server check the forger's own, while wtg answers the first (``noreply.from_address``):
    it vouches for neither."""
    try:
        addresses = getaddresses(list(values))
    except RecursionError:  # the stdlib's address parser recurses on some header values
        return []
    return [address for _, address in addresses if "@" in address]


def _from_domain(values: Sequence[str]) -> str:
    domains = [address.rpartition("@")[2].lower() for address in _from_addresses(values)]
    return "".join(ch for ch in domains[0] if ch.isprintable())[:100] if domains else ""
