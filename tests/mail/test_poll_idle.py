"""`wtg poll --idle` against the real servers: each mail answered within seconds of its
arrival, a restarted server met with a new connection, SIGTERM ends it between polls."""

from __future__ import annotations

import email.policy
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.loop import players
from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from wtg.game.engine import Game, create_game
from wtg.mail.poll.idle import WAIT
from wtg.mail.spool.journal import Journal

WITHIN = 60.0
"""Seconds a test waits for a mail's confirmation. Far below the idle loop's fallback
(``wtg.mail.poll.idle.WAIT``: a new poll that often whatever the server says), so a mail
answered within it was seen through IDLE (or the maildir's look), however loaded the
machine is. How fast that is, is for a benchmark to print, not for a test to time."""


def order_mail(game: Game, player: int, trade: int) -> bytes:
    aof = game.aof(player).replace("X1: ___", f"X1: {trade}")
    msg = EmailMessage()
    msg["From"] = f"p{player}@players.example"
    msg["To"] = GM_ADDRESS
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<idle{player}-{trade}@players.example>"
    msg.set_content(aof)
    return msg.as_bytes(policy=email.policy.SMTP)


def confirmations(root: Path) -> list[Path]:
    return sorted((root / "games" / ".mail" / "outbox" / "queue").glob("conf-*.eml"))


def wait_for(root: Path, count: int, seconds: float) -> float:
    """Seconds until ``count`` confirmations are queued; fails after ``seconds``."""
    return arrived_within(lambda: len(confirmations(root)) >= count, seconds)


def arrived_within(done: Callable[[], bool], seconds: float) -> float:
    """Seconds until ``done()`` holds; fails after ``seconds``."""
    begin = time.monotonic()
    while not done():
        assert time.monotonic() - begin < seconds, "not within the time"
        time.sleep(0.05)
    return time.monotonic() - begin


@pytest.fixture
def idling(tmp_path: Path, imap: Dovecot, smtp: SmtpSink) -> Iterator[subprocess.Popen[str]]:
    config = write_config(tmp_path, imap, smtp)
    command = [sys.executable, "-c", "from wtg.cli import main; main()"]
    process = subprocess.Popen(
        [*command, "--config", str(config), "poll", "--idle"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith("wtg poll --idle: waiting for mail (imap)")
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def test_each_mail_is_answered_within_seconds_through_a_restart_and_sigterm(
    tmp_path: Path, imap: Dovecot, idling: subprocess.Popen[str]
) -> None:
    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), seed=3)
    time.sleep(1.5)  # the first poll is done and it waits in IDLE
    with imap.client(GM_ADDRESS) as client:
        client.append("INBOX", order_mail(game, 1, 100))
    assert WITHIN < WAIT
    wait_for(tmp_path, 1, WITHIN)
    imap.stop()
    imap.start()  # the same port: the connection it had is gone
    with imap.client(GM_ADDRESS) as client:
        client.append("INBOX", order_mail(game, 2, 150))
    wait_for(tmp_path, 2, WITHIN)
    idling.send_signal(signal.SIGTERM)
    output, _ = idling.communicate(timeout=20)
    assert idling.returncode == 0, output
    assert "the connection dropped" in output or "cannot reach the mail server" in output
    assert output.rstrip().endswith("wtg poll --idle: stopped")
    journal = Journal(tmp_path / "games" / ".mail")
    outcomes = sorted(row[0] for row in journal.db.execute("SELECT outcome FROM messages"))
    journal.close()
    assert outcomes == ["stored: g1 turn 1 player 1", "stored: g1 turn 1 player 2"]
    with imap.client(GM_ADDRESS) as client:
        client.select_folder("INBOX")
        assert client.search(["ALL"]) == []  # both moved out: nothing half done
    assert game.store.pending_orders(1).keys() == {1, 2}


def test_the_maildir_transport_idles_too(tmp_path: Path) -> None:
    import mailbox

    game = create_game(tmp_path / "games" / "g1", "wok4", "small", players(2), seed=3)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@wtg.example\n", encoding="utf-8")
    command = [sys.executable, "-c", "from wtg.cli import main; main()"]
    process = subprocess.Popen(
        [*command, "--config", str(config), "poll", "--idle", "--send"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("wtg poll --idle: waiting for mail (maildir)")
        spool = tmp_path / "games" / ".mail"
        arrived_within(lambda: (spool / "maildir-in" / "new").is_dir(), WITHIN)
        mailbox.Maildir(spool / "maildir-in", create=False).add(order_mail(game, 1, 100))
        sent = spool / "maildir-out" / "new"
        arrived_within(lambda: sent.is_dir() and any(sent.iterdir()), WITHIN)  # and sent
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=20)
        assert process.returncode == 0, output
        assert "filed 1, rejected 0, quarantined 0, ignored 0" in output
        assert output.rstrip().endswith("wtg poll --idle: stopped")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
