"""`wtg poll --idle` whose connection drops in the middle of a poll logged it twice: the
poll's own failure (``poll failed: ConnectionResetError: ...``) and idle's (``poll
failed: the connection dropped: ...``), one event. It logs idle's line alone, the one
that goes with the pause the terminal is told; a failure idle does not log itself (not a
dropped connection) is logged by the poll as before."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from wtg.cli.logs import start_logging
from wtg.host.config import GmConfig, load_config
from wtg.host.pollhealth import last_poll
from wtg.mail.poll.idle import idle
from wtg.mail.servers.inbox import Inbox, MaildirInbox


@pytest.fixture(autouse=True)
def _quiet_again() -> Iterator[None]:
    yield
    start_logging("text", None, None)


class DropsInPoll(MaildirInbox):
    """A maildir whose reading of the waiting mails fails with ``error``, once; the loop is
    asked to stop as it fails, so that it ends after its pause."""

    def __init__(self, inner: MaildirInbox, stop: threading.Event, error: Exception) -> None:
        self.__dict__.update(inner.__dict__)
        self.stop = stop
        self.error = error

    def waiting(self, max_bytes: int) -> Iterator[list]:  # type: ignore[type-arg]
        self.stop.set()
        raise self.error
        yield []  # a generator, as the maildir's is


def host(tmp_path: Path) -> GmConfig:
    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@wtg.example\n", encoding="utf-8")
    return load_config(config)


def logged(tmp_path: Path, error: Exception) -> tuple[list[str], list[str]]:
    """The log's lines and the terminal's of an idle poll whose poll fails with ``error``."""
    gm = host(tmp_path)
    log = tmp_path / "idle.log"
    start_logging("json", "info", str(log))
    stop = threading.Event()
    said: list[str] = []

    def connect(config: GmConfig) -> Inbox:
        return DropsInPoll(MaildirInbox(config.maildir_in), stop, error)

    try:
        idle(gm, stop, said.append, wait=0.01, connect=connect)
    finally:
        start_logging("text", None, None)
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [f"{line['level']} {line['message']}" for line in lines], said


def test_a_connection_dropped_in_a_poll_is_logged_once(tmp_path: Path) -> None:
    lines, said = logged(tmp_path, ConnectionResetError(104, "Connection reset by peer"))
    what = "the connection dropped: [Errno 104] Connection reset by peer"
    assert lines == [f"WARNING poll failed: {what}"]
    assert said == [f"{what}; trying again in 1 s"]
    health = last_poll(tmp_path / "games" / ".mail")
    assert health is not None and health.error == what  # `wtg status --host` says the same


def test_a_failure_idle_does_not_say_is_still_logged_by_the_poll(tmp_path: Path) -> None:
    with pytest.raises(sqlite3.DatabaseError):
        logged(tmp_path, sqlite3.DatabaseError("database disk image is malformed"))
    log = (tmp_path / "idle.log").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["message"] for line in log] == [
        "poll failed: DatabaseError: database disk image is malformed"
    ]
