"""A person named ``AnnA`` under an older wtg (before a new name was refused as another's
colour) is in the book, and Ann, on her side, joins a Duel: its reports, press and Top Ten
would name Ann's first colour AnnA, as the other player is named. The ruling: the older
name stays its holder's (one name a person), and Ann is refused the Duel's list (and a
Duel's seat offered, and taken off a Duel list she waited on from before), told why: she
may play any game without colours."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, joined
from tests.lobby.test_takeover_colour_names import _trinity_with_a_seat_offered
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import put_on, waiting
from wtg.lobby.people import confirm_address


def _older(hall: Hall, name: str, number: int) -> None:
    """A person of the book named ``name`` (address ``number``), as an older wtg took it."""
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        confirm_address(db, address(number), name, hall.now)


def test_ann_is_refused_a_duel_beside_an_older_anna(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("standard", variant="duel", players=2)
    hall.open_list("wok4", players=4)
    _older(hall, "AnnA", 5)
    answer = hall.answer(address(1), "JOIN standard duel AS Ann")
    assert answer.subject == "JOIN standard duel AS Ann: not done", answer.subject
    assert (
        "in a game of colours your colours are named AnnA, AnnB and AnnC, and AnnA reads as "
        "AnnA, another player's name: the two would pass for each other"
    ) in answer.words, answer.body
    hall.mail(address(1), "JOIN wok4 AS Ann")  # a game without colours: asked
    hall.poll(hours=1)
    (asked,) = hall.new_mails(address(1))
    assert asked.subject.startswith("JOIN wok4: confirm with CONFIRM "), asked.subject


def test_anna_with_a_small_a_is_no_colour_of_anns(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("standard", variant="duel", players=2)
    _older(hall, "Anna", 5)
    asked = hall.answer(address(1), "JOIN standard duel AS Ann")
    assert "confirm with CONFIRM" in asked.subject, asked.subject


def test_ann_waiting_from_before_is_taken_off_when_the_duel_starts(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("standard", variant="duel", players=2)
    joined(hall, 1, "JOIN standard duel AS Ann")
    _older(hall, "AnnA", 5)  # the book of an older wtg: no one asked
    hall.new_mails()
    ask = hall.answer(address(2), "JOIN standard duel AS Bob")
    hall.mail(address(2), f"CONFIRM {ask.code()}")
    summary = hall.poll(hours=1)
    (outcome,) = [text for _k, text in summary.outcomes]
    assert "waiting list standard-duel: Ann taken off (told by mail), who cannot play: in a " in (
        outcome
    ), outcome
    assert not (hall.gm.games_dir / "standard-duel-1").exists()
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "standard-duel")] == ["Bob"]
    (told,) = hall.new_mails(address(1))  # she joined: she hears why she waits no more
    assert told.subject == "waiting list standard-duel: your JOIN was taken back", told.subject
    assert (
        "A game was made of the waiting list standard-duel (World of Kaomaris - Standard WoK "
        "(Duel), 2 players on the map classic60 (60 provinces), open to all), and you were "
        "taken off the list, without a seat in it: in a "
        "game of colours your colours are named AnnA, AnnB and AnnC, and AnnA reads as AnnA"
    ) in told.words, told.body
    assert "You can play any game without colours (LIST shows the waiting lists)" in told.words
    assert "You are no longer waiting for a game of standard-duel" in told.words, told.body
    hall.poll(hours=1)  # the list looked at again: she is told once
    assert hall.new_mails(address(1)) == []


def duel_list_full(hall: Hall) -> None:
    """A Duel's list filled: Ann (p1, whose colours read as AnnA, an older person's name)
    joined and confirmed, and Bob (p2) put on it in the book."""
    hall.open_list("standard", variant="duel", players=2)
    joined(hall, 1, "JOIN standard duel AS Ann")
    _older(hall, "AnnA", 5)
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        put_on(
            db,
            "standard-duel",
            confirm_address(db, address(2), "Bob", hall.now),
            address(2),
            hall.now,
        )


def test_ann_taken_off_by_a_due_run_is_told_by_mail(tmp_path: Path) -> None:
    """The game made at `run-turn --due` tells her as a poll does: a removal there is
    mailed too, not only said to the GM."""
    hall = Hall(tmp_path)
    duel_list_full(hall)  # no poll after Bob is put on
    hall.new_mails()
    tasks = hall.due_tasks()
    assert tasks.started == (), tasks
    (problem,) = tasks.problems
    assert problem.startswith("waiting list standard-duel: Ann taken off (told by mail)"), problem
    (told,) = hall.new_mails(address(1))
    assert told.subject == "waiting list standard-duel: your JOIN was taken back", told.subject
    assert "and AnnA reads as AnnA, another player's name" in told.words, told.body
    assert hall.due_tasks().problems == ()  # once
    assert hall.new_mails(address(1)) == []


def test_a_takeover_of_a_trinity_seat_beside_an_older_colour_name(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _game, seat = _trinity_with_a_seat_offered(hall)
    _older(hall, "DoraB", 5)
    answer = hall.answer(address(9), "JOIN standard-trinity-1 AS Dora")
    assert answer.subject == "JOIN standard-trinity-1 AS Dora: not done", answer.subject
    assert "and DoraB reads as DoraB, another player's name" in answer.words, answer.body
    assert hall.game("standard-trinity-1").config.player(seat).email == address(3)
