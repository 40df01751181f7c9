"""`wtg serve` as the process systemd starts, on a maildir host and the machine's clock: a
mail answered within seconds, SIGHUP reloading the config (a broken one logged and the old
one kept), SIGTERM ending it with exit 0, a second service refused in one line, kill -9 and
a restart losing and doubling nothing, and systemd's notify protocol on a socket the test
binds."""

from __future__ import annotations

import email
import email.policy
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.service.marks import message_id_of
from tests.service.week import GM, PLANS, entries, make_host
from wtg.files import private
from wtg.game.engine import open_game
from wtg.host.config import load_config
from wtg.host.servicerecord import read_service_record
from wtg.mail.spool.journal import Journal

WTG = str(Path(sys.executable).with_name("wtg"))
WITHIN = 60.0
"""Seconds a test waits for what the service does at once (a mail's answer): far below
its look at the mail every few minutes, so what came within it came of the mail."""
POLICY = email.policy.default
TRADES = (100, 150, 200, 250, 350)
"""What a trade line takes: each mail of a player trades another amount than his last."""
STOPS_WITHIN = 10.0
"""Seconds SIGTERM may take (issue 27: the mail or turn in hand finished, exit 0)."""


def until(done: Callable[[], bool], seconds: float = WITHIN) -> None:
    begin = time.monotonic()
    while not done():
        assert time.monotonic() - begin < seconds, "not within the time"
        time.sleep(0.05)


class NotifySocket:
    """The socket systemd would bind for ``$NOTIFY_SOCKET``: every message the service sends,
    read as it comes by a thread of its own, as systemd reads them (a socket left unread
    holds ten datagrams, and the service drops what a full socket will not take)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.1)
        self.messages: list[str] = []
        self.closing = threading.Event()
        self.reader = threading.Thread(target=self._read_all, daemon=True)
        self.reader.start()

    def _read_all(self) -> None:
        while not self.closing.is_set():
            try:
                self.messages.append(self.sock.recv(4096).decode())
            except TimeoutError:
                continue
            except OSError:  # closed
                return

    def read(self) -> list[str]:
        return list(self.messages)

    def lines(self) -> list[str]:
        return [line for message in self.read() for line in message.splitlines()]

    def close(self) -> None:
        self.closing.set()
        self.reader.join()
        self.sock.close()


class Host:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.config = make_host(
            root,
            site=False,
            start=datetime.now(timezone.utc),  # the service runs on the real clock
            replies_per_hour=100,
            confirmations_per_hour=100,
        )
        self.gm = load_config(self.config)
        self.log = root / "serve.log"
        self.notify = NotifySocket(root / "notify.sock")
        self.inbox = private.maildir(self.gm.maildir_in)
        self.count = 0

    def start(self, *extra: str) -> subprocess.Popen[str]:
        env = {
            **os.environ,
            "NOTIFY_SOCKET": str(self.notify.path),
            "WATCHDOG_USEC": "2000000",
            "TZ": "UTC",
        }
        return subprocess.Popen(
            [WTG, "--config", str(self.config), "serve", "--log-file", str(self.log), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=self.root,
        )

    def logged(self) -> str:
        return self.log.read_text(encoding="utf-8") if self.log.exists() else ""

    def order(self, game: str = "daily", seat: int = 1) -> str:
        """An order mail from a player, orders of its own (later ones replace earlier ones);
        its Message-ID."""
        self.count += 1
        played = open_game(self.gm.games_dir / game)
        msg = EmailMessage()
        msg["From"] = entries_of(game)[seat - 1]
        msg["To"] = GM
        msg["Subject"] = "orders"
        msg["Message-ID"] = f"<o{self.count}.{game}.{seat}@players.example>"
        msg.set_content(played.aof(seat).replace("X1: ___", f"X1: {TRADES[self.count % 5]}"))
        self.inbox.add(msg)
        return str(msg["Message-ID"])

    def answers(self) -> list[Path]:
        out = self.gm.maildir_out / "new"
        return sorted(out.glob("conf-*")) if out.is_dir() else []

    def journal(self) -> list[tuple[str, str, str]]:
        journal = Journal(self.gm.spool)
        try:
            return [
                (key, message_id_of(mark), outcome)
                for key, mark, outcome in journal.db.execute(
                    "SELECT key, message_id, outcome FROM messages"
                )
            ]
        finally:
            journal.close()


def entries_of(game: str) -> list[str]:
    return [entry.email for entry in entries(next(p for p in PLANS if p.name == game))]


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    made = Host(tmp_path)
    try:
        yield made
    finally:
        made.notify.close()


def stopped(process: subprocess.Popen[str], seconds: float = STOPS_WITHIN) -> tuple[str, str]:
    try:
        return process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise


def test_serve_answers_reloads_and_stops_as_systemd_asks(host: Host) -> None:
    process = host.start()
    try:
        until(lambda: "READY=1" in host.notify.lines())
        record = read_service_record(host.gm.spool)
        assert record is not None and record.pid == process.pid and record.running()
        until(lambda: "WATCHDOG=1" in host.notify.lines())
        waiting = "STATUS=waiting for mail; next: "
        until(lambda: any(line.startswith(waiting) for line in host.notify.lines()))

        host.order("daily", 1)
        until(lambda: len(host.answers()) == 1)
        first = email.message_from_bytes(
            host.answers()[0].read_bytes(), policy=email.policy.default
        )
        assert first["From"] == GM

        # a second service on the same spool, and a poll that would stay: one line each
        again = subprocess.run(
            [WTG, "--config", str(host.config), "serve"], capture_output=True, text=True
        )
        assert again.returncode == 1
        assert again.stderr.splitlines() == [
            f"wtg: wtg serve (pid {process.pid}, since {record.since:%Y-%m-%d %H:%M} UTC) is "
            f"running on {host.gm.spool}: this one does not start"
        ]
        idle = subprocess.run(
            [WTG, "--config", str(host.config), "poll", "--idle"], capture_output=True, text=True
        )
        assert idle.returncode == 1
        assert idle.stderr.splitlines() == [
            f"wtg: wtg serve (pid {process.pid}) polls {host.gm.spool} already: it does what "
            "`poll --idle` would (`systemctl stop wtg`, or stop it, before starting this one)"
        ]

        # SIGHUP: a changed config is read; a broken one is logged and the old one kept
        text = host.config.read_text(encoding="utf-8")
        host.config.write_text(text.replace(GM, "Other GM <other@wtg.example>"), encoding="utf-8")
        process.send_signal(signal.SIGHUP)
        until(lambda: "the config was reloaded" in host.logged())
        until(lambda: "RELOADING=1" in host.notify.lines())  # the datagram read by its thread
        host.order("daily", 2)
        until(lambda: len(host.answers()) == 2)
        latest = max(host.answers(), key=lambda p: p.stat().st_mtime_ns)
        second = email.message_from_bytes(latest.read_bytes(), policy=POLICY)
        assert second["From"] == "Other GM <other@wtg.example>"
        host.config.write_text(text.replace("games_dir: games", "games_dir: [games"), "utf-8")
        process.send_signal(signal.SIGHUP)
        until(lambda: "the config was not reloaded, the old one is kept" in host.logged())
        host.order("vienna", 1)
        until(lambda: len(host.answers()) == 3)

        process.send_signal(signal.SIGTERM)
        _, err = stopped(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert "STOPPING=1" in host.notify.lines()
    assert read_service_record(host.gm.spool) is None
    log = host.logged()
    assert log.splitlines()[-1].endswith("INFO wtg serve stopped")
    assert re.search(r" INFO game=daily mail=maildir:\S+ stored: daily turn 1 player 2\n", log)
    assert (host.log.stat().st_mode & 0o777) == 0o600
    outcomes = sorted(row[2] for row in host.journal())
    assert outcomes == [
        "stored: daily turn 1 player 1",
        "stored: daily turn 1 player 2",
        "stored: vienna turn 1 player 1",
    ]


def test_sigint_stops_it_too_and_a_terminal_sees_the_log(host: Host) -> None:
    process = host.start()
    try:
        until(lambda: "READY=1" in host.notify.lines())
        process.send_signal(signal.SIGINT)
        _, err = stopped(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert "wtg serve stopped" in host.logged()


def test_kill_9_and_a_restart_lose_and_double_nothing(host: Host) -> None:
    """Mails arrive while the service is killed (SIGKILL: no clean-up) again and again;
    after the last restart every mail is filed once and answered once."""
    sent: list[str] = []
    for round_number in range(4):
        readies = host.notify.lines().count("READY=1")
        process = host.start()
        try:
            until(lambda: host.notify.lines().count("READY=1") > readies)  # noqa: B023
            for seat, game in ((1, "daily"), (2, "daily"), (1, "newyork"), (2, "vienna")):
                sent.append(host.order(game, seat))
            time.sleep(0.05 * round_number)  # killed at another point of the work each time
            process.kill()
            process.wait()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    process = host.start()
    try:
        until(lambda: len(host.journal()) == len(sent))
        until(lambda: len(host.answers()) == len(sent))
        process.send_signal(signal.SIGTERM)
        stopped(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    rows = host.journal()
    assert sorted(row[1] for row in rows) == sorted(sent)
    answered = [p.name for p in host.answers()]
    assert len(answered) == len(set(answered)) == len(sent)
    assert not list((host.gm.maildir_in / "new").iterdir())


def test_serve_refuses_to_start_beside_a_poll_that_stays(host: Host) -> None:
    idle = subprocess.Popen(
        [WTG, "--config", str(host.config), "poll", "--idle"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert idle.stdout is not None
        assert idle.stdout.readline().startswith("wtg poll --idle: waiting for mail")
        refused = subprocess.run(
            [WTG, "--config", str(host.config), "serve"], capture_output=True, text=True
        )
    finally:
        idle.send_signal(signal.SIGTERM)
        idle.communicate(timeout=WITHIN)
    assert refused.returncode == 1
    # the poll named as a program, not as a command carrying the --config serve was given
    assert refused.stderr.splitlines() == [
        "wtg: another wtg poll (wtg poll --idle, or cron's) is polling "
        f"{host.gm.spool}: "
        "stop it before starting wtg serve: this one does not start"
    ]
