"""When the last digest was made: ``digest.json`` in the spool, which `wtg digest` and the
service's daily digest write (``wtg.mail.outgoing.digest``) and the poll reads too: the mails not
answered since then are the next digest's to count (``wtg.mail.poll.poller.unanswered_before``).

``rows``, beside ``last`` when they differ: where the digest's lists of the journal ended,
and where the next digest's begin: the moment it was made, to its fraction of a second
(``exact``), when no other process polls, or held back to the whole second a poll under
way began in (``wtg.mail.spool.pollbegun``). A poll's rows carry the moment it began, a
fraction of a second into it: a digest that ended its lists at the whole second it was
made in left those of a poll run just before it, in the same second (`wtg poll; wtg
digest` from cron), to the next digest, a day later."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from wtg.game.schedule import iso, parse_iso
from wtg.mail.spool.pollbegun import poll_begun, polling

DIGEST_FILE = "digest.json"
ROWS = "rows"
"""The key of ``DIGEST_FILE`` that says where the journal's lists ended (``rows_until``)."""
RUNS_TOLD = "runs_told"
"""The key of ``DIGEST_FILE`` that names the turns run in the second of ``last`` the digest
listed (``"g1 4"``): a turn's ``ran_at`` keeps whole seconds, and the next digest lists
the others of that second, run after the digest was made (``runs_told``)."""


def exact(moment: datetime) -> str:
    """``moment`` as the digest's mark keeps one: ``2026-11-22T12:00:00Z``, with its
    microseconds when it has some (``2026-11-22T12:00:00.700000Z``)."""
    if not moment.microsecond:
        return iso(moment)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def read_exact(text: str) -> datetime:
    """A moment ``exact`` wrote (or ``iso``); ValueError for any other text."""
    if "." not in text:
        return parse_iso(text)
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)


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


def runs_told(spool: Path, since: datetime) -> frozenset[str]:
    """The turns run in the second ``since`` that the last digest listed (``RUNS_TOLD``),
    when ``since`` is its mark; none else, or when the mark cannot be read."""
    try:
        data = json.loads((spool / DIGEST_FILE).read_text(encoding="utf-8"))
        told = data.get(RUNS_TOLD, []) if data.get("last") == iso(since) else []
    except (OSError, ValueError, AttributeError):
        return frozenset()
    return (
        frozenset(run for run in told if isinstance(run, str))
        if isinstance(told, list)
        else frozenset()
    )


def rows_digest(spool: Path, now: datetime | None = None) -> datetime | None:
    """The moment the next digest's lists of the journal begin at: the ``rows`` the last
    digest kept when a poll under way held them back (``rows_until``), else its ``last``;
    None, and later than ``now``, as ``last_digest`` has them."""
    try:
        data = json.loads((spool / DIGEST_FILE).read_text(encoding="utf-8"))
        rows = read_exact(str(data.get(ROWS, data["last"])))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return None if now is not None and rows > now else rows


def rows_until(spool: Path, since: datetime, until: datetime) -> datetime:
    """Where a digest made at ``until`` ends its lists of the journal that begin at
    ``since``, never before ``since``: the whole second a poll under way began in when
    that is earlier than ``until`` (its rows carry that moment and are not committed yet:
    ``pollbegun``); the whole second ``until`` is in while another process holds the poll's
    lock and no poll under way says when it began (`wtg serve` between two polls);
    else ``until`` itself, to its fraction of a second (a poll that begins after this look
    stamps its rows later)."""
    whole = parse_iso(iso(until))
    begun = poll_begun(spool)
    if begun is not None:
        held = parse_iso(iso(datetime.fromtimestamp(begun, timezone.utc)))
        return max(since, min(whole, held))
    return max(since, whole if polling(spool) else until)
