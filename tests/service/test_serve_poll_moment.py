"""The service took each poll's moment (the one its rows in the journal carry) before it
connected to the server, seconds before the poll noted that it began: a digest made by
another process in between, a second on, ended its lists after those rows, and no digest
listed them (round 44's reports). The moment is taken once the note is on disk."""

from __future__ import annotations

from datetime import timedelta, timezone
from pathlib import Path

from tests.service.week import START, SimClock, make_host
from wtg.host.config import GmConfig, load_config
from wtg.host.pollhealth import last_poll
from wtg.mail.servers.inbox import Inbox, MaildirInbox
from wtg.mail.spool.pollbegun import BEGUN
from wtg.serve.service import Service

LOGIN = timedelta(seconds=3)
"""How long the server takes to let the service in."""


def test_the_service_s_poll_takes_its_moment_after_it_connected(tmp_path: Path) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    clock = SimClock(START, START + LOGIN)  # one round: the first wait ends it
    noted: list[bool] = []

    def slow_login(config: GmConfig) -> Inbox:
        clock.time += LOGIN
        noted.append((config.spool / BEGUN).exists())
        return MaildirInbox(config.maildir_in)

    service = Service(gm, clock, zone=timezone.utc, connect=slow_login)
    clock.on_end = service.stop
    service.run()
    polled = last_poll(gm.spool)
    assert polled is not None
    assert polled.last_success == START + LOGIN  # before: START, before it connected
    assert noted == [False]  # no poll noted while it connects
    assert not (gm.spool / BEGUN).exists()
