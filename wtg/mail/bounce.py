"""Bounces of our mail: which addresses failed for good, and marking them in their games.

A delivery status notification (RFC 3464: ``multipart/report;
report-type=delivery-status``, as Postfix, Exim, Sendmail and Gmail's mailer-daemon send)
is read with the standard library: each recipient block of its ``message/delivery-status``
part whose ``Action`` is ``failed`` names the address (``Original-Recipient`` when given,
else ``Final-Recipient``), with its ``Status`` and ``Diagnostic-Code``. A delayed delivery
is no failure. A bounce of another shape (an older Exim's or qmail's plain text, a
provider's own) is read by flufl.bounce's detectors, Mailman's. When a mail we sent was
forwarded and the forwarding address failed, the returned copy of our mail (its headers,
with our X-Loop) still names the player's address.

Only mail the loop rules already refused to answer (``wtg.mail.guards``) is looked at:
a bounce is never filed as orders and never answered. A failed address that is no
player's is ignored (the poll's journal says so).

A bounce too big to fetch (``mail.max_bytes``: a bounce returning our report with its map
picture) is read as far as it was fetched: its first bytes (``Incoming.start``), where its
delivery report sits, before the mail it returns; failing that, its header: the addresses of
``X-Failed-Recipients`` (Exim, Gmail), else the addressee of the mail we sent that its
``In-Reply-To`` or ``References`` names by its Message-ID (Gmail, Exchange).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from datetime import datetime
from email.message import Message
from email.parser import HeaderParser
from email.utils import getaddresses

from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files.store import GameLocked
from wtg.game.bounces import Bounce, mark_bounce
from wtg.game.schedule import iso
from wtg.mail.compose import id_domain
from wtg.mail.extract import parse_mail
from wtg.mail.guards import same_loop
from wtg.mail.outbox import Outbox
from wtg.mail.outcome import LATER, Outcome, rejected
from wtg.mail.registry import Registry

MAX_BLOCKS = 100
"""Recipient blocks read from one report (a bounce of our mail names one or a few)."""
REASON_MAX = 200
"""The diagnostic kept of a bounce (Gmail's runs over five lines)."""


class Failure(Record):
    """One recipient a bounce reports as failed for good."""

    addresses: tuple[str, ...]
    """Who it names, best first: the original recipient, the final one, and the addressee
    of the returned copy of our mail."""
    status: str = ""
    reason: str = ""


def failures(msg: Message, loop_id: str) -> list[Failure]:
    """The recipients ``msg`` reports as failed for good (none if it is no bounce)."""
    reports = [p for p in msg.walk() if p.get_content_type() == "message/delivery-status"]
    found = (
        [f for part in reports for f in _dsn_failures(part)] if reports else _other_failures(msg)
    )
    returned = _returned_to(msg, loop_id)
    if len(found) == 1 and returned:
        only = found[0]
        extra = tuple(a for a in returned if a not in only.addresses)
        found = [Failure(only.addresses + extra, only.status, only.reason)]
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
            status = printable(str(block.get("Status", ""))).strip()[:20]  # anyone's words
            diagnostic = " ".join(
                printable(str(block.get("Diagnostic-Code", ""))).partition(";")[2].split()
            )
            yield Failure(tuple(dict.fromkeys(addresses)), status, diagnostic[:REASON_MAX])


def _blocks(part: Message) -> list[Message]:
    """The header blocks of a ``message/delivery-status`` part: the parser makes each a
    Message; a part it left as text is split here."""
    if part.is_multipart():  # else read decoded only (see extract._visit_part)
        return [block for block in part.get_payload() if isinstance(block, Message)]
    text = part.get_payload(decode=True)
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else ""
    chunks = re.split(r"\r?\n\s*\r?\n", raw.strip())
    return [HeaderParser().parsestr(chunk) for chunk in chunks[:MAX_BLOCKS]]


def _typed_address(value: str) -> str | None:
    """``rfc822; ann@example.org`` (or a bare or bracketed address) as the address."""
    kind, semicolon, rest = value.partition(";")
    text = rest if semicolon else kind
    if semicolon and kind.strip().lower() not in ("rfc822", ""):
        return None
    address = " ".join(text.split()).strip("<> ")
    return address.lower() if "@" in address and " " not in address else None


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
        Failure((address.decode("ascii", "replace").lower(),), "", reason)
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
        if not isinstance(head, Message):
            continue
        if any(same_loop(str(value), loop_id) for value in head.get_all("X-Loop", [])):
            pairs = getaddresses([str(v) for v in head.get_all("To", [])])
            return tuple(a.lower() for _, a in pairs if "@" in a)
    return ()


def header_failures(head: Message, outbox: Outbox, loop_id: str) -> list[Failure]:
    """The failed recipients a bounce's header names (``X-Failed-Recipients``), else the
    addressee of our mail whose Message-ID it names (In-Reply-To, References)."""
    named = getaddresses([str(v) for v in head.get_all("X-Failed-Recipients", [])][:MAX_BLOCKS])
    failed = [a.lower() for _, a in named if "@" in a and " " not in a]
    if failed:
        reason = "named by the bounce's X-Failed-Recipients"
        return [Failure((address,), "", reason) for address in dict.fromkeys(failed)]
    domain = id_domain(loop_id)
    for name in ("In-Reply-To", "References"):
        for value in head.get_all(name, [])[:MAX_BLOCKS]:
            for message_id in re.findall(r"<[^<>\s]{1,300}>", str(value))[:MAX_BLOCKS]:
                address = outbox.sent_to(message_id, domain)
                if address is not None:
                    return [Failure((address,), "", f"the bounce of our mail {message_id}")]
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
        return self._marked(failures(msg, self.loop_id), key)

    def noted_big(self, head: Message, start: bytes, key: str) -> Outcome | None:
        """The same for a bounce too big to fetch: read from its ``start`` (its first bytes,
        empty when they were not fetched), else from its ``head``er."""
        found = failures(parse_mail(start), self.loop_id) if start else []
        return self._marked(found or header_failures(head, self.outbox, self.loop_id), key)

    def _marked(self, found: list[Failure], key: str) -> Outcome | None:
        if not found:
            return None
        marked: list[str] = []
        unknown: list[str] = []
        for failure in found:
            address, seats = next(
                ((a, s) for a in failure.addresses if (s := self.registry.seats_of(a))),
                (failure.addresses[0], []),
            )
            if not seats:
                unknown.append(address)
                continue
            names = sorted({game.config.game for game, _ in seats})
            bounce = Bounce(address, iso(self.now), failure.status, failure.reason, key)
            for game in {game.config.game: game for game, _ in seats}.values():
                try:
                    with game.store.lock():
                        mark_bounce(game.store.root, bounce, sync=False)
                except GameLocked:
                    return LATER
            marked.append(f"{address} ({', '.join(names)})")
        if marked:
            text = f"a bounce: mail to {'; '.join(marked)} failed, marked failing"
            return rejected(
                text + (f"; {', '.join(unknown)} no player's: ignored" if unknown else "")
            )
        return rejected(f"a bounce for {', '.join(unknown)}, no player's address: ignored")
