"""A new GM's trial: a player in several games replied to a report the GM had mailed late
(its form for a turn already run). The poll said ``rejected: line 5: these orders are for
turn 3, but the game expects turn 4`` and the player got no answer at all, nor did the GM
learn that none went out: the hourly ``replies_per_hour`` (3) was spent on the
confirmations of his other games' orders, and the rejection's answer, held back, was
dropped without a word. A form with the player's own code is an answer to his orders (as
its confirmation is): it counts against ``confirmations_per_hour``, and one held back is
``not answered: reply limit`` in the poll's line and the journal."""

from __future__ import annotations

import os
import re
import time
from datetime import datetime, timedelta, timezone
from email import message_from_bytes, policy
from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of


def _wrong_turn(world: World, player: int) -> str:
    text = world.aof(player)
    assert "TURN: 1 " in text
    return text.replace("TURN: 1 ", "TURN: 0 ", 1)


def _came_now(world: World, key: str) -> None:
    """The mail ``key`` given the time of the clock the turns read (the kernel stamps a
    file with its own: under faketime, months from the process's, and a mail mailed after
    a turn read as come long before it)."""
    now = time.time_ns()
    os.utime(world.gm.maildir_in / "new" / key, ns=(now, now))


def _rejections(world: World) -> list[str]:
    found = []
    for name, raw in world.outbox().items():
        if name.startswith("rejected-"):
            msg = message_from_bytes(raw, policy=policy.default)
            found.append(f"{msg['To']}: {msg['Subject']}")
    return found


def test_a_form_for_another_turn_is_answered_after_three_confirmations(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    for amount in ("100", "150", "200"):  # three mails of orders: three confirmations
        world.mail(world.aof(2, X1=amount), sender="p2@players.example")
        assert world.poll().filed == 1
    world.mail(_wrong_turn(world, 2), sender="p2@players.example")
    summary = world.poll()
    assert summary.line() == "filed 0, rejected 1, quarantined 0, ignored 0"
    assert [text for _key, text in summary.outcomes] == [
        "rejected: line 3: these orders are for turn 0, but the game expects turn 1: fill in "
        "the form of turn 1, the one in your latest report"
    ]
    assert _rejections(world) == ["p2@players.example: [g1] your orders were not accepted"]


def test_a_rejection_held_back_by_the_limit_is_said(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, confirmations_per_hour=1)
    world.mail(world.aof(2, X1="100"), sender="p2@players.example")
    world.poll()
    world.mail(_wrong_turn(world, 2), sender="p2@players.example")
    summary = world.poll()
    assert summary.line() == (
        "filed 0, rejected 1, quarantined 0, ignored 0, not answered (reply limit) 1"
    )
    assert [text for _key, text in summary.outcomes] == [
        "rejected: line 3: these orders are for turn 0, but the game expects turn 1: fill in "
        "the form of turn 1, the one in your latest report; "
        "not answered: reply limit (confirmations_per_hour)"
    ]
    assert _rejections(world) == []


def _subjects(world: World, kind: str) -> list[str]:
    return [
        str(message_from_bytes(raw, policy=policy.default)["Subject"])
        for name, raw in world.outbox().items()
        if name.startswith(kind)
    ]


def test_a_form_none_of_whose_lines_was_accepted_is_not_no_orders_found(tmp_path: Path) -> None:
    """A new GM's trial: a form whose one order line was rejected (a province not his) was
    answered under the subject "[g1] no orders found in your mail", though its text listed
    the order found and why it was refused. A mail without orders keeps that subject."""
    world = World(tmp_path, count=2)
    world.mail(world.aof(2, T1="01   1    20", R1="1"), sender="p2@players.example")
    assert [text for _key, text in world.poll().outcomes] == [
        "ignored: none of the order lines in your mail could be accepted (g1 p2)"
    ]
    assert _subjects(world, "unchanged-") == ["[g1] your orders were not accepted"]
    world.mail("> " + world.aof(2).replace("\n", "\n> "), sender="p2@players.example")
    world.poll()
    assert sorted(_subjects(world, "unchanged-")) == [
        "[g1] no orders found in your mail",
        "[g1] your orders were not accepted",
    ]


def test_a_form_for_another_turn_is_told_which_form_to_fill_in(tmp_path: Path) -> None:
    """A player's trial: his form of a later turn (TURN: 3) came back with "these orders are
    for turn 3, but the game expects turn 1. Nothing was stored." and nothing on what to
    send instead. The answer now names the form to fill in and where it is."""
    world = World(tmp_path, count=2)
    world.mail(world.aof(2).replace("TURN: 1 ", "TURN: 3 ", 1), sender="p2@players.example")
    world.poll()
    (raw,) = [raw for name, raw in world.outbox().items() if name.startswith("rejected-")]
    assert " ".join(body_of(raw).split()).startswith(
        "Your mail to the turn generator could not be accepted: line 3: these orders are for "
        "turn 3, but the game expects turn 1: fill in the form of turn 1, the one in your "
        "latest report. Nothing was stored."
    )


def test_an_old_form_of_a_player_whose_turn_it_is_not_says_whose_it_is(tmp_path: Path) -> None:
    """A player's trial in WISK, where the turns are the players' one after another: Carol
    replied to an old report with its form while it was Bob's turn, and was told 'fill in
    the form of turn 23, the one in your latest report', though her latest report had no
    form (turn 23 was not hers). She is told whose turn it is and when her form comes."""
    world = World(tmp_path, count=2, ruleset=("wisk", "classic", {}))
    state = world.game.state_view()
    assert world.game.ruleset.owing(state) == [1]
    form = world.game.aof(1).replace("PLAYER: 1", "PLAYER: 2").replace("TURN: 1 ", "TURN: 0 ")
    code = world.game.config.player(2).code
    form = re.sub(r"CODE: \S+", f"CODE: {code}", form)
    world.mail(form, sender="p2@players.example")
    summary = world.poll()
    assert [text for _key, text in summary.outcomes] == [
        "rejected: line 3: these orders are for turn 0, but the game expects turn 1, and you"
        " have no orders to give now: turn 1 waits for Player1 (#1), not for you; your"
        " form comes with the report of a turn that waits for your orders"
    ]
    assert _rejections(world) == ["p2@players.example: [g1] your orders were not accepted"]


def test_a_form_of_the_coming_turn_from_a_player_it_does_not_wait_for(tmp_path: Path) -> None:
    """The AOF Sender's page fills in a form of the coming turn for any player; in WISK one
    sent while it was another's turn was told 'player 2 has no orders to give this turn'
    alone. He is told whose turn it is and when his form comes."""
    world = World(tmp_path, count=2, ruleset=("wisk", "classic", {}))
    form = world.game.aof(1).replace("PLAYER: 1", "PLAYER: 2")
    form = re.sub(r"CODE: \S+", f"CODE: {world.game.config.player(2).code}", form)
    world.mail(form, sender="p2@players.example")
    summary = world.poll()
    assert [text for _key, text in summary.outcomes] == [
        "rejected: player 2 has no orders to give this turn: turn 1 waits for Player1"
        " (#1), not for you; your form comes with the report of a turn that waits for"
        " your orders"
    ]


def test_an_old_form_of_a_player_out_of_the_game_says_he_is_out(tmp_path: Path) -> None:
    """A player who quit and sent an old form again is told he is out, not that a form of
    his will come."""
    world = World(tmp_path, count=3)
    form = world.aof(2, Q1="1")
    world.mail(form, sender="p2@players.example")
    assert world.poll().filed == 1
    world.game.run_turn()
    _came_now(world, world.mail(form, sender="p2@players.example"))
    # the times the turn ran and the mail came (``test_orders_of_a_turn_that_ran_before...``)
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?"  # the seconds where both fall in one minute
    outcomes = [re.sub(stamp, "T", t) for _, t in world.poll().outcomes]
    assert outcomes == [
        "rejected: line 3: these orders are for turn 1, but the game expects turn 2 (turn 1 ran"
        " at T UTC, before your mail came at T UTC), and you have no orders to give now: you"
        " are out of the game (QUIT)"
    ]


def test_orders_to_a_game_over_with_the_right_code_are_answered_as_his_own(
    tmp_path: Path,
) -> None:
    """A player who had three order confirmations within the hour mailed orders to a game
    that had ended: 'rejected: game tac1 is over; not answered: reply limit
    (replies_per_hour)'. The refusal came before the code was read, so it counted as an
    answer to a stranger, against the three answers an hour his confirmations had spent.
    With his code right it is an answer to his own orders (``confirmations_per_hour``)."""
    world = World(tmp_path, count=2, replies_per_hour=0)
    form = world.aof(1, X1="100")
    world.mail(world.aof(2, Q1="1"), sender="p2@players.example")
    assert world.poll().filed == 1
    world.game.run_turn()
    assert world.game.ruleset.is_over(world.game.state_view())
    world.mail(form, sender="p1@players.example")
    summary = world.poll()
    assert [text for _key, text in summary.outcomes] == ["rejected: game g1 is over"]
    assert _rejections(world) == ["p1@players.example: [g1] your orders were not accepted"]
    wrong = re.sub(r"CODE: \S+", "CODE: WRONG0CODE", form)
    world.mail(wrong, sender="p1@players.example", Message_ID="<wrong@players.example>")
    outcomes = [text for _key, text in world.poll().outcomes]
    assert outcomes == ["rejected: game g1 is over; not answered: reply limit (replies_per_hour)"]


def test_orders_of_a_turn_that_ran_before_the_mail_came_say_so(tmp_path: Path) -> None:
    """gmtrial39: a player's form of turn 1 that came after turn 1 had run was told only
    "these orders are for turn 1, but the game expects turn 2": he read it as a wrong form
    filled in. His answer says the turn ran before his mail came, and when."""
    world = World(tmp_path, count=2)
    form = world.aof(2, X1="100")
    world.game.run_turn(now=datetime.now(timezone.utc) - timedelta(hours=1))
    ran = world.game.meta(1)["ran_at"]
    _came_now(world, world.mail(form, sender="p2@players.example"))
    (outcome,) = [text for _key, text in world.poll().outcomes]
    came = re.search(r"mail came at (\S+ \S+) UTC", outcome)
    assert came is not None, outcome
    assert outcome == (
        "rejected: line 3: these orders are for turn 1, but the game expects turn 2 (turn 1 "
        f"ran at {ran[:10]} {ran[11:16]} UTC, before your mail came at {came[1]} UTC): fill "
        "in the form of turn 2, the one in your latest report"
    )
    (answer,) = [raw for name, raw in world.outbox().items() if name.startswith("rejected-")]
    assert f"turn 1 ran at {ran[:10]} {ran[11:16]} UTC, before your mail came" in " ".join(
        body_of(answer).split()
    )


def test_orders_that_came_before_their_turn_ran_are_not_said_late(tmp_path: Path) -> None:
    """A mail that came before turn 1 ran, read after it (the poll down), was not late: it
    is not told that the turn ran before it came, but that it came in time
    (``tests/mail/test_read_late.py``)."""
    world = World(tmp_path, count=2)
    form = world.aof(2, X1="100")
    world.mail(form, sender="p2@players.example")
    world.game.run_turn(now=datetime.now(timezone.utc) + timedelta(hours=1))
    (outcome,) = [text for _key, text in world.poll().outcomes]
    assert outcome.startswith(
        "rejected: line 3: these orders are for turn 1, but the game expects turn 2 (your mail "
        "came in time, at "
    ), outcome
    assert "before your mail came" not in outcome


def test_a_turn_that_ran_in_the_minute_the_mail_came_says_the_seconds(tmp_path: Path) -> None:
    """players40: a late form was told "turn 1 ran at 2026-12-06 20:39 UTC, before your
    mail came at 2026-12-06 20:39 UTC", two times that read alike. In one minute the
    seconds are said, which tell the player which came first."""
    world = World(tmp_path, count=2)
    ran_at = datetime(2026, 11, 23, 18, 0, 1, tzinfo=timezone.utc)
    came = datetime(2026, 11, 23, 18, 0, 40, tzinfo=timezone.utc)
    form = world.aof(2, X1="100")
    world.game.run_turn(now=ran_at)
    assert world.game.meta(1)["ran_at"].startswith("2026-11-23T18:00:01")
    received = "from mx.players.example by mx.wtg.example; Mon, 23 Nov 2026 18:00:40 +0000"
    key = world.mail(form, sender="p2@players.example", Received=received)
    path = world.gm.maildir_in / "new" / key
    os.utime(path, (came.timestamp(), came.timestamp()))
    (outcome,) = [text for _key, text in world.poll().outcomes]
    assert (
        "(turn 1 ran at 2026-11-23 18:00:01 UTC, before your mail came at 2026-11-23 18:00:40 UTC)"
    ) in outcome, outcome


def test_a_late_form_is_told_its_next_deadline(tmp_path: Path) -> None:
    """players40: a late form was told to "fill in the form of turn 2, the one in your
    latest report", and not by when: the deadline it now has to meet was in another mail.
    The refusal says it, as the report and the confirmation write it."""
    world = World(tmp_path, count=2)
    form = world.aof(2, X1="100")
    world.game.run_turn(now=datetime.now(timezone.utc) - timedelta(hours=1))
    world.mail(form, sender="p2@players.example")
    world.poll()
    (answer,) = [raw for name, raw in world.outbox().items() if name.startswith("rejected-")]
    said = " ".join(body_of(answer).split())
    report = " ".join(world.game.report(2, 1).split())
    deadline = re.search(r"DEADLINE FOR YOUR TURN 2 ORDERS: (.+?) Your orders: ", report)
    assert deadline is not None, report
    assert (
        f"Nothing was stored. Your orders for turn 2 are due by the deadline, {deadline[1]}."
        in said
    ), said


def test_a_refusal_in_a_game_without_deadlines_names_none(tmp_path: Path) -> None:
    class Unscheduled(World):
        zone = None

    world = Unscheduled(tmp_path, count=2)
    form = world.aof(2, X1="100")
    world.game.run_turn(now=datetime.now(timezone.utc) - timedelta(hours=1))
    world.mail(form, sender="p2@players.example")
    world.poll()
    (answer,) = [raw for name, raw in world.outbox().items() if name.startswith("rejected-")]
    assert "are due by" not in body_of(answer)
