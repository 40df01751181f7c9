"""Killing `wtg quarantine --release KEY` and `wtg quarantine --forget KEY` (SIGKILL, no
clean-up of any kind) just before any one of their writes, then giving the same command
again as a GM would.

--release: as killed, the mail is in the rejected folder or back in the inbox, never both
and never neither, and `wtg quarantine` lists it held or as a release cut short, or not at
all once it is back; given again, the release is finished (or said done), the mail is in
the inbox once, and the next poll files its orders once.
--forget: as killed, the record is there or gone; given again, it is gone (or the command
says there is no such record), and the mail stays where it was.

The host (tests/mail/loop.py, the maildir transport) holds player 1's orders the poll held
(its game was not in the games folder then); each kill runs on a copy of it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import World
from tests.mail.test_held_mail import held_one
from wtg.game.engine import open_game
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import held_mails, quarantined, releasing


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The prepared host's folder (its config, wtg.yaml, in it) and the held mail's key."""
    root = tmp_path_factory.mktemp("held")
    world = World(root)
    key = held_one(world)
    (root / "wtg.yaml").write_text("games_dir: games\nfrom: gm@wtg.example\n")
    return root, key


class Copy:
    """A fresh copy of the prepared host."""

    def __init__(self, held: tuple[Path, str], to: Path) -> None:
        shutil.rmtree(to, ignore_errors=True)
        shutil.copytree(held[0], to)
        self.root, self.key = to, held[1]
        self.games = to / "games"
        self.config = ["--config", str(to / "wtg.yaml")]
        self.inbox = self.games / ".mail" / "maildir-in"

    def wtg(self, *args: str) -> subprocess.CompletedProcess[str]:
        return killpoints.wtg([*self.config, *args])

    def where(self) -> list[str]:
        """The folders the mail lies in: '' (the inbox), '.rejected', '.processed'."""
        name = self.key.split(":", 1)[1]
        return [
            box
            for box in ("", ".rejected", ".processed")
            for sub in ("new", "cur")
            for path in (self.inbox / box / sub).glob("*")
            if path.name.split(":")[0] == name
        ]


def test_release_killed_never_loses_the_mail_nor_puts_it_back_twice(
    held: tuple[Path, str], tmp_path: Path
) -> None:
    args = ["quarantine", "--release", held[1]]
    whole = Copy(held, tmp_path / "whole")
    counted = killpoints.count([*whole.config, *args], whole.games)
    assert counted.returncode == 0, counted.stderr
    assert whole.where() == [""]
    outcomes: dict[str, int] = {}
    for at in range(1, counted.writes + 1):
        host = Copy(held, tmp_path / "host")
        cut = killpoints.run([*host.config, *args], at, host.games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        where = host.where()
        listed = host.wtg("quarantine")
        assert listed.returncode == 0, listed.stderr
        given = f"wtg --config {host.config[1]}"  # as host.wtg gives it
        cut_short = f"{host.key}  RELEASE CUT SHORT: give `{given} quarantine --release {host.key}`"
        if where == [".rejected"] and held_mails(host.games / ".mail"):
            outcome = "held"
            assert listed.stdout.startswith(f"{host.key}  HELD  game g1\n    ")
        elif where == [".rejected"]:
            outcome = "begun, mail not moved"
            assert listed.stdout.startswith(cut_short), listed.stdout
        else:
            assert where == [""], (at, where)
            outcome = "moved, not noted done" if releasing(host.games / ".mail") else "done"
            assert listed.stdout.startswith(cut_short) == (outcome != "done"), listed.stdout
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        again = host.wtg(*args)
        assert again.returncode == 0, (at, outcome, again.stderr)
        finished = "its release was cut short and the mail is back already; finished"
        assert (finished in again.stdout) == (outcome == "moved, not noted done"), again.stdout
        assert host.where() == [""]
        assert host.wtg("quarantine").stdout == "no mail quarantined or held\n"
        polled = host.wtg("poll")
        assert polled.returncode == 0, polled.stderr
        assert polled.stdout.startswith("filed 1, rejected 0, quarantined 0"), polled.stdout
        assert host.where() == [".processed"]
        on_file = open_game(host.games / "g1").store.pending_orders(1)
        assert sorted(on_file) == [1]
        assert host.wtg("poll").stdout.startswith("filed 0, rejected 0, quarantined 0")
    print(f"\n{counted.writes} writes, killed before each: {outcomes}")
    assert outcomes.get("held") and outcomes.get("begun, mail not moved")
    assert outcomes.get("moved, not noted done")


def test_forget_killed_drops_the_record_once(held: tuple[Path, str], tmp_path: Path) -> None:
    args = ["quarantine", "--forget", held[1]]
    whole = Copy(held, tmp_path / "whole")
    counted = killpoints.count([*whole.config, *args], whole.games)
    assert (counted.returncode, counted.stdout) == (0, "1 record dropped\n"), counted.stderr
    outcomes: dict[str, int] = {}
    for at in range(1, counted.writes + 1):
        host = Copy(held, tmp_path / "host")
        cut = killpoints.run([*host.config, *args], at, host.games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        kept = [item.key for item in held_mails(host.games / ".mail")]
        assert kept in ([host.key], [])
        outcome = "kept" if kept else "dropped"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        again = host.wtg(*args)
        if outcome == "kept":
            assert (again.returncode, again.stdout) == (0, "1 record dropped\n")
        else:
            assert again.returncode == 1 and "nothing dropped" in again.stderr, again.stderr
        assert held_mails(host.games / ".mail") == []
        assert host.where() == [".rejected"]
    print(f"\n{counted.writes} writes, killed before each: {outcomes}")
    assert outcomes.get("kept")


def test_forget_all_killed_drops_every_record_once(held: tuple[Path, str], tmp_path: Path) -> None:
    """`wtg quarantine --forget-all` (one transaction: the records of both lists, then the
    counts of the held ones let go) killed before each of its distinct writes: every record
    is there or every one gone, never one list without the other; given again, all are gone
    and the mails stay where they were."""
    prepared = Copy(held, tmp_path / "prepared")
    journal = Journal(prepared.games / ".mail")
    try:
        journal.quarantined("quarantine:1", "g1", "archive/x.eml", "could not be read", 1.0)
        journal.db.commit()
    finally:
        journal.close()
    template = (prepared.root, prepared.key)
    args = ["quarantine", "--forget-all"]
    whole = Copy(template, tmp_path / "whole")
    log = tmp_path / "writes.log"
    counted = killpoints.count([*whole.config, *args], whole.games, log=log)
    assert (counted.returncode, counted.stdout) == (0, "2 records dropped\n"), counted.stderr
    writes = killpoints.written(log)
    # the journal opened (its schema made sure of: the same writes as every command's),
    # then the transaction: its statements and its COMMIT
    dropping = [i + 1 for i, w in enumerate(writes) if w.startswith("sqlite DELETE FROM")]
    # (quarantine, held, the keys of mails held let go, the counts of those)
    assert len(dropping) == 4 and writes[dropping[-1]] == "sqlite COMMIT", writes
    points = [dropping[0], dropping[-1] + 1]  # before the first statement, before COMMIT
    for at in points:
        host = Copy(template, tmp_path / "host")
        cut = killpoints.run([*host.config, *args], at, host.games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        spool = host.games / ".mail"
        assert [item.key for item in held_mails(spool)] == [host.key], at  # not committed
        assert [item.key for item in quarantined(spool)] == ["quarantine:1"], at
        again = host.wtg(*args)
        assert (again.returncode, again.stdout) == (0, "2 records dropped\n"), again.stderr
        assert held_mails(spool) == [] and quarantined(spool) == []
        assert host.wtg("quarantine").stdout == "no mail quarantined or held\n"
        assert host.where() == [".rejected"]
