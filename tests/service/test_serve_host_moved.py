"""`wtg serve` of a host a copy of it took the mailbox over from (the host moved, the old
service left running) moves no mail and runs no turn, not even at the
deadline: it stops at its first poll, its line logged and said by `wtg serve` (exit 1,
which systemd sees), as when its games folder is moved away (``wtg.mail.poll.hostclaim``)."""

from __future__ import annotations

import logging
from datetime import timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.service.week import GM, START, SimClock, make_host
from wtg.files import private
from wtg.game.engine import open_game
from wtg.host.config import load_config
from wtg.mail.servers.claimfolder import MAILDIR_FOLDER, maildir_claim
from wtg.mail.servers.claims import claim_mail
from wtg.mail.spool.hostid import HostId, this_host
from wtg.serve.health import host_health
from wtg.serve.service import Service


def test_the_old_service_polls_no_mail_and_runs_no_turn(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = load_config(make_host(tmp_path, site=False))
    me = this_host(gm.spool)
    copy = HostId("0123456789abcdef", (me.id,))
    for host, place in ((me, "old:/srv/wtg/games"), (copy, "new:/srv/wtg/games")):
        maildir_claim(gm.maildir_in, claim_mail(host, MAILDIR_FOLDER, place, START))
    msg = EmailMessage()
    msg["From"] = "daily1@players.example"
    msg["To"] = GM
    msg["Subject"] = "help"
    msg.set_content("HELP")
    private.maildir(gm.maildir_in).add(msg)
    clock = SimClock(START, START + timedelta(hours=7))  # past the daily game's 18:00
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()
    said = [r.getMessage() for r in caplog.records]
    why = (
        f"this host no longer serves the mailbox {gm.maildir_in}: the host at "
        "new:/srv/wtg/games, a copy of this one, took it over"
    )
    assert service.gone is not None and service.gone.startswith(why)
    assert said[1].startswith(why) and said[2:] == ["wtg serve stopped on the error above"]
    assert len(list((gm.maildir_in / "new").iterdir())) == 1  # left for the new host
    assert open_game(gm.games_dir / "daily").latest_turn() == 0


def test_the_old_services_status_says_it_stopped_for_the_other_host(tmp_path: Path) -> None:
    """`wtg status --host` said the old service STOPPED ON AN ERROR, to mend and start
    again, and its poll FAILED: it says the service stopped because another host serves
    the mailbox, to be left stopped, and the line of what to type."""
    gm = load_config(make_host(tmp_path, site=False))
    me = this_host(gm.spool)
    copy = HostId("0123456789abcdef", (me.id,))
    for host, place in ((me, "old:/srv/wtg/games"), (copy, "new:/srv/wtg/games")):
        maildir_claim(gm.maildir_in, claim_mail(host, MAILDIR_FOLDER, place, START))
    clock = SimClock(START, START + timedelta(hours=1))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()
    lines = host_health(gm.games_dir, START + timedelta(hours=2)).lines()
    assert lines[0].startswith("service: stopped at ")
    assert lines[0].endswith(
        "another host serves the mailbox now (the next line): leave it stopped here"
    )
    assert lines[1].startswith("last poll: ")
    assert (
        ": STOPPED, ANOTHER HOST SERVES THE MAILBOX: this host no longer serves the mailbox "
        f"{gm.maildir_in}: the host at new:/srv/wtg/games, a copy of this one, took it over"
    ) in lines[1]
    assert "ERROR" not in lines[0] and "FAILED" not in lines[1]
