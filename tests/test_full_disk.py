"""The disk of the games folder full: a poll, a turn and a send said "No space left on
device" with no file or folder named, or "a database of the games folder cannot be used:
disk I/O error" (SQLite's words for it), which reads as a broken disk. Now each says which
disk is full and the room left on it, and once the GM has made room the same commands take
up the rest with nothing lost: the orders in the inbox are filed, the turn runs, its
reports go out.

The disk is a small tmpfs the test mounts (root, as here and in CI); where mounting is not
allowed the test skips, saying so.
"""

from __future__ import annotations

import errno
import json
import mailbox
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.smalldisk import small_disk
from wtg.cli import main
from wtg.files.diskspace import writing
from wtg.files.store import write_atomic
from wtg.game.engine import open_game
from wtg.host.gamesdir import failure_reason
from wtg.mail.outgoing import sender as sending
from wtg.mail.spool.journal import Journal

PLAYERS = ("--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org")
ENV: dict[str, str | None] = {"WTG_CONFIG": None, "WTG_GAMES_DIR": None}


@pytest.fixture
def disk() -> Iterator[Path]:
    """A folder on a tmpfs of 2 MB of its own."""
    with small_disk("2m", "wtg-disk-") as folder:
        yield folder


def wtg(host: Path, *args: str) -> Result:
    result = CliRunner(env=ENV).invoke(main, ["--config", str(host / "wtg.yaml"), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def fill(disk: Path) -> Path:
    """A file that takes every byte left on ``disk``."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def order_mails(host: Path) -> None:
    """Ann's and Bob's orders for turn 1, READY, in the inbox."""
    game = open_game(host / "games" / "g1")
    inbox = mailbox.Maildir(host / "games" / ".mail" / "maildir-in", create=False)
    for player, sender in ((1, "ann@example.org"), (2, "bob@example.org")):
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = sender, "gm@localhost", "orders"
        msg["Message-ID"] = f"<p{player}@example.org>"
        msg.set_content(game.aof(player).replace("R1: _", "R1: 1"))
        inbox.add(msg)


def full(games: Path) -> str:
    return f"the disk that holds {games} is full ("


def one_line(result: Result) -> str:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wtg: "), result.stderr
    return lines[0]


def host_of_g1(folder: Path, mailed: bool = False) -> Path:
    """A host made by `wtg init` at ``folder/host`` with a game g1 of wok4 (its turn 0
    mailed, if ``mailed``): the host's folder."""
    host = folder / "host"
    assert CliRunner(env=ENV).invoke(main, ["init", str(host)]).exit_code == 0
    made = wtg(host, "new-game", "g1", "--ruleset", "wok4", "--map", "small", *PLAYERS)
    assert made.exit_code == 0, made.output
    if mailed:
        assert wtg(host, "send").exit_code == 0
    return host


def with_a_mail_quarantined(disk: Path) -> Path:
    """``host_of_g1``, mailed, whose journal holds one mail quarantined (archive/q1): the
    host's folder."""
    host = host_of_g1(disk, mailed=True)
    journal = Journal(host / "games" / ".mail")
    journal.quarantined("q1", "g1", "archive/q1", "a form no one could read", 1.0)
    journal.db.commit()
    journal.close()
    return host


def test_a_full_disk_is_named_and_nothing_is_lost(disk: Path) -> None:
    host = host_of_g1(disk, mailed=True)
    games = host / "games"
    order_mails(host)
    filler = fill(disk)
    line = one_line(wtg(host, "poll"))
    assert line.startswith("wtg: the poll stopped: ") and full(games) in line, line
    assert line.endswith(
        "make room on it (what it filed is kept, and the next poll takes up the rest)"
    )
    filler.unlink()
    assert wtg(host, "poll").stdout == "filed 2, rejected 0, quarantined 0, ignored 0\n"
    filler = fill(disk)
    for args in (("run-turn", "g1", "--now"), ("send",)):
        line = one_line(wtg(host, *args))
        assert full(games) in line and line.endswith(
            "make room on it, then give the command again (each file is written whole or not at "
            "all)"
        ), (args, line)
    journal = games / ".mail" / "journal.sqlite"
    assert line.startswith(f"wtg: the mail journal {journal} cannot be used: "), line
    filler.unlink()
    assert wtg(host, "run-turn", "--due").exit_code == 0
    assert open_game(games / "g1").latest_turn() == 1
    sent = wtg(host, "send")
    assert sent.stdout.startswith("2 reports queued; 4 mails sent"), sent.output
    out = games / ".mail" / "maildir-out" / "new"
    assert sorted(p.name for p in out.iterdir() if p.name.startswith("report-")) == [
        "report-g1-t0000-p01",
        "report-g1-t0000-p02",
        "report-g1-t0001-p01",
        "report-g1-t0001-p02",
    ]


def test_the_poll_s_note_of_mails_in_hand_fails_on_a_full_disk_rather_than_kill(
    disk: Path,
) -> None:
    """The poll's slots of the mails in hand (``wtg.mail.poll.inprogress``) are a file mapped
    into memory: made longer without being written, on a full disk the first store into it
    killed the poll with SIGBUS (no line, no summary). Written when made, it fails there
    with ENOSPC, which the poll names as it does any full disk."""
    spool = disk / "spool"
    spool.mkdir()
    fill(disk)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from wtg.mail.poll.inprogress import InHand\n"
        "try:\n"
        f"    hands = InHand(Path({str(spool)!r}), 4)\n"
        "except OSError as exc:\n"
        "    sys.exit(f'refused: {exc.strerror}')\n"
        "hands.slot(0).take('mail-1')\n"
    )
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert (ran.returncode, ran.stderr) == (1, "refused: No space left on device\n")


def read_only(games: Path) -> str:
    return (
        f"the file system that holds {games} is read-only (mounted so, or made so by the "
        "kernel after a disk error: `dmesg` says): make it writable (`mount -o remount,rw`)"
    )


def test_a_read_only_file_system_is_named_and_nothing_is_lost(disk: Path) -> None:
    """The games folder's file system read-only (the kernel remounts one so after a disk
    error): each command said `...journal.sqlite: Read-only file system`, the poll only
    `OSError: Read-only file system`, with no folder named nor what to do. Now each names the
    folder's file system and the remount; once it is writable the commands take up the rest."""
    host = host_of_g1(disk, mailed=True)
    games = host / "games"
    order_mails(host)
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    try:
        line = one_line(wtg(host, "poll"))  # (where it stops: the first file it writes)
        assert f": Read-only file system: {read_only(games)}" in line, line
        for args in (("run-turn", "g1", "--now"), ("send",)):
            line = one_line(wtg(host, *args))
            assert line.endswith(
                f": Read-only file system: {read_only(games)}, then give the command again "
                "(each file is written whole or not at all)"
            ), (args, line)
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
    assert wtg(host, "poll").stdout == "filed 2, rejected 0, quarantined 0, ignored 0\n"
    assert wtg(host, "run-turn", "--due").exit_code == 0
    assert open_game(games / "g1").latest_turn() == 1


def test_status_reads_a_read_only_games_folder_and_says_it_is(disk: Path) -> None:
    """`wtg status` on a games folder whose file system is read-only failed outright (it
    opened the mail journal for writing to read the turns mailed): the GM, told by the other
    commands to remount, could not even look at the games. Now it shows what it reads, the
    mail quarantined too (SQLite cannot make a read-only disk's journal its -shm file: read
    as it lies), with one line naming the file system and the remount."""
    host = with_a_mail_quarantined(disk)
    games = host / "games"
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    line = f"READ-ONLY: {read_only(games)}: no poll, turn or mail runs until then"
    try:
        one = wtg(host, "status", "g1")
        listing = wtg(host, "status")
        data = json.loads(wtg(host, "status", "g1", "--json").stdout)
        every = json.loads(wtg(host, "status", "--json").stdout)
        health = wtg(host, "status", "--host")
        healthy = json.loads(wtg(host, "status", "--host", "--json").stdout)
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
    assert one.exit_code == 0, one.output
    text = one.stdout.splitlines()
    assert text[0] == "game g1, orders for turn 1, deadline none", text
    assert text[1] == line.replace(str(games), str(games / "g1"))
    assert text[2].startswith("  player  1 Ann") and text[2].endswith("NO ORDERS YET")
    assert text[-3:] == [
        "1 mail quarantined (the poll could not handle them):",
        "  archive/q1",
        "    a form no one could read",
    ]
    assert listing.exit_code == 0, listing.output
    assert listing.stdout.splitlines()[0] == line
    assert listing.stdout.splitlines()[1].startswith("g1 ")
    assert "1 mail quarantined" in listing.stdout
    assert (data["game"], data["mailed_turn"], data["quarantined"]) == ("g1", 0, 1)
    assert data["read_only"] == read_only(games / "g1")
    assert [(g["game"], g["read_only"]) for g in every["games"]] == [("g1", data["read_only"])]
    assert (every["quarantined"], every["read_only"]) == (1, read_only(games))
    assert health.exit_code == 0 and health.stdout.splitlines()[0] == line
    assert "quarantined: 1 mail," in health.stdout
    assert (healthy["quarantined"], healthy["read_only"]) == (1, read_only(games))


def test_status_reads_a_games_folder_on_a_full_disk_and_says_it_is(disk: Path) -> None:
    """`wtg status` (of a game, of every game) on a full disk failed outright, `a database
    of the games folder cannot be used: disk I/O error ... make room on it, then give the
    command again`: it opened the mail journal for writing (its -wal and -shm files) to read
    the turns mailed. The GM, told by every command that the disk is full, could not look
    at his games. Now it shows them, the mail quarantined too, with one line naming the
    disk; `--json` says it in `disk_full`."""
    host = with_a_mail_quarantined(disk)
    games = host / "games"
    filler = fill(disk)
    try:
        one = wtg(host, "status", "g1")
        listing = wtg(host, "status")
        data = json.loads(wtg(host, "status", "g1", "--json").stdout)
        every = json.loads(wtg(host, "status", "--json").stdout)
        health = wtg(host, "status", "--host")
    finally:
        filler.unlink()
    assert one.exit_code == 0, one.output
    text = one.stdout.splitlines()
    assert text[0] == "game g1, orders for turn 1, deadline none", text
    assert text[1].startswith(f"DISK FULL: {full(games / 'g1')}"), text[1]
    assert text[1].endswith("make room on it: no poll, turn or mail runs until then"), text[1]
    assert text[2].startswith("  player  1 Ann") and text[2].endswith("NO ORDERS YET")
    assert text[-3:] == [
        "1 mail quarantined (the poll could not handle them):",
        "  archive/q1",
        "    a form no one could read",
    ]
    assert listing.exit_code == 0, listing.output
    assert listing.stdout.splitlines()[0].startswith(f"DISK FULL: {full(games)}")
    assert listing.stdout.splitlines()[1].startswith("g1 ")
    assert "1 mail quarantined" in listing.stdout
    assert (data["game"], data["mailed_turn"], data["quarantined"]) == ("g1", 0, 1)
    assert str(data["disk_full"]).startswith(full(games / "g1"))
    assert str(every["disk_full"]).startswith(full(games))
    assert health.exit_code == 0 and health.stdout.splitlines()[0].startswith("DISK FULL: ")
    assert wtg(host, "status").stdout.splitlines()[0].startswith("g1 ")  # room again: no line


def test_a_turn_on_a_full_disk_names_the_file_it_could_not_write(disk: Path) -> None:
    """`run-turn` said "No space left on device: the disk that holds ... is full" and not
    which file (os.write names none): now the file too, then the disk, as before."""
    host = host_of_g1(disk, mailed=True)
    filler = fill(disk)
    line = one_line(wtg(host, "run-turn", "g1", "--now"))
    turn = host / "games" / "g1" / "turns" / ".tmp-0001"
    named, said = line.removeprefix("wtg: ").split(": ", 1)
    assert Path(named).parent.parent == turn, line  # a report or AOF of the turn being written
    assert said.startswith(f"No space left on device: {full(host / 'games')}"), line
    filler.unlink()
    assert wtg(host, "run-turn", "g1", "--now").exit_code == 0
    assert open_game(host / "games" / "g1").latest_turn() == 1


def test_a_file_written_aside_on_a_full_disk_is_named_as_the_file_it_becomes(
    disk: Path,
) -> None:
    """``write_atomic`` writes a copy aside and renames it: a failure names the file meant."""
    filler = fill(disk)
    target = disk / "state.json"
    with pytest.raises(OSError) as caught:
        write_atomic(target, "x" * 100_000)
    assert (caught.value.errno, caught.value.filename) == (errno.ENOSPC, str(target))
    filler.unlink()


class _RefusedCommit:
    """A journal's connection whose commit fails as on a full disk (SQLite names no file)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __getattr__(self, name: str) -> object:
        return getattr(self.db, name)

    def commit(self) -> None:
        raise sqlite3.OperationalError("database or disk is full")


class _FullJournal(Journal):
    def __init__(self, spool: Path) -> None:
        super().__init__(spool)
        self.db = _RefusedCommit(self.db)  # type: ignore[assignment]


def test_a_send_whose_journal_write_fails_names_the_journal_and_what_it_noted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg send` whose note in the mail journal failed (a full disk) said "a database of
    the games folder cannot be used: database or disk is full": not which file, nor what it
    was noting. Now the line names the journal's file and the note: its first, the digests
    of the game's seats' codes (attack41b: a put-back's old code is told), made before the
    game is noted for its first report."""
    host = host_of_g1(tmp_path)
    monkeypatch.setattr(sending, "Journal", _FullJournal)
    line = one_line(wtg(host, "send"))
    journal = host / "games" / ".mail" / "journal.sqlite"
    assert line == (
        f"wtg: the mail journal {journal} (noting the codes of game g1's seats) cannot be used: "
        "database or disk is full"
    ), line


def test_the_service_s_line_names_what_a_database_was_writing() -> None:
    """`wtg serve`'s send failing so logged `an error in wtg: OperationalError: database or
    disk is full`, as if it were a bug, naming no file; now the file and what it noted."""
    refused = sqlite3.OperationalError("database or disk is full")
    writing(refused, "the mail journal /srv/games/.mail/journal.sqlite (noting game g1)")
    assert failure_reason(refused) == (
        "the mail journal /srv/games/.mail/journal.sqlite (noting game g1) cannot be used: "
        "database or disk is full"
    )
