"""The mail record of a CONFIRM that took a seat over (the journal's note of what the mail
did, as `wtg poll -v`, `wtg status` and the digest show it) says the seat was taken over
and by whom, and says it again when a poll killed before its commit left the mail to be
read again. It said only `CONFIRM <code>`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.killedpolls import NEWCOMER, newcomer_asked
from tests.lobby.test_lobby_replay import killed_poll
from wtg.mail.spool.journal import Journal

SAID = "seat 3 of wok4-1 taken over by Newcomer"


def outcomes(games: Path) -> list[str]:
    """The outcome of every mail the journal recorded."""
    journal = Journal(games / ".mail")
    try:
        return [str(r[0]) for r in journal.db.execute("SELECT outcome FROM messages")]
    finally:
        journal.close()


def test_a_takeover_s_mail_record_says_the_seat_was_taken_over(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    name, ask = newcomer_asked(hall)
    assert name == "wok4-1"
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    summary = hall.poll(hours=1)
    assert [o for _k, o in summary.outcomes] == [
        f"answered: commands: CONFIRM {ask.code()}; {SAID}"
    ]
    assert sum(SAID in line for line in outcomes(tmp_path / "games")) == 1


def test_a_takeover_read_again_after_a_kill_says_it_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hall = Hall(tmp_path)
    _name, ask = newcomer_asked(hall)
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    killed_poll(hall, monkeypatch)
    summary = hall.poll(hours=1)
    assert [o for _k, o in summary.outcomes] == [
        f"answered: commands: CONFIRM {ask.code()}; {SAID}"
    ]
    assert sum(SAID in line for line in outcomes(tmp_path / "games")) == 1
