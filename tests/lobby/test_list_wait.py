"""When a waiting list makes its game: full, with the first to confirm; or, opened with
`--robots-after HOURS`, with the players there are once it has waited that long since its
FIRST confirmed player (docs/mail.md), at the next `run-turn --due` (``run_due_tasks``)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import ListRefused, all_lists, put_on, waiting
from wtg.lobby.people import confirm_address


def confirm(hall: Hall, number: int) -> None:
    """Player ``number`` JOINs the wok4 list and CONFIRMs: on the list from ``hall.now``."""
    answer = hall.answer(address(number), f"JOIN wok4 AS Gamer{number}", hours=0)
    hall.mail(address(number), f"CONFIRM {answer.code()}")
    hall.poll()
    hall.new_mails()


def test_the_wait_is_counted_from_the_first_player_not_the_last(tmp_path: Path) -> None:
    """Issue 26, mutant: the lobby's wait counted from the LAST player to join rather than
    the FIRST. Ann confirms, Bob 20 hours later; with `--robots-after 24` the game starts 24
    hours after Ann (only 4 after Bob), not a second before, and not 24 hours after Bob."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", robots_after=24)  # ten seats: it never fills here
    first = hall.now
    confirm(hall, 1)
    hall.now = first + timedelta(hours=20)
    confirm(hall, 2)
    games = hall.gm.games_dir
    early = hall.due_tasks(first + timedelta(hours=24) - timedelta(seconds=1))
    assert early.started == () and early.problems == ()
    assert not (games / "wok4-1").exists()
    due = hall.due_tasks(first + timedelta(hours=24))
    assert [(s.game, s.list) for s in due.started] == [("wok4-1", "wok4")], due
    players = hall.game("wok4-1").config.players
    assert sorted(p.email for p in players) == [address(1), address(2)]


def test_an_over_full_list_seats_the_first_to_confirm(tmp_path: Path) -> None:
    """Issue 26, mutant (by hand, wtg/lobby/start.py): an over-full list's game taken by the
    last to confirm. A list of two holds three (its game could not be made for a while, and
    a list whose game cannot be made is left as it is): Cid confirmed first, then Ann, then
    Bob. Cid and Ann play; Bob waits for the next game."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        for hours, (number, name) in enumerate(((3, "Cid"), (1, "Ann"), (2, "Bob"))):
            moment = hall.now + timedelta(hours=hours)
            person = confirm_address(db, address(number), name, moment)
            put_on(db, "wok4", person, address(number), moment)
    started = hall.due_tasks(hall.now + timedelta(hours=3))
    assert [s.game for s in started.started] == ["wok4-1"], started
    players = hall.game("wok4-1").config.players
    assert sorted(p.email for p in players) == [address(1), address(3)]
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.address for w in waiting(book, "wok4")] == [address(2)]


def test_robots_after_0_hours_is_taken_and_less_is_refused(tmp_path: Path) -> None:
    """Issue 26, mutant (by hand, wtg/lobby/start.py): `--robots-after 0` refused though the
    refusal says "0 or more". 0 is taken (the list starts at the next `run-turn --due` with
    the players there are); -1 is refused with the reason."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", robots_after=0)
    with LobbyDatabase(hall.gm.games_dir) as book:
        (made,) = all_lists(book)
    assert made.robots_after == 0
    with pytest.raises(ListRefused, match=r"--robots-after takes hours, 0 or more, not -1"):
        hall.open_list("wisk", robots_after=-1)
