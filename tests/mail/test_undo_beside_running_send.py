"""`wtg rollback GAME --undo` given while a `wtg send` runs, two real processes: the send
is stopped in its delivery (as a slow server stops it), its lock held, while the undo runs.
Before, the undo left every report or press a send had set aside while the rollback stood
where it lay (here a report mailed again, `resend-`), since only under the send's lock is
the queue known, and nothing ever put it back: the player never had it. Now the undo leaves
the put-back to the next send (a mark in the rollback's archive folder) and says so; the
send running finishes as before, and the next one puts the mail back and mails it."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.mail.test_kill_undo_resend import _template, _where
from tests.pausedwtg import Entering, paused_at
from wtg.mail.spool.runlock import only_one


def test_an_undo_beside_a_running_send_leaves_the_put_back_to_the_next_send(
    tmp_path: Path,
) -> None:
    host = tmp_path / "host"
    name = _template(host)  # the report mailed again, set aside while the rollback stood
    config = str(host / "wtg.yaml")
    send = ["--config", config, "send", "-q"]
    with paused_at(Entering("wtg.mail.outgoing.sender:deliver"), send, tmp_path):  # its lock held
        undo = killpoints.wtg(["--config", config, "rollback", "g1", "--undo"])
        assert undo.returncode == 0, undo.stderr
        assert undo.stdout.rstrip().endswith(
            "; 1 report or press a send had set aside while the rollback stood is put "
            "back in the queue by the next send (the one running holds the queue)"
        ), undo.stdout
        assert _where(host, name) == ["failed"]  # the queue is the running send's
    assert _where(host, name) == ["failed"]  # that send knew nothing of the undo
    nxt = killpoints.wtg(["--config", config, "send", "-q"])
    assert nxt.returncode == 0, nxt.stderr
    assert _where(host, name) == ["sent"]  # put back, and mailed once
    again = killpoints.wtg(["--config", config, "send", "-q"])
    assert again.returncode == 0, again.stderr
    assert _where(host, name) == ["sent"]
    assert not list((host / "games" / "g1" / "archive").glob("*/put-back-owed"))


def test_the_next_send_killed_putting_back_puts_back_once(tmp_path: Path) -> None:
    """The put-back the undo left (``put-back-owed``) is the next send's: killed before each
    of its writes there (the mail's move back to the queue, the mark's removal), the send
    given again puts the mail back and mails it once."""
    template = tmp_path / "template"
    name = _template(template)
    config = str(template / "wtg.yaml")
    with only_one(template / "games" / ".mail", "send"):  # as a `wtg send` running holds it
        undo = killpoints.wtg(["--config", config, "rollback", "g1", "--undo"])
    assert undo.returncode == 0, undo.stderr
    assert list((template / "games" / "g1" / "archive").glob("*/put-back-owed"))
    run = tmp_path / "run"
    args = ["--config", str(run / "wtg.yaml"), "send", "-q"]
    fresh = killpoints.restorer(template, run)
    log = tmp_path / "writes.log"
    killpoints.whole(args, run, fresh, log=log)
    assert _where(run, name) == ["sent"]
    lines = killpoints.written(log)
    first = next(i for i, line in enumerate(lines, 1) if name in line)
    mark = next(i for i, line in enumerate(lines, 1) if "put-back-owed" in line)
    assert "failed" in "".join(lines[first - 1 : mark]), lines  # the put-back's writes
    for at, cut in killpoints.cuts(args, run, range(first, mark + 1), fresh):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert _where(run, name) == ["sent"], (at, cut.before)
        assert not list((run / "games" / "g1" / "archive").glob("*/put-back-owed")), at


def test_a_rollback_given_again_before_the_next_send_keeps_its_turns_mail_aside(
    tmp_path: Path,
) -> None:
    """The undo left the put-back to the next send, and the GM rolled the game back to turn
    0 again before it ran: the report of turn 1 mailed again is of a turn that is no more
    once more. The next send put it back all the same and mailed it (9 mails: the 8 notices
    and it), after the notice that turn 1 was taken back; it stays aside, and the mark goes
    (the later rollback's own undo is what puts it back)."""
    host = tmp_path / "host"
    name = _template(host)
    config = str(host / "wtg.yaml")
    with only_one(host / "games" / ".mail", "send"):  # as a `wtg send` running holds it
        undo = killpoints.wtg(["--config", config, "rollback", "g1", "--undo"])
    assert undo.returncode == 0, undo.stderr
    again = killpoints.wtg(["--config", config, "rollback", "g1", "--to", "0"])
    assert again.returncode == 0, again.stderr
    sent = killpoints.wtg(["--config", config, "send"])
    assert sent.returncode == 0, sent.stderr
    assert sent.stdout.startswith("0 reports queued; 8 mails sent,"), sent.stdout
    assert _where(host, name) == ["failed"]
    assert not list((host / "games" / "g1" / "archive").glob("*/put-back-owed"))
    undone = killpoints.wtg(["--config", config, "rollback", "g1", "--undo"])
    assert undone.returncode == 0, undone.stderr
    assert _where(host, name) == ["queue"]  # the second rollback's undo puts it back
