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
from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.parser import BytesHeaderParser
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


class Claim(Record):
    """One claim, as its mail says it."""

    host: str
    ancestors: tuple[str, ...]
    polls: str
    """The folder the host polls ("INBOX"); hosts polling other folders share nothing."""
    place: str
    """The machine and the games folder of the host, for the GM to find it."""
    date: str


def claim_mail(host: HostId, polls: str, place: str, when: datetime) -> bytes:
    """The mail that claims the mailbox's folder ``polls`` for ``host``."""
    msg = EmailMessage()
    msg["From"] = "wtg <wtg@localhost>"
    msg["Subject"] = f"wtg: the host at {place} serves the games of {polls}"
    msg["Date"] = format_datetime(when)
    msg[HOST_HEADER] = host.id
    msg[ANCESTORS_HEADER] = " ".join(host.ancestors) or "-"
    msg[POLLS_HEADER] = polls
    msg[PLACE_HEADER] = place
    msg.set_content(
        f"The wtg host at {place} polls {polls} of this mailbox and runs its games' turns "
        "since this mail's date. A host copied from it (moved to another machine or "
        "folder) writes a mail as this one on its first poll, and the host it was copied "
        "from stops at its next poll or turn, its mail left here for the new one. Leave "
        "the mails of this folder where they are.\n"
    )
    return msg.as_bytes(policy=email.policy.SMTP)


def read_claim(head: bytes) -> Claim | None:
    """The claim a mail's header says; None for a mail that is none (a mail filed into
    the folder by hand, or by the server's rule for the folder's name after a plus in the
    address: anyone's) or whose header does not read."""
    try:
        return _claim_of(head)
    except Exception:  # anyone's header: the email package's parsed headers have raised
        # on odd ones (a Date of year 99999999999: OverflowError, hence the Date read raw)
        return None


def _claim_of(head: bytes) -> Claim | None:
    # the default policy: a long place is written as encoded words, folded (a path of
    # more than a line, a name not ASCII), and read back as it was
    parsed = BytesHeaderParser(policy=email.policy.default).parsebytes(head)
    host, polls = parsed.get(HOST_HEADER), parsed.get(POLLS_HEADER)
    if not host or polls is None:
        return None
    copied = str(parsed.get(ANCESTORS_HEADER, "")).split()
    dates = [value for name, value in parsed.raw_items() if name.lower() == "date"]
    return Claim(
        host=str(host).strip(),
        ancestors=tuple(name for name in copied if name != "-"),
        polls=str(polls).strip(),
        place=str(parsed.get(PLACE_HEADER, "")).strip() or "an unknown place",
        date=" ".join(str(dates[0]).split()) if dates else "",  # as written, never parsed
    )


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
