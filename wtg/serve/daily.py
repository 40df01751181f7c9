"""The GM's digest, mailed once a day by the service (``wtg digest --mail`` as cron sent it).

It is due at ``DIGEST_AT`` each day (the machine's time zone, as cron's ``0 7 * * *``), the
first such moment after the last digest (``digest.json``, which `wtg digest` keeps too).
Its mail is named after the day it is due, and made the way `wtg digest --mail` makes
its own (``wtg.mail.outgoing.digest``): the intent written first (``mailing``, with the day), then
the mail queued, then the digest marked told. A service killed anywhere between the three
finds the intent when it starts again: it queues that digest (once: the outbox knows the
name when it was queued before the kill) and marks it told, then mails the next one when
it is due; nothing is lost, nothing told twice. It finishes the intent a `wtg digest
--mail` cut short left too, as that command finishes the service's.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone, tzinfo

from wtg.host.config import GmConfig
from wtg.mail.outgoing.digest import finish_mailing, mail_and_mark, make_digest, mark_digest
from wtg.mail.outgoing.digestmark import last_digest

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


def digest_due(
    gm: GmConfig, started: datetime, zone: tzinfo | None, now: datetime | None = None
) -> datetime:
    """When the next digest is due: the first digest moment after the last digest, or
    after ``started`` (the service's start) when there was none, or it is later than
    ``now`` (marked while the clock ran ahead: ``last_digest``)."""
    return next_digest(last_digest(gm.spool, now) or started, zone)


def finish_digest(gm: GmConfig) -> bool:
    """The digest of a run cut short before its mark (the service's, or `wtg digest
    --mail`'s), queued once and marked told (``finish_mailing``): True when there was one,
    which the next ``digest_due`` counts from."""
    return finish_mailing(gm.games_dir, gm.sender) is not None


def mail_digest(gm: GmConfig, due: datetime, now: datetime, zone: tzinfo | None) -> bool:
    """Make the digest, queue it to the GM (the config's ``from``) unless it has nothing
    to tell (the intent first, named after the day it is due: ``mail_and_mark``), then
    mark it; True when it had something to tell."""
    made = make_digest(gm.games_dir, now)
    if made.empty():
        mark_digest(gm.spool, now, rows=made.rows_to(), told=made.told_runs())
        return False
    mail_and_mark(gm.games_dir, gm.sender, gm.sender, made, local_day(due, zone))
    return True
