"""`wtg status --host [--json]` (issue 27, item 3): is the host well? The service, the last
poll, the next deadline and its game, the outbox, the mail quarantined, the failing
addresses (wtg/serve/health.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.mail.loop import NOW, World, players
from tests.service.hostcli import host, wtg
from wtg.game.bounces import Bounce, mark_bounce
from wtg.game.engine import create_game
from wtg.game.schedule import iso, make_schedule
from wtg.gm.control import hold
from wtg.gm.gamestatus import RUNS_IT
from wtg.host.pollhealth import record_poll
from wtg.host.servicerecord import (
    ServiceRecord,
    clear_service_record,
    code_print,
    write_service_record,
)
from wtg.mail.spool.journal import Journal

SINCE = datetime(2026, 11, 30, 8, 0, tzinfo=timezone.utc)
AGO = r"(just now|(\d+ d )?(\d+ h )?\d+ (h|min) ago)"
"""How long ago a moment was, as the text says it (``2 d 3 h ago``, ``5 min ago``)."""


def health(config: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(wtg(config, "status", "--host", "--json").stdout)
    return data


def gone_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def busy_host(tmp_path: Path) -> tuple[World, Path, datetime]:
    """A host whose service runs (this test's process), that polled one order mail (its
    confirmation waits in the outbox), with a mail quarantined, an address failing, g1
    held, and g2's deadline the next."""
    world, config = host(tmp_path)
    mine = ServiceRecord(pid=os.getpid(), since=SINCE, version="0.1.0", code=code_print())
    write_service_record(world.gm.spool, mine)
    world.mail(world.aof(1, R1="1"))
    assert world.poll().filed == 1
    journal = Journal(world.gm.spool)
    try:
        journal.quarantined("maildir:k9", "g1", "archive/2026-11/k9.eml", "boom", NOW.timestamp())
        journal.commit()
    finally:
        journal.close()
    bounce = Bounce("p2@players.example", iso(NOW), "5.1.1", "no such user")
    mark_bounce(world.game.store.root, bounce)
    hold(world.game, NOW, "a dispute")  # its deadline, the earliest, does not count
    now = datetime.now(timezone.utc)
    later = create_game(
        world.gm.games_dir / "g2",
        "wok4",
        "small",
        players(2),
        seed=5,
        schedule=make_schedule(3, "18:00", "UTC", now=now),
        now=now,
    )
    deadline = later.deadline()
    assert deadline is not None
    return world, config, deadline


def test_json_of_a_host_with_its_service_running_mail_waiting_and_quarantined(
    tmp_path: Path,
) -> None:
    _world, config, deadline = busy_host(tmp_path)
    data = health(config)
    assert data["service"] == {
        "running": True,
        "pid": os.getpid(),
        "since": "2026-11-30T08:00:00Z",
        "version": "0.1.0",
        "runs_other_code": False,
        "folder": None,
        "other_install": False,
        "config_edited": False,
        "gone_pid": None,
        "stopped": None,
        "stopped_error": None,
    }
    assert data["last_poll"] == {
        "at": iso(NOW),
        "ok": True,
        "result": "filed 1, rejected 0, quarantined 0, ignored 0",
        "error": None,
        "last_success": iso(NOW),
        "last_failure": None,
    }
    assert data["next_deadline"] == {"game": "g2", "turn": 1, "at": iso(deadline), "overdue": False}
    assert (data["outbox"], data["outbox_deferred"], data["outbox_refused"]) == (1, 0, 0)
    assert isinstance(data["outbox_oldest"], str) and data["outbox_oldest"].startswith("20")
    assert (data["quarantined"], data["held"]) == (1, 0)
    assert data["failing_addresses"] == [
        {
            "game": "g1",
            "player": "2 Player2",
            "address": "p2@players.example",
            "since": iso(NOW),
            "why": "5.1.1 no such user",
        }
    ]
    assert data["unreadable"] == []


def test_text_of_the_same_host_a_line_a_fact(tmp_path: Path) -> None:
    _world, config, deadline = busy_host(tmp_path)
    lines = wtg(config, "status", "--host").stdout.splitlines()
    assert len(lines) == 7, lines
    assert re.fullmatch(
        rf"service: running, pid {os.getpid()}, since 2026-11-30 08:00 UTC \({AGO}\), wtg 0\.1\.0",
        lines[0],
    ), lines[0]
    assert re.fullmatch(
        rf"last poll: 2026-11-22 12:00 UTC \({AGO}\), ok: filed 1, rejected 0, "
        r"quarantined 0, ignored 0",
        lines[1],
    ), lines[1]
    assert lines[2].startswith(f"next deadline: g2 turn 1, {deadline:%Y-%m-%d %H:%M} UTC (in ")
    assert re.fullmatch(
        rf"outbox: 1 mail waiting, the oldest since \S+ \S+ UTC \({AGO}\)",
        lines[3],
    ), lines[3]
    assert lines[4] == "quarantined: 1 mail, held: 0 mails (`wtg quarantine` lists them)"
    assert lines[5] == "failing addresses: 1 (g1; `wtg bounces` lists them)"
    assert lines[6].startswith("kept mail: archive/ 1 mail since "), lines[6]


def not_running(gone_pid: int | None = None, stopped: str | None = None) -> dict[str, object]:
    """The JSON's service of a host whose service does not run: the pid of a record whose
    process is gone, the time a service that stopped cleanly stopped."""
    return {
        "running": False,
        "pid": None,
        "since": None,
        "version": None,
        "runs_other_code": False,
        "folder": None,
        "other_install": False,
        "config_edited": False,
        "gone_pid": gone_pid,
        "stopped": stopped,
        "stopped_error": None,
    }


def test_a_service_whose_process_is_gone_is_not_running(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    pid = gone_pid()
    write_service_record(world.gm.spool, ServiceRecord(pid=pid, since=SINCE, version="0.1.0"))
    data = health(config)
    assert data["service"] == not_running(gone_pid=pid)
    first = wtg(config, "status", "--host").stdout.splitlines()[0]
    assert first == (
        f"service: NOT running (the process of its record, pid {pid}, is gone: killed, or "
        "the machine restarted)"
    )


def test_a_service_stopped_is_said_stopped_not_never_run(tmp_path: Path) -> None:
    """`systemctl stop wtg` (or Ctrl-C of `wtg serve`): the service removed its record as it
    stopped, and `status --host` then said `none (no wtg serve has run on this host ...)`,
    which a GM reads as the wrong host, or a service never set up. Now it says when the
    service stopped and since when it had run."""
    world, config = host(tmp_path)
    write_service_record(world.gm.spool, ServiceRecord(pid=12345, since=SINCE, version="0.1.0"))
    stopped = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=2)
    clear_service_record(world.gm.spool, 12345, stopped)
    first = wtg(config, "status", "--host").stdout.splitlines()[0]
    assert first == (
        f"service: stopped at {stopped:%Y-%m-%d %H:%M} UTC (2 h 0 min ago; it had run since "
        "2026-11-30 08:00 UTC): `systemctl start wtg` (or `wtg serve`) starts it again; a host "
        "run by cron needs none"
    )
    assert health(config)["service"] == not_running(stopped=iso(stopped))
    write_service_record(world.gm.spool, ServiceRecord(pid=os.getpid(), since=SINCE, version="1"))
    data = health(config)["service"]
    assert isinstance(data, dict) and (data["running"], data["stopped"]) == (True, None)


def test_a_new_host_never_polled_with_an_overdue_deadline(tmp_path: Path) -> None:
    world, config = host(tmp_path)  # g1's deadline is days past, and no service ever ran
    deadline = world.game.deadline()
    assert deadline is not None
    data = health(config)
    assert data["service"] == not_running()
    assert data["last_poll"] is None
    assert data["next_deadline"] == {"game": "g1", "turn": 1, "at": iso(deadline), "overdue": True}
    assert (data["outbox"], data["quarantined"], data["failing_addresses"]) == (0, 0, [])
    lines = wtg(config, "status", "--host").stdout.splitlines()
    assert lines[:2] == [
        # a GM whose cron runs the host read NOT running, as of a service that died
        "service: none (no wtg serve has run on this host; a host run by cron needs none)",
        "last poll: never (no mail poll has run on this host)",
    ]
    assert re.fullmatch(
        rf"next deadline: g1 turn 1, {deadline:%Y-%m-%d %H:%M} UTC, OVERDUE by \d+ d \d+ h: "
        + re.escape(RUNS_IT),
        lines[2],
    ), lines[2]
    assert lines[3:] == [
        "outbox: empty, nothing waits to be sent",
        "quarantined: 0 mails, held: 0 mails",
        "failing addresses: 0",
    ]


def test_a_failing_poll_says_why_and_since_when_it_last_succeeded(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    record_poll(world.gm.spool, NOW, None, "filed 3, rejected 0, quarantined 0, ignored 0")
    failed = NOW + timedelta(hours=2)
    record_poll(world.gm.spool, failed, "cannot reach the mail server: [Errno 111] refused")
    data = health(config)
    assert data["last_poll"] == {
        "at": iso(failed),
        "ok": False,
        "result": None,
        "error": "cannot reach the mail server: [Errno 111] refused",
        "last_success": iso(NOW),
        "last_failure": iso(failed),
    }
    line = wtg(config, "status", "--host").stdout.splitlines()[1]
    assert line.startswith("last poll: 2026-11-22 14:00 UTC (")
    assert line.endswith(
        " FAILED: cannot reach the mail server: [Errno 111] refused "
        "(last success: 2026-11-22 12:00 UTC)"
    )


def test_a_poll_stamped_by_a_clock_that_was_ahead_is_said_so(tmp_path: Path) -> None:
    """The clock was a day ahead when the poll succeeded, and was put right: the line said
    `(just now), ok` of a poll a day in the future, and once the mail server then failed, the
    future success was still 'the last poll' (the later of the two times), saying `just now`
    of it. Now the last poll is the one that ran last, and a time ahead of the clock says so."""
    world, config = host(tmp_path)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    ahead = now + timedelta(days=1, hours=2)
    record_poll(world.gm.spool, ahead, None, "filed 3, rejected 0, quarantined 0, ignored 0")
    line = wtg(config, "status", "--host").stdout.splitlines()[1]
    assert re.fullmatch(
        rf"last poll: {ahead:%Y-%m-%d %H:%M} UTC \(1 d (1|2) h ahead of this machine's clock: "
        r"the clock was ahead then, or is behind now\), ok: filed 3, rejected 0, "
        r"quarantined 0, ignored 0",
        line,
    ), line
    failed = now - timedelta(minutes=5)
    record_poll(world.gm.spool, failed, "cannot reach the mail server: [Errno 111] refused")
    line = wtg(config, "status", "--host").stdout.splitlines()[1]
    assert line == (
        f"last poll: {failed:%Y-%m-%d %H:%M} UTC (5 min ago) FAILED: cannot reach the mail "
        f"server: [Errno 111] refused (last success: {ahead:%Y-%m-%d %H:%M} UTC)"
    )
    assert health(config)["last_poll"] == {
        "at": iso(failed),
        "ok": False,
        "result": None,
        "error": "cannot reach the mail server: [Errno 111] refused",
        "last_success": iso(ahead),
        "last_failure": iso(failed),
    }


def test_host_takes_no_game(tmp_path: Path) -> None:
    _world, config = host(tmp_path)
    result = wtg(config, "status", "g1", "--host", code=1)
    assert result.stderr == "wtg: --host is about the whole host: give no GAME_DIR\n"


def test_the_mail_kept_is_said_with_where_to_read_what_may_go(tmp_path: Path) -> None:
    """A host kept for a year: every mail read stays in archive/YYYY-MM/, every mail sent
    in outbox/sent/, and wtg removes none. Nothing said how much they held nor that it
    grows: `status --host` says both, with the months, and where the docs say which may
    go (docs/gm.md, "Over the months")."""
    world, config = host(tmp_path)
    spool = world.gm.spool
    for month, sizes in (("2025-11", (1000, 2000)), ("2026-01", (500,))):
        folder = spool / "archive" / month
        folder.mkdir(parents=True, exist_ok=True)
        for n, size in enumerate(sizes):
            (folder / f"maildir-{n}.eml").write_bytes(b"x" * size)
    (spool / "archive" / "2025-10").mkdir()  # a month emptied by hand: no mail of its own
    sent = spool / "outbox" / "sent"
    sent.mkdir(parents=True, exist_ok=True)
    for name, size, when in (("report-a.eml", 3000, 1764547200), ("report-b.eml", 400, 1767225600)):
        (sent / name).write_bytes(b"y" * size)
        os.utime(sent / name, (when, when))  # 2025-12-01 and 2026-01-01, UTC
    assert health(config)["kept_mail"] == {
        "archive": {"files": 3, "bytes": 3500, "oldest": "2025-11"},
        "sent": {"files": 2, "bytes": 3400, "oldest": "2025-12"},
    }
    lines = wtg(config, "status", "--host").stdout.splitlines()
    assert lines[-1] == (
        "kept mail: archive/ 3 mails since 2025-11, 3.5 kB; outbox/sent/ 2 mails since "
        "2025-12, 3.4 kB (wtg removes none but strangers' mail after 30 days: docs/gm.md, "
        '"Over the months", says which may go)'
    )
