"""One seat a person in a game, and one place on a list, whichever way a mail writes his
domain (attack49): ``dana@bücher.example`` and ``dana@xn--bcher-kva.example`` are one
mailbox (IDNA writes the one domain so for SMTP), but ``mailbox_of`` compared them as texts.
A player whose seat the GM wrote with the domain in Unicode took a second seat of his game
from its IDNA form, and his JOIN under his own name from it was refused as another's. A
JOIN from the Unicode form itself is answered too (intlfrom50:
``tests/mail/test_intl_addresses.py``). The domain is folded to its IDNA form in the
mailbox's key."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall
from tests.lobby.test_refusals import waiting_names
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat
from wtg.text.addresses import from_mailbox, mailbox_of

UNICODE = "dana@b\u00fccher.example"
IDNA = "dana@xn--bcher-kva.example"


def made_game(hall: Hall) -> Game:
    """A wok4 list open, and a game the GM made (`wtg new-game`), Dana's seat 1 written with
    her domain in Unicode, as a GM types it; its turn 1 run, in which seat 3 quit."""
    hall.open_list("wok4", players=4)
    entries = [PlayerEntry(1, "Dana", UNICODE, "CODE0001"), *players(3)[1:]]
    game = create_game(hall.gm.games_dir / "kao", "wok4", "small", entries, 1, now=hall.now)
    code = game.config.player(3).code
    game.submit_all(f"game: kao\nplayer: 3\nturn: 1\ncode: {code}\nquit: true\n")
    game.run_turn(now=hall.now)
    return game


def test_a_seated_player_takes_no_second_seat_from_his_domain_in_idna(tmp_path: Path) -> None:
    """Dana plays seat 1 from ``dana@bücher.example``; her JOIN of the seat offered, mailed
    from ``dana@xn--bcher-kva.example`` (her mailbox: many clients write the domain so),
    was asked to CONFIRM, and took seat 3 beside her seat 1."""
    hall = Hall(tmp_path)
    made_game(hall)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("kao"), 3, hall.now)
    hall.new_mails()
    answer = hall.answer(IDNA, "JOIN kao AS Dee Two")
    assert answer.subject == "JOIN kao AS Dee Two: not done", answer.words
    assert "you play seat 1 of game kao already" in answer.words
    assert hall.game("kao").config.player(3).email == players(3)[2].email


def test_the_player_of_the_seat_joins_under_his_name_from_his_domain_in_idna(
    tmp_path: Path,
) -> None:
    """Her JOIN of a list under her name, from the IDNA form, is hers (it was refused as
    the name of seat 1 of kao, from another address)."""
    hall = Hall(tmp_path)
    made_game(hall)
    _ask, done = hall.confirmed(IDNA, "JOIN wok4 AS Dana")
    assert "not done" not in done.subject, done.words
    assert waiting_names(hall) == ["Dana"]


def test_the_two_forms_of_a_domain_are_one_mailbox() -> None:
    assert mailbox_of(UNICODE) == mailbox_of(IDNA) == IDNA
    assert mailbox_of("dana+war@b\u00fccher.example") == IDNA
    assert from_mailbox(UNICODE, [IDNA]) and from_mailbox(IDNA, ["Dana <dana@B\u00dcCHER.example>"])
    assert mailbox_of("dana@example.org") == "dana@example.org"
    assert mailbox_of("dana@xn--zz.example") == "dana@xn--zz.example"  # no IDNA: as it is
