"""A reminder still in the outbox's queue once its turn is over (the server was down when
`wtg remind` queued it, or the send was killed) went out all the same at the next `wtg
send`: the players were asked for orders of a turn that had run. `wtg send` now sets it
aside for good before it delivers anything, as it does a report of a turn undone
(``failedmail.undone_queued``), and `wtg outbox` lists it with why."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_outbox_retry import folders, maildir_config, played, wtg
from wtg.gm.rollback import rollbacks
from wtg.mail.outgoing.sender import remind

BEFORE_DEADLINE = datetime(2026, 11, 23, 12, 0, tzinfo=timezone.utc)
"""Six hours before turn 1's deadline (2026-11-23 18:00 UTC): inside `remind_hours`."""
WEEK = 7 * 24
"""``mail.remind_hours`` that reminds of a deadline days ahead."""
REMINDERS = [f"remind-g1-t0001-p0{seat}" for seat in range(1, 5)]


def sent_names(world: World) -> list[str]:
    return sorted(path.name for path in world.sent())


def test_a_reminder_queued_before_its_turn_ran_is_set_aside_not_sent(tmp_path: Path) -> None:
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    assert wtg(config, "send", "-q").exit_code == 0  # turn 0's reports go out
    assert remind(world.gm, BEFORE_DEADLINE).queued == 4  # and the send that follows is lost
    assert folders(world)["queue"] == REMINDERS
    played(world)  # turn 1 runs: its reminders ask for orders of a turn that is over

    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    why = (
        "game g1's turn 1, whose orders the reminder asked for, has run since: the reminder "
        "is not sent (`wtg remind` reminds the players of the coming turn)"
    )
    assert (
        "4 reports queued; 4 mails sent, 0 waiting to be retried, 4 refused for good" in sent.stdout
    )
    assert sent.stderr.count("set aside for good") == 4, sent.stderr
    assert f"mail remind-g1-t0001-p01 set aside for good: {why} (kept in " in sent.stderr
    assert not [name for name in sent_names(world) if name.startswith("remind-")]
    assert folders(world)["failed"] == REMINDERS
    assert folders(world)["queue"] == []

    listed = wtg(config, "outbox")
    assert listed.exit_code == 0
    subject = "[g1] reminder: no orders for turn 1 yet"
    assert f'  remind-g1-t0001-p02  to p2@players.example  "{subject}": {why}' in listed.stdout
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: (m["error"], m["turn_undone"]) for m in as_json["failed_mails"]}
    ran = "turn 1, whose orders the reminder asked for, has run since"
    assert found == {name: (why, ran) for name in REMINDERS}
    assert wtg(config, "outbox", "--retry", "remind-g1-t0001-p01").exit_code == 1


def test_a_reminder_of_a_turn_a_rollback_put_off_is_set_aside(tmp_path: Path) -> None:
    """Turn 1 ran; the reminder of turn 2 waits in the queue; the GM rolls back to turn 0:
    turn 2 comes later, by another deadline, and the reminder is not sent."""
    world = World(tmp_path, remind_hours=WEEK)  # reminded now, on the clock of the rollback
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    assert remind(world.gm).queued == 4
    assert wtg(config, "rollback", "g1", "--to", "0").exit_code == 0
    (back,) = rollbacks(world.game.store)

    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    why = (
        f"game g1's turn 1 was rolled back to turn 0 since ({back.at}): the reminder is not "
        "sent (`wtg remind` reminds the players of the coming turn)"
    )
    assert f"mail remind-g1-t0002-p03 set aside for good: {why} (kept in " in sent.stderr
    assert folders(world)["failed"] == [f"remind-g1-t0002-p0{seat}" for seat in range(1, 5)]
    assert not [name for name in sent_names(world) if name.startswith("remind-")]


def test_a_reminder_of_a_turn_that_ran_and_was_rolled_back_is_set_aside(tmp_path: Path) -> None:
    """The reminder of turn 2 waits in the queue; turn 2 runs, then the GM rolls back to
    turn 1: turn 2 is the coming turn again, but by the deadline the rollback set, and the
    reminder's form and deadline are of the turn that ran. Not sent."""
    world = World(tmp_path, remind_hours=WEEK)  # reminded now, on the clock of the rollback
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    assert remind(world.gm).queued == 4
    played(world)  # turn 2
    assert wtg(config, "rollback", "g1", "--to", "1").exit_code == 0
    (back,) = rollbacks(world.game.store)

    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    why = (
        f"game g1's turn 2, whose orders the reminder asked for, ran since and was rolled "
        f"back to turn 1 ({back.at}): the reminder is not sent (`wtg remind` reminds the "
        "players of the coming turn)"
    )
    assert f"mail remind-g1-t0002-p01 set aside for good: {why} (kept in " in sent.stderr
    assert not [name for name in sent_names(world) if name.startswith("remind-")]


def test_a_reminder_queued_before_a_rerun_of_the_turn_before_it_is_set_aside(
    tmp_path: Path,
) -> None:
    """Turn 1 ran and was mailed; `wtg remind` queued the reminders of turn 2 (the server
    down: not sent); the GM corrected orders and ran turn 1 again (`run-turn --rerun`). The
    reminder's form is of turn 1 as it ran first, a turn that is no more: the next `wtg
    send` sets it aside for good (the rerun's reports go out), `wtg outbox` lists it with
    why, and the next `wtg remind` reminds of turn 2 as it is now, under a name of its own."""
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(
        f"games_dir: {world.gm.games_dir}\nfrom: gm@example.org\nmail: {{remind_hours: {WEEK}}}\n",
        encoding="utf-8",
    )
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    reminded = wtg(config, "remind")
    assert reminded.exit_code == 0, reminded.output
    old = [f"remind-g1-t0002-p0{seat}" for seat in range(1, 5)]
    assert folders(world)["queue"] == old
    old_form = (world.gm.spool / "outbox" / "queue" / f"{old[0]}.eml").read_bytes()
    rerun = wtg(config, "run-turn", "g1", "--rerun", "--unchanged")
    assert rerun.exit_code == 0, rerun.output

    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    why = (
        "game g1's turn 1 was run again since (`wtg run-turn --rerun`): the reminder is not "
        "sent (`wtg remind` reminds the players of the coming turn)"
    )
    assert (
        "4 reports queued; 4 mails sent, 0 waiting to be retried, 4 refused for good" in sent.stdout
    )
    assert f"mail remind-g1-t0002-p01 set aside for good: {why} (kept in " in sent.stderr
    assert not [name for name in sent_names(world) if name.startswith("remind-")]
    assert folders(world)["failed"] == old
    assert (world.gm.spool / "outbox" / "failed" / f"{old[0]}.eml").read_bytes() == old_form

    listed = wtg(config, "outbox")
    assert listed.exit_code == 0
    subject = "[g1] reminder: no orders for turn 2 yet"
    assert f'  remind-g1-t0002-p03  to p3@players.example  "{subject}": {why}' in listed.stdout
    as_json = json.loads(wtg(config, "outbox", "--json").stdout)
    found = {m["name"]: m["turn_undone"] for m in as_json["failed_mails"]}
    assert found == dict.fromkeys(old, "turn 1 was run again since (`wtg run-turn --rerun`)")
    assert wtg(config, "outbox", "--retry", old[1]).exit_code == 1

    again = wtg(config, "remind")
    assert again.exit_code == 0, again.output
    assert again.stdout.startswith("4 reminders queued")
    assert folders(world)["queue"] == [f"{name}-r1" for name in old]
    assert wtg(config, "send", "-q").exit_code == 0
    assert sorted(n for n in sent_names(world) if n.startswith("remind-")) == [
        f"{name}-r1" for name in old
    ]


def test_the_turn_a_rollback_put_off_is_reminded_of_again_when_it_comes(tmp_path: Path) -> None:
    """The reminders of turn 2 were sent; the GM rolled back to turn 0 and turn 1 ran again:
    turn 2 comes again, by another deadline, and its players are reminded of it again,
    under names of their own (``-g1``: the rollback that put it off); the same id as the
    first reminders' would have been taken for theirs, and no reminder would go."""
    world = World(tmp_path, remind_hours=WEEK)  # reminded now, on the clock of the rollback
    config = maildir_config(tmp_path, world)
    played(world)
    assert wtg(config, "send", "-q").exit_code == 0
    assert remind(world.gm).queued == 4
    assert wtg(config, "send", "-q").exit_code == 0
    first = [f"remind-g1-t0002-p0{seat}" for seat in range(1, 5)]
    assert [n for n in sent_names(world) if n.startswith("remind-")] == first
    assert wtg(config, "rollback", "g1", "--to", "0").exit_code == 0
    played(world)  # turn 1 again
    assert wtg(config, "send", "-q").exit_code == 0

    assert remind(world.gm).queued == 4
    assert folders(world)["queue"] == [f"{name}-g1" for name in first]
    sent = wtg(config, "send")
    assert sent.exit_code == 0 and "set aside" not in sent.stderr, sent.output
    assert sorted(n for n in sent_names(world) if n.startswith("remind-")) == sorted(
        [*first, *(f"{name}-g1" for name in first)]
    )


def test_a_reminder_to_a_player_who_has_sent_his_orders_since_is_set_aside(
    tmp_path: Path,
) -> None:
    """The reminders wait in the queue (the server was down); player 2 sends his orders
    meanwhile. His reminder would have asked him for orders already on file: set aside,
    the others sent."""
    world, config = overtaken(tmp_path)
    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    why = (
        "game g1's player 2 has sent the orders for turn 1 since: the reminder is not sent "
        "(`wtg remind` reminds the players of the coming turn)"
    )
    assert f"mail remind-g1-t0001-p02 set aside for good: {why} (kept in " in sent.stderr
    reminded = [name for name in sent_names(world) if name.startswith("remind-")]
    assert reminded == [f"remind-g1-t0001-p0{seat}" for seat in (1, 3, 4)]
    assert folders(world)["failed"] == ["remind-g1-t0001-p02"]


def overtaken(tmp_path: Path) -> tuple[World, Path]:
    """Turn 0 mailed, its players reminded, the send that follows lost; player 2's orders
    filed meanwhile (cron's hourly `remind -q; send -q` beside the five-minute poll): his
    reminder is overtaken. The world and its config."""
    world = World(tmp_path)
    config = maildir_config(tmp_path, world)
    assert wtg(config, "send", "-q").exit_code == 0
    assert remind(world.gm, BEFORE_DEADLINE).queued == 4
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    assert world.poll(BEFORE_DEADLINE).filed == 1
    return world, config


def test_a_reminder_overtaken_is_no_news_for_cron(tmp_path: Path) -> None:
    """gmtrial39: a reminder set aside because its player's orders came meanwhile was said
    by `send -q` (its summary and its stderr line) as a mail refused for good: cron mailed
    the GM a refusal that needs nothing of him. Under -q it is no news."""
    world, config = overtaken(tmp_path)
    quiet = wtg(config, "send", "-q")
    assert (quiet.exit_code, quiet.stdout, quiet.stderr) == (0, "", "")
    assert folders(world)["failed"] == ["remind-g1-t0001-p02"]
    assert len([name for name in sent_names(world) if name.startswith("remind-")]) == 3


def test_a_reminder_overtaken_asks_nothing_to_be_corrected(tmp_path: Path) -> None:
    """gmtrial39: the summary said `1 refused for good; ... sends one again once what it
    says is corrected (a player's address in game.yaml)`, and `wtg outbox` said a retry does
    not send it. The count is as it was; the line says it needs nothing."""
    world, config = overtaken(tmp_path)
    said = wtg(config, "send")
    assert said.exit_code == 0, said.output
    assert said.stdout == (  # the reminders of players 1, 3 and 4, and 2's confirmation
        "0 reports queued; 4 mails sent, 0 waiting to be retried, 1 refused for good; 1 mail "
        "of them overtaken by the game, nothing to correct: what it told is no more (a "
        "reminder whose orders came or whose turn ran, a report of a turn run again or rolled "
        "back, a code or a report's form a later `wtg new-code` or a takeover replaced)\n"
    )
    assert "mail remind-g1-t0001-p02 set aside for good: " in said.stderr
    assert folders(world)["failed"] == ["remind-g1-t0001-p02"]
