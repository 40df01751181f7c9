"""The record of the lists the GM closed (`wtg close-list`), beside the lobby's book: what a
book put back from before a close is set right by.

A close writes the list's name, the moment it was opened and the moment it closed into
``closed-lists.json`` once its transaction marked the list closed, and before it queues the
mails that tell its players (``closed-LIST-MOMENT-pN`` in the outbox): a mail of a close in
the outbox means the record has it. The book alone put back from a copy taken before the
close (a backup's, `wtg upgrade`'s, copied over the host's by hand) then has the list open,
its players waiting, while their mails say it closed. Each start of games from the lists
(every poll and `run-turn --due`) reads the record, a small file, and closes again each
list the book has open as it was opened then, at the moment it closed (``reconcile``):
no game is made of it, the JOINs waiting for it end, and the GM is told to give
`wtg close-list` again, which tells those still on it who were not told (those told are
known to the outbox: no second mail) and takes them off, as after a close cut short.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from wtg.files.store import write_atomic
from wtg.game.schedule import moment_text
from wtg.lobby import confirm
from wtg.lobby.database import LobbyDatabase
from wtg.text.shellcommand import shell_command

RECORD = "closed-lists.json"


def note_closed(folder: Path, name: str, opened: str, closed: str) -> bool:
    """The list ``name``, opened at ``opened``, closed at ``closed`` (the book's stamps),
    added to the record in ``folder`` (the lobby's), on disk when it returns; True when it
    was not there before (a close cut short before its record, finished now)."""
    entries = _entries(folder)
    entry = {"list": name, "opened": opened, "closed": closed}
    if entry in entries:
        return False
    entries.append(entry)
    text = json.dumps({"closed": entries}, indent=1, sort_keys=True) + "\n"
    write_atomic(folder / RECORD, text)
    return True


def reconcile(book: LobbyDatabase, problems: list[str]) -> None:
    """Close again each list the book has open that the record says was closed, as it was
    opened then (the module's doc); the GM told of each in ``problems``."""
    for entry in _entries(book.path.parent):
        name, opened, closed = entry["list"], entry["opened"], entry["closed"]
        moment = _moment(closed)
        if moment is None:  # a GM's edit: passed over, as a record that cannot be read
            continue
        row = book.row(
            "SELECT 1 FROM lists WHERE name = ? AND opened = ? AND closed IS NULL", name, opened
        )
        if row is None:
            continue
        with book.write() as db:
            db.execute("UPDATE lists SET closed = ? WHERE name = ?", (closed, name))
            confirm.closed(db, name, moment)
        problems.append(
            f"waiting list {name}: closed again, as it was closed at {moment_text(closed)} (the "
            "lobby's book had it open still: a copy older than the close put back?); give "
            f"`{shell_command('wtg', 'close-list', name)}` again: it tells those still on it who "
            "were not told, "
            "and takes them off"
        )


def _entries(folder: Path) -> list[dict[str, str]]:
    """The record's entries; none when there is no record or it cannot be read (a GM's
    edit: the close's mails are then not reconciled, as before the record)."""
    try:
        data: Any = json.loads((folder / RECORD).read_text(encoding="utf-8"))
        found = data["closed"]
    except (OSError, ValueError, TypeError, KeyError):
        return []
    if not isinstance(found, list):  # ``"closed": null``, edited: nothing to iterate
        return []
    keys = ("list", "opened", "closed")
    return [
        {key: e[key] for key in keys}
        for e in found
        if isinstance(e, dict) and all(isinstance(e.get(key), str) for key in keys)
    ]


def _moment(closed: str) -> datetime | None:
    """The moment of a close as the record keeps it (the book's stamp, UTC); None for
    another form (a GM's edit)."""
    try:
        return datetime.strptime(closed, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        return None
