"""The counts against the limits a process made while it had a mail in hand, kept beside
its slot (``wtg.mail.poll.inprogress``): what the poll that quarantines the mail, never to
read it again, writes into its journal for the answers that mail's readings queued."""

from __future__ import annotations

import os
from pathlib import Path

from pytest import MonkeyPatch

from tests.mail.loop import World
from tests.mail.test_poll_helpers import journal_rows
from wtg.mail.poll.inprogress import (
    COUNTS,
    COUNTS_NAME,
    InHand,
    most,
    suspects,
    suspects_counted,
)


def test_a_slot_keeps_the_counts_of_the_mail_in_hand_only(tmp_path: Path) -> None:
    hands = InHand(tmp_path, 2)
    slot = hands.slot(1)
    slot.counted("before@players.example", 1.0)  # no mail in hand: not its
    slot.take("maildir:one", 1)
    slot.counted("p4@players.example", 100.5)
    slot.counted("notice:w1:p4@players.example", 100.5)
    slot.counted("torn\nline", 100.5)  # a tally no line can hold: left out
    assert hands.counted(1) == (
        ("p4@players.example", 100.5),
        ("notice:w1:p4@players.example", 100.5),
    )
    assert hands.counted(0) == ()
    # the process dies with it in hand: the next poll reads them with the suspect
    assert suspects(tmp_path) == {"maildir:one": 2}
    assert suspects_counted(tmp_path) == {
        "maildir:one": (("p4@players.example", 100.5), ("notice:w1:p4@players.example", 100.5))
    }
    slot.done()
    slot.take("maildir:two")
    assert hands.counted(1) == ()  # a new mail in hand starts afresh
    hands.close()


def test_counts_past_a_slot_s_room_are_kept_whole_in_its_file_of_more(tmp_path: Path) -> None:
    """Forty forms of wrong codes from one long address, each answer counted under its
    address and the day's: eighty counts, far past a slot's room (they stopped there)."""
    hands = InHand(tmp_path, 2)
    slot = hands.slot(1)
    slot.take("maildir:many")
    tally = "x" * 60 + "@" + "y" * 40 + ".example"
    made = []
    for n in range(40):
        for name in (tally, f"day:{tally}"):
            slot.counted(name, 1000.0 + n)
            made.append((name, 1000.0 + n))
    assert len(made) * len(f"{1000.0!r} {tally}\n") > COUNTS
    assert hands.counted(1) == tuple(made)
    assert hands.counted(0) == ()
    assert (tmp_path / f"{COUNTS_NAME}-1").exists()
    # the process dies with it in hand: the next poll reads them all
    hands.map.close()
    hands.counts.close()
    assert suspects_counted(tmp_path) == {"maildir:many": tuple(made)}
    # the next poll's slots start afresh, the file of more with them
    hands = InHand(tmp_path, 2)
    assert not (tmp_path / f"{COUNTS_NAME}-1").exists()
    hands.close()


def test_the_next_mail_in_a_slot_does_not_read_the_last_one_s_more(tmp_path: Path) -> None:
    hands = InHand(tmp_path, 1)
    slot = hands.slot(0)
    slot.take("maildir:many")
    for n in range(100):
        slot.counted("z" * 100, float(n))
    slot.done()
    slot.take("maildir:next")
    slot.counted("p@players.example", 5.0)
    assert hands.counted(0) == (("p@players.example", 5.0),)
    assert suspects_counted(tmp_path) == {"maildir:next": (("p@players.example", 5.0),)}
    slot.done()
    hands.close()
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_two_readings_keep_each_tally_as_often_as_the_one_that_counted_it_most() -> None:
    first = (("a", 1.0), ("a", 1.0), ("b", 1.0))
    later = (("a", 2.0), ("c", 2.0))  # cut short before it came to b's, and a's second
    assert sorted(most(first, later)) == [("a", 1.0), ("a", 1.0), ("b", 1.0), ("c", 2.0)]
    assert most((), later) == (("a", 2.0), ("c", 2.0))


def test_a_poll_that_ended_leaves_no_counts_file(tmp_path: Path) -> None:
    hands = InHand(tmp_path, 1)
    slot = hands.slot(0)
    slot.take("maildir:one")
    slot.counted("p@players.example", 1.0)
    slot.done()
    hands.close()
    assert sorted(path.name for path in tmp_path.iterdir()) == []


def test_a_mail_quarantined_unread_for_two_deaths_has_its_last_reading_s_counts_kept(
    tmp_path: Path,
) -> None:
    """The last poll died with the mail in hand for the second time, once it had counted
    its answer against p1's hour (the slot and its counts as that poll left them): this
    poll quarantines it unread, and writes that count into the journal (the answer went
    out, queued by that reading)."""
    world = World(tmp_path)
    box_key = world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    key = f"maildir:{box_key}"
    hands = InHand(world.gm.spool, 1)
    slot = hands.slot(0)
    slot.take(key, 1)  # a death before this one: two in all
    slot.counted("p1@players.example", 1234.5)
    hands.map.close()  # the process dies: the files stay as they are
    hands.counts.close()
    summary = world.poll()
    assert summary.quarantined == 1
    rows = journal_rows(world.gm)
    assert [str(row[0]) for row in rows["quarantine"]] == [key]
    assert ("p1@players.example", 1234.5) in rows["replies"]
    assert not (world.gm.spool / COUNTS_NAME).exists()  # the poll ended: no slot names a mail


def test_a_line_of_the_file_of_more_a_power_cut_tore_is_no_count(tmp_path: Path) -> None:
    """The file of more is never flushed (docs/mail.md says why): a power cut may leave it
    cut anywhere, a line without its end. That line was read as a count against the
    address it was cut to (``p4@pla``); it is no count now, the whole lines before it are."""
    hands = InHand(tmp_path, 2)
    slot = hands.slot(1)
    slot.take("maildir:many")
    tally = "x" * 60 + "@" + "y" * 40 + ".example"
    made = []
    for n in range(40):
        slot.counted(tally, 1000.0 + n)
        made.append((tally, 1000.0 + n))
    more = tmp_path / f"{COUNTS_NAME}-1"
    with more.open("ab") as torn:
        torn.write(b"1040.0 p4@pla")
    assert hands.counted(1) == tuple(made)
    assert suspects_counted(tmp_path) == {"maildir:many": tuple(made)}
    more.write_bytes(more.read_bytes()[:-13] + b"\0" * 40)  # or its end zeros
    assert hands.counted(1) == tuple(made)
    hands.close()


def test_counts_in_hand_are_never_flushed(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    """The ruling (docs/mail.md, `A mail that kills the process handling it`): a count in
    hand, in the slot's room or its file of more, costs no flush of the disk, as the slot's
    key does not: every answer of every mail is counted so."""

    def flushed(*_args: object) -> None:
        raise AssertionError("flushed")

    for name in ("fsync", "fdatasync", "sync"):
        monkeypatch.setattr(os, name, flushed)
    hands = InHand(tmp_path, 1)
    slot = hands.slot(0)
    slot.take("maildir:many")
    for n in range(100):
        slot.counted(f"p{n}@players.example", 1000.0 + n)
    assert len(hands.counted(0)) == 100
    slot.done()
    hands.close()


def test_counts_a_power_cut_lost_cost_only_their_count(tmp_path: Path) -> None:
    """The ruling's cost: the last poll, its reading killed by a power cut as it had the
    mail in hand for the second time, left the slot on the disk and not its counts (never
    flushed). This poll quarantines the mail unread all the same, says so, and writes no
    count for the answer that reading queued: that answer goes out once, uncounted against
    p1's hour (one mail's answers, of a mail that killed two processes), and nothing else
    is lost."""
    world = World(tmp_path)
    box_key = world.mail(world.aof(1, X1="100"), sender="p1@players.example")
    key = f"maildir:{box_key}"
    hands = InHand(world.gm.spool, 1)
    slot = hands.slot(0)
    slot.take(key, 1)
    slot.counted("p1@players.example", 1234.5)
    hands.map.close()
    hands.counts.close()
    (world.gm.spool / COUNTS_NAME).write_bytes(b"\0" * COUNTS)  # the power cut lost them
    summary = world.poll()
    assert summary.quarantined == 1
    rows = journal_rows(world.gm)
    assert [str(row[0]) for row in rows["quarantine"]] == [key]
    assert ("p1@players.example", 1234.5) not in rows["replies"]
    assert not (world.gm.spool / COUNTS_NAME).exists()
