"""What `wtg run-turn --due` does for the lobby before it runs the games: codes to CONFIRM
that are too old are purged, the results of games that ended go into the people's records,
and every waiting list that is full (or has waited its ``--robots-after`` hours) becomes a
game."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from wtg.core.record import Record
from wtg.lobby.book import FILE, FOLDER, Book
from wtg.lobby.confirm import purge
from wtg.lobby.seats import record_results
from wtg.lobby.start import Started, start_due


class Tended(Record):
    started: tuple[Started, ...] = ()
    ended: int = 0
    """Plays whose result was written."""


def tend(games_dir: Path, moment: datetime) -> Tended:
    """Nothing at all for a GM who never opened a list (no book is made)."""
    if not (games_dir / FOLDER / FILE).is_file():
        return Tended()
    with Book(games_dir) as book:
        purge(book, moment)
        ended = record_results(book, games_dir)
        started = start_due(book, games_dir, moment)
    return Tended(tuple(started), ended)
