"""A name an older wtg took before the rule against commas (``Smith, John``) stays its
person's, and he may wait on a list under it; LIST's answer (and `wtg lists`) joined the
players waiting with commas, and read ``3 of 4 players waiting: Bob, Smith, John``: four
players to a reader, one of them John. Such a name is shown between double quotes in the
list now (``lookalikes.in_list``); a name without a comma as it is."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_cli import run
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import put_on
from wtg.lobby.lookalikes import in_list
from wtg.lobby.people import confirm_address


def _smith_waits(hall: Hall) -> None:
    """Bob joined wok4 today; Smith, John waits on it as an older wtg let him."""
    hall.open_list("wok4", players=4)
    ask = hall.answer(address(2), "JOIN wok4 AS Bob", hours=0)
    hall.mail(address(2), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        person = confirm_address(db, address(1), "Smith, John", hall.now)
        put_on(db, "wok4", person, address(1), hall.now)
    hall.new_mails()


def test_list_quotes_a_name_with_a_comma(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _smith_waits(hall)
    answer = hall.answer(address(7), "LIST")
    assert '2 of 4 players waiting: Bob, "Smith, John"' in answer.words, answer.body


def test_wtg_lists_quotes_it_too(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _smith_waits(hall)
    shown = run(tmp_path, "lists")
    assert shown.exit_code == 0, shown.output
    assert '2 of 4 waiting: Bob, "Smith, John";' in shown.output, shown.output


def test_names_without_a_listing_mark_are_as_they_are() -> None:
    assert in_list("Anna-Lee O'Neil") == "Anna-Lee O'Neil"
    assert in_list('Zed "Ace"; Bob') == "\"Zed 'Ace'; Bob\""


def test_list_shows_an_older_name_that_reads_as_a_web_address_defanged(tmp_path: Path) -> None:
    """LIST is answered to anyone, and names the players waiting: a name an older wtg took
    that reads as a web address (the lobby refuses it now) was a link there, as if the host
    gave it, where the reports and the site show it defanged (docs/mail.md, "Player names
    as the others read them")."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        person = confirm_address(db, address(1), "paypal-login.com", hall.now)
        put_on(db, "wok4", person, address(1), hall.now)
    answer = hall.answer(address(7), "LIST")
    assert "1 of 4 players waiting: paypal-login[.]com" in answer.words, answer.body
    assert "paypal-login.com" not in answer.body
