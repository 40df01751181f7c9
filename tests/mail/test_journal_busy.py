"""A GM's command meeting the mail journal written by another wtg (a poll's long batch, a
send, `wtg serve`): it waited 30 s without a word, as if hung, then failed with SQLite's
"database is locked", which said neither who nor what to do. The wait stays (another
process's write is short, and a cron line failing at once on it would fail for nothing),
but it is said once it has lasted a moment, and its failure says to give the command again
once the other is done."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.heldbusy import held as held_by_another
from tests.heldbusy import kill_when_told, short_patience
from wtg.cli import main
from wtg.files import sqlitewait
from wtg.files.sqlitewait import cannot_use
from wtg.mail.spool.journal import JOURNAL_FILE, Journal, mailed_turns, note_game
from wtg.mail.spool.journallists import held_mails, quarantined


@pytest.fixture
def host(tmp_path: Path) -> Path:
    """A host's config, its journal made (a game g0 noted), its game g1's turn 0 unsent."""
    made = CliRunner().invoke(main, ["init", str(tmp_path / "host")])
    assert made.exit_code == 0, made.output
    note_game(tmp_path / "host" / "games" / ".mail", "g0", 0)
    config = tmp_path / "host" / "wtg.yaml"
    game = ["new-game", "g1", "--ruleset", "wok4", "--player", "A:a@example.org"]
    made = CliRunner().invoke(main, ["--config", str(config), *game, "--player", "B:b@example.org"])
    assert made.exit_code == 0, made.output
    return config


@pytest.fixture
def held(host: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[sqlite3.Connection]:
    """The journal's write lock held by another connection (as another process holds it)."""
    monkeypatch.setattr(sqlitewait, "FIRST_WAIT", 0.05)
    monkeypatch.setattr(sqlitewait, "BUSY_SECONDS", 0.3)
    other = sqlite3.connect(host.parent / "games" / ".mail" / JOURNAL_FILE, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield other
    other.execute("ROLLBACK")
    other.close()


def test_a_command_kept_waiting_says_so_then_what_to_do(host: Path, held: object) -> None:
    spool = host.parent / "games" / ".mail"
    result = CliRunner().invoke(main, ["--config", str(host), "send"])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    serve = "wtg serve"  # a program's name, not a command begun with the --config given
    assert lines[0] == (
        f"wtg: note: the mail journal {spool / JOURNAL_FILE} is being written by another wtg "
        f"(a poll, a send, a turn, {serve}): waiting for it, up to 0.3 s; nothing to do: "
        "this command goes on by itself once that one is done"
    )
    assert lines[-1].endswith(
        f"database is locked: another wtg (a poll, a send, a turn, {serve}) kept writing "
        "it past the wait; give the command again once that one is done"
    )


def test_a_wait_that_ends_goes_on_as_before(host: Path, held: sqlite3.Connection) -> None:
    """The other's write ends while this one waits: the statement tried again goes
    through (the lock let go by the listener, told of the wait)."""
    spool = host.parent / "games" / ".mail"
    told: list[str] = []

    def hear(text: str) -> None:
        told.append(text)
        if held.in_transaction:
            held.execute("ROLLBACK")
            held.execute("BEGIN")  # the fixture's ROLLBACK ends this one

    from wtg.logs.waits import listen

    listen(hear)
    try:
        assert note_game(spool, "g2", 0) is None
    finally:
        listen(None)
    assert len(told) == 1 and "waiting for it" in told[0]
    assert mailed_turns(spool) == {"g0": -1, "g2": -1}  # each noted as note_game notes it


def a_quarantined_mail(spool: Path) -> None:
    journal = Journal(spool)
    try:
        journal.quarantined("maildir:q1", "g1", str(spool / "archive" / "q1.eml"), "broke", 1.0)
        journal.commit()
    finally:
        journal.close()


def test_a_list_read_while_a_poll_holds_the_journal_waits_and_says_so(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg status`'s lists are read from the journal read only: a journal another wtg
    held (its readers too, as a writer recovering it does) was waited for 5 s in silence,
    then read as an older journal without the list: the quarantine came out empty. It is
    waited for as every command waits (the wait said, naming the journal), and read whole
    once the other is done."""
    spool = host.parent / "games" / ".mail"
    a_quarantined_mail(spool)
    short_patience(monkeypatch)
    holding = held_by_another(spool / JOURNAL_FILE, "EXCLUSIVE", readers=True)
    with holding as holder, kill_when_told(holder, monkeypatch) as told:
        listed = quarantined(spool)
    assert [(mail.key, mail.game, mail.reason) for mail in listed] == [
        ("maildir:q1", "g1", "broke")
    ]
    assert told == [
        f"the mail journal {spool / JOURNAL_FILE} is being written by another wtg (a poll, a "
        "send, a turn, wtg serve): waiting for it, up to 30 s; nothing to do: this command "
        "goes on by itself once that one is done"
    ]


def test_a_list_kept_waiting_past_the_wait_names_the_journal_busy(
    host: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other keeps the journal past the wait: the read fails naming the journal and
    who kept it busy (the command line says to give the command again), not an empty
    list."""
    spool = host.parent / "games" / ".mail"
    a_quarantined_mail(spool)
    short_patience(monkeypatch, busy=0.3)
    holding = held_by_another(spool / JOURNAL_FILE, "EXCLUSIVE", readers=True)
    with holding, pytest.raises(sqlite3.OperationalError) as raised:
        held_mails(spool)
    assert cannot_use(raised.value) == (
        f"the mail journal {spool / JOURNAL_FILE} cannot be used: database is locked: another "
        "wtg (a poll, a send, a turn, wtg serve) kept writing it past the wait"
    )
