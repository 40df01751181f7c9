"""review40: the requests kept past a stranger's day of codes are bounded host-wide
(``mail.unconfirmed_per_hour`` an hour, every mailbox together: flood40) in a poll shared
with helper processes too.

flood40 counted them in the journal, which a helper reads as the poller last committed it
plus its own notes: each process of a poll saw only the requests it kept itself, and a
flood of mailboxes handed to three processes had each keep the hour's bound (review40). The
count is in the spool's count of mail to strangers now (``strangers.sqlite``), which every
process of a poll writes at once in one transaction, as it counts the codes mailed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.test_kept_requests_bounded import day_spent_hall
from tests.lobby.test_lobby_replay import pending_codes
from wtg.mail.incoming.strangers import WINDOW, Strangers
from wtg.mail.poll import poller, processes
from wtg.mail.servers.inbox import MaildirInbox

MAILBOXES = 6
ASKED = 6
CAP = 2 * MAILBOXES
"""The hour's mail to strangers: each mailbox's day's code and its late one."""


def test_the_requests_kept_are_bounded_across_a_polls_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(processes, "HELPERS_FROM", 1)
    monkeypatch.setattr(processes, "SHARE_FROM", 2)
    monkeypatch.setattr(poller, "single_threaded", lambda: True)
    hall = day_spent_hall(tmp_path, CAP)
    for box in range(MAILBOXES):
        for asked in range(ASKED):
            # a game named at a glance has the mail handed to a helper: one a mailbox
            text = f"JOIN wok4 AS Name{box}x{asked}\nGAME: box{box}"
            hall.mail(f"victim{box}@d{box}.example", text)
    summary = poller.poll(hall.gm, MaildirInbox(hall.gm.maildir_in), hall.now, jobs=3)
    assert summary.seen == MAILBOXES * ASKED
    assert summary.helpers_died == ()
    mailed = hall.new_mails()
    assert len(mailed) == CAP  # a day's code and a late one to each mailbox
    # 3 kept a mailbox would be 18: the hour keeps CAP, however many processes kept them
    waiting = pending_codes(hall)
    assert len(waiting) == CAP + CAP
    assert {mail.code() for mail in mailed} <= set(waiting)


def test_a_request_kept_and_read_again_is_counted_once(tmp_path: Path) -> None:
    """A poll killed after it kept a request, before its journal's commit, reads the mail
    again: the request its book kept, with its code, is kept again and not counted twice."""
    counts = Strangers(tmp_path, cap=30, per_address=3)
    assert counts.keep(1000.0, "vic@d.example", "7KQ2M9XWRT", 2, 30)
    assert counts.keep(1001.0, "vic@d.example", "7kq2m9xwrt", 2, 30)
    assert counts.keep(1002.0, "vic+2@d.example", "AAAAAAAAAA", 2, 30)
    assert not counts.keep(1003.0, "vic@d.example", "BBBBBBBBBB", 2, 30)  # the mailbox's 2
    assert counts.keep(1004.0, "ann@e.example", "CCCCCCCCCC", 2, 3)
    assert not counts.keep(1005.0, "bob@f.example", "DDDDDDDDDD", 2, 3)  # every mailbox's 3
    assert counts.keep(1000.0 + WINDOW + 0.5, "bob@f.example", "DDDDDDDDDD", 2, 3)  # an hour on
