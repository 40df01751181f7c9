"""`new-game --reuse-name` after the old game's folder was removed: the lobby's book still
had the old game's seat on offer, and the takeover a newcomer asked for it waiting for its
CONFIRM. Both went by the game's name, so they stood for the new game: its seat of the same
number was offered to anyone (LIST, JOIN) though the GM never offered it, and the old
newcomer's CONFIRM, once that seat's new player quit, took it over. The old game's plays
named the new game's seats too (the HiScore and ratings gave its results to the old
players)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.cli import main
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offered_seat

PLAYERS = [f"Heir{n}:heir{n}@players.example" for n in range(1, 5)]


def test_the_old_games_offer_and_takeover_stay_with_it(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    ask = hall.answer(address(9), "JOIN wok4-1 AS Newcomer")
    hall.send()
    shutil.rmtree(hall.gm.games_dir / "wok4-1")
    specs = [arg for spec in PLAYERS for arg in ("--player", spec)]
    config = str(hall.config_file())
    made_with = ["--ruleset", "wok4", "--map", "small", *specs]
    made = CliRunner().invoke(
        main, ["--config", config, "new-game", "wok4-1", "--reuse-name", *made_with]
    )
    assert made.exit_code == 0, made.output
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert offered_seat(book, "wok4-1") is None
        assert book.rows("SELECT * FROM pending WHERE target = 'wok4-1'") == []
        assert book.rows("SELECT * FROM plays WHERE game = 'wok4-1'") == []
        kept = book.rows("SELECT game, seat FROM plays ORDER BY seat")
    assert [(str(row["game"])[:16], row["seat"]) for row in kept] == [
        ("wok4-1 (removed ", seat) for seat in range(1, 5)
    ]
    hall.new_mails()
    refused = hall.answer(address(10), "JOIN wok4-1 AS Other")
    assert "game wok4-1 offers no seat now" in refused.words
    game = hall.game("wok4-1")
    code = game.config.player(4).code
    game.submit_all(f"game: wok4-1\nplayer: 4\nturn: 1\ncode: {code}\nquit: true\n")
    game.run_turn(now=hall.now)
    hall.mail(address(9), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    assert hall.game("wok4-1").config.player(4).email == "heir4@players.example"


def test_a_plain_new_game_of_a_name_the_book_holds_is_refused(tmp_path: Path) -> None:
    """The old game's folder removed before its reports were sent (so no mail record keeps
    the name): a plain `new-game` of its name would have inherited its seat on offer, the
    takeover waiting and its plays. It is refused, naming --reuse-name, the book untouched;
    --reuse-name then takes the name and cuts them."""
    hall = Hall(tmp_path)
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    hall.mail(address(9), "JOIN wok4-1 AS Newcomer")
    hall.poll(hours=1)
    hall.new_mails(address(9))
    shutil.rmtree(hall.gm.games_dir / "wok4-1")
    specs = [arg for spec in PLAYERS for arg in ("--player", spec)]
    made_with = ["--config", str(hall.config_file()), "new-game", "wok4-1", "--ruleset", "wok4"]
    made = CliRunner().invoke(main, [*made_with, "--map", "small", *specs])
    assert made.exit_code == 1, made.output
    said = " ".join(made.output.split())
    assert "the lobby's book still holds a game wok4-1" in said, said
    assert "1 seat on offer, 1 takeover or resignation request waiting, 4 plays" in said, said
    assert "--reuse-name" in said, said
    assert not (hall.gm.games_dir / "wok4-1").exists()
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert offered_seat(book, "wok4-1") == 4
        assert len(book.rows("SELECT * FROM pending WHERE target = 'wok4-1'")) == 1
        assert len(book.rows("SELECT * FROM plays WHERE game = 'wok4-1'")) == 4
    again = CliRunner().invoke(main, [*made_with, "--reuse-name", "--map", "small", *specs])
    assert again.exit_code == 0, again.output
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert offered_seat(book, "wok4-1") is None
        assert book.rows("SELECT * FROM plays WHERE game = 'wok4-1'") == []
