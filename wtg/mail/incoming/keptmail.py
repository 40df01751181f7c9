"""A mail the poll set aside (``wtg.mail.incoming.setaside``) that the GM files by hand: ``wtg
orders GAME_DIR FILE`` with the mail kept in the spool's archive. It is filed as of when it
arrived, not as of its filing: a player who sent proper orders after it keeps them (the
newer orders win, ``wtg.game.arrivalkey``), and the entry is no longer listed as not
filed (``Journal.aside_filed``).

A mail the poll held for the GM (its GAME line names a game this host does not know, a
mistyped ``GAME: g33`` for ``g3``) is filed the same way, as of when it arrived (the
journal's ``held`` keeps its arrival key), its record dropped once filed (``forget_held``);
that its form names another game is the door's to judge (``wtg.game.intake``: its code
must be the seat's).

When it arrived: as the poll read it (the journal's ``aside_arrived``); for a mail the
journal holds no time of (a journal of an older version, a mail the GM saved elsewhere),
the date its receiving server wrote in its topmost ``Received`` header, else its ``Date``;
never later than now. A mail is read as the poll reads it (its parts decoded: a text in base64
or quoted-printable, an HTML part), a file that is no mail (a form saved alone, an order
file) as it is."""

from __future__ import annotations

from datetime import datetime, timezone
from email.message import Message
from email.parser import HeaderParser
from email.utils import parsedate_to_datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.files.paths import same_file
from wtg.game.arrivalkey import KEY_STAMP, arrival_key, comparable
from wtg.mail.message.extract import extract_from_message, parse_mail
from wtg.mail.spool.journal import JOURNAL_FILE, Journal
from wtg.mail.spool.journallists import aside_arrival, held_arrivals, set_aside_entries

TIEBREAK = "kept-mail"
"""What orders a kept mail's key after its time, when the journal kept none of its own."""


class KeptMail(Record):
    """A file the GM gives ``wtg orders``, as the spool knows it."""

    keys: tuple[str, ...]
    """The journal's keys of the mail set aside that the file is (none: no such mail)."""
    received: datetime | None
    """When the mail arrived (None: not a mail, filed as of now)."""
    order_key: str | None
    """Its arrival key (None with ``received``)."""
    held: tuple[str, ...] = ()
    """The journal's keys of the mail held for the GM that the file is (a form whose GAME
    line names a game this host does not know): its record goes once it is filed."""


def kept_mail(spool: Path, path: Path | None, text: str, now: datetime) -> KeptMail:
    """What ``path`` (None: read from stdin), whose text is ``text``, is: a mail set aside
    and when it arrived, a mail and when its server received it, or neither."""
    keys: list[str] = []
    if path is not None:
        for entry in set_aside_entries(spool):
            if entry.key not in keys and same_file(Path(entry.archive), path):
                keys.append(entry.key)
    for key in keys:
        arrival = aside_arrival(spool, key)
        if arrival is not None:
            kept = datetime.fromtimestamp(arrival.received, timezone.utc)
            return KeptMail(tuple(keys), kept, arrival.order_key)
    held = [h for h in held_arrivals(spool) if path and _same_mail(Path(h.archive), path)]
    for item in held:  # as the poll read it: the player's orders sent after it stand
        when = _moment_of_key(item.arrived)
        if when is not None:
            return KeptMail(tuple(keys), min(when, now), item.arrived, tuple(h.key for h in held))
    moment = _headers_moment(HeaderParser().parsestr(text, headersonly=True))
    if moment is None and keys:  # a row of an older journal: when the poll set it aside
        moment = min(
            datetime.fromtimestamp(e.at, timezone.utc)
            for e in set_aside_entries(spool)
            if e.key in keys
        )
    held_keys = tuple(h.key for h in held)
    if moment is None:
        return KeptMail(tuple(keys), None, None, held_keys)
    moment = min(moment, now)  # a sender's clock ahead makes no orders newer than now
    return KeptMail(tuple(keys), moment, arrival_key(moment, TIEBREAK), held_keys)


def _same_mail(archive: Path, path: Path) -> bool:
    """Whether ``path`` is the mail kept as ``archive``: that file itself, or one of the
    same bytes (the mail in the rejected folder, where the poll moved it)."""
    if same_file(archive, path):
        return True
    try:
        if archive.stat().st_size != path.stat().st_size:
            return False
        return archive.read_bytes() == path.read_bytes()
    except OSError:  # gone, or not to be read: not this mail
        return False


def _moment_of_key(key: str) -> datetime | None:
    """When an arrival key says its mail arrived; None for a key of no known form."""
    try:
        moment = datetime.strptime(comparable(key).partition("|")[0], KEY_STAMP)
    except ValueError:
        return None
    return moment.replace(tzinfo=timezone.utc)


def forget_held(spool: Path, keys: tuple[str, ...]) -> int:
    """The GM filed the mails held of ``keys``: their records go (``wtg quarantine`` lists
    them no longer). How many went; none where there is no journal."""
    if not keys or not (spool / JOURNAL_FILE).is_file():
        return 0
    journal = Journal(spool)
    try:
        return journal.forget_quarantined(list(keys))
    finally:
        journal.close()


def kept_texts(path: Path | None, text: str) -> list[str]:
    """The texts of the file ``path`` (None: stdin), whose text is ``text``, that
    ``Game.submit_all`` reads: a mail's parts that hold a form, decoded, best first (as the
    poll gives them); the text itself when it is no mail, or no part holds a form."""
    if HeaderParser().parsestr(text, headersonly=True).get("from") is None:
        return [text]  # a form or an order file saved alone: no headers to read past
    try:
        raw = path.read_bytes() if path is not None else text.encode("utf-8", "replace")
    except OSError:  # read once already: gone since, or a pipe
        raw = text.encode("utf-8", "replace")
    found = extract_from_message(parse_mail(raw)).texts
    return list(found) if found else [text]


def mark_filed(spool: Path, keys: tuple[str, ...], game: str, now: datetime) -> None:
    """The GM filed the mails of ``keys`` for ``game``: no longer listed as not filed. Made
    by nothing where there is no journal."""
    if not keys or not (spool / JOURNAL_FILE).is_file():
        return
    journal = Journal(spool)
    try:
        for key in keys:
            journal.aside_filed(key, game, now.timestamp())
        journal.commit()
    finally:
        journal.close()


def _headers_moment(headers: Message) -> datetime | None:
    """When the mail's receiving server got it (its topmost ``Received``, which that server
    wrote last), else when its sender dated it; None for a text that is no mail (a form
    saved alone has neither header)."""
    received = headers.get_all("received") or []
    candidates = [str(received[0]).rpartition(";")[2]] if received else []
    if headers.get("from") is not None and headers.get("date") is not None:
        candidates.append(str(headers["date"]))
    for text in candidates:
        try:
            moment = parsedate_to_datetime(text.strip())
            aware = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
            return aware.astimezone(timezone.utc)
        except (TypeError, ValueError, IndexError, OverflowError):  # a date that is none
            continue
    return None
