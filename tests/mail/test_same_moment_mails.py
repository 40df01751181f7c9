"""Two mails of one player that a Maildir holds with one file time (a file system keeps
times to a clock tick, so two deliveries within one share it) are told apart by their
names, the later name's mail the newer; a name's microseconds are written without leading
zeros, so ``1796600340.M100003P7Q2.vm`` came after ``1796600340.M99998P7Q1.vm``. By the
names' plain text the earlier mail looked the newer: its orders were filed, and the orders
the player sent last were answered as older ones."""

from __future__ import annotations

import os
from pathlib import Path

from tests.mail.loop import World
from wtg.game.arrivalkey import arrival_order, from_nanoseconds, is_newer
from wtg.mail.servers.transport import delivered

MOMENT = 1_796_600_340 * 10**9 + 123_456_789
"""The file time both mails share, in nanoseconds."""
EARLIER = "1796600340.M99998P7Q1.vm"
LATER = "1796600340.M100003P7Q2.vm"


def placed(world: World, key: str, name: str) -> None:
    """The mail the inbox took as ``key`` renamed ``name``, its time ``MOMENT``."""
    (path,) = (world.gm.maildir_in / "new").glob(f"{key}*")
    target = path.with_name(name)
    path.rename(target)
    os.utime(target, ns=(MOMENT, MOMENT))


def test_of_two_keys_at_one_moment_the_later_name_is_the_newer() -> None:
    earlier, later = from_nanoseconds(MOMENT, EARLIER), from_nanoseconds(MOMENT, LATER)
    assert is_newer(later, earlier) and not is_newer(earlier, later)
    assert sorted([later, earlier], key=arrival_order) == [earlier, later]


def test_the_orders_of_the_later_mail_are_filed(tmp_path: Path) -> None:
    world = World(tmp_path)
    placed(world, world.mail(world.aof(1, X1="100")), EARLIER)
    placed(world, world.mail(world.aof(1, X1="150")), LATER)
    summary = world.poll()
    assert [event.mail for event in summary.events] == [f"maildir:{EARLIER}", f"maildir:{LATER}"]
    stored = world.game.store.pending_orders(1)[1].read_text()
    assert "trade: [150]" in stored and "100" not in stored


def test_a_hand_edited_key_of_thousands_of_digits_is_compared() -> None:
    """A key is compared without making its digits an int (Python refuses one of more than
    4300 digits): an order file's key edited by hand into a long number is one side of a
    comparison, not a crash of the poll."""
    edited, real = "1" * 5000, from_nanoseconds(MOMENT, LATER)
    assert is_newer(real, edited) != is_newer(edited, real)
    assert sorted([real, edited, real], key=arrival_order) == [real, real, edited]


def test_mails_delivered_at_one_moment_are_listed_as_they_were_sent(tmp_path: Path) -> None:
    """The maildir transport's mails, as the demo lists them: of one file time, the answer
    to the earlier mail first."""
    out = tmp_path / "maildir-out"
    (out / "new").mkdir(parents=True)
    (out / "cur").mkdir()
    for name in (f"conf-maildir:{LATER}", f"conf-maildir:{EARLIER}"):
        (out / "new" / name).write_bytes(b"Subject: x\n\nx\n")
        os.utime(out / "new" / name, ns=(MOMENT, MOMENT))
    assert [p.name for p in delivered(out)] == [f"conf-maildir:{EARLIER}", f"conf-maildir:{LATER}"]
