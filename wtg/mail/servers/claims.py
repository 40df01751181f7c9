"""A host's claim on the mailbox it polls: which host serves its mail and games now.

A GM who moves the host (another machine, another folder) and forgets to stop the old one
has two hosts on one mailbox: the old one's cron polls and runs the turns as before, each
host takes the mails the other has not, and at a deadline both run the turn and mail their
reports. No server of wtg's own stands between them; the mailbox does. Each host keeps a
mail in a folder of the mailbox (``CLAIMS_FOLDER``) that names it (``this_host``'s id) and
the hosts it was copied from. A host whose id no claim names, or whose newest claim is one
of a host it was copied from, writes one (it is the newer host); a host that finds a newer
claim of a copy of itself stops before it moves a mail or runs a turn. Hosts that are no
copies of one another (two GMs' hosts sharing an account, each its folder) leave each
other's claims alone.
"""

from __future__ import annotations

import email.policy
import re
from collections.abc import Sequence
from datetime import datetime
from email.header import decode_header, make_header
from email.message import EmailMessage
from email.utils import format_datetime
from enum import Enum

from wtg.core.record import Record
from wtg.mail.spool.hostid import HostId

CLAIMS_FOLDER = "wtg-host"
"""The folder of the mailbox (IMAP), or of the maildir transport's Maildir, that holds the
hosts' claims."""
HOST_HEADER = "X-Wtg-Host"
ANCESTORS_HEADER = "X-Wtg-Copied-From"
POLLS_HEADER = "X-Wtg-Polls"
PLACE_HEADER = "X-Wtg-Place"
MAILDIR_HEADER = "X-Wtg-Maildir"
"""The Maildir a host of the maildir transport claimed, its path resolved: a copy of the
Maildir (a test restore beside the host) holds the claim of a host that polls another."""


class Claim(Record):
    """One claim, as its mail says it."""

    host: str
    ancestors: tuple[str, ...]
    polls: str
    """The folder the host polls ("INBOX"); hosts polling other folders share nothing."""
    place: str
    """The machine and the games folder of the host, for the GM to find it."""
    date: str
    maildir: str = ""
    """The Maildir the host claimed, resolved (``MAILDIR_HEADER``); "" of an IMAP folder's
    claim, or one a wtg wrote before round 49."""


def claim_mail(host: HostId, polls: str, place: str, when: datetime, maildir: str = "") -> bytes:
    """The mail that claims the mailbox's folder ``polls`` for ``host`` (``maildir``: the
    Maildir's path, resolved, for the maildir transport)."""
    msg = EmailMessage()
    msg["From"] = "wtg <wtg@localhost>"
    msg["Subject"] = f"wtg: the host at {place} serves the games of {polls}"
    msg["Date"] = format_datetime(when)
    msg[HOST_HEADER] = host.id
    msg[ANCESTORS_HEADER] = " ".join(host.ancestors) or "-"
    msg[POLLS_HEADER] = polls
    msg[PLACE_HEADER] = place
    if maildir:
        msg[MAILDIR_HEADER] = maildir
    msg.set_content(
        f"The wtg host at {place} polls {polls} of this mailbox and runs its games' turns "
        "since this mail's date. A host copied from it (moved to another machine or "
        "folder) writes a mail as this one on its first poll, and the host it was copied "
        "from stops at its next poll or turn, its mail left here for the new one. Leave "
        "the mails of this folder where they are.\n"
    )
    return msg.as_bytes(policy=email.policy.SMTP)


FIELD_MAX = 16384
"""Characters of a claim's field as written (encoded words, folded) beyond which the mail
is no claim of wtg's: the longest place a host writes (a path of a few thousand letters
not ASCII) takes fewer. The email package takes a time that grows with the square of a
field's encoded words: a stranger's place of 3000 of them took a quarter of a second to
decode, each poll, for each mail of his in the folder."""


def read_claim(head: bytes) -> Claim | None:
    """The claim a mail's header says; None for a mail that is none (a mail filed into
    the folder by hand, or by the server's rule for the folder's name after a plus in the
    address: anyone's), whose header does not read or has a field longer than
    ``FIELD_MAX``. A claim's fields alone are found in the header's bytes and their
    encoded words decoded; the Date is kept as written, never parsed (of year
    99999999999, the email package's date raised OverflowError, and every poll stopped)."""
    try:
        return _claim_of(head)
    except Exception:  # anyone's header: what does not decode is no claim
        return None


def _claim_of(head: bytes) -> Claim | None:
    fields = _fields(head)
    if any(len(value) > FIELD_MAX for value in fields.values()):
        return None
    host, polls = fields.get(HOST_HEADER.lower()), fields.get(POLLS_HEADER.lower())
    if not host or polls is None:
        return None
    copied = _decoded(fields.get(ANCESTORS_HEADER.lower(), "")).split()
    return Claim(
        host=_decoded(host).strip(),
        ancestors=tuple(name for name in copied if name != "-"),
        polls=_decoded(polls).strip(),
        place=_decoded(fields.get(PLACE_HEADER.lower(), "")).strip() or "an unknown place",
        date=" ".join(fields.get("date", "").split()),
        maildir=_decoded(fields.get(MAILDIR_HEADER.lower(), "")).strip(),
    )


_HEAD_END = re.compile(rb"\n\r?\n")
_FIELD = re.compile(
    rb"^(x-wtg-[a-z-]+|date)[ \t]*:([^\n]*(?:\n[ \t][^\n]*)*)", re.MULTILINE | re.IGNORECASE
)
"""A field of a claim's header (the others are never looked at): its name, and its value
with the lines it is folded onto."""


def _fields(head: bytes) -> dict[str, str]:
    """The fields of a claim in a mail's header by their names in lower case, each the
    first of its name, unfolded, as written: two patterns run over the bytes, where the
    email package's parser took milliseconds for a stranger's header of 64 kB."""
    found = _HEAD_END.search(head)
    text = head[: found.start() + 1] if found is not None else head
    fields: dict[str, str] = {}
    for match in _FIELD.finditer(text):
        name = match[1].decode("ascii", "replace").lower()
        value = match[2].replace(b"\r", b"").replace(b"\n", b"")
        fields.setdefault(name, value.decode("ascii", "surrogateescape"))
    return fields


def _decoded(value: str) -> str:
    """A field as written, its encoded words decoded (a long place or a folder's name not
    ASCII is written as encoded words, folded)."""
    return str(make_header(decode_header(value)))


class Verdict(Enum):
    GO = "go"
    """The newest claim is this host's: poll, run the turns."""
    TAKE = "take"
    """No claim of this host's line yet, or the newest is a host's this one was copied
    from: this host claims the folder, and goes on."""
    STOP = "stop"
    """A copy of this host (or of the host it was copied from) claimed the folder after
    this host did: this host stops."""


class Decided(Record):
    verdict: Verdict
    newest: Claim | None
    """The newest claim of this host's line (its own, its ancestors', its copies')."""


def decide(me: HostId, claims: Sequence[Claim], polls: str) -> Decided:
    """What this host does with ``claims`` (oldest first) on the folder ``polls``."""
    line = {me.id, *me.ancestors}
    related = [
        claim
        for claim in claims
        if claim.polls == polls and line.intersection({claim.host, *claim.ancestors})
    ]
    if not related:
        return Decided(Verdict.TAKE, None)
    newest = related[-1]
    if newest.host == me.id:
        return Decided(Verdict.GO, newest)
    if me.id in newest.ancestors:  # a copy of this host, or one that took over from it
        return Decided(Verdict.STOP, newest)
    if newest.host in me.ancestors:
        return Decided(Verdict.TAKE, newest)
    # another copy of a host this one was copied from: the copy that began to poll
    # last serves the folder, the one that claimed it before stops
    held = any(claim.host == me.id for claim in related)
    return Decided(Verdict.STOP if held else Verdict.TAKE, newest)


def taking_over(me: HostId, newest: Claim | None) -> HostId:
    """The host as its claim names it when the GM takes the folder back for it (`wtg poll
    --take-over`): the newest claimant among those it descends from, so that it stops."""
    if newest is None or newest.host == me.id:
        return me
    taken = (newest.host, *newest.ancestors, *me.ancestors)
    return HostId(me.id, tuple(dict.fromkeys(name for name in taken if name != me.id)))
