"""Which mail a games folder's poll read last (``othersender.polled_by_imap``) is the one its
journal recorded last, not the one with the latest moment: a host whose clock ran ahead
while it polled an IMAP server, then moved to the maildir transport with the clock set
right, has its maildir mail recorded at earlier moments than the IMAP mail before it. Read
by the moments, the maildir config kept sending nothing until the clock caught up."""

from __future__ import annotations

from pathlib import Path

from wtg.mail.outgoing.othersender import polled_by_imap
from wtg.mail.spool.journal import Journal

AHEAD = 1_900_000_000.0
"""The moment an IMAP mail was handled at by a clock that was ahead."""


def test_the_mail_recorded_last_is_the_last_polled_whatever_its_moment(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.handled("imap:7:41", "<a@example.org>", "orders", at=AHEAD)
    journal.commit()
    assert polled_by_imap(tmp_path) == AHEAD
    journal.handled("maildir:1765000000.M1P2.host", "<b@example.org>", "orders", at=AHEAD - 3600)
    journal.commit()
    journal.close()
    assert polled_by_imap(tmp_path) is None


def test_an_imap_mail_recorded_after_a_maildir_one_is_the_last_polled(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.handled("maildir:1765000000.M1P2.host", "<b@example.org>", "orders", at=AHEAD)
    journal.handled("imap:7:42", "<c@example.org>", "orders", at=AHEAD - 60)
    journal.commit()
    journal.close()
    assert polled_by_imap(tmp_path) == AHEAD - 60
