"""A refusal quotes the command it refuses, and the HELP the word it did not know: words
anyone typed, mailed to the address in the From, which anyone may forge. They go out
without a control character (an escape sequence that sets a terminal's title or clears its
screen, a NUL that a mail server refuses, a DEL), each shown as ``?``: a mail the host
writes carries no terminal sequence of a stranger's to another person's mail reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob


def _mailed(hall: Hall, number: int, text: str) -> None:
    hall.deliver(
        f"From: {address(number)}\nTo: gm@wtg.example\nSubject: hello\n"
        f"Message-ID: <ec{number}@players.example>\n"
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
        f"{text}\n".encode()
    )


def _clean(text: str) -> bool:
    return all(char.isprintable() or char in "\n\t" for char in text)


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("JOIN wok4\x1b]0;owned\x07", "JOIN wok4?]0;owned?"),
        ("JOIN wok4\x00x", "JOIN wok4?x"),
        ("JOIN wok4\x1b[2J", "JOIN wok4?[2J"),
        ("CONFIRM AB\x9b2JCDEFGH", "CONFIRM AB?2JCDEFGH"),
        ("WITHDRAW \x7fwok4", "WITHDRAW ?wok4"),
    ],
)
def test_a_refusal_echoes_no_control_character(tmp_path: Path, typed: str, shown: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    _mailed(hall, 1, typed)
    hall.poll()
    (answer,) = hall.new_mails(address(1))
    assert answer.subject.endswith(": not done"), answer.subject
    assert _clean(answer.body), repr(answer.body)
    assert _clean(answer.subject), repr(answer.subject)
    assert f'Your command "{shown}' in answer.body, answer.body


def test_the_help_echoes_no_control_character(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    _mailed(hall, 2, "SUBSCRIBE wok4\x1b]52;c;aGVsbG8=\x07")
    hall.poll()
    (answer,) = hall.new_mails(address(2))
    assert answer.subject.endswith(": unknown"), answer.subject
    assert _clean(answer.body), repr(answer.body)
    assert _clean(answer.subject), repr(answer.subject)
    assert '"SUBSCRIBE wok4?]52;c;aGVsbG8=?" is not a command' in answer.body, answer.body


def test_a_question_is_echoed_without_control_characters(tmp_path: Path) -> None:
    """attack39: the HELP quotes a question the mail asks (``Your mail asks "..."``). Its
    line went out with the sender's terminal sequences whole, to the From that anyone may
    forge: a stranger had the host mail another person an escape that clears his screen
    and sets his terminal's title. Each control character is shown as ``?``, as in a
    refusal."""
    hall = Hall(tmp_path)
    _mailed(hall, 3, "When does it start\x1b]0;owned\x07\x1b[2J?")
    hall.poll()
    (answer,) = hall.new_mails(address(3))
    assert _clean(answer.body), repr(answer.body)
    assert 'Your mail asks "When does it start?]0;owned??[2J?"' in answer.words, answer.body


def test_a_players_question_is_echoed_without_control_characters(tmp_path: Path) -> None:
    """attack39: a player's help (a mail of his without a form) quotes his question too,
    to his seat's address: the From of a forged mail without a code. It carries no
    control character of the mail's either."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    _mailed(hall, 2, "Is this \x1b[2J\x9b31m ok?")
    hall.poll()
    (answer,) = hall.new_mails(address(2))
    assert answer.subject == "[wok4-1] no order form found in your mail", answer.subject
    assert _clean(answer.body), repr(answer.body)
    assert 'Your mail asks "Is this ?[2J?31m ok?"' in answer.words, answer.body


def test_a_question_beside_a_request_is_echoed_without_control_characters(
    tmp_path: Path,
) -> None:
    """attack39: the answer to a plain reply to a code that asks a question (``JOIN wok4:
    not confirmed``) quotes the question as well, without a control character."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ask = hall.answer(address(4), "JOIN wok4 AS Dee")
    hall.deliver(
        f"From: {address(4)}\nTo: gm@wtg.example\nSubject: Re: {ask.subject}\n"
        "Message-ID: <q4@players.example>\n"
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
        f"When does it start\x1b]0;owned\x07?\n\n> CONFIRM {ask.code()}\n".encode()
    )
    hall.poll(hours=1)
    (answer,) = hall.new_mails(address(4))
    assert answer.subject == "JOIN wok4: not confirmed", answer.subject
    assert _clean(answer.body), repr(answer.body)
    assert 'Your mail asks "When does it start?]0;owned??"' in answer.words, answer.body
