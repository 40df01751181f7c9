"""A player taken off a waiting list when its game is made, whose address no mail can go
to (an older wtg put it on the list unchecked): the GM's line says he was not told, and
why. Before, it said ``told by mail`` while his mail waited to be set aside in the
outbox's failed folder; a player whose mail can go is still said to be told."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_halts import waits_in_the_book

UNMAILABLE = "evil@ex ample.org"


def unmailable_waits(tmp_path: Path, players: int) -> Hall:
    """A list wok4 for ``players`` where Evil waits from an address no mail can go to
    (written in the book as an older wtg wrote it, unchecked), then Good from address 1."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=players)
    waits_in_the_book(hall, "wok4", "Evil", UNMAILABLE)
    waits_in_the_book(hall, "wok4", "Good", address(1))
    return hall


def test_a_player_no_mail_can_reach_is_said_not_told(tmp_path: Path) -> None:
    hall = unmailable_waits(tmp_path, players=2)
    tasks = hall.due_tasks()
    (problem,) = tasks.problems
    assert problem.startswith(
        "waiting list wok4: Evil taken off (not told: no mail can go to his address, and "
        "wtg send sets it aside as failed), who cannot play: "
    ), problem
    hall.send()
    failed = list((hall.gm.spool / "outbox" / "failed").glob("takenoff-*.eml"))
    assert len(failed) == 1, failed


def test_a_player_whose_mail_can_go_is_said_told(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    waits_in_the_book(hall, "wok4", "Evil", '"e,vil"@attacker.example')
    waits_in_the_book(hall, "wok4", "Good", address(1))
    (problem,) = hall.due_tasks().problems
    assert problem.startswith("waiting list wok4: Evil taken off (told by mail), who cannot "), (
        problem
    )
    (told,) = hall.new_mails('"e,vil"@attacker.example')
    assert told.subject == "waiting list wok4: your JOIN was taken back"
