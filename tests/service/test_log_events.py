"""The host's log: one event a line, naming the game and the mail or turn
(wtg/logs/events.py, wtg/cli/logs.py)."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from wtg.cli.logs import start_logging
from wtg.logs.events import LOGGER, log_event


@pytest.fixture(autouse=True)
def _quiet_again() -> Iterator[None]:
    yield
    start_logging("text", None, None)


def test_text_lines_name_the_game_turn_and_mail(capsys: pytest.CaptureFixture[str]) -> None:
    start_logging("text", "info", None)
    log_event("the turn ran", game="alpha", turn=3)
    log_event("filed", game="alpha", mail="1700000000.1")
    log_event("a detail", level=logging.DEBUG)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2
    assert lines[0].endswith(" INFO game=alpha turn=3 the turn ran")
    assert lines[1].endswith(" INFO game=alpha mail=1700000000.1 filed")
    assert lines[0][:20].count("-") == 2 and lines[0][19] == "Z"


def test_hostile_text_stays_one_printable_line(capsys: pytest.CaptureFixture[str]) -> None:
    start_logging("text", "info", None)
    log_event("subject \x1b]52;c;aGk=\x07was\nFAKE 2026 INFO forged line", game="g\x1b[2Jx")
    (line,) = capsys.readouterr().err.splitlines()
    assert "\x1b" not in line and "\x07" not in line
    assert "game=gx " in line and line.endswith("subject was | FAKE 2026 INFO forged line")


def test_json_lines_carry_the_context_as_keys(capsys: pytest.CaptureFixture[str]) -> None:
    start_logging("json", "debug", None)
    log_event("sent", game="beta", turn=1, mail="k1", level=logging.DEBUG)
    try:
        raise ValueError("broken")
    except ValueError:
        LOGGER.exception("a game failed", extra={"wtg": {"game": "beta"}})
    first, second = (json.loads(line) for line in capsys.readouterr().err.splitlines())
    assert {k: first[k] for k in ("level", "game", "turn", "mail", "message")} == {
        "level": "DEBUG",
        "game": "beta",
        "turn": 1,
        "mail": "k1",
        "message": "sent",
    }
    assert second["level"] == "ERROR" and "ValueError: broken" in second["error"]


def test_nothing_is_logged_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    start_logging("text", None, None)
    log_event("filed", game="alpha", level=logging.ERROR)
    assert capsys.readouterr().err == ""


def test_a_log_file_is_private_appended_and_reopened_after_logrotate(tmp_path: Path) -> None:
    log = tmp_path / "wtg.log"
    start_logging("text", None, str(log))
    log_event("one", game="a")
    os.rename(log, tmp_path / "wtg.log.1")  # logrotate moves it away
    log_event("two", game="a")
    assert log.stat().st_mode & 0o777 == 0o600
    assert log.read_text(encoding="utf-8").endswith("INFO game=a two\n")
    assert (tmp_path / "wtg.log.1").read_text(encoding="utf-8").endswith("INFO game=a one\n")


def test_under_journald_the_text_has_no_time_of_its_own(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", "8:12345")
    start_logging("text", "info", None)
    log_event("the turn ran", game="alpha", turn=3)
    assert capsys.readouterr().err == "INFO game=alpha turn=3 the turn ran\n"
