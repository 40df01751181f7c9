"""A mail is a copy of one handled before (and only noted) when it is that mail again: the
same Message-ID, from the same sender, with the same body. A Message-ID alone proves
nothing: anyone may write any, and some clients and scripts write the same one on every
mail. Another person's mail carrying a player's Message-ID (a forger's, newer in the same
poll, handled first) never has the player's orders ignored as its copy; two players whose
tool writes one Message-ID have each his mail filed; a player's next mail with the
Message-ID of his last is read."""

from __future__ import annotations

import os
from pathlib import Path

from tests.mail.loop import World
from wtg.mail.spool.outcome import Kind


def _in_order(world: World, keys: list[str]) -> None:
    """The mails ``keys`` as the server received them, one a second, in this order."""
    for number, key in enumerate(keys):
        path = world.gm.maildir_in / "new" / key
        os.utime(path, ns=(number * 10**9, number * 10**9))


def test_a_strangers_mail_with_a_players_message_id_leaves_his_orders_filed(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    same = "<orders-1@players.example>"
    first = world.mail(world.aof(1, X1="100"), Message_ID=same)
    forged = world.mail("hello, what is this?", sender="mallory@evil.example", Message_ID=same)
    _in_order(world, [first, forged])  # the forger's is newer: the poll handles it first
    summary = world.poll()
    assert (summary.seen, summary.filed, summary.answered) == (2, 1, 1), summary.events
    assert "100" in world.game.store.pending_orders(1)[1].read_text()
    kinds = sorted(event.outcome.kind.value for event in summary.events)
    assert kinds == [Kind.ANSWERED.value, Kind.STORED.value], summary.events


def test_two_players_whose_tool_writes_one_message_id_are_both_filed(tmp_path: Path) -> None:
    world = World(tmp_path)
    same = "<1@localhost>"
    world.mail(world.aof(1, X1="100"), sender="p1@players.example", Message_ID=same)
    world.mail(world.aof(2, X1="200"), sender="p2@players.example", Message_ID=same)
    summary = world.poll()
    assert (summary.seen, summary.filed) == (2, 2), summary.events
    assert "100" in world.game.store.pending_orders(1)[1].read_text()
    assert "200" in world.game.store.pending_orders(1)[2].read_text()


def test_a_players_next_mail_with_the_same_message_id_is_read(tmp_path: Path) -> None:
    world = World(tmp_path)
    same = "<fixed@players.example>"
    world.mail(world.aof(1, X1="100"), Message_ID=same)
    assert world.poll().filed == 1
    world.mail(world.aof(1, X1="150"), Message_ID=same)
    summary = world.poll()
    assert summary.filed == 1, summary.events
    assert "150" in world.game.store.pending_orders(1)[1].read_text()


def test_the_same_mail_delivered_twice_across_polls_is_noted_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    same = "<twice@players.example>"
    world.mail(world.aof(1, X1="100"), Message_ID=same)
    assert world.poll().filed == 1
    answered = len(world.outbox())
    world.mail(world.aof(1, X1="100"), Message_ID=same)
    summary = world.poll()
    assert (summary.filed, summary.ignored) == (0, 1), summary.events
    assert len(world.outbox()) == answered


def test_a_scripts_next_mail_of_one_message_id_and_body_with_another_subject_is_read(
    tmp_path: Path,
) -> None:
    """A script that writes one Message-ID on every mail, its player's same orders again
    with a question in the subject (which the GM is told of): another mail, read, not a
    copy; so is one of the same subject written another day (its Date)."""
    world = World(tmp_path)
    same = "<script@players.example>"
    form = world.aof(1, X1="100")
    world.mail(form, Message_ID=same, Subject="orders", Date="Mon, 07 Dec 2026 10:00:00 +0000")
    assert world.poll().filed == 1
    asked = "orders - may I attack my ally?"
    world.mail(form, Message_ID=same, Subject=asked, Date="Mon, 07 Dec 2026 10:00:00 +0000")
    summary = world.poll()
    assert (summary.seen, summary.ignored) == (1, 0), summary.events
    world.mail(form, Message_ID=same, Subject="orders", Date="Tue, 08 Dec 2026 10:00:00 +0000")
    summary = world.poll()
    assert (summary.seen, summary.ignored) == (1, 0), summary.events
    world.mail(form, Message_ID=same, Subject="orders", Date="Tue, 08 Dec 2026 10:00:00 +0000")
    summary = world.poll()  # that one again, delivered twice: a copy
    assert (summary.seen, summary.ignored) == (1, 1), summary.events
