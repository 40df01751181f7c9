"""What a takeover and a RESIGN leave behind them, checked where the mails alone did not:
mutants of ``wtg.lobby.waitlist`` and ``wtg.lobby.seats`` that survived the lobby's tests
(mutmut, each named below) let an offer stay open after its seat was taken (a second
stranger could take the seat again), a quitter's play stay open in the book (his ratings),
the table be told of a newcomer without his name, and a RESIGN drop the orders the player
had on file for the turn."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.files.store import RECEIVED, order_files
from wtg.game.orderfiles import parsed_path, read_order_file
from wtg.game.schedule import iso
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.people import person_of, playing
from wtg.lobby.seats import offered_seat, ran_with_quit


def test_a_seat_taken_over_is_no_longer_offered_and_a_second_taker_is_refused(
    tmp_path: Path,
) -> None:
    """Kills ``_confirm_takeover`` mutants: ``seat_taken(book, None, ...)`` (the offer left
    open), ``game is None and ...`` (a confirmation for a seat no longer offered carried
    out), ``end_play(db, None, ...)`` and ``record_play(db, None, ...)`` (the book's plays),
    ``_tell_the_table(..., None, old)`` (the newcomer's name left out). The other players
    are told whose seat it was: the notice said only that its player had quit, and a player
    who never learnt seat numbers could not tell who had left."""
    hall = Hall(tmp_path)
    game_with_quitters(hall, (3,))
    quitter = hall.game("wok4-1").config.player(3)
    offer(hall, 3)
    cat, dan = address(5), address(6)
    hall.mail(cat, "JOIN wok4-1 AS Cat")
    hall.mail(dan, "JOIN wok4-1 AS Dan")
    hall.poll(hours=1)
    codes = {mail.to: mail.code() for mail in hall.new_mails()}
    assert sorted(codes) == [cat, dan]

    hall.mail(cat, f"CONFIRM {codes[cat]}")
    hall.poll(hours=1)
    told = {mail.to: mail for mail in hall.new_mails()}
    game = hall.game("wok4-1")
    assert (game.config.player(3).email, game.config.player(3).name) == (cat, "Cat")
    assert told[cat].subject == "[wok4-1] you play seat 3 now"
    assert "You play seat 3 of game wok4-1 now, as Cat." in told[cat].body
    assert game.report(3) in told[cat].body
    for seat in (1, 2, 4):
        mail = told[game.config.player(seat).email]
        assert mail.subject == "[wok4-1] Cat takes over seat 3"
        assert " ".join(mail.body.split()).startswith(
            f"Seat 3 of game wok4-1 (player 3), which {quitter.name} left, is taken over by a"
            " new player, Cat, from the coming turn."
        ), mail.body
    assert told[quitter.email].subject == "[wok4-1] your seat 3 is taken over"
    assert " ".join(told[quitter.email].body.split()).startswith(
        "Seat 3 of game wok4-1, which you left, is taken over by a new player, Cat. Your secret"
        " code of that game no longer works."
    ), told[quitter.email].body
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert offered_seat(book, "wok4-1", 3) is None
        newcomer = person_of(book, cat)
        assert newcomer is not None and newcomer.name == "Cat"
        plays = playing(book)["wok4-1"]
        assert (newcomer.id, 3) in plays
        assert [seat for _, seat in plays].count(3) == 1  # the quitter's play ended
        (result,) = book.rows(
            "SELECT p.result FROM plays p JOIN addresses a ON a.person = p.person"
            " WHERE a.address = ? AND p.game = ?",
            quitter.email,
            "wok4-1",
        )
        assert result["result"] == "replaced"

    refused = hall.answer(dan, f"CONFIRM {codes[dan]}")
    assert "seat 3 of game wok4-1 is no longer offered" in refused.words, refused.body
    assert hall.game("wok4-1").config.player(3).email == cat
    assert hall.new_mails() == []  # nobody else told of a takeover


def test_a_resign_keeps_the_orders_on_file_and_its_mail_s_moment(tmp_path: Path) -> None:
    """Kills ``resign`` mutants: ``on_file = None`` and ``data = {}`` (the orders the player
    had filed for the turn dropped by his QUIT), ``received=None`` (the QUIT's moment)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    two = game.config.player(2)
    hall.mail(two.email, re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(2)))
    hall.poll(hours=1)
    hall.new_mails()
    _text, filed = read_order_file(game.store.pending_orders(2)[2])
    assert isinstance(filed, dict) and filed.get("quit") is not True
    assert any(key not in ("game", "player", "turn", "code") for key in filed)

    ask = hall.answer(two.email, f"RESIGN wok4-1\nCODE {two.code}")
    hall.mail(two.email, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    confirmed_at = hall.now
    hall.new_mails()

    _text, kept = read_order_file(hall.game("wok4-1").store.pending_orders(2)[2])
    assert kept == {**filed, "quit": True}
    meta = hall.game("wok4-1").store.pending_meta(2, 2)
    assert meta["received"] == iso(confirmed_at)
    assert meta["quit"] is True
    assert meta["via"] == "mail"


def test_ran_with_quit_finds_the_quit_of_that_mail_alone(tmp_path: Path) -> None:
    """Kills ``ran_with_quit`` mutants: ``or`` for ``and`` (a file of the same mail without
    QUIT, or a QUIT of another mail, taken for this mail's QUIT) and ``break`` for
    ``continue`` (a parsed copy that cannot be read ends the search)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    for seat in (1, 2, 3):
        code = game.config.player(seat).code
        quits = "quit: true\n" if seat == 3 else ""
        game.submit_all(
            f"game: wok4-1\nplayer: {seat}\nturn: 2\ncode: {code}\n{quits}",
            order_key=f"mail-{seat}",
        )
    game.run_turn(now=hall.now)
    assert ran_with_quit(game, "mail-3") == 2
    assert ran_with_quit(game, "mail-1") is None  # its orders, no QUIT
    assert ran_with_quit(game, "mail-9") is None  # no file of that mail

    # the parsed copy of seat 1's file (looked at first) cannot be read: seat 3's still counts
    folder = game.store.turn_dir(game.latest_turn()) / RECEIVED
    received = [parsed_path(path) for _, path in sorted(order_files(folder).items())]
    received[0].write_text("{cut short", encoding="utf-8")
    assert ran_with_quit(game, "mail-3") == 2
    # a QUIT filed by another mail is not this one's
    meta = json.loads(received[1].read_text(encoding="utf-8"))
    assert meta["order_key"] == "mail-2"
