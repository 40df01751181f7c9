"""The counts of a flood's mails not kept (``flood_counts``) grew by a row an address a day:
a flood under ten thousand addresses, each past its own bound (``FLOOD_FIRST`` and
``FLOOD_NEWEST``), wrote ten thousand rows a day, kept a month. A day keeps the counts of the
``FLOOD_COUNTS_A_DAY`` addresses with the most mails not kept; the others are counted
together under ``MANY_ADDRESSES``, no mail lost from the sum. The bounds of one address are
made 1 and 1 here, for a flood of a few mails an address."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import World
from tests.mail.test_flood_copies import (
    FLOOD_DAY,
    archived,
    flood,
    host_flooded,
    whole_poll,
)
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool import floodcopies
from wtg.mail.spool.journal import FLOOD_COUNTS_A_DAY, MANY_ADDRESSES
from wtg.mail.spool.journallists import flood_not_kept

BIG = 10
"""Addresses whose floods are the biggest: six mails each, where the others send three."""
SMALL = 140


def address(n: int) -> str:
    return f"x{n}@d{n}.example"


def many_addresses(world: World) -> int:
    """``BIG`` addresses mail six mails each, ``SMALL`` more three each: the mails."""
    at = 0
    for n in range(BIG + SMALL):
        count = 6 if n < BIG else 3
        flood(world, count, first=at, sender=address(n))
        at += count
    return at


def test_a_flood_under_many_addresses_keeps_a_bounded_count_of_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(floodcopies, "FLOOD_FIRST", 1)
    monkeypatch.setattr(floodcopies, "FLOOD_NEWEST", 1)
    world = World(tmp_path)
    mails = many_addresses(world)
    summary = poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    assert summary.seen == mails
    counts = flood_not_kept(world.gm.spool, 0)
    # a row an address past its bound was 150 rows, and one for the day's bound
    assert len(counts) == FLOOD_COUNTS_A_DAY + 1
    assert {c.day for c in counts} == {FLOOD_DAY}
    assert sum(c.dropped for c in counts) == mails - len(archived(world))
    by_sender = {c.sender: c.dropped for c in counts}
    assert all(by_sender[address(n)] == 4 for n in range(BIG))  # the biggest are named
    assert by_sender[MANY_ADDRESSES] > SMALL - (FLOOD_COUNTS_A_DAY - BIG)

    # the flood goes on under more addresses: still a row an address for the biggest alone
    more = 0
    for n in range(BIG + SMALL, BIG + SMALL + 30):
        flood(world, 3, first=mails + more, sender=address(n))
        more += 3
    poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))
    again = flood_not_kept(world.gm.spool, 0)
    assert len(again) == FLOOD_COUNTS_A_DAY + 1
    assert sum(c.dropped for c in again) == mails + more - len(archived(world))


BOUND = 2
PRELUDE = (
    "import wtg.mail.spool.floodcopies as f\nimport wtg.mail.spool.journal as j\n"
    f"f.FLOOD_FIRST = 1\nf.FLOOD_NEWEST = 1\nj.FLOOD_COUNTS_A_DAY = {BOUND}\n"
)
SENDERS = 5
KILLS = 8


@pytest.fixture(scope="module")
def flooded_host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose inbox holds three mails (four of the first) from each of ``SENDERS``
    strangers, and a player's question."""
    floods = [(address(n), 4 if n == 0 else 3) for n in range(SENDERS)]
    return host_flooded(tmp_path_factory.mktemp("host"), floods)


def test_a_poll_killed_while_it_folds_the_counts_is_finished_after(
    flooded_host: Path, tmp_path: Path
) -> None:
    """Killed (SIGKILL) just before each of its writes from the count of the mails not kept
    on, then a poll that finishes: the counts are those an uninterrupted poll leaves, the
    biggest flood's its own, the others' one count; never some of them."""
    whole = whole_poll(flooded_host, tmp_path, PRELUDE)
    counts = whole.after[3]
    assert len(counts) == BOUND + 1
    assert (address(0), FLOOD_DAY, 2) in counts
    assert [c for c in counts if c[0] == MANY_ADDRESSES] == [
        (MANY_ADDRESSES, FLOOD_DAY, SENDERS - BOUND)
    ]
    whole.killed(killpoints.points_between(whole.counted, whole.total, KILLS))
