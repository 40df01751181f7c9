"""`wtg run-turn --due -q`, cron's, while a `wtg backup` holds the lock of the games made
from the waiting lists (``START_LOCK``, with its mark ``BACKUP_LOCK``): it said nothing, as
a backup's stretch is short and the next run makes the games. A hung backup keeps that lock,
and a full list's game was never made, unsaid under cron. It says the line when a list is
ready to start (naming it), and stays quiet when none is: nothing waits for the backup.

The backup is played by this process holding both locks, as a hung one does."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from wtg.cli import main
from wtg.files.filelock import exclusive
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import put_on, waiting
from wtg.lobby.people import confirm_address
from wtg.lobby.start import BACKUP_LOCK, START_LOCK, ListsBusy, start_due

BACKING_UP = (
    "lobby: a backup (`wtg --config {config} backup`) is copying the lobby's book and the "
    "mail spool now; no game is made from the waiting lists meanwhile (the next `run-turn "
    "--due` makes them)"
)


@contextlib.contextmanager
def backing_up(hall: Hall) -> Iterator[None]:
    """The locks a backup holds while it copies the spool and the lobby's book."""
    people = hall.gm.games_dir / ".people"
    with exclusive(people / START_LOCK, ListsBusy), exclusive(people / BACKUP_LOCK, ListsBusy):
        yield


def put(hall: Hall, number: int, name: str) -> None:
    """Player ``number`` put on the list, confirmed, in the book (no poll makes its game)."""
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        person = confirm_address(db, address(number), name, hall.now)
        put_on(db, "wok4", person, address(number), hall.now)


def due(config: Path, *more: str) -> str:
    ran = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", *more])
    assert ran.exit_code == 0, ran.output
    return ran.output


def test_cron_is_told_when_a_backup_holds_a_full_list_back(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    config = hall.config_file()
    hall.open_list("wok4", map="small", players=2)
    put(hall, 1, "Ann")
    with backing_up(hall):  # Ann alone: no game waits for the backup
        assert due(config, "-q") == ""
        assert due(config) == BACKING_UP.format(config=config) + "\n"  # by hand, as ever
    put(hall, 2, "Bob")
    with backing_up(hall):  # full: its game waits for the backup, said under -q too
        said = (
            BACKING_UP.format(config=config) + "; the waiting list wok4 is ready to start and "
            "waits for it (a backup hung past its copy keeps it waiting until the backup is "
            "ended)\n"
        )
        assert due(config, "-q") == said
        assert due(config) == said
        with LobbyDatabase(hall.gm.games_dir) as book:  # nothing made, nobody taken off
            assert [w.name for w in waiting(book, "wok4")] == ["Ann", "Bob"]
    made = due(config, "-q")  # the backup gone: the next run makes it
    assert made.startswith("game wok4-1 made from the waiting list wok4"), made


def test_wtg_serve_logs_it_as_a_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """`wtg serve` makes the lists' games in its rounds (the lobby's tasks of a due run): a
    backup that holds a full list back is a warning in its log, naming the list; one that
    holds back none is the line it was."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    put(hall, 1, "Ann")
    with backing_up(hall), caplog.at_level(logging.INFO, logger="wtg"):
        assert hall.due_tasks().held == ()
        put(hall, 2, "Bob")
        assert hall.due_tasks().held == ("wok4",)
    said = [(r.levelno, r.getMessage()) for r in caplog.records if "a backup" in r.getMessage()]
    line = BACKING_UP.format(config="").replace(" --config ", "")
    assert said == [(logging.INFO, line), (logging.WARNING, f"{line}; ready to start: wok4")]


def test_a_player_a_start_cut_short_was_taking_off_is_not_counted(tmp_path: Path) -> None:
    """A start killed between Bob's ``leaving`` row and his removal left him on the list;
    the next start takes him off, whatever his cause is now. A backup holding the lists
    back named the list "ready to start" with him counted: its game was not to be made.
    The list is judged as the start judges it."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    put(hall, 1, "Ann")
    put(hall, 2, "Bob")
    with LobbyDatabase(hall.gm.games_dir) as book:
        bob = next(p for p in waiting(book, "wok4") if p.name == "Bob")
        with book.write() as db:
            db.execute(
                "INSERT INTO leaving (list, person, since, reason) VALUES (?, ?, ?, ?)",
                ("wok4", bob.person, bob.since, "a name that reads as another person's"),
            )
    with backing_up(hall):
        assert hall.due_tasks().held == ()
    hall.due_tasks()  # the backup gone: the start finishes taking Bob off, makes no game
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "wok4")] == ["Ann"]


def test_a_player_whose_mail_says_he_is_off_is_not_counted(tmp_path: Path) -> None:
    """A book put back from before a start took Bob off (his ``leaving`` row gone with it)
    has him waiting while the outbox keeps the mail telling him he is off: the next start
    takes him off as it says. A backup holding the lists back named the list ready with
    him counted."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    put(hall, 1, "Ann")
    put(hall, 2, "Bob")

    def tell(*args: object) -> bool:
        raise AssertionError("nobody is told while the backup holds the lists")

    with backing_up(hall), LobbyDatabase(hall.gm.games_dir) as book:
        held = start_due(
            book, hall.gm.games_dir, hall.now, tell, told=lambda wl, p: p.name == "Bob"
        )
        assert (held.started, held.held) == ((), ())
        counted = start_due(book, hall.gm.games_dir, hall.now, tell, told=lambda wl, p: False)
        assert counted.held == ("wok4",)
