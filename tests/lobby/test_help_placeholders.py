"""A player who pasted the host's HELP into his mail, unmarked, had its lines read as his
commands: `ABSENCE <game> <from> <to>   you will be away ...` was carried out as far as it
went ("there is no game '<game>' here", or words it does not take), `JOIN <game>` looked
for a waiting list called <game>. A line holding the HELP's placeholders is no command he
meant: it is refused as not understood, saying why, and none of it is carried out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.lobby.commands import MAX_COMMANDS, PASTED_MOST, Command, placeholders, read_commands
from wtg.lobby.database import LobbyDatabase
from wtg.mail.outgoing import compose


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("ABSENCE <game> <from> <to>   you will be away: turns, or days", "<game>"),
        ("ABSENCE wok4-1 <from> <to>", "<from>"),
        ("REPORT <game> [<turn>]       your report again", "<game>"),
        ("JOIN <ruleset> [<variant>] [AS <name>]", "<ruleset>"),
        ("STATUS <game>", "<game>"),
    ],
)
def test_a_line_of_the_help_s_placeholders_is_not_carried_out(
    tmp_path: Path, typed: str, named: str
) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    answer = hall.answer(one.email, f"{typed}\nCODE {one.code}\n")
    assert answer.subject.endswith(": not understood"), answer.subject
    assert f"{named} is a placeholder of the HELP" in answer.words, answer.body
    assert "there is no game" not in answer.words
    assert "after that is not read" not in answer.words
    assert hall.new_mails() == []
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []


def test_values_that_look_like_none_are_no_placeholders() -> None:
    assert placeholders(Command("ABSENCE", ("wok4-1", "5", "7"), 1)) is None
    assert placeholders(Command("JOIN", ("wok4", "AS", "<Ann>"), 1)) is None
    assert placeholders(Command("JOIN", ("wok4", "AS", "<name>"), 1)) is not None
    assert placeholders(Command("LIST", ("<game>",), 1)) is None


def test_the_help_pasted_whole_is_answered_once(tmp_path: Path) -> None:
    """The HELP pasted whole: one answer names its lines of placeholders, not one each."""
    hall = Hall(tmp_path, replies_per_hour=30, confirmations_per_hour=30)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    pasted = (
        "  JOIN <game> [AS <name>]      take over a seat a game offers\n"
        "  STATUS <game>                the deadline, and who has sent orders\n"
        "  RESIGN <game>                leave the game (the answer asks to CONFIRM)\n"
        "  ABSENCE <game> <from> <to>   you will be away: turns, or days YYYY-MM-DD\n"
    )
    answer = hall.answer(one.email, f"What does this mean?\n\n{pasted}\nCODE {one.code}\n")
    assert answer.subject.endswith(": not understood"), answer.subject
    assert "Nor were the other lines of the HELP in your mail" in answer.words
    assert "(STATUS, RESIGN, ABSENCE): nothing of them was done" in answer.words
    assert max(len(line) for line in answer.body.splitlines()) <= 78


def test_the_commands_typed_under_the_help_pasted_whole_are_carried_out(tmp_path: Path) -> None:
    """The HELP's table pasted whole held more command lines than a mail's ten: the
    commands the player typed under it were not read. Its lines are not counted in them."""
    hall = Hall(tmp_path, replies_per_hour=30, confirmations_per_hour=30)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    pasted = compose.render("lobby/help", unknown=None, question="", waiting=[])
    hall.mail(one.email, f"{pasted}\nSTATUS wok4-1\nCODE {one.code}\n")
    hall.poll(hours=1)
    subjects = [mail.subject for mail in hall.new_mails(one.email)]
    assert "[wok4-1] status of turn 2" in subjects, subjects
    assert all("not read" not in s for s in subjects), subjects


def test_the_help_s_example_over_its_example_code_is_not_carried_out(tmp_path: Path) -> None:
    """The HELP's example (``REPORT kaomaris 4`` over ``CODE ABCD2345EF``) pasted above the
    player's own CODE line was carried out with his code: a report he did not ask for, or a
    wrong code counted against the example's game when the host has one of its name."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    typed = f"  REPORT wok4-1 1\n  CODE ABCD2345EF\n\nCODE {one.code}\n"
    answer = hall.answer(one.email, typed)
    assert answer.subject.endswith(": not understood"), answer.subject
    assert (
        "REPORT wok4-1 1 is the example of the HELP, over its example code ABCD2345EF: "
        "nothing was done (write the command with your game, and your code on the CODE "
        "line)" in answer.words
    ), answer.body
    assert hall.new_mails() == []
    read = read_commands(typed)
    assert read is not None
    assert [(c.text(), c.example) for c in read.commands] == [("REPORT wok4-1 1", True)]
    assert read_commands(f"REPORT wok4-1 1\nCODE {one.code}\n").commands[0].example is False  # type: ignore[union-attr]


def test_the_help_s_examples_pasted_over_and_over_are_bounded() -> None:
    """Each ``REPORT <game> 4`` over ``CODE ABCD2345EF`` was taken out of the ten commands
    with no bound: a mail of such pairs was read for every one (each refused in its answer),
    where the HELP's lines are read up to ``PASTED_MOST`` and the rest count as any
    command's do."""
    typed = "".join(f"REPORT g{turn} 4\nCODE ABCD2345EF\n" for turn in range(200))
    read = read_commands(typed)
    assert read is not None
    assert len(read.commands) == MAX_COMMANDS + PASTED_MOST
    assert all(command.example for command in read.commands)
    assert read.skipped == 200 - MAX_COMMANDS - PASTED_MOST
    assert [c.text() for c in read.unread[:2]] == ["REPORT g30 4", "REPORT g31 4"]
