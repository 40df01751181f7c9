"""A player's mail of lines that look like commands but are none (``resign wok4-1 please``):
it got the host's HELP, naming the line, where his mail without a command gets the help
with his forms. It gets the help with his forms now, naming the line above them."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, ann_and_bob


def test_a_players_mail_of_such_lines_gets_his_forms_naming_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    hall.mail(address(1), "Hi,\n\nresign wok4-1 please\n\nAnn\n", name="Ann")
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == ["answered: help sent"]
    (answer,) = hall.new_mails(address(1))
    assert answer.subject == "[wok4-1] no order form found in your mail", answer.subject
    assert (
        'Line 3 ("resign wok4-1 please") of your mail was not understood: nothing of it was '
        'done. A command stands alone on its line with the words it takes: "RESIGN wok4-1". '
        "Mail it again so."
    ) in answer.words, answer.body
    assert f"GAME: {game.config.game}  TURN: 1" in answer.body, answer.body  # his form
    assert answer.words.index("not understood") < answer.words.index("=== BEGIN AOF ===")


def test_a_strangers_such_mail_gets_the_help_naming_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    answer = hall.answer(address(9), "resign wok4-1 please\n", hours=0, name="Zed")
    assert answer.subject == "the commands of the host"
    assert answer.words.startswith('Line 1 ("resign wok4-1 please") of your mail was not')
