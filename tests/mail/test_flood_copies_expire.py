"""The archive kept every copy a flood's bounds kept, for ever: of a day of strangers' mail,
the first and newest 100 of all addresses and 20 and 20 of each, up to ``mail.max_bytes``
each (floods45: about 200 copies a day, a year of floods filling a disk). Now a stranger's
kept copies (a mail that held nothing of a player's, from an address with no seat here) go
``FLOOD_COPIES_DAYS`` after their day, from the archive and the maildir's folders, without
being counted; a player's mail, a mail held while the list names it, a mail quarantined or
set aside keep theirs (the ruling: docs/gm.md, "Over the months")."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_flood_copies import ARRIVED, archived, flood, in_folders, records
from tests.mail.test_held_floods import mail_at, naming
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.floodcopies import FLOOD_COPIES_DAYS, day_of
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.journallists import flood_not_kept, held_mails


def test_a_strangers_copies_go_after_their_days_and_a_players_stay(tmp_path: Path) -> None:
    world = World(tmp_path)
    strangers = flood(world, 3)
    held = mail_at(world, 10, naming(world, "nosuch"), "lost@stranger.example")
    orders = mail_at(world, 20, world.aof(2, X1="100"), "p2@players.example")
    question = mail_at(world, 30, "what is this?", "p3@players.example")
    now = datetime.now(timezone.utc)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), now).seen == 6
    everything = {*strangers, held, orders, question}
    assert archived(world) == in_folders(world) == everything

    # a day before their time: every copy stays
    before = ARRIVED + timedelta(days=FLOOD_COPIES_DAYS - 1)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), before).seen == 0
    assert archived(world) == in_folders(world) == everything

    later = ARRIVED + timedelta(days=FLOOD_COPIES_DAYS + 1)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), later).seen == 0
    kept = {held, orders, question}
    assert archived(world) == in_folders(world) == kept
    assert {item.key for item in held_mails(world.gm.spool)} == {held}
    assert records(world.gm.spool, "flood_mails") == {held}
    assert flood_not_kept(world.gm.spool, 0) == []  # kept their time: not counted


def test_a_backlog_read_late_keeps_its_copies_their_days(tmp_path: Path) -> None:
    """Mails that came long before the poll read them (the host was down, the server kept
    them): their days are past, but the GM has seen none of them yet."""
    world = World(tmp_path)
    strangers = flood(world, 3)
    late = ARRIVED + timedelta(days=FLOOD_COPIES_DAYS + 10)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), late).seen == 3
    assert archived(world) == in_folders(world) == set(strangers)
    later = late + timedelta(days=FLOOD_COPIES_DAYS + 1)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), later).seen == 0
    assert archived(world) == in_folders(world) == set()


def test_copies_marked_to_go_by_a_poll_killed_go_at_the_next(tmp_path: Path) -> None:
    """The steps are a flood's (``floodcopies.trim``): the copies marked and committed,
    then deleted, then their rows forgotten. A poll killed after the first leaves marked
    rows, whose files the next poll deletes whenever it runs."""
    world = World(tmp_path)
    strangers = flood(world, 3)
    now = datetime.now(timezone.utc)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), now).seen == 3
    journal = Journal(world.gm.spool)
    later = now + timedelta(days=FLOOD_COPIES_DAYS + 2)
    assert journal.expire_flood((day_of(later), later.timestamp())) == 3
    journal.commit()
    journal.close()  # killed here: the copies are still there
    assert archived(world) == in_folders(world) == set(strangers)
    assert poll(world.gm, MaildirInbox(world.gm.maildir_in), now).seen == 0
    assert archived(world) == in_folders(world) == set()
    assert records(world.gm.spool, "flood_mails") == set()
    assert flood_not_kept(world.gm.spool, 0) == []
