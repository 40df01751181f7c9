"""What `wtg run-turn --due` does for the lobby before it runs the games: codes to CONFIRM
that are too old are purged (``wtg.lobby.confirm``), every waiting list that is full (or
has waited its ``--robots-after`` hours) becomes a game (and a game a crash left half made
is finished first), and the results of games that ended go into the people's records. A
list, a player or a game it cannot deal with is a line in ``DueTasks.problems``, and
skipped: the others are dealt with, and the games run."""

from __future__ import annotations

from datetime import datetime
from logging import WARNING
from pathlib import Path

from wtg.core.record import Record
from wtg.files.store import FormatRefused, older_format
from wtg.host.gamesdir import failure_reason
from wtg.lobby.confirm import purge
from wtg.lobby.database import BOOK_FORMAT, FILE, FOLDER, BookTorn, LobbyDatabase, torn_said
from wtg.lobby.seats import record_results
from wtg.lobby.start import Started, TakenOff, ToldBefore, start_due
from wtg.logs.addresses import log_hiding_addresses
from wtg.logs.events import log_event


class DueTasks(Record):
    """What the lobby did before the games of a due run: the games it made of full lists,
    the plays whose results it wrote, and what it could not do."""

    started: tuple[Started, ...] = ()
    ended: int = 0
    """Plays whose result was written."""
    problems: tuple[str, ...] = ()
    """A line for each list, game or waiting player the lobby could not deal with (each
    skipped; the others were dealt with): `run-turn --due` counts them as failed."""
    waited: str = ""
    """Why no game was made from the waiting lists this run, when a backup held them
    (``Starts.waited``): said, not failed; the next run makes them."""
    held: tuple[str, ...] = ()
    """The lists ready to start that the backup held back (``Starts.held``): cron's `-q`
    says ``waited`` only when there is one, as a hung backup keeps them waiting."""


def run_due_tasks(
    games_dir: Path, moment: datetime, tell: TakenOff, told: ToldBefore | None = None
) -> DueTasks:
    """The lobby's tasks of a due run (the module's doc), under the lobby's database
    (``LobbyDatabase``); nothing at all for a GM who never opened a list (no database is made).
    A waiting player a game cannot take is told by mail (``tell``) as he is taken off; one
    whose mail is in the outbox already (``told``) is taken off without another."""
    if not (games_dir / FOLDER / FILE).is_file():
        return DueTasks()
    problems: list[str] = []
    try:
        with torn_said(games_dir), LobbyDatabase(games_dir) as book:
            if book.format < BOOK_FORMAT:  # an older wtg's, read as this wtg's it fails
                named = f"the lobby's book {book.path}"  # on a table made since
                raise FormatRefused(older_format(named, book.format, BOOK_FORMAT))
            purge(book, moment)
            # first: a game half made, finished
            starts = start_due(book, games_dir, moment, tell, told)
            ended = record_results(book, games_dir, problems)
    except BookTorn as exc:  # the line names the book, and what to do
        tasks = DueTasks(problems=(*problems, f"{exc.line}; the lobby skipped"))
    except FormatRefused as exc:  # the line names the book, and what to do
        tasks = DueTasks(problems=(*problems, f"{exc}; the lobby skipped (its lists wait)"))
    except Exception as exc:  # the book itself: the games run all the same
        where = games_dir / FOLDER / FILE
        tasks = DueTasks(problems=(*problems, f"{where}: the lobby skipped: {failure_reason(exc)}"))
    else:
        tasks = DueTasks(
            started=starts.started,
            ended=ended,
            problems=(*starts.problems, *problems),
            waited=starts.waited,
            held=starts.held,
        )
    for started in tasks.started:
        log_event(f"game made from the waiting list {started.list}", game=started.game)
    for problem in tasks.problems:
        log_hiding_addresses(f"lobby: {problem}", level=WARNING)
    if tasks.waited and tasks.held:  # a list's game waits for the backup: hung, it is told
        log_event(f"lobby: {tasks.waited}; ready to start: {', '.join(tasks.held)}", level=WARNING)
    elif tasks.waited:
        log_event(f"lobby: {tasks.waited}")
    return tasks
