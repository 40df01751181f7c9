"""Bounces of our mail: which addresses failed for good, and marking them in their games.

A delivery status notification (RFC 3464: ``multipart/report;
report-type=delivery-status``, as Postfix, Exim, Sendmail and Gmail's mailer-daemon send)
is read with the standard library: each recipient block of its ``message/delivery-status``
part (``message/global-delivery-status``, RFC 6533, for a mail sent by SMTPUTF8: its
addresses of type ``utf-8`` may be in UTF-8 or escaped ``\\x{HHHH}``) whose ``Action`` is
``failed`` names the address (``Original-Recipient`` when given, else
``Final-Recipient``), with its ``Status`` and ``Diagnostic-Code``. A delayed delivery is no
failure. A bounce of another shape (an older Exim's or qmail's plain text, a
provider's own) is read by flufl.bounce's detectors, Mailman's. When a mail we sent was
forwarded and the forwarding address failed, the returned copy of our mail (its headers,
with our X-Loop) still names the player's address.

Only mail the loop rules already refused to answer (``wtg.mail.incoming.noreply``) is looked at:
a bounce is never filed as orders and never answered. A failed address that is no
player's is ignored (the poll's journal says so).

A bounce too big to fetch (``mail.max_bytes``: a bounce returning our report with its map
picture) is read as far as it was fetched: its first bytes (``Incoming.start``), where its
delivery report sits, before the mail it returns; failing that, its header: the addresses of
``X-Failed-Recipients`` (Exim, Gmail), else the addressee of the mail we sent that its
``In-Reply-To`` or ``References`` names by its Message-ID (Gmail, Exchange).

Anyone may mail the host a delivery report, so a report counts only when it is about a mail
the host sent to the address it says failed: it must name the Message-ID of that mail (the
returned copy's headers, in a ``message/rfc822`` or ``text/rfc822-headers`` part or the
quoted copy of a text bounce; or its own In-Reply-To or References, as Gmail, Microsoft 365
and Exim write them), and ``outbox/sent/`` must hold that mail, addressed to that address.
A report about a player's address that names no such mail (a Message-ID never sent, a mail
sent to someone else, or no original headers at all) marks nothing: the journal calls it an
unverified bounce report (docs/mail.md, "Bounces that count").

The name and digest of a Message-ID of ours are worked out from what anyone knows (the game,
the turn, the seat); the token the outbox adds is not (``wtg.mail.outgoing.idsecret``), so a
Message-ID counts only when its token is the one the host's secret gives. A mail queued before
tokens were carries none: its Message-ID counts only within ``OLD_ID_DAYS`` of the mail's Date (our
own, read from ``outbox/sent/``), as long as a genuine report of it may come; after that,
anyone could name it, and it counts no more.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from email.message import Message
from email.parser import HeaderParser
from email.utils import getaddresses, parsedate_to_datetime

from wtg.core.printable import marked, printable
from wtg.core.record import Record
from wtg.files.store import GameLocked
from wtg.game.bounces import Bounce, bounces_of, mark_bounce
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.schedule import iso
from wtg.mail.incoming.noreply import same_loop
from wtg.mail.message.extract import parse_mail
from wtg.mail.outgoing.compose import id_domain
from wtg.mail.outgoing.idsecret import SecretDamaged, token_checks
from wtg.mail.outgoing.outbox import Outbox, addressee, parse_own_id
from wtg.mail.outgoing.pictures import without_picture
from wtg.mail.outgoing.utf8address import read_utf8
from wtg.mail.servers.transport import TOO_BIG
from wtg.mail.spool.hostgames import Registry
from wtg.mail.spool.outcome import LATER, Outcome, rejected
from wtg.text.addresses import ascii_domain, domain_forms
from wtg.text.shellcommand import shell_command

MAX_BLOCKS = 100
"""Recipient blocks read from one report (a bounce of our mail names one or a few)."""
REASON_MAX = 200
"""The diagnostic kept of a bounce (Gmail's runs over five lines)."""
UNKNOWN_NAMED = 5
"""Addresses of nobody's that the journal names of one report; the rest it counts (a forged
report of a hundred strangers made a line of thousands of characters)."""
IDS_MAX = 20
"""Message-IDs of a report looked up in ``outbox/sent/`` (a genuine one names one or two)."""
OLD_ID_DAYS = 10
"""How long after its Date a mail of ours queued before tokens were may be named by a report
that counts: a receiving server tries a mail for up to five days (Postfix's, Sendmail's
default), and our own queue may have held it back before it was sent."""
_ID = re.compile(r"<[^<>\s]{1,300}>")
_QUOTED_ID = re.compile(r"^message-id:[ \t]*(<[^<>\s]{1,300}>)", re.IGNORECASE | re.MULTILINE)
"""The Message-ID line of a mail's copy quoted in a text bounce (qmail, an older Exim)."""


class Failure(Record):
    """One recipient a bounce reports as failed for good."""

    addresses: tuple[str, ...]
    """Who it names, best first: the original recipient, the final one."""
    status: str = ""
    reason: str = ""
    returned: tuple[str, ...] = ()
    """The addressees of the returned copy of our mail, when the report names nobody else
    (a forwarding address that failed is no player's: the copy names him)."""
    unread: bool = False
    """Read from the header of a bounce too big to fetch, its delivery report out of reach:
    why the mail failed is not known (``header_failures``)."""


def failures(msg: Message, loop_id: str) -> list[Failure]:
    """The recipients ``msg`` reports as failed for good (none if it is no bounce)."""
    reports = [p for p in msg.walk() if p.get_content_type() in _REPORTS]
    found = (
        [f for part in reports for f in _dsn_failures(part)] if reports else _other_failures(msg)
    )
    once: dict[tuple[str, ...], Failure] = {}
    for failure in found:  # a recipient a report names again is the same failure
        once.setdefault(failure.addresses, failure)
    found = list(once.values())
    returned = _returned_to(msg, loop_id)
    if len(found) == 1 and returned:
        only = found[0]
        extra = tuple(a for a in returned if a not in only.addresses)
        found = [Failure(only.addresses, only.status, only.reason, extra)]
    return found


def _dsn_failures(part: Message) -> Iterator[Failure]:
    """The failed recipients of one ``message/delivery-status`` part (a delayed one is
    still being tried: no failure)."""
    for block in _blocks(part)[1:MAX_BLOCKS]:  # the first block is about the message
        action = str(block.get("Action", "")).strip().lower()
        if not action.startswith("failed"):
            continue
        addresses = tuple(
            address
            for name in ("Original-Recipient", "Final-Recipient", "X-Actual-Recipient")
            if (address := _typed_address(str(block.get(name, ""))))
        )
        if addresses:
            # anyone's words, on one line (a folded Status kept its line break)
            status = " ".join(printable(str(block.get("Status", ""))).split())[:20]
            diagnostic = " ".join(
                printable(str(block.get("Diagnostic-Code", ""))).partition(";")[2].split()
            )
            yield Failure(tuple(dict.fromkeys(addresses)), status, diagnostic[:REASON_MAX])


def _blocks(part: Message) -> list[Message]:
    """The header blocks of a ``message/delivery-status`` part: the parser makes each a
    Message; a part it left as text is split here. A ``message/global-delivery-status``
    the parser reads as one message, its first block the header and the others its text:
    that text split."""
    if part.get_content_type() == "message/global-delivery-status" and part.is_multipart():
        inner = [block for block in part.get_payload() if isinstance(block, Message)]
        if len(inner) != 1:
            return inner
        rest = inner[0].get_payload(decode=True)  # its bytes: as text, 8-bit ones are U+FFFD
        text = rest.decode("utf-8", "replace") if isinstance(rest, bytes) else ""
        return [inner[0], *_split(text)[: MAX_BLOCKS - 1]]
    if part.is_multipart():  # else read decoded only (see extract._visit_part)
        return [block for block in part.get_payload() if isinstance(block, Message)]
    payload = part.get_payload(decode=True)
    return _split(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else "")


def _split(raw: str) -> list[Message]:
    """The header blocks of a delivery report's text, each parsed alone."""
    chunks = re.split(r"\r?\n\s*\r?\n", raw.strip())
    return [HeaderParser().parsestr(chunk) for chunk in chunks[:MAX_BLOCKS]]


_REPORTS = frozenset(("message/delivery-status", "message/global-delivery-status"))
"""A delivery report's part: the global one (RFC 6533) is what a server that took a mail by
SMTPUTF8 returns (before, its report was read as none, and the address never marked)."""
_ESCAPED = re.compile(r"\\x\{([0-9A-Fa-f]{1,6})\}")
"""A character of a ``utf-8`` address written as ASCII (RFC 6533, 3: ``\\x{3B4}``)."""


def _typed_address(value: str) -> str | None:
    """``rfc822; ann@example.org`` (or a bare or bracketed address) as the address; a
    ``utf-8`` one (``utf-8; δοκιμή@example.org``, RFC 6533) with its escapes read."""
    kind, semicolon, rest = value.partition(";")
    text = rest if semicolon else kind
    typed = kind.strip().lower() if semicolon else ""
    if typed not in ("rfc822", "utf-8", ""):
        return None
    if typed == "utf-8":
        text = _ESCAPED.sub(_unescaped, read_utf8(text))
    address = " ".join(text.split()).strip("<> ")
    return _seen(address) if "@" in address and " " not in address else None


def _unescaped(found: re.Match[str]) -> str:
    point = int(found[1], 16)
    return chr(point) if point <= sys.maxunicode and not 0xD800 <= point <= 0xDFFF else "?"


def _seen(address: str) -> str:
    """An address a report names, lower-cased, as the journal may keep and show it: anyone
    may write one, and a character that is not printable (an escape sequence's ESC, a bidi
    override) is a ``?`` (no player's address has one: it is nobody's)."""
    return marked(address.lower())


def _other_failures(msg: Message) -> list[Failure]:
    """A bounce without a delivery report, read by flufl.bounce (whose detectors may fail
    on a mail nobody foresaw: then it is no bounce we can read)."""
    # deferred: flufl.bounce: only a mail that looks like a bounce is read by it
    from flufl.bounce import all_failures

    _quiet(logging.getLogger(DETECTORS_LOG))
    try:
        _temporary, permanent = all_failures(msg)
    except Exception:  # any mail is untrusted input
        return []
    reason = "a bounce without a delivery report"
    return [
        Failure((_seen(address.decode("ascii", "replace")),), "", reason)
        for address in sorted(permanent)
        if b"@" in address
    ]


DETECTORS_LOG = "flufl.bounce"
"""The logger flufl.bounce writes a detector's failure to, with its traceback."""


def _quiet(log: logging.Logger) -> None:
    """A library's log kept out of wtg's output: with no handler of its own, Python prints
    its errors to stderr, and a poll under cron would mail the GM the traceback of every
    detector an odd mail (a charset Python cannot decode with) made fail, a mail anyone
    may send. Its failure is handled here: the mail is no bounce wtg can read."""
    if not log.handlers:
        log.addHandler(logging.NullHandler())
    log.propagate = False


def _returned_to(msg: Message, loop_id: str) -> tuple[str, ...]:
    """The addressees of the returned copy of our own mail (its X-Loop is ours)."""
    for head in _returned_heads(msg):
        if any(same_loop(str(value), loop_id) for value in head.get_all("X-Loop", [])):
            pairs = getaddresses([str(v) for v in head.get_all("To", [])])
            return tuple(a.lower() for _, a in pairs if "@" in a)
    return ()


def _returned_heads(msg: Message) -> Iterator[Message]:
    """The header of each copy of a mail ``msg`` returns (``message/rfc822``,
    ``text/rfc822-headers``)."""
    for part in msg.walk():
        kind = part.get_content_type()
        if kind == "message/rfc822":
            inner = part.get_payload() if part.is_multipart() else None
            head = inner[0] if isinstance(inner, list) and inner else None
        elif kind == "text/rfc822-headers":
            text = part.get_payload(decode=True)
            head = (
                HeaderParser().parsestr(text.decode("utf-8", "replace"))
                if isinstance(text, bytes)
                else None
            )
        else:
            continue
        if isinstance(head, Message):
            yield head


def named_ids(msg: Message) -> list[str]:
    """The Message-IDs a report names of the mail it is about, at most ``IDS_MAX``: the
    returned copy's (its headers, or the ``Message-ID:`` line of a copy a text bounce
    quotes), then the report's own In-Reply-To and References."""
    found = [str(v) for head in _returned_heads(msg) for v in head.get_all("Message-ID", [])]
    for part in msg.walk():
        if part.get_content_type() == "text/plain" and not part.is_multipart():
            text = part.get_payload(decode=True)
            if isinstance(text, bytes):
                found += _QUOTED_ID.findall(text.decode("utf-8", "replace"))
    found += [str(v) for name in ("In-Reply-To", "References") for v in msg.get_all(name, [])]
    ids = [i for value in found[:MAX_BLOCKS] for i in _ID.findall(value)[:MAX_BLOCKS]]
    return list(dict.fromkeys(ids))[:IDS_MAX]


def _plain(address: str) -> str:
    """An address as compared with the addressee of a mail we sent: lower-cased, its
    domain as SMTP carried it (a report names ``xn--`` where game.yaml may say ``ü``)."""
    return ascii_domain(address.lower()).lower()


def header_failures(head: Message, sent_to: Callable[[str], str | None]) -> list[Failure]:
    """The failed recipients a bounce's header names (``X-Failed-Recipients``), else the
    addressee of our mail whose Message-ID it names (In-Reply-To, References), as
    ``sent_to`` finds it."""
    named = getaddresses([str(v) for v in head.get_all("X-Failed-Recipients", [])][:MAX_BLOCKS])
    failed = [_seen(a) for _, a in named if "@" in a and " " not in a]
    if failed:
        reason = "named by the bounce's X-Failed-Recipients"
        return [Failure((address,), "", reason, unread=True) for address in dict.fromkeys(failed)]
    for name in ("In-Reply-To", "References"):
        for value in head.get_all(name, [])[:MAX_BLOCKS]:
            for message_id in re.findall(r"<[^<>\s]{1,300}>", str(value))[:MAX_BLOCKS]:
                address = sent_to(message_id)
                if address is not None:
                    reason = f"the bounce of our mail {message_id}"
                    return [Failure((address,), "", reason, unread=True)]
    return []


class BounceNotes:
    """Marks the players' addresses that bounces name (in each game they play)."""

    def __init__(self, registry: Registry, loop_id: str, now: datetime, outbox: Outbox) -> None:
        self.registry = registry
        self.loop_id = loop_id
        self.now = now
        self.outbox = outbox

    def noted(self, msg: Message, key: str) -> Outcome | None:
        """What was done with a bounce (None: ``msg`` is no bounce we can read). The
        marks are written unsynced: the poll's batch commit flushes them."""
        found = failures(msg, self.loop_id)
        return self._marked(found, named_ids(msg) if found else [], key)

    def noted_big(self, head: Message, start: bytes, key: str) -> Outcome | None:
        """The same for a bounce too big to fetch: read from its ``start`` (its first bytes,
        empty when they were not fetched), else from its ``head``er."""
        begun = parse_mail(start) if start else None
        found = failures(begun, self.loop_id) if begun is not None else []
        found = found or header_failures(head, self._ours)
        if not found:
            return None
        ids = (named_ids(begun) if begun is not None else []) + named_ids(head)
        return self._marked(found, list(dict.fromkeys(ids)), key)

    def _sent_to(self, ids: list[str]) -> set[str]:
        """The addressees of the mails of ours that ``ids`` name (read from sent/)."""
        found = (self._ours(message_id) for message_id in ids)
        return {_plain(address) for address in found if address}

    def _ours(self, message_id: str) -> str | None:
        """The addressee of the mail we sent with this Message-ID, when the Message-ID is
        one only the host and those who got the mail know: its token is the host's secret's,
        or, made before tokens were, it is of a mail whose Date is within ``OLD_ID_DAYS``.
        None for any other."""
        domain = id_domain(self.loop_id)
        own = parse_own_id(message_id, domain)
        if own is None:
            return None
        if own.token:
            try:
                secret = self.outbox.id_secret()
            except SecretDamaged:  # no token checks (queuing a mail tells the GM)
                return None
            if not token_checks(secret, own.stem(), own.token):
                return None
        head = self.outbox.sent_header(message_id, domain)
        if head is None or not (own.token or sent_within(head, self.now)):
            return None
        return addressee(head)

    def _marked(self, found: list[Failure], ids: list[str], key: str) -> Outcome | None:
        if not found:
            return None
        sent = self._sent_to(ids)
        marked: list[str] = []
        unverified: list[str] = []
        unknown: list[str] = []
        too_big: list[str] = []
        done: set[str] = set()
        for failure in found:
            players = _players(self.registry, failure.addresses) or _players(
                self.registry, failure.returned
            )
            if not players:
                unknown.append(failure.addresses[0])
                continue
            address, seats = next(
                ((a, s) for a, s in players if _plain(a) in sent), (players[0][0], [])
            )
            if _plain(address) in done:  # named again, as another recipient: told once
                continue
            done.add(_plain(address))
            names = sorted({game.config.game for game, _ in seats or players[0][1]})
            if not seats:
                unverified.append(f"{address} ({', '.join(names)})")
                continue
            if _too_big(failure):  # the player's mailbox, not his address
                too_big.append(self._lighter(failure, address, names, ids))
                continue
            if failure.unread:  # why is not known: it may be the mail's size
                unknown_why = self._unknown_why(address, names, ids)
                if unknown_why:
                    too_big.append(unknown_why)
                    continue
            bounce = Bounce(address, iso(self.now), failure.status, failure.reason, key)
            for game in {game.config.game: game for game, _ in seats}.values():
                try:
                    with game.store.lock():
                        mark_bounce(game.store.root, bounce, sync=False)
                except GameLocked:
                    return LATER
            marked.append(f"{address} ({', '.join(names)})")
        rest = [_told(marked, unverified, unknown)] if marked or unverified or unknown else []
        return rejected("; ".join((*rest, *too_big)))

    def _unknown_why(self, address: str, games: list[str], ids: list[str]) -> str:
        """A bounce too big to fetch, read from its header alone: it does not say why our
        mail failed, and a mail of ours with a picture may have been too big for the
        player's mailbox (5.3.4 in the report out of reach). Such a mail goes again without
        its picture, the address not marked: if it is dead, the bounce of the lighter mail
        is small, read whole, and marks it. What the journal and the GM are told; empty
        when the mail had no picture (the address is marked, as before)."""
        if not self._again_lighter(address, ids, unsure=True):
            return ""
        return (
            f"a bounce: a mail to {address} ({', '.join(games)}) {UNREAD_SAID}: its header "
            "does not say why, and the part that does was not read; the address "
            "is not marked failing: the mail goes again without its picture at the next "
            "send, and a bounce of that one will say why"
        )

    def _again_lighter(self, address: str, ids: list[str], unsure: bool = False) -> bool | None:
        """Queue again without its picture the mail of ours to ``address`` that ``ids``
        name (``Outbox.sent_again``): True once queued, False when it had no picture,
        None when none of them is ours to him."""
        domain = id_domain(self.loop_id)
        plain = _plain(address)
        for message_id in ids:
            if _plain(self._ours(message_id) or "") != plain:
                continue
            queued = self.outbox.sent_again(
                message_id, domain, lambda raw: without_picture(raw, theirs=True, unsure=unsure)
            )
            if queued is not None:
                return queued
        return None

    def _lighter(self, failure: Failure, address: str, games: list[str], ids: list[str]) -> str:
        """A bounce of a mail too big for the player's mailbox (5.3.4, 5.2.3): his address
        is fine and is not marked; the mail we sent him goes again without its picture
        when it had one (as `wtg send` does with a mail our own server refused as too
        big); what the journal and the GM are told of it."""
        queued = self._again_lighter(address, ids)
        said = failure.reason or failure.status
        told = (
            f"a bounce: a mail to {address} ({', '.join(games)}) {TOO_BIG_SAID} ({said}): "
            "the address is fine, not marked failing; "
            + (
                "the mail goes again without its picture at the next send"
                if queued
                else "it had no picture to leave out: ask the player to let his mailbox "
                "take larger mail"
            )
        )
        return told


TOO_BIG_SAID = "came back as too big for the player's mailbox"
"""What the outcome of a bounce of a mail too big for the player's mailbox says (the poll
tells the GM so at once, as it tells an address marked failing)."""
UNREAD_SAID = "came back, too big to fetch"
"""What the outcome of a bounce too big to fetch, read from its header, says when the mail
it returns goes again without its picture, the address not marked (told as at once)."""
MARKED = "a bounce: mail to "
"""How the outcome of a bounce that marked a player's address failing begins."""


def marked_lines(registry: Registry, keys: set[str]) -> list[str]:
    """A line for each address that the bounces ``keys`` (their keys in the journal)
    marked failing, with the games it is in, the bounce's words and what to do: for the
    GM at once (the poll's stderr, which cron mails), not only in the next digest. The
    address is the player's, and may hold a quote or a backtick (``o'neil@...``): quoted
    for the shell the GM pastes the command into."""
    found: dict[tuple[str, str], list[str]] = {}
    for game in registry.games().values():
        for address, bounce in bounces_of(game.store.root).items():
            if bounce.message in keys:
                found.setdefault((address, bounce.why), []).append(game.config.game)
    return [
        f"mail to {address} ({', '.join(sorted(games))}) came back"
        + (f": {why}" if why else "")
        + "; the address is marked failing (`wtg bounces`): correct it in game.yaml, or ask "
        f"the player, then `{shell_command('wtg', 'bounces', '--clear', address)}`"
        for (address, why), games in sorted(found.items())
    ]


def _too_big(failure: Failure) -> bool:
    """Whether a failure is of a mail too big for the recipient's mailbox: its Status says
    so (5.3.4, 5.2.3), or, a Status that says nothing of why (Exim's 5.0.0), the server's
    reply does as `wtg send` reads one (an enhanced code that says so, or 552 without
    one: Exim's '552 Message size exceeds maximum permitted')."""
    if failure.status in TOO_BIG:
        return True
    if failure.status not in ("", "5.0.0"):
        return False
    reply = _REPLY.match(failure.reason)
    if reply is None:
        return False
    return reply[2].startswith(TOO_BIG) or (reply[1] == "552" and _ENHANCED.match(reply[2]) is None)


_REPLY = re.compile(r"(5[0-9]{2})[ -](.*)")
"""A server's reply in a bounce's Diagnostic-Code: its code, then its text."""
_ENHANCED = re.compile(r"[245]\.[0-9]{1,3}\.[0-9]{1,3}\b")


def sent_within(head: Message, now: datetime, days: float = OLD_ID_DAYS) -> bool:
    """Whether the Date of a mail of ours is within ``days`` before ``now`` (a Date that
    cannot be read is not)."""
    try:
        sent = parsedate_to_datetime(str(head.get("Date", "")))
    except (TypeError, ValueError, IndexError):
        return False
    if sent.tzinfo is None:
        sent = sent.replace(tzinfo=timezone.utc)
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    return now - sent <= timedelta(days=days)


def _players(
    registry: Registry, addresses: tuple[str, ...]
) -> list[tuple[str, list[tuple[Game, PlayerEntry]]]]:
    """Each of ``addresses`` that is a player's, with his seats: a report names the
    domain as SMTP carried it (``xn--``), game.yaml may write it in Unicode (`wtg new-game`
    does), so the other form is looked for too (``domain_forms``; before, the bounce of a
    mail to ``dana@bücher.example`` was "no player's address")."""
    found = []
    for address in addresses:
        seats = registry.seats_of(address)
        if not seats and (not address.isascii() or "xn--" in address):
            for form in sorted(domain_forms(address) - {address}):
                seats = registry.seats_of(form)
                if seats:  # marked as game.yaml writes it: `wtg status` reads it so
                    address = form
                    break
        if seats:
            found.append((address, seats))
    return found


def _told(marked: list[str], unverified: list[str], unknown: list[str]) -> str:
    """What the journal says of a bounce: the addresses marked failing, those of players
    it named without naming a mail we sent them (not marked), those of nobody."""
    named = ", ".join(unknown[:UNKNOWN_NAMED])
    if len(unknown) > UNKNOWN_NAMED:
        named += f" and {len(unknown) - UNKNOWN_NAMED} more"
    if not marked and not unverified:
        return f"a bounce for {named}, no player's address: ignored"
    told = []
    if marked:
        told.append(f"{MARKED}{'; '.join(marked)} failed, marked failing")
    if unverified:
        told.append(
            ("an " if not marked else "")
            + f"unverified bounce report for {'; '.join(unverified)}: it names no mail we "
            "sent to that address, not marked failing"
        )
    if unknown:
        told.append(f"{named} no player's: ignored")
    return "; ".join(told)
