"""`wtg close-list` and a player waiting on the list whose address no mail can go to (an
older wtg put it on the list unchecked): the GM's line counted him among those `told by
mail` while his mail waited to be set aside in the outbox's failed folder. Now he is
taken off the list all the same, and the line names him as not told, and why."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_cli import run
from tests.lobby.test_lobby_halts import waits_in_the_book
from tests.lobby.test_taken_off_untold import unmailable_waits
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


def test_close_list_says_who_was_not_told(tmp_path: Path) -> None:
    hall = unmailable_waits(tmp_path, players=4)
    result = run(tmp_path, "close-list", "wok4")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "waiting list wok4 closed: 1 player who waited on it told by mail; 1 player taken "
        "off it not told (Evil): no mail can go to the address, and wtg send sets it "
        "aside as failed\n"
    )
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert waiting(book, "wok4") == []
    (told,) = hall.new_mails(address(1))
    assert told.subject == "waiting list wok4 closed"
    hall.send()
    failed = list((hall.gm.spool / "outbox" / "failed").glob("closed-wok4-*.eml"))
    assert len(failed) == 1, failed


def test_close_list_with_every_address_mailable_says_nothing_of_untold(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    waits_in_the_book(hall, "wok4", "Good", address(1))
    result = run(tmp_path, "close-list", "wok4")
    assert result.stdout == "waiting list wok4 closed: 1 player who waited on it told by mail\n"
