"""A GM's lobby command meeting the lobby's database written by another wtg (a poll
answering JOINs, `run-turn --due`, `wtg serve`): it waited 30 s without a word, as if hung,
then died with SQLite's bare "database is locked". It says now, after a moment, what it
waits for and that it goes on by itself; it goes on once the other is done (here: killed
with kill -9); and a wait that runs out names the database and what to do."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.heldbusy import held, kill_when_told, short_patience
from wtg.cli import main
from wtg.lobby.database import FILE, FOLDER

WAITS = (
    "is being written by another wtg (a poll, a turn, a GM's lobby command, wtg upgrade, wtg "
    "serve): waiting for it, up to {wait} s; nothing to do: this command goes on by itself once "
    "that one is done"
)
"""The note of a wait: the programs that may write the book named as programs, not as
commands begun with the --config given (as they were in round 30)."""


def run(root: Path, *args: str) -> Result:
    config = root / "wtg.yaml"
    if not config.exists():
        config.write_text('games_dir: games\nfrom: "GM <gm@wtg.example>"\n', encoding="utf-8")
    return CliRunner().invoke(main, ["--config", str(config), *args])


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """A host whose lobby's database holds one list (wok4-beginner)."""
    (tmp_path / "games").mkdir()
    made = run(tmp_path, "open-list", "wok4", "--group", "beginner")
    assert made.exit_code == 0, made.output
    return tmp_path / "games" / FOLDER / FILE


def test_a_lobby_command_kept_waiting_says_so_and_goes_on(
    book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    short_patience(monkeypatch)
    with held(book) as other, kill_when_told(other, monkeypatch) as told:
        result = run(tmp_path, "open-list", "wok4", "--group", "advanced")
    assert result.exit_code == 0, result.output
    note = f"wtg: note: the lobby's database {book} {WAITS.format(wait=30)}"
    assert result.stderr.splitlines() == [note]
    assert told == [f"the lobby's database {book} {WAITS.format(wait=30)}"]
    assert result.stdout.startswith("waiting list wok4-advanced open: ")
    names = [item["name"] for item in json.loads(run(tmp_path, "lists", "--json").stdout)["lists"]]
    assert sorted(names) == ["wok4-advanced", "wok4-beginner"]


def test_a_wait_that_runs_out_names_the_database_and_what_to_do(
    book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    short_patience(monkeypatch, busy=0.3)
    with held(book):
        result = run(tmp_path, "open-list", "wok4", "--group", "advanced")
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)  # said, no traceback
    assert result.stderr.splitlines() == [
        f"wtg: note: the lobby's database {book} {WAITS.format(wait=0.3)}",
        f"wtg: the lobby's database {book} cannot be used: database is locked: another wtg "
        "(a poll, a turn, a GM's lobby command, wtg upgrade, wtg serve) kept writing it past "
        "the wait; give the command again once that one is done",
    ]
    again = run(tmp_path, "open-list", "wok4", "--group", "advanced")  # the other is done
    assert again.exit_code == 0, again.output


def test_a_due_run_whose_lobby_waited_too_long_says_why_and_runs_the_games(
    book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby's tasks of `run-turn --due` skipped past the wait were said as "an error in
    wtg: OperationalError: database is locked", a bug to report; they name the database and
    who kept it busy now, and the due run goes on (the next does the lobby's tasks)."""
    with closing(sqlite3.connect(book)) as db, db:  # a code mailed long ago: purged by a due run
        db.execute(
            "INSERT INTO pending (code, kind, address, target, name, made) VALUES "
            "('OLDCODE123', 'join', 'p1@players.example', 'wok4-beginner', 'Ann', "
            "'2020-01-01T00:00:00Z')"
        )
    short_patience(monkeypatch, busy=0.3)
    with held(book):
        result = run(tmp_path, "run-turn", "--due")
    assert (
        f"lobby: {book}: the lobby skipped: the lobby's database {book} cannot be used: "
        "database is locked: another wtg (a poll, a turn, a GM's lobby command, wtg upgrade, "
        "wtg serve) kept writing it past the wait"
    ) in result.stderr.splitlines()
    assert "an error in wtg" not in result.stderr
    assert run(tmp_path, "run-turn", "--due").stderr == ""  # the other is done
    with closing(sqlite3.connect(book)) as db:
        assert db.execute("SELECT code FROM pending").fetchall() == []
