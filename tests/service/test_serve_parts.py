"""The parts of `wtg serve`: systemd's notify protocol (wtg/serve/notify.py), the wait a
signal ends (wakeup.py), the digest's daily moment and its mail, once a day whatever cuts
it short (daily.py)."""

from __future__ import annotations

import os
import select
import socket
import threading
from collections.abc import Callable
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.service.week import START, make_host
from wtg.host.config import load_config
from wtg.mail.outgoing import digest
from wtg.serve.daily import daily_moment, digest_due, finish_digest, mail_digest, next_digest
from wtg.serve.notify import Notifier
from wtg.serve.wakeup import Wakeup

VIENNA = ZoneInfo("Europe/Vienna")


def test_notify_writes_datagrams_to_a_path_or_an_abstract_socket(tmp_path: Path) -> None:
    for address, bound in (
        (str(tmp_path / "notify"), str(tmp_path / "notify")),
        (f"@wtg-test-{os.getpid()}", f"\0wtg-test-{os.getpid()}"),
    ):
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(bound)
            notifier = Notifier(address)
            notifier.ready("polling")
            notifier.watchdog()
            notifier.status("a line\nwith \x1b[31mno escapes")
            notifier.stopping()
            got = [sock.recv(4096).decode() for _ in range(4)]
        assert got == [
            "READY=1\nSTATUS=polling",
            "WATCHDOG=1",
            "STATUS=a line with no escapes",
            "STOPPING=1\nSTATUS=stopping",
        ]


def test_notify_without_systemd_or_with_a_full_socket_drops_the_message(tmp_path: Path) -> None:
    assert not Notifier(None).send("READY=1")
    assert not Notifier(str(tmp_path / "nobody")).send("READY=1")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(tmp_path / "full"))
        notifier = Notifier(str(tmp_path / "full"))
        sent = [notifier.send("WATCHDOG=1") for _ in range(5000)]  # nobody reads: never blocks
    assert sent[0] and not sent[-1]


def test_the_watchdog_is_read_from_systemds_variables() -> None:
    mine = str(os.getpid())
    assert Notifier.from_environment({"WATCHDOG_USEC": "30000000"}).watchdog_seconds == 30
    given = {"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": mine, "NOTIFY_SOCKET": "/run/x"}
    notifier = Notifier.from_environment(given)
    assert (notifier.address, notifier.watchdog_seconds) == ("/run/x", 4)
    other = Notifier.from_environment({"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"})
    assert other.watchdog_seconds is None and other.address is None
    assert Notifier.from_environment({"WATCHDOG_USEC": "x"}).watchdog_seconds is None


def test_a_wakeup_ends_a_wait_from_another_thread_and_a_stray_byte_does_not() -> None:
    wake = Wakeup()
    assert not wake.wait(0.01)
    os.write(wake._write, b"!")  # a forked process's byte: the event is not set
    assert not wake.wait(0.01) and not wake.is_set()

    def later() -> None:
        # a moment, a select's timeout: a Timer's timed wait ran for the days libfaketime
        # moved the monotonic clock (FAKETIME=+100d), and the test hung
        select.select([], [], [], 0.05)
        wake.set()

    threading.Thread(target=later).start()
    assert wake.wait(60) and wake.is_set()
    wake.clear()
    assert not wake.is_set() and not wake.wait(0)
    wake.close()


def test_the_digest_is_due_at_seven_each_day_summer_time_or_not() -> None:
    seven = time(7, 0)
    assert next_digest(datetime(2026, 3, 28, 8, tzinfo=timezone.utc), VIENNA, seven) == (
        datetime(2026, 3, 29, 5, tzinfo=timezone.utc)  # summer time began that night
    )
    assert next_digest(datetime(2026, 3, 29, 5, tzinfo=timezone.utc), VIENNA, seven) == (
        datetime(2026, 3, 30, 5, tzinfo=timezone.utc)
    )
    assert next_digest(datetime(2026, 12, 7, 5, 59, tzinfo=timezone.utc), VIENNA, seven) == (
        datetime(2026, 12, 7, 6, tzinfo=timezone.utc)
    )
    assert daily_moment(date(2026, 12, 7), seven, timezone.utc) == datetime(
        2026, 12, 7, 7, tzinfo=timezone.utc
    )


class Killed(BaseException):
    """A kill -9 at this point: nothing after it runs."""


def killed_at(call: int, then: Callable[..., object] | None) -> Callable[..., object]:
    """A stand-in that is killed at its ``call``-th call, and calls ``then`` before it."""
    calls: list[int] = []

    def stand_in(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == call:
            raise Killed
        return then(*args, **kwargs) if then is not None else None

    return stand_in


def test_a_digest_cut_short_anywhere_is_mailed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed before its intent is written, before its mail is queued, or after and
    before its mark: the service started again finishes the intent (``finish_digest``) or
    finds the digest due, and there is one digest mail of the day all the same."""
    due = datetime(2026, 12, 8, 7, tzinfo=timezone.utc)
    marked = digest.mark_digest

    for number, (where, calls) in enumerate(
        (("mark_digest", 1), ("wtg.mail.outgoing.outbox.Outbox.add", 1), ("mark_digest", 2))
    ):
        gm = load_config(make_host(tmp_path / str(number), site=False))
        with monkeypatch.context() as patched:
            if where == "mark_digest":
                patched.setattr(digest, "mark_digest", killed_at(calls, marked))
            else:
                patched.setattr(where, killed_at(calls, None))
            with pytest.raises(Killed):
                mail_digest(gm, due, due + timedelta(seconds=30), timezone.utc)
        finished = finish_digest(gm)  # the service started again: its first step
        assert finished == (number > 0)  # the intent was written before the queueing
        again = digest_due(gm, START, timezone.utc)
        if number == 0:
            assert again == due  # still due after the restart
            assert mail_digest(gm, again, due + timedelta(minutes=3), timezone.utc)
        assert digest_due(gm, START, timezone.utc) == due + timedelta(days=1)
        queued = sorted(p.name for p in (gm.spool / "outbox" / "queue").glob("digest-*"))
        assert queued == ["digest-day-20261208.eml"]
