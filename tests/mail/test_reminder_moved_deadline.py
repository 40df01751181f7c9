"""A reminder says the deadline. Once a turn, it was never said again when the GM moved
that deadline (`wtg extend`, its undo, a release): a player reminded of Monday's deadline
that became Wednesday's was never reminded of Wednesday's, and a reminder still in the
queue when the deadline moved (the server down when `wtg remind` queued it) went out
later saying the deadline before. A deadline moved since the turn set it gets a reminder
of its own (its id ends ``-dN``, the deadline in UTC), and one queued of another deadline
is set aside at the send, with why (``failedmail``)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.mail.loop import World
from tests.mail.test_outbox_retry import folders, maildir_config, played, wtg
from tests.mail.test_poll_maildir import body_of
from tests.mail.test_stale_reminder import WEEK
from wtg.game.schedule import local_text, moment_text, parse_iso
from wtg.mail.outgoing import sender
from wtg.mail.outgoing.sender import remind

PLAIN = [f"remind-g1-t0002-p0{seat}" for seat in range(1, 5)]
"""The reminders of turn 2 as the turn set its deadline."""


def reminded(world: World, name: str) -> str:
    """The deadline a sent reminder gave, as its text says it."""
    (path,) = (world.gm.spool / "outbox" / "sent").glob(f"{name}.eml")
    text = " ".join(body_of(path.read_bytes()).split())
    found = re.search(r"and the deadline is (.+? UTC)", text)
    assert found is not None, text
    return found[1]


def deadline_now(world: World) -> str:
    stamp = world.game.deadline_stamp()
    assert stamp is not None
    return stamp


def shown(world: World) -> str:
    """The game's deadline now as a reminder says it (the game's zone is UTC)."""
    return local_text(parse_iso(deadline_now(world)), "UTC")


def test_a_moved_deadline_is_reminded_again(tmp_path: Path) -> None:
    world = World(tmp_path, remind_hours=WEEK)
    config = maildir_config(tmp_path, world)
    played(world)
    assert remind(world.gm).queued == 4
    assert wtg(config, "send", "-q").exit_code == 0
    assert folders(world)["queue"] == []
    before = reminded(world, PLAIN[0])
    assert remind(world.gm).queued == 0  # once a deadline

    assert wtg(config, "extend", "g1", "24").exit_code == 0
    stamp = re.sub(r"\D", "", deadline_now(world))[:14].ljust(14, "0")
    again = [f"{name}-d{stamp}" for name in PLAIN]
    assert remind(world.gm).queued == 4
    assert folders(world)["queue"][-4:] == again
    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    assert "set aside" not in sent.stderr
    assert reminded(world, again[0]) != before
    assert reminded(world, again[0]) == shown(world)
    assert remind(world.gm).queued == 0  # once a deadline, the moved one too


def test_a_reminder_queued_before_the_deadline_moved_is_set_aside(tmp_path: Path) -> None:
    world = World(tmp_path, remind_hours=WEEK)
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    assert remind(world.gm).queued == 4  # and the send that follows is lost
    assert wtg(config, "extend", "g1", "24").exit_code == 0

    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    assert sent.stderr.count("set aside for good") == 4, sent.stderr
    assert (
        f"mail remind-g1-t0002-p01 set aside for good: game g1's turn 2's deadline was moved "
        f"since, to {moment_text(deadline_now(world))}: the reminder is not sent"
    ) in sent.stderr
    assert folders(world)["failed"] == PLAIN
    assert not [p for p in folders(world)["sent"] if p.startswith("remind-")]
    assert wtg(config, "outbox", "--retry", PLAIN[0]).exit_code == 1
    assert remind(world.gm).queued == 4  # of the deadline now
    assert wtg(config, "send", "-q").exit_code == 0
    assert len([p for p in folders(world)["sent"] if p.startswith("remind-")]) == 4


def test_a_reminder_of_a_move_undone_is_set_aside(tmp_path: Path) -> None:
    """Reminded of the turn's deadline, then of the one `extend` moved it to (queued, not
    yet sent), then the move undone: the second says a deadline that is no more."""
    world = World(tmp_path, remind_hours=WEEK)
    config = maildir_config(tmp_path, world)
    played(world)
    assert remind(world.gm).queued == 4
    assert wtg(config, "send", "-q").exit_code == 0
    assert wtg(config, "extend", "g1", "24").exit_code == 0
    assert remind(world.gm).queued == 4
    moved = folders(world)["queue"]
    assert wtg(config, "extend", "g1", "--undo").exit_code == 0

    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    assert sorted(set(moved) & set(folders(world)["failed"])) == sorted(
        n for n in moved if n.startswith("remind-")
    )
    assert remind(world.gm).queued == 0  # the deadline the turn set: reminded already


def test_a_deadline_moved_back_is_reminded_when_its_reminder_was_set_aside(
    tmp_path: Path,
) -> None:
    """review46: reminded of the turn's deadline (queued; the server down), the deadline
    moved (the send sets the reminder aside: it says the deadline before) and moved back
    (`extend --undo`): the deadline the reminder said is the deadline again, and its id is
    the one set aside, so `wtg remind` queued none, and no player without orders was ever
    reminded of it. Reminded under a name of its own (``-aN``), it goes out."""
    world = World(tmp_path, remind_hours=WEEK)
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    before = shown(world)
    assert remind(world.gm).queued == 4  # the send that follows is lost
    assert wtg(config, "extend", "g1", "24").exit_code == 0
    assert wtg(config, "send", "-q").exit_code == 0  # sets the reminders aside
    assert folders(world)["failed"] == PLAIN
    assert wtg(config, "extend", "g1", "--undo").exit_code == 0
    assert shown(world) == before

    assert remind(world.gm).queued == 4  # before: 0, never reminded of it
    again = [f"{name}-a2" for name in PLAIN]
    assert [n for n in folders(world)["queue"] if n.startswith("remind-")] == again
    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    assert "set aside" not in sent.stderr
    assert reminded(world, again[0]) == before
    assert remind(world.gm).queued == 0  # once


def test_a_reminder_an_older_wtg_queued_after_an_extend_is_sent_and_not_made_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hosts47: a wtg before round 46 queued its reminders of a moved deadline under the
    ids of the deadline the turn set (no ``-dN``). Upgraded, the send set them aside as
    "moved since", though they gave the deadline now. Queued after the move, they go out;
    and `wtg remind` then queues no second reminder of the same deadline."""
    world = World(tmp_path, remind_hours=WEEK)
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    assert wtg(config, "extend", "g1", "24").exit_code == 0
    later = datetime.now(timezone.utc) + timedelta(minutes=5)
    with monkeypatch.context() as old:  # the older wtg: no reminder of its own for a move
        old.setattr(sender, "moved_deadline", lambda game: None)
        assert remind(world.gm, later).queued == 4
    assert folders(world)["queue"][-4:] == PLAIN
    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    assert "set aside" not in sent.stderr  # before: each set aside as moved since
    assert reminded(world, PLAIN[0]) == shown(world)
    assert remind(world.gm, later + timedelta(minutes=5)).queued == 0  # before: 4 more


def test_a_reminder_an_older_wtg_queued_before_an_extend_is_still_set_aside(
    tmp_path: Path,
) -> None:
    """Its Date before the move: it gave the deadline before, and is set aside as ever."""
    world = World(tmp_path, remind_hours=WEEK)
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    earlier = datetime.now(timezone.utc) - timedelta(minutes=5)
    assert remind(world.gm, earlier).queued == 4
    assert wtg(config, "extend", "g1", "24").exit_code == 0
    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    assert sent.stderr.count("set aside for good") == 4, sent.stderr
