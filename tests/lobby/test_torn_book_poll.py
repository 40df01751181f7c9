"""A lobby's book that is no database (torn, or written over) failed every poll that had a
command mail: ``Commands.handle`` opened the book, its ``sqlite3.DatabaseError`` reached
``Poller.guarded``, which lets every ``sqlite3.Error`` stop the poll (its journal's must),
and the players' orders of every game waited with it. Now only the mails that need the
book wait: a command mail is held for the GM (``wtg quarantine --release KEY`` once the
book is restored), an order mail is filed and answered as ever, and the poll says the
book once (its summary line, `wtg status --host`'s poll line)."""

from __future__ import annotations

import email
import email.policy
import sqlite3
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World
from wtg.host.pollhealth import last_poll
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase, torn
from wtg.lobby.lists import add_list
from wtg.lobby.start import checked_list
from wtg.mail.poll import poller, processes
from wtg.mail.poll.events import MailEvent
from wtg.mail.poll.release import release
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.journallists import held_mails
from wtg.mail.spool.outcome import Kind, Outcome

NEWCOMER = "new@elsewhere.example"
SAID = "not read: the lobby's book"


def recipients(world: World) -> list[str]:
    """The To of each answer queued, in the outbox's order."""
    found = []
    for raw in world.outbox().values():
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        found.append(str(msg["To"]))
    return found


def written_over(whole: bytes) -> bytes:
    """The book with garbage written over it: no database."""
    return b"written over " * 1000


def pages_lost(whole: bytes) -> bytes:
    """The book's first page whole, the rest torn: a database SQLite finds malformed."""
    return whole[:4096] + b"\xff" * (len(whole) - 4096)


@pytest.mark.parametrize("tear", [written_over, pages_lost])
def test_a_torn_book_holds_the_join_and_files_the_orders(
    tmp_path: Path, tear: Callable[[bytes], bytes]
) -> None:
    world = World(tmp_path)
    with LobbyDatabase(world.gm.games_dir) as book:
        add_list(book, checked_list("wok4", None, None, 3, "any", None, None, None, NOW))
    path = world.gm.games_dir / FOLDER / FILE
    whole = path.read_bytes()
    path.write_bytes(tear(whole))
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    join = "maildir:" + world.mail("JOIN wok4 AS Newcomer", sender=NEWCOMER)

    summary = world.poll()

    assert (summary.seen, summary.filed, summary.held) == (2, 1, 1)
    assert "100" in world.game.store.pending_orders(1)[2].read_text()
    assert recipients(world) == ["p2@players.example"]  # the player's confirmation alone
    assert summary.line().count(SAID) == 1 and "wtg restore" in summary.line()
    assert summary.needs_gm()
    health = last_poll(world.gm.spool)
    assert health is not None and not health.failing and SAID in health.result
    (kept,) = held_mails(world.gm.spool)
    assert kept.key == join and kept.sender == NEWCOMER
    assert "lobby's book" in kept.reason and "--release" in kept.reason
    assert path.read_bytes() == tear(whole)  # the GM's to restore, untouched

    path.write_bytes(whole)  # the GM restores the book
    assert torn(world.gm.games_dir) is None
    later = NOW + timedelta(minutes=10)
    assert "back in the inbox" in release(world.gm, join, later)
    again = world.poll(later)

    assert (again.seen, again.held) == (1, 0)
    assert SAID not in again.line()
    assert recipients(world).count(NEWCOMER) == 1  # the code to CONFIRM, mailed now
    with LobbyDatabase(world.gm.games_dir) as book:
        waiting = [(r["kind"], r["address"]) for r in book.rows("SELECT * FROM pending")]
    assert waiting == [("join", NEWCOMER)]


def test_a_busy_book_is_no_torn_one(tmp_path: Path) -> None:
    world = World(tmp_path)
    with LobbyDatabase(world.gm.games_dir):
        pass
    holder = sqlite3.connect(world.gm.games_dir / FOLDER / FILE)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        assert torn(world.gm.games_dir) is None
    finally:
        holder.rollback()
        holder.close()


def test_an_order_mail_with_a_confirm_line_is_filed_beside_a_torn_book(tmp_path: Path) -> None:
    """A CONFIRM line typed beside a form asks the book for the host's mail that mailed the
    code (``Commands.copied_text``): a torn book makes it none, and the orders are filed."""
    world = World(tmp_path)
    path = world.gm.games_dir / FOLDER / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"written over " * 1000)
    world.mail(world.aof(2, X1="100") + "\nCONFIRM ABCDE23456\n", sender="p2@players.example")

    summary = world.poll()

    assert (summary.seen, summary.filed, summary.held) == (1, 1, 0)
    assert "100" in world.game.store.pending_orders(1)[2].read_text()
    assert recipients(world) == ["p2@players.example"]
    assert summary.line().count(SAID) == 1


def test_command_mails_shared_with_helper_processes_are_held_and_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch shared with helper processes (its thresholds lowered, as
    tests/mail/test_poll_helpers.py does): each of their command mails is held as the
    poller's are, and the summary says the book once."""
    monkeypatch.setattr(processes, "HELPERS_FROM", 1)
    monkeypatch.setattr(processes, "SHARE_FROM", 2)
    monkeypatch.setattr(poller, "single_threaded", lambda: True)
    world = World(tmp_path)
    path = world.gm.games_dir / FOLDER / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"written over " * 1000)
    count = 8
    for number in range(count):
        world.mail(f"JOIN wok4 AS Newcomer{number}", sender=f"n{number}@elsewhere.example")

    summary = poller.poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, jobs=3)

    assert (summary.seen, summary.held) == (count, count)
    assert summary.line().count(SAID) == 1
    assert len(held_mails(world.gm.spool)) == count
    assert recipients(world) == []


def test_a_mail_a_helper_held_for_the_book_says_the_book(tmp_path: Path) -> None:
    """A helper process tells the poller only its mails' outcomes: one held for the book
    (``BOOK_HELD``) has the poller read the book again for its line."""
    world = World(tmp_path)
    path = world.gm.games_dir / FOLDER / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    hand = poller.Poller(world.gm, MaildirInbox(world.gm.maildir_in), NOW)
    detail = f"the lobby's book cannot be read; {poller.BOOK_HELD}"
    held = MailEvent("maildir:1", Outcome(Kind.HELD, detail, None))
    other = MailEvent("maildir:2", Outcome(Kind.STORED, f"stored; {poller.BOOK_HELD}", "g1"))
    try:
        assert hand.book_said([("1", other)]) == ()
        path.write_bytes(b"written over " * 1000)
        assert hand.book_said([("1", other)]) == ()
        (line,) = hand.book_said([("1", other), ("2", held)])
        assert str(path) in line and "wtg restore" in line
    finally:
        hand.journal.close()
