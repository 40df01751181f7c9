"""The journal orders its mails by arrival as ``wtg.core.numbered`` does. Two maildir mails
of one file time are told apart by their names, whose microseconds are written without
leading zeros: SQLite's ``ORDER BY arrived, key`` put ``.M100000`` before ``.M99999``, the
later mail first, and that tie chose which of an address's mails held were let go, which
copies of a flood went, and the order of the GM's lists."""

from __future__ import annotations

from pathlib import Path

from wtg.game.arrivalkey import from_nanoseconds
from wtg.mail.spool.journal import HELD_FIRST, UNANSWERED_AN_ADDRESS, Journal
from wtg.mail.spool.journallists import (
    held_arrivals,
    held_let_go,
    quarantined,
    releasing,
    set_aside,
    set_aside_entries,
    unanswered,
    unanswered_not_listed,
)

AT = 1_796_600_400.0
"""The moment of the one poll that took every mail of a test."""

OLDER = "1796600340.M99999P7Q1.vm"
NEWER = "1796600340.M100000P7Q2.vm"
"""Two mails delivered in one second, written in one file time: ``NEWER`` came second."""


def arrived(name: str, second: int = 0) -> str:
    """The arrival key of the maildir mail ``name`` whose file time is ``second`` on."""
    return from_nanoseconds((1_796_600_340 + second) * 10**9, name)


def mails(count: int, tied: int) -> list[tuple[str, str]]:
    """``count`` mails' keys and arrival keys, oldest first; the ``tied`` one and the next
    are ``OLDER`` and ``NEWER``, of one file time."""
    made = [(f"1796600340.M{500_000 + n}P7Q{n}.vm", n) for n in range(count)]
    made[tied], made[tied + 1] = (OLDER, tied), (NEWER, tied)
    return [(f"maildir:{name}", arrived(name, second)) for name, second in made]


def test_an_addresss_mail_held_let_go_is_the_older_of_one_file_time(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for key, when in mails(HELD_FIRST * 2 + 2, HELD_FIRST):
        journal.held(key, "g9", f"{key}.eml", "no game g9", AT, "x@example.org", True, when)
        journal.commit()
    journal.close()
    assert held_let_go(tmp_path) == [f"maildir:{OLDER}", f"maildir:{NEWER}"]


def test_a_floods_copy_let_go_is_the_older_of_one_file_time(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for key, when in mails(3, 1):
        journal.flooded(key, "x@example.org", "2026-12-07", when, f"{key}.eml", True)
    for n, (key, when) in enumerate(mails(3, 1)):
        journal.flooded(f"{key}.2", f"{n}@example.org", "2026-12-08", when, f"{key}.2.eml")
    assert journal.flood_beyond(1, 1, 10, 10) == [
        (f"maildir:{OLDER}", "x@example.org", "2026-12-07")
    ]
    assert journal.flood_beyond(10, 10, 1, 1) == [
        (f"maildir:{OLDER}.2", "(many addresses)", "2026-12-08")
    ]
    journal.close()


def test_the_quarantine_and_held_lists_go_by_arrival(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for key, when in reversed(mails(2, 0)):
        journal.quarantined(key, None, f"{key}.eml", "broken", AT, "x@example.org", when)
        journal.held(
            f"{key}.held", "g9", "held.eml", "no game g9", AT, "y@example.org", False, when
        )
    journal.commit()
    journal.close()
    assert [m.key for m in quarantined(tmp_path)] == [f"maildir:{OLDER}", f"maildir:{NEWER}"]
    held = [m.key for m in held_arrivals(tmp_path)]
    assert held == [f"maildir:{OLDER}.held", f"maildir:{NEWER}.held"]


def test_the_mails_not_answered_left_out_are_the_oldest(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    everyone = mails(UNANSWERED_AN_ADDRESS + 1, 0)
    for key, when in reversed(everyone):  # handled the newest first, as a poll does
        journal.handled(key, "", "not answered: reply limit: help", "x@example.org", when, at=AT)
    journal.commit()
    journal.close()
    assert [m.key for m in unanswered(tmp_path, 0.0)] == [key for key, _ in everyone[1:]]
    assert unanswered_not_listed(tmp_path, 0.0) == {"x@example.org": 1}


def test_mails_set_aside_are_listed_by_arrival(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for key, when in mails(2, 0):
        journal.set_aside(key, "g1", "2 Bob", "Precedence: bulk", f"{key}.eml", AT, when, AT)
    journal.commit()
    journal.close()
    oldest_first = [f"maildir:{OLDER}", f"maildir:{NEWER}"]
    assert [m.key for m in set_aside(tmp_path, 0.0)] == oldest_first[::-1]
    assert [m.key for m in set_aside_entries(tmp_path)] == oldest_first


def test_releases_cut_short_of_one_moment_go_by_key(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for uid in (10, 9):
        journal.begin_release(f"imap:7:{uid}", AT)
    assert journal.releasing() == ["imap:7:9", "imap:7:10"]
    journal.close()
    assert releasing(tmp_path) == ["imap:7:9", "imap:7:10"]


def test_the_wrong_code_folded_is_the_older_of_one_moment(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for uid in (9, 10):
        journal.wrong_code(f"imap:7:{uid}", "g1", 2, "x@example.org", False, AT, rows=1)
    kept = [str(k) for (k,) in journal.db.execute("SELECT key FROM wrong_codes")]
    journal.close()
    assert kept == ["imap:7:10"]
