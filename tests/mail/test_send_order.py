"""The answers to two command mails go out in the order the mails came in, when the
maildir keys' microseconds, written without leading zeros, gain a digit between them
(``1796600340.M99998...`` came before ``1796600340.M100003...``). By the names' plain text
the second mail's answer went first: the host answered Ann's JOIN after Bob's HELP although
Bob mailed after her; and a test reading the answers by name failed once in a few hundred
runs (CI, stop 63)."""

from __future__ import annotations

import email
import os
from datetime import datetime, timedelta, timezone, tzinfo
from email.message import EmailMessage
from pathlib import Path
from typing import cast

import pytest

from tests.lobby.hall import Hall
from tests.service.hostcli import host, wtg
from wtg.mail.outgoing.outbox import Outbox, queue_order

ANN = "ann@players.example"
BOB = "bob@players.example"


def dropped(hall: Hall, name: str, sender: str, body: str, second: int) -> None:
    """A mail a delivery agent put in the inbox as ``name`` at ``second`` (its mtime)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "gm@wtg.example"
    msg["Subject"] = "to the host"
    msg["Message-ID"] = f"<{name}@players.example>"
    msg.set_content(body)
    path = Path(hall.gm.maildir_in) / "new" / name
    path.write_bytes(msg.as_bytes())
    os.utime(path, ns=(second * 10**9, second * 10**9))


def test_queue_order_compares_the_digits_of_a_name_as_numbers() -> None:
    names = [
        "cmd-maildir_3a1796600340.M100003P7Q2.vm-0",
        "cmd-maildir_3a1796600341.M5P7Q3.vm-0",
        "cmd-maildir_3a1796600340.M99998P7Q1.vm-0",
        "report-g1-t0010-p02",
        "report-g1-t0009-p02",
        "report-g1-t0009-p10",
    ]
    assert sorted(names, key=queue_order) == [
        "cmd-maildir_3a1796600340.M99998P7Q1.vm-0",
        "cmd-maildir_3a1796600340.M100003P7Q2.vm-0",
        "cmd-maildir_3a1796600341.M5P7Q3.vm-0",
        "report-g1-t0009-p02",
        "report-g1-t0009-p10",
        "report-g1-t0010-p02",
    ]
    assert sorted(names) != sorted(names, key=queue_order)  # plain text would misplace them


def test_queue_order_tells_apart_names_of_the_same_numbers() -> None:
    """Games g01 and g1: their reports' names read as the same numbers, and were one place
    in the send, which the folder's listing then ordered (review41)."""
    names = ["report-g1-t0009-p02", "report-g01-t0009-p02", "report-g001-t9-p2"]
    assert len({queue_order(name) for name in names}) == 3
    assert (
        sorted(names, key=queue_order)
        == sorted(reversed(names), key=queue_order)
        == [
            "report-g001-t9-p2",
            "report-g01-t0009-p02",
            "report-g1-t0009-p02",
        ]
    )


def test_the_answers_go_out_in_the_order_the_mails_came(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4")
    dropped(hall, "1796600340.M99998P7Q1.vm", ANN, "JOIN wok4 AS Ann", 1796600340)
    dropped(hall, "1796600340.M100003P7Q2.vm", BOB, "HELP", 1796600341)
    hall.poll(hours=1)
    queued = [path.read_bytes() for _, path in Outbox(hall.gm.spool).waiting()]
    recipients = [
        next(line for line in raw.decode().splitlines() if line.startswith("To: "))
        for raw in queued
    ]
    assert recipients == [f"To: {ANN}", f"To: {BOB}"]


def test_the_gms_hold_extend_and_release_go_out_in_the_order_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg hold g1`, `wtg extend g1 24`, `wtg release g1` given between two sends (a cron's
    five minutes, or wtg serve's look at the games), a few seconds apart: each player was
    told first that the deadline moved, then that the game was held, as the names sorted
    (newgm47)."""
    world, config = host(tmp_path)
    start = datetime.now(timezone.utc).replace(microsecond=0)
    moments = iter(start + timedelta(seconds=3 * n) for n in range(3))

    class Clock(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Clock:
            return cast(Clock, next(moments))

    monkeypatch.setattr("wtg.cli.gm.datetime", Clock)
    for command in (("hold", "g1"), ("extend", "g1", "24"), ("release", "g1")):
        wtg(config, *command)
    told = []
    for _, path in Outbox(world.gm.spool).waiting():
        mail = email.message_from_bytes(path.read_bytes())
        told.append((str(mail["To"]), str(mail["Subject"])))
    subjects = ["the game is on hold", "the deadline of turn 1 has moved", "the game goes on"]
    addresses = [seat.email for seat in world.game.config.players]
    assert told == [(address, f"[g1] {subject}") for subject in subjects for address in addresses]
