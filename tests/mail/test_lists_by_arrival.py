"""The GM's lists of mails (quarantined, set aside) order the mails of one poll by when
they arrived. Each record's moment (``at``) is the poll's, shared by all its mails, and the
tie fell to the key: ``imap:7:10`` sorts before ``imap:7:9``, so a list bounded to an
address's newest twenty (``QUARANTINE_AN_ADDRESS``) showed older ones and left out the
newest, and `wtg status` gave the mails set aside in an order that was not theirs."""

from __future__ import annotations

from pathlib import Path

from wtg.game.arrivalkey import from_nanoseconds
from wtg.mail.spool.journal import QUARANTINE_AN_ADDRESS, Journal
from wtg.mail.spool.journallists import quarantine_listed, quarantined, set_aside, set_aside_entries

AT = 1_790_000_000.0
"""The moment of the one poll that took every mail of a test."""


def arrived(uid: int) -> str:
    return from_nanoseconds((1_789_999_000 + uid) * 10**9, f"{uid:012d}")


def test_an_imap_polls_quarantine_lists_the_newest_twenty_arrived(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    mails = QUARANTINE_AN_ADDRESS + 5
    for uid in range(1, mails + 1):
        journal.quarantined(
            f"imap:7:{uid}", None, f"{uid}.eml", "broken", AT, "x@example.org", arrived(uid)
        )
    journal.commit()
    journal.close()
    shown, left_out = quarantine_listed(quarantined(tmp_path))
    assert [m.key for m in shown] == [f"imap:7:{uid}" for uid in range(6, mails + 1)]
    assert left_out == {"x@example.org": 5}


def test_mails_set_aside_by_one_poll_are_listed_as_they_arrived(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for uid in (9, 10, 11):
        journal.set_aside(
            f"imap:7:{uid}", "g1", "2 Bob", "Precedence: bulk", f"{uid}.eml", AT, arrived(uid), AT
        )
    journal.commit()
    journal.close()
    assert [m.key for m in set_aside(tmp_path, AT - 1)] == ["imap:7:11", "imap:7:10", "imap:7:9"]
    assert [m.key for m in set_aside_entries(tmp_path)] == ["imap:7:9", "imap:7:10", "imap:7:11"]


def test_the_mails_not_answered_list_the_newest_arrived(tmp_path: Path) -> None:
    """A poll handles its mails the newest first, so the moment each was handled runs
    against their arrival: of a flood's mails not answered, the list kept the first
    arrived and left out the newest."""
    from wtg.mail.spool.journal import UNANSWERED_AN_ADDRESS
    from wtg.mail.spool.journallists import unanswered, unanswered_not_listed

    journal = Journal(tmp_path)
    mails = UNANSWERED_AN_ADDRESS + 3
    for uid in range(mails, 0, -1):  # handled the newest first, as a poll does
        outcome = "not answered: reply limit: help (replies_per_hour)"
        journal.handled(f"imap:7:{uid}", "", outcome, "x@example.org", arrived(uid))
    journal.commit()
    journal.close()
    listed = unanswered(tmp_path, 0.0)
    assert [m.key for m in listed] == [f"imap:7:{uid}" for uid in range(4, mails + 1)]
    assert unanswered_not_listed(tmp_path, 0.0) == {"x@example.org": 3}
