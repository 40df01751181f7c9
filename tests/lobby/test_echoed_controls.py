"""A refusal quotes the command it refuses, and the HELP the word it did not know: words
anyone typed, mailed to the address in the From, which anyone may forge. They go out
without a control character (an escape sequence that sets a terminal's title or clears its
screen, a NUL that a mail server refuses, a DEL), each shown as ``?``: a mail the host
writes carries no terminal sequence of a stranger's to another person's mail reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address


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
