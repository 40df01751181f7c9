"""The host's work commands log their events (issue 27, item 2): `poll` each mail's outcome
with its game and journal key, `run-turn` each game's turn, `send` each mail with its kind
and game, `remind` and `digest`; `poll -v` prints the same events' words; nothing is logged
unless asked."""

from __future__ import annotations

import json
import mailbox
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from tests.mail.loop import NOW
from tests.service.hostcli import host, wtg
from wtg.cli.logs import start_logging
from wtg.host.pollhealth import record_poll
from wtg.logs.addresses import HIDDEN
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import deliver, queue_reports, remind
from wtg.mail.poll.events import MailEvent, log_mail
from wtg.mail.poll.idle import idle
from wtg.mail.servers.inbox import Inbox
from wtg.mail.servers.transport import PermanentFailure, TemporaryFailure
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import Kind, Outcome


@pytest.fixture(autouse=True)
def _quiet_again() -> Iterator[None]:
    yield
    start_logging("text", None, None)


HOSTILE = (
    b"From: p1@players.example\r\nTo: gm@wtg.example\r\nSubject: away\r\n"
    b"Message-ID: <hostile@players.example>\r\n"
    b"Auto-Submitted: auto-replied \x1b]52;c;aGk=\x07\x1b[2J end\r\n\r\nI am away.\r\n"
)
"""A robot's mail whose Auto-Submitted header writes the clipboard and clears the screen:
the outcome quotes the header."""


def records(log: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def test_a_poll_logs_each_mail_with_its_game_and_key_and_v_prints_the_same(
    tmp_path: Path,
) -> None:
    world, config = host(tmp_path)
    filed = world.mail(world.aof(1, R1="1"))
    stranger = world.mail("no form here", sender="stranger@example.org")
    robot = str(world.inbox.add(mailbox.MaildirMessage(HOSTILE)))
    log = tmp_path / "poll.log"
    result = wtg(config, "poll", "-v", "--log-format", "json", "--log-file", str(log))
    shown = result.output.splitlines()
    assert shown[0] == "filed 1, rejected 1, quarantined 0, ignored 0, answered 1"
    found = records(log)
    mails = [r for r in found if "mail" in r]
    assert [(r["mail"], r.get("game"), r["level"]) for r in mails] == [
        (f"maildir:{filed}", "g1", "INFO"),
        (f"maildir:{stranger}", None, "INFO"),
        (f"maildir:{robot}", None, "INFO"),
    ]
    assert mails[0]["message"] == "stored: g1 turn 1 player 1"
    assert mails[1]["message"] == "answered: HELP (no command found)"
    # one source: -v's line of each mail is the log's key and words
    assert shown[1:] == [f"  {r['mail']}: {r['message']}" for r in mails]
    assert str(mails[2]["message"]).startswith("rejected: not for us (Auto-Submitted: auto-replied")
    assert "\x1b" not in log.read_text(encoding="utf-8") and "\x07" not in result.output
    (summary,) = [r for r in found if "mail" not in r]
    assert summary["message"] == f"poll: {shown[0]}" and summary["level"] == "INFO"


def test_poll_v_prints_what_it_did_before_and_logs_nothing_unless_asked(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    first = world.mail(world.aof(1, R1="1"))
    second = world.mail("no form here", sender="stranger@example.org")
    result = wtg(config, "poll", "-v")
    assert result.stdout.splitlines() == [
        "filed 1, rejected 0, quarantined 0, ignored 0, answered 1",
        f"  maildir:{first}: stored: g1 turn 1 player 1",
        f"  maildir:{second}: answered: HELP (no command found)",
    ]
    assert result.stderr == ""
    assert wtg(config, "poll", "-q").output == ""  # cron: nothing to say, nothing said


def test_a_process_that_chose_no_log_prints_not_even_a_warning(tmp_path: Path) -> None:
    """The mail loop called without a command's choice (the demo, a GM's script): a mail
    held for the GM is a warning, and Python's last resort would print it on stderr."""
    world, _config = host(tmp_path)
    world.mail("GAME: nosuch TURN: 1 PLAYER: 1 CODE: X\nX1: 100\n")
    script = (
        "from pathlib import Path\n"
        "from wtg.host.config import config_from_data\n"
        "from wtg.mail.servers.inbox import MaildirInbox\n"
        "from wtg.mail.poll.poller import poll\n"
        f"gm = config_from_data({{'games_dir': 'games'}}, Path({str(tmp_path)!r}))\n"
        "print(poll(gm, MaildirInbox(gm.maildir_in)).held)\n"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert (done.stdout, done.stderr) == ("1\n", "")


def test_a_hostile_mail_is_one_printable_line_of_the_text_log(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    robot = str(world.inbox.add(mailbox.MaildirMessage(HOSTILE)))
    result = wtg(config, "poll", "--log-level", "info")  # to stderr, as under systemd
    lines = result.stderr.splitlines()
    assert len(lines) == 2, lines
    assert f" INFO mail=maildir:{robot} rejected: not for us (Auto-Submitted: " in lines[0]
    assert lines[0].endswith(" end)") and lines[0].isprintable()
    assert " INFO poll: filed 0, rejected 1, quarantined 0, ignored 0" in lines[1]


def test_a_mails_outcome_with_line_breaks_stays_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    start_logging("text", "info", None)
    forged = "boom\n2026-12-02T10:00:00Z INFO game=g1 stored: forged\r\x1b[1Aover"
    log_mail(MailEvent("maildir:k1", Outcome(Kind.QUARANTINED, forged, "g1")))
    (line,) = capsys.readouterr().err.splitlines()
    assert " WARNING game=g1 mail=maildir:k1 quarantined: boom | 2026-12-02T10:00:00Z " in line
    assert line.endswith("stored: forged over") or line.endswith("stored: forgedover")
    assert line.isprintable()


def test_a_bounces_addresses_stay_out_of_the_info_lines(tmp_path: Path) -> None:
    log = tmp_path / "log"
    start_logging("json", "info", str(log))
    text = "a bounce: mail to p2@players.example (g1) failed, marked failing"
    log_mail(MailEvent("maildir:k2", Outcome(Kind.REJECTED, text)))
    (found,) = records(log)
    assert found["message"] == f"rejected: a bounce: mail to {HIDDEN} (g1) failed, marked failing"
    start_logging("json", "debug", str(log))
    log_mail(MailEvent("maildir:k2", Outcome(Kind.REJECTED, text)))
    hidden, whole = records(log)[1:]  # at debug, the whole text follows
    assert (hidden["level"], hidden["message"]) == ("INFO", found["message"])
    assert (whole["level"], whole["message"]) == ("DEBUG", f"rejected: {text}")


def test_run_turn_due_logs_each_game_run_or_failed_with_its_turn(tmp_path: Path) -> None:
    world, config = host(tmp_path)  # g1's deadline (NOW + 2 days) has passed
    broken = world.gm.games_dir / "g2"
    broken.mkdir()
    (broken / "game.yaml").write_text("game: [unclosed\n", encoding="utf-8")
    log = tmp_path / "due.log"
    args = ("run-turn", "--due", "--log-format", "json", "--log-file", str(log))
    result = wtg(config, *args, code=1)
    found = records(log)
    by_game = {r.get("game"): r for r in found}
    assert {k: by_game["g1"][k] for k in ("level", "turn", "message")} == {
        "level": "INFO",
        "turn": 1,
        "message": "turn 1 resolved (the deadline has passed)",
    }
    assert by_game["g2"]["level"] == "ERROR" and str(by_game["g2"]["message"]).startswith(
        "failed: "
    )
    assert str(found[-1]["message"]).startswith("run-turn --due: ran 1, held 0, failed 1")
    assert "g1: turn 1 resolved (the deadline has passed)" in result.stdout


def test_a_turn_held_back_for_a_mail_outage_is_a_warning(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    record_poll(world.gm.spool, NOW, "ConnectionRefusedError: [Errno 111]")
    log = tmp_path / "due.log"
    wtg(config, "run-turn", "--due", "--log-format", "json", "--log-file", str(log), code=1)
    (held, summary) = records(log)
    assert (held["game"], held["turn"], held["level"]) == ("g1", 1, "WARNING")
    assert str(held["message"]).startswith("NOT run: 4 of 4 players have no orders")
    assert str(summary["message"]).startswith("run-turn --due: ran 0, held 1")


def test_send_logs_each_mail_with_its_kind_and_game_never_a_code_or_address(
    tmp_path: Path,
) -> None:
    world, config = host(tmp_path)
    assert wtg(config, "send").exit_code == 0  # turn 0
    world.mail(world.aof(1, R1="1"))
    wtg(config, "poll")
    world.game.run_turn(now=NOW + timedelta(days=3))
    log = tmp_path / "send.log"
    result = wtg(config, "send", "--log-format", "json", "--log-file", str(log))
    assert result.output.startswith("4 reports queued; 5 mails sent")  # turn 1
    found = records(log)
    queued = found[:1]
    mails, summary = found[1:-1], found[-1]
    assert [(r["game"], r["turn"], r["message"]) for r in queued] == [("g1", 1, "4 reports queued")]
    (confirmation,) = (world.gm.spool / "outbox" / "sent").glob("conf-*.eml")
    assert sorted((r["mail"], r["game"], r["message"]) for r in mails) == [
        (confirmation.stem, "g1", "confirmation sent"),
        *((f"report-g1-t0001-p0{n}", "g1", "report sent") for n in range(1, 5)),
    ]
    assert summary["message"] == f"send: {result.output.strip()}"
    text = log.read_text(encoding="utf-8")
    assert "CODE000" not in text and "@" not in text


class Refusing:
    """A mail server that defers the reports and refuses the rest for good, quoting the
    address."""

    def send(self, ident: str, raw: bytes) -> None:
        if ident.startswith("report-"):
            raise TemporaryFailure("450 4.2.1 <p1@players.example>: mailbox busy")
        raise PermanentFailure("550 5.1.1 <p1@players.example>: no such user")

    def close(self) -> None:
        pass


def test_a_deferred_and_a_refused_mail_are_logged_without_the_address(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    world.mail(world.aof(1, R1="1"))
    wtg(config, "poll")  # the confirmation waits in the outbox
    journal = Journal(world.gm.spool)
    try:  # and the reports of turn 0
        assert queue_reports(world.gm, Outbox(world.gm.spool), journal, NOW).reports == 4
    finally:
        journal.close()
    log = tmp_path / "send.log"
    start_logging("json", "info", str(log))
    done = deliver(Outbox(world.gm.spool), Refusing())
    assert (done.sent, done.waiting, done.failed) == (0, 4, 1)
    found = records(log)
    deferred = [r for r in found if "deferred" in str(r["message"])]
    (refused,) = [r for r in found if "refused" in str(r["message"])]
    reports = [f"report-g1-t0000-p0{n}" for n in range(1, 5)]
    assert sorted(str(r["mail"]) for r in deferred) == reports
    assert {(r["level"], r["game"]) for r in deferred} == {("WARNING", "g1")}
    assert all(
        re.match(r"report deferred to \d{4}-\d\d-\d\d \d\d:\d\d UTC: ", str(r["message"]))
        and str(r["message"]).endswith(f": 450 4.2.1 {HIDDEN}: mailbox busy")
        for r in deferred
    )
    assert (refused["level"], refused["game"]) == ("ERROR", "g1")
    assert refused["message"] == f"confirmation refused for good: 550 5.1.1 {HIDDEN}: no such user"
    assert "@" not in log.read_text(encoding="utf-8")


def test_remind_logs_each_reminder_with_its_game_and_turn(tmp_path: Path) -> None:
    world, _config = host(tmp_path)
    log = tmp_path / "remind.log"
    start_logging("json", "info", str(log))
    deadline = world.game.deadline()
    assert deadline is not None
    reminded = remind(world.gm, now=deadline - timedelta(hours=2))
    assert reminded.queued == 4
    *each, summary = records(log)
    assert [(r["game"], r["turn"], r["mail"], r["message"]) for r in each] == [
        ("g1", 1, f"remind-g1-t0001-p0{n}", "reminder queued") for n in range(1, 5)
    ]
    assert summary["message"] == "remind: 4 reminders queued"


def test_digest_logs_what_it_told_and_the_mail_it_queued(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    log = tmp_path / "digest.log"
    result = wtg(config, "digest", "--mail", "--log-format", "json", "--log-file", str(log))
    assert "g1" in result.output
    told, queued = records(log)
    assert told["level"] == "INFO" and str(told["message"]).startswith("digest: since ")
    assert str(told["message"]).endswith(  # g1's deadline is long past: its turn overdue
        ": 0 turns run, 1 game waiting for orders, 0 not mailed, 0 mails quarantined, 0 held, "
        "0 not answered, 0 addresses failing, 0 folders unreadable, 1 turn overdue"
    )
    (mailed,) = (world.gm.spool / "outbox" / "queue").glob("digest-*.eml")
    assert (queued["mail"], queued["message"]) == (mailed.stem, "digest queued as a mail to the GM")


def test_the_log_level_chooses_the_events(tmp_path: Path) -> None:
    world, config = host(tmp_path)
    world.mail(world.aof(1, R1="1"))
    world.mail("no form here", sender="stranger@example.org")
    log = tmp_path / "poll.log"
    wtg(config, "poll", "--log-level", "warning", "--log-file", str(log))
    assert log.read_text(encoding="utf-8") == ""  # a mail filed or answered is no warning
    wtg(config, "poll", "--log-level", "debug", "--log-file", str(log))  # nothing new
    assert log.read_text(encoding="utf-8").endswith(
        " DEBUG poll: filed 0, rejected 0, quarantined 0, ignored 0\n"
    )


def test_a_mail_server_out_of_reach_is_a_warning_with_why(tmp_path: Path) -> None:
    world, _config = host(tmp_path)
    log = tmp_path / "idle.log"
    start_logging("json", "info", str(log))
    stop = threading.Event()
    said: list[str] = []

    def refused(_gm: object) -> Inbox:
        stop.set()  # one try: the loop ends after its pause
        raise ConnectionRefusedError(111, "Connection refused")

    idle(world.gm, stop, said.append, connect=refused)
    (found,) = records(log)
    assert (found["level"], found["message"]) == (
        "WARNING",
        "poll failed: cannot reach the mail server: [Errno 111] Connection refused",
    )
    why = "cannot reach the mail server: [Errno 111] Connection refused"
    assert said == [f"{why}; trying again in 1 s"]
