"""Turn deadlines: a game's schedule (every N days at a set hour, in the GM's time zone).

The clock lives here and in the commands, never in the rules: the engine is told
``now`` and stores, with each turn, the deadline of the turn after it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from wtg.core.errors import UsageError
from wtg.core.jsondata import JsonObject
from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.game.fixedzones import abbreviation_meant, written_meant
from wtg.game.zonenames import current_name
from wtg.text.closename import close_names, either

_AT = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


class ScheduleError(UsageError, ValueError):
    """A schedule (every, at, timezone) that cannot be used."""


YEARS = range(1970, 9000)
"""The years a deadline of wtg's falls in: a schedule's ``first`` day and a turn's
``next_deadline``. Past the last, counting the turns after it (or moving it with `wtg
extend`) would run off the calendar's end, year 9999; a GM who writes ``9999-12-31`` to stop
the game is told of `wtg hold`."""


MOST_DAYS = 366
"""The longest turn a schedule gives: a year's days."""

_YEARS_SAID = f"a year from {YEARS.start} to {YEARS.stop - 1}"


def out_of_years(moment: datetime, what: str = "a deadline falls") -> str | None:
    """Why ``moment`` can be no deadline of wtg's (its year not in ``YEARS``), or None;
    ``what`` names it otherwise (``a turn runs``: the ``ran_at`` of a turn)."""
    if moment.year in YEARS:
        return None
    return f"{what} in {_YEARS_SAID}, and {moment.year} is none"


class Schedule(Record):
    """Deadlines fall every ``every_days`` days at ``at`` (HH:MM) local time, counted from
    the day ``first`` (the first deadline, a date as YYYY-MM-DD)."""

    every_days: int
    at: str
    timezone: str
    first: str

    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def slot(self, index: int) -> datetime:
        """The ``index``-th deadline (0 = the first), as an aware datetime in UTC."""
        hour, minute = (int(x) for x in self.at.split(":"))
        day = datetime.strptime(self.first, "%Y-%m-%d").date() + timedelta(
            days=index * self.every_days
        )
        local = datetime(day.year, day.month, day.day, hour, minute, tzinfo=self.zone())
        return local.astimezone(timezone.utc)

    def next_after(self, moment: datetime) -> datetime:
        """The first deadline strictly after ``moment``."""
        first = self.slot(0)
        if moment < first:
            return first
        index = int((moment - first) / timedelta(days=self.every_days))
        while self.slot(index) <= moment:
            index += 1
        return self.slot(index)

    def to_dict(self) -> JsonObject:
        return {
            "every_days": self.every_days,
            "at": self.at,
            "timezone": self.timezone,
            "first": self.first,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Schedule:
        """The schedule of game.yaml's ``schedule:``, checked already (``wtg.game.gameyaml``)."""
        every = data["every_days"]
        if isinstance(every, bool) or not isinstance(every, int):
            raise UsageError(f"schedule: every_days: expected a whole number, found {every!r}")
        return make_schedule(
            every,
            str(data["at"]),
            str(data["timezone"]),
            first=str(data["first"]),
        )


def zone_meant(zone: str) -> list[str]:
    """The time zones a GM may have meant by ``zone``, which is none: the same but for case
    (``europe/vienna``), the zone of a city given alone (``Vienna``, ``new york``), or the
    close spellings (``Europe/Viena``, ``wtg.text.closename``); none when none is close.
    Each by its current name (``calcutta``: Asia/Kolkata, ``wtg.game.zonenames``)."""
    zones = sorted(available_timezones())
    wanted = zone.strip().replace(" ", "_").lower()
    for name in zones:
        if name.lower() == wanted:
            return [current_name(name)]
    cities = [current_name(name) for name in zones if name.lower().endswith(f"/{wanted}")]
    if cities:  # `calcutta`: Asia/Kolkata, the current name of Asia/Calcutta
        return [min(cities, key=len)]
    return list(dict.fromkeys(current_name(name) for name in close_names(zone, zones)))


_HOUR_WRITTEN = re.compile(
    r"(?P<hour>\d{1,2})(?:[:.h]?(?P<minute>\d{2}))?(?::00)?h?\s*(?P<half>[ap]\.?m\.?)?", re.I
)
"""An hour as people write it: 6pm, 6:30 p.m., 18h, 18h30, 18.00, 1800, 18:00:00, 18."""


def hour_meant(at: str) -> str | None:
    """The HH:MM an hour written another way means (``6pm``: 18:00), or None."""
    found = _HOUR_WRITTEN.fullmatch(at.strip())
    if found is None:
        return None
    hour, minute = int(found["hour"]), int(found["minute"] or 0)
    half = (found["half"] or "").lower()[:1]
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half == "p" else 0)
    meant = f"{hour:02d}:{minute:02d}"
    return meant if _AT.match(meant) else None


_CLOCK = re.compile(r"(?P<hour>\d{1,2}):(?P<minute>\d{2})")


def hour_out_of_range(at: str) -> str | None:
    """What is wrong with an HH:MM past the clock's (``25:00``, ``18:75``, ``24:00``), or
    None when ``at`` is no such HH:MM."""
    found = _CLOCK.fullmatch(at.strip())
    if found is None:
        return None
    hour, minute = int(found["hour"]), int(found["minute"])
    if (hour, minute) == (24, 0):
        return "a day's hours run from 00:00 to 23:59; midnight is 00:00, the next day's start"
    if hour > 23:
        return f"a day's hours run from 00:00 to 23:59, and {hour} is no hour of it"
    if minute > 59:
        return f"an hour's minutes run from 00 to 59, and {minute:02d} is no minute of it"
    return None


def make_schedule(
    every_days: int, at: str, zone: str, *, first: str | None = None, now: datetime | None = None
) -> Schedule:
    """A checked schedule; ``first`` defaults to the day of the first ``at`` at least
    ``every_days`` days after ``now`` (on the clock of ``zone``): the first turn is never
    shorter than the later ones."""
    if every_days < 1:
        raise ScheduleError(f"a turn needs at least 1 day, not {every_days}")
    if every_days > MOST_DAYS:  # 3000000: the deadline after the first, past the year 9999
        raise ScheduleError(f"a turn lasts at most {MOST_DAYS} days (a year), not {every_days}")
    if not _AT.match(at):
        said, wrong = hour_meant(at), hour_out_of_range(at)
        hint = f" (did you mean {said}?)" if said else f" ({wrong})" if wrong else ""
        raise ScheduleError(f"the deadline hour must be HH:MM, not {at!r}{hint}")
    at = f"{int(at.split(':')[0]):02d}:{at.split(':')[1]}"  # 9:00 is 09:00, whoever compares
    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        offset = written_meant(zone, now or datetime.now(timezone.utc))
        if offset is not None:  # UTC-5: never Etc/GMT-5, five hours AHEAD of UTC
            raise ScheduleError(f"unknown time zone {zone!r}: {offset}") from None
        called = abbreviation_meant(zone)
        if called is not None:  # CEST, PST: never CET or EST, the zones of other clocks
            raise ScheduleError(f"unknown time zone {zone!r}: {called}") from None
        meant = zone_meant(zone)
        hint = f"did you mean {either(meant)}?" if meant else "e.g. Europe/Vienna, UTC"
        raise ScheduleError(f"unknown time zone {zone!r} ({hint})") from None
    if first is not None:
        try:
            day = datetime.strptime(first, "%Y-%m-%d").date()
        except ValueError:
            raise ScheduleError(
                f"the first deadline's day must be a date as YYYY-MM-DD, not {first!r}"
            ) from None
        if day.year not in YEARS:  # 9999-12-31: the turn after it has no day on the calendar
            raise ScheduleError(
                f"the first deadline's day must be a date as YYYY-MM-DD of {_YEARS_SAID}, "
                f"not {first!r}"
            )
    else:
        # a whole turn first, as every later one: the first deadline hour at least
        # every_days days (on the GM's clock) after the game is made
        moment = (now or datetime.now(timezone.utc)).astimezone(tz)
        earliest = moment.replace(tzinfo=None) + timedelta(days=every_days)
        hour, minute = (int(x) for x in at.split(":"))
        candidate = earliest.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if candidate < earliest:
            candidate += timedelta(days=1)
        first = candidate.date().isoformat()
    return Schedule(every_days=every_days, at=at, timezone=zone, first=first)


NOTICE = timedelta(hours=12)
"""The least time a rollback or a release leaves the players before the deadline it keeps
(``deadline_again``)."""


def deadline_again(schedule: Schedule, kept: datetime | None, now: datetime) -> datetime:
    """The coming turn's deadline once a rollback or a release lets the game go on at
    ``now``: ``kept`` (the one it had) while it is at least half a day ahead (``NOTICE``);
    else a whole turn, as a new game's first: the schedule's first deadline at least
    ``every_days`` days after now (the next one after now can be minutes away on a daily
    game, and the players would lose the turn)."""
    if kept is not None and kept - now >= NOTICE:
        return kept
    whole = now + timedelta(days=schedule.every_days)
    return schedule.next_after(whole - timedelta(microseconds=1))


def next_deadline(schedule: Schedule, ran_at: datetime, previous: datetime | None) -> datetime:
    """The deadline of the turn after one that ran at ``ran_at`` for ``previous``: never the
    same deadline twice, even when a turn ran early because every player was ready; and,
    for a turn that ran late (the host down past its deadline), never one the players could
    not meet: at least half a day ahead, else a whole turn (``deadline_again``). Turn 0
    (no ``previous``) gets the schedule's first, which ``make_schedule`` or the GM set."""
    if previous is None:
        return schedule.next_after(ran_at)
    return deadline_again(schedule, schedule.next_after(max(ran_at, previous)), ran_at)


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def utc_text(text: str) -> str:
    """An ISO moment of the files (``2026-11-22T12:00:00Z``) as the mails show one
    (``2026-11-22 12:00:00 UTC``); a text that is none, as it is."""
    try:
        return f"{parse_iso(text):%Y-%m-%d %H:%M:%S} UTC"
    except ValueError:
        return text


def moment_text(moment: str | datetime) -> str:
    """A moment as every line of the GM's says one, ``2026-11-22 18:00 UTC``: a deadline of
    the files (``2026-11-22T18:00:00Z``: `wtg extend`, `release`, `rollback`, `status`, the
    digest) or the moment of an event (a hold's since, a rollback's, an extension's, an
    announcement's: ``datetime.isoformat``'s ``+00:00`` too, or the moment itself); a text
    that is none (a file edited by hand), as it is but for its control characters, and so
    is a moment whose offset takes it past the calendar's first or last year. The
    `--json` outputs keep the files' text."""
    if isinstance(moment, datetime):
        try:
            return f"{moment.astimezone(timezone.utc):%Y-%m-%d %H:%M} UTC"
        except OverflowError:  # 0001-01-01T00:00+01:00: no moment in UTC
            return moment.isoformat()
    try:
        read = datetime.fromisoformat(moment.strip().replace("Z", "+00:00"))
    except ValueError:
        return printable(moment)
    if read.tzinfo is None:  # no offset: not a moment of ours, said as written
        return printable(moment)
    try:
        return f"{read.astimezone(timezone.utc):%Y-%m-%d %H:%M} UTC"
    except OverflowError:
        return printable(moment)


_UTC_NAMES = frozenset(("UTC", "Etc/UTC", "GMT", "Etc/GMT", "Zulu", "Etc/Zulu"))


def zoned_text(moment: str | datetime, zone: str | None) -> str:
    """A deadline as a GM's line says one (``moment_text``) and, for a game whose schedule
    keeps another zone than UTC, as its players' reports say it beside it: ``2026-11-24
    17:00 UTC (18:00 Europe/Vienna)``, the day too when it is another there (``2026-11-24
    23:00 UTC (2026-11-25 08:00 Asia/Tokyo)``). A text that is no moment, or a zone that
    cannot be read, is said as ``moment_text`` says it."""
    said = moment_text(moment)
    if zone is None or zone in _UTC_NAMES:
        return said
    read = moment if isinstance(moment, datetime) else _read_moment(moment)
    if read is None:
        return said
    try:
        there = read.astimezone(ZoneInfo(zone))
    except (ValueError, ZoneInfoNotFoundError):
        return said
    day = "" if there.date() == read.astimezone(timezone.utc).date() else f"{there:%Y-%m-%d} "
    return f"{said} ({day}{there:%H:%M} {printable(zone)})"


def _read_moment(moment: str) -> datetime | None:
    """A moment of the files (``2026-11-22T18:00:00Z``), or None for a text that is none."""
    try:
        read = datetime.fromisoformat(moment.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return read if read.tzinfo is not None else None


def local_text(moment: datetime, zone: str) -> str:
    """``Tue 24 Nov 2026 18:00 Europe/Vienna (17:00 UTC)`` for reports; a game kept in
    UTC reads ``Tue 24 Nov 2026 18:00 UTC``."""
    shown = f"{moment.astimezone(ZoneInfo(zone)):%a %d %b %Y %H:%M} {zone}"
    if zone in _UTC_NAMES:
        return shown
    return f"{shown} ({moment.astimezone(timezone.utc):%H:%M} UTC)"
