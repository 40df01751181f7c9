"""The time a mail may take (wtg/mail/poll/timelimit.py): what counts as having begun to change
things, which earns a mail as long again to finish."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from wtg.files import private
from wtg.lobby.database import LobbyDatabase
from wtg.mail.poll.timelimit import MailClock, MailTooLong

LIMIT = 30.0


def running_for(clock: MailClock, seconds: float) -> None:
    """The mail in hand began ``seconds`` ago."""
    clock.started = time.monotonic() - seconds


def test_a_mail_that_changed_nothing_is_stopped_at_the_limit() -> None:
    clock = MailClock(LIMIT)
    clock.begin()
    running_for(clock, LIMIT * 1.1)
    with pytest.raises(MailTooLong, match="nothing of it was filed"):
        clock._tick(0, None)


@pytest.mark.parametrize("change", ["a file", "the lobby's book"])
def test_a_mail_that_began_a_change_gets_as_long_again(tmp_path: Path, change: str) -> None:
    """A JOIN recorded in the lobby's book is a change as a file written is: stopped at
    the limit, the mail would be said to have changed nothing, its JOIN recorded but
    never answered."""
    clock = MailClock(LIMIT)
    clock.begin()
    if change == "a file":
        private.write_file(tmp_path / "orders.yaml", b"A1: 1 2 3\n", sync=False)
    else:
        with LobbyDatabase(tmp_path) as book, book.write() as db:
            db.execute(
                "INSERT INTO pending (code, kind, address, target, made)"
                " VALUES ('K1', 'join', 'a@b.example', 'wok4', '2026-11-26T12:00:00Z')"
            )
    running_for(clock, LIMIT * 1.1)
    clock._tick(0, None)  # within its second allowance: no raise
    running_for(clock, LIMIT * 2.1)
    with pytest.raises(MailTooLong, match="after it had begun to write"):
        clock._tick(0, None)
