"""A poll answering a stranger meets the count of mail to strangers (``strangers.sqlite``)
written by another wtg (`wtg serve`'s poll, a poll's helper): it waited 30 s without a
word, then stopped with SQLite's bare "database is locked". It says now, after a moment,
what it waits for, and goes on once the other is done (here: killed with kill -9); a wait
that runs out names the database and what to do, and the mail waits for the next poll."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.heldbusy import held, kill_when_told, short_patience
from tests.lobby.hall import Hall
from wtg.cli import main
from wtg.host.pollhealth import last_poll
from wtg.mail.incoming.strangers import FILE

STRANGER = "mallory@strangers.example"


def waits(path: Path, busy: float) -> str:
    return (
        f"the count of mail to strangers {path} is being written by another wtg (a poll, "
        f"wtg serve): waiting for it, up to {busy:g} s; nothing to do: this command goes on "
        "by itself once that one is done"
    )


@pytest.fixture
def hall(tmp_path: Path) -> Hall:
    """A host that answered a stranger's HELP once (its count of strangers made)."""
    hall = Hall(tmp_path)
    hall.mail(STRANGER, "HELP")
    hall.poll()
    assert len(hall.new_mails(STRANGER)) == 1
    assert (hall.gm.spool / FILE).is_file()
    return hall


def test_a_poll_kept_waiting_says_so_and_answers(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    short_patience(monkeypatch)
    counted = hall.gm.spool / FILE
    hall.mail(STRANGER, "LIST")
    with held(counted) as other, kill_when_told(other, monkeypatch) as told:
        hall.poll(hours=2)
    assert told == [waits(counted, 30)]
    (answer,) = hall.new_mails(STRANGER)
    assert "LIST" in answer.subject or "list" in answer.words.lower()


def test_a_wait_that_runs_out_names_the_count_and_the_mail_waits(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    short_patience(monkeypatch, busy=0.3)
    counted = hall.gm.spool / FILE
    config = hall.config_file()
    hall.mail(STRANGER, "LIST")
    with held(counted):
        # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
        result = CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, ["poll"])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)  # said, no traceback
    lines = result.stderr.splitlines()
    assert f"wtg: note: {waits(counted, 0.3)}" in lines
    assert lines[-1] == (
        f"wtg: the poll stopped: the count of mail to strangers {counted} cannot be used: "
        "database is locked: another wtg (a poll, wtg serve) kept writing it past the wait "
        "(what it filed is kept, and the next poll takes up the rest)"
    )
    assert hall.new_mails(STRANGER) == []
    health = last_poll(hall.gm.spool)  # what `wtg status --host` says of the last poll
    assert health is not None and health.error == (
        f"the count of mail to strangers {counted} cannot be used: database is locked: "
        "another wtg (a poll, wtg serve) kept writing it past the wait"
    )
    again = CliRunner().invoke(main, ["--config", str(config), "poll"])  # the other is done
    assert again.exit_code == 0, again.output
    assert len(hall.new_mails(STRANGER)) == 1  # the LIST answered, not lost
