"""What a poll says of a lobby's book that is no database (torn, or written over), left by
book39's mend (tests/lobby/test_torn_book_poll.py):

- a flood's trim and a command mail that both met the book said it twice in the summary
  line, in two `not read:` entries of different words; now once, the trim's words added;
- a registered player's mail of commands held for the book told him nothing; now he is
  told once that it waits for the GM (a stranger, whose From proves nothing, nothing);
- a CONFIRM line typed beside orders, read by a helper process (a batch shared), filed the
  orders, and the poll named no book: the helper's ``Commands`` knew, the poller did not.
  Now the helper tells the poller the book's line with its share's outcomes."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World
from wtg.lobby.database import FILE, FOLDER
from wtg.mail.incoming.answers import HELD_SUBJECT
from wtg.mail.poll import poller, processes
from wtg.mail.poll.sharing import Roster
from wtg.mail.servers.inbox import Incoming, MaildirInbox
from wtg.mail.spool.floodcopies import FLOOD_FIRST, FLOOD_NEWEST, NOT_FORGOTTEN

SAID = "not read: the lobby's book"
WRITTEN_OVER = b"written over " * 1000


def torn_book(world: World) -> Path:
    path = world.gm.games_dir / FOLDER / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(WRITTEN_OVER)
    return path


def test_a_flood_and_a_command_mail_meeting_a_torn_book_say_it_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    for _ in range(FLOOD_FIRST + FLOOD_NEWEST + 5):
        world.mail("I am away.", sender="away@responder.example", Auto_Submitted="auto-replied")
    world.mail("JOIN wok4 AS Newcomer", sender="new@elsewhere.example")
    path = torn_book(world)

    summary = poller.poll(world.gm, MaildirInbox(world.gm.maildir_in), datetime.now(timezone.utc))

    assert summary.held == 1
    line = summary.line()
    assert line.count(SAID) == 1, line
    assert line.count(str(path)) == 1 and "wtg restore" in line
    assert NOT_FORGOTTEN in line  # the trim's words, added to the one entry


def _all_to_the_helper(
    messages: Sequence[Incoming], count: int, roster: Roster = lambda _game: ()
) -> list[list[Incoming]]:
    """Every mail of a batch in the first helper's share, none in the poller's."""
    return [[], list(messages), *([] for _ in range(count - 2))]


def test_a_confirm_beside_orders_read_by_a_helper_names_the_book(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(processes, "HELPERS_FROM", 1)
    monkeypatch.setattr(processes, "SHARE_FROM", 2)
    monkeypatch.setattr(processes, "split", _all_to_the_helper)
    monkeypatch.setattr(poller, "single_threaded", lambda: True)
    world = World(tmp_path)
    path = torn_book(world)
    world.mail(world.aof(2, X1="100") + "\nCONFIRM ABCDE23456\n", sender="p2@players.example")
    world.mail(world.aof(3) + "\nCONFIRM ABCDE23457\n", sender="p3@players.example")

    summary = poller.poll(world.gm, MaildirInbox(world.gm.maildir_in), NOW, jobs=2)

    assert (summary.seen, summary.filed, summary.held) == (2, 2, 0), summary.line()
    assert "100" in world.game.store.pending_orders(1)[2].read_text()
    line = summary.line()
    assert line.count(SAID) == 1 and str(path) in line, line


def told(world: World) -> list[tuple[str, str]]:
    """The To and Subject of each mail queued, in the outbox's order."""
    found = []
    for raw in world.outbox().values():
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        found.append((str(msg["To"]), str(msg["Subject"])))
    return found


def test_a_players_command_mail_held_for_a_torn_book_is_told_once(tmp_path: Path) -> None:
    """book39 told the sender of a mail of commands held for the book nothing: a player
    who sent WITHDRAW heard nothing for as long as the book was torn, and sent it again.
    A registered player is told once that it waits for the GM; a stranger nothing."""
    world = World(tmp_path)
    torn_book(world)
    world.mail("LIST", sender="p2@players.example")
    world.mail("LIST\nLIST", sender="p2@players.example")
    world.mail("JOIN wok4 AS Newcomer", sender="new@elsewhere.example")

    first = world.poll()

    assert first.held == 3
    assert told(world) == [("p2@players.example", HELD_SUBJECT)]
    (raw,) = world.outbox().values()
    body = " ".join(email.message_from_bytes(raw, policy=email.policy.default).as_string().split())
    assert "waits for the game master" in body and "need not send it again" in body

    world.mail("LIST", sender="P2@players.example")
    again = world.poll(NOW + timedelta(minutes=10))

    assert again.held == 1
    assert len(told(world)) == 1  # told once while his mails wait
