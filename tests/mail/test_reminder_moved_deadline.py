"""A reminder says the deadline. Once a turn, it was never said again when the GM moved
that deadline (`wtg extend`, its undo, a release): a player reminded of Monday's deadline
that became Wednesday's was never reminded of Wednesday's, and a reminder still in the
queue when the deadline moved (the server down when `wtg remind` queued it) went out
later saying the deadline before. A deadline moved since the turn set it gets a reminder
of its own (its id ends ``-dN``, the deadline in UTC), and one queued of another deadline
is set aside at the send, with why (``failedmail``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_outbox_retry import folders, maildir_config, played, wtg
from tests.mail.test_poll_maildir import body_of
from tests.mail.test_stale_reminder import WEEK
from wtg.game.schedule import local_text, moment_text, parse_iso
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
