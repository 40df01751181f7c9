"""A question (a line ending in ``?``) in a mail to the host. Before, a player seated in a
game who asked one got the help with his forms, which did not quote it, and the GM's line
for a mail never said it asked anything: the program answers no question, and no one saw
that one was asked. Now the player's help quotes it, saying the host answers none and the
GM is shown it, and the GM's line for every such mail ends with ``asked "..."``."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob
from wtg.mail.poll.events import MailEvent
from wtg.mail.spool.outcome import answered, for_the_gm

QUESTION = "When is the next deadline, and can I still change my orders?"


def test_a_seated_player_asking_is_quoted_and_the_gm_is_shown(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    hall.mail(address(1), f"Hello,\n\n{QUESTION}\n\nAnn\n")
    with caplog.at_level(logging.INFO, logger="wtg"):
        summary = hall.poll(hours=1)
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert [line for line in warned if 'asked "' in line] == [
        f'answered: help sent; asked "{QUESTION}"'
    ], warned
    assert [text for _k, text in summary.outcomes] == [f'answered: help sent; asked "{QUESTION}"']
    (help_mail,) = hall.new_mails(address(1))
    assert help_mail.subject.startswith(f"[{game.config.game}] ")
    said = " ".join(help_mail.body.split())
    assert (
        f'Your mail asks "{QUESTION}": the host is a program, which reads order forms and '
        "commands and answers no question. The GM is shown that your mail asked it."
    ) in said, help_mail.body
    assert "BEGIN" in help_mail.body  # his form, as ever


def test_a_seated_player_asking_nothing_is_not_said_to_ask(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    hall.mail(address(1), "Hello, here I am.\n\nAnn\n")
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == ["answered: help sent"]
    (help_mail,) = hall.new_mails(address(1))
    assert "asks" not in help_mail.body


def test_a_newcomer_asking_is_shown_to_the_gm(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    hall.mail(address(5), "Hi!\nHow do I join a game?\n")
    hall.mail(address(6), "LIST\nIs anyone playing standard?\n")
    summary = hall.poll(hours=1)
    assert sorted(text for _k, text in summary.outcomes) == [
        'answered: HELP (no command found); asked "How do I join a game?"',
        'answered: commands: LIST; asked "Is anyone playing standard?"',
    ]


def test_a_question_in_a_press_is_the_writers_to_his_readers(tmp_path: Path) -> None:
    """A PRESS whose text asks (``Bob, shall we keep the peace?``): relayed, and no question
    to the host; one typed above the PRESS line is."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    (ann,) = [p for p in game.config.players if p.email == address(1)]
    name = game.config.game
    hall.mail(address(1), f"PRESS {name}\nCODE {ann.code}\nBob, shall we keep the peace?\n")
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [f"answered: commands: PRESS {name}"]
    hall.mail(
        address(1), f"Can the GM read this?\nPRESS {name}\nCODE {ann.code}\nBob, peace then?\n"
    )
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [
        f'answered: commands: PRESS {name}; asked "Can the GM read this?"'
    ]


def test_a_question_is_a_warning_in_the_log_and_none_is_not() -> None:
    """The log's line for a mail that asked is a warning (the GM's to answer), as a mail
    held is; the same mail without a question is the usual line."""
    asking = for_the_gm(answered("help sent"), QUESTION)
    assert asking.text() == f'answered: help sent; asked "{QUESTION}"'
    assert MailEvent("k1", asking).level == logging.WARNING
    plain = for_the_gm(answered("help sent"), "")
    assert plain.text() == "answered: help sent"
    assert MailEvent("k2", plain).level == logging.INFO
