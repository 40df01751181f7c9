"""`wtg serve`'s poll stopped by a database another wtg kept busy past the wait (here the
count of mail to strangers, held by another process throughout): its log said "the poll
stopped: OperationalError: database is locked", neither which database nor why. It names
them now, as `wtg poll` does, and the next poll after the pause answers the mail."""

from __future__ import annotations

import logging
from datetime import timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.heldbusy import held, short_patience
from tests.service.week import GM, START, SimClock, make_host
from wtg.files import private
from wtg.host.config import load_config
from wtg.host.pollhealth import last_poll
from wtg.mail.incoming.strangers import FILE
from wtg.serve.service import Service


def test_the_services_poll_stopped_by_a_busy_database_names_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = load_config(make_host(tmp_path, site=False))
    msg = EmailMessage()
    msg["From"] = "mallory@strangers.example"
    msg["To"] = GM
    msg["Subject"] = "help"
    msg["Message-ID"] = "<help1@strangers.example>"
    msg.set_content("HELP")
    private.maildir(gm.maildir_in).add(msg)
    counted = private.make_dirs(gm.spool) / FILE
    short_patience(monkeypatch, busy=0.3)
    clock = SimClock(START, START + timedelta(minutes=1))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    with held(counted):
        service.run()
    said = [r.getMessage() for r in caplog.records]
    why = (
        f"the count of mail to strangers {counted} cannot be used: database is locked: another "
        "wtg (a poll, wtg serve) kept writing it past the wait"
    )
    stopped = [line for line in said if line.startswith("the poll stopped: ")]
    assert stopped and all(line.startswith(f"the poll stopped: {why}; ") for line in stopped)
    assert not [line for line in said if line.startswith("poll failed: ")]  # one line a poll
    health = last_poll(gm.spool)  # what `wtg status --host` says
    assert health is not None and health.error == f"the poll stopped: {why}"
