"""A takeover's notice to the table named the quitter as written: a name that reads as a
web address (``paypal-login.com``, given by the GM or by an older wtg, which the lobby now
refuses to a newcomer) reached every other player of the game as a link, in a mail from the
host's own address. It is defanged there, subject and body, as in the reports
(docs/mail.md, "Player names as the others read them"); so is a private press's writer's
name to its reader, and the reader's in the writer's copy, and the names a STATUS
answer lists."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_of_four, offer
from wtg.game.gameconfig import PlayerEntry


def test_the_takeover_notice_names_the_quitter_defanged(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    made = game_of_four(hall)
    config = made.store.root / "game.yaml"  # the GM names seat 4 so (seats are drawn)
    lord = made.config.player(4).name
    config.write_text(config.read_text().replace(lord, "paypal-login.com"), "utf-8")
    game = hall.game("wok4-1")
    assert game.config.player(4).name == "paypal-login.com"
    code = game.config.player(4).code
    game.submit_all(f"game: wok4-1\nplayer: 4\nturn: 1\ncode: {code}\nquit: true\n")
    game.run_turn(now=hall.now)
    hall.new_mails()
    offer(hall, 4)
    hall.poll(hours=2)
    hall.new_mails()
    take = hall.answer(address(9), "JOIN wok4-1 AS Newcomer")
    hall.mail(address(9), f"CONFIRM {take.code()}")
    hall.poll(hours=0.01)
    told = [m for m in hall.new_mails() if "takes over seat 4" in m.subject]
    assert len(told) == 3  # the three others
    for mail in told:
        assert "which paypal-login[.]com left" in mail.words, mail.words
        assert "paypal-login.com" not in mail.words and "paypal-login.com" not in mail.subject


def _named(tmp_path: Path) -> tuple[Hall, PlayerEntry, PlayerEntry]:
    """A game of four whose GM named seats 1 and 2 ``www.evil.example`` and
    ``paypal-login.com``, its first turn run: the hall and the two players."""
    hall = Hall(tmp_path)
    made = game_of_four(hall)
    config = made.store.root / "game.yaml"  # the GM names seats 1 and 2 so
    text = config.read_text()
    text = text.replace(made.config.player(1).name, "www.evil.example")
    config.write_text(text.replace(made.config.player(2).name, "paypal-login.com"), "utf-8")
    game = hall.game("wok4-1")
    game.run_turn(now=hall.now)  # which takes the names into its state
    hall.new_mails()
    writer, reader = game.config.player(1), game.config.player(2)
    assert (writer.name, reader.name) == ("www.evil.example", "paypal-login.com")
    return hall, writer, reader


def test_a_private_press_names_writer_and_reader_defanged(tmp_path: Path) -> None:
    hall, writer, reader = _named(tmp_path)
    hall.mail(writer.email, f"PRESS wok4-1 TO 2\nCODE {writer.code}\n\nPeace?\n")
    hall.poll(hours=1)
    mails = hall.new_mails()
    (read,) = [m for m in mails if m.to == reader.email]
    (copy,) = [m for m in mails if m.to == writer.email]
    assert read.subject == "[wok4-1] private press from www[.]evil[.]example"
    assert "from www[.]evil[.]example (#1)" in read.words, read.words
    assert "www.evil.example" not in read.words
    assert "paypal-login[.]com (#2)" in copy.words, copy.words
    assert "paypal-login.com" not in copy.words


def test_a_status_answer_lists_the_names_defanged(tmp_path: Path) -> None:
    hall, _writer, reader = _named(tmp_path)
    hall.mail(reader.email, f"STATUS wok4-1\nCODE {reader.code}\n")
    hall.poll(hours=0.01)
    (answer,) = [m for m in hall.new_mails() if m.to == reader.email]
    assert "player  1 www[.]evil[.]example" in answer.body, answer.body
    assert "player  2 paypal-login[.]com" in answer.body, answer.body
    assert "www.evil.example" not in answer.body and "paypal-login.com" not in answer.body
