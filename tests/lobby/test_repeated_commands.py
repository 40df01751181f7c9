"""Ten LIST lines in one mail made ten answers, each the same (as many as replies_per_hour
let go), and a REPORT asked twice mailed the same report twice. A mail that asks the same
command again is answered once, the answer saying the repeats were the same request."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters


def test_ten_lists_in_one_mail_are_answered_once(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=20, unconfirmed_per_hour=20)
    hall.open_list("wok4", players=3)
    answer = hall.answer("ann@x.example", "LIST\n" * 9 + "list\n")
    assert answer.subject == "waiting lists and seats offered", answer.subject
    assert 'Your mail asked "LIST" 10 times: the same request, answered once.' in answer.words
    assert max(len(line) for line in answer.body.splitlines()) <= 78


def test_a_report_asked_twice_is_mailed_once_and_another_turn_apart(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=20)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    hall.mail(one.email, f"REPORT wok4-1 0\nREPORT wok4-1 0\nSTATUS wok4-1\nCODE {one.code}\n")
    hall.poll(hours=1)
    answers = hall.new_mails(one.email)
    assert len(answers) == 2, [a.subject for a in answers]
    report, status = answers
    assert 'Your mail asked "REPORT wok4-1 0" 2 times' in report.words
    assert "asked" not in status.words.split(".")[0]
    assert "the same request" not in status.words


def test_a_refused_command_asked_again_leaves_the_mail_rejected(tmp_path: Path) -> None:
    """Repeats of a refused command are refused with it: the mail is 'rejected', as each
    one refused made it before, not 'answered'."""
    hall = Hall(tmp_path, replies_per_hour=20, unconfirmed_per_hour=20)
    hall.open_list("wok4", players=3)
    hall.mail("ann@x.example", "STATUS nosuch\n" * 3)
    summary = hall.poll(hours=1)
    (answer,) = hall.new_mails("ann@x.example")
    assert answer.subject == "STATUS nosuch: not done", answer.subject
    assert 'Your mail asked "STATUS nosuch" 3 times' in answer.words
    assert summary.rejected == 1, summary
