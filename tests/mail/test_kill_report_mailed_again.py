"""Killing `wtg report GAME --player N --mail` (SIGKILL) before each distinct write it makes:
the mail journal's first write (the game noted before its first mail), the mail's file
opened under its temporary name, and its rename into the queue. Given again, as a GM would,
the report is queued once, and the next `wtg send` mails it once: never lost, never two."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.mail.test_report_mailed_again import mistyped
from wtg.mail.outgoing.reportagain import PREFIX


def _resent(run: Path) -> dict[str, list[str]]:
    """The reports mailed again, by the outbox folder they lie in."""
    outbox = run / "games" / ".mail" / "outbox"
    return {
        folder: sorted(p.name for p in (outbox / folder).glob(f"{PREFIX}*.eml"))
        for folder in ("queue", "sent", "failed")
    }


def test_report_mail_killed_at_each_write_queues_it_once(tmp_path: Path) -> None:
    template = tmp_path / "template"
    mistyped(template)  # player 2's report of turn 0 went to a mistyped address
    run = tmp_path / "run"
    config = str(run / "wtg.yaml")
    args = ["--config", config, "report", "g1", "--player", "2", "--mail"]
    fresh = killpoints.restorer(template, run)
    log = tmp_path / "writes.log"
    killpoints.whole(args, run, fresh, log=log)
    ((mail,),) = (v for v in _resent(run).values() if v)
    lines = killpoints.written(log)
    into_queue = [i for i, line in enumerate(lines, 1) if PREFIX in line]
    assert len(into_queue) == 2, lines  # opened under its temporary name, then renamed
    for at, cut in killpoints.cuts(args, run, [1, *into_queue], fresh):
        assert _resent(run)["queue"] == [], (at, cut.before)  # nothing half queued
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, again.stderr)
        assert "player 2's report queued to" in again.stdout, (at, again.stdout)
        sent = killpoints.wtg(["--config", config, "send", "-q"])
        assert sent.returncode == 0, (at, sent.stderr)
        assert _resent(run) == {"queue": [], "sent": [mail], "failed": []}, at
        once = killpoints.wtg(args)
        assert once.returncode == 0, (at, once.stderr)  # given a third time: mailed already
        assert _resent(run)["queue"] == [], at
