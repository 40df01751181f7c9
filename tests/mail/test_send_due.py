"""`wtg send`, `wtg remind`, `wtg status` and `wtg run-turn --due` on the maildir transport."""

from __future__ import annotations

import email
import json
import os
import time
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.loop import NOW, World
from tests.mail.outboxes import outbox_counts
from tests.mail.test_poll_maildir import body_of
from tests.shipped import WOK4
from wtg.cli import main
from wtg.core.ruleset import OptionValue
from wtg.host.due import run_due
from wtg.host.pollhealth import record_poll
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import Delivery, deliver, remind, send
from wtg.mail.servers.transport import PermanentFailure, TemporaryFailure, Unreachable


class FlakyTransport:
    """Fails as told, then accepts; remembers what it accepted."""

    def __init__(self, failures: list[Exception]) -> None:
        self.failures = failures
        self.accepted: list[str] = []

    def send(self, ident: str, raw: bytes) -> None:
        if self.failures:
            raise self.failures.pop(0)
        self.accepted.append(ident)

    def close(self) -> None:
        pass


def test_reports_go_out_once_with_the_aof_in_the_body(tmp_path: Path) -> None:
    world = World(tmp_path)
    first = send(world.gm, now=NOW)
    assert (first.queued, first.sent) == (4, 4)
    again = send(world.gm, now=NOW)
    assert (again.queued, again.sent) == (0, 0)
    mails = world.sent()
    assert [p.name for p in mails] == [f"report-g1-t0000-p{i:02d}" for i in range(1, 5)]
    msg = email.message_from_bytes(mails[0].read_bytes())
    assert msg.get_content_type() == "text/plain"
    assert msg["To"] == "p1@players.example"
    payload = msg.get_payload(decode=True)
    assert isinstance(payload, bytes)
    body = payload.decode()
    assert "=== BEGIN AOF ===" in body and "CODE: CODE0001" in body
    assert "DEADLINE FOR YOUR TURN 1 ORDERS: Mon 23 Nov 2026 18:00 UTC" in body
    world.game.run_turn(now=NOW)
    assert send(world.gm, now=NOW).queued == 4


def test_smtp_down_means_mail_waits_and_is_sent_once_later(tmp_path: Path) -> None:
    world = World(tmp_path)
    outbox = Outbox(world.gm.spool)
    down = send(world.gm, now=NOW, transport=FlakyTransport([Unreachable("cannot reach x")]))
    assert (down.sent, down.waiting, down.unreachable) == (0, 4, "cannot reach x")
    assert down.line().endswith("; the mail server could not be reached: cannot reach x")
    assert outbox_counts(outbox) == {"queued": 4, "sent": 0, "failed": 0}
    back = FlakyTransport([])
    assert deliver(outbox, back) == Delivery(4, 0, 0)
    assert back.accepted == [f"report-g1-t0000-p{i:02d}" for i in range(1, 5)]
    assert deliver(outbox, FlakyTransport([])) == Delivery(0, 0, 0)
    assert outbox_counts(outbox) == {"queued": 0, "sent": 4, "failed": 0}


def test_a_temporary_refusal_backs_off_that_mail(tmp_path: Path) -> None:
    world = World(tmp_path)
    outbox = Outbox(world.gm.spool)
    clock = [time.time()]
    busy = FlakyTransport([TemporaryFailure("451 try later")])
    send(world.gm, now=NOW, transport=busy)
    assert len(busy.accepted) == 3
    assert deliver(outbox, FlakyTransport([]), lambda: clock[0]) == Delivery(0, 1, 0)
    clock[0] += 61
    assert deliver(outbox, FlakyTransport([]), lambda: clock[0]) == Delivery(1, 0, 0)


def test_a_refused_mail_is_set_aside_with_the_reason(tmp_path: Path) -> None:
    world = World(tmp_path)
    summary = send(
        world.gm, now=NOW, transport=FlakyTransport([PermanentFailure("550 no such user")])
    )
    assert (summary.sent, summary.failed) == (3, 1)
    failed = world.gm.spool / "outbox" / "failed"
    (reason,) = failed.glob("*.json")
    assert "550 no such user" in reason.read_text()


def test_remind_pokes_players_without_orders_once_near_the_deadline(tmp_path: Path) -> None:
    world = World(tmp_path, remind_hours=24)
    world.game.submit(world.aof(2, X1="100"))
    deadline = world.game.deadline()
    assert deadline is not None
    assert remind(world.gm, now=deadline - timedelta(hours=30)).queued == 0
    assert remind(world.gm, now=deadline - timedelta(hours=5)).queued == 3
    assert remind(world.gm, now=deadline - timedelta(hours=4)).queued == 0
    assert remind(world.gm, now=deadline + timedelta(hours=1)).queued == 0
    queued = sorted((world.gm.spool / "outbox" / "queue").glob("remind-*.eml"))
    assert [p.stem for p in queued] == [f"remind-g1-t0001-p0{i}" for i in (1, 3, 4)]
    assert b"CODE: CODE0003" in queued[1].read_bytes()


@pytest.mark.parametrize(
    ("ruleset", "options", "said"),
    [
        (
            ("wok4", "small"),
            {},
            "Without orders your troops dig in (three missed turns in a row and you are out of"
            " the game).",
        ),
        (
            ("standard", "trial"),
            {},
            "Without orders your armies dig in (three missed turns in a row and you are out"
            " of the game).",
        ),
        (
            ("wisk", "classic"),
            {},
            "Without orders your new armies are placed for you as a robot would place them,"
            " and you make no attack and no fortification.",
        ),
        (
            ("wisk", "classic"),
            {"missing": "pass"},
            "Without orders you pass: no trades, no new armies (they are not kept for later),"
            " no attack.",
        ),
        (
            ("wisk", "classic"),
            {"missing": "robot"},
            "Without orders a robot plays your whole turn, attacks included.",
        ),
        (
            ("tactics", "meadow"),
            {},
            "Without orders you keep the army shown in your report; from 3 missed turns in a"
            " row the bots' strategy plays your turns until you send orders.",
        ),
    ],
)
def test_a_reminder_says_what_a_missed_turn_does_in_its_game(
    tmp_path: Path, ruleset: tuple[str, str], options: dict[str, OptionValue], said: str
) -> None:
    """Every reminder said the troops dig in and three missed turns put the player out:
    WoK's rule. A WISK player is never out for missing turns (his armies are placed for
    him, or he passes, or a robot plays: the game's `missing`), and a Tactics player's
    turns are played by the bots' strategy from the third."""
    world = World(tmp_path, count=2, ruleset=(*ruleset, options), remind_hours=24)
    deadline = world.game.deadline()
    assert deadline is not None
    assert remind(world.gm, now=deadline - timedelta(hours=5)).queued >= 1
    (first, *_) = sorted((world.gm.spool / "outbox" / "queue").glob("remind-*.eml"))
    body = " ".join(body_of(first.read_bytes()).split("=== BEGIN AOF ===")[0].split())
    assert said in body, body
    assert ("dig in" in body) == (ruleset[0] in ("wok4", "standard"))


def test_a_tactics_reminder_of_a_battle_turn_says_the_pieces_stand_still(tmp_path: Path) -> None:
    """A Tactics reminder said 'you keep the army shown (on the army turn) or your pieces
    stand still' on every turn: after the army turn, it says what a missed battle turn
    does, and no word of the army."""
    world = World(tmp_path, count=2, ruleset=("tactics", "meadow", {}), remind_hours=24)
    first = world.game.deadline()
    assert first is not None
    assert list(run_due(world.gm, first + timedelta(minutes=1)))
    deadline = world.game.deadline()
    assert deadline is not None and deadline > first
    assert remind(world.gm, now=deadline - timedelta(hours=5)).queued == 1
    (mail,) = sorted((world.gm.spool / "outbox" / "queue").glob("remind-*t0002*.eml"))
    body = " ".join(body_of(mail.read_bytes()).split("=== BEGIN AOF ===")[0].split())
    assert (
        "Without orders your pieces stand still; from 3 missed turns in a row the bots'"
        " strategy plays your turns until you send orders."
    ) in body
    assert "army" not in body


def test_status_json_keys(tmp_path: Path) -> None:
    world = World(tmp_path)
    world.game.submit(world.aof(3, R1="1"))
    result = CliRunner().invoke(main, ["status", str(world.game.store.root), "--json"])
    data = json.loads(result.output)
    assert data["turn"] == 1 and data["deadline"] == "2026-11-23T18:00:00Z"
    p3 = data["players"][2]
    assert {"id", "orders", "ready", "received", "missed_turns"} <= set(p3)
    assert (p3["id"], p3["orders"], p3["ready"]) == (3, True, True)
    assert (data["players"][0]["orders"], data["players"][0]["missed_turns"]) == (False, 0)


def test_due_runs_at_the_deadline_and_never_twice_for_one(tmp_path: Path) -> None:
    world = World(tmp_path)
    deadline = world.game.deadline()
    assert deadline is not None
    assert list(run_due(world.gm, deadline - timedelta(minutes=1))) == []
    lines = list(run_due(world.gm, deadline + timedelta(minutes=1)))
    assert lines == [("g1: turn 1 resolved (the deadline has passed)", True)]
    assert list(run_due(world.gm, deadline + timedelta(minutes=2))) == []
    assert world.game.deadline() == deadline + timedelta(days=2)
    missed = world.game.typed(WOK4).state().player(1).missed
    assert missed == 1  # missing orders are missed turns


def test_due_runs_early_when_everyone_is_ready(tmp_path: Path) -> None:
    world = World(tmp_path)
    first = world.game.deadline()
    assert first is not None
    for pid in range(1, 5):
        world.game.submit(world.aof(pid, R1="1" if pid != 4 else "0"))
    assert list(run_due(world.gm, NOW)) == []
    world.game.submit(world.aof(4, R1="1"))
    assert list(run_due(world.gm, NOW)) == [("g1: turn 1 resolved (all players are READY)", True)]
    # the next deadline is the one after the deadline the early turn was due by
    assert world.game.deadline() == first + timedelta(days=2)


def test_due_holds_a_game_when_the_poll_is_failing(tmp_path: Path) -> None:
    world = World(tmp_path)
    deadline = world.game.deadline()
    assert deadline is not None
    record_poll(world.gm.spool, deadline - timedelta(hours=20), None)
    record_poll(world.gm.spool, deadline - timedelta(hours=1), "ConnectionRefusedError")
    ((line, ok),) = run_due(world.gm, deadline + timedelta(minutes=5))
    assert not ok and "NOT run" in line and "mail outage" in line
    # gmtrial39: the game named, where it said `wtg run-turn GAME_DIR`, the help's word
    assert line.endswith("Fix the poll (or run the game by hand with `wtg run-turn g1`).")
    assert world.game.latest_turn() == 0
    for pid in (1, 2, 3):
        world.game.submit(world.aof(pid))
    ((line, ok),) = run_due(world.gm, deadline + timedelta(minutes=5))  # most have orders
    assert ok and "turn 1 resolved" in line


def test_due_holds_a_game_when_the_poll_fails_after_a_success_on_a_clock_ahead(
    tmp_path: Path,
) -> None:
    """The machine's clock was a day ahead when the poll last succeeded, and was put right
    since: the mail server then fails. The failure's time is before the success's, and the
    outage went unseen (failing meant a failure later than the last success): the turn ran
    with nobody's orders. The poll's own word stands: its last run failed."""
    world = World(tmp_path)
    deadline = world.game.deadline()
    assert deadline is not None
    record_poll(world.gm.spool, deadline + timedelta(days=1), None)
    record_poll(world.gm.spool, deadline - timedelta(hours=1), "ConnectionRefusedError")
    ((line, ok),) = run_due(world.gm, deadline + timedelta(minutes=5))
    assert not ok and "NOT run" in line and "mail outage" in line
    assert world.game.latest_turn() == 0


def test_due_holds_a_game_when_the_last_success_is_stamped_after_now(tmp_path: Path) -> None:
    """The machine's clock was two weeks ahead when the poll last succeeded, was put right
    since, and no poll has run after (its cron line gone, the service dead): the success's
    age read as less than nothing, never past poll_stale_hours, and the turn ran with
    nobody's orders while the mail waited unread, until the clock caught up with the
    stamp. A success stamped after now says nothing of how long ago the poll ran."""
    world = World(tmp_path)
    deadline = world.game.deadline()
    assert deadline is not None
    record_poll(world.gm.spool, deadline + timedelta(days=14), None)
    ((line, ok),) = run_due(world.gm, deadline + timedelta(minutes=5))
    assert not ok and "NOT run" in line and "mail outage" in line
    stamped = (deadline + timedelta(days=14)).strftime("%Y-%m-%d %H:%M UTC")
    assert f"its last success is stamped {stamped}, after this machine's clock" in line
    assert world.game.latest_turn() == 0
    record_poll(world.gm.spool, deadline + timedelta(minutes=6), None)  # a poll, on time
    ((line, ok),) = run_due(world.gm, deadline + timedelta(minutes=7))
    assert ok and "turn 1 resolved" in line


@pytest.mark.parametrize("quiet", [(), ("-q",)])
def test_wtg_send_exits_1_when_the_mail_server_cannot_be_reached(
    tmp_path: Path, quiet: tuple[str, ...]
) -> None:
    """With -q too: a server not reached needs the GM, and cron mails him the line."""
    import socket

    from click.testing import CliRunner

    from wtg.cli import main

    world = World(tmp_path)
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "wtg.yaml"
    config.write_text(
        f"games_dir: {world.gm.games_dir}\ntransport: imap\n"
        "imap: {host: 127.0.0.1, port: 1, username: gm, password: pw}\n"
        f"smtp: {{host: 127.0.0.1, port: {port}, from: gm@wtg.example}}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["--config", str(config), "send", *quiet])
    assert result.exit_code == 1
    assert result.output.startswith("4 reports queued; 0 mails sent, 4 waiting to be retried")
    assert f"the mail server could not be reached: cannot reach 127.0.0.1:{port}" in result.output
    assert outbox_counts(Outbox(world.gm.spool)) == {"queued": 4, "sent": 0, "failed": 0}


def test_quiet_commands_say_nothing_when_there_was_nothing_to_do(tmp_path: Path) -> None:
    """For cron, which mails any output: remind with --quiet prints only when something
    happened, poll and send only when something went wrong or needs the GM (a mail filed and
    reports mailed as they should be were mailed to the GM by cron at every run)."""
    from click.testing import CliRunner

    from wtg.cli import main

    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    # remind_hours 0: no reminder is ever due, whatever the clock says
    config.write_text(
        f"games_dir: {world.gm.games_dir}\nmail: {{remind_hours: 0}}\n", encoding="utf-8"
    )

    def run(*args: str) -> str:
        result = CliRunner().invoke(main, ["--config", str(config), *args])
        assert result.exit_code == 0, result.output
        return result.output

    assert run("send", "-q") == ""  # turn 0's 4 reports mailed: no news for the GM
    assert len(world.sent()) == 4  # mailed all the same
    assert run("send", "-q") == ""
    assert (
        run("send")
        == "0 reports queued; 0 mails sent, 0 waiting to be retried, 0 refused for good\n"
    )
    assert run("poll", "--quiet") == ""
    assert run("poll") == "filed 0, rejected 0, quarantined 0, ignored 0\n"
    assert run("remind", "-q") == ""
    assert run("remind") == "0 reminders queued\n"
    world.mail(world.aof(1, R1="1"))
    assert run("poll", "-q") == ""  # filed: no news (tests/mail/test_poll_quiet.py)


def test_a_second_poll_or_send_while_one_runs_leaves_the_work_to_it(tmp_path: Path) -> None:
    """Cron may start a run before the last one ended: two sends of one outbox could mail a
    message twice, so the second run does nothing (and says so unless --quiet)."""
    from click.testing import CliRunner

    from wtg.cli import main
    from wtg.mail.spool.runlock import AlreadyRunning, only_one

    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    world.mail(world.aof(1, R1="1"))

    def run(*args: str) -> str:
        result = CliRunner().invoke(main, ["--config", str(config), *args])
        assert result.exit_code == 0, result.output
        return result.output

    with only_one(world.gm.spool, "send"), only_one(world.gm.spool, "poll"):
        # the lock's holder named as a program, not as a command carrying the --config given
        assert run("send") == "another wtg send is running: this one leaves the work to it\n"
        polled = run(
            "poll"
        )  # the poll's holder named by its pid (tests/mail/test_poll_lock_stuck.py)
        assert polled.startswith(f"another wtg poll (pid {os.getpid()}, since ")
        assert polled.endswith(") is running: this one leaves the work to it\n")
        assert run("send", "-q") == run("poll", "-q") == ""
        with pytest.raises(AlreadyRunning):
            send(world.gm, now=NOW)
    assert outbox_counts(Outbox(world.gm.spool)) == {"queued": 0, "sent": 0, "failed": 0}
    assert run("poll").startswith("filed 1, rejected 0")
    assert run("send").startswith("4 reports queued; 5 mails sent")  # and the confirmation


def test_a_poll_while_wtg_serve_runs_names_the_service(tmp_path: Path) -> None:
    """docs/gm.md, "Running a host": `wtg serve` keeps the poll's lock while it runs. A `wtg
    poll` given then (a cron line left in) said "another `wtg poll` is running", sending the
    GM to look for a poll there is none of; it names the service, and still exits 0 (and
    says nothing with -q): the service files the mail."""
    import os

    from wtg.host.servicerecord import ServiceRecord, write_service_record
    from wtg.mail.spool.runlock import only_one

    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    record = ServiceRecord(pid=os.getpid(), since=NOW, version="0.1.0")
    write_service_record(world.gm.spool, record)  # a live process: this one

    def run(*args: str) -> str:
        result = CliRunner().invoke(main, ["--config", str(config), *args])
        assert result.exit_code == 0, result.output
        return result.output

    with only_one(world.gm.spool, "serve"), only_one(world.gm.spool, "poll"):
        assert run("poll") == (
            f"wtg serve (pid {os.getpid()}, since 2026-11-22 12:00 UTC) polls "
            f"{world.gm.spool} already: this one leaves the work to it\n"
        )
        assert run("poll", "-q") == ""


def test_poll_verbose_says_what_was_done_with_each_mail(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from wtg.cli import main

    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    first = world.mail(world.aof(1, R1="1"))
    second = world.mail("no form here", sender="stranger@example.org")
    result = CliRunner().invoke(main, ["--config", str(config), "poll", "-v"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "filed 1, rejected 0, quarantined 0, ignored 0, answered 1",
        f"  maildir:{first}: stored: g1 turn 1 player 1",
        f"  maildir:{second}: answered: HELP (no command found)",
    ]
    archived = {p.name for p in (world.gm.spool / "archive").rglob("*.eml")}
    assert archived == {f"maildir-{first}.eml", f"maildir-{second}.eml"}
