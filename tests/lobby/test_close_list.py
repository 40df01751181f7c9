"""`wtg close-list NAME`: a list opened wrong (the zone, the map, the player count) could
not be undone: no command closed a list, and `open-list` given again said it was open
already. Now the list stops taking JOINs, each player waiting on it is told once by mail,
the CONFIRM codes of JOINs to it stop counting (a late CONFIRM is told the list was
closed), a game being made from it is made, and the name can be opened again."""

from __future__ import annotations

import json
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_cli import head, run
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import find_list, waiting


def three_on_wok4(hall: Hall) -> str:
    """A list wok4 of 4 players: p1 and p2 confirmed and waiting, p3's JOIN not yet
    confirmed; p3's code."""
    hall.open_list("wok4", map="small", players=4)
    for number in (1, 2, 3):
        hall.mail(address(number), f"JOIN wok4 AS Gamer{number}")
    hall.poll()
    codes = {m.to: m.code() for m in hall.new_mails()}
    for number in (1, 2):
        hall.mail(address(number), f"CONFIRM {codes[address(number)]}")
    hall.poll(hours=2)
    hall.new_mails()
    return codes[address(3)]


def test_a_closed_list_tells_its_players_once_and_takes_no_join(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    late = three_on_wok4(hall)
    hall.open_list("wisk")
    result = run(tmp_path, "close-list", "wok4")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "waiting list wok4 closed: 2 players who waited on it told by mail, 1 request "
        "to join it no longer counts\n"
    )
    told = hall.new_mails()
    assert sorted(m.to for m in told) == [address(1), address(2)]
    for mail in told:
        assert mail.subject == "waiting list wok4 closed"
        assert "The GM has closed the waiting list wok4" in mail.words
        assert "you are no longer waiting for a game" in mail.words
        assert "Open now (mail JOIN <ruleset> to put yourself on one; LIST tells more): wisk (" in (
            mail.words
        )
        assert max(len(line) for line in mail.body.splitlines()) <= 78
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert waiting(book, "wok4") == []
        closed = find_list(book, "wok4")
        assert closed is not None and closed.closed is not None
    hall.mail(address(3), f"CONFIRM {late}")
    hall.mail(address(4), "JOIN wok4 AS Dora")
    hall.poll(hours=1)
    (confirm,) = hall.new_mails(address(3))
    assert "the GM closed the waiting list wok4" in confirm.words
    (join,) = hall.new_mails(address(4))
    assert "no waiting list of wok4 is open; open now: wisk" in join.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert waiting(book, "wok4") == []
        assert book.rows("SELECT * FROM pending") == []

    again = run(tmp_path, "close-list", "wok4")
    assert again.exit_code == 1
    assert again.stderr == f"wtg: waiting list wok4 is closed already (`{head(tmp_path)} lists`)\n"
    assert hall.new_mails() == []
    typo = run(tmp_path, "close-list", "wiks")
    assert typo.exit_code == 1
    assert typo.stderr == (
        f"wtg: no waiting list wiks (`{head(tmp_path)} lists`): did you mean wisk?\n"
    )

    data = json.loads(run(tmp_path, "lists", "--json").stdout)
    assert [wl["name"] for wl in data["lists"]] == ["wisk"]
    assert data["lists"][0]["closed"] is None
    assert [(wl["name"], wl["waiting"]) for wl in data["closed"]] == [("wok4", [])]
    assert "wok4" not in run(tmp_path, "lists").stdout.replace("closed: wok4", "")


def test_a_closed_list_opens_again_with_other_settings(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    three_on_wok4(hall)
    assert run(tmp_path, "close-list", "wok4").exit_code == 0
    assert len(hall.new_mails()) == 2
    opened = run(tmp_path, "open-list", "wok4", "--map", "small", "--players", "2")
    assert opened.exit_code == 0, opened.output
    data = json.loads(run(tmp_path, "lists", "--json").stdout)
    (wl,) = data["lists"]
    assert (wl["name"], wl["players"], wl["closed"], wl["waiting"]) == ("wok4", 2, None, [])
    assert data["closed"] == []
    for number in (1, 2):
        answer = hall.answer(address(number), "JOIN wok4")
        hall.mail(address(number), f"CONFIRM {answer.code()}")
        hall.poll(hours=1)
    game = hall.game("wok4-1")
    assert game.config.map == "small"
    assert sorted(p.name for p in game.config.players) == ["Gamer1", "Gamer2"]


def test_a_game_half_made_from_the_list_is_settled_before_it_closes(tmp_path: Path) -> None:
    """A game reserved for two of the list's players and never made (a crash before its
    folder): close-list settles it as each poll would (undone: its players wait again),
    then tells them with the others; nothing of the list is left being made."""
    hall = Hall(tmp_path)
    three_on_wok4(hall)
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert len(waiting(book, "wok4")) == 2
        with book.write() as db:
            db.execute("INSERT INTO making (game, list) VALUES ('wok4-1', 'wok4')")
            db.execute("UPDATE entries SET game = 'wok4-1' WHERE list = 'wok4'")
    result = run(tmp_path, "close-list", "wok4")
    assert result.exit_code == 0, result.output
    assert sorted(m.to for m in hall.new_mails()) == [address(1), address(2)]
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM making") == []
        assert waiting(book, "wok4") == []


def test_a_game_made_from_the_list_stays_made(tmp_path: Path) -> None:
    """A game made whole whose making was not yet struck from the book (a kill): it is the
    players' game; close-list leaves it and them be."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=2)
    for number in (1, 2):
        answer = hall.answer(address(number), f"JOIN wok4 AS Gamer{number}")
        hall.mail(address(number), f"CONFIRM {answer.code()}")
        hall.poll(hours=1)
    hall.new_mails()
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        db.execute("INSERT INTO making (game, list) VALUES ('wok4-1', 'wok4')")
    result = run(tmp_path, "close-list", "wok4")
    assert result.exit_code == 0, result.output
    assert "0 players who waited on it told" in result.stdout
    assert hall.new_mails() == []
    assert [p.name for p in hall.game("wok4-1").config.players] != []
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM making") == []
        games = {str(r["game"]) for r in book.rows("SELECT game FROM entries")}
        assert games == {"wok4-1"}


def test_a_list_opened_again_with_other_settings_says_how(tmp_path: Path) -> None:
    """`wtg open-list wok4 --map small` over a wok4 list open on classic60 said `a waiting
    list wok4 is open already (`wtg lists`)`, and no more: the GM who meant to change its
    map was not told that close-list comes first."""
    hall = Hall(tmp_path)
    hall.open_list("wok4")
    again = run(tmp_path, "open-list", "wok4", "--map", "small", "--players", "4")
    assert again.exit_code == 1
    assert again.stderr == (
        "wtg: a waiting list wok4 is open already (wok4 on classic60, 10 players, open to all; "
        f"no deadlines): to open it with other settings, close it first (`{head(tmp_path)} "
        "close-list wok4`: whoever waits on it is told), then give this command again\n"
    )


def test_a_list_opened_again_with_the_same_settings_is_open_as_asked(tmp_path: Path) -> None:
    """`wtg open-list` given twice (the shell's arrow key, a second terminal) was refused
    with exit 1 and told to close the list first, which tells whoever waits on it that he
    waits no more (newgm47). The same settings: the list is as asked, nothing done, exit 0;
    another setting, or none where one was given, is refused as before."""
    hall = Hall(tmp_path)
    args = ("open-list", "wok4", "--every", "2", "--at", "18:00", "--timezone", "Europe/Vienna")
    assert run(tmp_path, *args).exit_code == 0
    with LobbyDatabase(hall.gm.games_dir) as book:
        opened = find_list(book, "wok4")
    assert opened is not None
    again = run(tmp_path, *args)
    assert again.exit_code == 0
    assert again.stdout == (
        "waiting list wok4 is open already, as asked (wok4 on classic60, 10 players, open to "
        "all; deadlines every 2 days at 18:00 Europe/Vienna; opened "
        f"{opened.opened[:10]} {opened.opened[11:16]} UTC): nothing done\n"
    )
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert find_list(book, "wok4") == opened  # its opening moment too
    assert run(tmp_path, "open-list", "wok4", "--every", "2").exit_code == 1  # 18:00 UTC
