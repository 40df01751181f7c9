"""Time zones that are a fixed offset from UTC, said for what they are.

A GM writes ``UTC-5`` or ``GMT-5`` for his zone, which the tz database does not know by
that name; its own names for fixed offsets, ``Etc/GMT+5``, carry the opposite sign (POSIX
counts west of Greenwich as positive): ``Etc/GMT+5`` is five hours BEHIND UTC. Neither
follows summer time: the players' deadlines would move an hour against their clocks twice
a year. The zone of a place (``America/New_York``) is what to give.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from wtg.game.zonenames import current_zones

_WRITTEN = re.compile(r"^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})(?::?([0-5]\d))?$", re.IGNORECASE)
"""An offset as a GM writes it: ``UTC-5``, ``GMT+5:30``, ``utc+0530``."""

_SIGN_INVERTED = re.compile(r"^(?:Etc/)?GMT[+-]\d+$", re.IGNORECASE)
"""The tz database's own fixed offsets, whose sign is the opposite of ``UTC±N``'s."""

_REGIONS = frozenset(
    ("Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")
)
"""The first part of the name of a place's zone (not ``Etc/``, nor the old ``US/``)."""

PLACES_SHOWN = 3
"""How many zones of places a message suggests."""

_WINTER = datetime(2025, 1, 15, tzinfo=timezone.utc)
_SUMMER = datetime(2025, 7, 15, tzinfo=timezone.utc)
"""Two moments half a year apart: a zone whose offset is the same at both has no summer
time."""


def written_offset(zone: str) -> timedelta | None:
    """The offset from UTC that ``zone`` written as ``UTC-5`` or ``GMT+5:30`` means (the
    sign as written: ``UTC-5`` is five hours behind UTC); None for any other text."""
    found = _WRITTEN.match(zone.strip())
    if found is None:
        return None
    sign, hours, minutes = found.groups()
    offset = timedelta(hours=int(hours), minutes=int(minutes or 0))
    return -offset if sign == "-" else offset


def fixed_offset(zone: str) -> timedelta | None:
    """The offset of ``zone``, a tz database zone that is a fixed offset and no place's
    (``Etc/GMT+5``, ``EST``), when it is not UTC's; None for a place's zone, UTC, or a
    name the tz database does not know."""
    if "/" in zone and not zone.startswith("Etc/"):
        return None  # a place's zone, with summer time or without it, is what to give
    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    winter, summer = tz.utcoffset(_WINTER), tz.utcoffset(_SUMMER)
    if winter != summer or not winter:
        return None
    return winter


def offset_words(offset: timedelta) -> str:
    """``5 hours behind UTC``, ``5 hours 30 minutes ahead of UTC``."""
    minutes = abs(int(offset.total_seconds())) // 60
    hours, rest = divmod(minutes, 60)
    length = f"{hours} hour{'s' if hours != 1 else ''}" if hours else ""
    if rest:
        length = f"{length} {rest} minutes".strip()
    return f"{length} {'behind' if offset < timedelta(0) else 'ahead of'} UTC"


def places_at(offset: timedelta, now: datetime) -> list[str]:
    """The zones of places whose clocks are ``offset`` from UTC at ``now``, the first
    ``PLACES_SHOWN`` by name."""
    found = []
    for name in sorted(current_zones()):  # by current names: Asia/Kolkata, not Calcutta
        if name.split("/")[0] in _REGIONS and ZoneInfo(name).utcoffset(now) == offset:
            found.append(name)
            if len(found) == PLACES_SHOWN:
                break
    return found


def _a_place(offset: timedelta, now: datetime) -> str:
    places = places_at(offset, now)
    shown = f"e.g. {', '.join(places)}, " if places else ""
    return f"the zone of your place ({shown}as Region/City)"


def written_meant(zone: str, now: datetime) -> str | None:
    """What a zone written as an offset (``UTC-5``) means, and what to give instead, for a
    refusal of it (``a fixed offset, 5 hours behind UTC, ...``); None when ``zone`` is not
    written so."""
    offset = written_offset(zone)
    if offset is None:
        return None
    if not offset:
        return f"that is UTC: give UTC, or {_a_place(offset, now)}"
    return (
        f"a fixed offset, {offset_words(offset)}, which does not follow summer time: the "
        f"players' deadlines would move an hour against their clocks; give " + _a_place(offset, now)
    )


GAME_YAML = "in game.yaml's schedule"
"""Where a game's zone is given again (``fixed_zone_warning``)."""


def fixed_zone_warning(zone: str, now: datetime, where: str = GAME_YAML) -> str | None:
    """What is wrong with a game's ``zone`` that is a fixed offset (``Etc/GMT+5``), the
    sign trap named, and ``where`` to give a place's zone instead; None for any other
    zone."""
    offset = fixed_offset(zone)
    if offset is None:
        return None
    trap = ""
    if _SIGN_INVERTED.match(zone):
        hours = zone.rsplit("GMT", 1)[1]
        flipped = ("-" if hours.startswith("+") else "+") + hours[1:]
        trap = f" (the tz database's sign is inverted: {zone} is UTC{flipped}, not UTC{hours})"
    return (
        f"time zone {zone} is a fixed offset, {offset_words(offset)}{trap}; it does not "
        "follow summer time, so the deadlines move an hour against the players' clocks when "
        f"theirs change: give {_a_place(offset, now)} {where}"
    )


def abbreviation_meant(zone: str) -> str | None:
    """What a zone written as its clocks' abbreviation (``CEST``, ``PST``, ``BST``, which
    the tz database does not know as zones) means, and what to give instead; None when
    ``zone`` is no place's abbreviation. The abbreviations are the tz database's own, of
    each place's winter and summer: close spellings among the zones (``CEST``: CET or EST,
    ``PST``: EST or MST) would have been offered, and either is a zone of other clocks."""
    wanted = zone.strip().upper()
    zones = available_timezones()
    if not wanted.isalpha() or wanted in {name.upper() for name in zones}:
        return None  # `utc`, `cet`: a zone but for its case, which `zone_meant` names
    places = [
        name
        for name in sorted(current_zones())  # by current names: not America/Ensenada
        if name.split("/")[0] in _REGIONS
        and wanted in {ZoneInfo(name).tzname(moment) for moment in (_WINTER, _SUMMER)}
    ]
    if not places:
        return None
    regions = [name.split("/")[0] for name in places]
    places.sort(key=lambda name: -regions.count(name.split("/")[0]))  # stable: by name too
    shown = ", ".join(places[:PLACES_SHOWN])
    return (
        f"{wanted} is what the clocks of some places are called, not a zone: give the zone "
        f"of your place (e.g. {shown}, as Region/City)"
    )
