"""A stranger's JOIN under the name of a player of a game the GM made (`wtg new-game`, whose
players the book does not know): a stranger read the site, mailed ``JOIN wok4 AS Bob`` and
was on the list as Bob, shown so to every player of the list's game, the LIST and the
HiScore; the real Bob's own JOIN was then refused (``the name Bob is another player's``).
A newcomer's name is refused when a seat of a game here plays under it (or under a name
that reads as it) from another address; the seat's own player takes it."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall, address
from tests.lobby.test_refusals import joined, refusal, waiting_names
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat


def made_game(hall: Hall) -> list[PlayerEntry]:
    """A wok4 list open, and a game the GM made with players of his own (Ann, Bob, ...)."""
    hall.open_list("wok4", players=4)
    entries = players(3)
    create_game(hall.gm.games_dir / "kao", "wok4", "small", entries, 1, now=hall.now)
    return entries


def test_a_stranger_may_not_join_as_a_player_of_a_game_the_gm_made(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    bob = made_game(hall)[1]
    for number, typed in ((8, f"JOIN wok4 AS {bob.name}"), (9, f"JOIN wok4 AS {bob.name.upper()}")):
        hall.mail(address(number), typed)
        hall.poll(hours=1)
        body = " ".join(refusal(hall, number).split())
        assert "is player 2's in game kao, from another address: choose another" in body
    hall.mail(address(7), "JOIN wok4", name=bob.name)  # his display name, no AS
    hall.poll(hours=1)
    assert f"the name {bob.name} is player 2's in game kao" in " ".join(refusal(hall, 7).split())
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


def test_a_name_that_reads_as_a_made_games_player_is_refused(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    entries = [*players(2), PlayerEntry(3, "Hal", "hal@example.org", "CODE0003")]
    create_game(hall.gm.games_dir / "kao", "wok4", "small", entries, 1, now=hall.now)
    hall.mail(address(8), "JOIN wok4 AS HaI")  # a capital I for the l
    hall.poll(hours=1)
    body = " ".join(refusal(hall, 8).split())
    assert "the name HaI is player 3's in game kao" in body


def test_the_player_of_the_seat_joins_under_his_name(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    bob = made_game(hall)[1]
    code = joined_from(hall, bob.email, "JOIN wok4", bob.name)
    hall.mail(bob.email, f"CONFIRM {code}")
    hall.poll(hours=1)
    assert waiting_names(hall) == [bob.name]


def test_the_player_of_the_seat_joins_under_his_name_from_his_sub_address(
    tmp_path: Path,
) -> None:
    """Bob plays seat 2 of kao from bob@; his `JOIN wok4 AS Bob` from bob+war@, his own
    mailbox, was refused "from another address", though his STATUS from it is his."""
    hall = Hall(tmp_path)
    bob = made_game(hall)[1]
    local, _, domain = bob.email.partition("@")
    mine = f"{local}+war@{domain}"
    code = hall.answer(mine, f"JOIN wok4 AS {bob.name}").code()
    hall.mail(mine, f"CONFIRM {code}")
    hall.poll(hours=1)
    assert waiting_names(hall) == [bob.name]


def test_a_dashed_sub_address_is_his_at_a_domain_the_gm_lists(tmp_path: Path) -> None:
    """``bob-war@`` is Bob's mailbox where the GM lists its domain as a qmail host's; at
    another domain it is a stranger's, refused Bob's name."""
    bob = players(3)[1]
    local, _, domain = bob.email.partition("@")
    listed = Hall(tmp_path / "listed", dash_subaddress_domains=[domain])
    made_game(listed)
    code = listed.answer(f"{local}-war@{domain}", f"JOIN wok4 AS {bob.name}").code()
    assert code
    hall = Hall(tmp_path / "not")
    made_game(hall)
    refused = hall.answer(f"{local}-war@{domain}", f"JOIN wok4 AS {bob.name}")
    assert "is player 2's in game kao, from another address" in refused.words


def test_a_join_asked_before_the_game_was_made_is_refused_at_its_confirm(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    code = joined(hall, 8, "Bob")
    create_game(hall.gm.games_dir / "kao", "wok4", "small", players(3), 1, now=hall.now)
    hall.mail(address(8), f"CONFIRM {code}")
    hall.poll(hours=1)
    assert "the name Bob is player 2's in game kao" in " ".join(refusal(hall, 8).split())
    assert waiting_names(hall) == []


def joined_from(hall: Hall, sender: str, typed: str, name: str) -> str:
    answer = hall.answer(sender, typed, name=name)
    return answer.code()


def test_a_newcomer_may_not_take_over_a_seat_under_its_quitters_name(tmp_path: Path) -> None:
    """Cid quit seat 3 of a game the GM made, and the GM offered it: a stranger's `JOIN kao
    AS Cid` was asked to CONFIRM, and would have played on as Cid, the quitter's name,
    though a JOIN for a list under it was refused (the seat plays under it) and a list's
    game's quitter is the book's, whose name no one else takes. The seat's own name is
    refused as another seat's is, at the JOIN (and its CONFIRM)."""
    hall = Hall(tmp_path)
    cid = made_game(hall)[2]
    game = hall.game("kao")
    game.submit_all(f"game: kao\nplayer: 3\nturn: 1\ncode: {cid.code}\nquit: true\n")
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("kao"), 3, hall.now)
    for number, name in ((8, cid.name), (9, cid.name.upper())):
        hall.mail(address(number), f"JOIN kao AS {name}")
        hall.poll(hours=1)
        body = refusal(hall, number)
        assert f"the name {name} is player 3's in game kao" in body, body
    ask = hall.answer(address(7), "JOIN kao AS Newcomer")
    assert ask.subject.startswith("JOIN kao: confirm with CONFIRM"), ask.subject
