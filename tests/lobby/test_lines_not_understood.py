"""A line the sender typed that starts with a command's word but is no command as the host
reads them (``resign g1 please``, ``STATUS: g1``, ``Code: ...``) was dropped without a
word: the mail's other commands were answered, or the HELP was, as if he had never typed
it, and a player who thought he had resigned, or joined, learnt otherwise only when the
game went on without it. Such a line is now named in the first answer to the sender, with
the command it looks like, and nothing of it is done. Prose that merely starts with such a
word (``Help me``, ``List of things``) and lines of the mail answered are not named."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.lobby.commands import Unclear, read_commands
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


def test_the_lines_that_look_like_commands_are_kept_as_not_understood() -> None:
    text = (
        "Hi,\n\nLIST\nresign g1 please\nSTATUS: g1\nCode: ABCD2345EF\nHelp me with this\n"
        "List of things I like\n\n> resign g2 please\n\nthanks!\n-- \nStatus g3 now\n"
    )
    read = read_commands(text)
    assert read is not None
    assert [c.text() for c in read.commands] == ["LIST"]
    assert read.unclear == (
        Unclear(4, "resign g1 please", "RESIGN g1"),
        Unclear(5, "STATUS: g1", "STATUS g1"),
        Unclear(6, "Code: [your code]", "CODE [your code]"),
    )
    assert read.code is None


def test_a_mail_of_such_a_line_alone_is_a_command_mail() -> None:
    read = read_commands("Report: g1 3\n")
    assert read is not None
    assert read.commands == ()
    assert read.unclear == (Unclear(1, "Report: g1 3", "REPORT g1 3"),)


def test_prose_and_quotes_are_no_such_lines() -> None:
    assert read_commands("Help me, I do not get it.\n\n> resign g1 please\n") is None
    assert read_commands("Join us in the fight!\nreport of turn 3 is late\n") is None


def test_a_reports_lines_pasted_are_no_such_lines() -> None:
    """A report pasted into a reply without quote marks (a client that quotes nothing):
    its status line starts with ``Status:``, then more than STATUS takes."""
    line = "Status: ACTIVE   EFF: 99%   Tech points: 0   Attacks next turn: 3"
    assert read_commands(f"Here you are.\n\n{line}\n") is None


def test_the_answer_names_the_line_not_understood(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(address(1), "Hi,\n\nLIST\n\njoin wok4, please\n\nthanks!\nAnn\n", name="Ann")
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == ["answered: commands: LIST"]
    (answer,) = hall.new_mails(address(1))
    assert answer.words.startswith(
        'Line 5 ("join wok4, please") of your mail was not understood: nothing of it was '
        'done. A command stands alone on its line with the words it takes: "JOIN wok4". '
        "Mail it again so."
    )
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert waiting(book, "wok4") == []


def test_a_mail_of_such_lines_alone_gets_the_help_naming_them(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(address(1), "STATUS: wok4\nconfirm 7KQ2M9XWRT thanks\n", name="Ann")
    summary = hall.poll()
    assert [text for _k, text in summary.outcomes] == ["answered: HELP (no command found)"]
    (answer,) = hall.new_mails(address(1))
    assert answer.subject == "the commands of the host"
    assert answer.words.startswith(
        'Lines 1 ("STATUS: wok4") and 2 ("confirm 7KQ2M9XWRT thanks") of your mail were not '
        "understood: nothing of them was done. A command stands alone on its line with the "
        'words it takes: "STATUS wok4", "CONFIRM 7KQ2M9XWRT". Mail them again so.'
    )


def test_a_command_typed_as_an_item_of_a_list_is_named() -> None:
    """``- JOIN wok4``, ``* LIST``, ``1. status g1``, ``2) RESIGN g1``: a command typed as
    an item of a list (a bullet, a number) starts with no command's word, and was dropped
    without a word."""
    read = read_commands(
        "Hi,\n\n- JOIN wok4\n* LIST\n1. status g1\n2) RESIGN g1\n- me too\n- CODE ABCD2345EF\n"
    )
    assert read is not None
    assert read.commands == ()
    assert read.unclear == (
        Unclear(3, "- JOIN wok4", "JOIN wok4"),
        Unclear(4, "* LIST", "LIST"),
        Unclear(5, "1. status g1", "STATUS g1"),
        Unclear(6, "2) RESIGN g1", "RESIGN g1"),
        Unclear(8, "- CODE [your code]", "CODE [your code]"),
    )
    assert read.code is None
