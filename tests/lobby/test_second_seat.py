"""Issue 25, item 7: "A second seat": a seated player took a second seat of his game through
`JOIN <game>` on an offered seat (one person, two codes); a takeover rewrote game.yaml
without `map_pictures`. One seat a person in a game, by person (the lobby's book links his
addresses), at the JOIN and again at its CONFIRM; a takeover keeps every key of game.yaml."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall, address
from wtg.game.engine import Game, create_game
from wtg.game.schedule import make_schedule
from wtg.gm.takeover import take_over
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.people import confirm_address
from wtg.lobby.seats import offer_seat
from wtg.text.yamlio import load_yaml

WHEN = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)


def game_of_four(hall: Hall) -> Game:
    """A game of four made from a list (Lord1..Lord4 from address 1..4), nothing of it
    mailed yet."""
    hall.open_list("wok4", map="small", players=4)
    for number in range(1, 5):
        hall.mail(address(number), f"JOIN wok4 AS Lord{number}")
    hall.poll(hours=1)
    for ask in hall.new_mails():
        hall.mail(ask.to, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    return hall.game("wok4-1")


def game_with_quitters(hall: Hall, quitters: tuple[int, ...]) -> Game:
    """``game_of_four``, its first turn run, in which the seats of ``quitters`` quit."""
    game = game_of_four(hall)
    for seat in quitters:
        code = game.config.player(seat).code
        game.submit_all(f"game: wok4-1\nplayer: {seat}\nturn: 1\ncode: {code}\nquit: true\n")
    game.run_turn(now=hall.now)
    hall.new_mails()
    return game


def offer(hall: Hall, seat: int) -> None:
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("wok4-1"), seat, hall.now)


def newcomer_takes(hall: Hall, seat: int) -> None:
    """``seat`` (offered) taken over by a newcomer from address 9 (his JOIN, then his
    CONFIRM); the mails of it read."""
    take = hall.answer(address(9), "JOIN wok4-1 AS Newcomer")
    hall.mail(address(9), f"CONFIRM {take.code()}")
    hall.poll(hours=1)
    assert hall.game("wok4-1").config.player(seat).email == address(9)
    hall.new_mails()


def second_address(hall: Hall, first: str, other: str) -> None:
    """The book links ``other`` to the person of ``first``."""
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:
        person = db.execute("SELECT person FROM addresses WHERE address = ?", (first,)).fetchone()
        db.execute(
            "INSERT INTO addresses (address, person, confirmed) VALUES (?, ?, ?)",
            (other, person[0], "2026-11-22T12:00:00Z"),
        )


def test_a_seated_player_is_refused_a_second_seat_of_his_game(tmp_path: Path) -> None:
    """Issue 25, item 7: a seated player's `JOIN <game>` on an offered seat is refused, from
    the address he plays from or from another of his; a newcomer takes the seat."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    seated = next(p for p in game.config.players if p.id != 4)
    second_address(hall, seated.email, "home@players.example")
    for sender in (seated.email, "home@players.example"):
        refused = hall.answer(sender, "JOIN wok4-1")
        assert f"you play seat {seated.id} of game wok4-1 already" in refused.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []
    newcomer_takes(hall, 4)


def test_a_person_seated_since_his_join_is_refused_at_its_confirm(tmp_path: Path) -> None:
    """Issue 25, item 7: two seats offered, one person asks for each from two of his
    addresses; the first CONFIRM seats him, the second is refused (and its code forgotten):
    one person, one seat, one code."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (3, 4))
    with LobbyDatabase(hall.gm.games_dir) as book, book.write() as db:  # a person of two addresses
        confirm_address(db, address(7), "Seven", hall.now)
    second_address(hall, address(7), "work@players.example")
    offer(hall, 4)
    hall.mail(address(7), "JOIN wok4-1")  # asks for seat 4, the one offered
    hall.poll(hours=1)
    (ask_4,) = hall.new_mails(address(7))
    offer(hall, 3)
    hall.mail("work@players.example", "JOIN wok4-1")  # the lowest offered now: seat 3
    hall.poll(hours=1)
    (ask_3,) = hall.new_mails("work@players.example")
    assert "seat 3" in ask_3.body and "seat 4" in ask_4.body
    hall.mail(address(7), f"CONFIRM {ask_4.code()}")
    hall.poll(hours=1)
    refused = hall.answer("work@players.example", f"CONFIRM {ask_3.code()}")
    assert "you play seat 4 of game wok4-1 already" in refused.words
    config = hall.game(game.config.game).config
    assert config.player(4).email == address(7)
    assert config.player(3).email != "work@players.example"
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


def test_every_key_of_game_yaml_survives_a_takeover(tmp_path: Path) -> None:
    """Issue 25, item 7: a takeover rewrote game.yaml without `map_pictures`: every key of
    game.yaml, and every other player's entry (his `share_address` too), is kept; only the
    seat taken over changes."""
    entries = players(3)
    entries[0] = entries[0].sharing()
    schedule = make_schedule(3, "20:30", "Europe/Vienna", now=WHEN)
    game = create_game(
        tmp_path / "kept", "wok4", "small", entries, 7, schedule=schedule, map_pictures=False
    )
    code = game.config.player(3).code
    game.submit_all(f"game: kept\nplayer: 3\nturn: 1\ncode: {code}\nquit: true\n")
    game.run_turn(now=WHEN)
    path = tmp_path / "kept" / "game.yaml"
    before = load_yaml(path.read_text(encoding="utf-8"))
    assert before["map_pictures"] is False and before["schedule"]  # not the defaults
    take_over(game, 3, "Newcomer", "new@example.org", WHEN)
    after = load_yaml(path.read_text(encoding="utf-8"))
    assert sorted(after) == sorted(before)
    assert {k: v for k, v in after.items() if k != "players"} == {
        k: v for k, v in before.items() if k != "players"
    }
    assert after["players"][:2] == before["players"][:2]
    assert after["players"][0]["share_address"] is True
    newcomer = after["players"][2]
    assert (newcomer["name"], newcomer["email"]) == ("Newcomer", "new@example.org")
    assert newcomer["code"] != before["players"][2]["code"]


def test_a_newcomer_may_not_take_a_seat_under_another_players_name(tmp_path: Path) -> None:
    """Issue 25, item 7 (a takeover): a game the GM made (`wtg new-game`, its players not in
    the book) offers seat 3; a newcomer took it over as "Ann", the name of player 1, and
    the game had two Anns, one of them anyone's. The JOIN is refused with the reason."""
    hall = Hall(tmp_path)
    entries = players(3)
    game = create_game(hall.gm.games_dir / "kao", "wok4", "small", entries, 1, now=hall.now)
    game.submit_all(f"game: kao\nplayer: 3\nturn: 1\ncode: {entries[2].code}\nquit: true\n")
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("kao"), 3, hall.now)
    refused = hall.answer(address(9), f"JOIN kao AS {entries[0].name.upper()}")
    assert f"the name {entries[0].name.upper()} is player 1's in game kao" in refused.words
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


def test_two_newcomers_of_one_name_stop_no_poll(tmp_path: Path) -> None:
    """Issue 25, item 7 (a takeover), and "no mail can halt the poll": two seats offered,
    two newcomers ask for them under one new name, then both confirm. The second CONFIRM
    wrote game.yaml, then failed the book's transaction (the name is the first one's now):
    an SQLite error, which stops the poll, on every poll after it too (the mail is read
    again, and fails again). It is refused with the reason, before anything is written."""
    hall = Hall(tmp_path)
    game_with_quitters(hall, (3, 4))
    offer(hall, 4)
    first = hall.answer(address(8), "JOIN wok4-1 AS Zed")
    offer(hall, 3)
    second = hall.answer(address(9), "JOIN wok4-1 AS Zed")
    assert "seat 4" in first.body and "seat 3" in second.body
    hall.mail(address(8), f"CONFIRM {first.code()}")
    hall.mail(address(9), f"CONFIRM {second.code()}")
    summary = hall.poll(hours=1)
    outcomes = sorted(text.split(": ")[0] for _key, text in summary.outcomes)
    assert outcomes == ["answered", "rejected"]  # which comes first is the poll's order
    config = hall.game("wok4-1").config
    (zed,) = [p for p in config.players if p.name == "Zed"]
    loser = address(9) if zed.email == address(8) else address(8)
    (refused,) = hall.new_mails(loser)
    assert f"the name Zed is player {zed.id}'s in game wok4-1" in refused.words
    assert loser not in {p.email for p in config.players}
