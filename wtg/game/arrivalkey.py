"""When orders arrived, as one key that sorts the same whatever brought them.

The newest orders of a player win, by when they arrived: the IMAP server's INTERNALDATE,
a Maildir file's time, or the clock when the GM files orders at the command line. The
key is the UTC time to the microsecond, then what orders messages that arrived at the
same moment (the server's UID, the file's name, its digits compared as numbers: a
maildir name's microseconds have no leading zeros); two mails of one IMAP mailbox are ordered
by their UIDs alone (``is_newer``). Keys written by older versions
(``2026-11-25T10:00:00Z`` from the command line, ``20261125100000|...`` from IMAP,
20-digit nanoseconds from a Maildir) are read as the times they are, so an upgrade
never makes a mail look older than it is.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from wtg.core.numbered import Numbered, numbered

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

_CURRENT = re.compile(r"\d{8}T\d{6}\.\d{6}Z(\|.*)?", re.DOTALL)
_ISO = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z?")
_IMAP = re.compile(r"(\d{14})\|(.*)", re.DOTALL)
_NANOS = re.compile(r"(\d{20})\|(.*)", re.DOTALL)


KEY_STAMP = "%Y%m%dT%H%M%S.%fZ"
"""How a key writes its UTC time, before its tiebreak."""


def arrival_key(moment: datetime, tiebreak: str = "") -> str:
    """The key of orders that arrived at ``moment`` (an aware datetime)."""
    stamp = moment.astimezone(timezone.utc).strftime(KEY_STAMP)
    return f"{stamp}|{tiebreak}" if tiebreak else stamp


def from_nanoseconds(nanos: int, tiebreak: str = "") -> str:
    """The key of a file whose time is ``nanos`` nanoseconds after the epoch."""
    moment = _EPOCH + timedelta(microseconds=nanos // 1000)
    return arrival_key(moment, f"{nanos % 1000:03d}|{tiebreak}")


def comparable(key: str) -> str:
    """``key`` in the current form, whatever version wrote it."""
    try:
        return _current(key)
    except (ValueError, OverflowError):  # a hand-edited key that is no time at all
        return key


def _current(key: str) -> str:
    if _CURRENT.fullmatch(key):
        return key
    if match := _ISO.fullmatch(key):
        year, month, day, hour, minute, second = (int(part) for part in match.groups())
        return arrival_key(datetime(year, month, day, hour, minute, second, tzinfo=timezone.utc))
    if match := _NANOS.fullmatch(key):
        return from_nanoseconds(int(match[1]), match[2])
    if match := _IMAP.fullmatch(key):
        moment = datetime.strptime(match[1], "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)
        return arrival_key(moment, match[2])
    return key


_IMAP_PLACE = re.compile(r"\d{8}T\d{6}\.\d{6}Z\|(\d{12})\|(\d{12})")
"""A key the IMAP inbox wrote: its time, then the mailbox's UIDVALIDITY and the mail's UID."""


def is_newer(key: str, than: str) -> bool:
    """Whether orders that arrived as ``key`` are newer than those of ``than``. Two mails of
    one IMAP mailbox (the same UIDVALIDITY) are told apart by their UIDs, which the server
    gives in the order it took the mails in, whatever its clock said: a clock set back (a
    wrong time put right) made the later mail look the older, and its orders were refused
    as older than those on file."""
    mine, theirs = comparable(key), comparable(than)
    place, other = _IMAP_PLACE.fullmatch(mine), _IMAP_PLACE.fullmatch(theirs)
    if place and other and place[1] == other[1]:
        return int(place[2]) > int(other[2])
    return numbered(mine) > numbered(theirs)


def arrival_order(key: str) -> tuple[str, Numbered]:
    """A sort key of arrival keys that orders mails as ``is_newer`` does: those of one IMAP
    mailbox by their UIDs, any others by their times, then their tiebreaks with the digits
    of a file's name compared as numbers (``wtg.core.numbered``)."""
    current = comparable(key)
    place = _IMAP_PLACE.fullmatch(current)
    return (place[1], numbered(place[2])) if place else ("", numbered(current))
