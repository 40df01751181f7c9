"""The note that names a mail's lines not understood rode on the first answer to its
sender: where every answer went to another address (a REPORT to the address of the seat,
asked from another of the player's), the note was lost, and nothing told the sender that
``resign wok4-1 please`` was not done. Such a mail gets an answer of its own now."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, ann_and_bob
from wtg.lobby.answering import NOT_DONE_SUBJECT


def test_the_lines_not_understood_get_an_answer_of_their_own(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.email == address(1))
    text = f"REPORT wok4-1 0\nCODE {ann.code}\nresign wok4-1 please\n"
    hall.mail(address(7), text, name="Ann")
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == [
        "answered: commands: REPORT wok4-1 0, with the seat's code from another address "
        f"(wok4-1 p{ann.id})"
    ]
    (report,) = hall.new_mails(address(1))
    assert report.subject == "[wok4-1] turn 0 report for Ann", report.subject
    assert "not understood" not in report.words
    (note,) = hall.new_mails(address(7))
    assert note.subject == NOT_DONE_SUBJECT
    assert note.words.startswith(
        'Line 3 ("resign wok4-1 please") of your mail was not understood: nothing of it was '
        'done. A command stands alone on its line with the words it takes: "RESIGN wok4-1".'
    ), note.body
    assert "went where each belongs" in note.words


def test_with_an_answer_to_the_sender_no_answer_more(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.email == address(1))
    report = hall.answer(
        address(1), f"REPORT wok4-1 0\nCODE {ann.code}\nresign wok4-1 please\n", hours=0
    )
    assert report.words.startswith('Line 3 ("resign wok4-1 please") of your mail was not')
