"""A poll's rows carry the moment it began, and its mark (``poll-under-way``) was written
only once it had its mails in hand: on IMAP, seconds later. A digest made in between, in a
later second, found the poll's lock held and no mark, and ended its lists at its own
second, after the rows' moment: those rows, committed after, were listed by neither it nor
the next digest (kill44). The poll notes when it began (``poll-begun``) before it takes
the moment its rows carry."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.mail.heldelsewhere import held_elsewhere
from tests.mail.loop import NOW, World
from tests.mail.test_set_aside_orders import bulk_orders
from wtg.mail.outgoing.digest import make_digest, mark_digest
from wtg.mail.poll import underway
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import Incoming, MaildirInbox
from wtg.mail.spool.pollbegun import BEGUN, poll_begun


class SlowInbox(MaildirInbox):
    """An inbox whose mails take a while to come (an IMAP server's): ``meanwhile`` runs
    before the first batch is handed over."""

    def __init__(self, path: Path, meanwhile: Callable[[], None]) -> None:
        super().__init__(path)
        self.meanwhile = meanwhile

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        self.meanwhile()
        yield from super().waiting(max_bytes)


def test_orders_set_aside_by_a_poll_fetching_its_mails_at_a_digest_are_in_the_next(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    spool, games = world.gm.spool, world.gm.games_dir
    mark_digest(spool, NOW - timedelta(days=1))
    key = "maildir:" + bulk_orders(world)
    begun = NOW + timedelta(seconds=0.4)  # the poll: its rows carry this moment
    made = NOW + timedelta(seconds=1.5)  # a digest, while the poll fetches, a second on
    digests = []

    def digest() -> None:
        digests.append(make_digest(games, made))
        mark_digest(spool, made, rows=digests[0].rows_to())  # as `wtg digest` marks it

    poll(world.gm, SlowInbox(world.gm.maildir_in, digest), begun)
    (first,) = digests
    second = make_digest(games, made + timedelta(days=1))

    assert first.set_aside == ()  # not committed yet
    assert first.rows == "2026-11-22T12:00:00Z"  # before: 12:00:01.500000, its own moment
    assert [(row.key, row.game) for row in second.set_aside] == [(key, "g1")]  # before: none
    assert second.rows_since == "2026-11-22T12:00:00Z"
    assert not (spool / "poll-begun").exists()  # the poll ended: nothing held back after


def test_a_poll_notes_its_beginning_before_it_takes_the_moment_its_rows_carry(
    tmp_path: Path,
) -> None:
    """Taken before the note, the moment could be in a second before a digest made
    before the note was there, which ended its lists at its own second."""
    spool = tmp_path / "spool"
    spool.mkdir()
    ticks = iter(
        (NOW + timedelta(seconds=0.9), NOW + timedelta(seconds=1.2), NOW + timedelta(hours=1))
    )
    seen: list[str] = []

    def clock() -> datetime:
        moment = next(ticks)
        seen.append(f"{moment:%S.%f} {(spool / BEGUN).exists()}")
        return moment

    taken = underway.begin(spool, clock=clock)
    assert taken == NOW + timedelta(seconds=1.2)  # read once the note is on disk
    assert seen == ["00.900000 False", "01.200000 True"]
    text = (spool / BEGUN).read_text(encoding="utf-8")
    assert text.endswith(" began at 2026-11-22T12:00:00.900000+00:00\n")
    assert poll_begun(spool) is None  # no other process holds the poll's lock
    underway.ended(spool)
    assert not (spool / BEGUN).exists()


def test_a_poll_begun_is_read_to_its_fraction_of_a_second(tmp_path: Path) -> None:
    """The note and the mark both there: the earlier of the two, the note's moment whole."""
    spool = tmp_path / "spool"
    spool.mkdir()
    underway.begin(spool, NOW + timedelta(seconds=0.4))
    underway.mark(spool, NOW + timedelta(seconds=3))  # written later, in whole seconds
    with held_elsewhere(spool):
        begun = poll_begun(spool)
    assert begun is not None
    assert datetime.fromtimestamp(begun, timezone.utc) == NOW + timedelta(seconds=0.4)
