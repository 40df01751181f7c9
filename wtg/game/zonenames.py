"""The time zones wtg names to a GM, by their current names: the tz database keeps an old
name of a place as a link to its current one (``Asia/Calcutta`` to ``Asia/Kolkata``,
``America/Ensenada`` to ``America/Tijuana``), and ``zoneinfo.available_timezones`` gives
both, so a suggestion taken from it could name the old one. The current names are those
of the database's ``zone.tab`` (a zone a country's region keeps); an old name is read as
the zone it links to (``tzdata.zi``'s ``L`` lines). Read from the database zoneinfo itself
reads (the system's, else the ``tzdata`` package); without those files, every zone is
taken as current."""

from __future__ import annotations

import functools
import importlib.resources
import zoneinfo
from pathlib import Path
from zoneinfo import available_timezones

ALWAYS = frozenset({"UTC", "Etc/UTC"})
"""Zones named as they are, though no region's (``zone.tab`` lists places only)."""


def _database_text(name: str) -> str | None:
    """The text of the tz database's file ``name``, from the first folder of zoneinfo's
    search path that has it, else from the ``tzdata`` package; None when neither has it."""
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / name
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    try:
        package = importlib.resources.files("tzdata")
        return package.joinpath("zoneinfo").joinpath(name).read_text("utf-8")
    except (ModuleNotFoundError, OSError):
        return None


@functools.cache
def current_zones() -> frozenset[str]:
    """The zones by their current names (``zone.tab``'s, and ``ALWAYS``) that this
    machine knows; every zone it knows when no ``zone.tab`` can be read."""
    known = available_timezones()
    text = _database_text("zone.tab")
    if text is None:
        return frozenset(known)
    named = {
        fields[2]
        for line in text.splitlines()
        if line and not line.startswith("#") and len(fields := line.split("\t")) >= 3
    }
    return frozenset((named | ALWAYS) & known) or frozenset(known)


@functools.cache
def _links() -> dict[str, str]:
    """Each old name of a zone with the zone it links to (``tzdata.zi``'s ``L TARGET OLD``)."""
    text = _database_text("tzdata.zi") or ""
    return {
        fields[2]: fields[1]
        for line in text.splitlines()
        if line.startswith("L ") and len(fields := line.split()) == 3
    }


def current_name(zone: str) -> str:
    """``zone`` by its current name: an old name's zone when that is one (``Asia/Calcutta``:
    ``Asia/Kolkata``), else ``zone`` as it is."""
    if zone in current_zones():
        return zone
    seen = {zone}
    target = _links().get(zone)
    while target is not None and target not in seen:  # a link to a link, followed
        if target in current_zones():
            return target
        seen.add(target)
        target = _links().get(target)
    return zone
