"""The HELP and the commands the lobby takes, walked both ways. Before, the HELP named
``WITHDRAW <ruleset>`` alone, though WITHDRAW takes one list's name too (``WITHDRAW
wok4-beginner``: that list alone): a player on two lists of one ruleset was never told how
to leave one. Now the HELP names both forms; every command word it names is one the lobby
reads and carries out, and every command the lobby carries out is named in it; and each of
its command lines, pasted into a mail, is a placeholder line, carried out never."""

from __future__ import annotations

import re
from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.lobby.commands import CODE_WORD, VERBS, placeholders, read_commands
from wtg.lobby.handlers import HANDLERS
from wtg.lobby.yesno import NO_VERB, OTHER_VERB

_TABLE_LINE = re.compile(r"^  ([A-Z]{3,}(?: <[a-z]+>| \[[^\]]+\]| [A-Z]{2,})*)(?:\s{2,}|$)")
"""A line of the HELP's table: two spaces, the command and its placeholders."""


def _help_lines(tmp_path: Path) -> list[str]:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    answer = hall.answer(address(5), "HELP")
    assert answer.subject == "the commands of the host", answer.subject
    return answer.body.splitlines()


def _table(lines: list[str]) -> list[str]:
    return [m.group(1) for line in lines if (m := _TABLE_LINE.match(line))]


def test_the_help_names_both_forms_of_withdraw(tmp_path: Path) -> None:
    table = _table(_help_lines(tmp_path))
    assert "WITHDRAW <ruleset>" in table, table
    assert "WITHDRAW <list>" in table, table
    assert "WITHDRAW <list> ONLY" in table, table  # the list named as its ruleset alone


def test_every_command_the_help_names_is_taken_and_every_one_taken_is_named(
    tmp_path: Path,
) -> None:
    lines = _help_lines(tmp_path)
    named = {line.split()[0] for line in _table(lines)}
    typed = set(HANDLERS) - {NO_VERB, OTHER_VERB}  # a reply to a code's readings: never typed
    assert typed == set(VERBS)
    assert named == typed, (sorted(named - typed), sorted(typed - named))
    # the CODE line the commands of a game need is named, and shown in the example
    assert f"line of its own: {CODE_WORD} <code>" in " ".join(" ".join(lines).split())
    assert "CODE ABCD2345EF" in [line.strip() for line in lines]


def test_each_line_of_the_help_pasted_is_read_as_its_command_and_carried_out_never(
    tmp_path: Path,
) -> None:
    """Every command line of the table is read as the command it names (its word the
    lobby's), and one with a placeholder is refused as a placeholder (``WITHDRAW <list>``
    pasted took no one off a list called ``<list>``)."""
    for shown in _table(_help_lines(tmp_path)):
        read = read_commands(shown)
        assert read is not None and len(read.commands) == 1, shown
        (command,) = read.commands
        assert command.verb == shown.split()[0]
        if command.verb in ("HELP", "LIST"):
            assert placeholders(command) is None
        else:
            assert placeholders(command) is not None, shown
