"""`wtg backup` meeting a database of the spool that another wtg holds (the count of mail to
strangers, which has no WAL: a writer ending its transaction keeps its readers out): SQLite's
backup, refused, was tried again in silence for as long as the other held it, and the
GM's backup looked hung. Its copy now reads the database as a statement of any command
does: the wait is said after a moment, and the backup goes on once the other is done
(here: killed with kill -9), the database copied whole."""

from __future__ import annotations

import sqlite3
import tarfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.heldbusy import held, kill_when_told, short_patience
from tests.lobby.hall import Hall
from wtg.cli import main
from wtg.mail.incoming.strangers import FILE

STRANGER = "mallory@strangers.example"


def test_a_backup_kept_waiting_says_so_and_copies_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    hall.mail(STRANGER, "HELP")
    hall.poll()
    counted = hall.gm.spool / FILE
    with sqlite3.connect(counted) as db:
        ((rows,),) = db.execute("SELECT count(*) FROM mailed").fetchall()
    assert rows == 1
    config = hall.config_file()
    out = tmp_path / "host.tar.gz"
    short_patience(monkeypatch)
    with held(counted, "EXCLUSIVE") as other, kill_when_told(other, monkeypatch) as told:
        result = CliRunner().invoke(main, ["--config", str(config), "backup", str(out)])
    assert result.exit_code == 0, result.output
    note = (
        f"the database {counted} is being written by another wtg (a poll, a send, a turn, "
        "wtg serve): waiting for it, up to 30 s; nothing to do: this command goes on by "
        "itself once that one is done"
    )
    assert told == [note]
    # the writers named as programs, not as commands to give with the --config given (the
    # line printed `wtg --config CONFIG serve` amid them)
    assert f"wtg: note: {note}" in result.stderr.splitlines()
    with tarfile.open(out) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith(f".mail/{FILE}"))
        copied = tar.extractfile(member)
        assert copied is not None
        (tmp_path / "copy.sqlite").write_bytes(copied.read())
    with sqlite3.connect(tmp_path / "copy.sqlite") as db:
        assert db.execute("SELECT count(*) FROM mailed").fetchall() == [(1,)]
