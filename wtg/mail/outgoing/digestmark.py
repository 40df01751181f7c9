"""When the last digest was made: ``digest.json`` in the spool, which `wtg digest` and the
service's daily digest write (``wtg.mail.outgoing.digest``) and the poll reads too: the mails not
answered since then are the next digest's to count (``wtg.mail.poll.poller.unanswered_before``).

``rows``, beside ``last`` when they differ: where the digest's lists of the journal ended,
held back to the moment a poll under way began (``wtg.mail.spool.pollbegun``), and where
the next digest's begin."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from wtg.game.schedule import iso, parse_iso
from wtg.mail.spool.pollbegun import poll_begun

DIGEST_FILE = "digest.json"
ROWS = "rows"
"""The key of ``DIGEST_FILE`` that says where the journal's lists ended (``rows_until``)."""


def last_digest(spool: Path, now: datetime | None = None) -> datetime | None:
    """The moment the next digest tells what happened after; None when there is none yet,
    or it cannot be read (the next digest then looks back a day), or, given ``now``, when
    it is later than now: marked while the machine's clock ran ahead, it would hide every
    turn run until the clock caught up with it."""
    try:
        data = json.loads((spool / DIGEST_FILE).read_text(encoding="utf-8"))
        last = parse_iso(str(data["last"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return None if now is not None and last > now else last


def rows_digest(spool: Path, now: datetime | None = None) -> datetime | None:
    """The moment the next digest's lists of the journal begin at: the ``rows`` the last
    digest kept when a poll under way held them back (``rows_until``), else its ``last``;
    None, and later than ``now``, as ``last_digest`` has them."""
    try:
        data = json.loads((spool / DIGEST_FILE).read_text(encoding="utf-8"))
        rows = parse_iso(str(data.get(ROWS, data["last"])))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return None if now is not None and rows > now else rows


def rows_until(spool: Path, since: datetime, until: datetime) -> datetime:
    """Where a digest made at ``until`` (a whole second) ends its lists of the journal that
    begin at ``since``: ``until``, or the whole second a poll under way began in when that
    is earlier (its rows carry that moment and are not committed yet: ``pollbegun``), never
    before ``since``."""
    begun = poll_begun(spool)
    if begun is None:
        return until
    held = parse_iso(iso(datetime.fromtimestamp(begun, timezone.utc)))
    return max(since, min(until, held))
