"""Reading the commands of a mail (wtg/lobby/commands.py)."""

from __future__ import annotations

from wtg.lobby.commands import MAX_COMMANDS, read_commands


def test_commands_one_a_line_any_case_with_the_code() -> None:
    mail = read_commands("\n\n  report kaomaris 4\nCode k7xq2m9pla\n")
    assert mail is not None
    assert [(c.verb, c.args, c.line) for c in mail.commands] == [("REPORT", ("kaomaris", "4"), 3)]
    assert mail.code == "k7xq2m9pla"


def test_press_text_follows_the_commands_up_to_the_signature_or_quote() -> None:
    text = "PRESS g1\nCODE X\n\nJoin me against the north.\nReport me if you dare.\n-- \nAnn\n"
    mail = read_commands(text)
    assert mail is not None
    assert [c.verb for c in mail.commands] == ["PRESS"]
    assert mail.text == "Join me against the north.\nReport me if you dare."
    quoted = read_commands("PRESS g1\nCODE X\nHello\n> earlier mail\n")
    assert quoted is not None and quoted.text == "Hello"


def test_a_code_line_after_a_blank_line_still_counts() -> None:
    mail = read_commands("AOF g1\n\nCODE XYZ12345\n")
    assert mail is not None and mail.code == "XYZ12345"


def test_prose_is_no_command_mail_and_a_shouted_word_is_one() -> None:
    assert read_commands("Hello GM, here are my orders") is None
    assert read_commands("OK thanks") is None
    assert read_commands("") is None
    shouted = read_commands("SUBSCRIBE wok4")
    assert shouted is not None and shouted.commands[0].verb == "SUBSCRIBE"


def test_at_most_ten_commands_are_read() -> None:
    mail = read_commands("LIST\n" * (MAX_COMMANDS + 3))
    assert mail is not None
    assert (len(mail.commands), mail.skipped) == (MAX_COMMANDS, 3)
