"""The GM's digest, mailed once a day by the service (``wtg digest --mail`` as cron sent it).

It is due at ``DIGEST_AT`` each day (the machine's time zone, as cron's ``0 7 * * *``), the
first such moment after the last digest (``digest.json``, which `wtg digest` keeps too).
Its mail is named after the day it is due, and queued before the digest is marked: a
service killed between the two finds the digest due again, makes it again and queues
nothing twice (the outbox knows the name); one killed before the queueing sends it after
the restart.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone, tzinfo

from wtg.host.config import GmConfig
from wtg.mail import compose
from wtg.mail.digest import last_digest, make_digest, mark_digest
from wtg.mail.outbox import Outbox

DIGEST_AT = time(7, 0)


def local_day(moment: datetime, zone: tzinfo | None) -> date:
    """The date of ``moment`` in ``zone`` (None: the machine's time zone)."""
    return (moment.astimezone(zone) if zone is not None else moment.astimezone()).date()


def daily_moment(day: date, at: time, zone: tzinfo | None) -> datetime:
    """``at`` on ``day`` in ``zone`` (None: the machine's, summer time and all), in UTC."""
    local = datetime.combine(day, at, tzinfo=zone)  # naive for None: read as local time
    return local.astimezone(timezone.utc)


def next_digest(after: datetime, zone: tzinfo | None, at: time = DIGEST_AT) -> datetime:
    """The first digest moment strictly after ``after``."""
    day = local_day(after, zone) - timedelta(days=1)
    while daily_moment(day, at, zone) <= after:
        day += timedelta(days=1)
    return daily_moment(day, at, zone)


def digest_due(gm: GmConfig, started: datetime, zone: tzinfo | None) -> datetime:
    """When the next digest is due: the first digest moment after the last digest, or
    after ``started`` (the service's start) when there was none."""
    return next_digest(last_digest(gm.spool) or started, zone)


def mail_digest(gm: GmConfig, due: datetime, now: datetime, zone: tzinfo | None) -> bool:
    """Make the digest, queue it to the GM (the config's ``from``) unless it has nothing
    to tell, then mark it; True when a mail was queued now."""
    made = make_digest(gm.games_dir, now)
    queued = False
    if not made.empty():
        day = local_day(due, zone)
        ident = f"digest-day-{day:%Y%m%d}"
        msg = compose.message(
            ident,
            gm.sender,
            gm.sender,
            f"wtg digest {day:%Y-%m-%d}",
            made.text(),
            when=now,
            kind="auto-generated",
        )
        queued = Outbox(gm.spool).add(ident, msg)  # durable before the mark
    mark_digest(gm.spool, now)
    return queued
